import { BoundedCache, stringBytes } from "./cache.js";
import { fail } from "./errors.js";
import { checkMethod } from "./options.js";

/** A route split into its method and URL template. */
export interface ParsedRoute {
  readonly method: string;
  readonly url: string;
}

const routes = new BoundedCache<ParsedRoute>({ entries: 1000, bytes: 1024 * 1024, bytesOf: stringBytes });

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
export function parseRoute(route: string): ParsedRoute {
  return routes.get(route, split);
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
