/**
 * The library: `rest-endpoint`.
 *
 * @module rest-endpoint
 */
import { createEndpoint } from "./core/create.js";
import type { EndpointInterface } from "./core/types.js";
import { githubCom } from "./github/target.js";

/**
 * Turns a REST route and parameters into request options `{ method, url, headers, body?, request? }`
 * that any HTTP client can send. Synchronous; sends nothing. Defaults: GitHub's REST API.
 *
 * @param route - `"<METHOD> <URL>"`, the URL an RFC 6570 template (`{owner}`, `{?per_page}`) or with `:owner`
 * @param options - request parameters, and the options `headers`, `mediaType`, `data`, `request`, `baseUrl`
 * @returns request options: `method` lowercase, `url` expanded, `headers` lowercase, `body` for POST/PUT/PATCH/DELETE
 * @throws {@link EndpointError} with a `code` from `docs/errors.md` for any input it cannot turn into a correct request
 *
 * @example
 * ```ts
 * import { endpoint } from "rest-endpoint";
 * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" });
 * // {
 * //   method: "get",
 * //   url: "https://api.github.com/repos/octokit/rest.js/issues?state=open",
 * //   headers: { accept: "application/vnd.github.v3+json", "user-agent": "rest-endpoint/0.4.0 Node.js/20.20.2 (linux; x64)" },
 * // }
 * ```
 */
// Its defaults send no `x-github-api-version`: GitHub answers with version 2022-11-28
// (https://docs.github.com/rest/about-the-rest-api/api-versions), which the types record.
// Pure: a bundle that imports only `createEndpoint` drops it, and GitHub's tables with it.
export const endpoint: EndpointInterface<object, never, "2022-11-28"> = /* @__PURE__ */ createEndpoint(undefined, githubCom);

export { createEndpoint } from "./core/create.js";
export { EndpointError, type EndpointErrorCode } from "./core/errors.js";
export { followLink } from "./core/link.js";
export { parseRoute, type RouteTemplate } from "./core/route.js";
export type { MediaTypeFields, Target, TargetRoute } from "./core/target.js";
export { VERSION } from "./core/version.js";
export { gheCom, ghes, githubCom, githubTarget, type GhesTarget, type GitHubTarget, type GitHubTargetOptions } from "./github/target.js";
export { parseUploadUrl } from "./github/upload-url.js";
export type {
  ApiVersioned,
  ArgumentsOf,
  DataRule,
  FormatOption,
  Defaults,
  EndpointInterface,
  EndpointOptions,
  EndpointParameters,
  HeaderValue,
  Link,
  MappedParameters,
  MediaType,
  MergedOptions,
  OptionalParameters,
  OptionsOf,
  ParametersOf,
  Platform,
  Refusal,
  ParameterValue,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
  RequiredKeys,
  Responding,
  ResponseFor,
  ResponseHeaderFields,
  ResponseIn,
  ResponseOf,
  RequiredParameters,
  ResponseHeaders,
  Route,
  RouteMap,
  RouteParameters,
  TypedRequestOptions,
  UnmappedRoutes,
  UntypedResponse,
  VersionOf,
  Url,
} from "./core/types.js";
