import { quote } from "../core/errors.js";
import { splitRoute, type ParsedRoute } from "../core/route.js";
import { routeShape } from "../core/template.js";
import { didYouMean, UsageError } from "./usage.js";

/**
 * The methods the CLI knows: RFC 9110 section 9's, PATCH (RFC 5789) and QUERY (RFC 10008). The
 * library sends any RFC 9110 token; on a command line an unknown one is most likely misspelt.
 */
const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY"] as const;

/**
 * A route read as endpoint() reads it (`splitRoute`: `"GET /x"`, a URL alone for GET, a method
 * alone for its root; a second space or a method that is no token refused), with a method the CLI
 * knows.
 *
 * @throws EndpointError `INVALID_ROUTE`, `INVALID_METHOD`; UsageError for an unknown method
 */
export function readRoute(route: string): ParsedRoute {
  const parsed = splitRoute(route);
  if (!(METHODS as readonly string[]).includes(parsed.method.toUpperCase()))
    throw new UsageError(`unknown method ${quote(parsed.method)} in ${quote(route)}${didYouMean(parsed.method, METHODS)}`);
  return parsed;
}

/**
 * A route with its placeholders and any `{?…}` query declaration taken out, so that
 * `GET /repos/:owner/:repo`, `GET /repos/{o}/{r}`, `/repos/{o}/{r}` (a URL alone means GET) and the
 * map's `GET /repos/{owner}/{repo}` match.
 */
export function routeShapeOf(route: string): string {
  const { method, url } = readRoute(route);
  return routeShape(method, url);
}
