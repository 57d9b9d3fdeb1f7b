import type { EndpointParameters, RequestHeaders, Route } from "./request.js";
import type { MappedParameters, Refusal, RequiredKeys, RequiredParameters, RouteParameters, UrlOf } from "./parameters.js";

/**
 * A route map: `"<METHOD> <URL>"` → that route's parameters. `rest-endpoint/routes/<target>` exports
 * one per target (`api.github.com`, `ghec`, `ghes-3.17`, …) as `Routes`, generated from GitHub's
 * OpenAPI descriptions (https://github.com/github/rest-api-description, through `@octokit/openapi`),
 * and `rest-endpoint generate` writes one for any OpenAPI description (docs/any-api.md). Each route
 * is written as its API documents it: `POST /user/packages/{package_type}/{package_name}/restore`,
 * with no `{?token}`. An endpoint function typed by a map takes its routes only, each with exactly
 * its parameters; {@link UnmappedRoutes} opts in to other routes. `object`, the default, has no key
 * and so maps no route: every route is typed from its template. Any interface of that shape is one:
 *
 * @example
 * ```ts
 * interface MyRoutes {
 *   "GET /things/{id}": { id: number; expand?: boolean };
 * }
 * const api: EndpointInterface<MyRoutes> = createEndpoint({ baseUrl: "https://api.example.com" });
 * api("GET /things/{id}", { id: 1, expand: true }).url;
 * // "https://api.example.com/things/1?expand=true"
 * ```
 */
export type RouteMap = object;

export declare const unmapped: unique symbol;

/**
 * Added to a route map (`Routes & UnmappedRoutes`), the opt-in to routes the map does not list:
 * they are typed from their template, any key allowed, as without a map (GitHub ships routes before
 * its description lists them). The map's own routes stay exact. Types only.
 *
 * @example
 * ```ts
 * import type { Routes } from "rest-endpoint/routes/api.github.com";
 * const github: EndpointInterface<Routes & UnmappedRoutes> = endpoint;
 * github("GET /repos/{owner}/{repo}/new-thing", { owner: "octokit", repo: "rest.js", anything: 1 });
 * ```
 */
export interface UnmappedRoutes {
  /**
   * The marker: a construct signature, which `keyof` does not list, so that it is no route and a
   * wrapper's `R extends keyof Routes` sees route strings only. Types only.
   */
  new (marker: typeof unmapped): "routes not in the map are typed from their template";
}

export declare const apiVersion: unique symbol;

/**
 * Added to a route map (`interface Routes extends …, ApiVersioned<"2026-03-10">`), the GitHub API
 * version it describes: the map of version V is typed for calls that send `x-github-api-version: V`
 * (https://docs.github.com/rest/about-the-rest-api/api-versions). GitHub's versioned maps
 * (`rest-endpoint/routes/api.github.com.2026-03-10`, …) have it. Types only.
 *
 * @example
 * ```ts
 * import type { Routes } from "rest-endpoint/routes/api.github.com.2026-03-10";
 * const github: EndpointInterface<Routes> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });
 * github("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug", assignees: ["octocat"] }).headers["x-github-api-version"];
 * // "2026-03-10"
 * ```
 */
export interface ApiVersioned<Version extends string> {
  /**
   * The marker: a call signature, which `keyof` does not list, so that it is no route and a
   * wrapper's `R extends keyof Routes` sees route strings only (README.md, "Typed by GitHub's
   * description"). Types only: no map is a function.
   */
  (marker: typeof apiVersion): Version;
}

/**
 * The API version a route map describes ({@link ApiVersioned}), else `string`: any.
 *
 * @example
 * ```ts
 * type V = VersionOf<import("rest-endpoint/routes/api.github.com.2026-03-10").Routes>;
 * // "2026-03-10"
 * type Any = VersionOf<import("rest-endpoint/routes/api.github.com").Routes>;
 * // string
 * ```
 */
export type VersionOf<Routes extends RouteMap> = Routes extends {
  /** The version `ApiVersioned` records. */
  (marker: typeof apiVersion): infer Version extends string;
}
  ? string extends Version
    ? string
    : Version
  : string;

/** Header fields with their names lowercase. */
type Lowercased<Headers> = { [K in keyof Headers as K extends string ? Lowercase<K> : never]: Headers[K] };

/**
 * The API version the `x-github-api-version` header field of `Headers` names, in any case of its
 * name, else `Otherwise`.
 */
export type VersionSent<Headers, Otherwise extends string> = [NonNullable<Headers>] extends [never]
  ? Otherwise
  : Lowercased<NonNullable<Headers>> extends { "x-github-api-version": infer V }
    ? V extends string
      ? V
      : // A one-item list is sent as its item (RFC 9110 section 5.3).
        V extends readonly [infer One extends string]
        ? One
        : Otherwise
    : Otherwise;

/**
 * The header field a versioned map's defaults may set: `x-github-api-version` with the map's
 * version only, so that a header and a map that disagree do not compile.
 */
export type VersionRule<Version extends string> = string extends Version
  ? unknown
  : { headers?: { "x-github-api-version"?: Version; "X-GitHub-Api-Version"?: Version } & RequestHeaders };

/**
 * The same rule for the options a versioned map's `defaults()` is given, in any spelling of the
 * name (`X-GITHUB-API-VERSION`) and as a one-item list: what they send must be the map's version.
 */
export type VersionSpelling<Version extends string, Options> = string extends Version
  ? unknown
  : Options extends { headers?: infer Headers }
    ? VersionSent<Headers, Version> extends Version
      ? unknown
      : { headers: { "x-github-api-version": Version } }
    : unknown;

/**
 * The keys of a map (or of its responses), `keyof Map`, listed once per map. TypeScript lists an
 * object type's keys anew each time it instantiates a `keyof` written in a generic type (for GitHub's
 * maps a union of over 1,000 routes, on every call); it keeps a conditional type's instantiations, one
 * per type argument, so through this one it lists them once. `[Map]`: no distribution over a union.
 */
export type KeysOf<Map> = [Map] extends [unknown] ? keyof Map : never;

/** Whether a map takes routes it does not list: a map with no route (`object`), or one with {@link UnmappedRoutes}. */
export type IsOpen<Routes extends RouteMap> = [Extract<keyof Routes, string>] extends [never]
  ? true
  : Routes extends UnmappedRoutes
    ? true
    : false;

/**
 * A call's shape: its options (`options`) and the parameters it must give (`required`), both from
 * one lookup of the route; this one of a mapped route whose parameters are `P`.
 */
type MappedShape<P, Given extends string> = { options: MappedParameters<P, Given>; required: Exclude<RequiredKeys<P>, Given> };

/**
 * The shape of route `R`: from the map when `R` is one of its routes; else
 * {@link UnmappedShape}. A route typed `string` takes any options, map or not: it is the explicit
 * way past a map, as it is past a template. `string extends R` comes first, so that TypeScript
 * measures `EndpointInterface` independent of its map and relates `endpoint` to
 * `EndpointInterface<Routes>` without comparing the two member by member (asking there whether the
 * map is open made it compare them); `R` is wrapped (`[R]`), so that nothing
 * distributes over the map's keys.
 */
type ShapeOf<Routes extends RouteMap, R extends string, Given extends string> = string extends R
  ? { options: EndpointParameters; required: never }
  : [R] extends [KeysOf<Routes>]
    ? VersionedShape<MappedShape<Routes[R], Given>, VersionOf<Routes>>
    : UnmappedShape<Routes, R, Given>;

/**
 * A mapped call's shape under a versioned map ({@link ApiVersioned}): its own `headers` may send
 * `x-github-api-version` (in that spelling or GitHub's, `X-GitHub-Api-Version`) with the map's
 * version only, so that a call does not ask for another version than the one its parameters were
 * checked against. Other spellings of the name are not seen here: a call's options are checked
 * against their type, not inferred as literals, as `defaults()`' are. Unversioned maps: no rule.
 */
type VersionedShape<Shape extends { options: unknown; required: unknown }, Version extends string> = string extends Version
  ? Shape
  : { options: Shape["options"] & VersionRule<Version>; required: Shape["required"] };

/**
 * The shape of a route that is not a key of the map: the map's route when `R` is one
 * with a query expression (`{?…}`, the spelling earlier maps used); else from `R`'s template when the
 * map is open ({@link RouteParameters}, with {@link RouteFormRules} where its URL is literal); else a
 * {@link Refusal}.
 */
type UnmappedShape<Routes extends RouteMap, R extends string, Given extends string> = [R] extends [`${infer Path}{?${string}}`]
  ? [Path] extends [KeysOf<Routes>]
    ? MappedShape<Routes[Path], Given>
    : TemplateShape<Routes, R, Given>
  : TemplateShape<Routes, R, Given>;

/** The shape of a route the map does not have: see {@link UnmappedShape}. */
type TemplateShape<Routes extends RouteMap, R extends string, Given extends string> = [R] extends [Route]
  ? IsOpen<Routes> extends true
    ? {
        options: string extends UrlOf<R> ? RouteParameters<R, Given> : RouteParameters<R, Given> & RouteFormRules<R>;
        required: Exclude<RequiredParameters<R>, Given>;
      }
    : { options: Refusal<`${R} is not a route of the map`>; required: "route" }
  : { options: Refusal<`${R} is not a route: "<METHOD> <URL>"`>; required: "route" };

/**
 * The options object a call of route `R` takes, as one type: what `Endpoints[R]["parameters"]` is
 * to `@octokit/types`. From the route map when `R` is one of its routes ({@link MappedParameters});
 * else from `R`'s template ({@link RouteParameters}) when the map is open; a route typed `string`
 * takes any options. `Given` names the parameters the defaults give. A generic wrapper that passes
 * its parameters on compiles with it, and keeps every check at its own call sites:
 *
 * @example
 * ```ts
 * import type { Routes } from "rest-endpoint/routes/api.github.com";
 * const github: EndpointInterface<Routes> = endpoint;
 * function request<R extends keyof Routes & string>(route: R, parameters: ParametersOf<Routes, R>) {
 *   return github(route, parameters);
 * }
 * request("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 }).url;
 * // "https://api.github.com/repos/octokit/rest.js/issues?per_page=100"
 * ```
 */
export type ParametersOf<Routes extends RouteMap, R extends string, Given extends string = never> = ShapeOf<Routes, R, Given>["options"];

/**
 * The options argument of route `R`, as a rest parameter's tuple: {@link ParametersOf}, required
 * exactly when the route needs a parameter the defaults do not give, with its `mediaType.format`
 * typed `Format` ({@link FormatOption}; an endpoint function infers it to type the response). A generic wrapper written
 * `(route: R, ...options: ArgumentsOf<Routes, R>)` compiles and, like the endpoint function, lets
 * its callers leave out an options argument that holds nothing required.
 *
 * @example
 * The element is `NoInfer` but for the format: TypeScript infers `R` from the route alone, and does
 * not weigh a wrapper's `ParametersOf` against the signature's to infer it.
 *
 * ```ts
 * type Mapped = ArgumentsOf<{ "GET /things/{id}": { id: number } }, "GET /things/{id}">;
 * // [options: NoInfer<ParametersOf<{ "GET /things/{id}": { id: number } }, "GET /things/{id}">> & FormatOption<string>]
 * type Optional = ArgumentsOf<{ "GET /things": { limit?: number } }, "GET /things">;
 * // [options?: (NoInfer<ParametersOf<{ "GET /things": { limit?: number } }, "GET /things">> & FormatOption<string>) | undefined]
 * ```
 */
export type ArgumentsOf<Routes extends RouteMap, R extends string, Given extends string = never, Format extends string = string> = [
  ShapeOf<Routes, R, Given>["required"],
] extends [never]
  ? [options?: (NoInfer<ParametersOf<Routes, R, Given>> & FormatOption<Format>) | undefined]
  : [options: NoInfer<ParametersOf<Routes, R, Given>> & FormatOption<Format>];

/**
 * The part of a call's options an endpoint function infers: its `mediaType.format` (`Format`),
 * which types the response ({@link TypedRequestOptions}).
 * A wrapper that takes `ParametersOf<Routes, R> & FormatOption<Format>` passes the format on
 * (README.md, "Typed by GitHub's description"). `raw`, `diff`, `patch`, `html` and `sha` answer
 * with text (GitHub's "Media types").
 *
 * @example
 * ```ts
 * function request<R extends string, Format extends string = string>(route: R, parameters: ParametersOf<Routes, R> & FormatOption<Format>) {
 *   return send(github<R, Format>(route, parameters));
 * }
 * const pull = await request("GET /repos/{owner}/{repo}/pulls/{pull_number}", { owner: "o", repo: "r", pull_number: 1, mediaType: { format: "diff" } });
 * if (pull.status === 200) pull.data; // string
 * ```
 */
export type FormatOption<Format extends string> = {
  /** The call's `mediaType`, of which only `format` is read here. */
  mediaType?: {
    /** The media type format, e.g. `"diff"`: inferred as the call writes it. */
    format?: Format;
  };
};

/**
 * The parameters of the options form `{ method: M, url: U, … }`: from the route map when
 * `"<M upper-cased> <U>"` is one of its routes, else from `U`'s template when the map is open, else a
 * {@link Refusal}. (The key is bound by `infer` before it is looked up: indexing the map with the
 * template literal type itself made TypeScript give up with TS2590, "union type too complex", on
 * the first call. A `url` typed `string` is answered first, as the route form does.)
 *
 * @example
 * ```ts
 * type Mapped = OptionsOf<{ "POST /things": { name: string } }, "post", "/things">;
 * // MappedParameters<{ name: string }>
 * type Template = OptionsOf<object, "GET", "/things/{id}">;
 * // RouteParameters<"/things/{id}"> & DataRule<"GET">
 * ```
 */
export type OptionsOf<Routes extends RouteMap, M extends string, U extends string, Given extends string = never> = string extends U
  ? EndpointParameters & DataRule<M>
  : `${Uppercase<M>} ${U}` extends infer K extends string
    ? [K] extends [KeysOf<Routes>]
      ? MappedParameters<Routes[K], Given>
      : [K] extends [`${infer Path}{?${string}}`]
        ? [Path] extends [KeysOf<Routes>]
          ? MappedParameters<Routes[Path], Given>
          : UnmappedOptions<Routes, M, U, K, Given>
        : UnmappedOptions<Routes, M, U, K, Given>
    : never;

/** The options form's parameters for a route `K` the map does not have: from `U`'s template when the map is open, else a {@link Refusal}. */
type UnmappedOptions<Routes extends RouteMap, M extends string, U extends string, K extends string, Given extends string> =
  IsOpen<Routes> extends true ? RouteParameters<U, Given> & DataRule<M> : { url: Refusal<`${K} is not a route of the map`> };

/** The method of a route, upper-cased: `"GET"` for a URL alone. */
type MethodOf<R extends string> = R extends `${infer M} ${string}` ? Uppercase<M> : "GET";

/**
 * `data` is a type error for a method that carries no content (anything but POST, PUT, PATCH,
 * DELETE and QUERY (RFC 10008), in any case), as it is `INVALID_OPTIONS` at run time; a method
 * typed `string` takes it.
 */
export type DataRule<M extends string> = string extends M
  ? unknown
  : Uppercase<M> extends "POST" | "PUT" | "PATCH" | "DELETE" | "QUERY"
    ? unknown
    : {
        /** Refused: the method carries no content. */
        data?: Refusal<`${Uppercase<M>} takes no body`>;
      };

/** Next to a route string: the route gives `method` and `url`; `data` as {@link DataRule} says. */
type RouteFormRules<R extends string> = {
  method?: Refusal<"the route gives the method">;
  url?: Refusal<"the route gives the url">;
} & DataRule<MethodOf<R>>;
