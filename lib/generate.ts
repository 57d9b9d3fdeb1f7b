/**
 * Route maps from an OpenAPI 3.0 or 3.1 description (docs/any-api.md): `"METHOD /path"` mapped to
 * each operation's request parameters, as `EndpointInterface<Routes>` reads them, and the run-time
 * `queries` that send each query as the description declares it (`rest-endpoint/queries`). GitHub's maps (`dist/routes/`,
 * scripts/generate-routes.mjs) come from this code too. Used by the CLI (`rest-endpoint generate`)
 * and the build, never by the library's entries. It reads nothing: the CLI reads the description.
 */
import { percentEncodeName } from "./chars.js";
import { OPTIONS } from "./options.js";
import { BODY_METHODS } from "./request.js";
import type { Query } from "./queries.js";

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call --
   an OpenAPI description is untyped JSON, read by its shape */
type Json = any;

/**
 * How deep a schema is written out; past it, `unknown`. It bounds recursive schemas (a `$ref` cycle);
 * the deepest of GitHub's request parameters needs 8 (writing them with 40 changes no file).
 */
const MAX_DEPTH = 10;
/** The longest description written, in characters: a longer first sentence is cut with "…". */
const DOC_LENGTH = 200;
const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];
/** The options of a call (lib/options.ts): a body key of that name would be read as the option. */
const OPTION_NAMES = new Set(Object.keys(OPTIONS));

/** One operation, with the parameters of its path item and its own (`$ref`s resolved). */
export interface Operation {
  readonly method: string;
  readonly template: string;
  readonly operation: Json;
  readonly parameters: Json[];
}

/** A parameter of a route: name, where it goes, its TypeScript type, whether required, its TSDoc. */
type Row = [name: string, place: "path" | "query" | "body" | "data", type: string, required: boolean, doc: string];

/** A description's operations, and `resolve`, which follows a `$ref` inside it. */
export function operationsOf(spec: Json): { resolve: (value: Json) => Json; operations: Operation[] } {
  const resolve = (value: Json): Json => {
    let node = value;
    for (let hops = 0; typeof node?.$ref === "string" && hops < 32; hops++) {
      node = (node.$ref as string)
        .replace(/^#/, "")
        .split("/")
        .slice(1)
        .reduce((at: Json, key) => at?.[decodeURIComponent(key).replaceAll("~1", "/").replaceAll("~0", "~")], spec);
    }
    return node;
  };
  const operations: Operation[] = [];
  for (const [template, value] of Object.entries(spec.paths as Record<string, Json>)) {
    const item = resolve(value);
    for (const method of METHODS) {
      const operation = resolve(item?.[method]);
      if (operation === undefined) continue;
      // An operation's parameter replaces its path item's of the same name and place (OpenAPI 3.1 section 4.8.9.1).
      const byKey = new Map<string, Json>();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve))
        byKey.set(`${parameter.in} ${parameter.name}`, parameter);
      operations.push({ method: method.toUpperCase(), template, operation, parameters: [...byKey.values()] });
    }
  }
  return { resolve, operations };
}

const key = (name: string): string => (/^[A-Z_$][\w$]*$/i.test(name) ? name : JSON.stringify(name));
const literal = (value: unknown): string => (value === null ? "null" : JSON.stringify(value));
const union = (types: readonly string[]): string => {
  const unique = [...new Set(types)];
  return unique.includes("unknown") ? "unknown" : unique.join(" | ");
};
const parenthesized = (type: string): string => (/[|&]/.test(type) ? `(${type})` : type);

/**
 * A TypeScript type for a JSON schema (OpenAPI 3.0/3.1: `type` or a list of types, `enum`, `const`,
 * `nullable`, `oneOf`/`anyOf`, `allOf`, `items`, `properties`, `required`, `additionalProperties`).
 * `readOnly` properties are left out: they are never sent. `shallow` writes nested objects as
 * `object`, for the CLI's listing.
 */
function typeOf(schema: Json, resolve: (value: Json) => Json, depth = 0, shallow = false): string {
  schema = resolve(schema);
  if (schema === undefined || schema === null || typeof schema !== "object" || depth > MAX_DEPTH) return "unknown";
  const inner = (child: Json): string => typeOf(child, resolve, depth + 1, shallow);
  let type: string;
  if (Array.isArray(schema.enum)) type = union(schema.enum.map(literal));
  else if ("const" in schema) type = literal(schema.const);
  else if (schema.oneOf !== undefined || schema.anyOf !== undefined) type = union((schema.oneOf ?? schema.anyOf).map(inner));
  else if (schema.allOf !== undefined) {
    // A part that only describes (a `description`, an `example`) adds no type.
    const parts = (schema.allOf as Json[]).map(inner).filter((part) => part !== "unknown");
    type = parts.length === 0 ? "unknown" : parts.length === 1 ? parts[0]! : parts.map(parenthesized).join(" & ");
  } else {
    const types = [schema.type ?? (schema.properties ? "object" : schema.items ? "array" : [])].flat() as string[];
    type = types.length === 0 ? "unknown" : union(types.map((name) => typeOfName(name, schema, depth > 0 && shallow, inner, resolve)));
  }
  return schema.nullable === true ? union([type, "null"]) : type;
}

function typeOfName(
  name: string,
  schema: Json,
  writeAsObject: boolean,
  inner: (child: Json) => string,
  resolve: (value: Json) => Json,
): string {
  switch (name) {
    case "integer":
    case "number":
      return "number";
    case "string":
      return schema.format === "date-time" ? "string | Date" : "string";
    case "boolean":
    case "null":
      return name;
    case "array":
      return `readonly ${parenthesized(schema.items === undefined ? "unknown" : inner(schema.items))}[]`;
    case "object":
      return writeAsObject ? "object" : objectType(schema, inner, resolve);
    default:
      return "unknown";
  }
}

/** Whether a property is sent in requests: not `readOnly` (OpenAPI 3.0 section 4.7.25.1, JSON Schema validation 9.4). */
const writable =
  (resolve: (value: Json) => Json) =>
  ([, property]: [string, Json]): boolean =>
    resolve(property)?.readOnly !== true;

/**
 * An object schema's type: its properties, and an index signature where other keys are allowed
 * (`additionalProperties` true or a schema, or no properties at all). Beside properties the index
 * signature is `unknown`, since TypeScript requires every property to fit it.
 */
function objectType(schema: Json, inner: (child: Json) => string, resolve: (value: Json) => Json): string {
  const required = new Set<string>(schema.required ?? []);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const members = properties
    .filter(writable(resolve))
    .map(([name, property]) => `${key(name)}${required.has(name) ? "" : "?"}: ${inner(property)}`);
  const extra = schema.additionalProperties;
  const open = extra === undefined ? properties.length === 0 : extra !== false;
  if (open) members.push(`[key: string]: ${members.length === 0 && typeof extra === "object" ? inner(extra) : "unknown"}`);
  return members.length === 0 ? "Record<string, never>" : `{ ${members.join("; ")} }`;
}

/**
 * The object shapes a JSON body schema allows: the schema itself when it has `properties`, each
 * variant of its `oneOf`/`anyOf` when every one has them, `[]` for an object of any keys (only
 * `additionalProperties`), else `undefined` (an array, a string, a mix): such a body goes under `data`.
 */
function objectShapes(json: Json, resolve: (value: Json) => Json): Json[] | undefined {
  const variants = json.oneOf ?? json.anyOf;
  if (variants !== undefined) {
    const shapes = (variants as Json[]).map((variant) => flatten(variant, resolve));
    return shapes.every((shape) => shape?.properties !== undefined && (shape.type ?? "object") === "object") ? shapes : undefined;
  }
  const shape = flatten(json, resolve);
  if (shape.properties !== undefined && (shape.type ?? "object") === "object") return [shape];
  return shape.type === "object" ? [] : undefined;
}

/**
 * A schema with its `allOf` parts merged in, as far as properties go: every part applies, so their
 * properties and `required` lists add up (JSON Schema core 10.2.1.1). Other schemas as they are.
 */
function flatten(schema: Json, resolve: (value: Json) => Json, depth = 0): Json {
  schema = resolve(schema);
  if (!Array.isArray(schema?.allOf) || depth > MAX_DEPTH) return schema ?? {};
  const parts = [schema, ...(schema.allOf as Json[]).map((part) => flatten(part, resolve, depth + 1))];
  if (!parts.some((part) => part.properties !== undefined)) return schema;
  return {
    type: "object",
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: parts.flatMap((part) => part.required ?? []),
  };
}

/**
 * A TSDoc comment, what an editor shows on hover: the first sentence of the description (Markdown
 * links reduced to their text; at most DOC_LENGTH characters) and `@deprecated` where marked.
 */
function docOf({ description, deprecated }: { description?: unknown; deprecated?: unknown } = {}): string {
  let text = (typeof description === "string" ? description : "")
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  const end = text.search(/[.!?](?:\s|$)/);
  if (end !== -1) text = text.slice(0, end + 1);
  if (text.length > DOC_LENGTH) text = `${text.slice(0, DOC_LENGTH - 1)}…`;
  const parts = [text.replaceAll("*/", "*\\/"), deprecated === true ? "@deprecated" : ""].filter((part) => part !== "");
  return parts.length === 0 ? "" : `/** ${parts.join(" ")} */ `;
}

/** The JSON media type of a request body: `application/json`, or any `…+json` (RFC 6839 section 3.1). */
function jsonContent(content: Json): Json {
  if (content === undefined || content === null) return undefined;
  const type = Object.keys(content).find((name) => /^application\/(?:[\w.-]+\+)?json(?:;|$)/i.test(name));
  return type === undefined ? undefined : content[type];
}

/**
 * The type of a body that is not JSON, which the caller encodes: a form (`string | URLSearchParams`,
 * which fetch sends as `application/x-www-form-urlencoded`), multipart `FormData`, else `unknown`
 * (a Buffer, a Blob, a stream, text).
 */
function dataType(content: Json): string {
  const types = Object.keys(content ?? {}).map((name) => name.toLowerCase());
  if (types.length > 0 && types.every((type) => type.startsWith("application/x-www-form-urlencoded"))) return "string | URLSearchParams";
  if (types.length > 0 && types.every((type) => type.startsWith("multipart/form-data"))) return "FormData";
  return "unknown";
}

/**
 * A route's parameters as rows: path parameters (required), query parameters, and the JSON body's
 * writable properties; a body that is not a JSON object (form-encoded, multipart, octet-stream, an
 * array), or whose keys clash with an option or a template variable, is one row `data`.
 */
function parametersOf(
  { method, operation, parameters }: Operation,
  route: string,
  resolve: (value: Json) => Json,
  shallow: boolean,
): Row[] {
  const rows: Row[] = route.includes(" {origin}/")
    ? [["origin", "path", "string", true, "/** The installation's origin, e.g. `https://github.example.com`. */ "]]
    : [];
  const variables = new Set(["origin"]);
  // The query of a method with content is declared in the route (routeOf): its names are variables.
  const carriesContent = BODY_METHODS.has(method.toLowerCase());
  for (const parameter of parameters) {
    if (parameter.in !== "path" && parameter.in !== "query") continue;
    let type = typeOf(parameter.schema, resolve, 0, shallow);
    if (parameter.in === "query" && /comma[- ]separated/i.test(parameter.description ?? "")) type = "string | readonly string[]";
    const schema = resolve(parameter.schema) ?? {};
    rows.push([
      parameter.name,
      parameter.in,
      type,
      parameter.in === "path" || parameter.required === true,
      docOf({ description: parameter.description ?? schema.description, deprecated: parameter.deprecated ?? schema.deprecated }),
    ]);
    if (parameter.in === "path" || carriesContent) variables.add(parameter.name);
  }
  // endpoint() refuses `data` for a method without content (GET, HEAD: RFC 9110 section 9.3.1 gives
  // it no meaning there); some descriptions (Stripe's) declare an empty form body on GET anyway.
  const body = carriesContent ? resolve(operation.requestBody) : undefined;
  if (body === undefined) return rows;
  const json = resolve(jsonContent(body.content)?.schema);
  const shapes = json === undefined ? undefined : objectShapes(json, resolve);
  if (
    shapes === undefined ||
    shapes.some((shape) => Object.keys(shape.properties ?? {}).some((name) => OPTION_NAMES.has(name) || variables.has(name)))
  ) {
    return [
      ...rows,
      [
        "data",
        "data",
        json === undefined ? dataType(body.content) : typeOf(json, resolve, 0, shallow),
        body.required === true,
        docOf(body),
      ],
    ];
  }
  // Several shapes (a oneOf) merge into one: a property takes the union of its types in the shapes,
  // and is required when every shape requires it. A union of one parameter object per shape would
  // be exact, but it made TypeScript weigh every route of the map on a call's first check.
  const types = new Map<string, string[]>();
  const docs = new Map<string, string>();
  for (const shape of shapes) {
    for (const [name, schema] of Object.entries((shape.properties ?? {}) as Record<string, Json>).filter(writable(resolve))) {
      types.set(name, [...(types.get(name) ?? []), typeOf(schema, resolve, 0, shallow)]);
      if (!docs.has(name)) docs.set(name, docOf(resolve(schema)));
    }
  }
  const required = (name: string): boolean => shapes.every((shape) => shape.required?.includes(name) === true);
  return [...rows, ...[...types].map(([name, list]): Row => [name, "body", union(list), required(name), docs.get(name)!])];
}

/**
 * The route that sends the operation's request as documented: `"<METHOD> <path>"`; a query on a
 * method that sends a body is declared in the template (`{?name,label}`), since parameters not in
 * the template go to the body there; an operation served from another origin keeps it
 * (`https://uploads.github.com/…`, or `{origin}/…` where it depends on the installation).
 */
function routeOf({ method, template, operation, parameters }: Operation, spec: Json): string {
  const server: string | undefined = operation.servers?.[0]?.url;
  const origin =
    server === undefined || server === spec.servers?.[0]?.url
      ? ""
      : server.replace(/^(?:\{protocol\}:\/\/\{hostname\}|https:\/\/HOSTNAME)/, "{origin}").replace(/\/$/, "");
  const query = parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name as string);
  const declared = BODY_METHODS.has(method.toLowerCase()) && query.length > 0 ? `{?${query.join(",")}}` : "";
  return `${method} ${origin}${template}${declared}`;
}

/**
 * How the route's query is sent when the description declares it in another form than the
 * library's default (OpenAPI 3.1 section 4.8.12.4; `rest-endpoint/queries` reads it): `form`
 * exploded, the default, is `{?ids*}` (`ids=1&ids=2`), unexploded `{?ids}` (`ids=1,2`); `deepObject`
 * parameters are listed, and names outside RFC 6570's variable grammar (`statuses[]`) renamed to
 * their percent-encoded form. `undefined` when every query parameter is sent as the library sends
 * it anyway (scalars, or lists declared unexploded), or when one is not expressible
 * (`spaceDelimited`, `pipeDelimited`).
 */
function queryOf({ parameters }: Operation, route: string, resolve: (value: Json) => Json): Query | undefined {
  const varspecs: string[] = [];
  const deepObject: string[] = [];
  const renamed: Record<string, string> = {};
  let needed = false;
  for (const parameter of parameters.filter(({ in: place }) => place === "query")) {
    const { name } = parameter as { name: string };
    const schema = resolve(parameter.schema) ?? {};
    const style = parameter.style ?? "form";
    const list = [schema.type].flat().some((type) => type === "array" || type === "object");
    if (style !== "form" && style !== "deepObject") return undefined;
    const variable = percentEncodeName(name);
    if (variable !== name) renamed[name] = variable;
    if (style === "deepObject") deepObject.push(name);
    const explode = style === "form" && list && (parameter.explode ?? true);
    needed ||= explode || variable !== name || style === "deepObject";
    varspecs.push(`${variable}${explode ? "*" : ""}`);
  }
  if (!needed) return undefined;
  const template = `${route.replace(/\{\?[^}]*\}$/, "")}{?${varspecs.join(",")}}`;
  return {
    template,
    ...(deepObject.length > 0 ? { deepObject } : {}),
    ...(Object.keys(renamed).length > 0 ? { renamed } : {}),
  };
}

/** A generated map: its declaration file (`Routes`, `queries`), its run-time module and its listing. */
export interface RouteMap {
  readonly declarations: string;
  readonly module: string;
  readonly listing: Record<string, [docs: string, ...parameters: [name: string, place: string, type: string, required: 0 | 1][]]>;
  readonly count: number;
}

/**
 * Generates a route map from a description: `header` opens the declaration file, given the count of
 * operations; `withQueries` adds the run-time `queries` of {@link queryOf} (GitHub's maps have none:
 * comma-joined lists are what GitHub documents).
 */
export function generateRouteMap(
  spec: Json,
  { header, withQueries }: { header: (count: number) => string; withQueries: boolean },
): RouteMap {
  const { resolve, operations } = operationsOf(spec);
  const lines: string[] = [];
  const queries: Record<string, Query> = {};
  const listing: RouteMap["listing"] = {};
  for (const operation of operations) {
    const route = routeOf(operation, spec);
    const members = parametersOf(operation, route, resolve, false).map(
      ([name, , type, required, doc]) => `${doc}${key(name)}${required ? "" : "?"}: ${type}`,
    );
    // One member a line: TypeScript attaches a TSDoc comment to what follows it only from a line's start.
    lines.push(
      `  ${JSON.stringify(route)}: {${members.map((member) => `\n    ${member};`).join("")}${members.length === 0 ? "" : "\n  "}};`,
    );
    listing[route] = [
      operation.operation.externalDocs?.url ?? "",
      ...parametersOf(operation, route, resolve, true).map(([name, place, type, required]): [string, string, string, 0 | 1] => [
        name,
        place,
        type,
        required ? 1 : 0,
      ]),
    ];
    const query = withQueries ? queryOf(operation, route, resolve) : undefined;
    if (query !== undefined) queries[route] = query;
  }
  const queryLines = Object.entries(queries).map(([route, query]) => `  ${JSON.stringify(route)}: ${JSON.stringify(query)},`);
  const declarations = `${header(operations.length)}
${withQueries ? 'import type { Queries } from "rest-endpoint/queries";\n' : ""}
export interface Routes {
${lines.join("\n")}
}
${
  withQueries
    ? `
/**
 * The routes whose query the description declares in another form than the library's default,
 * for \`withQueries\` of \`rest-endpoint/queries\`.
 */
export declare const queries: Queries;
`
    : ""
}`;
  const module = `// Generated by rest-endpoint generate: do not edit.\nexport const queries = {\n${queryLines.join("\n")}\n};\n`;
  return { declarations, module, listing, count: operations.length };
}
