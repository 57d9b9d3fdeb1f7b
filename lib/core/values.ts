import { isPlainObject } from "is-plain-object";
import { fail, unreadable } from "./errors.js";

/**
 * How deep options may nest (the options object itself is depth 0). Deeper or circular values
 * throw `TOO_DEEP` instead of overflowing the stack.
 */
export const MAX_DEPTH = 64;

/**
 * How many properties and items one call may copy, all its values together, counting a shared
 * object once per place it is reached, so that a call's copying costs at most this much whatever
 * the sharing (`o = {a: p, b: p}`) or the number of parameters.
 */
const MAX_VALUES = 1_000_000;

/**
 * The one key never read from options, headers or defaults: assigning it sets an object's
 * prototype. `constructor` and `prototype` are data like any other key, kept as own properties
 * (docs/errors.md, "What is ignored, not rejected").
 */
export const PROTO_KEY = "__proto__";

/**
 * A plain object: made by `{}`, `Object.create(null)`, `JSON.parse` or `structuredClone`, in this
 * realm or another (a vm context). The prototype is asked directly: is-plain-object says no to JSON
 * input with an own `constructor` key (`{constructor: {}}`), and throws on `{constructor: null}`.
 * A revoked Proxy is not plain.
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
    return false;
  }
}

/**
 * A valid Date as GitHub's timestamps are written, ISO 8601
 * (https://docs.github.com/rest/using-the-rest-api/timezones-and-the-rest-api); `undefined` for
 * anything else. A brand check, not instanceof: a Date from another realm counts, a class whose
 * `Symbol.toStringTag` is `"Date"` does not.
 */
export function toIsoString(value: unknown): string | undefined {
  let time: number;
  try {
    // Date.prototype.getTime is the brand check: it throws for anything but a Date, whatever its
    // Symbol.toStringTag says, and reads no property the caller could have replaced.
    time = Date.prototype.getTime.call(value);
  } catch {
    return undefined;
  }
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Above this many keys, an object the library fills key by key is a hash table from the start ({@link recordFor}). */
export const MANY_KEYS = 64;

/**
 * An empty object to fill with about `size` keys: `{}`, or above {@link MANY_KEYS} an object
 * without prototype, which V8 keeps as a hash table from the start, so that adding a thousand
 * keys costs a thousand inserts, not a hidden class each (docs/performance.md, "Scaling").
 */
export const recordFor = (size: number): Record<string, unknown> =>
  size > MANY_KEYS ? (Object.create(null) as Record<string, unknown>) : {};

/**
 * Whether a body is sent as JSON: a plain object or an array (docs/usage.md, the body). The one
 * rule for `endpoint()`'s `content-type` (request.ts) and the converters' framing (clients/framing.ts).
 */
export function isJsonBody(body: unknown): body is unknown[] | Record<string, unknown> {
  return isArray(body) || isPlainRecord(body);
}

/** `Array.isArray`, false for a revoked Proxy, which it would throw on. */
export function isArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * How many more values one call may copy ({@link MAX_VALUES} at its start): one per call, shared by
 * every value the call copies, so that neither many parameters nor a getter that calls `endpoint()`
 * again can renew it.
 */
export interface CopyBudget {
  left: number;
}

/** A fresh budget, for one call. */
export const newBudget = (): CopyBudget => ({ left: MAX_VALUES });

/**
 * What a copy is for: `"mutable"` leaves the library in a result, `"frozen"` is kept as a default
 * (deeply frozen), `"json"` becomes the JSON body, so a value JSON has no form for is refused.
 */
type CopyFor = "mutable" | "frozen" | "json";

/**
 * Copies a value that leaves the library or is kept as a default: plain objects and arrays are
 * copied (`__proto__` skipped; frozen for `"frozen"`), a Date becomes its ISO 8601 string (what JSON
 * sends, and immutable), anything else (a Buffer, a stream, an AbortSignal) is kept by reference.
 * Arrays are read by index, never through `map` or an iterator the caller could have replaced.
 *
 * @param budget - the call's {@link CopyBudget}, which this copy spends
 * @throws {@link EndpointError} `TOO_DEEP` past {@link MAX_DEPTH} levels (a circular value
 *   included) or {@link MAX_VALUES} properties; `INVALID_OPTIONS` when a getter or Proxy throws;
 *   for `"json"`, `INVALID_PARAMETER` for a bigint, a Symbol, a function, `NaN` or `±Infinity`,
 *   which `JSON.stringify` throws on or silently turns into `null` or nothing
 */
export function copyValue(value: unknown, argument: string, copyFor: CopyFor, budget: CopyBudget): unknown {
  try {
    return walk(value, argument, copyFor, 1, budget);
  } catch (error) {
    throw unreadable(error, argument);
  }
}

function walk(value: unknown, argument: string, copyFor: CopyFor, depth: number, budget: CopyBudget): unknown {
  if (typeof value !== "object" || value === null) return copyFor === "json" ? jsonScalar(value, argument) : value;
  const array = Array.isArray(value);
  if (!array && !isPlainRecord(value)) {
    if (copyFor === "json" && isCollection(value))
      fail(
        "INVALID_PARAMETER",
        argument,
        "is a Map or Set, which JSON.stringify writes as {}: convert it (Object.fromEntries, [...set])",
        value,
      );
    return toIsoString(value) ?? value;
  }
  if (depth > MAX_DEPTH) {
    fail("TOO_DEEP", argument, `nests over ${MAX_DEPTH} levels or is circular`);
  }
  let copy: unknown[] | Record<string, unknown>;
  if (array) {
    const items = value as unknown[];
    const length = items.length;
    spend(budget, length, argument);
    copy = new Array<unknown>(length);
    for (let i = 0; i < length; i++) copy[i] = walk(items[i], argument, copyFor, depth + 1, budget);
  } else {
    const keys = Object.keys(value);
    spend(budget, keys.length, argument);
    copy = {};
    for (const key of keys) if (key !== PROTO_KEY) copy[key] = walk(value[key], argument, copyFor, depth + 1, budget);
  }
  return copyFor === "frozen" ? Object.freeze(copy) : copy;
}

/**
 * A Map, Set, WeakMap or WeakSet, of this realm or another: a brand check (each prototype's `has`
 * throws for anything else), not instanceof or `Symbol.toStringTag`.
 */
function isCollection(value: object): boolean {
  for (const has of COLLECTION_HAS) {
    try {
      has(value);
      return true;
    } catch {
      // not this kind
    }
  }
  return false;
}
const COLLECTION_HAS: ((value: object) => boolean)[] = [
  (value) => Map.prototype.has.call(value, undefined),
  (value) => Set.prototype.has.call(value, undefined),
  (value) => WeakMap.prototype.has.call(value, {}),
  (value) => WeakSet.prototype.has.call(value, {}),
];

/** A scalar of a JSON body (RFC 8259 section 3): what `JSON.stringify` writes exactly, else an error. */
function jsonScalar(value: unknown, argument: string): unknown {
  const type = typeof value;
  if (type === "bigint" || type === "symbol" || type === "function" || (type === "number" && !Number.isFinite(value))) {
    fail("INVALID_PARAMETER", argument, "has no JSON form", value);
  }
  return value;
}

function spend(budget: CopyBudget, count: number, argument: string): void {
  budget.left -= count;
  if (budget.left < 0) {
    fail("TOO_DEEP", argument, "holds over 1,000,000 values");
  }
}

/** A parameter value in the form RFC 6570 expands: a string, a list or an associative array (section 2.3). */
export type TemplateValue = string | string[] | Record<string, string>;

/**
 * Converts a parameter value to the form RFC 6570 expands, or `undefined` when it has none to give
 * (`undefined`, `null`, empty lists and objects: RFC 6570 section 2.3). Caller arrays are read by
 * index, never through their iterator or `Symbol.species`.
 *
 * @throws {@link EndpointError} `INVALID_PARAMETER` for a value with no URL form
 */
export function toTemplateValue(value: unknown, name: string): TemplateValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object") return toText(value, name);
  try {
    if (Array.isArray(value)) {
      const list: string[] = [];
      const items = value as unknown[];
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (item != null) list.push(toText(item, name));
      }
      return list.length === 0 ? undefined : list;
    }
    if (!isPlainRecord(value)) return toText(value, name);
    const map: Record<string, string> = {};
    let empty = true;
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item == null) continue;
      map[key] = toText(item, name);
      empty = false;
    }
    return empty ? undefined : map;
  } catch (error) {
    throw unreadable(error, name);
  }
}

/** One scalar as text: strings as they are, finite numbers, booleans, bigints, valid Dates (ISO 8601). */
function toText(value: unknown, name: string): string {
  const type = typeof value;
  if (type === "string") return value as string;
  if ((type === "number" && Number.isFinite(value)) || type === "boolean" || type === "bigint") return String(value);
  const iso = toIsoString(value);
  if (iso !== undefined) return iso;
  fail("INVALID_PARAMETER", name, "has no URL form", value);
}
