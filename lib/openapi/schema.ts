/**
 * TypeScript types from an OpenAPI description's schemas (docs/any-api.md, "What is checked where"):
 * the second of the generator's three steps, between reading the description (read.ts) and
 * writing the map (write.ts). It writes text and reads nothing.
 */
import { printable } from "../core/errors.js";
import type { Reference, Resolve, Schema, SchemaOrReference } from "./document.js";

/** How deep `allOf` parts are merged and unions unfolded into a body's shapes; it bounds a cycle. */
const MAX_DEPTH = 10;
/** The longest description written, in characters: a longer first sentence is cut with "…". */
const DOC_LENGTH = 200;
/** A type written longer than this, for a schema reached by `$ref`, gets a name. */
const INLINE_LENGTH = 2000;

/** A property name as TypeScript writes it: as it is where it is an identifier, else quoted. */
export const key = (name: string): string => (/^[A-Z_$][\w$]*$/i.test(name) ? name : JSON.stringify(name));
/** A JSON value as a TypeScript literal type. */
export const literal = (value: unknown): string => (value === null ? "null" : JSON.stringify(value));
/** The union of `types`: `never` for none (`enum: []` allows no value), `unknown` when one is. */
export const union = (types: readonly string[]): string => {
  const unique = [...new Set(types)];
  return unique.length === 0 ? "never" : unique.includes("unknown") ? "unknown" : unique.join(" | ");
};
/** A type in parentheses where an array or intersection of it needs them. */
export const parenthesized = (type: string): string => (/[|&]|^readonly /.test(type) ? `(${type})` : type);

/** The type of an object schema without properties that takes no other key: nothing to send. */
const NOTHING_TO_SEND = "Record<string, never>";

/** A schema as an object, or `undefined` for JSON Schema's `true`/`false` and what is missing. */
export const schemaOf = (resolve: Resolve, given: SchemaOrReference | undefined): Schema | undefined =>
  typeof given === "object" ? resolve<Schema>(given) : undefined;

/** A schema's types: its `type`, one or a list (3.1), else what its keywords imply. */
export const typesOf = (schema: Schema): readonly string[] =>
  [schema.type ?? (schema.properties ? "object" : schema.items ? "array" : [])].flat();

/**
 * Text from a description for a comment, `//` or a block comment: no line terminator (which would
 * end a line comment), no `*` `/` pair (which would end a block comment), control characters
 * escaped as JSON escapes them. The one function for every place a description's text lands in a
 * comment; strings land through `JSON.stringify`, property names through `key`.
 */
export function commentText(value: string): string {
  return printable(value.replace(/[\r\n\u2028\u2029]+/g, " ")).replaceAll("*/", "*\\/");
}

/**
 * Writes the TypeScript types of a description's schemas (OpenAPI 3.0/3.1: `type` or a list of
 * types, `enum`, `const`, `nullable`, `oneOf`/`anyOf`, `allOf`, `items`, `properties`, `required`,
 * `additionalProperties`, `patternProperties`; a `readOnly` property optional, never required). A
 * schema reached by `$ref` is written once: a recursive one (a `$ref` cycle) and a long one become
 * a named type (`type Schema3 = …`, in {@link aliases}) that each use refers to, so that time and
 * output grow with the description, not with the number of paths through it. `shallow` writes
 * nested objects as `object`, for the CLI's listing, and a recursive schema as `unknown` (a
 * listing has no names).
 */
export class TypeWriter {
  readonly aliases: string[] = [];
  private readonly written = new Map<object, string>();
  /** Schemas being written, with the name a `$ref` cycle gave them. */
  private readonly open = new Map<object, string | undefined>();
  private names = 0;

  constructor(
    readonly resolve: Resolve,
    private readonly shallow: boolean,
  ) {}

  typeOf(given: SchemaOrReference | undefined, depth = 0): string {
    const schema = schemaOf(this.resolve, given);
    if (schema === undefined) return "unknown";
    if (given === schema) return this.write(schema, depth);
    // Reached by $ref: written once (a shallow listing depends on the depth: written each time).
    const done = this.shallow ? undefined : this.written.get(schema);
    if (done !== undefined) return done;
    if (this.open.has(schema)) {
      if (this.shallow) return "unknown";
      const name = this.open.get(schema) ?? `Schema${String(++this.names)}`;
      this.open.set(schema, name);
      return name;
    }
    this.open.set(schema, undefined);
    const type = this.write(schema, depth);
    let name = this.open.get(schema);
    this.open.delete(schema);
    if (this.shallow) return type;
    if (name === undefined && type.length > INLINE_LENGTH) name = `Schema${String(++this.names)}`;
    if (name !== undefined) this.aliases.push(`type ${name} = ${type};`);
    this.written.set(schema, name ?? type);
    return name ?? type;
  }

  private write(schema: Schema, depth: number): string {
    const inner = (child: SchemaOrReference | undefined): string => this.typeOf(child, depth + 1);
    let type: string;
    if (schema.enum !== undefined) type = union(schema.enum.map(literal));
    else if ("const" in schema) type = literal(schema.const);
    else if (schema.oneOf !== undefined || schema.anyOf !== undefined) {
      const { discriminator } = schema;
      // With a discriminator, each variant reached by $ref takes the values that name it
      // (OpenAPI 3.1 section 4.8.25: the mapping's keys, else the schema's name).
      type = union(
        (schema.oneOf ?? schema.anyOf ?? []).map((variant) => {
          const written = inner(variant);
          if (discriminator === undefined || !isReference(variant)) return written;
          const values = discriminatorValues(discriminator, variant.$ref);
          return `${parenthesized(written)} & { ${key(discriminator.propertyName)}: ${union(values.map(literal))} }`;
        }),
      );
    } else if (schema.allOf !== undefined) {
      // A part that only describes (a `description`, an `example`), or an empty object, adds nothing
      // a request sends: intersected, its `never` would erase the others.
      const parts = schema.allOf.map(inner).filter((part) => part !== "unknown" && part !== NOTHING_TO_SEND);
      type = parts.length === 0 ? "unknown" : parts.length === 1 ? parts[0]! : parts.map(parenthesized).join(" & ");
    } else {
      const types = typesOf(schema);
      type = types.length === 0 ? "unknown" : union(types.map((name) => this.typeOfName(name, schema, depth > 0 && this.shallow, inner)));
    }
    return schema.nullable === true ? union([type, "null"]) : type;
  }

  private typeOfName(
    name: string,
    schema: Schema,
    writeAsObject: boolean,
    inner: (child: SchemaOrReference | undefined) => string,
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
      case "array": {
        const { items } = schema;
        return `readonly ${parenthesized(items === undefined || isList(items) ? "unknown" : inner(items))}[]`;
      }
      case "object":
        return writeAsObject ? "object" : objectType(schema, inner, this.resolve);
      default:
        return "unknown";
    }
  }
}

/** Whether a schema is a `$ref`. */
export const isReference = (value: SchemaOrReference | undefined): value is Reference =>
  typeof value === "object" && "$ref" in value && typeof value.$ref === "string";

/** Whether `items` is a list (draft 4's tuple form), which the generator writes as `unknown`. */
const isList = (items: SchemaOrReference | readonly SchemaOrReference[]): items is readonly SchemaOrReference[] => Array.isArray(items);

/**
 * Whether a property is required in a request: listed in `required` and not `readOnly`, which
 * "SHOULD NOT be sent" and is required in responses only (OpenAPI 3.0 section 4.7.25.1, JSON Schema
 * validation 9.4). It stays in the type, optional: Okta's application `name` is `readOnly`, and its
 * own examples of creating one send it.
 */
export const requiredIn =
  (required: readonly string[] | undefined, resolve: Resolve) =>
  (name: string, property: SchemaOrReference | undefined): boolean =>
    required?.includes(name) === true && schemaOf(resolve, property)?.readOnly !== true;

/**
 * An object schema's type: its properties, and an index signature where other keys are allowed
 * (`additionalProperties` true or a schema, or no properties at all). Beside properties the index
 * signature is `unknown`, since TypeScript requires every property to fit it.
 */
function objectType(schema: Schema, inner: (child: SchemaOrReference | undefined) => string, resolve: Resolve): string {
  const required = requiredIn(schema.required, resolve);
  const properties = Object.entries(schema.properties ?? {});
  const members = properties.map(([name, property]) => `${key(name)}${required(name, property) ? "" : "?"}: ${inner(property)}`);
  const extra = schema.additionalProperties;
  // `patternProperties` (JSON Schema core 10.3.2.2) allow other keys too, with the patterns' schemas.
  const patterns = Object.values(schema.patternProperties ?? {});
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
function discriminatorValues(discriminator: NonNullable<Schema["discriminator"]>, ref: string): string[] {
  const name = ref.slice(ref.lastIndexOf("/") + 1);
  const named = Object.entries(discriminator.mapping ?? {})
    .filter(([, target]) => target === ref || target === name)
    .map(([value]) => value);
  return named.length > 0 ? named : [name];
}

/** An object shape of a body: the properties it allows, and those it requires. */
export interface Shape {
  readonly type?: Schema["type"];
  readonly properties?: Readonly<Record<string, SchemaOrReference>>;
  readonly required?: readonly string[];
}

/**
 * The object shapes a body schema allows, each with known `properties`: the schema itself, or
 * each variant of its `oneOf`/`anyOf` (and of a variant's own, Okta's signing keys: RSA or EC) with
 * the schema's own properties added (both apply, as `allOf` parts do: GitHub's check-run update
 * lists its fields beside an `anyOf` of what `status` requires); else `undefined` (an array, a
 * string, an object of any keys, a mix): such a body goes under `data`, since a call's other keys
 * are exactly the map's.
 */
export function objectShapes(given: SchemaOrReference | undefined, resolve: Resolve, depth = 0): Shape[] | undefined {
  const base = flatten(given, resolve);
  const isObject = (shape: Shape): boolean => shape.properties !== undefined && (shape.type ?? "object") === "object";
  const variants = base.oneOf ?? base.anyOf;
  if (variants === undefined) return isObject(base) ? [base] : undefined;
  const shapes: Shape[] = [];
  for (const variant of variants) {
    const flat = flatten(variant, resolve);
    const inner = (flat.oneOf ?? flat.anyOf) !== undefined && depth < MAX_DEPTH ? objectShapes(flat, resolve, depth + 1) : [flat];
    if (inner === undefined) return undefined;
    for (const shape of inner)
      shapes.push(
        base.properties === undefined
          ? shape
          : {
              type: shape.type ?? base.type,
              properties: { ...base.properties, ...shape.properties },
              required: [...(base.required ?? []), ...(shape.required ?? [])],
            },
      );
  }
  return shapes.every(isObject) ? shapes : undefined;
}

/**
 * A schema with its `allOf` parts merged in, as far as properties go: every part applies, so their
 * properties and `required` lists add up (JSON Schema core 10.2.1.1); a union beside the parts still
 * applies. Other schemas as they are; `true`, `false` and what is missing as `{}`.
 */
function flatten(given: SchemaOrReference | undefined, resolve: Resolve, depth = 0): Schema {
  const schema = schemaOf(resolve, given) ?? {};
  if (schema.allOf === undefined || depth > MAX_DEPTH) return schema;
  const parts = [schema, ...schema.allOf.map((part) => flatten(part, resolve, depth + 1))];
  if (!parts.some((part) => part.properties !== undefined)) return schema;
  return {
    type: "object",
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Record<string, SchemaOrReference>,
    required: parts.flatMap((part) => part.required ?? []),
    ...(schema.oneOf === undefined ? {} : { oneOf: schema.oneOf }),
    ...(schema.anyOf === undefined ? {} : { anyOf: schema.anyOf }),
  };
}

/**
 * A TSDoc comment, what an editor shows on hover: the first sentence of the description (Markdown
 * links reduced to their text; at most DOC_LENGTH characters) and `@deprecated` where marked.
 */
export function docOf({
  description,
  deprecated,
}: { readonly description?: string | undefined; readonly deprecated?: boolean | undefined } = {}): string {
  let text = (description ?? "")
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  const end = text.search(/[.!?](?:\s|$)/);
  if (end !== -1) text = text.slice(0, end + 1);
  if (text.length > DOC_LENGTH) text = `${text.slice(0, DOC_LENGTH - 1)}…`;
  const parts = [commentText(text), deprecated === true ? "@deprecated" : ""].filter((part) => part !== "");
  return parts.length === 0 ? "" : `/** ${parts.join(" ")} */ `;
}

/**
 * The type of a multipart field that holds a file: a string schema of `format: binary` or with a
 * `contentMediaType` (OpenAPI 3.0 section 4.7.14.3, 3.1 section 4.8.14.3), or a list of them:
 * `string | Blob`, which `FormData` takes; `undefined` for any other field.
 */
export function fileType(given: SchemaOrReference | undefined, resolve: Resolve): string | undefined {
  const schema = schemaOf(resolve, given);
  const isFile = (node: Schema | undefined): boolean =>
    node !== undefined && typesOf(node).includes("string") && (node.format === "binary" || node.contentMediaType !== undefined);
  const file = 'string | Platform<"Blob">';
  if (isFile(schema)) return file;
  const items = schema?.items;
  return schema !== undefined &&
    typesOf(schema).includes("array") &&
    items !== undefined &&
    !isList(items) &&
    isFile(schemaOf(resolve, items))
    ? `readonly (${file})[]`
    : undefined;
}
