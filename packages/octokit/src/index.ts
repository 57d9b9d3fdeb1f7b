/**
 * `rest-endpoint-octokit`: rest-endpoint's `endpoint` with `@octokit/endpoint` 11's contract where
 * Octokit depends on it. Every check of rest-endpoint comes along; what differs from rest-endpoint's
 * own `endpoint` is listed in this package's README.md and in docs/octokit.md.
 *
 * @packageDocumentation
 */
import type { EndpointInterface } from "@octokit/types";
import { endpoint as restEndpoint, EndpointError, parseRoute } from "rest-endpoint";

/** Merged options as this wrapper handles them: rest-endpoint's, or a refusal kept for later ({@link deferred}). */
type Merged = Record<string | symbol, unknown> & { method: string };
/** Request options as rest-endpoint's endpoint functions return them. */
type Built = { method: string; headers: Record<string, string>; body?: unknown };

/** What any of rest-endpoint's endpoint functions is, seen by this wrapper. */
interface Endpoint {
  (route?: unknown, options?: unknown): Built;
  readonly DEFAULTS: { method: string; url?: string };
  defaults(options: unknown): Endpoint;
  merge(route?: unknown, options?: unknown): Merged;
  parse(options: unknown): Built;
}

/**
 * The key under which {@link deferred} keeps a refusal on merged options: own and enumerable, so
 * that the copies Octokit's hooks make (`{ ...options }`, `Object.assign`) keep it.
 */
const REFUSAL = Symbol.for("rest-endpoint-octokit.refusal");

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * `options` with its method upper-cased, as `@octokit/endpoint` gives it: Octokit's plugins compare
 * it with `"GET"` and `"HEAD"` (@octokit/plugin-throttling counts every other method as a write,
 * @octokit/request reads a HEAD's error from its status text).
 */
const upperCase = <T extends { method: string }>(options: T): T => ({ ...options, method: options.method.toUpperCase() });

/**
 * The parameters `@octokit/endpoint` 11 drops beside `data` when a call's `url` replaces the
 * route of its defaults: those that only the replaced template names. This is Octokit's upload
 * through a release's `upload_url`
 * (`uploadReleaseAsset({ url: release.upload_url, owner, repo, release_id, name, data })`,
 * https://github.com/octokit/plugin-rest-endpoint-methods.js#readme): `owner`, `repo` and
 * `release_id` fill the route's template, which `upload_url` (already holding them) replaces.
 * Any other parameter next to `data` is still refused by rest-endpoint (`INVALID_OPTIONS`).
 */
function replacedNames(defaultsUrl: string | undefined, route: unknown): string[] {
  if (defaultsUrl === undefined || route === null || typeof route !== "object") return [];
  const { url, data } = route as { url?: unknown; data?: unknown };
  if (typeof url !== "string" || url === defaultsUrl || data === undefined) return [];
  // rest-endpoint's own reading of each template (a URL alone is a GET route).
  const kept = new Set(parseRoute(url).variables);
  return parseRoute(defaultsUrl).variables.filter((name) => !kept.has(name));
}

/**
 * Merged options that carry a refusal to the next `merge()`, `parse()` or `endpoint()` of them,
 * where it is thrown: `@octokit/request` calls `merge()` before any of its promises exists, so a
 * throw there would leave `octokit.request()` synchronously instead of rejecting its promise, as the
 * incumbent never does. They hold the defaults, the call's own keys as given (so that a copy
 * without the refusal is refused again when read) and the method upper-case; nothing is sent from
 * them.
 */
function deferred(error: EndpointError, inner: Endpoint, route: unknown, options: unknown): Merged {
  const base = inner.merge();
  let given: Record<string, unknown> = {};
  try {
    given = typeof route === "string" ? { ...(options as object), ...routeOf(route) } : { ...(route as object) };
  } catch {
    // A getter or Proxy trap that throws: the defaults alone, with the refusal.
  }
  const method = typeof given.method === "string" ? given.method : base.method;
  return {
    ...base,
    ...given,
    headers: { ...(base.headers as object), ...(given.headers as object) },
    request: { ...(base.request as object), ...(given.request as object) },
    method: method.toUpperCase(),
    [REFUSAL]: error,
  };
}

/** A route's method and URL as rest-endpoint reads them; a route it refuses is kept whole as the URL, refused again when read. */
function routeOf(route: string): { method?: string; url: string } {
  try {
    const { method, url } = parseRoute(route);
    return { method, url };
  } catch {
    return { url: route };
  }
}

/** Throws the refusal {@link deferred} kept on `options`, if any. */
function throwRefusal(options: unknown): void {
  if (options !== null && typeof options === "object" && Object.hasOwn(options, REFUSAL)) throw (options as Merged)[REFUSAL];
}

/**
 * Whether `data` is a string or bytes, to which `@octokit/endpoint` 11 gives `content-type:
 * application/json; charset=utf-8` when none is set (rest-endpoint gives it to JSON bodies only).
 * FormData, URLSearchParams, Blob and streams are left to the client, which sets their media type.
 */
const isTextOrBytes = (data: unknown): boolean => typeof data === "string" || data instanceof ArrayBuffer || ArrayBuffer.isView(data);

/** `result` with the JSON content-type {@link isTextOrBytes} `data` gets where none is set. */
function withTextType(result: Built, data: unknown): Built {
  if (isTextOrBytes(data) && !Object.hasOwn(result.headers, "content-type")) result.headers["content-type"] = JSON_CONTENT_TYPE;
  return result;
}

/**
 * An endpoint function over `inner` with `@octokit/endpoint` 11's contract: results, `merge()`,
 * `parse()` and `DEFAULTS` with the method upper-case; `merge(options, anything)` and
 * `endpoint(options, anything)` read `options` alone; a refusal in `merge()` travels on the merged
 * options ({@link deferred}); `defaults()` wraps again.
 */
function withOctokitContract(inner: Endpoint): Endpoint {
  let shown: { method: string; url?: string } | undefined;
  const defaultsShown = () => (shown ??= Object.freeze(upperCase(inner.DEFAULTS)));
  const merge = (route?: unknown, options?: unknown): Merged => {
    throwRefusal(route);
    let merged: Merged;
    try {
      // @octokit/endpoint 11 reads a second argument only next to a route string: its hooks call
      // `request.endpoint.merge(options, options)` (@octokit/auth-token, Octokit's plugins).
      merged = typeof route === "string" ? inner.merge(route, options) : inner.merge(route);
      for (const name of replacedNames(inner.DEFAULTS.url, route)) Reflect.deleteProperty(merged, name);
    } catch (error) {
      if (error instanceof EndpointError) return deferred(error, inner, route, options);
      throw error;
    }
    return upperCase(merged);
  };
  const parse = (options: unknown): Built => {
    throwRefusal(options);
    return withTextType(upperCase(inner.parse(options)), (options as { data?: unknown }).data);
  };
  // What @octokit/endpoint 11's parse(merge(route, options)) gives, built in one pass where merge()
  // would change nothing endpoint() does not (no route replaced: see replacedNames).
  const endpoint = (route?: unknown, options?: unknown): Built => {
    throwRefusal(route);
    if (replacedNames(inner.DEFAULTS.url, route).length > 0) return parse(merge(route, options));
    const given = typeof route === "string" ? options : route;
    return withTextType(
      upperCase(typeof route === "string" ? inner(route, options) : inner(route)),
      (given as { data?: unknown } | undefined)?.data,
    );
  };
  Object.defineProperty(endpoint, "DEFAULTS", { enumerable: true, get: defaultsShown });
  return Object.freeze(
    Object.assign(endpoint, {
      defaults: (options: unknown) => withOctokitContract(inner.defaults(options)),
      merge,
      parse,
    }),
  ) as unknown as Endpoint;
}

/**
 * rest-endpoint's `endpoint`, as `@octokit/endpoint` 11 exports it: `endpoint(route, options)`,
 * `endpoint.merge()`, `endpoint.parse()`, `endpoint.defaults()` and `endpoint.DEFAULTS`, each with
 * the method upper-case (`"PATCH"`, where rest-endpoint gives `"patch"`). As the incumbent:
 * `merge(options, anything)` ignores its second argument; a string or bytes `data` gets
 * `content-type: application/json; charset=utf-8` when none is given; a call whose `url` replaces
 * its defaults' route drops, beside `data`, the parameters only the replaced route named (Octokit's
 * upload through `upload_url`). A refusal of `merge()` is thrown by the next `parse()`, `merge()`
 * or `endpoint()` of what it returned, so that it rejects `octokit.request()`'s promise.
 *
 * @throws EndpointError from `endpoint()` and `parse()`, every code of rest-endpoint's (docs/errors.md)
 * @example
 * ```js
 * import { endpoint } from "rest-endpoint-octokit";
 * endpoint("patch /repos/{owner}/{repo}", { owner: "o", repo: "r", private: true }).method;
 * // "PATCH"
 * ```
 */
export const endpoint: EndpointInterface = withOctokitContract(restEndpoint as unknown as Endpoint) as unknown as EndpointInterface;
