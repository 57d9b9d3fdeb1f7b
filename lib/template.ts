import { BoundedCache } from "./cache.js";
import { is, NAME_START, VARCHAR } from "./chars.js";
import { fail, quote } from "./errors.js";
import { multiSegmentParameter } from "./multi-segment.js";
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
  /**
   * The expression is the multi-segment parameter of a GitHub route (`{path}` of
   * `/repos/{owner}/{repo}/contents/{path}`): its value's `/` separate path segments, each encoded.
   */
  readonly multiSegment: boolean;
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
  /**
   * The variable of a relative template that begins with one simple or reserved expression
   * followed by its path (`{origin}/repos/…`, GitHub's upload form): a value beginning with
   * `http://` or `https://` is the whole origin, as given and checked as one; any other value
   * expands as path.
   */
  readonly originVariable: string | undefined;
  /** Index in `parts` where the path, the query and the fragment begin (`parts.length` when absent). */
  readonly pathFrom: number;
  readonly queryFrom: number;
  readonly fragmentFrom: number;
  /**
   * Whether the expanded URL must be scanned for where its path ends and for dot-segments: an
   * expansion can hold "/" or dot-segments, or begin a query or fragment, beyond one path segment
   * (`{/p*}`, `{+path}`, `{a}.{b}`); or an expression that begins the query or fragment has more
   * template after it, which lands in the path when it expands to nothing (`{#f}/./`). For a
   * template whose path expressions each fill one segment (every GitHub route), the template's own
   * facts suffice.
   */
  readonly scanPath: boolean;
  /** Every variable name the template uses. */
  readonly names: ReadonlySet<string>;
}

/**
 * What one part of a compiled template keeps alive, measured: 60 templates of 5,300 `{a}` each
 * kept 76.6 MB when the cache counted key characters only, about 900 bytes per expression.
 */
const PART_BYTES = 1024;
const templates = new BoundedCache<Template>({
  entries: 1000,
  bytes: 8 * 1024 * 1024,
  bytesOf: (key, template) => 2 * key.length + PART_BYTES * template.parts.length,
});

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

const ORDER: Record<Phase, number> = { origin: 0, path: 1, query: 2, fragment: 3 };

/** RFC 6570 section 2: a literal, an expression, or a brace that is neither (an error). */
const TOKEN = /\{([^{}]*)\}|[^{}]+|[{}]/g;
/**
 * RFC 6570 section 2.3 and 2.4: `varname` (varchars, pct-encoded triplets, single inner dots;
 * `-` too, which GitHub's routes use) and an explode or prefix modifier (1 to 9999).
 */
const VARSPEC = /^((?:[\w-]|%[\da-f]{2})+(?:\.(?:[\w-]|%[\da-f]{2})+)*)(?:(\*)|:([1-9]\d{0,3}))?$/i;

/** The phase a literal character moves the scan to. */
function phaseAfterCharacter(phase: Phase, character: string): Phase {
  if (character === "#") return "fragment";
  if (character === "?" && phase !== "fragment") return "query";
  if (character === "/" && phase === "origin") return "path";
  return phase;
}

/**
 * The phase an expression stands in. In the origin, `{/…}`, `{?…}`, `{&…}`, `{#…}` begin the path,
 * query or fragment, and so does any expression after a complete literal authority
 * (`https://example.com{+p}`: a host ending in a letter, digit or `]`, and nothing but the
 * expression before the path), so that it is checked as path.
 */
function phaseOfExpression(state: ScanState, operator: Operator, after: string | undefined): Phase {
  const { phase } = state;
  if (operator === "#") return "fragment";
  if ((operator === "?" || operator === "&") && phase !== "fragment") return "query";
  if (phase !== "origin") return phase;
  const authority = state.raw.length === 1 ? state.raw[0] : undefined;
  const complete = typeof authority === "string" && /[\da-z\]]$/i.test(authority) && (after === undefined || "/?#{".includes(after[0]!));
  return operator === "/" || complete ? "path" : "origin";
}

/** The scan's progress: parts so far, the part index where each phase begins, the current phase. */
interface ScanState {
  readonly raw: (string | RawExpression)[];
  /** Part index where each phase begins, by {@link ORDER}; -1 until it does. */
  readonly starts: [number, number, number, number];
  phase: Phase;
}

/** Moves to phase `next`; the phases skipped begin (empty) there too. */
function enter(state: ScanState, next: Phase): void {
  for (let order = ORDER[state.phase] + 1; order <= ORDER[next]; order++) state.starts[order] = state.raw.length;
  if (ORDER[next] > ORDER[state.phase]) state.phase = next;
}

/**
 * Adds a literal, split where it moves to another phase, with each `:name` at the start of a path
 * segment (the incumbent's placeholder form) read as `{name}`. The literal after the scheme's
 * `//` up to the first "/", "?", "#" or expression is the authority.
 */
function addLiteral(state: ScanState, text: string, skip: number): void {
  let from = 0;
  for (let i = skip; i < text.length; i++) {
    const next = phaseAfterCharacter(state.phase, text[i]!);
    const placeholder = state.phase === "path" && text[i] === ":" && text[i - 1] === "/" && is(NAME_START, text.charCodeAt(i + 1));
    if (next === state.phase && !placeholder) continue;
    if (i > from) state.raw.push(text.slice(from, i));
    from = i;
    if (placeholder) {
      let end = i + 1;
      while (end < text.length && is(VARCHAR, text.charCodeAt(end))) end++;
      state.raw.push({ operator: "", varspecs: [{ name: text.slice(i + 1, end), explode: false, prefix: 0 }], phase: "path" });
      from = end;
      i = end - 1;
    } else enter(state, next);
  }
  if (text.length > from) state.raw.push(text.slice(from));
}

function scan(template: string): Template {
  const absolute = isHttpUrl(template);
  if (!absolute) checkRelativeStart(template);
  if (!template.isWellFormed()) syntaxError(template, "holds a lone UTF-16 surrogate");
  if (/%(?![\da-f]{2})/i.test(template)) syntaxError(template, 'has a "%" that starts no pct-encoded triplet such as %20 (write %25)');
  const authorityFrom = absolute ? template.indexOf("//") + 2 : 0;
  // A relative template begins in its path.
  const state: ScanState = { raw: [], starts: [0, absolute ? -1 : 0, -1, -1], phase: absolute ? "origin" : "path" };
  const tokens = [...template.slice(authorityFrom).matchAll(TOKEN)];
  // The scheme and "//" are not scanned, and stay one literal with what follows them.
  let scheme = template.slice(0, authorityFrom);
  for (let index = 0; index < tokens.length; index++) {
    const [token, body] = tokens[index]!;
    if (body === undefined) {
      if (token === "{" || token === "}")
        syntaxError(template, `has a "${token}" that ${token === "{" ? "is never closed" : "closes no expression"}`);
      addLiteral(state, scheme + token, scheme.length);
      scheme = "";
      continue;
    }
    if (scheme !== "") state.raw.push(scheme);
    scheme = "";
    const { operator, varspecs } = parseExpression(template, body);
    enter(state, phaseOfExpression(state, operator, tokens[index + 1]?.[0]));
    state.raw.push({ operator, varspecs, phase: state.phase });
  }
  enter(state, "path");
  enter(state, "fragment");
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
  const multiSegment = multiSegmentParameter(githubPath(raw, pathFrom, queryFrom));
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
    parts.push({
      ...compileExpression(part.operator, part.varspecs),
      phase: part.phase,
      segment,
      multiSegment: segment !== "partial" && part.operator === "" && part.varspecs[0]!.name === multiSegment,
    });
  }
  // A query or fragment begun by an expression that expands to nothing begins later, or not at all.
  for (const from of [queryFrom, fragmentFrom]) if (typeof parts[from] === "object" && from + 1 < parts.length) scanPath = true;
  const literal = (from: number, to: number): string =>
    parts
      .slice(from, to)
      .map((part) => (typeof part === "string" ? part : "x"))
      .join("");
  if (absolute && !originExpression) checkOrigin(literal(0, pathFrom), "url");
  // A literal dot-segment is wrong whatever the parameters; expressions that fill one segment stand as "x".
  if (!scanPath) checkDotSegments(literal(pathFrom, queryFrom), "url");
  const second = raw[1];
  const originVariable =
    !absolute && (second === undefined || (typeof second === "string" && "/?#".includes(second[0]!))) ? plainName(raw[0], "+") : undefined;
  return {
    parts,
    originVariable,
    origin: absolute ? (originExpression ? "expanded" : "literal") : "relative",
    pathFrom,
    queryFrom,
    fragmentFrom,
    scanPath,
    names,
  };
}

/**
 * The path of a template as GitHub's description writes it (`/repos/{owner}/{repo}/contents/{path}`),
 * whether written with `:name` or as a full URL (a GHES `…/api/v3` prefix dropped); `""` when an
 * expression in it is not a plain `{name}`.
 */
function githubPath(raw: readonly (string | RawExpression)[], pathFrom: number, queryFrom: number): string {
  let path = "";
  for (let index = pathFrom; index < queryFrom; index++) {
    const part = raw[index]!;
    const name = plainName(part, "");
    if (typeof part === "string") path += part;
    else if (name !== undefined) path += `{${name}}`;
    else return "";
  }
  return path.startsWith("/api/v3/") ? path.slice("/api/v3".length) : path;
}

/**
 * The name of an expression of one variable without modifier, whose operator is none or `operator`
 * (`{name}`, or `{+name}` with `operator` "+"); `undefined` for anything else.
 */
function plainName(part: string | RawExpression | undefined, operator: "" | "+"): string | undefined {
  if (typeof part !== "object" || (part.operator !== "" && part.operator !== operator) || part.varspecs.length !== 1) return undefined;
  const { name, explode, prefix } = part.varspecs[0]!;
  return explode || prefix > 0 ? undefined : name;
}

/** A simple or reserved expression between `/` and the next `/` or the end of the path. */
function segmentOf(raw: readonly (string | RawExpression)[], index: number, queryFrom: number): Segment {
  const expression = raw[index] as RawExpression;
  const before = raw[index - 1];
  if ((expression.operator !== "" && expression.operator !== "+") || typeof before !== "string" || !before.endsWith("/")) return "partial";
  if (index + 1 === queryFrom) return "last";
  const after = raw[index + 1];
  return typeof after === "string" && after.startsWith("/") ? "whole" : "partial";
}

/** An expression's operator and variables (RFC 6570 section 2.2 to 2.4). */
function parseExpression(template: string, body: string): { operator: Operator; varspecs: VarSpec[] } {
  const first = body.charAt(0);
  const operator = (first !== "" && "+#./;?&".includes(first) ? first : "") as Operator;
  const varspecs: VarSpec[] = [];
  for (const varspec of body.slice(operator.length).split(",")) {
    const match = VARSPEC.exec(varspec);
    if (match === null) syntaxError(template, `has an invalid expression ${quote(`{${body}}`)} (RFC 6570 section 2)`);
    varspecs.push({ name: match[1]!, explode: match[2] !== undefined, prefix: Number(match[3] ?? 0) });
  }
  return { operator, varspecs };
}

function syntaxError(template: string, problem: string): never {
  fail("INVALID_URL_TEMPLATE", "url", problem, template);
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
  if (!isOrigin(origin))
    fail("INVALID_URL", argument, "must begin with a valid http(s) origin (scheme, host and port); check its host", origin);
}

/** Whether `text` begins with `http://` or `https://` (any case): a full URL rather than a path. */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

/** C0 controls (U+0000 to U+001F), DEL and white space: never part of an origin or a baseUrl. */
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for
export const CONTROL_OR_SPACE = /[\s\x00-\x1f\x7f]/;

/**
 * Whether `origin` is one, as {@link checkOrigin} requires. A C0 control, DEL or white space anywhere
 * is refused before the WHATWG parser sees it: it strips them at either end (URL standard, "basic URL
 * parser"), so `URL.canParse("https://h.example\x01")` says yes to a URL no client sends as written.
 */
export function isOrigin(origin: string): boolean {
  const authority = origin.slice(origin.indexOf("//") + 2);
  return authority !== "" && !/[/?#\\]/.test(authority) && !CONTROL_OR_SPACE.test(origin) && URL.canParse(origin);
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
