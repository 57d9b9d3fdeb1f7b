import { fail, nameOf, quote, unreadable } from "./errors.js";
import type { Call } from "./options.js";
import { asksForMediaType, NO_MEDIA_TYPE } from "./media-type.js";
import { parsedOrigin, type MediaTypeFields, type TargetRecord } from "./target.js";
import { compileTemplate } from "./template.js";
import type { MergedOptions, RequestMeta, RequestOptions } from "./types.js";
import { authorityEnd, canParse } from "./origin.js";
import { expandUrl } from "./url.js";
import { copyValue, isJsonBody, newBudget, recordFor, type CopyBudget } from "./values.js";

/**
 * Methods whose requests carry content, lowercase (docs/usage.md, `endpoint(route, options?)`): POST,
 * PUT, PATCH, DELETE, and QUERY (RFC 10008), a safe method whose query is its content; all others
 * put parameters in the query and take no `data`. The route-map generator reads it too.
 */
export const BODY_METHODS: ReadonlySet<string> = new Set(["post", "put", "patch", "delete", "query"]);

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * RFC 9110's methods (section 9), PATCH (RFC 5789) and QUERY (RFC 10008), upper- and lowercase, to
 * their lowercase: a look-up, where `toLowerCase()` makes a new string at each call.
 */
const LOWERCASE: ReadonlyMap<string, string> = new Map(
  ["get", "head", "post", "put", "delete", "connect", "options", "trace", "patch", "query"].flatMap((method) => [
    [method, method],
    [method.toUpperCase(), method],
  ]),
);

/** The query of a request with content: its parameters go to the body. */
const NO_QUERY: readonly string[] = Object.freeze([]);

/**
 * Turns a call into request options (docs/usage.md, `endpoint(route, options?)`): the URL expanded and joined to `baseUrl`;
 * parameters the template does not name go to the query (GET, HEAD and every method without
 * content) or to the body; the target's route step first and its request step last
 * (lib/core/target.ts). What the result holds is fresh, or the caller's `data` and non-plain values
 * by reference.
 *
 * @throws {@link EndpointError} see `docs/errors.md`
 */
export function toRequest(call: Call, scope: Scope): RequestOptions {
  const { target } = scope;
  const route = call.url ?? "/";
  let method = LOWERCASE.get(call.method) ?? call.method.toLowerCase();
  // The target's step from a route to a route, its answer kept per route (lib/core/target.ts); the
  // template compiled once, the answer's.
  const answer = target.route?.(method, route);
  const template = compileTemplate(answer === undefined ? route : answer.url);
  let multiSegment: string | undefined;
  let targetOrigin: string | undefined;
  if (answer !== undefined) ({ method, multiSegment, origin: targetOrigin } = answer);
  const { parameters } = call;
  const remaining: string[] = [];
  if (Object.getPrototypeOf(parameters) === null) {
    // A hash table (recordFor, past MANY_KEYS parameters) is walked faster through its keys' array;
    // a small object through for…in, which allocates nothing.
    for (const name of Object.keys(parameters)) if (!template.names.has(name)) remaining.push(name);
  } else for (const name in parameters) if (Object.hasOwn(parameters, name) && !template.names.has(name)) remaining.push(name);
  const hasBody = BODY_METHODS.has(method);
  if (!hasBody && call.hasData) {
    fail("INVALID_OPTIONS", "data", `is a body, not for ${call.method}`);
  }
  if (!hasBody && template.decodedNames.size > 0) checkQueryNames(template.decodedNames, parameters, remaining);
  const url = expandUrl(template, call.baseUrl, parameters, hasBody ? NO_QUERY : remaining, multiSegment, targetOrigin);
  // A body's `content-type` is added to these headers: copied by Object.assign then, as readHeaders
  // copies them (headers.ts), since V8 (Node 20) leaves its fast path when a key is added to an
  // object a spread made, which cost more than the rest of a POST's headers (`npm run bench`, (b)).
  let result: RequestOptions = { method, url, headers: hasBody ? Object.assign({}, call.headers) : { ...call.headers } };
  if (call.headers.host !== undefined) checkHost(call.headers.host, url);
  const home = scope.defaults;
  if (home.headers.authorization !== undefined || home.headers.cookie !== undefined) {
    // Where the URL is the defaults' baseUrl joined to a path, it is home: no URL to parse.
    if (template.origin !== "relative" || template.originVariable !== undefined || call.baseUrl !== home.baseUrl)
      keepCredentialsHome(result, scope);
  }
  if (hasBody || call.request !== undefined) {
    // One copy budget for everything the call copies.
    const budget = newBudget();
    if (hasBody) bodyStage(result, call, remaining, budget);
    if (call.request !== undefined) result.request = copyValue(call.request, "request", "mutable", budget) as RequestMeta;
  }
  if (target.request !== undefined) {
    try {
      result = target.request(result, call.mediaType);
    } catch (error) {
      // The target's own code: what it throws is the target's error, as a getter's is (errors.ts, unreadable).
      throw unreadable(error, "target.request");
    }
  } else if (call.mediaType !== NO_MEDIA_TYPE && asksForMediaType(call.mediaType))
    fail("INVALID_MEDIA_TYPE", "options.mediaType", `has no rule on ${target.name}: set headers.accept`, call.mediaType);
  return result;
}

/**
 * A parameter sent to the query under the name a pct-encoded variable of the template is sent
 * under too (`"a b"` beside `{?a%20b}`): a server would read two values for one name.
 *
 * @throws {@link EndpointError} `INVALID_OPTIONS`
 */
function checkQueryNames(
  decodedNames: ReadonlyMap<string, string>,
  parameters: Readonly<Record<string, unknown>>,
  remaining: readonly string[],
): void {
  for (const name of remaining) {
    const variable = decodedNames.get(name);
    if (variable !== undefined && parameters[variable] != null && parameters[name] != null)
      fail("INVALID_OPTIONS", name, `is sent under the same name as the template's variable ${quote(variable)}`);
  }
}

/**
 * The rest of a rule whose argument is `names[0]`: `is` for one name, `and \`b\`, \`c\` are` for
 * more, each other name once, at most four of them.
 */
function andOthers(names: readonly string[]): string {
  if (names.length === 1) return "is";
  return `and ${names.slice(1, 5).map(nameOf).join(", ")}${names.length > 5 ? ", …" : ""} are`;
}

/**
 * The body and its content-type (docs/usage.md, `endpoint(route, options?)`): `data` as given, else the remaining
 * parameters as a JSON object (copied); a JSON body gets `content-type: application/json;
 * charset=utf-8` unless one was given; PUT and PATCH without a body get `""`, so that clients send
 * `Content-Length: 0` (GitHub answers 411 otherwise).
 *
 * @throws {@link EndpointError} `INVALID_OPTIONS` when parameters would be lost next to `data`
 */
function bodyStage(result: RequestOptions, call: Call, remaining: readonly string[], budget: CopyBudget): void {
  let body: unknown;
  if (call.hasData) {
    if (remaining.length > 0) fail("INVALID_OPTIONS", remaining[0]!, `${andOthers(remaining)} in neither the url nor \`data\``);
    body = call.data;
  } else if (remaining.length > 0) {
    // Many keys are added to an object without prototype, which V8 keeps as a hash table, then given
    // Object.prototype: a plain object either way (docs/performance.md, "Scaling").
    const content = recordFor(remaining.length);
    for (const name of remaining) content[name] = copyValue(call.parameters[name], name, "json", budget);
    body =
      Object.getPrototypeOf(content) === null ? (Object.setPrototypeOf(content, Object.prototype) as Record<string, unknown>) : content;
  }
  if (body === undefined) {
    if (result.method === "put" || result.method === "patch") result.body = "";
    return;
  }
  result.body = body;
  if (isJsonBody(body) && !Object.hasOwn(result.headers, "content-type")) result.headers["content-type"] = JSON_CONTENT_TYPE;
}

/**
 * A call as `merge()` returns it (docs/usage.md, `endpoint.merge`): options and parameters side by
 * side, `mediaType` complete, everything copied so that it shares nothing mutable with the defaults
 * or the caller. For `"defaults"`, as `endpoint.DEFAULTS` shows them: deeply frozen, `data` aside,
 * sharing the parameter values and `request` that `readDefaults` copied and froze.
 */
export function toMerged(call: Call, shown: "merged" | "defaults" = "merged"): MergedOptions {
  const frozen = shown === "defaults";
  const merged = {
    method: call.method,
    // Every endpoint function's defaults have a baseUrl: the root's, which `undefined` cannot replace.
    baseUrl: call.baseUrl!,
    headers: { ...call.headers },
    mediaType: copyMediaType(call.mediaType),
  } as MergedOptions;
  if (call.url !== undefined) merged.url = call.url;
  if (call.hasData) merged.data = call.data;
  const budget = newBudget();
  const { request, parameters } = call;
  if (request !== undefined) merged.request = frozen ? request : (copyValue(request, "request", "mutable", budget) as RequestMeta);
  for (const key of Object.keys(parameters)) merged[key] = frozen ? parameters[key] : copyValue(parameters[key], key, "mutable", budget);
  if (frozen) {
    Object.freeze(merged.headers);
    for (const value of Object.values(merged.mediaType)) Object.freeze(value);
    Object.freeze(merged.mediaType);
    Object.freeze(merged);
  }
  return merged;
}

/** What an endpoint function gives each call: its target's record and its defaults (lib/core/endpoint.ts). */
export interface Scope {
  readonly target: TargetRecord;
  readonly defaults: Call;
  /** The origins its credentials go to ({@link keepCredentialsHome}), made when first needed. */
  origins: ReadonlySet<string | undefined> | undefined;
}

/**
 * Credentials stay with their target (docs/usage.md, "Credentials"): an `authorization` (RFC 9110
 * section 11.6.2) or `cookie` (RFC 6265) field whose value is the one the endpoint function's
 * defaults hold goes only to that function's own origins: its `baseUrl`'s, and, while that is one
 * of the target's `origins`, every one of those (read when the target was, lib/core/target.ts). Sent
 * elsewhere (a full URL in the route, an `{origin}` value, a call's `baseUrl`), it is left out, as
 * the Fetch Standard leaves `Authorization` out of a redirect to another origin; a value the call
 * gives itself is sent. Origins are compared as a WHATWG URL parser reads them (lib/core/target.ts,
 * `parsedOrigin`): `:443`, a trailing dot, user info, `%68`, fullwidth letters and IDN read as the
 * host they name.
 */
function keepCredentialsHome({ url, headers }: RequestOptions, scope: Scope): void {
  const defaults = scope.defaults.headers;
  const authorization = headers.authorization !== undefined && headers.authorization === defaults.authorization;
  const cookie = headers.cookie !== undefined && headers.cookie === defaults.cookie;
  if ((!authorization && !cookie) || (scope.origins ??= originsOf(scope)).has(parsedOrigin(url))) return;
  if (authorization) delete headers.authorization;
  if (cookie) delete headers.cookie;
}

/** An endpoint function's own origins: its `baseUrl`'s, and its target's while that `baseUrl` is one of them. */
function originsOf({ target, defaults }: Scope): ReadonlySet<string | undefined> {
  const base = parsedOrigin(defaults.baseUrl!);
  return base !== undefined && target.origins.has(base) ? target.origins : new Set([base]);
}

/** A `mediaType` as `merge()` shows it: a plain object, its lists copied. */
function copyMediaType(fields: MediaTypeFields): Record<string, string | string[]> {
  // A spread clones a plain object's hidden class in one step; then each list is copied.
  const copy = { ...fields } as Record<string, string | string[]>;
  for (const key in copy) if (Object.hasOwn(copy, key) && typeof copy[key] !== "string") copy[key] = [...copy[key]!];
  return copy;
}

/**
 * A `host` field must be the target's authority (RFC 9112 section 3.2), which the URL already
 * names: a different one would be sent by undici, axios, got and node:http, and routed elsewhere
 * by a proxy or virtual host than the URL shows. Accepted in any case: the authority as the URL
 * writes it, without user info (`h.example:443` for `https://h.example:443/x`), or as a URL parser
 * normalises it (`h.example`).
 *
 * @throws {@link EndpointError} `INVALID_HEADER_VALUE`
 */
function checkHost(host: string, url: string): void {
  const given = host.toLowerCase();
  const afterScheme = url.indexOf("//") + 2;
  const authority = url.slice(afterScheme, authorityEnd(url, afterScheme));
  const written = authority.slice(authority.lastIndexOf("@") + 1).toLowerCase();
  if (given === written || (canParse(url) && given === new URL(url).host)) return;
  fail("INVALID_HEADER_VALUE", "options.headers.host", `must be ${JSON.stringify(written)}`, host);
}
