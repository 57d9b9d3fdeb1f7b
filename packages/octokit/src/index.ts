/**
 * `rest-endpoint-octokit`: rest-endpoint's `endpoint` with `@octokit/endpoint` 11's contract where
 * Octokit depends on it. Every check of rest-endpoint comes along; the one difference in what it
 * returns is the method's case (README.md of this package).
 *
 * @packageDocumentation
 */
import type { EndpointInterface } from "@octokit/types";
import { endpoint as restEndpoint } from "rest-endpoint";

/** What any of rest-endpoint's endpoint functions is, seen by this wrapper. */
interface Endpoint {
  (route?: unknown, options?: unknown): { method: string };
  readonly DEFAULTS: { method: string };
  defaults(options: unknown): Endpoint;
  merge(route?: unknown, options?: unknown): { method: string };
  parse(options: unknown): { method: string };
}

/**
 * `options` with its method upper-cased, as `@octokit/endpoint` gives it: Octokit's plugins compare
 * it with `"GET"` and `"HEAD"` (@octokit/plugin-throttling counts every other method as a write,
 * @octokit/request reads a HEAD's error from its status text).
 */
const upperCase = <T extends { method: string }>(options: T): T => ({ ...options, method: options.method.toUpperCase() });

/**
 * An endpoint function over `inner` whose results, `merge()`, `parse()` and `DEFAULTS` have the
 * method upper-case; `defaults()` wraps again.
 */
function withUpperCaseMethod(inner: Endpoint): Endpoint {
  const endpoint = (route?: unknown, options?: unknown) => upperCase(inner(route, options));
  let shown: { method: string } | undefined;
  Object.defineProperty(endpoint, "DEFAULTS", {
    enumerable: true,
    get: () => (shown ??= Object.freeze(upperCase(inner.DEFAULTS))),
  });
  return Object.freeze(
    Object.assign(endpoint, {
      defaults: (options: unknown) => withUpperCaseMethod(inner.defaults(options)),
      merge: (route?: unknown, options?: unknown) => upperCase(inner.merge(route, options)),
      parse: (options: unknown) => upperCase(inner.parse(options)),
    }),
  ) as unknown as Endpoint;
}

/**
 * rest-endpoint's `endpoint`, as `@octokit/endpoint` 11 exports it: `endpoint(route, options)`,
 * `endpoint.merge()`, `endpoint.parse()`, `endpoint.defaults()` and `endpoint.DEFAULTS`, each with
 * the method upper-case (`"PATCH"`, where rest-endpoint gives `"patch"`).
 *
 * @example
 * ```js
 * import { endpoint } from "rest-endpoint-octokit";
 * endpoint("patch /repos/{owner}/{repo}", { owner: "o", repo: "r", private: true }).method;
 * // "PATCH"
 * ```
 */
export const endpoint: EndpointInterface = withUpperCaseMethod(restEndpoint) as unknown as EndpointInterface;
