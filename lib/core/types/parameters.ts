import type { EndpointParameters } from "./request.js";

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
export type UrlOf<R extends string> = R extends `${string} ${infer U}` ? U : R;

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
