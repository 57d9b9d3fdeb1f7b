/**
 * Security schemes at run time (docs/authentication.md): the credentials a caller gives once, each
 * sent where its scheme says (OpenAPI 3.1 section 4.8.27, the Security Scheme Object) on the
 * operations whose requirement names it (section 4.8.30, the Security Requirement Object), and only
 * to the endpoint function's own origin. `rest-endpoint generate` writes the table of schemes and
 * requirements (lib/openapi/requirements.ts) and a `credentials()` that calls {@link securityOf};
 * `withQueries` applies the result ({@link authorize}).
 */
import { NOT_FIELD_VCHAR } from "../core/chars.js";
import { fail, quote } from "../core/errors.js";
import { isOriginIn } from "../core/target.js";
import { byRouteShape, routeShape } from "../core/template.js";
import type { RequestOptions } from "../core/types.js";
import { encodeComponent } from "../core/url-template.js";
import { isPlainRecord } from "../core/values.js";

/**
 * A security scheme as a generated module holds it (OpenAPI 3.1 section 4.8.27): `apiKey` sent in
 * the header field, query parameter or cookie `name`; `http` with its scheme (`bearer`, RFC 6750;
 * `basic`, RFC 7617; another is sent as `<scheme> <credentials>`); `oauth2` and `openIdConnect`,
 * whose token the caller obtained, sent as a bearer token (RFC 6750 section 2.1).
 */
export type SecurityScheme =
  | {
      /** An API key. */
      readonly type: "apiKey";
      /** Where it is sent. */
      readonly in: "header" | "query" | "cookie";
      /** The header field's, query parameter's or cookie's name. */
      readonly name: string;
    }
  | {
      /** HTTP authentication (RFC 9110 section 11). */
      readonly type: "http";
      /** The authentication scheme: `bearer`, `basic` or another (`Token`). */
      readonly scheme: string;
    }
  | {
      /** An access token the caller obtained, sent as a bearer token. */
      readonly type: "oauth2" | "openIdConnect";
    };

/**
 * What a description declares of security, as `rest-endpoint generate` writes it: its schemes by
 * name, and each route's requirement: a list of alternatives (any one suffices), each the names of
 * the schemes sent together, as OpenAPI writes `security` (`[["api_key"], ["bearer", "basic"]]`);
 * an empty alternative (`{}` in OpenAPI) needs no credential. A route the table does not name
 * (`security: []`, or none declared) is sent without any.
 */
export interface SecurityTable {
  /** The schemes by name (`components.securitySchemes`), `mutualTLS` left out. */
  readonly schemes: Readonly<Record<string, SecurityScheme>>;
  /** Each route that requires a credential (`"GET /pets"`), with its alternatives. */
  readonly routes: Readonly<Record<string, readonly (readonly string[])[]>>;
}

/** What one credential sends: a header field, a query parameter or a cookie, with its value as sent. */
interface Sent {
  readonly in: "header" | "query" | "cookie";
  /** A header field's name in lowercase, a query parameter's name, or a cookie's name. */
  readonly name: string;
  readonly value: string;
  /** A query parameter's `name=value`, each encoded as a component (RFC 3986 section 3.4). */
  readonly pair?: string;
}

/**
 * Credentials bound to a description's security schemes, made by a generated module's
 * `credentials()`, for `withQueries`' third argument. It shows only the names of the schemes given:
 * the values are kept out of sight, so that printing it (or the endpoint) prints no secret.
 */
export interface Security {
  /** The names of the schemes a credential was given for. */
  readonly schemes: readonly string[];
  /** What only {@link securityOf} writes: an object literal of the same shape is no `Security`, in types as at run time. */
  readonly [SECURITY]: true;
}

/** The key that marks credentials {@link securityOf} made. */
const SECURITY: unique symbol = Symbol("Security");

/**
 * What each route sends, by route shape (lib/core/template.ts, `routeShape`): its first alternative
 * all of whose schemes were given a credential, each scheme's {@link Sent}; none (`[]`) where no
 * alternative was given.
 */
type Bound = ReadonlyMap<string, readonly Sent[]>;

/** The credentials {@link securityOf} made, and what they send. */
const bound = new WeakMap<Security, Bound>();

/**
 * A bearer token: visible ASCII characters (RFC 5234's VCHAR), no space. RFC 6750 section 2.1's
 * `b64token` (`1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="`) widened, as tokens
 * in use hold other characters (Up's personal access tokens are `up:yeah:…`); what it still refuses
 * is what breaks the field or the scheme: a space (`"Bearer abc"` given whole), a control character,
 * anything outside ASCII.
 */
const BEARER_TOKEN = /^[\x21-\x7e]+$/;

/** RFC 6265 section 4.1.1: `cookie-octet = %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E`. */
const COOKIE_OCTETS = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;

/** A control character (RFC 7617 section 2: a user-id or password holds none). */
// eslint-disable-next-line no-control-regex -- the C0 controls and DEL are what it finds
const CONTROL = /[\x00-\x1f\x7f]/;

/** The Base64 text (RFC 4648 section 4) of `text`'s UTF-8 bytes (RFC 7617 section 2.1, `charset="UTF-8"`). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A string credential, checked as `rule` says of its characters. */
function stringOf(value: unknown, argument: string, valid: (text: string) => boolean, rule: string): string {
  if (typeof value !== "string" || value === "") return fail("INVALID_OPTIONS", argument, "must be a non-empty string", value);
  if (!valid(value)) fail("INVALID_OPTIONS", argument, rule, value);
  return value;
}

/** A field value (RFC 9110 section 5.5) with no white space at either end, which a field value cannot hold. */
const isFieldValue = (value: string): boolean => !NOT_FIELD_VCHAR.test(value) && value.trim() === value;

/** What the credential `value` for the scheme `name` sends. */
function sentBy(scheme: SecurityScheme, value: unknown, argument: string): Sent {
  if (scheme.type === "apiKey") {
    if (scheme.in === "header")
      return {
        in: "header",
        name: scheme.name.toLowerCase(),
        value: stringOf(
          value,
          argument,
          isFieldValue,
          "must be a header field value (RFC 9110 section 5.5): no control character, no white space at either end",
        ),
      };
    if (scheme.in === "cookie")
      return {
        in: "cookie",
        name: scheme.name,
        value: stringOf(
          value,
          argument,
          (text) => COOKIE_OCTETS.test(text),
          "must be cookie-octets (RFC 6265 section 4.1.1): no space, '\"', ',', ';' or '\\'",
        ),
      };
    return {
      in: "query",
      name: scheme.name,
      value: stringOf(value, argument, (text) => text.isWellFormed(), "must be well-formed Unicode (a lone surrogate has no UTF-8 form)"),
    };
  }
  // oauth2 and openIdConnect: an access token, sent as a bearer token (RFC 6750 section 2.1).
  const written = scheme.type === "http" ? scheme.scheme : "Bearer";
  const http = written.toLowerCase();
  if (http === "basic") {
    if (!isPlainRecord(value)) return fail("INVALID_OPTIONS", argument, "must be { username, password } (RFC 7617)", value);
    const { username, password } = value;
    if (typeof username !== "string" || username.includes(":") || CONTROL.test(username))
      fail("INVALID_OPTIONS", `${argument}.username`, "must be a string without ':' or a control character (RFC 7617 section 2)", username);
    if (typeof password !== "string" || CONTROL.test(password))
      fail("INVALID_OPTIONS", `${argument}.password`, "must be a string without a control character (RFC 7617 section 2)", password);
    if (!username.isWellFormed() || !password.isWellFormed())
      fail("INVALID_OPTIONS", argument, "must be well-formed Unicode (a lone surrogate has no UTF-8 form)");
    return { in: "header", name: "authorization", value: `Basic ${base64(`${username}:${password}`)}` };
  }
  if (http === "bearer")
    return {
      in: "header",
      name: "authorization",
      value: `Bearer ${stringOf(value, argument, (text) => BEARER_TOKEN.test(text), "must be a bearer token (RFC 6750 section 2.1): visible ASCII characters, no space")}`,
    };
  const credentials = stringOf(
    value,
    argument,
    isFieldValue,
    "must be a header field value (RFC 9110 section 5.5): no control character, no white space at either end",
  );
  // Given whole ("Token abc" for `Token`, or the name alone), it would be sent as "Token Token abc".
  if (credentials.toLowerCase().startsWith(http) && " \t".includes(credentials[http.length] ?? " "))
    fail("INVALID_OPTIONS", argument, `must be the credentials alone: ${quote(`${written} `)} is written before them`, credentials);
  return { in: "header", name: "authorization", value: `${written} ${credentials}` };
}

/**
 * Binds credentials to a description's security schemes: each checked and formatted once, as its
 * scheme sends it. The `credentials()` of a module `rest-endpoint generate` wrote calls it with the
 * description's table; its result is `withQueries`' third argument.
 *
 * @param table - the schemes and each route's requirement, as the generated module holds them
 * @param credentials - by scheme name: a string for `apiKey`, `http` `bearer` (the token),
 *   `oauth2` and `openIdConnect` (an access token the caller obtained; no flow is run); `{ username,
 *   password }` for `http` `basic`; `undefined` for none
 * @returns the credentials, bound; they show only the names of their schemes
 * @throws `EndpointError` `INVALID_OPTIONS`, the argument `credentials.<name>`, when a name is no
 *   scheme of the table, or a value has the wrong shape: a bearer token with a space, a control
 *   or a non-ASCII character (RFC 6750 section 2.1's `b64token` widened to visible ASCII), a basic user name holding `:` or either part a control character (RFC 7617 section
 *   2), a header key that is no field value (RFC 9110 section 5.5), another `http` scheme's
 *   credentials given with its name (`"Token abc"` for `Token`), a cookie key outside RFC 6265's
 *   cookie-octets, an empty string
 * @example
 * ```ts
 * const table = { schemes: { bearer: { type: "http", scheme: "bearer" } }, routes: { "GET /me": [["bearer"]] } };
 * const api = withQueries(createEndpoint({ baseUrl: "https://api.example.com" }), {}, securityOf(table, { bearer: "abc" }));
 * api("GET /me").headers.authorization;
 * // "Bearer abc"
 * ```
 */
export function securityOf(table: SecurityTable, credentials: Readonly<Record<string, unknown>>): Security {
  if (!isPlainRecord(table) || !isPlainRecord(table.schemes) || !isPlainRecord(table.routes))
    fail("INVALID_OPTIONS", "table", "must be the security table a generated module holds", table);
  if (!isPlainRecord(credentials)) fail("INVALID_OPTIONS", "credentials", "must be an object of credentials by scheme name", credentials);
  const sends = new Map<string, Sent>();
  for (const [name, value] of Object.entries(credentials)) {
    const argument = `credentials.${name}`;
    if (!Object.hasOwn(table.schemes, name))
      fail("INVALID_OPTIONS", argument, `is no security scheme of the description: ${Object.keys(table.schemes).map(quote).join(", ")}`);
    if (value === undefined) continue;
    const sent = sentBy(table.schemes[name]!, value, argument);
    sends.set(
      name,
      sent.in === "query" ? { ...sent, pair: `${encodeComponent(sent.name, name)}=${encodeComponent(sent.value, name)}` } : sent,
    );
  }
  const routes = new Map<string, readonly Sent[]>();
  for (const [route, alternatives] of Object.entries(table.routes)) {
    const space = route.indexOf(" ");
    const chosen = alternatives.find((names) => names.length > 0 && names.every((name) => sends.has(name))) ?? [];
    routes.set(
      routeShape(route.slice(0, space), route.slice(space + 1)),
      chosen.map((name) => sends.get(name)!),
    );
  }
  const security: Security = Object.freeze({ schemes: Object.freeze([...sends.keys()]), [SECURITY]: true as const });
  bound.set(security, routes);
  return security;
}

/**
 * Whether `value` is credentials {@link securityOf} made.
 */
export const isSecurity = (value: unknown): value is Security =>
  typeof value === "object" && value !== null && bound.has(value as Security);

/** The names of the cookies a request's `cookie` field holds (RFC 6265 section 4.2.1: `name=value` pairs joined by "; "). */
const cookieNames = (headers: Readonly<Record<string, string>>): Set<string> =>
  new Set(Object.hasOwn(headers, "cookie") ? headers.cookie!.split(";").map((pair) => pair.split("=", 1)[0]!.trim()) : []);

/**
 * Whether a URL without a fragment has the query parameter `name`, read as a URL parser's
 * `searchParams` reads it. A query without `name`'s text, a `%` or a `+` has none: it is not parsed.
 */
function hasQueryParameter(url: string, name: string): boolean {
  // With its "?", which URLSearchParams drops once: a query "??k=v" has the name "?k" (WHATWG URL, url.search).
  const at = url.indexOf("?");
  if (at < 0) return false;
  const query = url.slice(at);
  return (query.includes(name) || /[%+]/.test(query)) && new URLSearchParams(query).has(name);
}

/**
 * The request options with the credentials the call's route requires, found by its `shape`
 * (`routeShape`, of the route below the baseUrl): its first alternative all of whose schemes were
 * given a credential (a route needing none, `security: []`, or naming only
 * schemes given none, gets none). Each header field, query parameter or cookie is added where the
 * request does not set it already (a call's own value is sent as it is), and only when the URL's
 * origin is in `home`, the endpoint function's `baseUrl`'s, compared as the credentials rule compares
 * origins (docs/usage.md, "Credentials"; lib/core/target.ts, `parsedOrigin`): a full URL in a
 * route, an `{origin}` value or a call's own `baseUrl` elsewhere gets none.
 */
export function authorize(security: Security, shape: string, options: RequestOptions, home: ReadonlySet<string>): RequestOptions {
  const chosen = byRouteShape(bound.get(security)!, shape);
  if (chosen === undefined || chosen.length === 0 || !isOriginIn(options.url, home)) return options;
  // Object.assign, not a spread, to which adding a field is slow (lib/core/request.ts, toRequest).
  const headers: Record<string, string> = Object.assign({}, options.headers);
  // The query ends at the fragment, if any (RFC 3986 section 3.5): a key goes before it.
  const hash = options.url.indexOf("#");
  const end = hash === -1 ? options.url.length : hash;
  let url = options.url.slice(0, end);
  const cookies: string[] = [];
  /** The names of the cookies the call sets itself, read once, where a cookie is to be sent. */
  let taken: Set<string> | undefined;
  for (const sent of chosen) {
    // Own fields only: a field of a polluted Object.prototype is no value the request sets.
    if (sent.in === "header") headers[sent.name] = Object.hasOwn(headers, sent.name) ? headers[sent.name]! : sent.value;
    else if (sent.in === "cookie") {
      if (!(taken ??= cookieNames(headers)).has(sent.name)) cookies.push(`${sent.name}=${sent.value}`);
    } else if (!hasQueryParameter(url, sent.name)) url += `${url.includes("?") ? "&" : "?"}${sent.pair}`;
  }
  // RFC 6265 section 5.4: one cookie field, its pairs joined by "; ".
  if (cookies.length > 0) headers.cookie = [...(Object.hasOwn(headers, "cookie") ? [headers.cookie!] : []), ...cookies].join("; ");
  return { ...options, url: url + options.url.slice(end), headers };
}
