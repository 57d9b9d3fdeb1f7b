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
type Built = { method: string; url: string; headers: Record<string, string>; body?: unknown };

/** What any of rest-endpoint's endpoint functions is, seen by this wrapper. */
interface Endpoint {
  (route?: unknown, options?: unknown): Built;
  readonly DEFAULTS: { method: string; url?: string };
  defaults(options: unknown): Endpoint;
  merge(route?: unknown, options?: unknown): Merged;
  parse(options: unknown): Built;
}

/**
 * The key under which {@link deferred} keeps a refusal on merged options: a string, own and
 * enumerable, holding plain data ({@link Refusal}), so that every copy keeps it: those Octokit's
 * hooks make (`{ ...options }`, `Object.assign`), `structuredClone`, and a JSON copy, which drops a
 * Symbol key and turns a value the refusal named (a function, `NaN`, a `Map`) into one that would
 * be sent.
 */
const REFUSAL = "rest-endpoint-octokit.refusal";

/** A refusal of `merge()` as merged options carry it: the EndpointError's fields, as data. */
interface Refusal {
  readonly code: string;
  readonly argument: string;
  readonly message: string;
  readonly route: string | undefined;
}

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
 * incumbent never does. They hold the defaults, the call's own keys as given and the method
 * upper-case (what `@octokit/request` and auth-app's hook read before sending: `method`, `url`,
 * `baseUrl`, `request.hook`), and the refusal as data ({@link REFUSAL}); nothing is sent from them.
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
    [REFUSAL]: { code: error.code, argument: error.argument, message: error.message, route: error.route } satisfies Refusal,
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

/** `value` for a message: its JSON, at most 60 characters, or its type where it has none. */
function describeHeld(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // A cycle, a BigInt, a getter that throws.
  }
  if (text === undefined) return typeof value;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * Throws the refusal {@link deferred} kept on `options`, if any: an EndpointError with its code,
 * argument, message and route. What a copy holds there that is not such a record (edited, or from
 * elsewhere) is refused as `INVALID_OPTIONS` naming the key: options that held a refusal never send.
 */
function throwRefusal(options: unknown): void {
  if (options === null || typeof options !== "object" || !Object.hasOwn(options, REFUSAL)) return;
  let held: unknown;
  let fields: Partial<Record<keyof Refusal, unknown>> = {};
  try {
    held = (options as Merged)[REFUSAL];
    if (held !== null && typeof held === "object") fields = { ...held };
  } catch {
    // A getter or Proxy trap that throws: no refusal can be read, refused below.
  }
  const { code, argument, message, route } = fields;
  const suffix = `. See docs/errors.md#${String(code).toLowerCase()}`;
  if (typeof code !== "string" || typeof argument !== "string" || typeof message !== "string" || !message.endsWith(suffix))
    throw new EndpointError(
      "INVALID_OPTIONS",
      REFUSAL,
      `must be a refusal of merge() as merge() made it ({ code, argument, message, route }); received ${describeHeld(held)}`,
    );
  const error = new EndpointError(code as EndpointError["code"], argument, message.slice(0, -suffix.length));
  Object.defineProperty(error, "route", { value: typeof route === "string" ? route : undefined, enumerable: true, configurable: true });
  throw error;
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

/** Whether options' `mediaType.previews` is a list that names any (another shape is rest-endpoint's to refuse). */
function hasPreviews(options: unknown): boolean {
  try {
    const mediaType: unknown = options !== null && typeof options === "object" ? (options as { mediaType?: unknown }).mediaType : undefined;
    const previews: unknown =
      mediaType !== null && typeof mediaType === "object" ? (mediaType as { previews?: unknown }).previews : undefined;
    return Array.isArray(previews) && previews.length > 0;
  } catch {
    return false; // a getter that throws: rest-endpoint refuses it when it reads the options
  }
}

/**
 * Whether `@octokit/endpoint` 11 applies previews to a request: only where its URL, expanded (one
 * trailing `/` dropped) and joined to `baseUrl` before the parameters' query is added, ends in
 * `/graphql` (its `parse()`: `if (url.endsWith("/graphql"))`); on REST routes it leaves `accept` as
 * it is. `url` is the request's URL, `template` the merged options' URL template: a template that
 * writes a query or a fragment (`?`, `{?…}`, `#`) expands to a URL that does not end in `/graphql`.
 */
function takesPreviews(url: string, template: unknown): boolean {
  if (typeof template !== "string" || template.includes("?") || template.includes("#")) return false;
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  return (path.endsWith("/") ? path.slice(0, -1) : path).endsWith("/graphql");
}

/**
 * An endpoint function over `inner` with `@octokit/endpoint` 11's contract: results, `merge()`,
 * `parse()` and `DEFAULTS` with the method upper-case; `merge(options, anything)` and
 * `endpoint(options, anything)` read `options` alone; previews only where the incumbent applies
 * them ({@link takesPreviews}); a refusal in `merge()` travels on the merged options
 * ({@link deferred}); `defaults()` wraps again.
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
    let result = inner.parse(options);
    // Previews, which rest-endpoint checks and applies on every route, are left out where the
    // incumbent leaves them out (auth-app's installation token request: a REST route).
    if (hasPreviews(options) && !takesPreviews(result.url, (options as { url?: unknown }).url)) {
      const { mediaType } = options as { mediaType: object };
      result = inner.parse({ ...(options as object), mediaType: { ...mediaType, previews: [] } });
    }
    return withTextType(upperCase(result), (options as { data?: unknown }).data);
  };
  let defaultPreviews: boolean | undefined;
  // What @octokit/endpoint 11's parse(merge(route, options)) gives, built in one pass where merge()
  // would change nothing endpoint() does not: no route replaced (replacedNames), no previews to
  // apply by the incumbent's rule (parse).
  const endpoint = (route?: unknown, options?: unknown): Built => {
    throwRefusal(route);
    defaultPreviews ??= hasPreviews(inner.DEFAULTS);
    if (defaultPreviews || hasPreviews(typeof route === "string" ? options : route) || replacedNames(inner.DEFAULTS.url, route).length > 0)
      return parse(merge(route, options));
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
 * upload through `upload_url`); `mediaType.previews` apply only where the URL ends in `/graphql`
 * (REST routes keep their `accept`; a `format` applies to every route). A refusal of `merge()` is
 * thrown by the next `parse()`, `merge()` or `endpoint()` of what it returned, or of any copy of it
 * (JSON too), so that it rejects `octokit.request()`'s promise.
 *
 * @throws EndpointError from `endpoint()` and `parse()`, every code of rest-endpoint's (docs/errors.md)
 * @example
 * ```js
 * import { endpoint } from "rest-endpoint-octokit";
 * endpoint("patch /repos/{owner}/{repo}", { owner: "o", repo: "r", private: true }).method;
 * // "PATCH"
 * endpoint("GET /repos/{owner}/{repo}/topics", { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } }).headers.accept;
 * // "application/vnd.github.v3+json"
 * ```
 */
export const endpoint: EndpointInterface = withOctokitContract(restEndpoint as unknown as Endpoint) as unknown as EndpointInterface;
