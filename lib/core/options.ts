import deepmerge from "deepmerge";
import { TOKEN } from "./chars.js";
import { fail, unreadable } from "./errors.js";
import { readHeaders } from "./headers.js";
import { NO_MEDIA_TYPE, readMediaType } from "./media-type.js";
import type { OptionName } from "./option-names.js";
import type { MediaTypeFields } from "./target.js";
import type { RequestMeta } from "./types.js";
import { copyValue, isPlainRecord, MANY_KEYS, newBudget, PROTO_KEY, type CopyBudget } from "./values.js";

/**
 * A call's options, split once into the options and the parameters. Defaults are kept in the same
 * shape ({@link readDefaults}). Every stage after reading takes this one type; adding an option
 * means adding it here and to {@link OPTIONS}.
 */
export interface Call {
  /** The method as written (an RFC 9110 token). */
  readonly method: string;
  /** The URL template; `undefined` means `"/"`. */
  readonly url: string | undefined;
  readonly baseUrl: string | undefined;
  /** Header fields, lowercase names, string values. */
  readonly headers: Readonly<Record<string, string>>;
  /** The `mediaType` option, merged over the defaults' (lib/core/media-type.ts). */
  readonly mediaType: MediaTypeFields;
  readonly request: RequestMeta | undefined;
  /** Whether `data` was given (it may be `null`). */
  readonly hasData: boolean;
  /** The body as given: never walked, copied or frozen. */
  readonly data: unknown;
  /** Every other key: URL template variables, query parameters or body keys. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** The parameters of a call that has none: one object, so that "none" is one comparison. */
const NO_PARAMETERS: Readonly<Record<string, unknown>> = Object.freeze({});

/** The call of `parse()`, which applies no defaults; not frozen, for the reason {@link readDefaults} gives. */
export const NO_DEFAULTS: Call = {
  method: "GET",
  url: undefined,
  baseUrl: undefined,
  headers: Object.freeze({}),
  mediaType: NO_MEDIA_TYPE,
  request: undefined,
  hasData: false,
  data: undefined,
  parameters: NO_PARAMETERS,
};

const DEEPMERGE_OPTIONS: deepmerge.Options = {
  // Only plain objects merge, by the library's one definition (which asks is-plain-object, and the
  // prototype first, so that `{ constructor: {…} }` or `{ constructor: null }` is a plain object
  // too); Buffers, streams, AbortSignals are values, not containers. Arrays are not mergeable
  // either, so an array from the call replaces the one from the defaults.
  isMergeableObject: isPlainRecord,
  // Nothing is cloned here: what leaves the library is copied on the way out.
  clone: false,
};

/**
 * Reads an options object over `base` in one walk (docs/usage.md, `endpoint.defaults`): checks each option,
 * lowercases header names, overlays header fields and parameters on those of `base`, merges nested
 * plain objects through deepmerge, merges `mediaType` (lib/core/media-type.ts), and takes `data` whole. Only own enumerable
 * keys are read, never `__proto__`; `undefined` values are skipped.
 * Parameter values are not copied here: what leaves the library is copied when it leaves.
 *
 * @param route - the method and URL of a route string, which `input` may not give again
 * @throws {@link EndpointError} `INVALID_OPTIONS`, `INVALID_METHOD`, `INVALID_URL`,
 *   `INVALID_BASE_URL`, `INVALID_HEADER_NAME`, `INVALID_HEADER_VALUE`, `INVALID_MEDIA_TYPE`
 */
export function readCall(base: Call, input: unknown, argument: string, route?: { method: string; url: string }): Call {
  return read(base, input, argument, route, undefined);
}

/**
 * Reads `defaults()`'s options over `base` as {@link readCall} does, to keep as defaults: the
 * parameter values and `request` it is given are deeply copied and frozen as they are read (Dates
 * as ISO 8601 strings), `data` kept by reference; what it keeps of `base` was copied when `base`
 * was read, so each level of a chain copies only what it is given. The call and its headers,
 * `mediaType` and parameters objects are private to the endpoint function and stay unfrozen: V8
 * copies an unfrozen object in one step, a frozen one key by key.
 *
 * @throws {@link EndpointError} as {@link readCall}, and `TOO_DEEP`
 */
export function readDefaults(base: Call, input: unknown): Call {
  return read(base, input, "defaults", undefined, newBudget());
}

/** Reads a call; with a `budget`, copies for keeping what the call is given. */
function read(
  base: Call,
  input: unknown,
  argument: string,
  route: { method: string; url: string } | undefined,
  budget: CopyBudget | undefined,
): Call {
  // Every call is this one literal: one hidden class, where a spread of `base` gives each level of
  // a defaults() chain its own and leaves V8 copying them key by key.
  const call: Writable<Call> = {
    method: route === undefined ? base.method : route.method,
    url: route === undefined ? base.url : route.url,
    baseUrl: base.baseUrl,
    headers: base.headers,
    mediaType: base.mediaType,
    request: base.request,
    hasData: base.hasData,
    data: base.data,
    parameters: base.parameters,
  };
  if (input === undefined) return call;
  if (!isPlainRecord(input)) fail("INVALID_OPTIONS", argument, "must be a plain object", input);
  let own = input;
  const count = base.parameters === NO_PARAMETERS ? parameterCount(input) : -1;
  if (count === 0) return call;
  if (count > 0) {
    let copy: Record<string, unknown> | undefined;
    try {
      // The own enumerable properties in one step, each getter read once (V8 clones a literal's
      // hidden class whole); the walk below reads this copy.
      copy = { ...input };
    } catch {
      // A getter or Proxy trap that throws: the walk reads the input, to name the key.
    }
    if (copy !== undefined && !hasUndefined(copy)) {
      // The copy is the parameters: no key added one by one, which past some 16 keys makes V8 keep
      // the object as a dictionary, slower to read and walk.
      if (budget !== undefined) for (const key of Object.keys(copy)) copy[key] = copyValue(copy[key], key, "frozen", budget);
      call.parameters = copy;
      return call;
    }
    own = copy ?? input;
  }
  let parameters: Record<string, unknown> | undefined;
  /** How many keys the call adds to `parameters`: past MANY_KEYS, they go to a hash table. */
  let added = 0;
  let key: string | undefined;
  try {
    // for…in with an own-key test reads the same keys as Object.keys, without allocating their array.
    for (key in own) {
      if (!Object.hasOwn(own, key)) continue;
      const value = own[key];
      if (value === undefined || key === PROTO_KEY) continue;
      // READERS has no prototype: a parameter named `constructor` finds no reader.
      const read = READERS[key];
      if (read !== undefined) {
        if (route !== undefined && (key === "method" || key === "url"))
          fail("INVALID_OPTIONS", `${argument}.${key}`, "is in the route already", value);
        read(call, base, value, `${argument}.${key}`);
      } else {
        // Object.assign, not a spread: V8 spreads an object built key by key (each level of a
        // defaults() chain) about half as fast (`npm run bench:scaling`, docs/performance.md).
        parameters ??= Object.assign({}, base.parameters);
        // Past MANY_KEYS, the keys go to a hash table (recordFor): a copy of those so far, without prototype.
        if (++added === MANY_KEYS) parameters = Object.assign(Object.create(null) as Record<string, unknown>, parameters);
        const inherited = Object.hasOwn(parameters, key) ? parameters[key] : undefined;
        const merged = isPlainRecord(inherited) && isPlainRecord(value) ? merge(inherited, value) : value;
        parameters[key] = budget === undefined ? merged : copyValue(merged, key, "frozen", budget);
      }
    }
  } catch (error) {
    // Before the first key, the object itself could not be read (a Proxy's ownKeys trap).
    throw unreadable(error, key === undefined ? argument : `${argument}.${key}`);
  }
  if (parameters !== undefined) call.parameters = parameters;
  if (budget !== undefined && call.request !== base.request)
    call.request = copyValue(call.request, `${argument}.request`, "frozen", budget) as RequestMeta;
  return call;
}

/**
 * How many own keys an options object has when each names a parameter (no option, no
 * `__proto__`) and they are at most MANY_KEYS, else -1: more go to a hash table (recordFor), and V8
 * copies a large object key by key. Keys only: no getter is read. A Proxy trap that throws gives
 * -1, and the walk names it.
 */
function parameterCount(input: Record<string, unknown>): number {
  let count = 0;
  try {
    for (const key in input) {
      if (!Object.hasOwn(input, key)) continue;
      if (++count > MANY_KEYS || key === PROTO_KEY || READERS[key] !== undefined) return -1;
    }
  } catch {
    return -1;
  }
  return count;
}

function hasUndefined(record: Record<string, unknown>): boolean {
  for (const key in record) if (Object.hasOwn(record, key) && record[key] === undefined) return true;
  return false;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The options, the one table of their names: each reads its value into the call. Every other key
 * of an options object is a parameter. The types (`EndpointParameters`, checked by
 * `__tests__/core/types.test.ts`) and the route-map generator (lib/openapi/routes.ts: a body key named like an
 * option goes under `data`, checked by `__tests__/openapi/generate.test.ts`) read this table.
 */
export const OPTIONS = {
  method(call, _base, value, argument) {
    call.method = checkMethod(value, argument);
  },
  url(call, _base, value, argument) {
    call.url = checkString(value, "INVALID_URL", argument);
  },
  baseUrl(call, _base, value, argument) {
    call.baseUrl = checkString(value, "INVALID_BASE_URL", argument);
  },
  headers(call, base, value, argument) {
    call.headers = readHeaders(base.headers, value, argument);
  },
  mediaType(call, base, value, argument) {
    call.mediaType = readMediaType(base.mediaType, value, argument);
  },
  data(call, _base, value) {
    call.data = value;
    call.hasData = true;
  },
  request(call, base, value, argument) {
    if (!isPlainRecord(value)) fail("INVALID_OPTIONS", argument, "must be a plain object", value);
    call.request = base.request === undefined ? value : merge(base.request, value);
  },
} satisfies Record<OptionName, Reader>;

export type { OptionName };

/** Reads one option's value into the call being built over `base`. */
type Reader = (call: Writable<Call>, base: Call, value: unknown, argument: string) => void;
/** {@link OPTIONS} looked up by any key: one property read, without a prototype to fall through. */
const READERS = Object.assign(Object.create(null) as Record<string, Reader | undefined>, OPTIONS);

/**
 * deepmerge asks `key in target`: a target without prototype keeps a polluted Object.prototype
 * from hiding keys of the options.
 */
function merge(base: Record<string, unknown>, value: Record<string, unknown>): Record<string, unknown> {
  return deepmerge(withoutPrototypes(base), value, DEEPMERGE_OPTIONS);
}

function withoutPrototypes(value: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    const item = value[key];
    copy[key] = isPlainRecord(item) ? withoutPrototypes(item) : item;
  }
  return copy;
}

/**
 * Checks that a method is an RFC 9110 token (section 9.1), e.g. `GET` or `PATCH`.
 * @throws {@link EndpointError} `INVALID_METHOD`
 */
export function checkMethod(method: unknown, argument: string): string {
  if (typeof method === "string" && TOKEN.test(method)) return method;
  fail("INVALID_METHOD", argument, "must be an RFC 9110 token", method);
}

function checkString(value: unknown, code: "INVALID_URL" | "INVALID_BASE_URL", argument: string): string {
  if (typeof value !== "string") fail(code, argument, "must be a string", value);
  return value;
}
