/**
 * A route: `"<METHOD> <URL>"` such as `"GET /repos/{owner}/{repo}/issues"`, or a URL alone
 * (`"/user"`, `"https://uploads.github.com/…"`), which means `GET`.
 */
export type Route = `${string} ${string}` | `/${string}` | `{${string}` | `http://${string}` | `https://${string}`;

/** A URL template (RFC 6570, levels 1–4), with `:name` accepted for `{name}` in the path. */
export type Url = string;

/** Header field values as callers may give them; the result holds strings only. */
export type HeaderValue = string | number | readonly (string | number)[];

/** Request header fields. Names are case-insensitive on input and lowercase in every output. */
export type RequestHeaders = {
  /** Media types the response may have. @defaultValue `"application/vnd.github.v3+json"` */
  accept?: string | undefined;
  /** Credentials, e.g. `"token ghp_0123456789"` (docs/usage.md, `endpoint(route, options?)`). */
  authorization?: string | undefined;
  /** The client's name. @defaultValue `"rest-endpoint/<version> <platform>"` */
  "user-agent"?: string | undefined;
  /** The body's media type; `application/json; charset=utf-8` is added for a JSON body. */
  "content-type"?: string | undefined;
} & { [name: string]: HeaderValue | undefined };

/**
 * A `mediaType` option: fields the endpoint function's target reads (lib/core/target.ts, `request`),
 * each a name or `""` (the last given wins) or a list of names (united with the defaults'). GitHub's
 * targets read `format` and a list of names (docs/usage.md, "Media types"); a target that reads
 * none refuses one that asks for anything (`INVALID_MEDIA_TYPE`).
 */
export interface MediaType {
  /** A media type format such as `raw`, `diff`, `patch`, `text+json`. `""` means none. */
  format?: string;
  /** Any other field the target reads: a name, or a list of names. */
  readonly [field: string]: string | readonly string[] | undefined;
}

/**
 * The instance type of a web platform class the program declares (lib.dom, or @types/node's
 * globals), else `never`: the package's types then compile in a project with neither, and such a
 * project cannot have the value anyway.
 *
 * @example
 * ```ts
 * type Form = Platform<"FormData">;
 * // FormData with lib.dom or @types/node, never without
 * ```
 */
export type Platform<Name extends string> = typeof globalThis extends {
  [K in Name]: {
    /** The class's instances, as every constructor's `prototype` types them. */
    prototype: infer T;
  };
}
  ? T
  : never;

/** Caller meta information, returned unchanged in the result (`request`). */
export type RequestMeta = { [key: string]: unknown };

/**
 * Options of one call (or of `defaults()`). Keys other than the named ones are request
 * parameters: URL template variables, then query parameters (GET, HEAD, …) or JSON body keys.
 */
export interface EndpointParameters {
  /** HTTP method (an RFC 9110 token), e.g. `"GET"`. @defaultValue `"GET"` */
  method?: string;
  /** Path or full URL, a URL template. @defaultValue `"/"` */
  url?: Url;
  /** Address a relative `url` is joined to. @defaultValue `"https://api.github.com"` */
  baseUrl?: string;
  /** Header fields, merged over the default ones. */
  headers?: RequestHeaders;
  /** Fields the target reads to amend `headers.accept` ({@link MediaType}). */
  mediaType?: MediaType;
  /** The request body as given, instead of one built from parameters. */
  data?: unknown;
  /** Caller meta information, returned unchanged. */
  request?: RequestMeta;
  /** Any other key is a request parameter. */
  [parameter: string]: unknown;
}

/** Options of the object call form: like {@link EndpointParameters}, with a `url`. */
export type EndpointOptions = EndpointParameters & {
  /** Path or full URL, a URL template. */
  url: Url;
};

/** Options after defaults are applied (docs/usage.md, `endpoint.merge`): what `merge()` returns and `parse()` takes. */
export interface MergedOptions extends EndpointParameters {
  method: string;
  baseUrl: string;
  url?: Url;
  headers: { [name: string]: string };
  /** The `mediaType` of the defaults and the call, merged: GitHub's targets' `{ format, … }`, `{}` for none. */
  mediaType: {
    /** The media type format, `""` for none (GitHub's targets). */
    format?: string;
    /** Any other field: a name, or a list of names. */
    [field: string]: string | string[] | undefined;
  };
}

/** Request options (docs/usage.md, `endpoint(route, options?)`): what `endpoint()` and `parse()` return. */
export interface RequestOptions {
  /** HTTP method, lowercase, e.g. `"get"`. */
  method: string;
  /** Full URL with every placeholder expanded and the query string appended. */
  url: string;
  /** Header fields, names lowercase, values strings. */
  headers: { [name: string]: string };
  /** Present only when there is a request body (PATCH, POST, PUT, DELETE). */
  body?: unknown;
  /** The `request` option as passed in. */
  request?: RequestMeta;
}

/** The defaults an endpoint function carries, as `endpoint.DEFAULTS` shows them (deeply frozen). */
export type Defaults = Readonly<MergedOptions>;

/**
 * A value a URL template variable takes: a scalar, a flat list or a flat object (RFC 6570 section
 * 2.3). A `Date` is sent as ISO 8601; `null` and `undefined` items are left out.
 *
 * @example
 * ```ts
 * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: ["bug", "ui"] }).url;
 * // "https://api.github.com/repos/o/r/issues?labels=bug,ui"
 * ```
 */
export type ParameterValue =
  | string
  | number
  | boolean
  | bigint
  | Date
  | readonly (string | number | boolean | bigint | Date | null | undefined)[]
  | { readonly [key: string]: string | number | boolean | bigint | Date | null | undefined };

/** The URL of a route: what follows the method (`"GET /user"` gives `"/user"`). */
type UrlOf<R extends string> = R extends `${string} ${infer U}` ? U : R;

/** The expressions of a template (`"/a/{b}{?c,d}"` gives `"b" | "?c,d"`); tail-recursive, so long templates stay cheap. */
type Expressions<T extends string, Found extends string = never> = T extends `${string}{${infer E}}${infer Rest}`
  ? Expressions<Rest, Found | E>
  : Found;

/** A varspec's name, without its explode or prefix modifier (RFC 6570 section 2.4). */
type VarName<V extends string> = V extends `${infer N}*` ? N : V extends `${infer N}:${string}` ? N : V;

/** The variable names of an expression's variable list (`"a,b*"` gives `"a" | "b"`). */
type VarNames<V extends string, Found extends string = never> = V extends `${infer A},${infer B}`
  ? VarNames<B, Found | VarName<A>>
  : Found | VarName<V>;

/** Operators whose variables may be left out: they expand to nothing (RFC 6570 section 3.2). */
type OptionalOperator = "?" | "&" | "/" | ";" | ".";

/** The variables an expression needs: those of `{x}`, `{+x}` and `{#x}` (an expression's text without its braces). */
type RequiredOfExpression<E extends string> = E extends `${OptionalOperator}${string}`
  ? never
  : E extends `${"+" | "#"}${infer V}`
    ? VarNames<V>
    : VarNames<E>;

/** The variables an expression may leave out: those of `{?x}`, `{&x}`, `{/x}`, `{;x}`, `{.x}`. */
type OptionalOfExpression<E extends string> = E extends `${OptionalOperator}${infer V}` ? VarNames<V> : never;

/**
 * The grammar of a `:name` placeholder, as the runtime reads it (lib/core/chars.ts): it starts with a
 * letter or `_` (NAME_START) and goes on with letters, digits, `_` and `-` (VARCHAR).
 * [types.test.ts](https://github.com/rest-endpoint/rest-endpoint/blob/main/__tests__/core/types.test.ts) checks that the two agree, route by route.
 */
/** The characters of `S`, as a union. */
type CharsOf<S extends string> = S extends `${infer C}${infer Rest}` ? C | CharsOf<Rest> : never;
type Upper = CharsOf<"ABCDEFGHIJKLMNOPQRSTUVWXYZ">;
type NameStart = Upper | Lowercase<Upper> | "_";
type NameChar = NameStart | CharsOf<"0123456789-">;

/** The characters of `S` up to the first that is no {@link NameChar}; tail-recursive. */
type NameChars<S extends string, Taken extends string = ""> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? NameChars<Rest, `${Taken}${C}`>
    : Taken
  : Taken;

/** A `:name` placeholder's name from what follows the `:`, or `never` when no name starts there (`:1`). */
type ColonName<N extends string> = N extends `${infer C}${infer Rest}` ? (C extends NameStart ? `${C}${NameChars<Rest>}` : never) : never;

/** The path of a URL: what comes before the first `?` or `#` (where `{?…}` and `{#…}` begin too). */
type PathOf<U extends string> = U extends `${infer P}?${string}` ? PathOf<P> : U extends `${infer P}#${string}` ? P : U;

/** The `:name` placeholders at the start of path segments (`"/repos/:owner"` gives `"owner"`). */
type ColonNames<T extends string, Found extends string = never> = T extends `${string}/:${infer R}`
  ? R extends `${infer N}/${infer Rest}`
    ? ColonNames<`/${Rest}`, Found | ColonName<N>>
    : Found | ColonName<R>
  : Found;

/**
 * The parameters a route's URL template needs: `{x}`, `{+x}`, `{#x}` (RFC 6570 sections 3.2.2 to
 * 3.2.4) and `:x`. For a route that is not a literal (`string`), none.
 *
 * @example
 * ```ts
 * type Needed = RequiredParameters<"GET /repos/{owner}/{repo}/issues{?state}">;
 * // "owner" | "repo"
 * ```
 */
export type RequiredParameters<R extends string> =
  string extends UrlOf<R> ? never : Literal<RequiredOfExpression<Expressions<UrlOf<R>>> | ColonNames<PathOf<UrlOf<R>>>>;

/**
 * The parameters a route's URL template may take without needing them: `{?x}`, `{&x}`, `{/x}`,
 * `{;x}`, `{.x}`, which expand to nothing when undefined (RFC 6570 sections 3.2.5 to 3.2.9).
 *
 * @example
 * ```ts
 * type Optional = OptionalParameters<"GET /repos/{owner}/{repo}/issues{?state,per_page}">;
 * // "state" | "per_page"
 * ```
 */
export type OptionalParameters<R extends string> = string extends UrlOf<R> ? never : Literal<OptionalOfExpression<Expressions<UrlOf<R>>>>;

/** Names known from the template's text: a part built at run time (`${string}`) names none. */
type Literal<Names extends string> = string extends Names ? never : Names;

/**
 * The options of a call of route `R` when the defaults already give `Given`: the parameters the
 * template needs and the defaults do not give are required, the template's others typed, and any
 * other key allowed (GitHub's description lags its API; the runtime takes any parameter).
 *
 * @example
 * ```ts
 * const ok: RouteParameters<"GET /repos/{owner}/{repo}"> = { owner: "octokit", repo: "rest.js", per_page: 100 };
 * // @ts-expect-error `owner` is missing
 * const missing: RouteParameters<"GET /repos/{owner}/{repo}"> = { repo: "rest.js" };
 * const given: RouteParameters<"GET /repos/{owner}/{repo}", "owner"> = { repo: "rest.js" };
 * ```
 */
export type RouteParameters<R extends string, Given extends string = never> = EndpointParameters & {
  [K in Exclude<RequiredParameters<R>, Given>]: ParameterValue;
} & { [K in OptionalParameters<R> | Extract<RequiredParameters<R>, Given>]?: ParameterValue | null | undefined };

/**
 * The keys of `P` that are not optional: a route map's required parameters.
 *
 * @example
 * ```ts
 * type Needed = RequiredKeys<{ owner: string; repo: string; per_page?: number }>;
 * // "owner" | "repo"
 * ```
 */
export type RequiredKeys<P> = { [K in keyof P]-?: object extends Pick<P, K> ? never : K }[keyof P];

/**
 * A type error that states the rule it enforces. No value has this type (its one property is
 * `never`), and TypeScript names it in the message: `data` on a GET route reads
 * `Type 'string' is not assignable to type 'Refusal<"GET takes no body">'`.
 *
 * @example
 * ```ts
 * // @ts-expect-error GET takes no body
 * endpoint("GET /user", { data: "x" });
 * ```
 */
export type Refusal<Rule extends string> = { readonly [K in Rule]: never };

/** The options a call of a mapped route takes besides its parameters: the route gives `method` and `url`, the map lists `data` where the body goes there. */
type CallOptions = Pick<EndpointParameters, "baseUrl" | "headers" | "mediaType" | "request">;

/**
 * The options of a call of a route found in a route map, whose parameters are `P` (path, query and
 * body parameters, as `rest-endpoint/routes/<target>` lists them), when the defaults already give
 * `Given`: exactly `P`'s keys, those the defaults give optional, each optional one also taking
 * `undefined`, and the options `baseUrl`, `headers`, `mediaType`, `request`. Any other key is a type
 * error that names it, as a misspelt parameter would be sent as written. `data` is one of `P`'s
 * keys where the route's body goes there (a form, multipart, bytes); beside it, `P` has no body
 * parameter, so parameters next to `data` are type errors, as they are `INVALID_OPTIONS` at run time.
 *
 * @example
 * ```ts
 * type Issues = { owner: string; repo: string; per_page?: number };
 * const ok: MappedParameters<Issues> = { owner: "octokit", repo: "rest.js", per_page: 100 };
 * // @ts-expect-error `per_page` is a number
 * const wrong: MappedParameters<Issues> = { owner: "octokit", repo: "rest.js", per_page: "many" };
 * // @ts-expect-error `per_pag` is no parameter of the route
 * const misspelt: MappedParameters<Issues> = { owner: "octokit", repo: "rest.js", per_pag: 100 };
 * const given: MappedParameters<Issues, "owner"> = { repo: "rest.js" };
 * ```
 */
export type MappedParameters<P, Given extends string = never> = CallOptions &
  // Pick and a mapping over its keys keep each property's TSDoc, which an editor shows on hover.
  Pick<P, Exclude<RequiredKeys<P>, Given>> &
  OptionalOrUndefined<Pick<P, Exclude<keyof P, Exclude<RequiredKeys<P>, Given>>>>;

/** `T` with every property optional and taking `undefined` (what `exactOptionalPropertyTypes` needs said). */
type OptionalOrUndefined<T> = { [K in keyof T]?: T[K] | undefined };

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

declare const unmapped: unique symbol;

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

declare const apiVersion: unique symbol;

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
type VersionRule<Version extends string> = string extends Version
  ? unknown
  : { headers?: { "x-github-api-version"?: Version; "X-GitHub-Api-Version"?: Version } & RequestHeaders };

/**
 * The same rule for the options a versioned map's `defaults()` is given, in any spelling of the
 * name (`X-GITHUB-API-VERSION`) and as a one-item list: what they send must be the map's version.
 */
type VersionSpelling<Version extends string, Options> = string extends Version
  ? unknown
  : Options extends { headers?: infer Headers }
    ? VersionSent<Headers, Version> extends Version
      ? unknown
      : { headers: { "x-github-api-version": Version } }
    : unknown;

/** Whether a map takes routes it does not list: a map with no route (`object`), or one with {@link UnmappedRoutes}. */
type IsOpen<Routes extends RouteMap> = [Extract<keyof Routes, string>] extends [never]
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
  : [R] extends [keyof Routes]
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
  ? [Path] extends [keyof Routes]
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
 * exactly when the route needs a parameter the defaults do not give. A generic wrapper written
 * `(route: R, ...options: ArgumentsOf<Routes, R>)` compiles and, like the endpoint function, lets
 * its callers leave out an options argument that holds nothing required.
 *
 * @example
 * The element is `NoInfer`: TypeScript infers `R` from the route alone, and does not weigh a
 * wrapper's `ParametersOf` against the signature's to infer it.
 *
 * ```ts
 * type Mapped = ArgumentsOf<{ "GET /things/{id}": { id: number } }, "GET /things/{id}">;
 * // [options: NoInfer<ParametersOf<{ "GET /things/{id}": { id: number } }, "GET /things/{id}">>]
 * type Optional = ArgumentsOf<{ "GET /things": { limit?: number } }, "GET /things">;
 * // [options?: NoInfer<ParametersOf<{ "GET /things": { limit?: number } }, "GET /things">> | undefined]
 * ```
 */
export type ArgumentsOf<Routes extends RouteMap, R extends string, Given extends string = never> = [
  ShapeOf<Routes, R, Given>["required"],
] extends [never]
  ? [options?: NoInfer<ParametersOf<Routes, R, Given>> | undefined]
  : [options: NoInfer<ParametersOf<Routes, R, Given>>];

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
    ? [K] extends [keyof Routes]
      ? MappedParameters<Routes[K], Given>
      : [K] extends [`${infer Path}{?${string}}`]
        ? [Path] extends [keyof Routes]
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
   * //   headers: { accept: "application/vnd.github.v3+json", "user-agent": "rest-endpoint/0.3.0 …",
   * //              "content-type": "application/json; charset=utf-8" },
   * //   body: { title: "Bug" } }
   * ```
   */
  <R extends string>(route: R, ...options: ArgumentsOf<Routes, R, Given>): TypedRequestOptions<Routes, R>;
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
  <U extends Url, M extends string = "GET">(
    options: { method?: M; url: U } & OptionsOf<Routes, M, U, Given>,
  ): TypedRequestOptions<Routes, `${Uppercase<M>} ${U}`>;
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

/*
 * Pagination: followLink (lib/core/link.ts; docs/usage.md, "Pagination").
 */

/**
 * A response's header fields, as HTTP clients give them: anything with `get(name)` (fetch's and
 * undici's `Headers`, axios' `AxiosHeaders`), or an object or a `Map` of fields whose names are in
 * any case and whose values are strings or lists of strings (node:http's and got's
 * `IncomingHttpHeaders`, undici's `request()` headers, a plain object). Not a list (node's
 * `rawHeaders`, an array of pairs): a type error, and `INVALID_OPTIONS` at run time.
 *
 * @example
 * ```ts
 * const fromFetch: ResponseHeaders = new Headers({ link: '</x?page=2>; rel="next"' });
 * const fromNode: ResponseHeaders = { link: ['</x?page=2>; rel="next"'] };
 * ```
 */
export type ResponseHeaders =
  | {
      /** The field's value: fetch's `Headers#get` joins several with ", " and answers `null` for none. */
      get(name: string): unknown;
    }
  | { readonly [name: string]: unknown };

/**
 * One link of a response's `Link` header field (RFC 8288 section 2: a link target, its relation
 * types and its target attributes), as `followLink` passes it to a `rel` predicate so that an API
 * marking its last page in a link parameter can be paged to the end: Sentry writes a `next` link on
 * every page, `results="false"` on the last (https://docs.sentry.io/api/pagination/).
 *
 * @example
 * ```ts
 * // <https://sentry.io/api/0/issues/1/events/?&cursor=0:100:0>; rel="next"; results="false"; cursor="0:100:0"
 * const link: Link = {
 *   target: "https://sentry.io/api/0/issues/1/events/?&cursor=0:100:0",
 *   rel: ["next"],
 *   attributes: { results: "false", cursor: "0:100:0" },
 * };
 * ```
 */
export interface Link {
  /** The link target, the URI reference between `<` and `>` as the field writes it (not yet resolved). */
  readonly target: string;
  /** The relation types of its first `rel` parameter (RFC 8288 section 3.3), lowercase, in order; `[]` without one. */
  readonly rel: readonly string[];
  /**
   * Its target attributes (RFC 8288 section 2.2): every parameter but `rel`, `rev` and `anchor`,
   * by name in lowercase, the first of a name kept (section 3.4.1); a value is the token or the
   * quoted-string's content with each quoted-pair read as its character, `""` for a parameter
   * without one; an extended value such as `title*=UTF-8'de'n%c3%a4chstes` as written (RFC 8187).
   * An object without a prototype: `attributes.results` is the field's or `undefined`.
   */
  readonly attributes: Readonly<Record<string, string>>;
}

/*
 * Responses: ResponseOf, and what a call's result carries to name it (docs/usage.md, "Responses").
 */

/** The parameter of {@link Responding}'s marker: a literal, so that the package's ESM and CommonJS declarations agree on it. */
type RespondingMarker = "the responses of the map's routes";

/**
 * Added to a route map (`interface Routes extends Responding<Responses>`), its routes' responses:
 * `Responses` maps each route to the union of its responses, as {@link ResponseOf} gives it.
 * `rest-endpoint generate` writes it into every map; GitHub's maps with responses are
 * `rest-endpoint/routes/<target>.responses` (and `<target>.<version>.responses`). Types only.
 *
 * @example
 * ```ts
 * interface MyRoutes extends Responding<{ "GET /things/{id}": { status: 200; data: { id: number }; headers: {} } }> {
 *   "GET /things/{id}": { id: number };
 * }
 * type Thing = Extract<ResponseOf<MyRoutes, "GET /things/{id}">, { status: 200 }>["data"];
 * // { id: number }
 * ```
 */
export interface Responding<Responses> {
  /**
   * The marker: a construct signature, which `keyof` does not list, so that it is no route and a
   * wrapper's `R extends keyof Routes` sees route strings only. Types only: no map is a class.
   */
  new (marker: RespondingMarker): Responses;
}

/**
 * The responses a map holds ({@link Responding}), else `undefined`. Beside {@link UnmappedRoutes}'
 * marker, another construct signature, TypeScript infers from the last signature only: the first
 * form reads `Routes & UnmappedRoutes`, the second the rest.
 */
type ResponsesIn<Routes> = Routes extends {
  new (marker: RespondingMarker): infer Responses;
  new (...marker: never): unknown;
}
  ? Responses
  : Routes extends { new (marker: RespondingMarker): infer Responses }
    ? Responses
    : undefined;

/** The header fields of a response the map does not type: any name, a string each (names lowercase). */
export type ResponseHeaderFields = { [name: string]: string | undefined };

/** The response of a route that has no response types: a route not in the map, or of no map, or typed `string`. */
export interface UntypedResponse {
  /** The status code (RFC 9110 section 15). */
  status: number;
  /** The body, as the client read it: nothing declares its type. */
  data: unknown;
  /** The header fields, names lowercase. */
  headers: ResponseHeaderFields;
}

/** `mediaType.format` values whose successful responses are text, not JSON (https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types). */
type TextFormat = "raw" | "diff" | "patch" | "html" | "sha";

/** A response as a `mediaType.format` of {@link TextFormat} gives it: a 2xx with content has `data: string`; others (errors are JSON) as they were. */
type Formatted<Response, Format extends string> = Format extends TextFormat
  ? Response extends { status: infer Status extends number; data: infer Data; headers: infer Headers }
    ? `${Status}` extends `2${string}`
      ? [Data] extends [undefined]
        ? Response
        : { status: Status; data: string; headers: Headers }
      : Response
    : Response
  : Response;

/**
 * The response of route `R` as the route map `Routes` declares it: a union discriminated by
 * `status`, one member per status code the description declares (`default` and ranges as
 * `number`), each with its `data` (the JSON body by its schema; `undefined` for none, as a 204;
 * `string` for text; `Uint8Array` for bytes) and its `headers` (those it declares, such as `link`
 * and `location`, with every other field). What `Endpoints[R]["response"]` is to `@octokit/types`.
 * `Format` is the call's `mediaType.format`: `"raw"`, `"diff"`, `"patch"`, `"html"` and `"sha"`
 * answer a 2xx with text, `data: string` (GitHub's "Media types"). A route the map has, whose map
 * holds no response types (GitHub's `rest-endpoint/routes/<target>`, whose responses are the map
 * `rest-endpoint/routes/<target>.responses`; one generated by rest-endpoint 0.3), is a
 * {@link Refusal} that names what to import;
 * a route the map does not have (an open map, {@link UnmappedRoutes}), or typed `string`, is
 * {@link UntypedResponse}. Types only.
 *
 * @example
 * ```ts
 * import type { Routes } from "rest-endpoint/routes/api.github.com.responses";
 * type Repository = Extract<ResponseOf<Routes, "GET /repos/{owner}/{repo}">, { status: 200 }>["data"];
 * // FullRepository: { id: number; name: string; full_name: string; … }
 * type Diff = Extract<ResponseOf<Routes, "GET /repos/{owner}/{repo}/pulls/{pull_number}", "diff">, { status: 200 }>["data"];
 * // string
 * ```
 */
export type ResponseOf<Routes extends RouteMap, R extends string, Format extends string = ""> =
  ResponsesIn<Routes> extends infer Responses
    ? [R] extends [keyof Responses]
      ? Formatted<Responses[R], Format>
      : [R] extends [`${infer Path}{?${string}}`]
        ? [Path] extends [keyof Responses]
          ? Formatted<Responses[Path], Format>
          : UntypedResponse
        : string extends R
          ? UntypedResponse
          : [R] extends [keyof Routes]
            ? Refusal<`${R}: this map holds no response types; import Routes from "rest-endpoint/routes/<target>.responses", or generate the map again`>
            : UntypedResponse
    : never;

declare const responseOf: unique symbol;

/**
 * Request options of route `R` of the map `Routes`, as an endpoint function returns them: the
 * {@link RequestOptions}, and, for types only, the route they were built for, so that
 * {@link ResponseFor} names the response ({@link ResponseOf}) without the route written again.
 * `followLink` returns the same type, and so names the same response.
 *
 * @example
 * ```ts
 * const github: EndpointInterface<Routes> = endpoint;
 * const options = github("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" });
 * type Repository = Extract<ResponseFor<typeof options>, { status: 200 }>["data"];
 * // FullRepository
 * ```
 */
export interface TypedRequestOptions<Routes extends RouteMap, R extends string> extends RequestOptions {
  /**
   * Types only, no such property: the map and the route. A method, whose parameters TypeScript
   * compares both ways, so that an endpoint function of one map stays assignable to that of another.
   */
  [responseOf]?(routes: Routes, route: R): void;
}

/**
 * The response of the request options `O`: {@link ResponseOf} their map and route when an endpoint
 * function typed by a map built them ({@link TypedRequestOptions}), else {@link UntypedResponse}.
 * `Format` as for {@link ResponseOf}.
 *
 * @example
 * ```ts
 * async function send<O extends RequestOptions>(options: O): Promise<ResponseFor<O>> {
 *   const response = await fetch(...toFetch(options));
 *   const data: unknown = response.status === 204 ? undefined : await response.json();
 *   return { status: response.status, headers: Object.fromEntries(response.headers), data } as ResponseFor<O>;
 * }
 * ```
 */
export type ResponseFor<O, Format extends string = ""> =
  O extends TypedRequestOptions<infer Routes, infer R> ? ResponseOf<Routes, R, Format> : UntypedResponse;
