import { isPlainObject } from "is-plain-object";
import { describeValue, EndpointError } from "./errors.js";
import { normalizeMediaType } from "./media-type.js";

/**
 * How deep options may nest (the options object itself is depth 0). Deeper or circular values
 * throw `TOO_DEEP` instead of overflowing the stack.
 */
export const MAX_DEPTH = 64;

/** Keys never read from options, headers or defaults: they would reach `Object.prototype`. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A plain object: made by `{}`, `Object.create(null)`, `JSON.parse` or `structuredClone`, in this
 * realm or another (a vm context). The prototype is asked directly: is-plain-object says no to JSON
 * input with an own `constructor` key (`{constructor: {}}`), and throws on `{constructor: null}`.
 */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  try {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === null || proto === Object.prototype) return true;
    if (!Object.hasOwn(value, "constructor")) return isPlainObject(value);
    // Another realm's Object.prototype: no prototype of its own, and Object.prototype's methods.
    return Object.getPrototypeOf(proto) === null && Object.hasOwn(proto as object, "isPrototypeOf");
  } catch {
    // A revoked Proxy cannot be read: it is not a plain object.
    return false;
  }
}

/** Options with every check done: own keys only, header names lowercase, fresh objects. */
export type NormalizedOptions = Record<string, unknown>;

/**
 * Returns a checked copy of an options object: only own enumerable keys, none of `__proto__`,
 * `constructor`, `prototype`; `undefined` values dropped; header names lowercased and header values
 * strings; `mediaType` checked; plain objects and arrays copied (so no later edit of the caller's
 * objects reaches a result); `data` and non-plain objects (Buffer, stream, AbortSignal) kept as
 * they are.
 *
 * @param options - what the caller passed (`undefined` means `{}`)
 * @param argument - its name for error messages, e.g. `"options"`
 * @throws {@link EndpointError} `INVALID_OPTIONS`, `INVALID_METHOD`, `INVALID_URL`,
 * `INVALID_BASE_URL`, `INVALID_HEADER_NAME`, `INVALID_HEADER_VALUE`, `INVALID_MEDIA_TYPE`, `TOO_DEEP`
 */
export function normalizeOptions(options: unknown, argument: string): NormalizedOptions {
  if (options === undefined) return {};
  if (!isPlainRecord(options)) {
    throw new EndpointError(
      "INVALID_OPTIONS",
      argument,
      `\`${argument}\` must be a plain object such as { owner: "octokit" }; received ${describeValue(options)}`,
    );
  }
  const result: NormalizedOptions = {};
  for (const key of Object.keys(options)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const value: unknown = options[key];
    if (value === undefined) continue;
    switch (key) {
      case "method":
        result[key] = checkMethod(value, `${argument}.method`);
        break;
      case "url":
      case "baseUrl":
        if (typeof value !== "string") {
          throw new EndpointError(
            key === "url" ? "INVALID_URL" : "INVALID_BASE_URL",
            `${argument}.${key}`,
            `\`${argument}.${key}\` must be a string; received ${describeValue(value)}`,
          );
        }
        result[key] = value;
        break;
      case "headers":
        result[key] = normalizeHeaders(value, `${argument}.headers`);
        break;
      case "mediaType":
        result[key] = normalizeMediaType(value, `${argument}.mediaType`);
        break;
      case "data":
        // The body as given, whatever it is: never walked, copied or changed.
        result[key] = value;
        break;
      case "request":
        if (!isPlainRecord(value)) {
          throw new EndpointError(
            "INVALID_OPTIONS",
            `${argument}.request`,
            `\`${argument}.request\` must be a plain object; received ${describeValue(value)}`,
          );
        }
        result[key] = copyPlain(value, `${argument}.request`);
        break;
      default:
        result[key] = copyPlain(value, key);
    }
  }
  return result;
}

/**
 * Copies plain objects and arrays (skipping unsafe keys); returns anything else as it is.
 * Depth and cycles are checked along the way.
 */
export function copyPlain(value: unknown, argument: string, depth = 1, ancestors: object[] = []): unknown {
  // Primitives first, before anything is allocated: most options are strings and numbers.
  if (typeof value !== "object" || value === null) return value;
  const array = Array.isArray(value);
  if (!array && !isPlainRecord(value)) return value;
  if (ancestors.includes(value)) {
    throw new EndpointError(
      "TOO_DEEP",
      argument,
      `\`${argument}\` refers to itself ${depth - 1} levels down (a circular object), which has no request form. Pass a tree of plain values`,
    );
  }
  if (depth > MAX_DEPTH) {
    throw new EndpointError(
      "TOO_DEEP",
      argument,
      `\`${argument}\` nests deeper than ${MAX_DEPTH} levels. Flatten it, or pass it as \`data\`, which is never walked`,
    );
  }
  ancestors.push(value);
  let copy: unknown;
  if (array) {
    copy = value.map((item) => copyPlain(item, argument, depth + 1, ancestors));
  } else {
    const object: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (!UNSAFE_KEYS.has(key)) object[key] = copyPlain(value[key], argument, depth + 1, ancestors);
    }
    copy = object;
  }
  ancestors.pop();
  return copy;
}

/**
 * Lowercases header field names and checks them (RFC 9110 section 5.1 token); drops `undefined`
 * values; turns numbers into strings and lists into one comma-joined value (RFC 9110 section 5.3).
 */
function normalizeHeaders(headers: unknown, argument: string): Record<string, string> {
  if (!isPlainRecord(headers)) {
    throw new EndpointError(
      "INVALID_OPTIONS",
      argument,
      `\`${argument}\` must be a plain object such as { authorization: "token …" }; received ${describeValue(headers)}`,
    );
  }
  const result: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    if (UNSAFE_KEYS.has(name)) continue;
    const value: unknown = headers[name];
    if (value === undefined) continue;
    if (!isToken(name)) {
      throw new EndpointError(
        "INVALID_HEADER_NAME",
        argument,
        `\`${argument}\` has a field name that is not an RFC 9110 token: received ${describeValue(name)}. Use letters, digits and !#$%&'*+-.^_\`|~`,
      );
    }
    const lower = name.toLowerCase();
    if (Object.hasOwn(result, lower)) {
      throw new EndpointError(
        "INVALID_HEADER_NAME",
        argument,
        `\`${argument}\` names the field "${lower}" twice in different cases. Keep one`,
      );
    }
    result[lower] = headerValue(value, `${argument}.${lower}`);
  }
  return result;
}

function headerValue(value: unknown, argument: string): string {
  if (Array.isArray(value)) return (value as unknown[]).map((item) => headerText(item, argument, value)).join(", ");
  return headerText(value, argument, value);
}

function headerText(value: unknown, argument: string, received: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string") {
    if (!/[\0\n\r]/.test(value)) return value;
    throw new EndpointError(
      "INVALID_HEADER_VALUE",
      argument,
      `\`${argument}\` holds CR, LF or NUL, which would split or end the header: received ${describeValue(value)}. Remove those characters`,
    );
  }
  throw new EndpointError(
    "INVALID_HEADER_VALUE",
    argument,
    `\`${argument}\` must be a string, a finite number or an array of those; received ${describeValue(received)}`,
  );
}

/**
 * Checks that a method is an RFC 9110 token (section 9.1), e.g. `GET` or `PATCH`.
 * @throws {@link EndpointError} `INVALID_METHOD`
 */
export function checkMethod(method: unknown, argument: string): string {
  if (typeof method === "string" && isToken(method)) return method;
  throw new EndpointError(
    "INVALID_METHOD",
    argument,
    `\`${argument}\` must be an HTTP method (an RFC 9110 token) such as "GET" or "POST"; received ${describeValue(method)}`,
  );
}

/** RFC 9110 section 5.6.2: `token = 1*tchar`. */
function isToken(text: string): boolean {
  if (text === "") return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const alphanumeric = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
    if (!alphanumeric && !"!#$%&'*+-.^_`|~".includes(text[i] as string)) return false;
  }
  return true;
}
