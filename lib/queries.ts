/**
 * `rest-endpoint/queries`: sends each route's query as an OpenAPI description declares it, with the
 * tables `rest-endpoint generate` writes (docs/any-api.md). Imported only by those who use it: the
 * main entry does not carry it.
 *
 * @packageDocumentation
 */
import { percentEncodeName } from "./chars.js";
import { fail, quote, unreadable } from "./errors.js";
import type { EndpointInterface, EndpointParameters, RouteMap } from "./types.js";
import { isArray, isPlainRecord } from "./values.js";

/**
 * How one route's query is sent, as `rest-endpoint generate` writes it for each route whose
 * description declares its query in another form than the library's default (comma-joined lists,
 * GitHub's form). OpenAPI 3.1 section 4.8.12.4 defines the styles.
 */
export interface Query {
  /**
   * The route's full RFC 6570 template: `style: form` exploded, OpenAPI's default, is `{?ids*}`
   * (`ids=1&ids=2`); unexploded, `{?ids}` (`ids=1,2`). E.g.
   * `"GET /v2/apps/{app_id}/deployments{?page,deployment_types*}"`.
   */
  readonly template: string;
  /**
   * The `style: deepObject` parameters: an object is sent as `name[key]=value` (one level, as
   * OpenAPI defines it), a list as `name[]=value` for each item, anything else as `name=value`.
   */
  readonly deepObject?: readonly string[];
  /**
   * Parameters whose names RFC 6570 section 2.3 cannot write as a variable (`statuses[]`), each with
   * the percent-encoded variable name (`statuses%5B%5D`) that `template` holds.
   */
  readonly renamed?: Readonly<Record<string, string>>;
}

/** A generated map's queries: route (as the map writes it) to {@link Query}. */
export type Queries = Readonly<Record<string, Query>>;

/** {@link percentEncodeName}, with an error that names the parameter. */
function variableOf(text: string, argument: string): string {
  try {
    return percentEncodeName(text);
  } catch {
    return fail("INVALID_PARAMETER", argument, "must be well-formed Unicode (a lone surrogate has no UTF-8 form)", text);
  }
}

/**
 * `template` with `varspecs` added to its closing `{?…}` expression (or in a new one), so that the
 * query begins with `?` whichever variables are defined (`{&…}` would begin with `&` when none of
 * the others is).
 */
function withVariables(template: string, varspecs: readonly string[]): string {
  const last = template.lastIndexOf("{?");
  return last !== -1 && template.indexOf("}", last) === template.length - 1
    ? `${template.slice(0, -1)},${varspecs.join(",")}}`
    : `${template}{?${varspecs.join(",")}}`;
}

/**
 * The template and parameters that send `parameters`' query as `query` says; `parameters` is
 * copied, never changed.
 */
function rewrite(query: Query, parameters: Record<string, unknown>): [string, EndpointParameters] {
  const renamed = query.renamed ?? {};
  const deepObject = query.deepObject ?? [];
  // No prototype: a key "__proto__" (JSON.parse makes one) stays a key, as endpoint() reads it.
  const copy = Object.create(null) as Record<string, unknown>;
  /** Sets `key`, which two parameters must not both become: one would be lost. */
  const put = (key: string, value: unknown, argument: string): void => {
    if (Object.hasOwn(copy, key)) fail("INVALID_OPTIONS", argument, `is sent as ${quote(key)}, which another parameter is too`);
    copy[key] = value;
  };
  // deepObject names follow the values given, so they are expressions added to the template.
  const added: string[] = [];
  for (const [name, value] of Object.entries(parameters)) {
    const list = isArray(value);
    if (!deepObject.includes(name) || (!list && !isPlainRecord(value))) {
      put(Object.hasOwn(renamed, name) ? renamed[name]! : name, value, name);
      continue;
    }
    const prefix = `${variableOf(name, name)}%5B`;
    if (list) {
      put(`${prefix}%5D`, value, name);
      added.push(`${prefix}%5D*`);
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const argument = `${name}.${key}`;
      if (isArray(item) || isPlainRecord(item))
        fail(
          "INVALID_PARAMETER",
          argument,
          "must be a string, number or boolean: deepObject sends one level (OpenAPI 3.1 section 4.8.12.4)",
          item,
        );
      const variable = `${prefix}${variableOf(key, argument)}%5D`;
      put(variable, item, argument);
      added.push(variable);
    }
  }
  return [added.length === 0 ? query.template : withVariables(query.template, added), copy];
}

/**
 * Wraps an endpoint so that each call by a route of `queries` sends its query as the description
 * declares it; other routes, and calls with an options object, go to `endpoint` unchanged.
 * `defaults()` of the result wraps again; `DEFAULTS`, `merge()` and `parse()` behave as
 * `endpoint`'s, `merge()` with the route's full template.
 *
 * @param endpoint - an endpoint, usually `endpoint.defaults({ baseUrl })` typed by a generated map
 * @param queries - the `queries` of a module `rest-endpoint generate` wrote
 * @returns an endpoint of the same type
 * @throws `EndpointError` (rest-endpoint's) `INVALID_PARAMETER` when a deepObject parameter holds a list or an
 *   object under a key (it has one level) or a key that is not well-formed Unicode;
 *   `INVALID_OPTIONS` when reading the parameters throws (a getter, a revoked Proxy), or when two
 *   parameters would be sent under one name (`"statuses[]"` and `"statuses%5B%5D"`); and whatever
 *   `endpoint` throws
 * @example
 * ```ts
 * const api = withQueries(endpoint.defaults({ baseUrl: "https://api.stripe.com" }), {
 *   "GET /v1/charges": { template: "GET /v1/charges{?created,expand,limit}", deepObject: ["created", "expand"] },
 * });
 * api("GET /v1/charges", { created: { gte: 1700000000 }, expand: ["data.customer"], limit: 3 }).url;
 * // "https://api.stripe.com/v1/charges?limit=3&created%5Bgte%5D=1700000000&expand%5B%5D=data.customer"
 * ```
 */
export function withQueries<E extends EndpointInterface<RouteMap, string>>(endpoint: E, queries: Queries): E {
  const prepare = (route: unknown, parameters: unknown): [unknown, unknown] => {
    const query = typeof route === "string" && Object.hasOwn(queries, route) ? queries[route] : undefined;
    if (query === undefined || !isPlainRecord(parameters)) return [route, parameters];
    try {
      return rewrite(query, parameters);
    } catch (error) {
      // As endpoint() does: a getter's or a Proxy's error becomes an EndpointError, which names the call's route.
      const failure = unreadable(error, "options");
      failure.route = route as string;
      throw failure;
    }
  };
  const call = endpoint as unknown as (...args: unknown[]) => unknown;
  const merge = endpoint.merge.bind(endpoint) as unknown as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]): unknown => call(...(args.length === 0 ? args : prepare(args[0], args[1])));
  return Object.assign(wrapped, {
    DEFAULTS: endpoint.DEFAULTS,
    defaults: (options: EndpointParameters) => withQueries(endpoint.defaults(options) as E, queries),
    merge: (...args: unknown[]) => merge(...(args.length === 0 ? args : prepare(args[0], args[1]))),
    parse: endpoint.parse.bind(endpoint),
  }) as unknown as E;
}
