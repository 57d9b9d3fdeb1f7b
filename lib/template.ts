import { BoundedCache } from "./cache.js";
import { all, HEXDIG, is, NAME_START, VARCHAR } from "./chars.js";
import { EndpointError, fail, quote } from "./errors.js";
import { compileExpression, encodeLiteral, type CompiledExpression, type Operator, type VarSpec } from "./url-template.js";

/** The part of a URL a piece of the template stands in (RFC 3986 section 3). */
export type Phase = "origin" | "path" | "query" | "fragment";

/**
 * Where an expression stands in the path: `"whole"` fills a path segment that more path follows
 * (`/{owner}/`), `"last"` fills the last path segment (`…/contents/{path}`), `"partial"` is anything
 * else (inside a segment, an operator other than `""` or `+`, or outside the path).
 */
export type Segment = "whole" | "last" | "partial";

/** An expression with what the template knows of its place. */
export interface Expression extends CompiledExpression {
  readonly phase: Phase;
  readonly segment: Segment;
}

/** A URL template, checked against the RFC 6570 grammar, split into encoded literals and expressions. */
export interface Template {
  /** Literals, already encoded (RFC 6570 section 3.1), and expressions, in order. */
  readonly parts: readonly (string | Expression)[];
  /**
   * `"relative"`: joined to `baseUrl`; `"literal"`: scheme and authority written out;
   * `"expanded"`: an expression in the authority, so the expanded origin is checked.
   */
  readonly origin: "relative" | "literal" | "expanded";
  /** Index in `parts` where the path, the query and the fragment begin (`parts.length` when absent). */
  readonly pathFrom: number;
  readonly queryFrom: number;
  readonly fragmentFrom: number;
  /**
   * Whether an expansion can hold "/" or dot-segments, or start a query or fragment, beyond one
   * path segment (`{/p*}`, `{+path}`, `{a}.{b}`): then the expanded path is scanned. For a template
   * whose path expressions each fill one segment (every GitHub route), the template's own facts
   * suffice.
   */
  readonly scanPath: boolean;
  /** Every variable name the template uses. */
  readonly names: ReadonlySet<string>;
}

const templates = new BoundedCache<Template>(1000, 256 * 1024);

/**
 * Checks a URL template against the RFC 6570 grammar (section 2) with one linear scan and splits it
 * into encoded literals and expressions. `:name` at the start of a path segment is read as `{name}`.
 * Cached per template string (bounded by entries and characters).
 *
 * @throws {@link EndpointError} `INVALID_URL_TEMPLATE` or `INVALID_URL`
 */
export function compileTemplate(template: string): Template {
  return templates.get(template, scan);
}

interface RawExpression {
  operator: Operator;
  varspecs: VarSpec[];
  phase: Phase;
}

const OPERATORS = "+#./;?&";
const RESERVED_OPERATORS = "=,!@|";
const MAX_PREFIX = 9999;
const ORDER: Record<Phase, number> = { origin: 0, path: 1, query: 2, fragment: 3 };

/** The phase a literal character moves the scan to. */
function phaseAfterCharacter(phase: Phase, code: number): Phase {
  if (code === 0x23 /* # */) return "fragment";
  if (code === 0x3f /* ? */ && phase !== "fragment") return "query";
  if (code === 0x2f /* / */ && phase === "origin") return "path";
  return phase;
}

/**
 * The phase an expression stands in. In the origin, `{/…}`, `{?…}`, `{&…}`, `{#…}` begin the path,
 * query or fragment, and so does any expression after a complete literal authority
 * (`https://example.com{+p}`: a host ending in a letter, digit or `]`), so that it is checked as path.
 */
function phaseOfExpression(phase: Phase, operator: Operator, template: string, open: number, close: number, authorityFrom: number): Phase {
  if (operator === "#") return "fragment";
  if ((operator === "?" || operator === "&") && phase !== "fragment") return "query";
  if (phase !== "origin") return phase;
  if (operator === "/") return "path";
  const authority = template.slice(authorityFrom, open);
  const last = authority.charCodeAt(authority.length - 1);
  const ended = close + 1 === template.length || "/?#{".includes(template[close + 1]!);
  return ended && !authority.includes("{") && (is(VARCHAR, last) || last === 0x5d) && last !== 0x2d && last !== 0x5f ? "path" : "origin";
}

/** The scan's progress: parts so far, the part index where each phase begins, the current phase. */
interface ScanState {
  readonly template: string;
  readonly raw: (string | RawExpression)[];
  /** Part index where each phase begins, by {@link ORDER}; -1 until it does. */
  readonly starts: [number, number, number, number];
  phase: Phase;
  /** Where the literal not yet pushed begins. */
  literalFrom: number;
}

/** Ends the literal before `at` and moves to phase `next`; phases skipped begin (empty) there too. */
function enter(state: ScanState, next: Phase, at: number): void {
  if (at > state.literalFrom) state.raw.push(state.template.slice(state.literalFrom, at));
  state.literalFrom = at;
  for (let order = ORDER[state.phase] + 1; order <= ORDER[next]; order++) state.starts[order] = state.raw.length;
  if (ORDER[next] > ORDER[state.phase]) state.phase = next;
}

function scan(template: string): Template {
  const absolute = /^https?:\/\//i.test(template);
  if (!absolute) checkRelativeStart(template);
  const authorityFrom = absolute ? template.indexOf("//") + 2 : 0;
  const state: ScanState = { template, raw: [], starts: [0, -1, -1, -1], phase: absolute ? "origin" : "path", literalFrom: 0 };
  let i = authorityFrom;
  while (i < template.length) {
    const code = template.charCodeAt(i);
    if (code === 0x7b /* { */) {
      const close = template.indexOf("}", i + 1);
      const open = template.indexOf("{", i + 1);
      if (close === -1 || (open !== -1 && open < close)) syntaxError(template, i, "an expression `{` is never closed", "close it with `}`");
      const { operator, varspecs } = parseExpression(template, i + 1, close);
      enter(state, phaseOfExpression(state.phase, operator, template, i, close, authorityFrom), i);
      state.raw.push({ operator, varspecs, phase: state.phase });
      i = state.literalFrom = close + 1;
    } else if (code === 0x7d /* } */) {
      syntaxError(template, i, "a `}` closes no expression", "remove it or open the expression with `{`");
    } else if (
      state.phase === "path" &&
      code === 0x3a /* : */ &&
      template.charCodeAt(i - 1) === 0x2f &&
      is(NAME_START, template.charCodeAt(i + 1))
    ) {
      // `:name` at the start of a path segment is the incumbent's placeholder form: read it as `{name}`.
      enter(state, "path", i);
      let end = i + 1;
      while (end < template.length && is(VARCHAR, template.charCodeAt(end))) end++;
      state.raw.push({ operator: "", varspecs: [{ name: template.slice(i + 1, end), explode: false, prefix: 0 }], phase: "path" });
      i = state.literalFrom = end;
    } else {
      const next = phaseAfterCharacter(state.phase, code);
      if (next !== state.phase) enter(state, next, i);
      if (code === 0x25 /* % */) checkPercent(template, i);
      else if (code >= 0xd800 && code <= 0xdfff && !isSurrogatePairAt(template, i)) {
        syntaxError(template, i, "a lone UTF-16 surrogate has no URL form", "remove it or use a whole character");
      }
      i++;
    }
  }
  enter(state, "path", i);
  enter(state, "fragment", i);
  return build(state.raw, state.starts, absolute);
}

function build(
  raw: readonly (string | RawExpression)[],
  [, pathFrom, queryFrom, fragmentFrom]: [number, number, number, number],
  absolute: boolean,
): Template {
  const parts: (string | Expression)[] = [];
  const names = new Set<string>();
  let originExpression = false;
  let scanPath = false;
  for (let index = 0; index < raw.length; index++) {
    const part = raw[index]!;
    if (typeof part === "string") {
      parts.push(encodeLiteral(part));
      continue;
    }
    for (const { name } of part.varspecs) names.add(name);
    const segment = part.phase === "path" ? segmentOf(raw, index, queryFrom) : "partial";
    if (part.phase === "origin") originExpression = true;
    // A reserved expansion may hold "/" and dot-segments even where it fills one segment.
    if (part.phase === "path" && (segment === "partial" || part.operator === "+")) scanPath = true;
    parts.push({ ...compileExpression(part.operator, part.varspecs), phase: part.phase, segment });
  }
  const literal = (from: number, to: number): string =>
    parts
      .slice(from, to)
      .map((part) => (typeof part === "string" ? part : "x"))
      .join("");
  if (absolute && !originExpression) checkOrigin(literal(0, pathFrom), "url");
  // A literal dot-segment is wrong whatever the parameters; expressions that fill one segment stand as "x".
  if (!scanPath) checkDotSegments(literal(pathFrom, queryFrom), "url");
  return {
    parts,
    origin: absolute ? (originExpression ? "expanded" : "literal") : "relative",
    pathFrom,
    queryFrom,
    fragmentFrom,
    scanPath,
    names,
  };
}

/** A simple expression between `/` and the next `/` or the end of the path. */
function segmentOf(raw: readonly (string | RawExpression)[], index: number, queryFrom: number): Segment {
  const expression = raw[index] as RawExpression;
  const before = raw[index - 1];
  if ((expression.operator !== "" && expression.operator !== "+") || typeof before !== "string" || !before.endsWith("/")) return "partial";
  if (index + 1 === queryFrom) return "last";
  const after = raw[index + 1];
  return typeof after === "string" && after.startsWith("/") ? "whole" : "partial";
}

function parseExpression(template: string, start: number, end: number): { operator: Operator; varspecs: VarSpec[] } {
  let i = start;
  let operator: Operator = "";
  const first = template[i] ?? "";
  if (first !== "" && OPERATORS.includes(first)) {
    operator = first as Operator;
    i++;
  } else if (first !== "" && RESERVED_OPERATORS.includes(first)) {
    syntaxError(template, i, `the operator \`${first}\` is reserved by RFC 6570 section 2.2`, "use one of + # . / ; ? & or none");
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
      } else if (is(VARCHAR, code)) {
        previousDot = false;
        i++;
      } else if (code === 0x25 /* % */) {
        checkPercent(template, i);
        previousDot = false;
        i += 3;
      } else break;
    }
    if (i === nameStart || previousDot) {
      syntaxError(
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
      while (i < end && template.charCodeAt(i) >= 0x30 && template.charCodeAt(i) <= 0x39) i++;
      prefix = Number(template.slice(digitsStart, i));
      if (i === digitsStart || template[digitsStart] === "0" || prefix > MAX_PREFIX) {
        syntaxError(
          template,
          digitsStart,
          "a prefix modifier must be a length from 1 to 9999 without leading zeros",
          "write e.g. `{var:3}`",
        );
      }
    }
    varspecs.push({ name, explode, prefix });
    if (i === end) return { operator, varspecs };
    if (template[i] !== ",") {
      syntaxError(
        template,
        i,
        "an expression must be variables separated by `,`, each with at most one `*` or `:length`",
        "fix the expression",
      );
    }
    i++;
  }
}

function checkPercent(template: string, i: number): void {
  if (!all(HEXDIG, template.slice(i + 1, i + 3)) || i + 3 > template.length) {
    syntaxError(template, i, "`%` must start a pct-encoded triplet such as %20", "write a literal percent sign as %25");
  }
}

function syntaxError(template: string, position: number, problem: string, fix: string): never {
  const near = template.slice(Math.max(0, position - 20), position + 20);
  throw new EndpointError(
    "INVALID_URL_TEMPLATE",
    "url",
    `the \`url\` template is not valid RFC 6570: ${problem} (at position ${position}, near ${quote(near)}); ${fix}`,
  );
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

/**
 * A relative URL must begin with "/" (not "//", which names a host) or with an expression; a URL
 * with a scheme must be http(s), which the caller has ruled out.
 */
function checkRelativeStart(template: string): void {
  if ((template.startsWith("/") && !template.startsWith("//")) || template.startsWith("{")) return;
  const scheme = /^([a-z][\d+.a-z-]*):/i.exec(template);
  if (scheme) fail("INVALID_URL", "url", `must use http or https, or be a path such as "/user"; received the scheme ${quote(scheme[1]!)}`);
  fail("INVALID_URL", "url", 'must be a path beginning with "/" (or an expression such as "{/path*}"), or a full http(s) URL', template);
}

/**
 * An origin (`https://host[:port]`, user info allowed) must parse with a host and hold no path,
 * query, fragment or backslash (RFC 3986 section 3.2): `https://ghe.example|` and an expansion
 * `example.com/x` of `https://{+host}` are not origins.
 */
export function checkOrigin(origin: string, argument: string): void {
  const authority = origin.slice(origin.indexOf("//") + 2);
  if (authority === "" || /[/?#\\\s]/.test(authority) || !URL.canParse(origin)) {
    fail("INVALID_URL", argument, "must begin with a valid http(s) origin (scheme, host and port); check its host", origin);
  }
}

/**
 * Rejects `.` and `..` path segments, also pct-encoded (`%2e`), which URL parsers resolve away
 * (RFC 3986 section 5.2.4), in `path` (a path alone, without query or fragment).
 */
export function checkDotSegments(path: string, argument: string): void {
  let start = 0;
  while (start <= path.length) {
    let slash = path.indexOf("/", start);
    if (slash === -1) slash = path.length;
    const length = slash - start;
    const first = path.charCodeAt(start);
    // Only a segment that starts with "." or "%" and is at most 6 long ("%2e%2e") can be a dot-segment.
    if (length > 0 && length <= 6 && (first === 0x2e || first === 0x25)) {
      const segment = path.slice(start, slash).toLowerCase().replaceAll("%2e", ".");
      if (segment === "." || segment === "..") {
        fail(
          "INVALID_PATH_SEGMENT",
          argument,
          `would hold the dot-segment ${quote(path.slice(start, slash))}, which walks the path; check the parameters in the path`,
          path,
        );
      }
    }
    start = slash + 1;
  }
}
