import { describeValue, EndpointError, fail, quote, withCallRoute } from "./errors.js";
import { NO_DEFAULTS, readCall, readDefaults, type Call } from "./options.js";
import { toMerged, toRequest, type Scope } from "./request.js";
import { splitRoute } from "./route.js";
import type { TargetRecord } from "./target.js";
import type { Defaults, EndpointInterface, MergedOptions, RequestOptions } from "./types.js";
import { isPlainRecord } from "./values.js";

/**
 * Builds an endpoint function carrying `defaults` (docs/usage.md, `endpoint.defaults`), a call read
 * by {@link readDefaults}, and the record of its target (lib/core/target.ts, read once when
 * `createEndpoint` was called), which `defaults()` and `parse()` keep:
 * a call merges one level whatever the depth of the chain.
 */
export function withDefaults(defaults: Call, target: TargetRecord): EndpointInterface {
  let shown: Defaults | undefined;
  // `origins` own from the start: `??=` would otherwise read one inherited from Object.prototype.
  const scope: Scope = { target, defaults, origins: undefined };
  const endpoint = (route?: unknown, options?: unknown): RequestOptions | Defaults => {
    if (route === SHOW) return (shown ??= toMerged(defaults, "defaults"));
    try {
      // No arguments: the defaults' own route, as merge() gives it (@octokit/plugin-paginate-rest calls so).
      return toRequest(route === undefined && options === undefined ? defaults : readArguments(defaults, route, options), scope);
    } catch (error) {
      throw withRoute(error, route);
    }
  };
  Object.defineProperty(endpoint, "DEFAULTS", SHOWN);
  endpoint.defaults = (options: unknown): EndpointInterface => {
    let next: Call;
    try {
      next = readDefaults(defaults, options);
    } catch (error) {
      throw withRoute(error, undefined);
    }
    return withDefaults(next, target);
  };
  endpoint.merge = (route?: unknown, options?: unknown): MergedOptions => {
    try {
      return toMerged(route === undefined && options === undefined ? defaults : readArguments(defaults, route, options));
    } catch (error) {
      throw withRoute(error, route);
    }
  };
  // `parse()` applies no defaults, and the target of its function.
  endpoint.parse = (merged: unknown): RequestOptions => {
    try {
      return toRequest(readCall(NO_DEFAULTS, merged, "options"), scope);
    } catch (error) {
      throw withRoute(error, merged);
    }
  };
  // Frozen, so that no assignment to `DEFAULTS`, `merge` or `parse` can redirect later calls.
  return Object.freeze(endpoint) as EndpointInterface;
}

/** The one argument with which an endpoint function returns its `DEFAULTS`: no caller can pass it. */
const SHOW = Symbol("DEFAULTS");

/**
 * `endpoint.DEFAULTS`, made when first read, so that building a chain of `defaults()` copies no
 * level's defaults for show. One getter for every endpoint function, defined before their other
 * properties: V8 then shares the functions' hidden class, where a getter of its own would turn each
 * function's properties into a dictionary (four times the cost of a `defaults()` level).
 */
const SHOWN: PropertyDescriptor = {
  enumerable: true,
  get(this: (route: symbol) => Defaults): Defaults {
    return this(SHOW);
  },
};

/** The call of either form: `(route, options?)` or `(options)`. */
function readArguments(defaults: Call, route: unknown, options: unknown): Call {
  if (typeof route === "string") return readCall(defaults, options, "options", splitRoute(route));
  if (options !== undefined) {
    fail("INVALID_ROUTE", "route", "is an options object: no second argument", options);
  }
  if (route === null || typeof route !== "object") fail("INVALID_ROUTE", "route", 'must be a route ("GET /user") or options', route);
  return readCall(defaults, route, "options");
}

/**
 * Makes what leaves a call an EndpointError with the call's route: the route string, or
 * `"<method> <url>"` of an options object (up to its query and shortened, by withCallRoute).
 */
function withRoute(error: unknown, route: unknown): EndpointError {
  return withCallRoute(asEndpointError(error), describeRoute(route));
}

function describeRoute(route: unknown): string | undefined {
  let text: unknown = route;
  try {
    if (isPlainRecord(route)) {
      const method = Object.hasOwn(route, "method") ? route.method : undefined;
      const url = Object.hasOwn(route, "url") ? route.url : undefined;
      text = typeof url === "string" ? `${typeof method === "string" ? method : "GET"} ${url}` : undefined;
    }
  } catch {
    text = undefined; // a getter that throws
  }
  return typeof text === "string" ? text : undefined;
}

/**
 * What leaves a call: an EndpointError as it is; anything else was thrown by the library's own code,
 * not by reading the caller's objects (those are labelled where they are read), and becomes
 * `INTERNAL_ERROR`, never a getter's label.
 */
function asEndpointError(error: unknown): EndpointError {
  if (error instanceof EndpointError) return error;
  return new EndpointError(
    "INTERNAL_ERROR",
    "options",
    `rest-endpoint defect (please report): ${error instanceof Error ? `${error.name} ${quote(error.message)}` : describeValue(error)}`,
  );
}
