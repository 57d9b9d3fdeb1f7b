import { BoundedCache } from "./cache.js";
import { LONE_PERCENT, NAME_START, VARCHAR } from "./chars.js";
import { fail, quote, shownUrl } from "./errors.js";
import { checkOrigin, isHttpUrl } from "./origin.js";
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
   * A simple or reserved expression in the path (after the authority, before the query or
   * fragment), wherever in its segment (`/compare/{base}...{head}` too), except a relative
   * template's leading origin variable: a value is required (`MISSING_PARAMETER`), where RFC 6570
   * alone would expand an undefined variable to nothing and silently name another resource.
   */
  readonly required: boolean;
  /** A path-segment expansion (`{/a*}`) in the path: each segment it writes must be non-empty. */
  readonly pathSegments: boolean;
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
  /**
   * The variables of `?`, `&` and `;` expressions written pct-encoded (`a%20b`), by the name a
   * server decodes from them (`a b`): a parameter of that name, sent too, would go out under the
   * same name (RFC 3986 section 2.1).
   */
  readonly decodedNames: ReadonlyMap<string, string>;
  /**
   * The path template a target's route step may read its tables by (lib/core/target.ts): the path of a
   * full URL or of a relative template, after a leading origin variable (`{origin}/manage/v1/…`
   * gives `/manage/v1/…`).
   */
  readonly path: string;
}

/**
 * What one part of a compiled template keeps alive, measured: 60 templates of 5,300 `{a}` each
 * kept 76.6 MB when the cache counted key characters only, about 900 bytes per expression.
 */
const PART_BYTES = 1024;
const templates = new BoundedCache<Template>({
  entries: 1000,
  maxBytes: 8 * 1024 * 1024,
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

/** RFC 6570 section 2: an expression, a literal, or a brace that is neither (an error). */
const TEMPLATE_PART = /\{[^{}]*\}|[^{}]+|[{}]/g;
/**
 * RFC 6570 section 2.3 and 2.4: `varname` (varchars, pct-encoded triplets, single inner dots;
 * `-` too, which GitHub's routes use) and an explode or prefix modifier (1 to 9999).
 */
const VARCHARS = `(?:${VARCHAR}|%[\\da-f]{2})+`;
const VARSPEC = new RegExp(`^(${VARCHARS}(?:\\.${VARCHARS})*)(?:(\\*)|:([1-9]\\d{0,3}))?$`, "i");
/** A `:name` placeholder at the start of a path segment (the incumbent's form), read as `{name}`. */
const PLACEHOLDER = new RegExp(`/:(${NAME_START}${VARCHAR}*)`, "g");

function compile(template: string): Template {
  const absolute = isHttpUrl(template);
  if (!absolute && !/^(?:\/(?!\/)|\{)/.test(template))
    fail("INVALID_URL", "url", "must be a path, an expression or an http(s) URL", template);
  if (!template.isWellFormed()) fail("INVALID_URL_TEMPLATE", "url", "has a lone surrogate", template);
  if (LONE_PERCENT.test(template)) fail("INVALID_URL_TEMPLATE", "url", 'has a "%" without two hex digits', template);
  // The path ends at the first "?" or "#", or at an expression that begins the query or fragment;
  // each `:name` that begins a path segment in it (the incumbent's placeholder form) is read as `{name}`.
  const from = absolute ? template.indexOf("//") + 2 : 0;
  const end = template.slice(from).search(/[?#]|\{[?&#]/);
  const to = end === -1 ? template.length : from + end;
  const source = template.slice(0, from) + template.slice(from, to).replace(PLACEHOLDER, "/{$1}") + template.slice(to);
  const pathEnd = to + source.length - template.length;
  const tokens = source.match(TEMPLATE_PART)!;
  const parts: (string | Expression)[] = [];
  const names = new Set<string>();
  const keyed = new Map<string, string>();
  let origin: Template["origin"] = absolute ? "literal" : "relative";
  /** Where the path begins in `source`; -1 while the scan is in the authority of a full URL. */
  let pathFrom = absolute ? -1 : 0;
  let authorityTo = -1;
  let originVariable: string | undefined;
  let at = 0;
  tokens.forEach((token, index) => {
    const next = at + token.length;
    if (token === "{" || token === "}")
      fail("INVALID_URL_TEMPLATE", "url", token === "{" ? 'has an unclosed "{"' : 'has a stray "}"', template);
    if (token[0] !== "{") {
      // The authority ends at the literal's first "/", "?" or "#" after the scheme's "//".
      const skip = index === 0 ? from : 0;
      const slash = pathFrom === -1 ? token.slice(skip).search(/[/?#]/) : -1;
      if (slash !== -1) pathFrom = at + skip + slash;
      parts.push(encodeLiteral(token));
    } else {
      const { operator, varspecs } = parseExpression(template, token.slice(1, -1));
      if (pathFrom === -1) {
        // An expression right after a complete literal authority (a host ending in a letter, digit
        // or "]", followed by the path, query, fragment or nothing) begins the path:
        // `https://h.example{+p}`; so does one with the operator "/", "?", "&" or "#".
        const after = tokens[index + 1]?.[0];
        if (
          (index === 1 && /[\da-z\]]$/i.test(tokens[0]) && (after === undefined || "/?#{".includes(after))) ||
          "/?&#".includes(operator || "-")
        )
          pathFrom = at;
        else {
          origin = "expanded";
          authorityTo = index + 1;
        }
      }
      // A relative template's leading `{origin}` or `{+origin}` before its path (GitHub's upload form).
      if (index === 0 && !absolute && (tokens[1] === undefined || "/?#".includes(tokens[1][0]!)))
        originVariable = plainName(operator, varspecs, "+");
      // A simple or reserved expression in the path needs a value; it fills a path segment when a
      // "/" comes before it, and after it another "/" (`"whole"`) or the path's end (`"last"`).
      const required =
        pathFrom !== -1 && at < pathEnd && (operator === "" || operator === "+") && (index !== 0 || originVariable === undefined);
      const filling = required && tokens[index - 1]?.endsWith("/") === true;
      parts.push({
        operator,
        varspecs,
        expand: compileExpression(operator, varspecs),
        simpleName: plainName(operator, varspecs, ""),
        segment: !filling ? "partial" : next >= pathEnd ? "last" : source[next] === "/" ? "whole" : "partial",
        required,
        pathSegments: operator === "/" && at < pathEnd,
      });
      for (const { name } of varspecs) names.add(name);
      if (operator === "?" || operator === "&" || operator === ";") for (const { name } of varspecs) addDecoded(keyed, name, template);
    }
    at = next;
  });
  if (pathFrom === -1) pathFrom = source.length;
  // The path after a leading origin variable (`{origin}/…`), which is where its literal begins.
  const path = source.slice(originVariable === undefined ? pathFrom : tokens[0].length, pathEnd);
  let literalOrigin = "";
  if (origin === "literal") {
    // As written, as a URL parser reads the route (a "\" there ends the authority, where its
    // encoding `%5C` would not), and as sent.
    const written = source.slice(0, pathFrom);
    checkOrigin(written, "url");
    checkOrigin((literalOrigin = encodeLiteral(written)), "url");
  }
  return {
    parts,
    origin,
    originLength: literalOrigin.length,
    authorityTo,
    originVariable,
    names,
    decodedNames: new Map([...keyed].filter(([decoded, name]) => decoded !== name)),
    path,
  };
}

/**
 * The shape of a route, the same for every way of writing it: the method upper-case, each path
 * expression as `{}` (`{owner}`, `{o}` and `:owner` alike), query expressions (`{?…}`, `{&…}`)
 * left out. `GET /repos/:owner/{repo}{?page}` and `get /repos/{o}/{r}` have the shape
 * `GET /repos/{}/{}`. The CLI's `--routes` and `withQueries` find a route by it ({@link byRouteShape}).
 *
 * @throws {@link EndpointError} as {@link compileTemplate}
 */
export function routeShape(method: string, url: string): string {
  const path = compileTemplate(url)
    .parts.map((part) => (typeof part === "string" ? part : isQueryExpression(part) ? "" : "{}"))
    .join("");
  return `${method.toUpperCase()} ${path}`;
}

/**
 * What `shapes` holds for a route of the shape `shape` ({@link routeShape}): its own entry; else the
 * entry of the same method, path and fragment whose literal query is the most of the route's, each
 * `name=value` pair compared once normalized (RFC 3986 section 6.2.2; of two with as many, the first in `shapes`); else its path's, the shape without its literal query. A description
 * may key a second operation of one path by a query (`/search?type=user`): a route written with more
 * query (`/search?type=user&page=2`, a next page's URL given back) is that operation. Any other route
 * written with a query of its own (`/search?`, `/search?page=2`, `/search?{&page}`) is its path's
 * operation (OpenAPI 3.1 section 4.8.8: an operation is its method and path). A fragment stays: Box's
 * `POST /oauth2/token#refresh` is another operation than `POST /oauth2/token`.
 */
export function byRouteShape<T>(shapes: ReadonlyMap<string, T>, shape: string): T | undefined {
  const own = shapes.get(shape);
  if (own !== undefined) return own;
  const query = literalQuery(shape);
  if (query === undefined) return undefined;
  const given = new Set(query.pairs);
  let best: QueryKeyed<T> | undefined;
  for (const keyed of queryKeyedOf(shapes).get(query.rest) ?? [])
    if (keyed.pairs.length > (best?.pairs.length ?? 0) && keyed.pairs.every((pair) => given.has(pair))) best = keyed;
  return best?.value ?? shapes.get(query.rest);
}

/**
 * Whether a route's URL holds a literal query of at least one pair (`GET /search?type=user`): an
 * operation a description keys by a query. The tables `generate` writes hold an entry for each such
 * operation, its own where it adds nothing (a template that is the route, no requirement), so that
 * {@link byRouteShape} finds it and not another operation of its path.
 */
export const isQueryKeyed = (route: string): boolean => (literalQuery(route)?.pairs.length ?? 0) > 0;

/**
 * The literal query of a route or shape, from its "?" to its fragment, if any (RFC 3986 section
 * 3.5): its non-empty `name=value` pairs, each normalized as RFC 3986 section 6.2.2 does (a
 * percent-encoding's hex digits upper-case, an unreserved character's decoded: `us%65r` is `user`,
 * `a%2fb` is `a%2Fb`), and the `rest`, the text without it (method, path and fragment);
 * `undefined` without a "?" before any "#".
 */
function literalQuery(text: string): { pairs: string[]; rest: string } | undefined {
  const query = /^([^?#]*)\?([^#]*)((?:#[\s\S]*)?)$/.exec(text);
  if (query === null) return undefined;
  const pairs = query[2]!.split("&").filter((pair) => pair !== "");
  return { pairs: pairs.map((pair) => pair.replace(/%[\da-f]{2}/gi, normalizedEncoding)), rest: query[1]! + query[3]! };
}

/** A percent-encoding normalized (RFC 3986 sections 6.2.2.1, 6.2.2.2): an unreserved character (section 2.3) decoded, else its hex digits upper-case. */
function normalizedEncoding(encoding: string): string {
  const char = String.fromCharCode(parseInt(encoding.slice(1), 16));
  return /[\w.~-]/.test(char) ? char : encoding.toUpperCase();
}

/** An entry of a shapes map keyed by a literal query, with that query's `name=value` pairs. */
interface QueryKeyed<T> {
  pairs: readonly string[];
  value: T;
}
const queryKeyedIndexes = new WeakMap<ReadonlyMap<string, unknown>, Map<string, QueryKeyed<unknown>[]>>();
/** The entries of `shapes` keyed by a literal query ({@link isQueryKeyed}), by the rest of their shape; made once a map. */
function queryKeyedOf<T>(shapes: ReadonlyMap<string, T>): Map<string, QueryKeyed<T>[]> {
  let index = queryKeyedIndexes.get(shapes);
  if (index === undefined) {
    index = new Map();
    for (const [shape, value] of shapes) {
      const query = literalQuery(shape);
      if (query !== undefined && query.pairs.length > 0)
        (index.get(query.rest) ?? index.set(query.rest, []).get(query.rest)!).push({ pairs: query.pairs, value });
    }
    queryKeyedIndexes.set(shapes, index);
  }
  return index as Map<string, QueryKeyed<T>[]>;
}

/** A part of a compiled template written back as template text: a literal as encoded, an expression in braces. */
export function partText(part: string | Expression): string {
  if (typeof part === "string") return part;
  return `{${part.operator}${part.varspecs.map(varspecText).join(",")}}`;
}

/** A variable with its modifier, as a template writes it: `name`, `name*`, `name:3` (RFC 6570 section 2.4). */
export const varspecText = ({ name, explode, prefix }: VarSpec): string => `${name}${explode ? "*" : prefix > 0 ? `:${prefix}` : ""}`;

/** Whether a part is a query expression, `{?…}` or `{&…}` (RFC 6570 sections 3.2.8, 3.2.9). */
export const isQueryExpression = (part: string | Expression): part is Expression =>
  typeof part === "object" && (part.operator === "?" || part.operator === "&");

/**
 * Whether template parts begin a query before their fragment, if any: a literal `?` before any `#`,
 * or a query expression before any `#` or `{#…}` (a `?` in a fragment is the fragment's, RFC 3986
 * section 3.5).
 */
export const hasQuery = (parts: readonly (string | Expression)[]): boolean =>
  parts
    .map((part) => (typeof part === "string" ? part : part.operator === "#" ? "#" : isQueryExpression(part) ? "?" : ""))
    .join("")
    .split("#", 1)[0]!
    .includes("?");

/**
 * The expression that adds `varspecs` to a template's query: `{?a,b}`, or `{&a,b}` after a query
 * the template already begins (RFC 6570 section 3.2.9), so that the URL holds one `?`; `""` for none.
 */
export const queryExpression = (afterQuery: boolean, varspecs: readonly string[]): string =>
  varspecs.length === 0 ? "" : `{${afterQuery ? "&" : "?"}${varspecs.join(",")}}`;

/**
 * A URL template with `varspecs` added to its query: their {@link queryExpression}, written before
 * the template's fragment (its first `#`, a literal's or a `{#…}` expression's) so that they stay in
 * the query (RFC 3986 section 3.5); the template itself for none. GitHub's declared queries and the
 * CLI's query items are written so.
 *
 * @param url - a URL template its caller has compiled ({@link compileTemplate}), so checked
 */
export function withQueryVariables(url: string, varspecs: readonly string[]): string {
  if (varspecs.length === 0) return url;
  // The fragment begins at the first "#": a literal's, or a `{#…}` expression's (a "#" is no
  // variable's character, RFC 6570 section 2.3); the query before it at a "?", a literal's or a
  // `{?…}` expression's, or at a `{&…}` expression.
  const hash = url.search(/\{?#/);
  const at = hash === -1 ? url.length : hash;
  const head = url.slice(0, at);
  return head + queryExpression(/\?|\{&/.test(head), varspecs) + url.slice(at);
}

/**
 * The name of an expression of one variable without modifier, whose operator is none or `operator`
 * (`{name}`, or `{+name}` with `operator` "+"); `undefined` for anything else.
 */
function plainName(operator: Operator, varspecs: readonly VarSpec[], also: "" | "+"): string | undefined {
  const { name, explode, prefix } = varspecs[0]!;
  return (operator === "" || operator === also) && varspecs.length === 1 && !explode && prefix === 0 ? name : undefined;
}

/**
 * An expression of `template` for a message: quoted where the template as a message shows it
 * ({@link shownUrl}) holds it, else "in its query or fragment", which may hold a key: a JSON value
 * written in a query (`?filter={"api_key":"…"}`) is read as an expression.
 */
const shownExpression = (template: string, expression: string): string =>
  shownUrl(template).includes(expression) ? quote(expression) : "in its query or fragment";

/** An expression's operator and variables (RFC 6570 section 2.2 to 2.4). */
function parseExpression(template: string, body: string): { operator: Operator; varspecs: VarSpec[] } {
  const first = body.charAt(0);
  const operator = (first !== "" && "+#./;?&".includes(first) ? first : "") as Operator;
  const varspecs: VarSpec[] = [];
  for (const varspec of body.slice(operator.length).split(",")) {
    const match = VARSPEC.exec(varspec);
    if (match === null)
      fail("INVALID_URL_TEMPLATE", "url", `has an invalid expression ${shownExpression(template, `{${body}}`)}`, template);
    varspecs.push({ name: match[1]!, explode: match[2] !== undefined, prefix: Number(match[3] ?? 0) });
  }
  return { operator, varspecs };
}

/**
 * Records a keyed variable under the name a server decodes from it; two spellings of one name
 * (`{?a%62,ab}`) would send one query name twice.
 */
function addDecoded(keyed: Map<string, string>, name: string, template: string): void {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // not UTF-8: servers keep it as written
  }
  const other = keyed.get(decoded);
  if (other !== undefined && other !== name)
    fail("INVALID_URL_TEMPLATE", "url", `sends ${quote(decoded)} twice, as ${quote(other)} and ${quote(name)}`, template);
  keyed.set(decoded, name);
}
