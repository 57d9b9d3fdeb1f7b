/**
 * Route maps from an OpenAPI 3.0 or 3.1 description (docs/any-api.md): `"METHOD /path"` mapped to
 * each operation's request parameters, as `EndpointInterface<Routes>` reads them, and the run-time
 * `queries` that send each query as the description declares it (`rest-endpoint/queries`). GitHub's maps (`dist/routes/`,
 * scripts/generate-routes.mjs) come from this code too. Used by the CLI (`rest-endpoint generate`)
 * and the build, never by the library's entries. It reads nothing: the CLI reads the description.
 */
import { PLAIN_NAME, percentEncodeName } from "./chars.js";
import { pointerTarget } from "./json-pointer.js";
import { OPTION_NAMES as NAMES } from "./option-names.js";
import { BODY_METHODS } from "./request.js";
import { queryExpression } from "./template.js";
import type { Form, Query, Server } from "./queries.js";

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call --
   an OpenAPI description is untyped JSON, read by its shape */
type Json = any;

/** How deep `allOf` parts are merged into a body's properties (flatten); it bounds an `allOf` cycle. */
const MAX_DEPTH = 10;
/** The longest description written, in characters: a longer first sentence is cut with "…". */
const DOC_LENGTH = 200;
/** The methods a path item may hold an operation for (OpenAPI 3.1 section 4.8.9.1), as its keys write them. */
export const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"] as const;
/** The options of a call (lib/options.ts): a body key of that name would be read as the option. */
const OPTION_NAMES: ReadonlySet<string> = new Set(NAMES);

/** One operation, with the parameters of its path item and its own (`$ref`s resolved). */
export interface Operation {
  readonly method: string;
  readonly template: string;
  readonly operation: Json;
  readonly parameters: Json[];
}

/** A parameter of a route: name, where it goes, its TypeScript type, whether required, its TSDoc. */
type Row = [name: string, place: "path" | "query" | "header" | "body" | "data", type: string, required: boolean, doc: string];

/** A description's operations, and `resolve`, which follows a `$ref` inside it. */
export function operationsOf(spec: Json): { resolve: (value: Json) => Json; operations: Operation[] } {
  const resolve = (value: Json): Json => {
    let node = value;
    for (let hops = 0; typeof node?.$ref === "string" && hops < 32; hops++) node = pointerTarget(spec, node.$ref);
    return node;
  };
  const operations: Operation[] = [];
  for (const [template, value] of Object.entries(spec.paths as Record<string, Json>)) {
    if (template.startsWith("x-")) continue; // a specification extension (OpenAPI 3.1 section 4.9)
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
/** The union of `types`: `never` for none (`enum: []` allows no value), `unknown` when one is. */
const union = (types: readonly string[]): string => {
  const unique = [...new Set(types)];
  return unique.length === 0 ? "never" : unique.includes("unknown") ? "unknown" : unique.join(" | ");
};

/** The type of an object schema without properties that takes no other key: nothing to send. */
const NOTHING_TO_SEND = "Record<string, never>";
const parenthesized = (type: string): string => (/[|&]|^readonly /.test(type) ? `(${type})` : type);

/**
 * Text from a description for a comment, `//` or a block comment: no line terminator (which would
 * end a line comment), no `*` `/` pair (which would end a block comment), control characters
 * escaped as JSON escapes them. The one function for every place a description's text lands in a
 * comment; strings land through `JSON.stringify`, property names through `key`.
 */
export function commentText(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .replace(/\p{Cc}/gu, (character) => JSON.stringify(character).slice(1, -1))
    .replaceAll("*/", "*\\/");
}

/** A type written longer than this, for a schema reached by `$ref`, gets a name. */
const INLINE_LENGTH = 2000;

/**
 * Writes the TypeScript types of a description's schemas (OpenAPI 3.0/3.1: `type` or a list of
 * types, `enum`, `const`, `nullable`, `oneOf`/`anyOf`, `allOf`, `items`, `properties`, `required`,
 * `additionalProperties`; a `readOnly` property optional, never required). A schema reached
 * by `$ref` is written once: a recursive one (a `$ref` cycle) and a long one become a named type
 * (`type Schema3 = …`, in {@link aliases}) that each use refers to, so that time and output grow
 * with the description, not with the number of paths through it. `shallow` writes nested objects
 * as `object`, for the CLI's listing, and a recursive schema as `unknown` (a listing has no names).
 */
class TypeWriter {
  readonly aliases: string[] = [];
  private readonly written = new Map<object, string>();
  /** Schemas being written, with the name a `$ref` cycle gave them. */
  private readonly open = new Map<object, string | undefined>();
  private names = 0;

  constructor(
    readonly resolve: (value: Json) => Json,
    private readonly shallow: boolean,
  ) {}

  typeOf(given: Json, depth = 0): string {
    const schema = this.resolve(given);
    if (schema === undefined || schema === null || typeof schema !== "object") return "unknown";
    if (given === schema) return this.write(schema, depth);
    // Reached by $ref: written once (a shallow listing depends on the depth: written each time).
    const done = this.shallow ? undefined : this.written.get(schema);
    if (done !== undefined) return done;
    if (this.open.has(schema)) {
      if (this.shallow) return "unknown";
      const name = this.open.get(schema) ?? `Schema${++this.names}`;
      this.open.set(schema, name);
      return name;
    }
    this.open.set(schema, undefined);
    const type = this.write(schema, depth);
    let name = this.open.get(schema);
    this.open.delete(schema);
    if (this.shallow) return type;
    if (name === undefined && type.length > INLINE_LENGTH) name = `Schema${++this.names}`;
    if (name !== undefined) this.aliases.push(`type ${name} = ${type};`);
    this.written.set(schema, name ?? type);
    return name ?? type;
  }

  private write(schema: Json, depth: number): string {
    const inner = (child: Json): string => this.typeOf(child, depth + 1);
    let type: string;
    if (Array.isArray(schema.enum)) type = union(schema.enum.map(literal));
    else if ("const" in schema) type = literal(schema.const);
    else if (schema.oneOf !== undefined || schema.anyOf !== undefined) {
      const variants = (schema.oneOf ?? schema.anyOf) as Json[];
      const tag: unknown = schema.discriminator?.propertyName;
      // With a discriminator, each variant reached by $ref takes the values that name it
      // (OpenAPI 3.1 section 4.8.25: the mapping's keys, else the schema's name).
      type = union(
        variants.map((variant) => {
          const written = inner(variant);
          if (typeof tag !== "string" || typeof variant?.$ref !== "string") return written;
          const values = discriminatorValues(schema.discriminator, variant.$ref);
          return `${parenthesized(written)} & { ${key(tag)}: ${union(values.map(literal))} }`;
        }),
      );
    } else if (schema.allOf !== undefined) {
      // A part that only describes (a `description`, an `example`), or an empty object, adds nothing
      // a request sends: intersected, its `never` would erase the others.
      const parts = (schema.allOf as Json[]).map(inner).filter((part) => part !== "unknown" && part !== NOTHING_TO_SEND);
      type = parts.length === 0 ? "unknown" : parts.length === 1 ? parts[0]! : parts.map(parenthesized).join(" & ");
    } else {
      const types = [schema.type ?? (schema.properties ? "object" : schema.items ? "array" : [])].flat() as string[];
      type = types.length === 0 ? "unknown" : union(types.map((name) => this.typeOfName(name, schema, depth > 0 && this.shallow, inner)));
    }
    return schema.nullable === true ? union([type, "null"]) : type;
  }

  private typeOfName(name: string, schema: Json, writeAsObject: boolean, inner: (child: Json) => string): string {
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
        return `readonly ${parenthesized(schema.items === undefined || Array.isArray(schema.items) ? "unknown" : inner(schema.items))}[]`;
      case "object":
        return writeAsObject ? "object" : objectType(schema, inner, this.resolve);
      default:
        return "unknown";
    }
  }
}

/**
 * Whether a property is required in a request: listed in `required` and not `readOnly`, which
 * "SHOULD NOT be sent" and is required in responses only (OpenAPI 3.0 section 4.7.25.1, JSON Schema
 * validation 9.4). It stays in the type, optional: Okta's application `name` is `readOnly`, and its
 * own examples of creating one send it.
 */
const requiredIn =
  (required: ReadonlySet<string> | readonly string[] | undefined, resolve: (value: Json) => Json) =>
  (name: string, property: Json): boolean =>
    (required instanceof Set ? required.has(name) : (required as readonly string[] | undefined)?.includes(name) === true) &&
    resolve(property)?.readOnly !== true;

/**
 * An object schema's type: its properties, and an index signature where other keys are allowed
 * (`additionalProperties` true or a schema, or no properties at all). Beside properties the index
 * signature is `unknown`, since TypeScript requires every property to fit it.
 */
function objectType(schema: Json, inner: (child: Json) => string, resolve: (value: Json) => Json): string {
  const required = requiredIn(new Set<string>(schema.required ?? []), resolve);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const members = properties.map(([name, property]) => `${key(name)}${required(name, property) ? "" : "?"}: ${inner(property)}`);
  const extra = schema.additionalProperties;
  // `patternProperties` (JSON Schema core 10.3.2.2) allow other keys too, with the patterns' schemas.
  const patterns = Object.values((schema.patternProperties ?? {}) as Record<string, Json>);
  const open = patterns.length > 0 || (extra === undefined ? properties.length === 0 : extra !== false);
  const others = [...(typeof extra === "object" ? [extra] : []), ...patterns];
  if (open)
    members.push(
      `[key: string]: ${members.length === 0 && others.length > 0 && (extra === undefined || typeof extra === "object") ? union(others.map(inner)) : "unknown"}`,
    );
  return members.length === 0 ? NOTHING_TO_SEND : `{ ${members.join("; ")} }`;
}

/**
 * The discriminator values that select the variant at `ref`: the keys of `mapping` whose value is
 * `ref` or the name of the schema it points at, else that name (OpenAPI 3.1 section 4.8.25.1).
 */
function discriminatorValues(discriminator: Json, ref: string): string[] {
  const name = ref.slice(ref.lastIndexOf("/") + 1);
  const mapping = Object.entries((discriminator?.mapping ?? {}) as Record<string, unknown>);
  const named = mapping.filter(([, target]) => target === ref || target === name).map(([value]) => value);
  return named.length > 0 ? named : [name];
}

/**
 * The object shapes a JSON body schema allows, each with known `properties`: the schema itself, or
 * each variant of its `oneOf`/`anyOf` with the schema's own properties added (both apply, as
 * `allOf` parts do: GitHub's check-run update lists its fields beside an `anyOf` of what `status`
 * requires); else `undefined` (an array, a string, an object of any keys, a mix): such a body goes
 * under `data`, since a call's other keys are exactly the map's.
 */
function objectShapes(json: Json, resolve: (value: Json) => Json, depth = 0): Json[] | undefined {
  const base = flatten(json, resolve);
  const isObject = (shape: Json): boolean => shape?.properties !== undefined && (shape.type ?? "object") === "object";
  const variants = base.oneOf ?? base.anyOf;
  if (variants === undefined) return isObject(base) ? [base] : undefined;
  const shapes: Json[] = [];
  for (const variant of variants as Json[]) {
    // A variant that is itself a union (Okta's signing key: RSA or EC) gives each of its shapes.
    const flat = flatten(variant, resolve);
    const inner = (flat.oneOf ?? flat.anyOf) !== undefined && depth < MAX_DEPTH ? objectShapes(flat, resolve, depth + 1) : [flat];
    if (inner === undefined) return undefined;
    for (const shape of inner)
      shapes.push(
        base.properties === undefined
          ? shape
          : {
              ...shape,
              type: shape?.type ?? base.type,
              properties: { ...base.properties, ...shape?.properties },
              required: [...(base.required ?? []), ...(shape?.required ?? [])],
            },
      );
  }
  return shapes.every(isObject) ? shapes : undefined;
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
    // A union beside the parts still applies (objectShapes reads it).
    ...(schema.oneOf === undefined ? {} : { oneOf: schema.oneOf }),
    ...(schema.anyOf === undefined ? {} : { anyOf: schema.anyOf }),
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
  const parts = [commentText(text), deprecated === true ? "@deprecated" : ""].filter((part) => part !== "");
  return parts.length === 0 ? "" : `/** ${parts.join(" ")} */ `;
}

/** The JSON media type of a request body: `application/json`, or any `…+json` (RFC 6839 section 3.1). */
function jsonContent(content: Json): Json {
  const type = Object.keys(content ?? {}).find((name) => JSON_MEDIA_TYPE.test(name));
  return type === undefined ? undefined : content[type];
}

/** A JSON media type: `application/json`, or one with a `+json` suffix (RFC 6839 section 3.1). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
/** A form, `application/x-www-form-urlencoded`, with any parameters. */
const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
/** Multipart media types: their boundary is the client's to write (RFC 2046 section 5.1.1); `multipart/form-data` is `FormData` (RFC 7578). */
const MULTIPART_MEDIA_TYPE = /^multipart\//i;
const FORM_DATA_MEDIA_TYPE = /^multipart\/form-data\s*(?:;|$)/i;

/** Whether a body declares media types, all of which `test` matches. */
const allMatch = (types: readonly string[], test: RegExp): boolean => types.length > 0 && types.every((type) => test.test(type));

/**
 * The type of a body that is not JSON, which the caller encodes: a form (`string | URLSearchParams`,
 * which fetch sends as `application/x-www-form-urlencoded`), multipart `FormData`, else `unknown`
 * (a Buffer, a Blob, a stream, text).
 */
function dataType(content: Json): string {
  const types = Object.keys(content ?? {});
  if (allMatch(types, FORM_MEDIA_TYPE)) return 'string | Platform<"URLSearchParams">';
  if (allMatch(types, FORM_DATA_MEDIA_TYPE)) return 'Platform<"FormData">';
  return "unknown";
}

/** A path variable or query parameter of an operation, with the name a call gives it. */
interface Named {
  readonly parameter: Json;
  /** The key of the call's parameters, as the map types it. */
  readonly call: string;
  /** For a query parameter, the RFC 6570 variable that sends it under its own name (its wire name). */
  readonly variable: string;
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
 */
function namesOf(
  operation: Operation,
  reserved: ReadonlySet<string>,
  withHeaders = false,
): { path: string; variables: Named[]; query: Named[]; headers: Named[] } {
  const taken = new Set(reserved);
  const free = (name: string): string => {
    let call = name;
    while (taken.has(call)) call += "_";
    taken.add(call);
    return call;
  };
  const declared = new Map<string, Json>();
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
      const name = (parameter.name as string).toWellFormed();
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
        .filter((parameter) => parameter.in === "header" && !/^(?:accept|content-type|authorization)$/i.test(String(parameter.name)))
        .map((parameter): Named => ({ parameter, call: free((parameter.name as string).toWellFormed()), variable: "" }))
    : [];
  return { path, variables: [...variables.values()], query, headers };
}

/**
 * A route's parameters as rows: path variables (required), query parameters, header parameters,
 * and the properties of a JSON, form or multipart body ({@link bodyOf}); a body of another media
 * type, one that is not an object, or whose keys clash with an option or a parameter, is one row `data`.
 */
function parametersOf(
  { method, operation, parameters }: Operation,
  route: string,
  { variables: pathVariables, query, headers }: ReturnType<typeof namesOf>,
  types: TypeWriter,
): Row[] {
  const { resolve } = types;
  const rows: Row[] = route.includes(" {origin}/")
    ? [["origin", "path", "string", true, "/** The installation's origin, e.g. `https://github.example.com`. */ "]]
    : [];
  const variables = new Set(["origin"]);
  // The query of a method with content is declared in the route (routeOf): its names are variables.
  const carriesContent = BODY_METHODS.has(method.toLowerCase());
  const row = ({ parameter, call }: Named, place: "path" | "query" | "header"): Row => {
    if (parameter === undefined) return [call, place, "string | number", true, ""];
    let type = types.typeOf(parameter.schema);
    const schema = resolve(parameter.schema) ?? {};
    // A list the description says is comma-separated also takes one string: the joined form. Its
    // items keep their type (an enum stays an enum), so that a misspelt item is still an error.
    if (place === "query" && /comma[- ]separated/i.test(parameter.description ?? "")) {
      const item = [schema.type].flat().includes("array") && schema.items !== undefined ? types.typeOf(schema.items) : "string";
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
  const byParameter = new Map<Json, [Named, "path" | "query" | "header"]>();
  for (const named of pathVariables) byParameter.set(named.parameter ?? named, [named, "path"]);
  for (const named of query) byParameter.set(named.parameter, [named, "query"]);
  for (const named of headers) byParameter.set(named.parameter, [named, "header"]);
  const ordered = [...parameters, ...pathVariables.filter(({ parameter }) => parameter === undefined)];
  for (const parameter of ordered) {
    const found = byParameter.get(parameter);
    if (found === undefined) continue;
    const [named, place] = found;
    rows.push(row(named, place));
    if (place !== "query" || carriesContent) variables.add(named.call);
  }
  // endpoint() refuses `data` for a method without content (GET, HEAD: RFC 9110 section 9.3.1 gives
  // it no meaning there); some descriptions (Stripe's) declare an empty form body on GET anyway.
  const body = carriesContent ? resolve(operation.requestBody) : undefined;
  if (body === undefined) return rows;
  const plan = bodyOf(body.content, resolve);
  const shapes = fieldsOf(plan, variables);
  if (shapes === undefined) {
    const type = plan?.kind === "json" ? types.typeOf(plan.schema) : dataType(body.content);
    return [...rows, ["data", "data", type, body.required === true, docOf(body)]];
  }
  // Several shapes (a oneOf) merge into one: a property takes the union of its types in the shapes,
  // and is required when every shape requires it. A union of one parameter object per shape would
  // be exact, but it made TypeScript weigh every route of the map on a call's first check.
  const properties = new Map<string, string[]>();
  const docs = new Map<string, string>();
  for (const shape of shapes) {
    for (const [name, schema] of Object.entries((shape.properties ?? {}) as Record<string, Json>)) {
      const type = plan!.kind === "multipart" ? (fileType(schema, resolve) ?? types.typeOf(schema)) : types.typeOf(schema);
      properties.set(name, [...(properties.get(name) ?? []), type]);
      if (!docs.has(name)) docs.set(name, docOf(resolve(schema)));
    }
  }
  const required = (name: string): boolean =>
    shapes.every((shape) => requiredIn(shape.required as string[] | undefined, resolve)(name, shape.properties?.[name]));
  return [...rows, ...[...properties].map(([name, list]): Row => [name, "body", union(list), required(name), docs.get(name)!])];
}

/** How a request body is built from a call's keys: its kind, its media type object and the object shapes it allows. */
interface BodyPlan {
  /** JSON (`application/json`, `…+json`), a form (`application/x-www-form-urlencoded`) or a multipart form (`multipart/form-data`). */
  readonly kind: "json" | "form" | "multipart";
  /** The media type object (OpenAPI 3.1 section 4.8.14): its `schema`, and for a form its `encoding`. */
  readonly media: Json;
  readonly schema: Json;
  /** The object shapes the schema allows ({@link objectShapes}); empty when it is no object. */
  readonly shapes: Json[];
}

/**
 * The body a call's keys build, where they can: JSON when the body declares a JSON media type, else
 * a form or a multipart form when every media type it declares is that one (RFC 7578 for
 * `multipart/form-data`); `undefined` for any other body (octet-stream, text, a mix of forms and
 * others), which goes under `data` as the caller encodes it.
 */
function bodyOf(content: Json, resolve: (value: Json) => Json): BodyPlan | undefined {
  const types = Object.keys(content ?? {});
  const json = jsonContent(content);
  const kind =
    json !== undefined
      ? "json"
      : allMatch(types, FORM_MEDIA_TYPE)
        ? "form"
        : allMatch(types, FORM_DATA_MEDIA_TYPE)
          ? "multipart"
          : undefined;
  if (kind === undefined) return undefined;
  const media = json ?? content[types[0]!];
  const schema = resolve(media?.schema);
  return { kind, media, schema, shapes: schema === undefined ? [] : (objectShapes(schema, resolve) ?? []) };
}

/**
 * The object shapes of a body whose keys a call gives beside its parameters: `undefined` when the
 * body is no object, or a key is an option's name or a parameter's (`taken`), and the body goes
 * under `data`.
 */
function fieldsOf(plan: BodyPlan | undefined, taken: ReadonlySet<string>): Json[] | undefined {
  if (plan === undefined || plan.shapes.length === 0) return undefined;
  const free = (name: string): boolean => !OPTION_NAMES.has(name) && !taken.has(name);
  return plan.shapes.every((shape) => Object.keys(shape.properties ?? {}).every(free)) ? plan.shapes : undefined;
}

/**
 * The type of a multipart field that holds a file: a string schema of `format: binary` or with a
 * `contentMediaType` (OpenAPI 3.0 section 4.7.14.3, 3.1 section 4.8.14.3), or a list of them:
 * `string | Blob`, which `FormData` takes; `undefined` for any other field.
 */
function fileType(given: Json, resolve: (value: Json) => Json): string | undefined {
  const schema = resolve(given);
  const isFile = (node: Json): boolean =>
    [node?.type].flat().includes("string") && (node.format === "binary" || typeof node.contentMediaType === "string");
  const file = 'string | Platform<"Blob">';
  if (isFile(schema)) return file;
  return [schema?.type].flat().includes("array") && isFile(resolve(schema.items)) ? `readonly (${file})[]` : undefined;
}

/**
 * The origin an operation is served from when it is not the description's (`https://uploads.github.com`,
 * or `{origin}` where it depends on the installation); `""` for the description's own.
 */
function originOf({ operation }: Operation, spec: Json): string {
  const server: string | undefined = operation.servers?.[0]?.url;
  return server === undefined || server === spec.servers?.[0]?.url
    ? ""
    : server.replace(/^(?:\{protocol\}:\/\/\{hostname\}|https:\/\/HOSTNAME)/, "{origin}").replace(/\/$/, "");
}

/**
 * The route as the API documents it: `"<METHOD> <origin><path>"`, the path with its variables' call
 * names (namesOf). A query is not part of it: on a method that sends a body, the run-time `queries`
 * ({@link queryOf}) send it to the query, and GitHub's table does for GitHub's maps.
 */
function routeOf(operation: Operation, spec: Json, { path }: ReturnType<typeof namesOf>): string {
  return `${operation.method} ${originOf(operation, spec)}${path}`;
}

/**
 * How the route's query is sent when the description declares it in another form than the
 * library's default (OpenAPI 3.1 section 4.8.12.4; `rest-endpoint/queries` reads it): `form`
 * exploded, the default, is `{?ids*}` (`ids=1&ids=2`), unexploded `{?ids}` (`ids=1,2`); `deepObject`
 * parameters are listed, and parameters sent under another variable than their call name (namesOf)
 * renamed. On a method that sends a body every query is declared, since a parameter the template
 * does not name goes to the body there. `spaceDelimited` and `pipeDelimited` lists are listed
 * with their delimiter, header parameters with their field, and a body's media type where
 * `endpoint()` would give another ({@link mediaTypeOf}). `undefined` when the route needs none of
 * it: every query parameter sent as the library sends it anyway (scalars, or lists declared
 * unexploded), no header parameter, the body's media type what `endpoint()` gives.
 */
function queryOf(
  operation: Operation,
  spec: Json,
  { path, variables, query, headers }: ReturnType<typeof namesOf>,
  resolve: (value: Json) => Json,
): Query | undefined {
  const varspecs: string[] = [];
  const deepObject: string[] = [];
  const renamed: Record<string, string> = {};
  const delimited: Record<string, string> = {};
  const allowReserved: string[] = [];
  const hasBody = BODY_METHODS.has(operation.method.toLowerCase());
  let needed = hasBody && query.length > 0;
  for (const { parameter, call, variable } of query) {
    const schema = resolve(parameter.schema) ?? {};
    const style = parameter.style ?? "form";
    const list = [schema.type].flat().some((type) => type === "array" || type === "object");
    if (variable !== call) renamed[call] = variable;
    if (style === "deepObject") deepObject.push(call);
    // spaceDelimited and pipeDelimited lists (OpenAPI 3.1 section 4.8.12.4): one value, the items
    // joined with a space or a pipe; exploded, they are form's `ids=1&ids=2`.
    const delimiter = style === "spaceDelimited" ? " " : style === "pipeDelimited" ? "|" : undefined;
    const joined = delimiter !== undefined && list && parameter.explode !== true;
    if (joined) delimited[call] = delimiter;
    const explode = list && (style === "form" ? (parameter.explode ?? true) : delimiter !== undefined && parameter.explode === true);
    // allowReserved (OpenAPI 3.1 section 4.8.12.2): the value's reserved characters are sent as they are.
    if (parameter.allowReserved === true) allowReserved.push(call);
    needed ||= explode || joined || variable !== call || style === "deepObject" || parameter.allowReserved === true;
    varspecs.push(`${variable}${explode ? "*" : ""}`);
  }
  const content = hasBody ? resolve(operation.operation.requestBody)?.content : undefined;
  const contentType = mediaTypeOf(content);
  const taken = new Set(["origin", ...[variables, query, headers].flat().map(({ call }) => call)]);
  const form = hasBody ? formOf(bodyOf(content, resolve), taken) : undefined;
  // A fragment in a path key (Box's `/oauth2/token#refresh`) names a second operation of one path:
  // it stays in the route, and is no part of the request target (RFC 3986 section 3.5).
  const target = path.split("#", 1)[0]!;
  if (!needed && target === path && contentType === undefined && headers.length === 0 && form === undefined) return undefined;
  return {
    template: `${operation.method} ${originOf(operation, spec)}${target}${queryExpression(target.includes("?"), varspecs)}`,
    ...(deepObject.length > 0 ? { deepObject } : {}),
    ...(Object.keys(renamed).length > 0 ? { renamed } : {}),
    ...(Object.keys(delimited).length > 0 ? { delimited } : {}),
    ...(allowReserved.length > 0 ? { allowReserved } : {}),
    ...(contentType === undefined ? {} : { contentType }),
    ...(form === undefined ? {} : { form }),
    ...(headers.length === 0 ? {} : { headers: Object.fromEntries(headers.map(({ call, parameter }) => [call, String(parameter.name)])) }),
  };
}

/**
 * How a form body's fields are sent (`rest-endpoint/queries` builds it), when the call gives them as
 * keys: the form's media type, and from its `encoding` (OpenAPI 3.1 section 4.8.15) the fields of
 * `style: deepObject` and those of `explode: false`; `undefined` for a body of another kind.
 */
function formOf(plan: BodyPlan | undefined, taken: ReadonlySet<string>): Form | undefined {
  if (plan === undefined || plan.kind === "json" || fieldsOf(plan, taken) === undefined) return undefined;
  const encoding = Object.entries((plan.media.encoding ?? {}) as Record<string, Json>);
  const deepObject = encoding.filter(([, field]) => field?.style === "deepObject").map(([name]) => name);
  const joined = encoding.filter(([, field]) => field?.explode === false).map(([name]) => name);
  return {
    mediaType: plan.kind === "form" ? "application/x-www-form-urlencoded" : "multipart/form-data",
    ...(deepObject.length > 0 ? { deepObject } : {}),
    ...(joined.length > 0 ? { joined } : {}),
  };
}

/**
 * The media type a body is sent with when it is not what `endpoint()` gives a body anyway
 * (`application/json` for an object or array, none for `data` it does not build): the one type a
 * body declares (`application/json-patch+json`, a form); none for `multipart/…`, whose boundary
 * the client writes (RFC 2046 section 5.1.1), nor for a body of several types, where the call
 * chooses (Kubernetes' PATCH takes JSON Patch, merge patch and more: one picked for it would be
 * wrong for the others) (OpenAPI 3.1 section 4.8.13).
 */
function mediaTypeOf(content: Json): string | undefined {
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
function serverOf(spec: Json): Server | undefined {
  const first = spec.servers?.[0];
  if (typeof first?.url !== "string" || !/\{[^{}]+\}/.test(first.url)) return undefined;
  const declared = (first.variables ?? {}) as Record<string, Json>;
  const names = [...(first.url as string).matchAll(/\{([^{}]+)\}/g)].map(([, name]) => name!);
  const variables = Object.fromEntries(
    names.map((name) => {
      const variable = declared[name] ?? {};
      return [
        name,
        {
          ...(variable.default === undefined ? {} : { default: String(variable.default) }),
          ...(Array.isArray(variable.enum) && variable.enum.length > 0 ? { enum: (variable.enum as unknown[]).map(String) } : {}),
        },
      ];
    }),
  );
  return { url: first.url as string, variables };
}

/** The names of an operation's parameters in a call, and its route in the map. */
export type Names = ReturnType<typeof namesOf>;

/**
 * Each operation of a description with its route and the names its parameters take in a call, as
 * {@link generateRouteMap} writes them; header parameters only `withHeaders` (GitHub's maps have none).
 */
export function routesOf(
  spec: Json,
  withHeaders: boolean,
): { resolve: (value: Json) => Json; routes: { operation: Operation; names: Names; route: string }[] } {
  const { resolve, operations } = operationsOf(spec);
  const routes = operations.map((operation) => {
    const names = namesOf(operation, OPTION_NAMES, withHeaders);
    return { operation, names, route: routeOf(operation, spec, names) };
  });
  return { resolve, routes };
}

/** A generated map: its declaration file (`Routes`, `queries`), its run-time module, both as one TypeScript module, and its listing. */
export interface RouteMap {
  /** The declaration file: `Routes`, and `queries` declared. */
  readonly declarations: string;
  /** The run-time module beside it: `queries`. */
  readonly module: string;
  /** Both as one TypeScript module, which `tsc` compiles with the app. */
  readonly typescript: string;
  readonly listing: Record<string, [docs: string, ...parameters: [name: string, place: string, type: string, required: 0 | 1][]]>;
  readonly count: number;
}

/**
 * Generates a route map from a description: `header` opens the declaration file, given the count of
 * operations; `withQueries` adds the run-time `queries` of {@link queryOf} (GitHub's maps have none:
 * comma-joined lists are what GitHub documents, and a map without them may rename no query parameter).
 *
 * @throws Error when two operations give one route, or, without `withQueries`, a query parameter
 *   needs another name in the call than on the wire
 */
export function generateRouteMap(
  spec: Json,
  { header, withQueries }: { header: (count: number) => string; withQueries: boolean },
): RouteMap {
  const { resolve, routes: operations } = routesOf(spec, withQueries);
  const types = new TypeWriter(resolve, false);
  const shallow = new TypeWriter(resolve, true);
  const lines: string[] = [];
  const queries: Record<string, Query> = {};
  const listing: RouteMap["listing"] = {};
  for (const { operation, names, route } of operations) {
    if (Object.hasOwn(listing, route)) throw new Error(`two operations are the route ${JSON.stringify(route)}`);
    if (!withQueries && names.query.some(({ call, variable }) => call !== variable))
      throw new Error(`${JSON.stringify(route)}: a query parameter is named like an option or a path variable`);
    const members = parametersOf(operation, route, names, types).map(
      ([name, , type, required, doc]) => `${doc}${key(name)}${required ? "" : "?"}: ${type}`,
    );
    // One member a line: TypeScript attaches a TSDoc comment to what follows it only from a line's start.
    lines.push(
      `  ${JSON.stringify(route)}: {${members.map((member) => `\n    ${member};`).join("")}${members.length === 0 ? "" : "\n  "}};`,
    );
    listing[route] = [
      typeof operation.operation.externalDocs?.url === "string" ? operation.operation.externalDocs.url : "",
      ...parametersOf(operation, route, names, shallow).map(([name, place, type, required]): [string, string, string, 0 | 1] => [
        name,
        place,
        type,
        required ? 1 : 0,
      ]),
    ];
    const query = withQueries ? queryOf(operation, spec, names, resolve) : undefined;
    if (query !== undefined) queries[route] = query;
  }
  const queryLines = Object.entries(queries).map(([route, query]) => `  ${JSON.stringify(route)}: ${JSON.stringify(query)},`);
  /** The map's text, with `queries` written as `queriesStatement`, and the run time's names imported as `runtime`. */
  const text = (
    queriesStatement: string,
    runtime = 'import type { Queries } from "rest-endpoint/queries";',
  ): string => `${header(operations.length)}
${withQueries ? `${runtime}\n` : ""}${lines.some((line) => line.includes('Platform<"')) ? 'import type { Platform } from "rest-endpoint";\n' : ""}
export interface Routes {
${lines.join("\n")}
}
${types.aliases.length === 0 ? "" : `\n${types.aliases.join("\n")}\n`}${
    withQueries
      ? `
/**
 * The routes whose query the description declares in another form than the library's default,
 * or on a method that sends a body, for \`withQueries\` of \`rest-endpoint/queries\`.
 */
${queriesStatement}
`
      : ""
  }`;
  const queriesObject = `{\n${queryLines.join("\n")}\n}`;
  // The first server's variables (OpenAPI 3.1 section 4.8.6): `baseUrl(variables?)` fills them, the
  // same function in each form, declared or defined.
  const server = serverOf(spec);
  let baseUrl = { declared: "", typed: "", defined: "" };
  if (server !== undefined) {
    const type = `{ ${Object.entries(server.variables)
      .map(([name, { enum: values }]) => `${key(name)}?: ${values === undefined ? "string" : union(values.map(literal))}`)
      .join("; ")} }`;
    const doc = `\n/**
 * The description's first server, ${commentText(JSON.stringify(server.url))}, with its variables: each given value, else
 * its default. For \`endpoint.defaults({ baseUrl: baseUrl({ … }) })\`.
 */\n`;
    const body = `{\n  return serverUrl(${JSON.stringify(server)}, variables);\n}`;
    baseUrl = {
      declared: `\n${doc}export declare function baseUrl(variables?: ${type}): string;`,
      typed: `\n${doc}export function baseUrl(variables: ${type} = {}): string ${body}`,
      defined: `export function baseUrl(variables = {}) ${body}\n`,
    };
  }
  const runtime = server === undefined ? undefined : 'import { serverUrl, type Queries } from "rest-endpoint/queries";';
  const declarations = text(`export declare const queries: Queries;${baseUrl.declared}`);
  const typescript = text(`export const queries: Queries = ${queriesObject};${baseUrl.typed}`, runtime);
  const module = `${GENERATED}: do not edit.\n${server === undefined ? "" : 'import { serverUrl } from "rest-endpoint/queries";\n'}export const queries = ${queriesObject};\n${baseUrl.defined}`;
  return { declarations, module, typescript, listing, count: operations.length };
}

/** How every file `generate` writes begins: the marker that lets it write over the file again. */
export const GENERATED = "// Generated by rest-endpoint generate";

/**
 * The comment that opens a generated declaration file: where it comes from, what it holds, the
 * `baseUrl` the description names and an example of use. Every text from the description in it
 * passes {@link commentText}.
 */
export function headerOf({
  file,
  title,
  version,
  baseUrl,
  name,
}: {
  file: string;
  title: string | undefined;
  version: string | undefined;
  baseUrl: string | undefined;
  name: string;
}): string {
  const source = commentText(`${title ?? file} ${version ?? ""}`.trim());
  // A URL with variables ({yourOktaDomain}) is no baseUrl as it is: the module's baseUrl() fills them.
  const variables = baseUrl !== undefined && /\{[^{}]+\}/.test(baseUrl);
  return `${GENERATED} from ${commentText(file)} (${source}): do not edit.

/**
 * The request parameters of ${source}'s operations, by route: path parameters (required), query
 * parameters and JSON body properties; a body of another media type goes under \`data\`.
 * The servers' first URL, the \`baseUrl\` to use: ${baseUrl === undefined ? "none given" : `\`${commentText(baseUrl)}\``}${
   variables ? ", whose variables `baseUrl()` fills" : ""
 }.
 *
 * \`\`\`ts
 * import { endpoint, type EndpointInterface } from "rest-endpoint";
 * import { withQueries } from "rest-endpoint/queries";
 * import { ${variables ? "baseUrl, " : ""}queries, type Routes } from ${commentText(JSON.stringify(`./${name}.js`))};
 * const api: EndpointInterface<Routes> = withQueries(
 *   endpoint.defaults({ baseUrl: ${variables ? "baseUrl()" : commentText(JSON.stringify(baseUrl ?? "https://api.example.com"))}, headers: { accept: "application/json" } }),
 *   queries,
 * );
 * \`\`\`
 */`;
}
