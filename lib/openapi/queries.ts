/**
 * `rest-endpoint/queries`: sends each route's query as an OpenAPI description declares it, with the
 * tables `rest-endpoint generate` writes (docs/any-api.md). Imported only by those who use it: the
 * main entry does not carry it.
 *
 * @packageDocumentation
 * @module queries
 */
import { checkMultipartType } from "../clients/framing.js";
import { isDotSegment, percentEncodeName } from "../core/chars.js";
import { EndpointError, fail, nameOf, quote, withCallRoute } from "../core/errors.js";
import { isOptionName } from "../core/option-names.js";
import {
  compileTemplate,
  hasQuery,
  isQueryExpression,
  partText,
  queryExpression,
  routeShape,
  varspecText,
  type Expression,
} from "../core/template.js";
import { encodeComponent, encodeReservedComponent } from "../core/url-template.js";
import { sequenceSeparator } from "./sequences.js";
import type { Defaults, EndpointInterface, EndpointParameters, MergedOptions, RequestOptions, RouteMap } from "../core/types.js";
import { isArray, isPlainRecord, toIsoString } from "../core/values.js";

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
  /**
   * The `spaceDelimited` (`" "`) and `pipeDelimited` (`"|"`) parameters: a list is sent as one value,
   * its items joined with the delimiter (OpenAPI 3.1 section 4.8.12.4), then encoded.
   */
  readonly delimited?: Readonly<Record<string, string>>;
  /**
   * The media type the body is sent with, where the description declares one `endpoint()` would
   * not give (`application/json-patch+json`, a form): set as `content-type` unless the call sets one.
   */
  readonly contentType?: string;
  /**
   * The parameters of `allowReserved: true` (OpenAPI 3.1 section 4.8.12.2): their values are sent
   * as RFC 6570's reserved expansion writes them (RFC 3986's reserved characters and pct-encoded
   * triplets as they are: `path=/a/b:c`), all others percent-encoded, and `#`, which would end the
   * query, as `%23`.
   */
  readonly allowReserved?: readonly string[];
  /**
   * Where the body is a form whose fields the call gives as keys: how {@link withQueries} builds it
   * from the body `endpoint()` made of them.
   */
  readonly form?: Form;
  /**
   * `true` where the operation requires a body (OpenAPI 3.1 section 4.8.13.1, `required: true`) and
   * the map types its fields as keys, none of them required: a call that gives none sends the body
   * `{}` (as `data: {}` would), where `endpoint()` alone would send none (`""` on PUT and PATCH).
   */
  readonly requiredBody?: true;
  /**
   * The header parameters: each call key (as the map types it) with the header field it is sent
   * in (OpenAPI 3.1 section 4.8.12.1, `in: header`), a list joined with `, ` (RFC 9110 section 5.3).
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * OpenAPI 3.2's querystring parameter (Parameter Object, `in: querystring`): the call key whose
   * value is the whole query, and how it is written ({@link Querystring}).
   */
  readonly querystring?: Querystring;
  /**
   * `true` where the body is a sequence of JSON texts (OpenAPI 3.2's `itemSchema` on
   * `application/jsonl`, `application/x-ndjson` or `application/json-seq`): `data`, a list, is sent
   * as one JSON text per item, each followed by LF, and for `json-seq` (RFC 7464) after a record
   * separator (U+001E); which one the request's `content-type` says.
   */
  readonly sequence?: true;
}

/**
 * How OpenAPI 3.2's querystring parameter is written as the URL's whole query (Parameter Object,
 * `in: querystring`, and its Parameter Object examples).
 */
export interface Querystring {
  /** The call key that holds the value. */
  readonly name: string;
  /**
   * `form` (`application/x-www-form-urlencoded`): the object's properties as a form
   * (`foo=a+%2B+b&bar=true`), built as a form body is ({@link Form}); `json` (a JSON media type): the
   * JSON text, percent-encoded (`%7B%22flag%22%3Anull%7D`); `string` (any other media type, whose
   * schema is a string): the string, percent-encoded (`%24.a.b%5B1%3A1%5D`).
   */
  readonly as: "form" | "json" | "string";
  /** For `form`: the fields of `style: deepObject`, as {@link Form}'s. */
  readonly deepObject?: readonly string[];
  /** For `form`: the fields of `explode: false`, as {@link Form}'s. */
  readonly joined?: readonly string[];
}

/**
 * A form body built from the call's keys (OpenAPI 3.1 section 4.8.15, the Encoding Object): a
 * string, number or boolean is one field; a list is a field per item (or, in `joined`, one field of
 * its items joined with `,`); a `Date` is its ISO 8601 text; `null` and `undefined` are left out.
 */
export interface Form {
  /**
   * `application/x-www-form-urlencoded`: the body is `URLSearchParams`, an object's properties each a
   * field of their own (style `form`, exploded); `multipart/form-data`: the body is `FormData`, a
   * `Blob` a file part, an object one part of its JSON (RFC 7578; the client writes the boundary,
   * so the request's `content-type` is left to it: a call may set `multipart/form-data` alone, any
   * other is `INVALID_HEADER_VALUE`, docs/clients.md).
   */
  readonly mediaType: "application/x-www-form-urlencoded" | "multipart/form-data";
  /**
   * The fields of `style: deepObject`: an object's keys and a list's indexes in brackets, at any
   * depth, as Stripe reads them: `metadata[order]=6735`, `items[0][price]=price_1`.
   */
  readonly deepObject?: readonly string[];
  /** The fields of `explode: false`: a list is one field, its items joined with `,`. */
  readonly joined?: readonly string[];
}

/** `"`, CR or LF: written differently by each client in a multipart name or file name (WHATWG percent-encodes them). */
const QUOTED_BREAK = /["\r\n]/;

/**
 * The fields of a form body, in order: each name with its value (a string, or a Blob for a multipart
 * file part). No field is lost or altered on the wire: a name that two of the call's keys would both
 * send (`{ plain: { email } , email }`, `metadata[plan]` beside `metadata: { plan }`) is
 * `INVALID_OPTIONS`; a name or a string value with a lone surrogate is `INVALID_PARAMETER`, by the
 * query's own rule (its encoder, which has no UTF-8 form for it; FormData and URLSearchParams would
 * send U+FFFD); a multipart name or file name holding `"`, CR or LF is `INVALID_PARAMETER`.
 */
function formFields(form: Form, body: Readonly<Record<string, unknown>>): [name: string, value: unknown][] {
  const multipart = form.mediaType === "multipart/form-data";
  const fields: [string, unknown][] = [];
  /** Each name sent, with the call's key that sends it. */
  const sentBy = new Map<string, string>();
  const push = (name: string, value: string | Blob, argument: string, key: string): void => {
    const by = sentBy.get(name);
    if (by !== undefined && by !== key) fail("INVALID_OPTIONS", argument, `is sent as ${quote(name)}, which ${nameOf(by)} is too`);
    sentBy.set(name, key);
    // The query's rule: a lone surrogate has no UTF-8 form (URLSearchParams and FormData would write U+FFFD).
    if (!name.isWellFormed() || (typeof value === "string" && !value.isWellFormed()))
      fail("INVALID_PARAMETER", argument, "has a lone surrogate");
    const fileName = typeof value === "string" ? undefined : (value as { name?: unknown }).name;
    if (multipart && (QUOTED_BREAK.test(name) || (typeof fileName === "string" && QUOTED_BREAK.test(fileName))))
      fail(
        "INVALID_PARAMETER",
        argument,
        'has a multipart name or file name holding ", CR or LF, which clients write differently (WHATWG percent-encodes them): a server would read another name',
        typeof fileName === "string" && QUOTED_BREAK.test(fileName) ? fileName : name,
      );
    fields.push([name, value]);
  };
  let key = "";
  const field = (name: string, value: unknown, argument: string): void => {
    if (value == null) return;
    const date = toIsoString(value);
    if (date !== undefined) push(name, date, argument, key);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") push(name, String(value), argument, key);
    else if (multipart && typeof Blob === "function" && value instanceof Blob) push(name, value, argument, key);
    else if (multipart && (isArray(value) || isPlainRecord(value))) push(name, JSON.stringify(value), argument, key);
    else fail("INVALID_PARAMETER", argument, `has no ${form.mediaType} form`, value);
  };
  /** A deepObject field: brackets for each key and index (at most 32 levels). */
  const brackets = (name: string, value: unknown, argument: string, depth: number): void => {
    const entries = isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : isPlainRecord(value)
        ? Object.entries(value)
        : undefined;
    if (entries === undefined) {
      field(name, value, argument);
      return;
    }
    if (depth > 32) fail("INVALID_PARAMETER", argument, "nests deeper than 32 levels");
    for (const [key, item] of entries) brackets(`${name}[${key}]`, item, `${argument}.${key}`, depth + 1);
  };
  for (const [name, value] of Object.entries(body)) {
    key = name;
    if (form.deepObject?.includes(name) === true) brackets(name, value, name, 0);
    else if (isArray(value)) {
      if (form.joined?.includes(name) === true) {
        // `style: form, explode: false`: one field, its items comma-joined; no items, no field, as
        // RFC 6570 leaves out an empty list in the query (section 2.3).
        const items = value.filter((item) => item != null).map(String);
        if (items.some((item) => item.includes(",")))
          fail("INVALID_PARAMETER", name, 'is a list sent comma-joined (explode: false): an item holding "," would be read as two', value);
        if (items.length > 0) field(name, items.join(","), name);
      } else for (const item of value) field(name, item, name);
    } else if (isPlainRecord(value) && !multipart) for (const [key, item] of Object.entries(value)) field(key, item, `${name}.${key}`);
    else field(name, value, name);
  }
  return fields;
}

/**
 * The request options with their body built as `form` says, where `endpoint()` made it an object of
 * the call's keys; a multipart body's `content-type` is the client's to write with its boundary:
 * dropped, unless `given` (the merged headers) set one, which must then be `multipart/form-data`
 * alone (dropped too), as the converters require.
 */
function withForm(form: Form, options: RequestOptions, given: Readonly<Record<string, unknown>>): RequestOptions {
  if (!isPlainRecord(options.body)) return options;
  const fields = formFields(form, options.body);
  if (form.mediaType === "application/x-www-form-urlencoded")
    return { ...options, body: new URLSearchParams(fields as [string, string][]) };
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value as string | Blob);
  const headers = { ...options.headers };
  if (!Object.hasOwn(given, "content-type")) delete headers["content-type"];
  // The call's own: multipart/form-data alone is left to the client, any other refused (docs/clients.md).
  else checkMultipartType(headers);
  return { ...options, headers, body };
}

/** A value's JSON text (RFC 8259); `undefined` for one that has none: `undefined`, a function, a symbol, a BigInt, a cycle. */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * The request options with a list body sent as a sequence of JSON texts (OpenAPI 3.2, Sequential
 * JSON): each item's JSON text followed by LF, after U+001E for `application/json-seq` (RFC 7464
 * section 2.2); which one the request's `content-type` says. A body that is no list (the caller's
 * own text) is sent as it is.
 *
 * @throws `EndpointError` `INVALID_HEADER_VALUE` when the `content-type` is no sequential JSON
 *   media type; `INVALID_PARAMETER` for an item with no JSON text (`undefined`, a function, a
 *   BigInt, a cycle)
 */
function withSequence(options: RequestOptions): RequestOptions {
  if (!isArray(options.body)) return options;
  // endpoint() gives a list body a content-type (JSON's where neither the call nor the table sets one).
  const type = options.headers["content-type"]!;
  const separator = sequenceSeparator(type);
  if (separator === undefined)
    return fail(
      "INVALID_HEADER_VALUE",
      "headers.content-type",
      "must be a sequential JSON media type (application/jsonl, application/x-ndjson, application/json-seq) for a list of items",
      type,
    );
  const texts = options.body.map((item, index) => {
    const text = jsonText(item);
    return text === undefined ? fail("INVALID_PARAMETER", `data.${index}`, "must have a JSON text", item) : `${separator}${text}\n`;
  });
  return { ...options, body: texts.join("") };
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

/** The index of the literal part of a compiled template that begins a fragment (`#refresh`); -1 when none does. */
const fragmentAt = (parts: readonly (string | Expression)[]): number =>
  parts.findIndex((part) => typeof part === "string" && part.includes("#"));

/**
 * A URL without the fragment its route names and the table's template leaves out (Box's
 * `/oauth2/token#refresh`, a second operation of one path): merge() keeps it, so that parse() finds
 * the operation; a fragment is no part of the request target (RFC 3986 section 3.5).
 */
function withoutFragment(url: string): string {
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
 * The `name=value` pairs of an allowReserved parameter: a list as a pair per item where `exploded`,
 * else one pair of its items joined with `,`; each value as RFC 6570's reserved expansion writes it
 * (url-template), but `#`, which would end the query, as `%23`; `null` and `undefined` send nothing.
 */
function reservedPairs(key: string, value: unknown, argument: string, exploded: boolean): string[] {
  if (value == null) return [];
  const text = (item: unknown): string => {
    if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean")
      return fail("INVALID_PARAMETER", argument, "must be a string, number or boolean, or a list of them (allowReserved)", item);
    return encodeReservedComponent(String(item), argument).replaceAll("#", "%23");
  };
  if (!isArray(value)) return [`${key}=${text(value)}`];
  const items = value.filter((item) => item != null).map(text);
  if (items.length === 0) return [];
  return exploded ? items.map((item) => `${key}=${item}`) : [`${key}=${items.join(",")}`];
}

/**
 * The query OpenAPI 3.2's querystring parameter writes from `value` ({@link Querystring}); `""` for
 * `null`, `undefined` or a form without fields.
 *
 * @throws `EndpointError` `INVALID_PARAMETER` for a form value that is not an object or a field
 *   with no form ({@link formFields}), a JSON value with no JSON text (a function, a symbol,
 *   `undefined` alone, a BigInt, a cycle), a string value that is not a string, and a lone surrogate
 */
function querystringText(querystring: Querystring, value: unknown): string {
  const { name, as } = querystring;
  if (value == null) return "";
  if (as === "form") {
    if (!isPlainRecord(value)) return fail("INVALID_PARAMETER", name, "must be an object, the form of the whole query", value);
    const fields = formFields({ mediaType: "application/x-www-form-urlencoded", ...querystring }, value) as [string, string][];
    return new URLSearchParams(fields).toString();
  }
  if (as === "string") {
    if (typeof value !== "string") return fail("INVALID_PARAMETER", name, "must be a string, the whole query", value);
    return encodeComponent(value, name);
  }
  const text = jsonText(value);
  if (text === undefined) return fail("INVALID_PARAMETER", name, "must have a JSON text, the whole query", value);
  return encodeComponent(text, name);
}

/**
 * The merged options that send `merged`'s query as `query` says: its URL is the call's path (its
 * variables as the call names them) with the route's query expression from `query` (`{&…}` after a
 * query the path holds, RFC 6570 section 3.2.9), its parameters renamed and deepObject ones spread
 * into variables added to that expression; `merged` is copied, never changed. Applying it to what
 * it returned changes nothing.
 */
function rewrite(query: Query, merged: MergedOptions, defaults: Defaults): MergedOptions {
  const renamed = query.renamed ?? {};
  const deepObject = query.deepObject ?? [];
  const declared = compileTemplate(query.template.slice(query.template.indexOf(" ") + 1)).parts.filter(isQueryExpression);
  const varspecs = declared.flatMap(({ varspecs: list }) => list.map(varspecText));
  const names = new Set(declared.flatMap(({ varspecs: list }) => list.map(({ name }) => name)));
  const call = compileTemplate(merged.url ?? "/").parts;
  // The variables a previous rewrite added (merge() then parse() through withQueries), kept.
  const previous = new Map(
    call.filter(isQueryExpression).flatMap(({ varspecs: list }) => list.map((varspec) => [varspec.name, varspecText(varspec)])),
  );
  // No prototype: a key "__proto__" (JSON.parse makes one) stays a key, as endpoint() reads it.
  const copy = Object.create(null) as Record<string, unknown>;
  /** Sets `key`, which two parameters must not both become: one would be lost. */
  const put = (key: string, value: unknown, argument: string): void => {
    if (Object.hasOwn(copy, key)) fail("INVALID_OPTIONS", argument, `is sent as ${quote(key)}, which another parameter is too`);
    copy[key] = value;
  };
  /** The name `name` is sent under: its variable where RFC 6570 cannot write it (`renamed`). */
  const keyOf = (name: string): string => (Object.hasOwn(renamed, name) ? renamed[name]! : name);
  const delimited = query.delimited ?? {};
  const fields = query.headers ?? {};
  /** The header parameters given (not `null` or `undefined`), by name. */
  const headerParameters: Record<string, unknown> = {};
  const reserved = query.allowReserved ?? [];
  /** The `name=value` pairs of allowReserved parameters, literal text before the query expression. */
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(merged)) {
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
    if (Object.hasOwn(fields, name)) {
      if (value != null) headerParameters[name] = value;
      continue;
    }
    const list = isArray(value);
    if (!deepObject.includes(name) || (!list && !isPlainRecord(value))) {
      const key = keyOf(name);
      // spaceDelimited and pipeDelimited: a list is one value, its items joined.
      const sent =
        list && Object.hasOwn(delimited, name)
          ? value
              .filter((item) => item != null)
              .map(String)
              .join(delimited[name])
          : value;
      put(key, sent, name);
      if (!names.has(key) && previous.has(key)) varspecs.push(previous.get(key)!);
      continue;
    }
    // deepObject names follow the values given, so they are variables added to the expression.
    const prefix = `${Object.hasOwn(renamed, name) ? keyOf(name) : variableOf(name, name)}%5B`;
    if (list) {
      put(`${prefix}%5D`, value, name);
      varspecs.push(`${prefix}%5D*`);
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
      varspecs.push(variable);
    }
  }
  const path = call.filter((part) => !isQueryExpression(part));
  const literal = pairs.length === 0 ? "" : `${hasQuery(path) ? "&" : "?"}${pairs.join("&")}`;
  copy.url = path.map(partText).join("") + literal + queryExpression(hasQuery(path) || literal !== "", varspecs);
  const headers = headerFields(fields, headerParameters, merged.headers, defaults);
  if (query.contentType !== undefined && !Object.hasOwn(merged.headers, "content-type")) headers["content-type"] = query.contentType;
  if (Object.keys(headers).length > 0) copy.headers = { ...merged.headers, ...headers };
  return copy as unknown as MergedOptions;
}

/**
 * The header fields the header parameters `given` are sent in (OpenAPI 3.1 section 4.8.12.1, `in:
 * header`), layered as headers are (docs/any-api.md, "Header parameters"): the call's beats the
 * defaults'. A header parameter and a `headers` field of the same name (in any case, RFC 9110
 * section 5.1) from one layer (both the call's, or both the defaults') are refused, as are two
 * header parameters sent in one field; across layers the call's wins. A value is the call's where it
 * differs from the defaults' (`defaults`, as `DEFAULTS` shows them). Values go as given: merged
 * options' headers are read as any are.
 *
 * @throws `EndpointError` `INVALID_OPTIONS` for the two clashes above
 */
function headerFields(
  fields: Readonly<Record<string, string>>,
  given: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, string>>,
  defaults: Defaults,
): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  /** Each field a header parameter is sent in, and that parameter's name. */
  const byField = new Map<string, string>();
  for (const [name, value] of Object.entries(given)) {
    const field = fields[name]!.toLowerCase();
    const other = byField.get(field);
    if (other !== undefined)
      fail("INVALID_OPTIONS", name, `is sent in the header field ${quote(field)}, which the parameter ${quote(other)} is too`);
    byField.set(field, name);
    const parameterFromCall = !(Object.hasOwn(defaults, name) && sameValue(defaults[name], value));
    if (!Object.hasOwn(headers, field)) {
      sent[field] = value;
      continue;
    }
    const headerFromCall = headers[field] !== (Object.hasOwn(defaults.headers, field) ? defaults.headers[field] : undefined);
    if (parameterFromCall === headerFromCall)
      fail(
        "INVALID_OPTIONS",
        name,
        `is a header parameter sent in ${quote(field)}, which the ${parameterFromCall ? "call's" : "defaults'"} \`headers\` set too: give one`,
      );
    if (parameterFromCall) sent[field] = value;
  }
  return sent;
}

/** Whether two parameter values are the same: one value, or lists of the same items. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return isArray(a) && isArray(b) && a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * Wraps an endpoint so that each call to a route of `queries` sends its query as the description
 * declares it, whichever way the call is written: the route as the table keys it or otherwise
 * (`get …`, `:id` for `{id}`, a URL alone, with or without its `{?…}`), or an options object, with
 * parameters from the call or from `defaults()`. A call is read by `endpoint.merge()`, rewritten,
 * and built by `endpoint.parse()`; other routes go through unchanged, but for a name that `queries`
 * holds as a header parameter of any route (an API key given to `defaults()`): on every route that
 * does not hold it as a variable of its own URL, it is sent in its header field, never in the query
 * or the body (docs/any-api.md, "Header parameters"). `defaults()` of the result
 * wraps again; `merge()` gives the rewritten options (the route's full template), which `parse()`,
 * the endpoint's, builds; `DEFAULTS` is the endpoint's. A route marked `requiredBody` sends the
 * body `{}` (as `data: {}`) when the call gives neither a field of it nor `data`. OpenAPI 3.2's
 * querystring parameter is written as the whole query ({@link Querystring}), and a `sequence`
 * body's list as JSON Lines or a JSON text sequence ({@link Query.sequence}).
 *
 * @param endpoint - an endpoint, usually `createEndpoint({ baseUrl })` typed by a generated map
 * @param queries - the `queries` of a module `rest-endpoint generate` wrote
 * @returns an endpoint of the same type
 * @throws `EndpointError` (rest-endpoint's) `INVALID_PARAMETER` when a deepObject parameter holds a list or an
 *   object under a key (it has one level) or a key that is not well-formed Unicode;
 *   `INVALID_OPTIONS` when reading the parameters throws (a getter, a revoked Proxy), or when two
 *   parameters would be sent under one name (`"statuses[]"` and `"statuses%5B%5D"`); and whatever
 *   `endpoint` throws; `INVALID_URL_TEMPLATE` when a route of `queries` is not a template;
 *   `INVALID_PARAMETER` for a querystring value of the wrong kind (a form's that is no object, a
 *   string's that is no string, a JSON one with no JSON text) and for a sequence item with no JSON
 *   text; `INVALID_HEADER_VALUE` when a sequence body's `content-type` is no sequential JSON media type;
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
export function withQueries<E extends EndpointInterface<RouteMap, string>>(endpoint: E, queries: Queries): E {
  // Checked here, so that a wrong argument is named rather than a TypeError thrown, or taken as no table.
  const given: unknown = endpoint;
  const member = (name: string): unknown => (given as Record<string, unknown>)[name];
  if (
    typeof given != "function" ||
    typeof member("merge") != "function" ||
    typeof member("parse") != "function" ||
    typeof member("defaults") != "function"
  )
    fail("INVALID_OPTIONS", "endpoint", "must be an endpoint function (endpoint, createEndpoint(…), .defaults(…))", endpoint);
  if (!isPlainRecord(queries)) fail("INVALID_OPTIONS", "queries", "must be the queries object a generated module exports", queries);
  for (const [route, query] of Object.entries(queries))
    if (!isPlainRecord(query) || typeof query.template != "string" || !/^[^ ]+ [^ ]/.test(route))
      fail("INVALID_OPTIONS", `queries[${quote(route)}]`, 'must be a route "<METHOD> <URL>" and its { template, … }', query);
  const byShape = new Map<string, Query>();
  /** The queries whose route names a fragment that their template leaves out: parse() sends their URL without it. */
  const fragmentNamed = new Set<Query>();
  for (const route of Object.keys(queries)) {
    // A route as a generated table writes it: "<METHOD> <URL>".
    const space = route.indexOf(" ");
    const query = queries[route]!;
    byShape.set(routeShape(route.slice(0, space), route.slice(space + 1)), query);
    const template = query.template.slice(query.template.indexOf(" ") + 1);
    if (fragmentAt(compileTemplate(route.slice(space + 1)).parts) !== -1 && fragmentAt(compileTemplate(template).parts) === -1)
      fragmentNamed.add(query);
  }
  // A name the description declares as a header parameter of any operation is a header wherever it
  // is sent (an API key given once to defaults()): on a route that does not declare it, and on a
  // route the table does not hold, it would else go in the query or the body.
  const headerNames: Record<string, string> = {};
  for (const query of Object.values(queries))
    for (const [name, field] of Object.entries(query.headers ?? {})) if (!Object.hasOwn(headerNames, name)) headerNames[name] = field;
  /**
   * `query` (for an unmapped route, one of the call's own URL) with the header parameters of other
   * routes that `merged` gives and the route does not hold as a variable; `undefined` when it has none.
   */
  const withHeaderNames = (query: Query | undefined, merged: MergedOptions): Query | undefined => {
    const own = query?.headers ?? {};
    const given = Object.keys(merged).filter(
      (name) => Object.hasOwn(headerNames, name) && !Object.hasOwn(own, name) && !isOptionName(name),
    );
    if (given.length === 0) return query;
    const templates = [merged.url ?? "/", ...(query === undefined ? [] : [query.template.slice(query.template.indexOf(" ") + 1)])].map(
      compileTemplate,
    );
    const added = given.filter((name) => !templates.some(({ names }) => names.has(name)));
    if (added.length === 0) return query;
    const headers = { ...Object.fromEntries(added.map((name) => [name, headerNames[name]!])), ...own };
    return query === undefined ? { template: `${merged.method} ${merged.url ?? "/"}`, headers } : { ...query, headers };
  };
  const mergeCall = endpoint.merge.bind(endpoint) as unknown as (...args: unknown[]) => MergedOptions;
  const parseCall = endpoint.parse.bind(endpoint);
  const queryOf = (merged: MergedOptions): Query | undefined => byShape.get(routeShape(merged.method, merged.url ?? "/"));
  // A form body is built from the body endpoint() makes of the call's keys.
  const parse = (merged: MergedOptions): RequestOptions => {
    const query = queryOf(merged);
    if (query === undefined) return parseCall(merged);
    const call = fragmentNamed.has(query) ? { ...merged, url: withoutFragment(merged.url ?? "/") } : merged;
    let options = parseCall(call);
    // A required body the call gave no field (nor `data`) of: sent as `{}`, through endpoint()'s own rule for `data`.
    if (query.requiredBody === true && !Object.hasOwn(call, "data") && (options.body === undefined || options.body === ""))
      options = parseCall({ ...call, data: {} });
    if (query.sequence === true) return withSequence(options);
    return query.form === undefined ? options : withForm(query.form, options, merged.headers);
  };
  const merge = (...args: unknown[]): MergedOptions => {
    const merged = mergeCall(...args);
    const query = withHeaderNames(queryOf(merged), merged);
    if (query === undefined) return merged;
    try {
      return rewrite(query, merged, endpoint.DEFAULTS);
    } catch (error) {
      // merge() made `merged`: what rewrite() throws is an EndpointError, given the call's route as endpoint() gives it.
      if (error instanceof EndpointError) withCallRoute(error, `${merged.method} ${merged.url}`);
      throw error;
    }
  };
  const wrapped = (...args: unknown[]): unknown => parse(merge(...args));
  return Object.assign(wrapped, {
    DEFAULTS: endpoint.DEFAULTS,
    defaults: (options: EndpointParameters) => withQueries(endpoint.defaults(options) as E, queries),
    merge,
    parse,
  }) as unknown as E;
}

/** A description's server (OpenAPI 3.1 section 4.8.5): its URL template and its variables. */
export interface Server {
  /** The URL, with `{name}` for each variable, e.g. `"https://{yourOktaDomain}/api/v1"`. */
  readonly url: string;
  /** Each variable's default and, where the description limits it, the values it may take. */
  readonly variables: Readonly<
    Record<
      string,
      {
        /** The value used when a call gives none. */
        readonly default?: string;
        /** The values the variable may take, where the description limits them. */
        readonly enum?: readonly string[];
      }
    >
  >;
}

/** Where a server variable stands in its URL: each part has its own rule for a value (RFC 3986 section 3). */
type Part = "scheme" | "authority" | "path" | "query";

/**
 * The part of `url` (a server URL template) that the text at `at` belongs to: before `://` the
 * scheme; then, up to the first `/`, `?` or `#` outside a `{name}`, the authority; then the path, and
 * the query after a `?`. A template without `://` (a relative server URL) has only path and query.
 */
function partAt(url: string, at: number): Part {
  const scheme = url.indexOf("://");
  let depth = 0;
  let part: Part = scheme === -1 ? "path" : "authority";
  for (let i = scheme === -1 ? 0 : scheme + 3; i < at; i++) {
    const c = url[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (depth === 0 && part === "authority" && (c === "/" || c === "?" || c === "#")) part = c === "/" ? "path" : "query";
    else if (depth === 0 && part === "path" && c === "?") part = "query";
  }
  return scheme !== -1 && at < scheme ? "scheme" : part;
}

/** RFC 3986 section 3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`. */
const SCHEME = /^[a-z][\w+.-]*$/i;

/**
 * The characters a value given for a variable in the authority may hold: RFC 3986's unreserved
 * characters (section 2.3), those of a DNS label and its dots, without `%`, the sub-delims, `:`,
 * `@`, `[`, `]`, `/`, `?`, `#`, with which a value would change the host or the port (RFC 3986
 * section 3.2), nor any character beyond ASCII, which a URL parser maps (IDNA) to others.
 */
const HOST_TEXT = /^[\w.~-]+$/;

/**
 * A server's URL with its variables: each given value, else the variable's default (OpenAPI 3.1
 * section 4.8.6). The `baseUrl` functions `rest-endpoint generate` writes call it: one rule for
 * both (docs/errors.md, `INVALID_BASE_URL`). A value the description names (the variable's
 * default, or one of its `enum`) is written as it is; any other value keeps the URL where its
 * template points: in the authority (`https://{tenant}.example.com`) it may hold only letters,
 * digits, `-`, `.`, `_` and `~`, so that it can change neither the host the template names nor the
 * port, and only left of the host's last two labels, which the template writes whole: a variable in
 * them or right of them (`https://api.example.{tld}/v1`, `https://example.com{suffix}`,
 * `https://example{x}.com`) takes the values the description names only, where `com.evil.example` or
 * `.evil.example` would choose another registrable domain. The rule needs no public-suffix list: the
 * last two labels are taken as the domain, and a template whose literal right part is a public
 * suffix of two labels (`{tenant}.co.uk`) lets its variable name the domain, as its author wrote it.
 * A variable that is the whole host (`{scheme}://{host}:{port}`) or the whole authority
 * (`{protocol}://{hostname}/api`) is the caller's host, and the whole authority may end in a port
 * (`127.0.0.1:8080`); one after the host's `:` is a port, digits; in the path or the query it is percent-encoded as one component (RFC 6570 simple string
 * expansion), and may not be a dot-segment (`.`, `..`) that a URL parser would resolve; before
 * `://`, it must be a scheme.
 *
 * @param server - the description's first server, as the generated module holds it
 * @param variables - values for the server's variables, by name
 * @returns the URL, e.g. `"https://acme.okta.com/api/v1"`
 * @throws `EndpointError` (rest-endpoint's) `INVALID_BASE_URL`, the argument `variables.<name>`,
 *   when a variable has neither a value nor a default, a value is not one of its `enum`, is not a
 *   string, or holds a lone surrogate; when the description's own value, or any value before the
 *   path, holds `?`, `#`, `@`, a space or a control character (which would move the URL's query,
 *   fragment or host); when a value the description does not name would change
 *   the authority (`"evil.example/"`, `"evil.example:443"`, `"[::1]"`, `""`) or the domain the
 *   template writes (a variable in or right of the host's last two labels), is a dot-segment in the
 *   path, or is no scheme before `://`; or when a name is no variable of the server
 * @example
 * ```ts
 * serverUrl({ url: "https://{yourOktaDomain}/api/v1", variables: { yourOktaDomain: { default: "subdomain.okta.com" } } }, { yourOktaDomain: "acme.okta.com" });
 * // "https://acme.okta.com/api/v1"
 * serverUrl({ url: "https://{tenant}.example.com/v1", variables: { tenant: { default: "demo" } } }, { tenant: "evil.example/" });
 * // throws INVALID_BASE_URL: `variables.tenant` is in the URL's authority, …
 * ```
 */
export function serverUrl(server: Server, variables: Readonly<Record<string, unknown>> = {}): string {
  for (const name of Object.keys(variables))
    if (!Object.hasOwn(server.variables, name)) fail("INVALID_BASE_URL", `variables.${name}`, `is no variable of ${quote(server.url)}`);
  // A server URL's `{name}` is OpenAPI's own substitution (OpenAPI 3.1 section 4.8.5.1), not an
  // RFC 6570 expression: it is filled here, before any template is compiled.
  return server.url.replace(/\{([^{}]+)\}/g, (expression: string, name: string, at: number) => {
    const variable = Object.hasOwn(server.variables, name) ? server.variables[name]! : undefined;
    const argument = `variables.${name}`;
    const given = Object.hasOwn(variables, name) ? variables[name] : undefined;
    const value = given ?? variable?.default;
    if (value === undefined) return fail("INVALID_BASE_URL", argument, `is needed by ${quote(server.url)}, which has no default for it`);
    if (typeof value !== "string") return fail("INVALID_BASE_URL", argument, "must be a string", value);
    if (variable?.enum !== undefined && !variable.enum.includes(value))
      return fail("INVALID_BASE_URL", argument, `must be one of ${variable.enum.map(quote).join(", ")}`, value);
    if (!value.isWellFormed()) return fail("INVALID_BASE_URL", argument, "must not hold a lone surrogate", value);
    // The description's own values (its enum was checked above) are its URL as it writes it.
    const named = variable?.enum !== undefined || value === variable?.default;
    const part = partAt(server.url, at);
    // In the path or the query, a value the description does not name is percent-encoded.
    if ((named || part === "scheme" || part === "authority") && /[?#@\s\p{Cc}]/u.test(value))
      return fail("INVALID_BASE_URL", argument, "must not hold ?, #, @, a space or a control character", value);
    if (named) return value;
    if (part === "scheme")
      return SCHEME.test(value)
        ? value
        : fail("INVALID_BASE_URL", argument, "is the URL's scheme, and must be one (RFC 3986 section 3.1)", value);
    if (part === "authority") {
      const before = server.url.slice(0, at);
      // After the host's ":", the port (RFC 3986 section 3.2.3): digits.
      if (before.endsWith(":") && !before.endsWith("://"))
        return /^\d{1,5}$/.test(value)
          ? value
          : fail("INVALID_BASE_URL", argument, "is the URL's port, and must be digits (RFC 3986 section 3.2.3)", value);
      const after = server.url.slice(at + expression.length);
      // The rest of the host after the variable, up to the port, path, query or fragment.
      const rest = after.slice(0, after.search(/[:/?#]|$/));
      // The whole host (`{scheme}://{host}:{port}`) or authority (`{protocol}://{hostname}/api`): the
      // host is the caller's, and in the whole authority a port may follow it.
      const wholeHost = before.endsWith("://") && rest === "";
      const whole = wholeHost && /^(?:[/?#]|$)/.test(after);
      // Part of a host the template writes: it writes the domain too, its last two labels, which a
      // value it does not name may not change (a variable right of them would choose the domain).
      if (!wholeHost && !/\.[^.]+\.[^.]+$/.test(rest))
        return fail(
          "INVALID_BASE_URL",
          argument,
          `is in the domain ${quote(server.url)} writes (the host's last two labels): only a value the description names, its default or one of its enum`,
          value,
        );
      if (HOST_TEXT.test(whole ? value.replace(/:\d{1,5}$/, "") : value)) return value;
      return fail(
        "INVALID_BASE_URL",
        argument,
        whole
          ? `is the URL's whole authority in ${quote(server.url)}: a host of letters, digits, "-", ".", "_" and "~" (an IDN as its A-label, xn--…), then a port if any (":8080")`
          : `is in the URL's authority, whose host and port ${quote(server.url)} names: it may hold only letters, digits, "-", ".", "_" and "~" (an IDN as its A-label, xn--…)`,
        value,
      );
    }
    const written = encodeComponent(value, argument);
    if (part === "path" && isDotSegment(written))
      return fail("INVALID_BASE_URL", argument, "is in the URL's path, and must not be a dot-segment (RFC 3986 section 5.2.4)", value);
    return written;
  });
}
