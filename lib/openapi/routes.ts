/**
 * A description's operations as routes (docs/any-api.md): each operation's route, the names its
 * parameters take in a call, its parameters as rows of the map, and the run-time `Query` that
 * sends it as the description declares it (`rest-endpoint/queries`). Types come from schema.ts;
 * write.ts writes the map.
 */
import { PLAIN_NAME, percentEncodeName } from "../core/chars.js";
import { OPTION_NAMES as NAMES } from "../core/option-names.js";
import type { Form, Query, Querystring, Server } from "./queries.js";
import { sequenceSeparator } from "./sequences.js";
import { BODY_METHODS } from "../core/request.js";
import { queryExpression } from "../core/template.js";
import type {
  Document,
  Encoding,
  MediaType,
  Operation,
  Parameter,
  PathItem,
  Reference,
  RequestBody,
  Resolve,
  Schema,
  SchemaOrReference,
} from "./document.js";
import { follow } from "./json-pointer.js";
import { fieldsOf, type Fields } from "./fields.js";
import { docOf, fileType, parenthesized, schemaOf, typesOf, union, type TypeWriter } from "./schema.js";

/**
 * The methods a path item may hold an operation for (OpenAPI 3.1 section 4.8.9.1), as its keys write
 * them, and OpenAPI 3.2's `query` (Path Item Object), the QUERY method (RFC 10008), which the core
 * sends with content as it does POST (docs/usage.md).
 */
export const METHODS = ["get", "head", "post", "put", "patch", "delete", "options", "query"] as const;
/** The options of a call (lib/core/options.ts): a body key of that name would be read as the option. */
const OPTION_NAMES: ReadonlySet<string> = new Set(NAMES);

/** One operation, with the parameters of its path item and its own (`$ref`s resolved). */
interface PathOperation {
  /** The method, upper case: `GET`. */
  readonly method: string;
  /** The path key as the description writes it: `/repos/{owner}/{repo}`. */
  readonly template: string;
  readonly operation: Operation;
  readonly parameters: readonly Parameter[];
}

/** A parameter of a route: name, where it goes, its TypeScript type, whether required, its TSDoc. */
type Row = [
  name: string,
  place: "path" | "query" | "querystring" | "header" | "body" | "data",
  type: string,
  required: boolean,
  doc: string,
];
/** Where a parameter of the call is sent. */
type Place = "path" | "query" | "querystring" | "header";

/**
 * Follows `$ref`s inside `spec` ({@link follow}); `undefined` for one that names nothing (read.ts's
 * checkShapes refused the rest, before the generator reads the description).
 */
function resolverOf(spec: Document): Resolve {
  return <T extends object>(value: T | Reference | undefined): T | undefined => {
    const [node, , stuck] = follow(spec, value, "");
    return stuck === undefined ? (node as T | undefined) : undefined;
  };
}

/** A description's operations, and `resolve`, which follows a `$ref` inside it. */
export function operationsOf(spec: Document): { resolve: Resolve; operations: PathOperation[] } {
  const resolve = resolverOf(spec);
  const operations: PathOperation[] = [];
  for (const [template, value] of Object.entries(spec.paths ?? {})) {
    if (template.startsWith("x-")) continue; // a specification extension (OpenAPI 3.1 section 4.9)
    const item = resolve<PathItem>(value);
    if (item === undefined) continue;
    // OpenAPI 3.2's additionalOperations: each key is the method as sent (read.ts checked it: an
    // upper-case RFC 9110 token that no fixed field names).
    const entries: [method: string, operation: Operation | Reference | undefined][] = [
      ...METHODS.map((method): [string, Operation | Reference | undefined] => [method.toUpperCase(), item[method]]),
      ...Object.entries(item.additionalOperations ?? {}),
    ];
    for (const [method, given] of entries) {
      const operation = resolve<Operation>(given);
      if (operation === undefined) continue;
      // An operation's parameter replaces its path item's of the same name and place (OpenAPI 3.1 section 4.8.9.1).
      const byKey = new Map<string, Parameter>();
      for (const given of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = resolve<Parameter>(given);
        if (parameter !== undefined) byKey.set(`${parameter.in} ${parameter.name}`, parameter);
      }
      operations.push({ method, template, operation, parameters: [...byKey.values()] });
    }
  }
  return { resolve, operations };
}

/** A path variable, query or header parameter of an operation, with the name a call gives it. */
interface Named {
  /** The parameter; `undefined` for a path variable the description forgot to declare. */
  readonly parameter: Parameter | undefined;
  /** The key of the call's parameters, as the map types it. */
  readonly call: string;
  /** For a query parameter, the RFC 6570 variable that sends it under its own name (its wire name). */
  readonly variable: string;
}

/** The names of an operation's parameters in a call, and its path as the route writes it. */
export interface Names {
  readonly path: string;
  readonly variables: readonly Named[];
  readonly query: readonly Named[];
  readonly headers: readonly Named[];
  /** OpenAPI 3.2's `in: querystring` parameter (at most one, read.ts checked it): the whole query. */
  readonly querystring: Named | undefined;
}

/**
 * The names an operation's parameters take in a call (docs/any-api.md, "Parameter names"):
 *
 * - a path variable keeps its name when it is a plain RFC 6570 variable name and not an option's
 *   (`url`, `headers`, …); else each other character becomes `_` (`{user id}` is `{user_id}`) and
 *   an option's name gets a trailing `_` (`{url}` is `{url_}`). Path variables are not sent by
 *   name, so the route is written with these names. A variable the description forgot to declare
 *   is still one.
 * - a query parameter keeps its name unless an option or a path variable has it: then it is
 *   `name_` in the call, and sent as `name` by a variable whose first character is percent-encoded
 *   (`%75rl` for `url`), which servers decode to `url` (RFC 3986 section 2.1) and which no call key
 *   can be mistaken for.
 * - a header parameter keeps its name, as a query parameter's call name does (`withHeaders` only).
 */
function namesOf(operation: PathOperation, withHeaders: boolean): Names {
  const taken = new Set(OPTION_NAMES);
  const free = (name: string): string => {
    let call = name;
    while (taken.has(call)) call += "_";
    taken.add(call);
    return call;
  };
  const declared = new Map<string, Parameter>();
  for (const parameter of operation.parameters) if (parameter.in === "path") declared.set(parameter.name, parameter);
  const variables = new Map<string, Named>();
  // OpenAPI path templating (OpenAPI 3.1 section 4.8.8.2): `{name}`, any characters but braces.
  const at = operation.template.indexOf("?");
  const pathPart = at === -1 ? operation.template : operation.template.slice(0, at);
  const path =
    pathPart.replace(/\{([^{}]*)\}/g, (_, name: string) => {
      let named = variables.get(name);
      if (named === undefined) {
        const plain = name.replace(/[^\w.-]/g, "_").replace(/\.(?=\.|$)|^\./g, "_");
        named = { parameter: declared.get(name), call: free(PLAIN_NAME.test(plain) ? plain : "_"), variable: "" };
        variables.set(name, named);
      }
      return `{${named.call}}`;
    }) + (at === -1 ? "" : operation.template.slice(at));
  const query = operation.parameters
    .filter((parameter) => parameter.in === "query")
    .map((parameter): Named => {
      const name = parameter.name.toWellFormed();
      const call = free(name);
      let variable = percentEncodeName(name);
      if (call !== name && variable === name)
        variable = `%${name.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}${name.slice(1)}`;
      return { parameter, call, variable };
    });
  // Header parameters, sent in the header field they name; `Accept`, `Content-Type` and
  // `Authorization` are ignored, as OpenAPI 3.1 section 4.8.12.1 says.
  const headers = withHeaders
    ? operation.parameters
        .filter((parameter) => parameter.in === "header" && !/^(?:accept|content-type|authorization)$/i.test(parameter.name))
        .map((parameter): Named => ({ parameter, call: free(parameter.name.toWellFormed()), variable: "" }))
    : [];
  // OpenAPI 3.2's querystring (Parameter Object): the whole query, from the one media type of its `content`.
  const given = operation.parameters.find((parameter) => parameter.in === "querystring");
  const querystring = given === undefined ? undefined : { parameter: given, call: free(given.name.toWellFormed()), variable: "" };
  return { path, variables: [...variables.values()], query, headers, querystring };
}

/** An operation with its route and the names its parameters take in a call. */
interface RoutedOperation {
  readonly operation: PathOperation;
  readonly names: Names;
  /** `"<METHOD> <origin><path>"`: {@link routeOf}. */
  readonly route: string;
  /**
   * The header fields of every operation of the description, lower-case (RFC 9110 section 5.1): a
   * call key of one of them (in any case) is sent as a header on a route that does not declare it
   * otherwise (`rest-endpoint/queries`), so a route that does is written in the table.
   */
  readonly headerNames: ReadonlySet<string>;
}

/**
 * Each operation of a description with its route and the names its parameters take in a call, as
 * the map writes them; header parameters only `withHeaders` (GitHub's maps have none).
 */
export function routesOf(spec: Document, withHeaders: boolean): { resolve: Resolve; routes: RoutedOperation[] } {
  const { resolve, operations } = operationsOf(spec);
  const named = operations.map((operation) => ({ operation, names: namesOf(operation, withHeaders) }));
  const headerNames = new Set(named.flatMap(({ names }) => names.headers.map(({ parameter }) => parameter!.name.toLowerCase())));
  const routes = named.map(({ operation, names }): RoutedOperation => ({
    operation,
    names,
    route: `${operation.method} ${originOf(operation, spec)}${names.path}`,
    headerNames,
  }));
  return { resolve, routes };
}

/**
 * The origin an operation is served from when it is not the description's (`https://uploads.github.com`,
 * or `{origin}` where it depends on the installation); `""` for the description's own. A query is
 * not part of a route: on a method that sends a body, the run-time `queries` ({@link queryOf}) send
 * it to the query, and GitHub's table does for GitHub's maps.
 */
function originOf({ operation }: PathOperation, spec: Document): string {
  const server = operation.servers?.[0];
  if (server === undefined) return "";
  const root = spec.servers?.[0];
  // The same URL text with other variable defaults is another server (OpenAPI 3.1 section 4.8.6):
  // its route names the URL those defaults fill, which the root's baseUrl() would not. A variable
  // without a default (which checkShapes lets a description leave out) stays as written.
  const filled = ({ url, variables = {} }: NonNullable<typeof root>): string =>
    url.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
      Object.hasOwn(variables, name) ? ((variables[name] as { readonly default?: string }).default ?? whole) : whole,
    );
  if (server.url === root?.url && filled(server) === filled(root)) return "";
  const url = server.url === root?.url ? filled(server) : server.url;
  // The server URL's own text (OpenAPI 3.1 section 4.8.5.1), before it is a route's template.
  return url.replace(/^(?:\{protocol\}:\/\/\{hostname\}|https:\/\/HOSTNAME)/, "{origin}").replace(/\/$/, "");
}

/**
 * The names parameters have in a call: a body key of one of them would be read as that parameter;
 * `origin` only where the route begins with GitHub's `{origin}` (an installation's origin), which
 * no other description's route does.
 */
const takenBy = ({ variables, query, headers, querystring }: Names, route: string): Set<string> =>
  new Set([
    ...(isOriginRoute(route) ? ["origin"] : []),
    ...[variables, query, headers, querystring === undefined ? [] : [querystring]].flat().map(({ call }) => call),
  ]);

/** Whether a route's template begins with `{origin}` ({@link originOf}): `POST {origin}/repos/…`. */
const isOriginRoute = (route: string): boolean => route.includes(" {origin}/");

/**
 * A route's parameters as rows: path variables (required), query parameters, header parameters,
 * and the properties of a JSON, form or multipart body ({@link bodyOf}); a body of another media
 * type, one that is not an object, or whose keys clash with an option or a parameter, is one row `data`.
 */
export function parametersOf({ operation: { method, operation, parameters }, names, route }: RoutedOperation, types: TypeWriter): Row[] {
  const { resolve } = types;
  const rows: Row[] = isOriginRoute(route)
    ? [["origin", "path", "string", true, "/** The installation's origin, e.g. `https://github.example.com`. */ "]]
    : [];
  // The query of a method with content is declared in the route (routeOf): its names are variables.
  const carriesContent = BODY_METHODS.has(method.toLowerCase());
  const row = ({ parameter, call }: Named, place: Place): Row => {
    if (parameter === undefined) return [call, place, "string | number", true, ""];
    // A querystring's value is typed by the schema of its one media type (OpenAPI 3.2, Parameter Object).
    const given = place === "querystring" ? Object.values(parameter.content!)[0]!.schema : parameter.schema;
    const schema = schemaOf(resolve, given) ?? {};
    let type = place === "header" ? headerType(schema, resolve) : types.typeOf(given);
    // A list the description says is comma-separated also takes one string: the joined form. Its
    // items keep their type (an enum stays an enum), so that a misspelt item is still an error.
    if (place === "query" && /comma[- ]separated/i.test(parameter.description ?? "")) {
      const items =
        typesOf(schema).includes("array") && schema.items !== undefined && !Array.isArray(schema.items) ? schema.items : undefined;
      const item = items === undefined ? "string" : types.typeOf(items as Exclude<typeof schema.items, readonly unknown[]>);
      type = item === "string" || item === "unknown" ? "string | readonly string[]" : `${item} | readonly ${parenthesized(item)}[]`;
    }
    return [
      call,
      place,
      type,
      place === "path" || parameter.required === true,
      docOf({ description: parameter.description ?? schema.description, deprecated: parameter.deprecated ?? schema.deprecated }),
    ];
  };
  // In the order the description declares them; a path variable it forgot to declare comes last.
  const byParameter = new Map<Parameter | Named, [Named, Place]>();
  for (const named of names.variables) byParameter.set(named.parameter ?? named, [named, "path"]);
  for (const named of names.query) byParameter.set(named.parameter!, [named, "query"]);
  for (const named of names.headers) byParameter.set(named.parameter!, [named, "header"]);
  if (names.querystring !== undefined) byParameter.set(names.querystring.parameter!, [names.querystring, "querystring"]);
  const ordered = [...parameters, ...names.variables.filter(({ parameter }) => parameter === undefined)];
  for (const parameter of ordered) {
    const found = byParameter.get(parameter);
    if (found !== undefined) rows.push(row(...found));
  }
  // endpoint() refuses `data` for a method without content (GET, HEAD: RFC 9110 section 9.3.1 gives
  // it no meaning there); some descriptions (Stripe's) declare an empty form body on GET anyway.
  const body = carriesContent ? resolve<RequestBody>(operation.requestBody) : undefined;
  if (body === undefined) return rows;
  // A sequence of JSON texts (OpenAPI 3.2's itemSchema): `data`, the list of its items.
  const items = sequenceOf(body.content);
  if (items !== undefined)
    return [
      ...rows,
      ["data", "data", `readonly ${parenthesized(union(items.map((item) => types.typeOf(item))))}[]`, body.required === true, docOf(body)],
    ];
  const plan = bodyOf(body.content, resolve);
  // A body key named like a query parameter is one only where the query is declared (a method with content).
  const fields = callFields(plan, takenBy(names, route));
  if (plan === undefined || fields === undefined) {
    const type = plan?.kind === "json" ? types.typeOf(plan.media.schema) : dataType(body.content);
    return [...rows, ["data", "data", type, body.required === true, docOf(body)]];
  }
  // The shapes of a oneOf merge into one (fields.ts): a property takes the union of its declarations,
  // each the intersection of the schemas that declare it, and is required when every shape requires
  // it and none marks it readOnly. A union of one parameter object per shape would be exact, but it
  // made TypeScript weigh every route of the map on a call's first check.
  return [
    ...rows,
    ...[...fields.properties].map(([name, declarations]): Row => {
      const type = union(
        declarations.map(
          (declaration) =>
            (plan.kind === "multipart"
              ? declaration.map((schema) => fileType(schema, resolve)).find((file) => file !== undefined)
              : undefined) ?? types.intersection(declaration),
        ),
      );
      return [name, "body", type, isRequiredField(fields, name, resolve), docOf(schemaOf(resolve, declarations[0]![0]))];
    }),
  ];
}

/**
 * A header parameter's type as the run time sends it (lib/core/headers.ts: a string, a finite
 * number, or a list of them joined with `, `, RFC 9110 section 5.3): OpenAPI's `simple` style
 * writes a boolean as `true` or `false` (OpenAPI 3.1 section 4.8.12.4), typed as those strings; a
 * `date-time` as the string it is; an object, whose `simple` form (`k,v` or `k=v`) the caller
 * writes, and any other schema, as `string`.
 */
function headerType(schema: Schema, resolve: Resolve, nested = false): string {
  if (schema.enum !== undefined)
    return union(
      schema.enum.map((value) =>
        typeof value === "number" ? String(value) : JSON.stringify(typeof value === "string" ? value : String(value)),
      ),
    );
  const kinds = typesOf(schema);
  if (kinds.length === 0) return "string";
  return union(
    kinds.map((kind) => {
      if (kind === "integer" || kind === "number") return "number";
      if (kind === "boolean") return '"true" | "false"';
      const items = Array.isArray(schema.items) ? undefined : schemaOf(resolve, schema.items as SchemaOrReference | undefined);
      if (kind === "array" && !nested && items !== undefined) return `readonly ${parenthesized(headerType(items, resolve, true))}[]`;
      return "string";
    }),
  );
}

/**
 * A JSON media type: `application/json`, one with a `+json` suffix (RFC 6839 section 3.1), and the
 * unregistered `text/json` and `application/x-json` that descriptions write for JSON; either type,
 * with any parameters. Not `application/json-seq` or `…/jsonl`: a sequence of texts, not one.
 */
export const JSON_MEDIA_TYPE = /^(?:application|text)\/(?:[\w.-]+\+|x-)?json\s*(?:;|$)/i;
/** A form, `application/x-www-form-urlencoded`, with any parameters. */
export const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
/** Multipart media types: their boundary is the client's to write (RFC 2046 section 5.1.1); `multipart/form-data` is `FormData` (RFC 7578). */
const MULTIPART_MEDIA_TYPE = /^multipart\//i;
const FORM_DATA_MEDIA_TYPE = /^multipart\/form-data\s*(?:;|$)/i;

/**
 * The item schemas of a body that is a sequence of JSON texts: every media type it declares is a
 * sequential JSON one with an `itemSchema` (OpenAPI 3.2, Media Type Object); else `undefined`.
 */
function sequenceOf(content: RequestBody["content"] | undefined): SchemaOrReference[] | undefined {
  const media = Object.entries(content ?? {}) as [string, MediaType][];
  if (media.length === 0 || !media.every(([type, { itemSchema }]) => sequenceSeparator(type) !== undefined && itemSchema !== undefined))
    return undefined;
  return media.map(([, { itemSchema }]) => itemSchema!);
}

/** Whether a body declares media types, all of which `test` matches. */
const allMatch = (types: readonly string[], test: RegExp): boolean => types.length > 0 && types.every((type) => test.test(type));

/**
 * The type of a body that is not JSON, which the caller encodes: a form (`string | URLSearchParams`,
 * which fetch sends as `application/x-www-form-urlencoded`), multipart `FormData`, else `unknown`
 * (a Buffer, a Blob, a stream, text).
 */
function dataType(content: RequestBody["content"] | undefined): string {
  const types = Object.keys(content ?? {});
  if (allMatch(types, FORM_MEDIA_TYPE)) return 'string | Platform<"URLSearchParams">';
  if (allMatch(types, FORM_DATA_MEDIA_TYPE)) return 'Platform<"FormData">';
  return "unknown";
}

/** How a request body is built from a call's keys: its kind, its media type object and the object shapes it allows. */
interface BodyPlan {
  /** JSON (`application/json`, `…+json`), a form (`application/x-www-form-urlencoded`) or a multipart form (`multipart/form-data`). */
  readonly kind: "json" | "form" | "multipart";
  /** The media type object (OpenAPI 3.1 section 4.8.14): its `schema`, and for a form its `encoding`. */
  readonly media: MediaType;
  /** The fields the schema's object shapes allow ({@link fieldsOf}); `undefined` when it is no object. */
  readonly fields: Fields | undefined;
}

/**
 * The body a call's keys build, where they can: JSON when the body declares a JSON media type, else
 * a form or a multipart form when every media type it declares is that one (RFC 7578 for
 * `multipart/form-data`); `undefined` for any other body (octet-stream, text, a mix of forms and
 * others), which goes under `data` as the caller encodes it.
 */
function bodyOf(content: RequestBody["content"] | undefined, resolve: Resolve): BodyPlan | undefined {
  const types = Object.keys(content ?? {});
  const json = types.find((type) => JSON_MEDIA_TYPE.test(type));
  const kind =
    json !== undefined
      ? "json"
      : allMatch(types, FORM_MEDIA_TYPE)
        ? "form"
        : allMatch(types, FORM_DATA_MEDIA_TYPE)
          ? "multipart"
          : undefined;
  const media = content?.[json ?? types[0] ?? ""];
  if (kind === undefined || media === undefined) return undefined;
  return { kind, media, fields: media.schema === undefined ? undefined : fieldsOf(media.schema, resolve) };
}

/**
 * Whether the map requires the body field `name`: the body's schema requires it in every shape
 * (fields.ts), and no declaration marks it `readOnly` (OpenAPI 3.1 section 4.8.24: sent in responses only).
 */
function isRequiredField(fields: Fields, name: string, resolve: Resolve): boolean {
  const declarations = fields.properties.get(name) ?? [];
  return (
    fields.required.has(name) &&
    !declarations.some((declaration) => declaration.some((schema) => schemaOf(resolve, schema)?.readOnly === true))
  );
}

/**
 * The fields of a body whose keys a call gives beside its parameters: `undefined` when the body is
 * no object, or a key is an option's name or a parameter's (`taken`), and the body goes under `data`.
 */
function callFields(plan: BodyPlan | undefined, taken: ReadonlySet<string>): Fields | undefined {
  const fields = plan?.fields;
  if (fields === undefined) return undefined;
  const free = (name: string): boolean => !OPTION_NAMES.has(name) && !taken.has(name);
  return [...fields.properties.keys()].every(free) ? fields : undefined;
}

/**
 * How the route's query is sent when the description declares it in another form than the
 * library's default (OpenAPI 3.1 section 4.8.12.4; `rest-endpoint/queries` reads it): `form`
 * exploded, the default, is `{?ids*}` (`ids=1&ids=2`), unexploded `{?ids}` (`ids=1,2`); `deepObject`
 * parameters are listed, and parameters sent under another variable than their call name (namesOf)
 * renamed. On a method that sends a body every query is declared, since a parameter the template
 * does not name goes to the body there. `spaceDelimited` and `pipeDelimited` lists are listed
 * with their delimiter, `allowReserved` parameters, header parameters with their field, a form
 * body's encoding ({@link formOf}), and a body's media type where `endpoint()` would give another
 * ({@link mediaTypeOf}); OpenAPI 3.2's querystring parameter ({@link querystringOf}) and a body
 * that is a sequence of JSON texts (`sequence`, typed from `itemSchema`). `undefined` when the route
 * needs none of it: every query parameter sent as the library sends it anyway (scalars, or lists
 * declared unexploded), no header parameter, the body's media type what `endpoint()` gives.
 */
export function queryOf({ operation, names, route, headerNames }: RoutedOperation, resolve: Resolve): Query | undefined {
  const varspecs: string[] = [];
  const deepObject: string[] = [];
  const renamed: Record<string, string> = {};
  const delimited: Record<string, string> = {};
  const allowReserved: string[] = [];
  const hasBody = BODY_METHODS.has(operation.method.toLowerCase());
  // A query parameter named like a header parameter of any operation (in any case) is sent as a
  // header on a route the table does not hold: this route is written, its template naming it.
  let needed =
    (hasBody && names.query.length > 0) ||
    names.querystring !== undefined ||
    names.query.some(({ call }) => headerNames.has(call.toLowerCase()));
  for (const { parameter, call, variable } of names.query) {
    const schema = schemaOf(resolve, parameter!.schema) ?? {};
    const style = parameter!.style ?? "form";
    const list = typesOf(schema).some((type) => type === "array" || type === "object");
    if (variable !== call) renamed[call] = variable;
    if (style === "deepObject") deepObject.push(call);
    // spaceDelimited and pipeDelimited lists (OpenAPI 3.1 section 4.8.12.4): one value, the items
    // joined with a space or a pipe; exploded, they are form's `ids=1&ids=2`.
    const delimiter = style === "spaceDelimited" ? " " : style === "pipeDelimited" ? "|" : undefined;
    const joined = delimiter !== undefined && list && parameter!.explode !== true;
    if (joined) delimited[call] = delimiter;
    const explode = list && (style === "form" ? (parameter!.explode ?? true) : delimiter !== undefined && parameter!.explode === true);
    // allowReserved (OpenAPI 3.1 section 4.8.12.2): the value's reserved characters are sent as they are.
    if (parameter!.allowReserved === true) allowReserved.push(call);
    needed ||= explode || joined || variable !== call || style === "deepObject" || parameter!.allowReserved === true;
    varspecs.push(`${variable}${explode ? "*" : ""}`);
  }
  const requestBody = hasBody ? resolve<RequestBody>(operation.operation.requestBody) : undefined;
  const content = requestBody?.content;
  const sequence = sequenceOf(content) !== undefined;
  // A sequence body of several media types is sent as the first unless the call sets another of them.
  const contentType = sequence ? Object.keys(content!)[0] : mediaTypeOf(content);
  const plan = hasBody ? bodyOf(content, resolve) : undefined;
  const form = formOf(plan, takenBy(names, route));
  // A required body (OpenAPI 3.1 section 4.8.13.1) whose fields the call gives as keys, none of them
  // required: a call that gives none still sends one, `{}` (withQueries), which the body's keys cannot say.
  const fields = requestBody?.required === true ? callFields(plan, takenBy(names, route)) : undefined;
  const requiredBody = fields !== undefined && ![...fields.properties.keys()].some((name) => isRequiredField(fields, name, resolve));
  // Body fields named (in any case) like a header parameter of an operation: sent in the body here.
  const callBody = callFields(plan, takenBy(names, route));
  const bodyFields = callBody === undefined ? [] : [...callBody.properties.keys()].filter((name) => headerNames.has(name.toLowerCase()));
  // A fragment in a path key (Box's `/oauth2/token#refresh`) names a second operation of one path:
  // it stays in the route, and is no part of the request target (RFC 3986 section 3.5).
  const path = route.slice(route.indexOf(" ") + 1);
  const target = path.split("#", 1)[0]!;
  if (
    !needed &&
    target === path &&
    contentType === undefined &&
    names.headers.length === 0 &&
    form === undefined &&
    !requiredBody &&
    bodyFields.length === 0
  )
    return undefined;
  return {
    template: `${operation.method} ${target}${queryExpression(target.includes("?"), varspecs)}`,
    ...(deepObject.length > 0 ? { deepObject } : {}),
    ...(Object.keys(renamed).length > 0 ? { renamed } : {}),
    ...(Object.keys(delimited).length > 0 ? { delimited } : {}),
    ...(allowReserved.length > 0 ? { allowReserved } : {}),
    ...(contentType === undefined ? {} : { contentType }),
    ...(form === undefined ? {} : { form }),
    ...(requiredBody ? { requiredBody } : {}),
    ...(sequence ? { sequence } : {}),
    ...(bodyFields.length > 0 ? { bodyFields } : {}),
    ...(names.querystring === undefined ? {} : { querystring: querystringOf(names.querystring) }),
    ...(names.headers.length === 0
      ? {}
      : { headers: Object.fromEntries(names.headers.map(({ call, parameter }) => [call, parameter!.name])) }),
  };
}

/**
 * How OpenAPI 3.2's querystring parameter is sent (Parameter Object, `in: querystring`; read.ts
 * checked its one media type): `form`, `application/x-www-form-urlencoded`, with its `encoding`'s
 * deepObject and `explode: false` fields; `json`, a JSON media type, the JSON text percent-encoded;
 * `string`, any other media type, whose schema is a string, percent-encoded.
 */
function querystringOf({ parameter, call }: Named): Querystring {
  const [type, media] = Object.entries(parameter!.content!)[0]!;
  if (!FORM_MEDIA_TYPE.test(type)) return { name: call, as: JSON_MEDIA_TYPE.test(type) ? "json" : "string" };
  return { name: call, as: "form", ...encodingOf(media) };
}

/** A form's fields of `style: deepObject` and of `explode: false`, from its media type's `encoding` (OpenAPI 3.1 section 4.8.15). */
function encodingOf(media: MediaType): Pick<Form, "deepObject" | "joined"> {
  const encoding = Object.entries((media as { encoding?: Record<string, Encoding> }).encoding ?? {});
  const deepObject = encoding.filter(([, field]) => field.style === "deepObject").map(([name]) => name);
  const joined = encoding.filter(([, field]) => field.explode === false).map(([name]) => name);
  return { ...(deepObject.length > 0 ? { deepObject } : {}), ...(joined.length > 0 ? { joined } : {}) };
}

/**
 * How a form body's fields are sent (`rest-endpoint/queries` builds it), when the call gives them as
 * keys: the form's media type, and from its `encoding` (OpenAPI 3.1 section 4.8.15) the fields of
 * `style: deepObject` and those of `explode: false`, and a multipart field's `contentType`;
 * `undefined` for a body of another kind.
 */
function formOf(plan: BodyPlan | undefined, taken: ReadonlySet<string>): Form | undefined {
  if (plan === undefined || plan.kind === "json" || callFields(plan, taken) === undefined) return undefined;
  if (plan.kind === "form") return { mediaType: "application/x-www-form-urlencoded", ...encodingOf(plan.media) };
  // A multipart part's own media type (OpenAPI 3.1 section 4.8.15.1), only for fields that declare one.
  const typed = Object.entries((plan.media as { encoding?: Record<string, Encoding> }).encoding ?? {}).filter(
    (entry): entry is [string, Encoding & { contentType: string }] => typeof entry[1].contentType === "string",
  );
  const contentType = Object.fromEntries(typed.map(([name, field]) => [name, field.contentType]));
  return { mediaType: "multipart/form-data", ...encodingOf(plan.media), ...(typed.length > 0 ? { contentType } : {}) };
}

/**
 * The media type a body is sent with when it is not what `endpoint()` gives a body anyway
 * (`application/json` for an object or array, none for `data` it does not build): the one type a
 * body declares (`application/json-patch+json`, a form); none for `multipart/…`, whose boundary
 * the client writes (RFC 2046 section 5.1.1), nor for a body of several types, where the call
 * chooses (Kubernetes' PATCH takes JSON Patch, merge patch and more: one picked for it would be
 * wrong for the others) (OpenAPI 3.1 section 4.8.13).
 */
function mediaTypeOf(content: RequestBody["content"] | undefined): string | undefined {
  const types = Object.keys(content ?? {});
  const type = types.length === 1 ? types[0]! : undefined;
  return type === undefined || /^application\/json\s*(?:;|$)/i.test(type) || MULTIPART_MEDIA_TYPE.test(type) || type.includes("*")
    ? undefined
    : type;
}

/**
 * The description's first server when its URL has variables: the URL and each variable's default
 * and enum, as strings (OpenAPI 3.1 section 4.8.6); else `undefined`.
 */
export function serverOf(spec: Document): Server | undefined {
  const first = spec.servers?.[0];
  if (first === undefined || !/\{[^{}]+\}/.test(first.url)) return undefined;
  const declared = first.variables ?? {};
  const names = [...first.url.matchAll(/\{([^{}]+)\}/g)].map(([, name]) => name!);
  const variables = Object.fromEntries(
    names.map((name) => {
      const variable = Object.hasOwn(declared, name) ? declared[name]! : undefined;
      return [
        name,
        {
          ...(variable?.default === undefined ? {} : { default: variable.default }),
          ...(variable?.enum !== undefined && variable.enum.length > 0 ? { enum: variable.enum } : {}),
        },
      ];
    }),
  );
  return { url: first.url, variables };
}
