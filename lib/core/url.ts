import { BoundedCache, stringBytes } from "./cache.js";
import { isDotSegment, LONE_PERCENT, UNRESERVED } from "./chars.js";
import { fail, shownUrl } from "./errors.js";
import { authorityEnd, checkOrigin, isHttpUrl, isOrigin, UNSENDABLE } from "./origin.js";
import type { Expression, Template } from "./template.js";
import { encodeComponent, encodeComponents } from "./url-template.js";
import { toTemplateValue, type TemplateValue } from "./values.js";

/**
 * Expands a compiled template with `parameters` (own keys; a leading origin variable left out is
 * `targetOrigin`, lib/core/target.ts), joins it to `baseUrl` and appends the
 * parameters named in `query` (docs/usage.md, `endpoint(route, options?)`). Then the URL produced
 * is split once and checked: its origin is baseUrl's, the literal one, or an expanded one that is an
 * origin; its path holds no dot-segment; no simple or reserved expression in it is missing, and
 * whole path segments are not empty.
 *
 * @throws {@link EndpointError} `MISSING_PARAMETER`, `INVALID_PATH_SEGMENT`, `URL_LEAVES_BASE_URL`,
 *   `INVALID_URL`, `INVALID_BASE_URL`, `INVALID_PARAMETER`
 */
export function expandUrl(
  template: Template,
  baseUrl: string | undefined,
  parameters: Readonly<Record<string, unknown>>,
  query: readonly string[],
  multiSegment: string | undefined,
  targetOrigin?: string,
): string {
  const { parts, originVariable } = template;
  let url: string;
  let index = 0;
  // A leading origin variable the call leaves out is the target's own origin, where it names one (GHES).
  const origin = originVariable === undefined ? undefined : (own(parameters, originVariable) ?? targetOrigin);
  if (typeof origin === "string" && isHttpUrl(origin)) {
    // `{origin}/repos/…`: the value is the origin, as given, and must be one.
    if (!isOrigin(origin))
      // Shown up to its query, as any URL (errors.ts, shownUrl): the variable may have any name.
      fail("INVALID_URL", originVariable!, "must be an http(s) origin: scheme, host and port, with no path, not even /", shownUrl(origin));
    url = origin;
    index = 1;
  } else {
    url = template.origin === "relative" ? resolveBaseUrl(baseUrl) : "";
  }
  let pathStart = template.origin === "literal" ? template.originLength : url.length;
  for (; index <= parts.length; index++) {
    // The authority ends after its last expression's expansion, at the literal's first "/", "?" or "#".
    if (index === template.authorityTo) pathStart = url.length;
    const part = parts[index];
    if (part === undefined) break;
    url = typeof part === "string" ? url + part : appendExpansion(url, part, parameters, multiSegment);
  }
  if (template.origin === "expanded") {
    pathStart = authorityEnd(url, pathStart);
    checkOrigin(url.slice(0, pathStart), "url");
  }
  const first = url[pathStart];
  if (first !== undefined && first !== "/" && first !== "?" && first !== "#")
    fail("URL_LEAVES_BASE_URL", "url", "would change the host", url);
  const pathEnd = checkPath(url, pathStart);
  if (query.length > 0) {
    const hash = url.indexOf("#", pathEnd);
    const fragmentAt = hash === -1 ? url.length : hash;
    const joiner = fragmentAt === pathEnd ? "?" : url[fragmentAt - 1] === "?" || url[fragmentAt - 1] === "&" ? "" : "&";
    const search = encodeQuery(parameters, query, joiner);
    if (search !== "") return hash === -1 ? url + search : url.slice(0, fragmentAt) + search + url.slice(fragmentAt);
  }
  // An empty query ("?" then nothing or a fragment) is left out: fetch and node:http send `/items?`
  // as `/items` (the parsed URL's `search` is empty), curl as it is. Without it, every client sends
  // the options' URL. (Read here, where checkPath has read `url` already, not after a query is
  // joined to it, which would copy the joined string to read one character; and not past its end,
  // a slow read, where the path ends the URL.)
  return pathEnd !== url.length && url[pathEnd] === "?" && (url[pathEnd + 1] ?? "#") === "#"
    ? url.slice(0, pathEnd) + url.slice(pathEnd + 1)
    : url;
}

/** A parameter's own value: never one read through the prototype chain (`{constructor}`). */
function own(parameters: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.hasOwn(parameters, name) ? parameters[name] : undefined;
}

function appendExpansion(
  url: string,
  expression: Expression,
  parameters: Readonly<Record<string, unknown>>,
  multiSegment: string | undefined,
): string {
  const { varspecs, segment, simpleName } = expression;
  const name = varspecs[0]!.name;
  let expanded: string | undefined;
  if (simpleName !== undefined) {
    const value = own(parameters, simpleName);
    if (typeof value === "string") {
      // A multi-segment parameter keeps its "/"; a string of unreserved characters expands to itself.
      if (simpleName === multiSegment && segment !== "partial" && value.includes("/"))
        return url + expandSegments(value, simpleName, segment);
      if (UNRESERVED.test(value)) expanded = value;
    }
  }
  if (expanded === undefined) {
    const values = varspecs.map((varspec) => toTemplateValue(own(parameters, varspec.name), varspec.name));
    if (expression.required && values.every((value) => value === undefined))
      fail(
        "MISSING_PARAMETER",
        name,
        segment === "partial" ? "is missing: it is part of a path segment" : "is missing: it fills a path segment",
      );
    expanded = expression.expand(values);
  }
  // A path-segment expansion (`{/a*}`, RFC 6570 section 3.2.6) writes a "/" before each segment: an
  // empty one is an error, as everywhere in the path, but for a trailing "/" (`{/var,empty}` is
  // `/value/` in RFC 6570's own examples).
  if (expression.pathSegments && (expanded.includes("//") || (url.endsWith("/") && expanded.startsWith("/"))))
    fail("INVALID_PATH_SEGMENT", name, "fills path segments: none may be empty", expanded);
  if (segment === "partial") return url + expanded;
  if (isDotSegment(expanded)) fail("INVALID_PATH_SEGMENT", name, "fills a path segment: not a dot-segment", expanded);
  if (expanded !== "") return url + expanded;
  // An empty last segment drops its "/" for a parameter that may hold several segments only (a
  // multi-segment parameter, or `{+x}`), whose "" is no segment at all: `…/contents/{path}` with
  // path "" is `…/contents`, the repository's root. Any other empty segment would name another
  // route (`/repos/{owner}/{repo}` with repo "" is `/repos/o`).
  if (segment === "whole" || (name !== multiSegment && expression.operator !== "+"))
    fail("INVALID_PATH_SEGMENT", name, "fills a path segment: not empty", expanded);
  return url.slice(0, -1);
}

/**
 * A GitHub multi-segment parameter (`x-multi-segment`: a file `path`, a `ref`, a `branch`): each
 * `/`-separated segment encoded as simple string expansion encodes a value (RFC 6570 section
 * 3.2.2; `?`, `#`, `%` and spaces too), the `/` between them kept. An empty segment (`a//b`, a
 * leading `/`) or a dot-segment is an error: GitHub has no such name, and a URL parser would
 * resolve it away. A trailing `/` is kept where the parameter ends the path (`"last"`): `tags/` is
 * a ref prefix, `docs/` a directory; where the template goes on (`…/commits/{ref}/status`), it
 * would write an empty segment (`main//status`), and is an error too.
 *
 * @throws {@link EndpointError} `INVALID_PATH_SEGMENT`
 */
function expandSegments(value: string, name: string, place: Expression["segment"]): string {
  const segments = value.split("/");
  const last = segments.length - 1;
  for (let i = 0; i <= last; i++) {
    const segment = segments[i]!;
    const written = UNRESERVED.test(segment) ? segment : encodeComponent(segment, name);
    if ((segment === "" && (i !== last || place !== "last")) || isDotSegment(written))
      fail("INVALID_PATH_SEGMENT", name, "has an empty or dot-segment", value);
    segments[i] = written;
  }
  return segments.join("/");
}

/**
 * The query parameters `names` of `parameters`, each name and value encoded as RFC 6570 form-style
 * query expansion `{?name}` encodes them (section 3.2.8), in the given order, after `joiner` ("?",
 * "&" or nothing); `""` when every value is undefined.
 */
function encodeQuery(parameters: Readonly<Record<string, unknown>>, names: readonly string[], joiner: string): string {
  // The query as its pieces, name, "=", value, "&", name…, joined once; the names and values that
  // need encoding wait (made only then) and are encoded together in one call.
  const pieces: string[] = [];
  let waiting: Waiting | undefined;
  for (const name of names) {
    const value = toTemplateValue(parameters[name], name);
    if (value === undefined) continue;
    if (pieces.length > 0) pieces.push("&");
    waiting = addPiece(pieces, waiting, name, name);
    pieces.push("=");
    waiting = addPiece(pieces, waiting, value, name);
  }
  if (waiting !== undefined) {
    const encoded = encodeComponents(waiting.items, waiting.names);
    const { slots } = waiting;
    // A list's items, comma-joined as simple string expansion joins them (RFC 6570 section 3.2.2).
    for (let i = 0; i < slots.length; i += 3) pieces[slots[i]!] = encoded.slice(slots[i + 1], slots[i + 2]).join(",");
  }
  return pieces.length === 0 ? "" : joiner + pieces.join("");
}

/** Strings of a query waiting to be encoded in one call: `slots` holds, for each piece, its index and the range of its items. */
interface Waiting {
  readonly slots: number[];
  readonly items: string[];
  readonly names: string[];
}

/**
 * Adds a query name or value to `pieces`: each string tested once, as it is when unreserved, else it
 * waits (at an empty piece) for the one call; an object is encoded alone (its keys and values,
 * comma-joined).
 */
function addPiece(pieces: string[], waiting: Waiting | undefined, value: TemplateValue, name: string): Waiting | undefined {
  let written: string | undefined;
  if (typeof value === "string") written = UNRESERVED.test(value) ? value : undefined;
  else if (Array.isArray(value)) written = value.every(isUnreserved) ? value.join(",") : undefined;
  else written = encodeComponent(value, name);
  if (written !== undefined) {
    pieces.push(written);
    return waiting;
  }
  const items = typeof value === "string" ? [value] : (value as string[]);
  const wait = waiting ?? { slots: [], items: [], names: [] };
  wait.slots.push(pieces.length, wait.items.length, wait.items.length + items.length);
  for (const item of items) {
    wait.items.push(item);
    wait.names.push(name);
  }
  pieces.push("");
  return wait;
}

const isUnreserved = (text: string): boolean => UNRESERVED.test(text);

/**
 * Reads the path of `url` that begins at `from` and returns where it ends (its first "?" or "#", or
 * the URL's end). A `.` or `..` segment, also pct-encoded (`%2e`), is an error: URL parsers resolve
 * them away (RFC 3986 section 5.2.4).
 *
 * @throws {@link EndpointError} `INVALID_PATH_SEGMENT`
 */
function checkPath(url: string, from: number): number {
  // Two native scans: a loop over the characters took twice their time (a 50-character URL).
  const query = url.indexOf("?", from);
  const hash = url.indexOf("#", from);
  const end = hash !== -1 && (query === -1 || hash < query) ? hash : query === -1 ? url.length : query;
  if (hasDotSegment(url, from, end)) fail("INVALID_PATH_SEGMENT", "url", "would hold a dot-segment", url.slice(from, end));
  return end;
}

/**
 * Whether the path of `text` from `from` to `end` has a segment after a "/" that {@link isDotSegment}
 * (`.`, `..`, also pct-encoded). It is cut out and split only when it may hold one, a "/" followed by
 * "." or "%".
 */
function hasDotSegment(text: string, from = 0, end = text.length): boolean {
  const dot = text.indexOf("/.", from);
  const percent = text.indexOf("/%", from);
  if ((dot === -1 || dot >= end) && (percent === -1 || percent >= end)) return false;
  return text.slice(from, end).split("/").slice(1).some(isDotSegment);
}

/** A query, a fragment or an {@link UNSENDABLE} character anywhere in a baseUrl. */
const NOT_IN_BASE_URL = new RegExp(`[?#${UNSENDABLE}]`);

const baseUrls = new BoundedCache<string>({ entries: 100, maxBytes: 256 * 1024, bytesOf: stringBytes });

/**
 * Checks `baseUrl` (once per distinct value, cached within bounds): an absolute http(s) URL with a
 * host and without query, fragment, white space, control characters or backslash. Returns it
 * without a trailing "/".
 *
 * @throws {@link EndpointError} `INVALID_BASE_URL`
 */
function resolveBaseUrl(baseUrl: string | undefined): string {
  return baseUrl === undefined ? checkBaseUrl(baseUrl) : baseUrls.get(baseUrl, checkBaseUrl);
}

function checkBaseUrl(baseUrl: string | undefined): string {
  if (baseUrl === undefined || NOT_IN_BASE_URL.test(baseUrl) || !isOrigin(baseUrl.split("/", 3).join("/")))
    fail("INVALID_BASE_URL", "baseUrl", "must be an http(s) URL without query or fragment", baseUrl);
  // Its path is sent as written: no dot-segment a URL parser would resolve away, no lone
  // surrogate it would replace, no "%" that begins no pct-encoded triplet (RFC 3986 section 2.1).
  const path = baseUrl.slice(authorityEnd(baseUrl, baseUrl.indexOf("//") + 2));
  if (hasDotSegment(path) || !path.isWellFormed() || LONE_PERCENT.test(path))
    fail("INVALID_BASE_URL", "baseUrl", "must have a path without dot-segments, lone surrogates or a lone %", baseUrl);
  return baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
}
