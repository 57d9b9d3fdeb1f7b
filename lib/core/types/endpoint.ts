import type { Defaults, EndpointParameters, MergedOptions, RequestOptions, Route, Url } from "./request.js";
import type {
  apiVersion,
  ArgumentsOf,
  FormatOption,
  OptionsOf,
  ParametersOf,
  RouteMap,
  VersionOf,
  VersionRule,
  VersionSent,
  VersionSpelling,
} from "./maps.js";
import type { TypedRequestOptions } from "./responses.js";

/**
 * An endpoint function: call it with a route and parameters, or with an options object, to get
 * {@link RequestOptions}. Its members work with the defaults it carries. The function object and
 * its `DEFAULTS` are frozen.
 *
 * Types only, no run-time effect: `Routes` is a route map that types the routes it lists
 * (`rest-endpoint/routes/<target>`), `Given` the parameter names the defaults give (`defaults()`
 * accumulates them). A route map plugs in by annotation:
 *
 * @example
 * ```ts
 * import type { Routes } from "rest-endpoint/routes/api.github.com";
 * const github: EndpointInterface<Routes> = endpoint;
 * github("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 }).url;
 * // "https://api.github.com/repos/octokit/rest.js/issues?per_page=100"
 * ```
 */
export interface EndpointInterface<
  Routes extends RouteMap = object,
  Given extends string = never,
  Version extends string = VersionOf<Routes>,
> {
  /**
   * Types only, no such property: the GitHub API version this function's defaults send in
   * `x-github-api-version` (for `endpoint`, the version GitHub serves without it), so that
   * an endpoint function is assignable to `EndpointInterface<Routes>` only when it sends the
   * version of a versioned map.
   */
  readonly [apiVersion]?: Version;
  /**
   * For editors only: offers the routes of the map `Routes` as completions of a call's first
   * argument, and the route's parameters as completions of the second while the call is still
   * incomplete (TypeScript then reads the longest signature). It never matches a call (its third
   * parameter is `never`), so each mistake is reported once, by the next signature. (A route typed
   * by the map's keys in the next signature completed too, but made `npm run bench:types`
   * ([bench/types.mjs](https://github.com/rest-endpoint/rest-endpoint/blob/main/bench/types.mjs))
   * miss its target: TypeScript weighed each call's options against every route.)
   */
  // A type parameter, not the keys themselves: endpoint functions of two maps stay assignable.
  <K extends Extract<keyof Routes, string>>(route: K, options: ParametersOf<Routes, K, Given>, forCompletionsOnly: never): RequestOptions;
  /**
   * Builds request options from a route and parameters (RFC 6570 expansion; docs/usage.md). The
   * options are typed by the route map `Routes` when the route is one of its keys (editors complete
   * them), else by the route's own template; a route typed `string` takes any options. Next to a
   * route string, `method` and `url` are type errors (the route gives them), and so is `data` when
   * the method carries no content (anything but POST, PUT, PATCH, DELETE, QUERY), as at run time.
   *
   * @param route - `"<METHOD> <URL>"`, e.g. `"GET /repos/{owner}/{repo}/issues"`; the URL is an RFC
   *   6570 template (RFC 6570 section 2), `:name` at the start of a path segment meaning `{name}`
   * @param options - parameters, and the options `baseUrl`, `headers`, `mediaType`, `data`, `request`
   * @returns `{ method, url, headers, body?, request? }`: `method` lowercase; parameters not in the
   *   template go to the query for GET/HEAD (RFC 6570 section 3.2.8 encoding), to a JSON body for
   *   POST/PUT/PATCH/DELETE; `body: ""` for PUT and PATCH without one
   * @throws {@link EndpointError} `INVALID_ROUTE` (not `"<METHOD> <URL>"`), `INVALID_METHOD`,
   *   `INVALID_URL_TEMPLATE`, `INVALID_URL`, `MISSING_PARAMETER`, `INVALID_PATH_SEGMENT`,
   *   `URL_LEAVES_BASE_URL`, `INVALID_PARAMETER`, `INVALID_HEADER_NAME`, `INVALID_HEADER_VALUE`,
   *   `INVALID_MEDIA_TYPE`, `INVALID_OPTIONS`, `TOO_DEEP`; see docs/errors.md
   * @example
   * ```ts
   * endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug" });
   * // { method: "post", url: "https://api.github.com/repos/octokit/rest.js/issues",
   * //   headers: { accept: "application/vnd.github.v3+json", "user-agent": "rest-endpoint/0.4.0 …",
   * //              "content-type": "application/json; charset=utf-8" },
   * //   body: { title: "Bug" } }
   * ```
   */
  <R extends string, Format extends string = string>(
    route: R,
    ...options: ArgumentsOf<Routes, R, Given, Format>
  ): TypedRequestOptions<Routes, R, Format>;
  /**
   * Builds request options from an options object holding `url` and usually `method` (default GET).
   *
   * @param options - options with `url`
   * @returns request options, as for the route form
   * @throws {@link EndpointError} as for the route form
   * @example
   * ```ts
   * endpoint({ method: "GET", url: "/orgs/{org}", org: "octokit" });
   * // { method: "get", url: "https://api.github.com/orgs/octokit", headers: { … } }
   * ```
   */
  <U extends Url, M extends string = "GET", Format extends string = string>(
    options: { method?: M; url: U } & OptionsOf<Routes, M, U, Given> & FormatOption<Format>,
  ): TypedRequestOptions<Routes, `${Uppercase<M>} ${U}`, Format>;
  /**
   * Builds request options from the defaults alone: their `method` and `url` (`"/"` when they have
   * none), as {@link EndpointInterface.merge} without arguments reads them. This is how
   * `octokit.paginate(octokit.rest.orgs.list)` calls an endpoint made by `defaults({ method, url })`.
   *
   * @returns request options, as for the route form
   * @throws {@link EndpointError} as for the route form, e.g. `MISSING_PARAMETER` when the defaults'
   *   url needs a parameter they do not give
   * @example
   * ```ts
   * endpoint.defaults({ url: "/organizations", per_page: 100 })();
   * // { method: "get", url: "https://api.github.com/organizations?per_page=100", headers: { … } }
   * ```
   */
  (): RequestOptions;
  /**
   * The defaults this function applies, deeply frozen.
   * @defaultValue `{ method: "GET", baseUrl: "https://api.github.com", headers: { accept:
   *   "application/vnd.github.v3+json", "user-agent": "rest-endpoint/<version> <platform>" },
   *   mediaType: { format: "", … } }`
   */
  readonly DEFAULTS: Defaults;
  /**
   * Returns a new endpoint function whose defaults are these overlaid with `options` (docs/usage.md,
   * `endpoint.defaults`): nested objects merge, arrays replace, `mediaType`'s lists unite.
   *
   * @param options - any options or parameters, e.g. `{ baseUrl, headers: { authorization }, per_page: 100 }`
   * @returns a new, frozen endpoint function
   * @throws {@link EndpointError} for options that a call would reject (`INVALID_HEADER_NAME`, `TOO_DEEP`, …)
   * @example
   * ```ts
   * endpoint.defaults({ owner: "octokit", per_page: 100 })("GET /repos/{owner}/{repo}/pulls", { repo: "rest.js" }).url;
   * // "https://api.github.com/repos/octokit/rest.js/pulls?per_page=100"
   * ```
   */
  defaults<const O extends EndpointParameters & VersionRule<VersionOf<Routes>>>(
    options: O & VersionSpelling<VersionOf<Routes>, O>,
  ): EndpointInterface<Routes, Given | Extract<keyof O, string>, VersionSent<O["headers"], Version>>;
  /**
   * Applies the defaults without expanding anything (docs/usage.md, `endpoint.merge`): `method` as written, `url` with
   * its placeholders.
   *
   * @returns fresh merged options sharing no mutable object with the defaults or the arguments
   * @throws {@link EndpointError} `INVALID_ROUTE`, `INVALID_OPTIONS`, header, media-type and depth errors
   * @example
   * ```ts
   * endpoint.merge("GET /orgs/{org}", { org: "octokit" });
   * // { method: "GET", baseUrl: "https://api.github.com", headers: { … }, mediaType: { format: "", … },
   * //   org: "octokit", url: "/orgs/{org}" }
   * ```
   */
  merge<R extends string>(route: string extends R ? R : R & Route, options?: EndpointParameters): MergedOptions;
  /**
   * Applies the defaults to an options object (the second call form). Without an argument it
   * returns the defaults themselves as a fresh, unfrozen copy, as the incumbent does (SDKs call
   * `endpoint.merge()` before paginating).
   * @param options - options, usually with `method` and `url`
   * @returns fresh merged options
   * @throws {@link EndpointError} as the route form
   */
  merge(options?: EndpointParameters): MergedOptions;
  /**
   * Turns merged options into request options. Stateless: it applies no defaults, so
   * `endpoint(o)` deep-equals `endpoint.parse(endpoint.merge(o))`.
   *
   * @param options - merged options, as `merge()` returns them
   * @returns request options
   * @throws {@link EndpointError} as `endpoint()`
   */
  parse(options: MergedOptions): RequestOptions;
}
