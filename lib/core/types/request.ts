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
