import { quote, shownUrl } from "../core/errors.js";
import { splitRoute, type ParsedRoute } from "../core/route.js";
import { routeShape } from "../core/template.js";
import { didYouMean, UsageError } from "./usage.js";

/**
 * The methods the CLI knows: RFC 9110 section 9's, PATCH (RFC 5789) and QUERY (RFC 10008). The
 * library sends any RFC 9110 token; on a command line an unknown one is most likely misspelt.
 */
const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY"] as const;

/**
 * A route for a message: quoted, its URL up to its query, as the library's errors show a route
 * (`shownUrl`): a key written in a route's query would reach logs.
 */
export const shownRoute = (route: string): string => quote(shownUrl(route));

/**
 * A route read as endpoint() reads it (`splitRoute`: `"GET /x"`, a URL alone for GET, a method
 * alone for its root; a second space or a method that is no token refused), with a method the CLI
 * knows, or one of `also` (upper-case: the methods a map lists, OpenAPI 3.2's `COPY`).
 *
 * @throws EndpointError `INVALID_ROUTE`, `INVALID_METHOD`; UsageError for an unknown method
 */
export function readRoute(route: string, also: readonly string[] = []): ParsedRoute {
  const parsed = splitRoute(route);
  const method = parsed.method.toUpperCase();
  if (!(METHODS as readonly string[]).includes(method) && !also.includes(method))
    throw new UsageError(`unknown method ${quote(parsed.method)} in ${shownRoute(route)}${didYouMean(parsed.method, METHODS)}`);
  return parsed;
}

/**
 * A route with its placeholders and any `{?…}` query declaration taken out, so that
 * `GET /repos/:owner/:repo`, `GET /repos/{o}/{r}`, `/repos/{o}/{r}` (a URL alone means GET) and the
 * map's `GET /repos/{owner}/{repo}` match.
 */
export function routeShapeOf(route: string, also: readonly string[] = []): string {
  const { method, url } = readRoute(route, also);
  return routeShape(method, url);
}
