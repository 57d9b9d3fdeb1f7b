/**
 * The step `withQueries` adds between `merge()` and `parse()`: a call's merged options rewritten so
 * that the endpoint's own `parse()` sends the route's query, header parameters and body as its
 * table entry ({@link Query}) says. Each OpenAPI style is one serializer of ./serializers/, named as
 * openapi-fetch names them; `style: form` (exploded or not) is the route's RFC 6570 template itself
 * (`{?ids*}`, `{?ids}`), which the core expands.
 */
import { BoundedCache } from "../core/cache.js";
import { fail, quote } from "../core/errors.js";
import { isOptionName } from "../core/option-names.js";
import { compileTemplate, hasQuery, isQueryExpression, partText, queryExpression, varspecText, type Expression } from "../core/template.js";
import type { Defaults, MergedOptions, RequestOptions } from "../core/types.js";
import { isArray, isPlainRecord } from "../core/values.js";
import type { Query } from "./query.js";
import { reservedPairs } from "./serializers/allow-reserved.js";
import { deepObjectVariables, variableOf } from "./serializers/deep-object.js";
import { joinDelimited } from "./serializers/delimited.js";
import { headerFields, headerNamesOf, type HeaderParameter } from "./serializers/headers.js";
import { withForm } from "./serializers/form-body.js";
import { querystringText } from "./serializers/querystring.js";
import { withSequence } from "./serializers/sequence-body.js";

/** A table entry read once, when `withQueries` is called: what every call of its route needs of it. */
export interface QueryPlan {
  readonly query: Query;
  /** The varspecs of the template's query expressions, as written (`ids*`). */
  readonly varspecs: readonly string[];
  /** The variables of those expressions. */
  readonly queryNames: ReadonlySet<string>;
  /** Every variable of the template, its path's too. */
  readonly names: ReadonlySet<string>;
  /** The route's header fields, by the lower-case spelling of each name a call may give them under. */
  readonly headers: ReadonlyMap<string, string>;
  /** Whether the route names a fragment its template leaves out ({@link withoutFragment}). */
  readonly fragmentNamed: boolean;
  /**
   * The steps applied, in order, to the request options the endpoint built for the route: its body
   * as a sequence of JSON texts, its form body. One list per route, so that a step of another kind
   * (a credential the route's security requires) is one more entry here, not a branch in withQueries.
   */
  readonly requestSteps: readonly RequestStep[];
}

/**
 * A step that turns the request options built for a route into request options; `headers` are the
 * merged headers of the call (a form's `content-type` is the call's or the defaults').
 */
export type RequestStep = (options: RequestOptions, headers: Readonly<Record<string, unknown>>) => RequestOptions;

/** A call's URL as {@link rewrite} reads it: computed once per URL text (within bounds). */
interface CallUrl {
  /** Every variable of the URL. */
  readonly names: ReadonlySet<string>;
  /** The varspecs of its query expressions, by variable. */
  readonly previous: ReadonlyMap<string, string>;
  /** The URL without its query expressions, as template text. */
  readonly path: string;
  /** Whether that text begins a query (`?` in a literal). */
  readonly pathHasQuery: boolean;
}

const callUrls = new BoundedCache<CallUrl>({
  entries: 1000,
  maxBytes: 1024 * 1024,
  bytesOf: (url, { names }) => 8 * url.length + 64 * names.size,
});

/** {@link CallUrl} of `url`. @throws `EndpointError` `INVALID_URL_TEMPLATE` when it is no template */
const callUrlOf = (url: string): CallUrl =>
  callUrls.get(url, () => {
    const { names, parts } = compileTemplate(url);
    const path = parts.filter((part) => !isQueryExpression(part));
    const text = path.map(partText).join("");
    // An empty query (`/x?`, `/x?#f`, `/x?{&page}` without its expression) is none, as endpoint()
    // leaves it out: the rewrite's own query begins with "?", not "?&".
    const written = text.replace(/^([^?#]*)\?(?=#|$)/, "$1");
    return {
      names,
      previous: new Map(
        parts.filter(isQueryExpression).flatMap(({ varspecs: list }) => list.map((varspec) => [varspec.name, varspecText(varspec)])),
      ),
      path: written,
      pathHasQuery: written === text && hasQuery(path),
    };
  });

/** The index of the literal part of a compiled template that begins a fragment (`#refresh`); -1 when none does. */
const fragmentAt = (parts: readonly (string | Expression)[]): number =>
  parts.findIndex((part) => typeof part === "string" && part.includes("#"));

/**
 * The plan of the entry `query` of `route` (`"<METHOD> <URL>"`, as the table keys it).
 *
 * @throws `EndpointError` `INVALID_URL_TEMPLATE` when the route or the template is not a template
 */
export function planOf(route: string, entry: Query): QueryPlan {
  const query = ownData(entry) as Query;
  const template = compileTemplate(query.template.slice(query.template.indexOf(" ") + 1));
  const declared = template.parts.filter(isQueryExpression);
  return {
    query,
    varspecs: declared.flatMap(({ varspecs }) => varspecs.map(varspecText)),
    queryNames: new Set(declared.flatMap(({ varspecs }) => varspecs.map(({ name }) => name))),
    names: template.names,
    headers: headerNamesOf(query.headers ?? {}),
    fragmentNamed: fragmentAt(compileTemplate(route.slice(route.indexOf(" ") + 1)).parts) !== -1 && fragmentAt(template.parts) === -1,
    requestSteps: requestStepsOf(query),
  };
}

/**
 * A table entry's own data, copied once into objects without a prototype (arrays stay arrays): what
 * the plan reads (`query.requiredBody`, `form.mediaType`, …) is then the table's, never a field a
 * polluted `Object.prototype` holds, and a later write to the table changes no request.
 */
function ownData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ownData);
  if (!isPlainRecord(value)) return value;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = ownData(value[key]);
  return copy;
}

/** The request steps of a table entry: a sequence body's, a form body's. */
function requestStepsOf({ sequence, form }: Query): RequestStep[] {
  const steps: RequestStep[] = [];
  if (sequence === true) steps.push(withSequence);
  else if (form !== undefined) steps.push((options, headers) => withForm(form, options, headers));
  return steps;
}

/**
 * A URL without the fragment its route names and the table's template leaves out (Box's
 * `/oauth2/token#refresh`, a second operation of one path): merge() keeps it, so that parse() finds
 * the operation; a fragment is no part of the request target (RFC 3986 section 3.5).
 */
export function withoutFragment(url: string): string {
  const parts = compileTemplate(url).parts;
  // The URL has the route's shape (routeShape keeps literal text), so its fragment is there.
  const at = fragmentAt(parts);
  return [
    ...parts.slice(0, at).map(partText),
    (parts[at] as string).split("#", 1)[0]!,
    ...parts
      .slice(at + 1)
      .filter(isQueryExpression)
      .map(partText),
  ].join("");
}

/**
 * Whether `merged` gives a key that `shared` (the header fields of every route of the table, as
 * {@link QueryPlan.headers}) holds in some spelling and its URL does not hold as a variable: a
 * header parameter of another route, sent in its header field on a route the table does not hold.
 */
export function givesHeaderName(merged: MergedOptions, shared: ReadonlyMap<string, string>): boolean {
  if (shared.size === 0) return false;
  let names: ReadonlySet<string> | undefined;
  for (const name of Object.keys(merged))
    if (!isOptionName(name) && shared.has(name.toLowerCase()) && !(names ??= compileTemplate(merged.url ?? "/").names).has(name))
      return true;
  return false;
}

/**
 * The merged options that send `merged`'s query as `plan` says: its URL is the call's path (its
 * variables as the call names them) with the route's query expression (`{&…}` after a query the
 * path holds, RFC 6570 section 3.2.9), its parameters renamed and deepObject ones spread into
 * variables added to that expression; header parameters in their fields. A key is a header
 * parameter where the route declares it one, in any spelling of the field's name (RFC 9110 section
 * 5.1), unless the route declares that exact key otherwise; a key that `shared` holds (a header
 * parameter of another route) is one too where this route holds no variable of that name: each
 * route sends a name where it declares it. `merged` is copied, never changed. Applying it to what
 * it returned changes nothing.
 *
 * @param merged - merged options, or (one pass) a call's own parameters, whose method the caller sets
 * @param url - their URL (`merged.url`, or the route's as merge() gives it)
 * @param headers - the merged headers (one pass: the defaults')
 * @param defaults - the endpoint's `DEFAULTS`, which tell a header parameter's layer
 */
export function rewrite(
  plan: QueryPlan,
  merged: Readonly<Record<string, unknown>>,
  url: string,
  headers: Readonly<Record<string, string>>,
  defaults: Defaults,
  shared: ReadonlyMap<string, string>,
): MergedOptions {
  const { query } = plan;
  const renamed = query.renamed ?? {};
  const deepObject = query.deepObject ?? [];
  /** The varspecs of the expression written: the template's, and those a call adds (copied when it adds one). */
  let varspecs = plan.varspecs;
  const addVarspec = (varspec: string): void => {
    if (varspecs === plan.varspecs) varspecs = [...varspecs];
    (varspecs as string[]).push(varspec);
  };
  // `previous`: the variables a previous rewrite added (merge() then parse() through withQueries), kept.
  const { names: callNames, previous, path, pathHasQuery } = callUrlOf(url);
  const copy: Record<string, unknown> = {};
  /** Sets `key`, which two parameters must not both become: one would be lost. */
  const put = (key: string, value: unknown, argument: string): void => {
    if (Object.hasOwn(copy, key)) fail("INVALID_OPTIONS", argument, `is sent as ${quote(key)}, which another parameter is too`);
    // A key "__proto__" (JSON.parse makes one) stays a key, as endpoint() reads it.
    if (key === "__proto__") Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    else copy[key] = value;
  };
  /** The name `name` is sent under: its variable where RFC 6570 cannot write it (`renamed`). */
  const keyOf = (name: string): string => (Object.hasOwn(renamed, name) ? renamed[name]! : name);
  const delimited = query.delimited ?? {};
  const own = query.headers ?? {};
  /** The header field `name` is sent in, if it is a header parameter here. */
  const fieldOf = (name: string): string | undefined => {
    if (Object.hasOwn(own, name)) return own[name];
    // A key the route (or the call's URL) declares as it is written is sent there, whatever its case.
    if (
      plan.names.has(keyOf(name)) ||
      callNames.has(name) ||
      deepObject.includes(name) ||
      Object.hasOwn(delimited, name) ||
      query.bodyFields?.includes(name) === true
    )
      return undefined;
    const lower = name.toLowerCase();
    return plan.headers.get(lower) ?? shared.get(lower);
  };
  /** The header parameters given (not `null` or `undefined`). */
  const headerParameters: HeaderParameter[] = [];
  const reserved = query.allowReserved ?? [];
  /** The `name=value` pairs of allowReserved parameters, literal text before the query expression. */
  const pairs: string[] = [];
  for (const name of Object.keys(merged)) {
    const value = merged[name];
    if (isOptionName(name)) {
      copy[name] = value;
      continue;
    }
    if (name === query.querystring?.name) {
      const text = querystringText(query.querystring, value);
      if (text !== "") pairs.push(text);
      continue;
    }
    if (reserved.includes(name)) {
      pairs.push(...reservedPairs(keyOf(name), value, name, varspecs.includes(`${keyOf(name)}*`)));
      continue;
    }
    const field = fieldOf(name);
    if (field !== undefined) {
      if (value != null) headerParameters.push({ name, field, value });
      continue;
    }
    const list = isArray(value);
    if (!deepObject.includes(name) || (!list && !isPlainRecord(value))) {
      const key = keyOf(name);
      put(key, Object.hasOwn(delimited, name) ? joinDelimited(value, delimited[name]!) : value, name);
      if (!plan.queryNames.has(key) && previous.has(key)) addVarspec(previous.get(key)!);
      continue;
    }
    // deepObject names follow the values given, so they are variables added to the expression.
    for (const variable of deepObjectVariables(name, Object.hasOwn(renamed, name) ? keyOf(name) : variableOf(name, name), value)) {
      put(variable.key, variable.value, variable.argument);
      addVarspec(variable.varspec);
    }
  }
  const literal = pairs.length === 0 ? "" : `${pathHasQuery ? "&" : "?"}${pairs.join("&")}`;
  copy.url = path + literal + queryExpression(pathHasQuery || literal !== "", varspecs);
  const fields = headerParameters.length === 0 ? {} : headerFields(headerParameters, headers, defaults);
  if (query.contentType !== undefined && !Object.hasOwn(headers, "content-type")) fields["content-type"] = query.contentType;
  if (Object.keys(fields).length > 0) copy.headers = { ...headers, ...fields };
  return copy as unknown as MergedOptions;
}
