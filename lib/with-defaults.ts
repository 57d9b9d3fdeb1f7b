import { describeValue, EndpointError } from "./errors.js";
import { freezeDefaults, mergeDefaults, thaw, type FrozenDefaults } from "./merge-defaults.js";
import { isPlainRecord, normalizeOptions, type NormalizedOptions } from "./normalize-options.js";
import { parseOptions } from "./parse-options.js";
import { parseRoute } from "./parse-route.js";
import type { Defaults, EndpointInterface, MergedOptions, RequestOptions } from "./types.js";

/**
 * Builds an endpoint function carrying `defaults` overlaid with `options` (spec §4.1). The merged
 * defaults are computed once here, so a call merges one level whatever the depth of the chain.
 *
 * @param base - the defaults of the parent function (frozen), or `undefined` for the root
 * @param options - the new defaults' options
 */
export function withDefaults(base: FrozenDefaults | undefined, options: unknown): EndpointInterface {
  const normalized = normalizeOptions(options, "defaults");
  const defaults = freezeDefaults(base === undefined ? normalized : mergeDefaults(base, normalized));

  // Each member catches its EndpointError only to add the route; no closure is made per call.
  const merge = (route: unknown, callOptions?: unknown): MergedOptions => {
    try {
      return thaw(mergeDefaults(defaults, routeOptions(route, callOptions))) as MergedOptions;
    } catch (error) {
      throw withRoute(error, route);
    }
  };
  const endpoint = (route: unknown, callOptions?: unknown): RequestOptions => {
    try {
      // parseOptions copies what it hands out, so the merged options need no copy of their own here.
      return parseOptions(mergeDefaults(defaults, routeOptions(route, callOptions)));
    } catch (error) {
      throw withRoute(error, route);
    }
  };
  const parse = (mergedOptions: unknown): RequestOptions => {
    try {
      return parseOptions(normalizeOptions(mergedOptions, "options"));
    } catch (error) {
      throw withRoute(error, mergedOptions);
    }
  };

  // Frozen, so that no assignment to `DEFAULTS`, `merge` or `parse` can redirect later calls.
  return Object.freeze(
    Object.assign(endpoint, {
      DEFAULTS: defaults as Defaults,
      defaults: (next: unknown) => withDefaults(defaults, next),
      merge,
      parse,
    }),
  );
}

/**
 * Gives an EndpointError leaving a call the call's route as context: the route string, or
 * `"<method> <url>"` of an options object (shortened to 200 characters). Other errors pass as they are.
 */
function withRoute(error: unknown, route: unknown): unknown {
  if (error instanceof EndpointError) error.route = describeRoute(route);
  return error;
}

function describeRoute(route: unknown): string | undefined {
  let text: unknown = route;
  if (isPlainRecord(route)) {
    const method = Object.hasOwn(route, "method") ? route.method : undefined;
    const url = Object.hasOwn(route, "url") ? route.url : undefined;
    text = typeof url === "string" ? `${typeof method === "string" ? method : "GET"} ${url}` : undefined;
  }
  return typeof text === "string" ? text.slice(0, 200) : undefined;
}

/** The options of a call in either form: `(route, options?)` or `(options)`. */
function routeOptions(route: unknown, options: unknown): NormalizedOptions {
  if (typeof route !== "string") {
    if (options !== undefined) {
      throw new EndpointError(
        "INVALID_ROUTE",
        "route",
        `with an options object as the first argument there is no second one; received ${describeValue(options)}. Pass a route string first, or merge the two objects`,
      );
    }
    if (route === null || typeof route !== "object") {
      throw new EndpointError(
        "INVALID_ROUTE",
        "route",
        `the \`route\` argument must be a string such as "GET /user", or an options object; received ${describeValue(route)}`,
      );
    }
    return normalizeOptions(route, "options");
  }
  const { method, url } = parseRoute(route);
  const normalized = normalizeOptions(options, "options");
  for (const key of ["method", "url"] as const) {
    if (Object.hasOwn(normalized, key)) {
      throw new EndpointError(
        "INVALID_OPTIONS",
        `options.${key}`,
        `the route already gives the ${key}; received \`options.${key}\` too: ${describeValue(normalized[key])}. Give it in one place`,
      );
    }
  }
  normalized.method = method;
  normalized.url = url;
  return normalized;
}
