/**
 * The stable codes an {@link EndpointError} carries. Each is documented in `docs/errors.md`.
 */
export type EndpointErrorCode =
  | "INVALID_ROUTE"
  | "INVALID_METHOD"
  | "INVALID_OPTIONS"
  | "INVALID_URL"
  | "INVALID_URL_TEMPLATE"
  | "INVALID_BASE_URL"
  | "URL_LEAVES_BASE_URL"
  | "MISSING_PARAMETER"
  | "INVALID_PATH_SEGMENT"
  | "INVALID_PARAMETER"
  | "INVALID_HEADER_NAME"
  | "INVALID_HEADER_VALUE"
  | "INVALID_MEDIA_TYPE"
  | "TOO_DEEP"
  | "INTERNAL_ERROR";

/** Marks errors of every copy of this class: the ESM and the CommonJS build each have one. */
const BRAND = Symbol.for("rest-endpoint.EndpointError");

/**
 * The one error the library throws: a `TypeError` with a stable `code` to branch on.
 *
 * @remarks
 * The message names the argument, shows what was received (at most 60 characters, control
 * characters escaped), states the rule, and ends with the `docs/errors.md` section that explains
 * the fix. Nothing else leaves `endpoint()`, `merge()`, `parse()` or `defaults()`: errors thrown by
 * caller code (a getter, a revoked Proxy) become an `EndpointError` naming the argument.
 * `instanceof EndpointError` holds across the ESM and CommonJS builds of the package.
 *
 * @example
 * ```ts
 * import { endpoint, EndpointError } from "rest-endpoint";
 * try {
 *   endpoint("GET /repos/{owner}/{repo}", { repo: "rest.js" });
 * } catch (error) {
 *   if (error instanceof EndpointError) console.log(error.code, error.argument);
 *   // MISSING_PARAMETER owner
 * }
 * ```
 */
export class EndpointError extends TypeError {
  /** Always `"EndpointError"`. */
  override readonly name = "EndpointError";
  /** Stable identifier of the condition, e.g. `"MISSING_PARAMETER"`. */
  readonly code: EndpointErrorCode;
  /** The argument or option at fault, e.g. `"route"`, `"options.headers.accept"`, `"owner"`. */
  readonly argument: string;
  /**
   * The route of the call that failed (`"GET /repos/{owner}"`, or `"<method> <url>"` of an options
   * object), its URL up to its query or fragment (`"get https://api.example.com/me?…"`: either may
   * hold a key; docs/errors.md), shortened to 200 characters; `undefined` when the call had none.
   * Read-only: the call that failed sets it once, non-writable.
   */
  readonly route: string | undefined;

  /**
   * @param code - the stable error code
   * @param argument - the argument or option at fault
   * @param message - what was wrong and what was received; the link to `docs/errors.md` is added
   */
  constructor(code: EndpointErrorCode, argument: string, message: string) {
    super(`${message}. See docs/errors.md#${code.toLowerCase()}`);
    this.code = code;
    this.argument = argument;
    this.route = undefined;
  }

  /** `instanceof` by brand, so that an error from the other build (ESM or CommonJS) counts too. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    try {
      return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
    } catch {
      return false; // a revoked Proxy
    }
  }

  static {
    Object.defineProperty(this.prototype, BRAND, { value: true });
  }
}

/** How many characters of a received value a message shows ({@link quote}, read.ts's refusals). */
export const MAX_SHOWN = 60;
/** How many characters of a call's route {@link EndpointError.route} holds. */
const MAX_ROUTE = 200;

/** `text` as at most `limit` characters: cut to `limit - 1` and `…` when longer. */
export const shorten = (text: string, limit: number): string => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

/**
 * Gives `error` the route of the call that failed as its read-only `route` (non-writable; set after
 * construction, where the call's route is known): its URL up to its query ({@link shownUrl}),
 * its method as written, shortened to {@link MAX_ROUTE} characters. Returns `error`.
 */
export function withCallRoute(error: EndpointError, route: string | undefined): EndpointError {
  const url = route === undefined ? 0 : route.indexOf(" ") + 1;
  const value = route && (route.slice(0, url) + shownUrl(route.slice(url))).slice(0, MAX_ROUTE);
  Object.defineProperty(error, "route", { value, writable: false, enumerable: true, configurable: true });
  return error;
}

/**
 * A URL (or a URL template) for an error, without what may hold a credential: its user information
 * (`https://…@host`, RFC 3986 section 3.2.1; after `//` alone, or a scheme without slashes, too), and all from where its query or fragment begins (a
 * "?" or "#", pct-encoded or not, or a `{?…}`, `{&…}` or `{#…}` expression) but the expressions
 * that follow and, of the text between them, its first character: `https://api.example.com/me?…`,
 * `/me#…`, `/items{?page}&…`. A request's URL may hold a credential that a generated API's
 * `credentials()` put in its query, or that a server repeats in a link; a fragment may hold a
 * token (RFC 6749 section 4.2.2); a variable's value with a "?" is pct-encoded before a URL is
 * refused. An expression (RFC 6570 section 2.2) names variables, no values, and stays.
 */
export function shownUrl(written: string): string {
  // The scheme and slashes as any URL parser may read them: `//u:p@h`, `https:u:p@h`, `https:\\u:p@h`;
  // a method or a path (`G@T`, `/{@x}`) has neither.
  // Up to the authority's last "@", as a parser reads a password that holds one.
  const url = written.replace(/^((?:[\w+.-]*:|[\\/]{2})[\\/]*)[^/\\?#]*@/, "$1…@");
  const at = url.search(/[?#]|%3f|%23|\{[?&#]/i);
  // Split by the expressions, which the odd items are; each text between them is cut after its first character.
  return at < 0
    ? url
    : url.slice(0, at) +
        url
          .slice(at)
          .split(/(\{[+#./;?&]?[\w%.,*:]*\})/)
          .map((part, i) => (i % 2 || part.length < 2 ? part : `${part[0]}…`))
          .join("");
}

/**
 * Whether an argument holds a URL, which a message shows up to its query ({@link shownUrl}):
 * a URL template or URL (`url`, `baseUrl`, `uploadsUrl`, `upload_url`, an `origin`, a target's
 * `origins[…]`), a route, a link field (`responseHeaders.link`), and the `options`, `request` and
 * `responseHeaders` of `endpoint()`, the converters and `followLink()`, where a URL string given in
 * their place is the usual mistake. A header field's value is never shown ({@link holdsSecret}).
 */
const holdsUrl = (argument: string): boolean => /(?:url|origins?|route|options|request|responseHeaders|link)(?:\[\d+\])?$/i.test(argument);

/** Text for a message: at most 60 characters, quoted, control characters and quotes escaped (JSON). */
export function quote(text: string): string {
  return JSON.stringify(shorten(text, MAX_SHOWN));
}

/**
 * Text from outside (a listing, a description, a command line) with its control characters escaped
 * as JSON escapes them (`\n`, `\u001b`), all else as it is: a terminal or a comment it is written
 * to is never steered by it. The one escaper of the CLI's output and the generator's comments.
 */
export function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, (character) => JSON.stringify(character).slice(1, -1));
}

/** An argument's name for a message: as it is when short and printable, else quoted. */
export function nameOf(argument: string): string {
  return argument.length <= MAX_SHOWN && /^[\w.$-]*$/.test(argument) ? `\`${argument}\`` : quote(argument);
}

/**
 * Describes a received value for an error message: shortened, with its type, never throwing
 * (a Symbol, a revoked Proxy or an object without a prototype all describe safely); a string
 * `asUrl` up to its query ({@link shownUrl}), with its whole length.
 */
export function describeValue(value: unknown, asUrl = false): string {
  switch (typeof value) {
    case "string":
      return `${quote(asUrl ? shownUrl(value) : value)} (string${value.length > MAX_SHOWN ? ` of ${value.length} characters` : ""})`;
    case "object":
      return value === null ? "null" : `an object (${describeObject(value)})`;
    case "symbol":
      return "a Symbol";
    case "function":
      return "a function";
    case "undefined":
      return "undefined";
    default:
      return `${String(value)} (${typeof value})`;
  }
}

function describeObject(value: object): string {
  try {
    if (Array.isArray(value)) return `array of ${value.length}`;
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === null || proto === Object.prototype) return "plain object";
    const name: unknown = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    // Escaped as JSON escapes it, without the quotes: a class name can hold any character.
    return typeof name === "string" && name !== "" ? JSON.stringify(name.slice(0, MAX_SHOWN)).slice(1, -1) : "object";
  } catch {
    // A revoked Proxy, or a prototype whose `constructor` getter throws.
    return "unreadable object";
  }
}

/**
 * Whether an argument (or a command line's header item, by its name in lowercase) holds secrets: the
 * `authorization`, `proxy-authorization` and `cookie` header fields (RFC 9110 sections 11.6.2 and
 * 11.7.2, RFC 6265 section 5.4), every other header field of any options too (`headers.<name>`, by
 * its lowercase name: an API key goes in a field an API names, `x-api-key`, `PRIVATE-TOKEN`), the
 * `headers` that hold them, and a generated API's `credentials` (the argument of its
 * `credentials()`, each `credentials.<scheme>`) and `security` (what `withQueries` is given, where
 * a token given whole is a string).
 */
export const holdsSecret = (argument: string): boolean =>
  /\b(?:authorization|cookie|headers)$|\bheaders\.|^(?:credentials|security)\b/.test(argument);

/**
 * `value` as a message shows what `argument` received: {@link describeValue}, but a string received
 * for an argument that {@link holdsSecret} is `a string of <n> characters, not shown`, so that a
 * token with a stray newline never reaches a log (a header field name, `INVALID_HEADER_NAME`, is no
 * secret, and is shown), and one for an argument that {@link holdsUrl} is shown up to its query. The
 * one rule of every message that shows a value received ({@link fail}, {@link unreadable}).
 */
function describeReceived(code: EndpointErrorCode, argument: string, value: unknown): string {
  return typeof value === "string" && code !== "INVALID_HEADER_NAME" && holdsSecret(argument)
    ? `a string of ${value.length} characters, not shown`
    : describeValue(value, holdsUrl(argument));
}

/**
 * Throws an {@link EndpointError}: `` `argument` <rule>; received <value> `` ({@link describeReceived}).
 * With no `received` argument the message is the rule alone. The `production` build of the package
 * passes every rule as `""` (docs/errors.md, "Messages in production builds"): `` `argument`; received <value> ``.
 */
export function fail(code: EndpointErrorCode, argument: string, rule: string, ...received: [unknown?]): never {
  throw new EndpointError(
    code,
    argument,
    `${nameOf(argument)}${rule === "" ? "" : ` ${rule}`}${received.length === 0 ? "" : `; received ${describeReceived(code, argument, received[0])}`}`,
  );
}

/**
 * An error thrown while reading `argument` (a getter that throws, a revoked Proxy): an
 * EndpointError passes as it is, anything else becomes `INVALID_OPTIONS` naming the argument and
 * what was thrown ({@link describeReceived}). Only the places that read a caller's object call it.
 */
export function unreadable(error: unknown, argument: string): EndpointError {
  if (error instanceof EndpointError) return error;
  return new EndpointError(
    "INVALID_OPTIONS",
    argument,
    `${nameOf(argument)} threw ${describeReceived("INVALID_OPTIONS", argument, error)}`,
  );
}
