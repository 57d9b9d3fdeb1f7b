import { describeValue, EndpointError } from "./errors.js";
import { checkMethod } from "./normalize-options.js";

/**
 * Splits a route `"<METHOD> <URL>"` into its method and URL template (spec §4.2 rule 1).
 *
 * - `"GET /repos/{owner}/{repo}"` gives `{ method: "GET", url: "/repos/{owner}/{repo}" }`.
 * - A URL alone means GET: `"/user"` gives `{ method: "GET", url: "/user" }`.
 * - A method alone (upper-case letters) means its root: `"POST"` gives `{ method: "POST", url: "/" }`.
 *
 * @throws {@link EndpointError} `INVALID_ROUTE` when the route is empty, has a
 * second space or a trailing word; `INVALID_METHOD` when the method is not an RFC 9110 token.
 */
export function parseRoute(route: string): { method: string; url: string } {
  const trimmed = route.trim();
  const space = trimmed.indexOf(" ");
  if (space === -1) {
    if (trimmed === "") throw routeError(route, "is empty");
    return isUpperCaseWord(trimmed) ? { method: trimmed, url: "/" } : { method: "GET", url: trimmed };
  }
  const url = trimmed.slice(space + 1);
  if (url.includes(" ")) throw routeError(route, "has more than one space");
  return { method: checkMethod(trimmed.slice(0, space), "route"), url };
}

function routeError(route: string, problem: string): EndpointError {
  return new EndpointError(
    "INVALID_ROUTE",
    "route",
    `the \`route\` argument must look like "GET /path" (one space, no other words) but ${problem}: received ${describeValue(route)}. Encode spaces in the URL as %20 or pass them as parameters`,
  );
}

function isUpperCaseWord(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code < 0x41 || code > 0x5a) return false;
  }
  return true;
}
