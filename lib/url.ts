import { BoundedCache, stringBytes } from "./cache.js";
import { all, UNRESERVED } from "./chars.js";
import { fail } from "./errors.js";
import { checkDotSegments, checkOrigin, CONTROL_OR_SPACE, isHttpUrl, isOrigin, type Expression, type Template } from "./template.js";
import { encodeComponents, expandExpression, toTemplateValue, type TemplateValue } from "./url-template.js";

/**
 * Expands a compiled template with `parameters` (own keys), joins it to `baseUrl` and appends the
 * parameters named in `query` (docs/usage.md, `endpoint(route, options?)`). Every expansion in the path is checked: no
 * empty or dot-segment where an expression fills a whole segment, and a path that begins with
 * "/", "?" or "#" after a relative template or a literal origin, so that no parameter can change
 * the host.
 *
 * @throws {@link EndpointError} `MISSING_PARAMETER`, `INVALID_PATH_SEGMENT`, `URL_LEAVES_BASE_URL`,
 *   `INVALID_URL`, `INVALID_BASE_URL`, `INVALID_PARAMETER`
 */
export function expandUrl(
  template: Template,
  baseUrl: string | undefined,
  parameters: Readonly<Record<string, unknown>>,
  query: readonly string[],
): string {
  const { parts, pathFrom, queryFrom, fragmentFrom, originVariable } = template;
  let url: string;
  let index = 0;
  const origin = originVariable === undefined ? undefined : own(parameters, originVariable);
  if (typeof origin === "string" && isHttpUrl(origin)) {
    // `{origin}/repos/…`: the value is the origin, as given, and must be one.
    checkOrigin(origin, originVariable!);
    url = origin;
    index = 1;
  } else {
    url = template.origin === "relative" ? resolveBaseUrl(baseUrl) : "";
  }
  let pathStart = url.length;
  let pathEnd = url.length;
  let fragmentAt = url.length;
  for (; index <= parts.length; index++) {
    if (index === pathFrom) pathStart = url.length;
    if (index === queryFrom) pathEnd = url.length;
    if (index === fragmentFrom) fragmentAt = url.length;
    if (index === parts.length) break;
    const part = parts[index]!;
    if (typeof part === "string") url += part;
    else url = appendExpansion(url, part, parameters);
  }
  if (template.origin === "expanded") checkOrigin(url.slice(0, pathStart), "url");
  const first = url[pathStart];
  if (first !== undefined && first !== "/" && first !== "?" && first !== "#") {
    fail(
      "URL_LEAVES_BASE_URL",
      "url",
      'would not begin its path with "/": a parameter would change the host; give a value that begins with "/"',
      url,
    );
  }
  if (template.scanPath) {
    // Where the path really ends, and the fragment begins, in what was expanded.
    const stop = url.slice(pathStart).search(/[?#]/);
    pathEnd = stop === -1 ? url.length : pathStart + stop;
    const hash = url.indexOf("#", pathStart);
    fragmentAt = hash === -1 ? url.length : hash;
    checkDotSegments(url.slice(pathStart, pathEnd), "url");
  }
  if (query.length === 0) return url;
  const search = encodeQuery(
    parameters,
    query,
    fragmentAt === pathEnd ? "?" : url[fragmentAt - 1] === "?" || url[fragmentAt - 1] === "&" ? "" : "&",
  );
  return fragmentAt === url.length ? url + search : url.slice(0, fragmentAt) + search + url.slice(fragmentAt);
}

/** A parameter's own value: never one read through the prototype chain (`{constructor}`). */
function own(parameters: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.hasOwn(parameters, name) ? parameters[name] : undefined;
}

function appendExpansion(url: string, expression: Expression, parameters: Readonly<Record<string, unknown>>): string {
  const { varspecs, segment } = expression;
  let expanded: string | undefined;
  if (expression.multiSegment) {
    const { name } = varspecs[0]!;
    const value = own(parameters, name);
    if (typeof value === "string" && value.includes("/")) return url + expandSegments(value, name);
  }
  if (varspecs.length === 1 && expression.operator === "" && !expression.perVariable) {
    // The fast path, no url-template call: a string of unreserved characters expands to itself.
    const { name } = varspecs[0]!;
    const value = own(parameters, name);
    if (typeof value === "string" && all(UNRESERVED, value)) expanded = value;
  }
  if (expanded === undefined) {
    const values: (TemplateValue | undefined)[] = [];
    let defined = false;
    for (const { name } of varspecs) {
      const value = toTemplateValue(own(parameters, name), name);
      values.push(value);
      defined ||= value !== undefined;
    }
    if (!defined && segment !== "partial") {
      fail(
        "MISSING_PARAMETER",
        varspecs[0]!.name,
        "is needed for a whole path segment of the url, but it is undefined or null; pass a value for it",
      );
    }
    expanded = expandExpression(expression, values);
  }
  if (segment === "partial") return url + expanded;
  if (expanded === "." || expanded === "..") {
    fail(
      "INVALID_PATH_SEGMENT",
      varspecs[0]!.name,
      `fills a whole path segment but expands to the dot-segment "${expanded}", which would walk the path; pass another value`,
    );
  }
  if (expanded !== "") return url + expanded;
  if (segment === "whole")
    fail(
      "INVALID_PATH_SEGMENT",
      varspecs[0]!.name,
      'fills a whole path segment but expands to an empty one ("//"); pass a non-empty value',
    );
  // An empty last segment drops its "/": `…/contents/{path}` with path "" is `…/contents`.
  return url.slice(0, -1);
}

/**
 * A GitHub multi-segment parameter (`x-multi-segment`: a file `path`, a `ref`, a `branch`): each
 * `/`-separated segment encoded as simple string expansion encodes a value (RFC 6570 section
 * 3.2.2; `?`, `#`, `%` and spaces too), the `/` between them kept. An empty segment (`a//b`, a
 * leading `/`) or a dot-segment is an error: GitHub has no such name, and a URL parser would
 * resolve it away. A trailing `/` is kept: `tags/` is a ref prefix, `docs/` a directory.
 *
 * @throws {@link EndpointError} `INVALID_PATH_SEGMENT`
 */
function expandSegments(value: string, name: string): string {
  const segments = value.split("/");
  // A trailing "/" is kept as given: a ref prefix (`matching-refs/tags/`), a directory (`docs/`).
  const last = segments.length - 1;
  for (let i = 0; i <= last; i++) {
    const segment = segments[i]!;
    if ((segment === "" && i !== last) || segment === "." || segment === "..") {
      fail(
        "INVALID_PATH_SEGMENT",
        name,
        `is a multi-segment parameter whose segments must be non-empty (but for a trailing "/") and not "." or ".."`,
        value,
      );
    }
  }
  return encodeComponents(segments, () => name).join("/");
}

/**
 * The query parameters `names` of `parameters`, each encoded as RFC 6570 form-style query expansion
 * `{?name}` encodes it (section 3.2.8), names too, in the given order, after `joiner` ("?", "&" or
 * nothing); `""` when every value is undefined.
 */
function encodeQuery(parameters: Readonly<Record<string, unknown>>, names: readonly string[], joiner: string): string {
  let search = "";
  // Names and values that need url-template. Once one pair does, every later pair joins it, so
  // that the query keeps the parameters' order.
  let pending: TemplateValue[] | undefined;
  for (const name of names) {
    const value = toTemplateValue(parameters[name], name);
    if (value === undefined) continue;
    if (pending === undefined && typeof value === "string" && all(UNRESERVED, name) && all(UNRESERVED, value)) {
      search += `${joiner}${name}=${value}`;
      joiner = "&";
    } else {
      (pending ??= []).push(name, value);
    }
  }
  if (pending !== undefined) {
    const encoded = encodeComponents(pending, (at) => pending[at - (at % 2)] as string);
    for (let i = 0; i < encoded.length; i += 2) {
      search += `${joiner}${encoded[i]!}=${encoded[i + 1]!}`;
      joiner = "&";
    }
  }
  return search;
}

const baseUrls = new BoundedCache<string>({ entries: 100, bytes: 256 * 1024, bytesOf: stringBytes });

/**
 * Checks `baseUrl` (once per distinct value, cached within bounds): an absolute http(s) URL without
 * query, fragment, white space or backslash. Returns it without a trailing "/".
 *
 * @throws {@link EndpointError} `INVALID_BASE_URL`
 */
function resolveBaseUrl(baseUrl: string | undefined): string {
  if (baseUrl === undefined)
    fail("INVALID_BASE_URL", "baseUrl", 'is needed for a relative url: an absolute http(s) URL such as "https://api.github.com"', baseUrl);
  return baseUrls.get(baseUrl, checkBaseUrl);
}

function checkBaseUrl(baseUrl: string): string {
  const origin = /^https?:\/\/[^/]*/i.exec(baseUrl)?.[0];
  if (origin === undefined || /[#?\\]/.test(baseUrl) || CONTROL_OR_SPACE.test(baseUrl)) {
    fail(
      "INVALID_BASE_URL",
      "baseUrl",
      'must be an absolute http(s) URL without query, fragment, white space or control characters, e.g. "https://ghe.example/api/v3"',
      baseUrl,
    );
  }
  if (!isOrigin(origin)) {
    fail("INVALID_BASE_URL", "baseUrl", 'must be an absolute http(s) URL with a host, e.g. "https://ghe.example/api/v3"', baseUrl);
  }
  return baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
}
