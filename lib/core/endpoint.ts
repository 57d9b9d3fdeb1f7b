import { describeValue, EndpointError, fail, quote } from "./errors.js";
import { freezeCall, NO_DEFAULTS, readCall, type Call } from "./options.js";
import { toMerged, toRequest } from "./request.js";
import { parseRoute } from "./route.js";
import type { Defaults, EndpointInterface, MergedOptions, RequestOptions } from "./types.js";
import { isPlainRecord } from "./values.js";

/**
 * Builds an endpoint function carrying `defaults` (docs/usage.md, `endpoint.defaults`). Defaults are read and frozen once
 * here, so a call merges one level whatever the depth of the chain.
 */
export function withDefaults(defaults: Call): EndpointInterface {
  // DEFAULTS is made when first read: building a chain of defaults() need not copy it at each level.
  let shown: Defaults | undefined;
  const endpoint = (route?: unknown, options?: unknown): RequestOptions => {
    try {
      // No arguments: the defaults' own route, as merge() gives it (@octokit/plugin-paginate-rest calls so).
      return toRequest(route === undefined && options === undefined ? defaults : readArguments(defaults, route, options));
    } catch (error) {
      throw withRoute(error, route);
    }
  };
  const merge = (route?: unknown, options?: unknown): MergedOptions => {
    try {
      return route === undefined && options === undefined ? toMerged(defaults) : toMerged(readArguments(defaults, route, options));
    } catch (error) {
      throw withRoute(error, route);
    }
  };
  const parse = (merged: unknown): RequestOptions => {
    try {
      return toRequest(readCall(NO_DEFAULTS, merged, "options"));
    } catch (error) {
      throw withRoute(error, merged);
    }
  };
  const defaultsOf = (options: unknown): EndpointInterface => {
    let next: Call;
    try {
      next = freezeCall(readCall(defaults, options, "defaults"), "defaults", defaults);
    } catch (error) {
      throw withRoute(error, undefined);
    }
    return withDefaults(next);
  };
  // Frozen, so that no assignment to `DEFAULTS`, `merge` or `parse` can redirect later calls.
  Object.defineProperty(endpoint, "DEFAULTS", { enumerable: true, get: (): Defaults => (shown ??= toMerged(defaults, "frozen")) });
  return Object.freeze(Object.assign(endpoint, { defaults: defaultsOf, merge, parse })) as EndpointInterface;
}

/** The call of either form: `(route, options?)` or `(options)`. */
function readArguments(defaults: Call, route: unknown, options: unknown): Call {
  if (typeof route === "string") return readCall(defaults, options, "options", parseRoute(route));
  if (options !== undefined) {
    fail("INVALID_ROUTE", "route", "is an options object: no second argument", options);
  }
  if (route === null || typeof route !== "object") fail("INVALID_ROUTE", "route", 'must be a route ("GET /user") or options', route);
  return readCall(defaults, route, "options");
}

/**
 * Makes what leaves a call an EndpointError with the call's route: the route string, or
 * `"<method> <url>"` of an options object (shortened to 200 characters).
 */
function withRoute(error: unknown, route: unknown): EndpointError {
  const endpointError = asEndpointError(error);
  endpointError.route = describeRoute(route);
  return endpointError;
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
  return typeof text === "string" ? text.slice(0, 200) : undefined;
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
