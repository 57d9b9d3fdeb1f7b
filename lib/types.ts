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
  accept?: string | undefined;
  authorization?: string | undefined;
  "user-agent"?: string | undefined;
  "content-type"?: string | undefined;
} & { [name: string]: HeaderValue | undefined };

/** GitHub media type selection (https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types). */
export interface MediaType {
  /** Media type parameter such as `raw`, `diff`, `patch`, `text+json`. `""` means none. */
  format?: string;
  /** Preview names such as `mercy`, `symmetra`. United with the previews of the defaults. */
  previews?: readonly string[];
}

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
  /** GitHub media type format and previews; they amend `headers.accept`. */
  mediaType?: MediaType;
  /** The request body as given, instead of one built from parameters. */
  data?: unknown;
  /** Caller meta information, returned unchanged. */
  request?: RequestMeta;
  /** Any other key is a request parameter. */
  [parameter: string]: unknown;
}

/** Options of the object call form: like {@link EndpointParameters}, with a `url`. */
export type EndpointOptions = EndpointParameters & { url: Url };

/** Options after defaults are applied (spec §2.3): what `merge()` returns and `parse()` takes. */
export interface MergedOptions extends EndpointParameters {
  method: string;
  baseUrl: string;
  url?: Url;
  headers: { [name: string]: string };
  mediaType: { format: string; previews: string[] };
}

/** Request options (spec §2.2): what `endpoint()` and `parse()` return. */
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
 * An endpoint function: call it with a route and parameters, or with an options object, to get
 * {@link RequestOptions}. Its members work with the defaults it carries.
 */
export interface EndpointInterface {
  /**
   * Builds request options from a route and parameters.
   * @param route - `"<METHOD> <URL>"`, e.g. `"GET /repos/{owner}/{repo}/issues"`
   * @param options - parameters and options
   */
  (route: Route, options?: EndpointParameters): RequestOptions;
  /**
   * Builds request options from an options object holding `url` (and usually `method`).
   * @param options - options with `url`
   */
  (options: EndpointOptions): RequestOptions;
  /** The defaults this function applies (deeply frozen). */
  readonly DEFAULTS: Defaults;
  /** Returns a new endpoint function whose defaults are these overlaid with `options`. */
  defaults(options: EndpointParameters): EndpointInterface;
  /** Applies the defaults without expanding anything. */
  merge(route: Route, options?: EndpointParameters): MergedOptions;
  merge(options: EndpointParameters): MergedOptions;
  /** Turns merged options into request options. Stateless: it applies no defaults. */
  parse(options: MergedOptions): RequestOptions;
}
