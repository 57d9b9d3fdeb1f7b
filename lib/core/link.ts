/**
 * Following a response's `Link` header field (RFC 8288): the request options of the page it links
 * to, for any HTTP client. A small exact parser rather than a package: `http-link-header` (the one
 * that follows RFC 8288) adds about 2 KB min+gzip, five times this module, and `parse-link-header`
 * needs Node's `url` and `querystring` and splits on `,` (docs/usage.md, "Pagination").
 */
import { isDotSegment } from "./chars.js";
import { fail, unreadable } from "./errors.js";
import type { Link, RequestOptions, ResponseHeaders } from "./types.js";
import { isArray, isPlainRecord } from "./values.js";

/**
 * One piece of a Link field value (RFC 8288 section 3; its list, RFC 9110 section 5.6.1), after
 * OWS: a link target `"<" URI-Reference ">"` (1), at the start or after a ","; a link-param
 * `";" OWS token BWS [ "=" BWS ( token / quoted-string ) ]` (2: its name, 3: a token value, 4: a
 * quoted-string's content, `qdtext / quoted-pair`); or the field's end. `token = 1*tchar` (RFC 9110
 * section 5.6.2). Empty list elements are skipped. A target holds no ">", no white space, no
 * control character (Unicode's `Cc`: C0, DEL, C1) and no "\", which a URL parser strips, encodes or
 * reads as "/" (UNSENDABLE, lib/core/origin.ts).
 */
const PIECE =
  /(?:^|[\t ]*,)[\t ,]*<([^\p{Cc}\s>\\]*)>|[\t ]*;[\t ]*([\w!#$%&'*+.^`|~-]+)[\t ]*(?:=[\t ]*(?:([\w!#$%&'*+.^`|~-]+)|"((?:[^"\\]|\\.)*)"))?|[\t ,]*$/uy;

/**
 * Characters a URL parser keeps as they are in an http(s) URL's path and query (WHATWG URL, the
 * path and special-query percent-encode sets): RFC 3986's unreserved and reserved ones but "#",
 * "'", "[" and "]", and "%".
 */
const KEPT = /^[\w\-.~!$&()*+,;=:@/?%]*$/;

/** Whether `value` is a response (fetch's, axios', got's) rather than its fields: it holds them in an object `headers`. */
function isHeld(value: object): boolean {
  try {
    const { headers } = value as { headers?: unknown };
    return headers !== null && typeof headers == "object" && !Array.isArray(headers);
  } catch {
    return false; // a getter that throws is reported where the fields are read
  }
}

/**
 * Returns the request options of the page a response links to: the target of its `Link` header
 * field (RFC 8288) whose relation type is `rel`, with `request`'s method, header fields (`accept`,
 * `authorization`, `x-github-api-version`, …), body and `request` meta; `undefined` when the
 * response has no such link, as the last page has no `next`
 * (https://docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api).
 *
 * The field is read as RFC 8288 section 3 writes it: `<URI-Reference>` then `; name=value`
 * parameters, each value a token or a quoted-string; several fields (a list of values) are one
 * list (RFC 9110 section 5.3); `rel` may hold several space-separated relation types, compared
 * without regard to case (section 3.3); a link with an `anchor` parameter is about another
 * resource (section 3.2) and is passed over. It is read up to the end of the first link of that
 * type, which wins, and no further: a broken link after it does not refuse it. For an API that
 * marks its last page in a link's parameters rather than by leaving `next` out (Sentry writes
 * `results="false"`, https://docs.sentry.io/api/pagination/), `rel` is a function that chooses the
 * link from its relation types and target attributes ({@link Link}). The target is resolved
 * against `request.url` when relative (RFC 3986 section 5) and serialised as a WHATWG URL parser
 * serialises it, which is what every client sends: for GitHub's links, the URL as GitHub wrote it;
 * a fragment (`#frag`) is dropped, as no request target holds one (RFC 9112 section 3.2), and an
 * empty query (`…/items?`), which fetch and node:http send without its "?" and curl with it.
 * It must stay on the request's origin (scheme, host, port, user information), so that the
 * credentials the request carries never leave it.
 *
 * @typeParam O - the type of `request`, which the result has too
 * @param request - request options, as `endpoint()` (or an earlier `followLink()`) returned them
 * @param responseHeaders - the response's header fields in any client's shape: fetch's or undici's
 *   `Headers`, axios' `AxiosHeaders` (anything with `get(name)`), or an object or a `Map` of
 *   fields, names in any case, values strings or lists of strings (node:http's and got's
 *   `IncomingHttpHeaders`, undici's `request()`, a plain object). A list (node's `rawHeaders`, an
 *   array of pairs) is refused: read as an object it holds no `link`, and paging would stop unsaid.
 * @param rel - the link relation type to follow (RFC 8288 section 2.1: `"next"`, `"prev"`,
 *   `"first"`, `"last"`, or an extension type's URI), compared without regard to case; or a
 *   function given each link in turn (anchored ones passed over), the first it returns `true`
 *   for being followed; an error it throws passes through. @defaultValue `"next"`
 * @returns a new object, `request`'s own properties with the target's `url` and a copy of its
 *   `headers`; or `undefined` when no link has that type
 * @throws {@link EndpointError} `INVALID_HEADER_VALUE` (argument `responseHeaders.link`) for a field
 *   that is not RFC 8288's syntax, a target with a character outside RFC 3986 (CR, LF, white space,
 *   `\`, non-ASCII) included; `INVALID_URL` (the same argument), each with its own message, for a
 *   target on another origin (another scheme, `javascript:` included, host, port or user
 *   information), with a dot-segment (`/a/../b`), that no URL parser reads, or that is the request's
 *   own URL (a server repeating its `next` link: a loop that pages would never end), each message
 *   showing the target up to its query; `INVALID_OPTIONS` when `request` is no request
 *   options, `responseHeaders` no object, a list, or a response rather than its `headers`, `rel` neither a
 *   string nor a function. See docs/errors.md.
 * @example
 * ```ts
 * import { endpoint, followLink } from "rest-endpoint";
 * const first = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 2 });
 * followLink(first, { link: '<https://api.github.com/repositories/711976/issues?per_page=2&page=2>; rel="next"' });
 * // {
 * //   method: "get",
 * //   url: "https://api.github.com/repositories/711976/issues?per_page=2&page=2",
 * //   headers: { accept: "application/vnd.github.v3+json", "user-agent": "rest-endpoint/0.4.0 Node.js/20.20.2 (linux; x64)" },
 * // }
 * followLink(first, { link: '<https://api.github.com/repositories/711976/issues?per_page=2&page=1>; rel="prev"' });
 * // undefined
 * const sentry = endpoint("GET https://sentry.io/api/0/issues/1/events/");
 * const last = { link: '<https://sentry.io/api/0/issues/1/events/?&cursor=0:100:0>; rel="next"; results="false"; cursor="0:100:0"' };
 * followLink(sentry, last, (link) => link.rel.includes("next") && link.attributes.results !== "false");
 * // undefined
 * ```
 */
export function followLink<O extends RequestOptions>(
  request: O,
  responseHeaders: ResponseHeaders,
  rel: string | ((link: Link) => boolean) = "next",
): O | undefined {
  let valid = false;
  try {
    // Its url is parsed once a link is followed (below).
    valid = isPlainRecord(request.headers) && typeof request.url == "string";
  } catch {
    // `request` is null, or a getter threw
  }
  if (!valid) fail("INVALID_OPTIONS", "request", "must be request options from endpoint()", request);
  if (typeof rel != "string" && typeof rel != "function") fail("INVALID_OPTIONS", "rel", "must be a string or a function of a Link", rel);
  // A response, a field's value or nothing where the fields are due would give no link, and paging
  // would stop after the first page unsaid (fetch's and axios' responses hold theirs in `headers`),
  // and so would a list (node's `rawHeaders`, pairs), read as an object.
  const given = responseHeaders as object | null;
  if (given === null || typeof given != "object" || isHeld(given) || isArray(given))
    fail(
      "INVALID_OPTIONS",
      "responseHeaders",
      "must be the response's header fields (`response.headers`): a Headers object, a Map or an object of fields",
      responseHeaders,
    );
  let field: string;
  try {
    // A Map's `get` matches names case-sensitively (a Map keyed "Link"): its entries are read as
    // an object's fields are.
    const { get } = given instanceof Map ? {} : (responseHeaders as { get?: unknown });
    const names: unknown[] = given instanceof Map ? Array.from(given.keys()) : Object.keys(given);
    const valueOf = (name: string): unknown => (given instanceof Map ? given.get(name) : (given as Record<string, unknown>)[name]);
    // A list of field values is one value, its members joined by commas (RFC 9110 section 5.3),
    // as an array's string joins them. Only the fields named `link` are read.
    field = String(
      typeof get == "function"
        ? [get.call(responseHeaders, "link")]
        : names.filter((name): name is string => typeof name == "string" && name.length == 4 && name.toLowerCase() == "link").map(valueOf),
    );
  } catch (error) {
    // `responseHeaders` is null, or its getter threw.
    throw unreadable(error, "responseHeaders");
  }
  const target = findTarget(field, typeof rel == "string" ? (link) => link.rel.includes(rel.toLowerCase()) : rel);
  if (target === undefined) return undefined;
  // The request's scheme, user information, host and port, and "/", as `request.url` writes them.
  // A target that begins with these characters has the request's origin: a URL parser reads the
  // same origin from the same characters, and one on `api.github.com.evil.example` or on `:8443`
  // does not begin so. Written with characters that a URL parser keeps as they are, it is sent as
  // written: nothing is parsed, as for GitHub's links. Any other target is resolved against
  // `request.url` and serialised as a URL parser does (RFC 3986 section 5), and the origins of
  // both, parsed, are compared.
  // A fragment ("#", which KEPT leaves out) goes through the parser, which drops it: no request
  // target holds one (RFC 9112 section 3.2).
  let home = request.url.slice(0, request.url.indexOf("/", 8) + 1);
  let url = target;
  if (!home || !target.startsWith(home) || !KEPT.test(target)) {
    let parsed: URL | undefined;
    try {
      home = new URL("/", request.url).href;
      parsed = new URL(target, request.url);
    } catch {
      // `request.url` is no URL, or `target` none a parser reads
      if (!URL.canParse(request.url)) fail("INVALID_OPTIONS", "request", "must be request options from endpoint()", request);
      fail("INVALID_URL", "responseHeaders.link", "must be a URI reference that a URL parser reads (RFC 3986 section 4.1)", target);
    }
    parsed.hash = "";
    url = parsed.href;
  }
  // An empty query, left out as endpoint() leaves it out (lib/core/url.ts): the URL's first "?",
  // last. (No "#" is left: KEPT has none, and the parser's fragment was dropped.)
  if (url.indexOf("?") === url.length - 1) url = url.slice(0, -1);
  // Each rule its own refusal. The dot-segments are looked for as written, before a URL parser
  // resolves them away: in the path, up to "?" or "#".
  if (!url.startsWith(home))
    fail("INVALID_URL", "responseHeaders.link", `must be a URL on the request's origin, ${home}, where its credentials go`, target);
  if (
    target
      .replace(/[?#].*/s, "")
      .split("/")
      .some(isDotSegment)
  )
    fail(
      "INVALID_URL",
      "responseHeaders.link",
      'must not hold a dot-segment ("." or ".." in its path, also pct-encoded), which a URL parser resolves away (RFC 3986 section 5.2.4)',
      target,
    );
  // A link to the page just fetched would be followed again and again: a loop that pages never ends.
  if (url === request.url)
    fail(
      "INVALID_URL",
      "responseHeaders.link",
      "must not be the request's own URL: following it fetches the same page again, without end",
      target,
    );
  return { ...request, url, headers: { ...request.headers } };
}

/**
 * The target of the first link in `field` that `chosen` accepts, else `undefined`: one pass over
 * the field, each piece read once, up to the end of that link. What follows it is not read: a
 * later link that breaks the syntax does not refuse the one followed.
 *
 * @throws {@link EndpointError} `INVALID_HEADER_VALUE` when the field, up to there, is not RFC 8288's syntax
 */
function findTarget(field: string, chosen: (link: Link) => boolean): string | undefined {
  /**
   * The link-value being read (`undefined` before the first): its target, its relation types
   * (`undefined` before its `rel`), its target attributes, and whether it has an `anchor`.
   */
  let link: { target: string; rel: string[] | undefined; attributes: Record<string, string>; anchored: boolean } | undefined;
  /** Whether the link read so far is complete and `chosen` accepts it: a link with an anchor is about another resource (RFC 8288 section 3.2), never this one's next page. */
  const accepted = (): boolean =>
    link !== undefined &&
    !link.anchored &&
    // Its own record: once it is judged, this link is read no further.
    chosen({ target: link.target, rel: link.rel ?? [], attributes: link.attributes });
  PIECE.lastIndex = 0;
  for (;;) {
    const at = PIECE.lastIndex;
    const piece = PIECE.exec(field);
    if (piece === null || (piece[2] !== undefined && link === undefined)) {
      // The link read so far ends at a "," (RFC 9110 section 5.6.1): when it is the one followed,
      // what comes after it is another link's, and not judged here.
      let end = at;
      while (field[end] == " " || field[end] == "\t") end++;
      if (link !== undefined && field[end] == "," && accepted()) return link.target;
      // A parameter must follow a target.
      fail("INVALID_HEADER_VALUE", "responseHeaders.link", "must be RFC 8288 links: <URI>; rel=type, …", field.slice(at));
    }
    const name = piece[2]?.toLowerCase();
    if (name === undefined) {
      // A target or the end: the link-value before it is complete.
      if (accepted()) return link!.target;
      if (piece[1] === undefined) return undefined;
      link = { target: piece[1], rel: undefined, attributes: Object.create(null) as Record<string, string>, anchored: false };
      continue;
    }
    // A quoted-pair stands for its character (RFC 9110 section 5.6.4).
    const value = piece[3] ?? piece[4]?.replace(/\\(.)/gs, "$1") ?? "";
    if (name == "anchor") link!.anchored = true;
    // Only the first `rel` counts (RFC 8288 section 3.3): relation types are separated by spaces.
    else if (name == "rel") link!.rel ??= value.toLowerCase().split(" ").filter(Boolean);
    else if (name != "rev" && !(name in link!.attributes)) link!.attributes[name] = value;
  }
}
