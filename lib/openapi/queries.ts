/**
 * `rest-endpoint/queries`: sends each route's query as an OpenAPI description declares it, with the
 * tables `rest-endpoint generate` writes (docs/any-api.md). Imported only by those who use it: the
 * main entry does not carry it.
 *
 * @packageDocumentation
 * @module queries
 */
import { BoundedCache, stringBytes } from "../core/cache.js";
import { EndpointError, fail, quote, withCallRoute } from "../core/errors.js";
import { isOptionName } from "../core/option-names.js";
import { beginsWith, parsedOrigin } from "../core/target.js";
import { byRouteShape, routeShape } from "../core/template.js";
import type { EndpointInterface, EndpointParameters, MergedOptions, RequestOptions, RouteMap } from "../core/types.js";
import { isPlainRecord } from "../core/values.js";
import type { Queries } from "./query.js";
import { givesHeaderName, planOf, rewrite, withoutFragment, type QueryPlan } from "./query-rewrite.js";
import { authorize, isSecurity, type Security } from "./security.js";
import { givenFieldsOf, keepGivenFieldsHome } from "./serializers/headers.js";

export type { Form, Queries, Query, Querystring } from "./query.js";
export { securityOf, type Security, type SecurityScheme, type SecurityTable } from "./security.js";
export { serverUrl, type Server } from "./server-url.js";

/** A route string as a call writes it, read once per wrapper: the method and URL merge() gives it, its shape and its table entry. */
interface CalledRoute {
  readonly method: string;
  readonly url: string;
  readonly shape: string;
  readonly plan: QueryPlan | undefined;
}

/** Keys of a call that would change its route (as options): such a call takes the two-step path (merge, then parse). */
const isRouteKey = (key: string): boolean => key === "method" || key === "url";

/**
 * Wraps an endpoint so that each call to a route of `queries` sends its query as the description
 * declares it, whichever way the call is written: the route as the table keys it or otherwise
 * (`get …`, `:id` for `{id}`, a URL alone, with or without its `{?…}`, with a query of its own:
 * `/charges?`, `/charges?limit=3`; a full URL on the endpoint's `baseUrl`, as a next page's), or an
 * options object, with
 * parameters from the call or from `defaults()`. A call gives what `endpoint.parse()` gives of
 * `endpoint.merge()`'s options rewritten (in one `endpoint()` call where it can: a route string, no
 * parameter in the defaults); other routes go through unchanged, but for a name that `queries`
 * holds as a header parameter of any route, in any case (RFC 9110 section 5.1; an API key given to
 * `defaults()`): on every route that does not declare that exact key as a variable of its URL or a
 * field of its body (`bodyFields`), it is sent in its header field, never in the query or the body
 * (docs/any-api.md, "Header parameters"). `defaults()` of the result
 * wraps again; `merge()` gives the rewritten options (the route's full template), which `parse()`,
 * the endpoint's, builds; `DEFAULTS` is the endpoint's. A route marked `requiredBody` sends the
 * body `{}` (as `data: {}`) when the call gives neither a field of it nor `data`. OpenAPI 3.2's
 * querystring parameter is written as the whole query ({@link Querystring}), and a `sequence`
 * body's list as JSON Lines or a JSON text sequence ({@link Query.sequence}).
 *
 * @param endpoint - an endpoint, usually `createEndpoint({ baseUrl })` typed by a generated map
 * @param queries - the `queries` of a module `rest-endpoint generate` wrote
 * @param security - optional: the credentials its `credentials()` bound to the description's security
 *   schemes, each sent where its scheme says on the routes that require it, to `endpoint`'s `baseUrl`
 *   origin only (docs/authentication.md)
 * @returns an endpoint of the same type
 * @throws `EndpointError` (rest-endpoint's) `INVALID_PARAMETER` when a deepObject parameter holds a list or an
 *   object under a key (it has one level) or a key that is not well-formed Unicode;
 *   `INVALID_OPTIONS` when reading the parameters throws (a getter, a revoked Proxy), or when two
 *   parameters would be sent under one name (`"statuses[]"` and `"statuses%5B%5D"`); and whatever
 *   `endpoint` throws; `INVALID_URL_TEMPLATE` when a route of `queries` is not a template;
 *   `INVALID_PARAMETER` for a querystring value of the wrong kind (a form's that is no object, a
 *   string's that is no string, a JSON one whose JSON text would not say what it holds: `NaN`,
 *   `Infinity`, a `Map`, a `Set`, a function, a hole, named with its path) and for such a sequence
 *   item; `INVALID_HEADER_VALUE` when a sequence body's `content-type` is no sequential JSON media type;
 *   `INVALID_OPTIONS` (argument `endpoint`, `queries` or `queries["<route>"]`) when `endpoint` is
 *   no endpoint function or `queries` not a generated table
 * @example
 * ```ts
 * const api = withQueries(createEndpoint({ baseUrl: "https://api.stripe.com" }), {
 *   "GET /v1/charges": { template: "GET /v1/charges{?created,expand,limit}", deepObject: ["created", "expand"] },
 * });
 * api("GET /v1/charges", { created: { gte: 1700000000 }, expand: ["data.customer"], limit: 3 }).url;
 * // "https://api.stripe.com/v1/charges?limit=3&created%5Bgte%5D=1700000000&expand%5B%5D=data.customer"
 * ```
 */
export function withQueries<E extends EndpointInterface<RouteMap, string>>(endpoint: E, queries: Queries, security?: Security): E {
  // Checked here, so that a wrong argument is named rather than a TypeError thrown, or taken as no table.
  const given: unknown = endpoint;
  const member = (name: string): unknown => (given as Record<string, unknown>)[name];
  if (
    typeof given != "function" ||
    typeof member("merge") != "function" ||
    typeof member("parse") != "function" ||
    typeof member("defaults") != "function" ||
    typeof (member("DEFAULTS") as { baseUrl?: unknown } | undefined)?.baseUrl != "string"
  )
    fail("INVALID_OPTIONS", "endpoint", "must be an endpoint function (endpoint, createEndpoint(…), .defaults(…))", endpoint);
  if (!isPlainRecord(queries)) fail("INVALID_OPTIONS", "queries", "must be the queries object a generated module exports", queries);
  if (security !== undefined && !isSecurity(security))
    fail("INVALID_OPTIONS", "security", "must be what a generated module's credentials() returns", security);
  for (const [route, query] of Object.entries(queries))
    if (!isPlainRecord(query) || typeof query.template != "string" || !/^[^ ]+ [^ ]/.test(route))
      fail("INVALID_OPTIONS", `queries[${quote(route)}]`, 'must be a route "<METHOD> <URL>" and its { template, … }', query);
  // Each entry read once: a call finds its route's plan by the route's shape.
  const byShape = new Map<string, QueryPlan>();
  // A name the description declares as a header parameter of any operation, in any spelling, is a
  // header on a route that does not declare it (an API key given once to defaults()): on a route
  // the table does not hold, it would else go in the query or the body.
  const shared = new Map<string, string>();
  for (const route of Object.keys(queries)) {
    const space = route.indexOf(" ");
    const plan = planOf(route, queries[route]!);
    byShape.set(routeShape(route.slice(0, space), route.slice(space + 1)), plan);
    for (const [name, field] of plan.headers) if (!shared.has(name)) shared.set(name, field);
  }
  const call = endpoint as unknown as (...args: unknown[]) => RequestOptions;
  const mergeCall = endpoint.merge.bind(endpoint) as unknown as (...args: unknown[]) => MergedOptions;
  const parseCall = endpoint.parse.bind(endpoint);
  const DEFAULTS = endpoint.DEFAULTS;
  // A full URL on the baseUrl is the route below it (`https://api.example.com/v1/charges?page=2` is
  // `GET /v1/charges`'s for the baseUrl `https://api.example.com`): a next page's URL is its map's
  // route, with its queries and credentials. Compared as written: any other spelling is no route,
  // nor is a URL that only begins as the baseUrl does (`…/v1x/charges` for `…/v1`).
  const base = DEFAULTS.baseUrl.replace(/\/$/, "");
  // The origin credentials go to: the baseUrl's (none where it does not parse).
  const home = new Set([parsedOrigin(DEFAULTS.baseUrl)].filter((origin) => origin !== undefined));
  const below = (url: string): string => (beginsWith(url, base) ? url.slice(base.length) || "/" : url);
  const shapeOf = ({ method, url = "/" }: Pick<MergedOptions, "method" | "url">): string => {
    try {
      return routeShape(method, below(url));
    } catch (error) {
      // A URL that is no template: the error gives the call's route, as endpoint() gives it.
      if (error instanceof EndpointError) withCallRoute(error, `${method} ${url}`);
      throw error;
    }
  };
  /**
   * The request options `build` makes of `merged` (rewritten by `plan`), with what the table adds
   * after: the URL without a fragment the template leaves out, a required body, then the route's
   * request steps ({@link QueryPlan.requestSteps}: a sequence or a form body). `headers` are the
   * merged headers (a form's `content-type` is the call's or the defaults').
   */
  const finish = (
    plan: QueryPlan,
    merged: MergedOptions,
    headers: Readonly<Record<string, unknown>>,
    build: (merged: MergedOptions) => RequestOptions,
  ): RequestOptions => {
    const { query } = plan;
    const options = plan.fragmentNamed ? { ...merged, url: withoutFragment(merged.url ?? "/") } : merged;
    let built = build(options);
    // A required body the call gave no field (nor `data`) of: sent as `{}`, through endpoint()'s own rule for `data`.
    if (query.requiredBody === true && !Object.hasOwn(options, "data") && (built.body === undefined || built.body === ""))
      built = build({ ...options, data: {} });
    for (const step of plan.requestSteps) built = step(built, headers);
    return built;
  };
  // The one hook of security schemes (lib/openapi/security.ts): credentials added to what was built,
  // by the route's shape, on the two-step path and the one-pass path alike.
  // The header parameters the defaults give are kept home too (keepGivenFieldsHome).
  const givenFields = givenFieldsOf(DEFAULTS, shared);
  const secured = (shape: string, built: RequestOptions): RequestOptions => {
    const kept = givenFields.size === 0 ? built : keepGivenFieldsHome(built, givenFields, home);
    return security === undefined ? kept : authorize(security, shape, kept, home);
  };
  const parse = (merged: MergedOptions): RequestOptions => {
    const shape = shapeOf(merged);
    const plan = byRouteShape(byShape, shape);
    return secured(shape, plan === undefined ? parseCall(merged) : finish(plan, merged, merged.headers, parseCall));
  };
  const merge = (...args: unknown[]): MergedOptions => {
    const merged = mergeCall(...args);
    let plan = byRouteShape(byShape, shapeOf(merged));
    // A route the table does not hold, given a header parameter of another: its own URL is its template.
    if (plan === undefined && givesHeaderName(merged, shared))
      plan = planOf(`${merged.method} ${merged.url ?? "/"}`, { template: `${merged.method} ${merged.url ?? "/"}` });
    if (plan === undefined) return merged;
    try {
      return rewrite(plan, merged, merged.url ?? "/", merged.headers, DEFAULTS, shared);
    } catch (error) {
      // merge() made `merged`: what rewrite() throws is an EndpointError, given the call's route as endpoint() gives it.
      if (error instanceof EndpointError) withCallRoute(error, `${merged.method} ${merged.url}`);
      throw error;
    }
  };
  // One pass where the defaults allow it: the call's own parameters are rewritten and built by the
  // endpoint in one call, as `endpoint(route, parameters)`, not merged, rewritten, then read again by
  // parse(). The defaults must then give no parameter (a parameter of theirs would need the
  // rewrite), and the call neither `headers` nor its route; any error is left to the two-step path,
  // which gives it as it always has. `parse(merge())` is the rule: a property test holds them equal.
  const onePass = !Object.keys(DEFAULTS).some((name) => !isOptionName(name));
  // The headers rewrite() reads in one pass: none, so that it sets only what it adds, which the
  // endpoint lays over the defaults' as it would the merged ones (a header parameter given by the
  // call beats a defaults' field either way); but the defaults' when they set a `content-type`,
  // which a table's media type must not replace.
  const headersOnePass: Readonly<Record<string, string>> = Object.hasOwn(DEFAULTS.headers, "content-type") ? DEFAULTS.headers : {};
  const sharedByDefaults = Object.keys(DEFAULTS).some((name) => !isOptionName(name) && shared.has(name.toLowerCase()));
  const routes = new BoundedCache<CalledRoute | null>({ entries: 256, maxBytes: 256 * 1024, bytesOf: stringBytes });
  const calledRoute = (route: string): CalledRoute | null => {
    try {
      const { method, url = "/" } = mergeCall(route);
      const shape = shapeOf({ method, url });
      return { method, url, shape, plan: byRouteShape(byShape, shape) };
    } catch {
      return null; // the two-step path gives the error
    }
  };
  const inOnePass = (route: string, parameters: unknown): RequestOptions | undefined => {
    const called = routes.get(route, calledRoute);
    if (called === null) return undefined;
    if (called.plan === undefined) {
      // A header parameter of a route of the table, given here or by the defaults: the two-step path.
      // (`method` or `url` beside a route string endpoint() refuses, as merge() does.)
      if (shared.size > 0 && (sharedByDefaults || Object.keys(parameters ?? {}).some((key) => shared.has(key.toLowerCase()))))
        return undefined;
      return secured(called.shape, call(route, parameters));
    }
    if (!onePass || (parameters !== undefined && !isPlainRecord(parameters))) return undefined;
    // `method` or `url` would be taken over by the rewrite; the call's own headers would need
    // merging with the defaults' before the rewrite reads them.
    for (const key of Object.keys(parameters ?? {})) if (isRouteKey(key) || key === "headers") return undefined;
    const rewritten = rewrite(called.plan, parameters ?? {}, called.url, headersOnePass, DEFAULTS, shared);
    rewritten.method = called.method;
    // The headers rewrite() set (header parameters, a media type) are the call's: the endpoint lays them over the defaults'.
    const added = (rewritten as Partial<MergedOptions>).headers;
    const headers = added === undefined || called.plan.requestSteps.length === 0 ? DEFAULTS.headers : { ...DEFAULTS.headers, ...added };
    return secured(called.shape, finish(called.plan, rewritten, headers, call));
  };
  const wrapped = (...args: unknown[]): unknown => {
    if (args.length <= 2 && typeof args[0] === "string")
      try {
        const built = inOnePass(args[0], args[1]);
        if (built !== undefined) return built;
      } catch {
        // The two-step path below gives the error, with the route as it always has.
      }
    return parse(merge(...args));
  };
  return Object.assign(wrapped, {
    DEFAULTS,
    defaults: (options: EndpointParameters) => withQueries(endpoint.defaults(options) as E, queries, security),
    merge,
    parse,
  }) as unknown as E;
}
