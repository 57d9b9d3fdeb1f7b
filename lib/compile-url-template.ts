import { parseTemplate } from "url-template";
import { checkDotSegments, checkOrigin, checkRelativeStart } from "./check-url.js";
import { EndpointError } from "./errors.js";

/** Variables as url-template takes them. */
export type TemplateContext = Parameters<ReturnType<typeof parseTemplate>["expand"]>[0];

/** An RFC 6570 operator (section 2.2); `""` is simple string expansion. */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One variable of an expression with its modifier (RFC 6570 section 2.4). */
export interface VarSpec {
  readonly name: string;
  readonly explode: boolean;
  /** Prefix modifier length in characters (code points); 0 when there is none. */
  readonly prefix: number;
}

/**
 * Where an expression stands in the URL: `"whole"` fills a path segment that more path follows
 * (`/{owner}/`), `"last"` fills the last path segment (`…/contents/{path}`), `"partial"` is
 * anything else (inside a segment, in the query, an operator other than `""` or `+`).
 */
export type Segment = "partial" | "whole" | "last";

export interface Expression {
  readonly operator: Operator;
  readonly varspecs: readonly VarSpec[];
  readonly segment: Segment;
  /**
   * Expansion needs one url-template call per variable: a prefix modifier (url-template counts
   * UTF-16 code units, not characters) or a pct-encoded name under `;`, `?`, `&` (url-template
   * encodes its `%` again).
   */
  readonly perVariable: boolean;
  /** A variable is named `__proto__`: its context must have no prototype for the name to be a key. */
  readonly protoName: boolean;
  /** url-template's expansion of this expression alone. */
  readonly expand: (context: TemplateContext) => string;
}

/** A URL template, checked against the RFC 6570 grammar and split into literals and expressions. */
export interface CompiledTemplate {
  readonly absolute: boolean;
  /** Literals, already encoded (RFC 6570 section 3.1), and expressions, in order. */
  readonly parts: readonly (string | Expression)[];
  /** Index in `parts` of the first part of the path (after scheme and authority). */
  readonly pathStart: number;
  /** The number of leading parts that belong to the path. */
  readonly pathEnd: number;
  readonly hasAuthorityExpression: boolean;
  /** Whether an expression stands in the path, so each expansion's path needs the dot-segment check. */
  readonly hasPathExpression: boolean;
  /** Every variable name the template uses. */
  readonly names: ReadonlySet<string>;
}

const OPERATORS = "+#./;?&";

const RESERVED_OPERATORS = "=,!@|";

const MAX_PREFIX = 9999;

const CACHE_SIZE = 1000;

const cache = new Map<string, CompiledTemplate>();

/**
 * Checks a URL template against the RFC 6570 grammar with one linear scan and splits it into
 * encoded literals and expressions. Results are cached per template string (bounded).
 *
 * @throws {@link EndpointError} `INVALID_URL_TEMPLATE` or `INVALID_URL`
 */
export function compileUrlTemplate(template: string): CompiledTemplate {
  let compiled = cache.get(template);
  if (compiled === undefined) {
    compiled = scan(template);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(template, compiled);
  }
  return compiled;
}

function scan(template: string): CompiledTemplate {
  const absolute = /^https?:\/\//i.test(template);
  if (!absolute) checkRelativeStart(template);
  const parts: (string | Expression)[] = [];
  const names = new Set<string>();
  const rawParts: (string | RawExpression)[] = [];
  // Phases: 0 authority (absolute only), 1 path, 2 query or fragment.
  let phase = absolute ? 0 : 1;
  let pathStart = absolute ? -1 : 0;
  let pathEnd = -1;
  let hasAuthorityExpression = false;
  let literalStart = 0;
  let i = absolute ? template.indexOf("//") + 2 : 0;

  const flush = (): void => {
    if (i > literalStart) rawParts.push(template.slice(literalStart, i));
    literalStart = i;
  };
  const enterPath = (): void => {
    flush();
    phase = 1;
    pathStart = rawParts.length;
  };
  const leavePath = (): void => {
    flush();
    if (phase === 0) pathStart = rawParts.length;
    pathEnd = rawParts.length;
    phase = 2;
  };

  while (i < template.length) {
    const code = template.charCodeAt(i);
    if (code === 0x7b /* { */) {
      const close = template.indexOf("}", i + 1);
      const open = template.indexOf("{", i + 1);
      if (close === -1 || (open !== -1 && open < close)) fail(template, i, "an expression `{` is never closed", "close it with `}`");
      const expression = parseExpression(template, i + 1, close);
      if (phase === 1 && (expression.operator === "?" || expression.operator === "&" || expression.operator === "#")) leavePath();
      if (phase === 0) hasAuthorityExpression = true;
      flush();
      rawParts.push(expression);
      i = literalStart = close + 1;
    } else if (code === 0x7d /* } */) {
      fail(template, i, "a `}` closes no expression", "remove it or open the expression with `{`");
    } else if (phase === 1 && code === 0x3a /* : */ && template.charCodeAt(i - 1) === 0x2f && isNameStart(template.charCodeAt(i + 1))) {
      // `:name` at the start of a path segment is the incumbent's placeholder form: read it as `{name}`.
      flush();
      let end = i + 1;
      while (end < template.length && isVarChar(template.charCodeAt(end))) end++;
      rawParts.push({ operator: "", varspecs: [{ name: template.slice(i + 1, end), explode: false, prefix: 0 }] });
      i = literalStart = end;
    } else {
      if (phase === 0 && (code === 0x2f || code === 0x3f || code === 0x23) /* / ? # */) enterPath();
      if (phase === 1 && (code === 0x3f || code === 0x23) /* ? # */) leavePath();
      if (code === 0x25 /* % */) checkPercent(template, i);
      else if (code >= 0xd800 && code <= 0xdfff && !isSurrogatePairAt(template, i)) {
        fail(template, i, "a lone UTF-16 surrogate has no URL form", "remove it or use a whole character");
      }
      i++;
    }
  }
  if (phase === 0) enterPath();
  if (phase === 1) leavePath();
  flush();

  rawParts.forEach((part, index) => {
    if (typeof part === "string") {
      parts.push(parseTemplate(part).expand({}));
      return;
    }
    for (const varspec of part.varspecs) names.add(varspec.name);
    const inPath = index >= pathStart && index < pathEnd;
    parts.push(toExpression(part, inPath ? segmentOf(rawParts, index, pathEnd) : "partial"));
  });
  if (absolute && !hasAuthorityExpression) checkOrigin((parts.slice(0, pathStart) as string[]).join(""));
  const pathParts = parts.slice(pathStart, pathEnd);
  const hasPathExpression = pathParts.some((part) => typeof part !== "string");
  if (!hasPathExpression) checkDotSegments((pathParts as string[]).join(""), 0);
  return { absolute, parts, pathStart, pathEnd, hasAuthorityExpression, hasPathExpression, names };
}

interface RawExpression {
  operator: Operator;
  varspecs: VarSpec[];
}

function parseExpression(template: string, start: number, end: number): RawExpression {
  let i = start;
  let operator: Operator = "";
  const first = template[i] ?? "";
  if (OPERATORS.includes(first) && first !== "") {
    operator = first as Operator;
    i++;
  } else if (RESERVED_OPERATORS.includes(first) && first !== "") {
    fail(template, i, `the operator \`${first}\` is reserved by RFC 6570 section 2.2`, "use one of + # . / ; ? & or none");
  }
  const varspecs: VarSpec[] = [];
  for (;;) {
    const nameStart = i;
    let previousDot = true;
    while (i < end) {
      const code = template.charCodeAt(i);
      if (code === 0x2e /* . */) {
        if (previousDot) break;
        previousDot = true;
        i++;
      } else if (isVarChar(code)) {
        previousDot = false;
        i++;
      } else if (code === 0x25 /* % */) {
        checkPercent(template, i);
        previousDot = false;
        i += 3;
      } else break;
    }
    if (i === nameStart || previousDot) {
      fail(
        template,
        i,
        "a variable name must be letters, digits, `_`, `-`, pct-encoded triplets and single inner dots",
        "rename the variable",
      );
    }
    const name = template.slice(nameStart, i);
    let explode = false;
    let prefix = 0;
    if (template[i] === "*") {
      explode = true;
      i++;
    } else if (template[i] === ":") {
      const digitsStart = ++i;
      while (i < end && isDigit(template.charCodeAt(i))) i++;
      prefix = Number(template.slice(digitsStart, i));
      if (i === digitsStart || template[digitsStart] === "0" || prefix > MAX_PREFIX) {
        fail(template, digitsStart, "a prefix modifier must be a length from 1 to 9999 without leading zeros", "write e.g. `{var:3}`");
      }
    }
    varspecs.push({ name, explode, prefix });
    if (i === end) return { operator, varspecs };
    if (template[i] !== ",")
      fail(template, i, "an expression must be variables separated by `,`, each with at most one `*` or `:length`", "fix the expression");
    i++;
  }
}

function toExpression(raw: RawExpression, segment: Segment): Expression {
  const keyed = raw.operator === ";" || raw.operator === "?" || raw.operator === "&";
  const perVariable = raw.varspecs.some((varspec) => varspec.prefix > 0 || (keyed && varspec.name.includes("%")));
  const source = `{${raw.operator}${raw.varspecs.map((varspec) => varspec.name + (varspec.explode ? "*" : "")).join(",")}}`;
  const compiled = parseTemplate(source);
  const protoName = raw.varspecs.some((varspec) => varspec.name === "__proto__");
  return { operator: raw.operator, varspecs: raw.varspecs, segment, perVariable, protoName, expand: (context) => compiled.expand(context) };
}

/** A simple or reserved expression between `/` and the next `/` or the end of the path. */
function segmentOf(parts: readonly (string | RawExpression)[], index: number, pathEnd: number): Segment {
  const expression = parts[index] as RawExpression;
  const before = parts[index - 1];
  if ((expression.operator !== "" && expression.operator !== "+") || typeof before !== "string" || !before.endsWith("/")) {
    return "partial";
  }
  if (index + 1 === pathEnd) return "last";
  const after = parts[index + 1];
  return typeof after === "string" && after.startsWith("/") ? "whole" : "partial";
}

function checkPercent(template: string, i: number): void {
  if (!isHex(template.charCodeAt(i + 1)) || !isHex(template.charCodeAt(i + 2))) {
    fail(template, i, "`%` must start a pct-encoded triplet such as %20", "write a literal percent sign as %25");
  }
}

function fail(template: string, position: number, problem: string, fix: string): never {
  const near = template.slice(Math.max(0, position - 20), position + 20);
  throw new EndpointError(
    "INVALID_URL_TEMPLATE",
    "url",
    `the \`url\` template is not valid RFC 6570: ${problem} (at position ${position}, near ${JSON.stringify(near)}); ${fix}`,
  );
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isHex(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

function isAlpha(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isNameStart(code: number): boolean {
  return isAlpha(code) || code === 0x5f;
}

/** RFC 6570 varchar (ALPHA, DIGIT, `_`) plus `-`, which GitHub's routes use (`{enterprise-team}`). */
function isVarChar(code: number): boolean {
  return isAlpha(code) || isDigit(code) || code === 0x5f || code === 0x2d;
}

function isSurrogatePairAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff;
  }
  const previous = text.charCodeAt(i - 1);
  return previous >= 0xd800 && previous <= 0xdbff;
}
