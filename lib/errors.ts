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
  | "TOO_DEEP";

/**
 * The one error the library throws: a `TypeError` with a stable `code` to branch on.
 *
 * @remarks
 * Every message names the argument, shows what was received (shortened to 60 characters) and says
 * how to fix it. No other error escapes from `endpoint()`, `merge()`, `parse()` or `defaults()`.
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
  /** The argument or option at fault, e.g. `"route"`, `"headers.accept"`, `"owner"`. */
  readonly argument: string;
  /**
   * The route of the call that failed (`"GET /repos/{owner}"`, or `"<method> <url>"` of an options
   * object), shortened to 200 characters; `undefined` when the call had none.
   */
  route: string | undefined;

  /**
   * @param code - the stable error code
   * @param argument - the argument or option at fault
   * @param message - what was wrong, what was received and how to fix it
   */
  constructor(code: EndpointErrorCode, argument: string, message: string) {
    super(message);
    this.code = code;
    this.argument = argument;
    this.route = undefined;
  }
}

const MAX_SHOWN = 60;

/**
 * Describes a received value for an error message: shortened, with its type, never throwing
 * (a Symbol, a revoked Proxy or an object without a prototype all describe safely).
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case "string":
      return `${JSON.stringify(shorten(value))} (string${value.length > MAX_SHOWN ? ` of ${value.length} characters` : ""})`;
    case "number":
    case "boolean":
    case "bigint":
      return `${String(value)} (${typeof value})`;
    case "symbol":
      return "a Symbol";
    case "function":
      return "a function";
    case "undefined":
      return "undefined";
    default:
      return value === null ? "null" : `an object (${describeObject(value as object)})`;
  }
}

function describeObject(value: object): string {
  try {
    if (Array.isArray(value)) return `array of ${value.length}`;
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === null || proto === Object.prototype) return "plain object";
    const name: unknown = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === "string" && name !== "" ? name : "object";
  } catch {
    // A revoked Proxy, or a prototype whose `constructor` getter throws.
    return "unreadable object";
  }
}

function shorten(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}
