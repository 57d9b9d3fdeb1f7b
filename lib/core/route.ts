import { BoundedCache, stringBytes } from "./cache.js";
import { fail } from "./errors.js";
import { checkMethod } from "./options.js";
import { compileTemplate } from "./template.js";

/** A route split into its method and URL template. */
export interface ParsedRoute {
  readonly method: string;
  readonly url: string;
}

const routes = new BoundedCache<ParsedRoute>({ entries: 1000, maxBytes: 1024 * 1024, bytesOf: stringBytes });

/**
 * Splits a route `"<METHOD> <URL>"` into its method and URL template (docs/usage.md, `endpoint(route, options?)`), cached
 * per route string within bounds.
 *
 * - `"GET /repos/{owner}/{repo}"` gives `{ method: "GET", url: "/repos/{owner}/{repo}" }`.
 * - A URL alone means GET: `"/user"` gives `{ method: "GET", url: "/user" }`.
 * - A method alone (upper-case letters) means its root: `"POST"` gives `{ method: "POST", url: "/" }`.
 *
 * @throws {@link EndpointError} `INVALID_ROUTE` when the route is empty, has a second space or a
 *   trailing word; `INVALID_METHOD` when the method is not an RFC 9110 token.
 */
export function splitRoute(route: string): ParsedRoute {
  return routes.get(route, split);
}

/** A route as {@link parseRoute} reads it: its method, its URL template and the template's variables. */
export interface RouteTemplate {
  /** The method as written (`"get"` stays `"get"`); `"GET"` for a URL alone. */
  readonly method: string;
  /** The URL template, trimmed; `"/"` for a method alone. */
  readonly url: string;
  /**
   * Each variable the template names, once, in order: every RFC 6570 expression's (section 2.3,
   * without operator, explode or prefix modifier) and each `:name` that begins a path segment.
   */
  readonly variables: readonly string[];
}

/**
 * Reads a route as `endpoint()` does (docs/usage.md, `endpoint(route, options?)`): the method, the
 * URL template, checked against RFC 6570's grammar (section 2), and the variables it names. For
 * wrappers that need the route grammar without building a request (rest-endpoint-octokit reads
 * the variables of the route a call's `url` replaces). Sends nothing; the result is the caller's own.
 *
 * @param route - `"<METHOD> <URL>"`, a URL alone (GET) or a method alone (its root, `/`)
 * @returns `{ method, url, variables }`
 * @throws {@link EndpointError} `INVALID_ROUTE` when the route is no string, is empty, has a second space or a
 *   trailing word; `INVALID_METHOD` when the method is not an RFC 9110 token (RFC 9110 section 9.1);
 *   `INVALID_URL` when the URL is no path, expression or http(s) URL; `INVALID_URL_TEMPLATE` when
 *   it breaks RFC 6570's grammar (docs/errors.md)
 *
 * @example
 * ```ts
 * import { parseRoute } from "rest-endpoint";
 * parseRoute("POST /repos/:owner/{repo}/releases/{release_id}/assets{?name,label}");
 * // { method: "POST", url: "/repos/:owner/{repo}/releases/{release_id}/assets{?name,label}",
 * //   variables: ["owner", "repo", "release_id", "name", "label"] }
 * ```
 */
export function parseRoute(route: string): RouteTemplate {
  // Typed for TypeScript callers; a JavaScript caller's number would fail in `trim()` as a TypeError.
  if (typeof route !== "string") fail("INVALID_ROUTE", "route", 'must be a route string ("GET /user")', route);
  const { method, url } = splitRoute(route);
  return { method, url, variables: [...compileTemplate(url).names] };
}

function split(route: string): ParsedRoute {
  const trimmed = route.trim();
  const space = trimmed.indexOf(" ");
  if (space === -1) {
    if (trimmed === "") fail("INVALID_ROUTE", "route", "is empty", route);
    return /^[A-Z]+$/.test(trimmed) ? { method: trimmed, url: "/" } : { method: "GET", url: trimmed };
  }
  const url = trimmed.slice(space + 1);
  if (url.includes(" ")) fail("INVALID_ROUTE", "route", "has a second space", route);
  return { method: checkMethod(trimmed.slice(0, space), "route"), url };
}
