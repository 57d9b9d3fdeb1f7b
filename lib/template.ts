import { BoundedCache } from "./cache.js";
import { is, NAME_START, VARCHAR } from "./chars.js";
import { fail, quote } from "./errors.js";
import { multiSegmentParameter } from "./multi-segment.js";
import { checkOrigin, isHttpUrl } from "./url.js";
import { compileExpression, encodeLiteral, type Expand, type Operator, type VarSpec } from "./url-template.js";

/** An expression of a compiled template, with what a local look at the template tells of its place. */
export interface Expression {
  readonly operator: Operator;
  readonly varspecs: readonly VarSpec[];
  readonly expand: Expand;
  /** The variable of a plain `{name}` (no operator, one variable, no modifier), which may skip url-template. */
  readonly simpleName: string | undefined;
  /**
   * A simple or reserved expression in the path between `/` and the next `/` (`"whole"`: `/{owner}/`)
   * or the path's end (`"last"`: `…/contents/{path}`); `"partial"` is anything else.
   */
  readonly segment: "whole" | "last" | "partial";
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
   * The origin the expanded URL keeps: `"relative"` is joined to baseUrl; `"literal"` is written
   * out (`https://uploads.github.com/…`); `"expanded"` holds an expression, and what it expands to
   * is checked to be an origin.
   */
  readonly origin: "relative" | "literal" | "expanded";
  /** For `"literal"`: the origin's length in the expanded URL, where its path, query or fragment begins. */
  readonly originLength: number;
  /** For `"expanded"`: the index in `parts` after the authority's last expression; -1 otherwise. */
  readonly authorityTo: number;
  /**
   * The variable of a relative template that begins with one simple or reserved expression
   * followed by its path (`{origin}/repos/…`, GitHub's upload form): a value beginning with
   * `http://` or `https://` is the whole origin, as given and checked as one; any other value
   * expands as path.
   */
  readonly originVariable: string | undefined;
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
 * Cached per template string (bounded by entries and bytes).
 *
 * @throws {@link EndpointError} `INVALID_URL_TEMPLATE` or `INVALID_URL`
 */
export function compileTemplate(template: string): Template {
  return templates.get(template, compile);
}

/** Where the scan stands: in the authority of a full URL, in the path, or past it (query, fragment). */
const AUTHORITY = 0;
const PATH = 1;
const PAST_PATH = 2;

interface RawExpression {
  readonly operator: Operator;
  readonly varspecs: VarSpec[];
  readonly where: number;
}

/** RFC 6570 section 2: an expression, a literal, or a brace that is neither (an error). */
const TOKEN = /\{([^{}]*)\}|[^{}]+|[{}]/g;
/**
 * RFC 6570 section 2.3 and 2.4: `varname` (varchars, pct-encoded triplets, single inner dots;
 * `-` too, which GitHub's routes use) and an explode or prefix modifier (1 to 9999).
 */
const VARSPEC = /^((?:[\w-]|%[\da-f]{2})+(?:\.(?:[\w-]|%[\da-f]{2})+)*)(?:(\*)|:([1-9]\d{0,3}))?$/i;

function compile(template: string): Template {
  const absolute = isHttpUrl(template);
  if (!absolute) checkRelativeStart(template);
  if (!template.isWellFormed()) syntaxError(template, "has a lone UTF-16 surrogate");
  if (/%(?![\da-f]{2})/i.test(template)) syntaxError(template, 'has a "%" not followed by two hex digits (write %25)');
  const raw: (string | RawExpression)[] = [];
  let where = absolute ? AUTHORITY : PATH;
  let origin: Template["origin"] = absolute ? "literal" : "relative";
  /** The template's end of authority, for a literal origin. */
  let authorityEnd = template.length;
  let authorityTo = 0;
  /** The path as GitHub's description writes it (`/repos/{owner}/…`); `undefined` once it holds another expression. */
  let path: string | undefined = "";
  const tokens = [...template.matchAll(TOKEN)];
  for (let index = 0; index < tokens.length; index++) {
    const { 0: token, 1: body, index: at } = tokens[index]!;
    if (body !== undefined) {
      const { operator, varspecs } = parseExpression(template, body);
      const before = where;
      if (operator === "#" || operator === "?" || operator === "&") where = PAST_PATH;
      else if (where === AUTHORITY) {
        // An expression right after a complete literal authority (a host ending in a letter, digit
        // or "]", nothing but the expression before the path) begins the path: `https://h.example{+p}`.
        const next = tokens[index + 1]?.[0];
        const complete = raw.length === 1 && /[\da-z\]]$/i.test(raw[0] as string) && (next === undefined || "/?#{".includes(next[0]!));
        if (operator === "/" || complete) where = PATH;
        else origin = "expanded";
      }
      if (before === AUTHORITY && where !== AUTHORITY && origin === "literal") authorityEnd = at;
      const expression: RawExpression = { operator, varspecs, where };
      raw.push(expression);
      if (where === AUTHORITY) authorityTo = raw.length;
      if (where === PATH && path !== undefined)
        path = plainName(expression, "") === undefined ? undefined : `${path}{${varspecs[0]!.name}}`;
      continue;
    }
    if (token === "{" || token === "}")
      syntaxError(template, token === "{" ? 'has a "{" that is never closed' : 'has a "}" that closes no expression');
    // The literal up to the first "/", "?" or "#" after the scheme's "//" is the authority; each
    // `:name` at the start of a path segment (the incumbent's placeholder form) is read as `{name}`.
    let from = 0;
    for (let i = at === 0 && absolute ? template.indexOf("//") + 2 : 0; i < token.length; i++) {
      const character = token[i]!;
      if (where === AUTHORITY && "/?#".includes(character)) {
        if (origin === "literal") authorityEnd = at + i;
        where = character === "/" ? PATH : PAST_PATH;
      } else if (where === PATH && (character === "?" || character === "#")) where = PAST_PATH;
      if (where !== PATH) continue;
      if (character === ":" && token[i - 1] === "/" && is(NAME_START, token.charCodeAt(i + 1))) {
        let end = i + 1;
        while (end < token.length && is(VARCHAR, token.charCodeAt(end))) end++;
        if (i > from) raw.push(token.slice(from, i));
        const name = token.slice(i + 1, end);
        raw.push({ operator: "", varspecs: [{ name, explode: false, prefix: 0 }], where });
        if (path !== undefined) path += `{${name}}`;
        from = end;
        i = end - 1;
      } else if (path !== undefined) path += character;
    }
    if (token.length > from) raw.push(token.slice(from));
  }
  const second = raw[1];
  const originVariable =
    !absolute && (second === undefined || (typeof second === "string" && "/?#".includes(second[0]!))) ? plainName(raw[0], "+") : undefined;
  if (path?.startsWith("/api/v3/")) path = path.slice("/api/v3".length);
  const multiSegment = path === undefined ? undefined : multiSegmentParameter(path);

  const parts: (string | Expression)[] = [];
  const names = new Set<string>();
  for (let index = 0; index < raw.length; index++) {
    const part = raw[index]!;
    if (typeof part === "string") {
      parts.push(encodeLiteral(part));
      continue;
    }
    const { operator, varspecs } = part;
    for (const { name } of varspecs) names.add(name);
    const segment = part.where === PATH ? segmentOf(raw, index) : "partial";
    const simpleName = plainName(part, "");
    parts.push({
      operator,
      varspecs,
      expand: compileExpression(operator, varspecs),
      simpleName,
      segment,
      multiSegment: segment !== "partial" && simpleName !== undefined && simpleName === multiSegment,
    });
  }
  const written = template.slice(0, authorityEnd);
  const literalOrigin = origin === "literal" ? encodeLiteral(written) : "";
  if (origin === "literal") {
    // As written, as a URL parser reads the route (a "\" there ends the authority, where its
    // encoding `%5C` would not), and as sent.
    checkOrigin(written, "url");
    checkOrigin(literalOrigin, "url");
  }
  return {
    parts,
    origin,
    originLength: literalOrigin.length,
    authorityTo: origin === "expanded" ? authorityTo : -1,
    originVariable,
    names,
  };
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

/** Whether a path expression fills a whole segment: a simple or reserved one between `/` and the next `/` or the path's end. */
function segmentOf(raw: readonly (string | RawExpression)[], index: number): Expression["segment"] {
  const { operator } = raw[index] as RawExpression;
  const before = raw[index - 1];
  if ((operator !== "" && operator !== "+") || typeof before !== "string" || !before.endsWith("/")) return "partial";
  const after = raw[index + 1];
  if (after === undefined) return "last";
  if (typeof after === "object") return after.where === PATH ? "partial" : "last";
  return after[0] === "/" ? "whole" : after[0] === "?" || after[0] === "#" ? "last" : "partial";
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
  fail("INVALID_URL", "url", 'must be a path ("/user"), an expression ("{/path*}") or an http(s) URL', template);
}
