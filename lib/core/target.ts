/**
 * A target: what a service adds to the generic builder (docs/usage.md, "Targets"). An endpoint
 * function carries one with its defaults, and `defaults()` and `parse()` keep it; it is never chosen
 * by looking at a URL. The generic factory's target adds nothing: RFC 6570 alone.
 */
import { canParse } from "./origin.js";

/** A route's declared query: the method that sends it (lowercase) and the query parameters' names. */
export interface DeclaredQuery {
  /** The method that sends the query, lowercase (`"post"`). */
  readonly method: string;
  /** The query parameters' names (`["token"]`). */
  readonly names: readonly string[];
}

/** What a target's route tables tell of one path template. */
export interface RouteRules {
  /**
   * The parameter that "supports multiple URL segments" (GitHub's `x-multi-segment`: `path` of
   * `/repos/{owner}/{repo}/contents/{path}`), where it fills a segment: its value's `/` separate
   * path segments, each encoded.
   */
  readonly multiSegment: string | undefined;
  /**
   * The query the service declares for the path on a method that sends a body (`token` of `POST
   * /user/packages/{package_type}/{package_name}/restore`): those parameters go to the query.
   */
  readonly declaredQuery: DeclaredQuery | undefined;
}

/** The rules of a template no table names. */
export const NO_RULES: RouteRules = Object.freeze({ multiSegment: undefined, declaredQuery: undefined });

/**
 * A service's knowledge, given to the generic builder (lib/core imports nothing of any service).
 * Only `name` and `defaults` are required: a target without the others is RFC 6570 alone.
 *
 * @example
 * ```ts
 * const target: Target = { name: "a test server", defaults: { baseUrl: "http://127.0.0.1:3000" } };
 * createEndpoint({}, target)("GET /items/{id}", { id: 1 }).url;
 * // "http://127.0.0.1:3000/items/1"
 * ```
 */
export interface Target {
  /** How messages and docs name it (`"api.github.com"`, `"GHES 3.19 at https://ghe.example"`). */
  readonly name: string;
  /**
   * The options an endpoint function of this target starts from (`baseUrl`, `headers`,
   * `mediaType`), read as `endpoint.defaults()` reads options.
   */
  readonly defaults: Readonly<Record<string, unknown>>;
  /**
   * Where its uploads go (GitHub: `https://uploads.github.com`; GHES `{origin}/api/uploads`). Its
   * origin is one of the target's own, for credentials, while the endpoint function's `baseUrl` is
   * the target's (docs/usage.md, "Credentials").
   */
  readonly uploadsUrl?: string | undefined;
  /**
   * The base URL a literal origin written in a route is sent to under this target (GitHub's maps
   * write `https://uploads.github.com/…`, which a GHES target sends to its uploads), or `undefined`
   * to keep it.
   */
  readonly rebase?: ((origin: string) => string | undefined) | undefined;
  /**
   * The origin a route's leading origin variable stands for when a call gives none (GHES's
   * description writes its upload and Manage API routes `{origin}/…`, the server
   * `{protocol}://{hostname}`); without it, such a route is joined to `baseUrl`, as
   * @octokit/endpoint joins Octokit's upload route.
   */
  readonly origin?: string | undefined;
  /** Its route tables, by path template (the path after a leading origin variable). */
  readonly routeRules?: ((path: string) => RouteRules) | undefined;
  /**
   * Its rule for the `mediaType` option, giving the new `accept`; without one, a format or a
   * preview is refused (`INVALID_MEDIA_TYPE`), as nothing would send it.
   */
  readonly applyMediaType?: ((accept: string, format: string, previews: readonly string[]) => string) | undefined;
  /**
   * Its checks of header fields against the expanded URL (GitHub: the API versions a host serves),
   * throwing an EndpointError.
   */
  readonly checkHeaders?: ((headers: Readonly<Record<string, string>>, url: string) => void) | undefined;
}

/**
 * A URL's origin as a WHATWG URL parser reads it (scheme, host, port; user info dropped, `%68`,
 * fullwidth letters and IDN mapped, the default port left out), with a trailing dot of the host
 * removed (`api.github.com.` names the DNS name `api.github.com`); `undefined` when it does not parse.
 */
export function parsedOrigin(url: string): string | undefined {
  if (!canParse(url)) return undefined;
  const { protocol, hostname, port } = new URL(url);
  return `${protocol}//${hostname.endsWith(".") ? hostname.slice(0, -1) : hostname}${port === "" ? "" : `:${port}`}`;
}
