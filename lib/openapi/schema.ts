/**
 * TypeScript types from an OpenAPI description's schemas (docs/any-api.md, "What is checked where"):
 * the second of the generator's three steps, between reading the description (read.ts) and
 * writing the map (write.ts). One writer for a request's parameters and body and for a response's
 * data ({@link SchemaWriter}, told its {@link Side}). It writes text and reads nothing.
 */
import { MAX_NESTING, type Resolve, type Schema, type SchemaOrReference } from "./document.js";
import { isReference } from "./json-pointer.js";
import { isList, mappingTargets, plainOf, schemaOf, selectingValues, typesOf, uniqueSchemas } from "./schema-object.js";
import { key, literal, parenthesized, union } from "./typescript.js";

/** A type written longer than this, for a schema reached by `$ref`, gets a name. */
const INLINE_LENGTH = 2000;
/** How many levels of arrays of arrays an intersection merges item by item ({@link TypeWriter.intersection}). */
const MAX_ARRAY_NESTING = 8;

/** The values a schema of values allows: its `enum`, else its `const`; `undefined` for any other schema. */
const valuesOf = (schema: Schema | undefined): readonly unknown[] | undefined =>
  schema === undefined ? undefined : (schema.enum ?? ("const" in schema ? [schema.const] : undefined));
/** The literals of a schema of values as {@link TypeWriter} writes it, `null` too when `nullable`; `undefined` for any other schema. */
const literalsOf = (schema: Schema | undefined): string[] | undefined => {
  const values = valuesOf(schema);
  return values === undefined ? undefined : [...values.map(literal), ...(schema!.nullable === true ? ["null"] : [])];
};

/** The type of an object schema without properties that takes no other key: nothing to send. */
const NOTHING_TO_SEND = "Record<string, never>";

/**
 * Which message a schema's type is written for (RFC 9110 section 3.9): a request's parameters and
 * body, or a response's data. The rules that differ, each where it applies in
 * {@link SchemaWriter.write}: a request's lists are `readonly` (the call's own), a `date-time` takes
 * a `Date` (the core sends its ISO form), a discriminator's property is required (its value selects
 * the variant the server reads) and a `readOnly` property is never required (OpenAPI 3.1 section
 * 4.8.24: sent in responses only); a response's data is what JSON parsing gives, and beside
 * `patternProperties` without `additionalProperties` its other keys may hold any value (JSON Schema
 * core 10.3.2.3), where a request sends what the patterns describe.
 */
export type Side = "request" | "response";

/**
 * Writes a schema's TypeScript type for one {@link Side} (OpenAPI 3.0/3.1: `type` or a list of
 * types, `enum`, `const`, `nullable`, `oneOf`/`anyOf`, `allOf`, `items`, `properties`, `required`,
 * `additionalProperties`, `patternProperties`, discriminators). How a schema reached by `$ref` is
 * referred to is the subclass's {@link SchemaWriter.typeOf}: the request side's {@link TypeWriter}
 * names only recursive and long ones, the response side's `ResponseWriter` (responses.ts) names
 * each component.
 */
export abstract class SchemaWriter {
  constructor(
    readonly resolve: Resolve,
    private readonly side: Side,
    /** For the CLI's listing: objects below the top written as `object`. */
    protected readonly shallow: boolean,
  ) {}

  /** A schema's type, `$ref`s followed; `depth` is how deep in the schema written in place it stands. */
  abstract typeOf(given: SchemaOrReference | undefined, depth?: number): string;

  /**
   * The type of a value every schema of `parts` allows (an `allOf`, or a property that several parts
   * declare: JSON Schema core 10.2.1.1): their intersection, each schema once; arrays as one array
   * of the intersection of their items, which TypeScript checks an array literal against (an
   * intersection of array types checks each element against each item type alone). A part that
   * only describes (a `description`, an `example`), or an empty object, adds nothing a request
   * sends: intersected, its `never` would erase the others. A part that is a discriminator's base
   * (the `allOf` form) is its own shape there, without its mapping.
   */
  intersection(parts: readonly SchemaOrReference[], depth = 0, arrays = 0, allOf = false): string {
    // One schema, the common case (a property one part declares): its type.
    if (parts.length === 1 && !allOf) return this.typeOf(parts[0], depth);
    const distinct = uniqueSchemas(parts, this.resolve);
    const schemas = distinct.map((part) => schemaOf(this.resolve, part));
    // Enums and consts: the values every part allows.
    const values = schemas.map(valuesOf);
    if (distinct.length > 1 && values.every((list) => list !== undefined)) {
      const texts = values.map((list) => new Set(list.map(literal)));
      const nullable = schemas.every((schema) => schema!.nullable === true) ? ["null"] : [];
      return union([...[...texts[0]!].filter((text) => texts.every((set) => set.has(text))), ...nullable]);
    }
    const items = schemas.map((schema) =>
      schema !== undefined &&
      schema.nullable !== true &&
      typesOf(schema).join() === "array" &&
      schema.items !== undefined &&
      !isList(schema.items)
        ? schema.items
        : undefined,
    );
    // Arrays of arrays merge level by level, up to a bound: two schemas that are each an array of itself are a cycle.
    if (distinct.length > 1 && arrays < MAX_ARRAY_NESTING && items.every((item) => item !== undefined))
      return `readonly ${parenthesized(this.intersection(items, depth + 1, arrays + 1))}[]`;
    const types = distinct.map((part, i) => {
      const schema = schemas[i];
      return allOf && schema !== undefined && mappingTargets(schema, this.resolve) !== undefined
        ? this.typeOf(plainOf(schema), depth)
        : this.typeOf(part, depth);
    });
    const kept = [...new Set(types.filter((type) => type !== "unknown" && type !== NOTHING_TO_SEND))];
    return kept.length === 0
      ? types.length === 1
        ? types[0]!
        : "unknown"
      : kept.length === 1
        ? kept[0]!
        : kept.map(parenthesized).join(" & ");
  }

  /** A schema's type, its `$ref`s referred to through {@link SchemaWriter.typeOf}. */
  protected write(schema: Schema, depth: number): string {
    const request = this.side === "request";
    const inner = (child: SchemaOrReference | undefined): string => this.typeOf(child, depth + 1);
    // A request sends the discriminator's property, whose value selects the variant; a response may
    // leave it out where the variant does not require it (GitHub's users leave out `user_view_type`),
    // and a variant that is a list has none.
    const selects = request ? ": " : "?: ";
    let type: string;
    const targets = mappingTargets(schema, this.resolve);
    if (schema.enum !== undefined) type = union(schema.enum.map(literal));
    else if ("const" in schema) type = literal(schema.const);
    else if (schema.oneOf !== undefined || schema.anyOf !== undefined) {
      const { discriminator } = schema;
      // With a discriminator, each variant reached by $ref takes the values that name it
      // (OpenAPI 3.1 section 4.8.25: the mapping's keys), else its own enum or const for the
      // property where it has one, else the schema's name.
      type = union(
        (schema.oneOf ?? schema.anyOf ?? []).flatMap((variant) => {
          // A variant of values written in place is its values, each once in the union, in a
          // request and in a response alike: `anyOf: [{ const: "a" }, { enum: ["a", 1] }]` is
          // `"a" | 1`, not `"a" | "a" | 1`. A response refers to a variant reached by `$ref` by its
          // component's name (its TSDoc kept), whose values TypeScript unites with the others.
          const literals =
            discriminator === undefined && (request || !isReference(variant)) ? literalsOf(schemaOf(this.resolve, variant)) : undefined;
          if (literals !== undefined) return literals;
          const written = inner(variant);
          const values = discriminator === undefined ? undefined : selectingValues(this.resolve, discriminator, variant);
          return values === undefined
            ? written
            : `${parenthesized(written)} & { ${key(discriminator!.propertyName)}${selects}${union(values.map(literal))} }`;
        }),
      );
      // Properties or allOf parts beside the union apply too (JSON Schema core 10.2.1: every keyword
      // applies): Xero's NI category declares its fields and a oneOf that narrows `niCategory`.
      const own = ownShapeOf(schema);
      if (own !== undefined) type = `${parenthesized(this.write(own, depth))} & ${parenthesized(type)}`;
    } else if (targets !== undefined) {
      // The allOf form of a discriminator (OpenAPI 3.1 section 4.8.25.2): each schema the mapping
      // names, with the values that select it; the base alone for other values.
      const property = key(schema.discriminator!.propertyName);
      const plain = plainOf(schema);
      type = union([
        ...targets.map(([target, values]) => `${parenthesized(inner(target))} & { ${property}${selects}${union(values.map(literal))} }`),
        request ? this.typeOf(plain, depth + 1) : this.write(plain, depth + 1),
      ]);
    } else if (schema.allOf !== undefined) type = request ? this.allOfType(schema, depth) : this.allOfParts(schema, depth);
    else {
      const types = typesOf(schema);
      type = types.length === 0 ? "unknown" : union(types.map((name) => this.typeOfName(name, schema, depth > 0 && this.shallow, inner)));
    }
    return schema.nullable === true ? union([type, "null"]) : type;
  }

  /**
   * An `allOf`'s type (issue 47). Properties written beside `allOf` apply with its parts (JSON Schema
   * core 10.2.1: every keyword applies; Okta's inline hook `config`, whose `authScheme` was refused
   * below a body's top level). Where every part is a plain object, one object: each property the
   * intersection of its declarations, `required` where any part requires it, so that a list two parts
   * declare is checked against one item type, the items' intersection (PagerDuty's event
   * orchestrations), where `A & B` checked each element against each part's item type alone.
   */
  private allOfType(schema: Schema, depth: number): string {
    const own =
      Object.keys(schema.properties ?? {}).length > 0
        ? Object.fromEntries(Object.entries(schema).filter(([name]) => name !== "allOf" && name !== "nullable"))
        : undefined;
    const parts = own === undefined ? schema.allOf! : [...schema.allOf!, own];
    const merged = mergedObject(parts, this.resolve);
    return merged === undefined ? this.intersection(parts, depth + 1, 0, true) : this.write(merged, depth + 1);
  }

  /**
   * An `allOf`'s type in a response: its parts' intersection, each once, and its own properties. A
   * part that is a discriminator's base (the allOf form) is its own shape here, without its mapping,
   * which names this schema: else each would be written as the other.
   */
  private allOfParts(schema: Schema, depth: number): string {
    const inner = (child: SchemaOrReference | undefined): string => this.typeOf(child, depth + 1);
    const parts = [
      ...new Set(
        schema.allOf!.map((part) => {
          const resolved = schemaOf(this.resolve, part);
          return resolved !== undefined && mappingTargets(resolved, this.resolve) !== undefined
            ? this.write(plainOf(resolved), depth + 1)
            : inner(part);
        }),
      ),
    ].filter((part) => part !== "unknown");
    const type = parts.length === 0 ? "unknown" : parts.map(parenthesized).join(" & ");
    return schema.properties === undefined ? type : `${parenthesized(objectType(schema, inner, this.resolve, this.side))} & ${type}`;
  }

  private typeOfName(
    name: string,
    schema: Schema,
    writeAsObject: boolean,
    inner: (child: SchemaOrReference | undefined) => string,
  ): string {
    const request = this.side === "request";
    switch (name) {
      case "integer":
      case "number":
        return "number";
      case "string":
        return request && schema.format === "date-time" ? "string | Date" : "string";
      case "boolean":
      case "null":
        return name;
      case "array": {
        const { items } = schema;
        const list = `${parenthesized(items === undefined || isList(items) ? "unknown" : inner(items))}[]`;
        return request ? `readonly ${list}` : list;
      }
      case "object":
        return writeAsObject ? "object" : objectType(schema, inner, this.resolve, this.side);
      default:
        return "unknown";
    }
  }
}

/**
 * Writes the TypeScript types of a description's schemas for requests ({@link SchemaWriter}; a
 * `readOnly` property optional, never required). A
 * schema reached by `$ref` is written once: a recursive one (a `$ref` cycle) and a long one become
 * a named type (`type Schema3 = …`, in {@link aliases}) that each use refers to, so that time and
 * output grow with the description, not with the number of paths through it. `shallow` writes
 * nested objects as `object`, for the CLI's listing, and a recursive schema as `unknown` (a
 * listing has no names).
 */
export class TypeWriter extends SchemaWriter {
  readonly aliases: string[] = [];
  private readonly written = new Map<object, string>();
  /** For a shallow listing: schemas written below the top, where an object is `object`. */
  private readonly nested = new Map<object, string>();
  /** Schemas being written, with the name a `$ref` cycle gave them. */
  private readonly open = new Map<object, string | undefined>();
  private names = 0;

  constructor(resolve: Resolve, shallow: boolean) {
    super(resolve, "request", shallow);
  }

  typeOf(given: SchemaOrReference | undefined, depth = 0): string {
    const schema = schemaOf(this.resolve, given);
    if (schema === undefined) return "unknown";
    // A schema written in place is in no `$ref` cycle (one that nests past shapes.ts's bound is a cycle
    // of YAML aliases), and is reached again only through the `$ref`'d schema that holds it.
    if (given === schema) return depth > MAX_NESTING ? "unknown" : this.write(schema, depth);
    // Each schema reached by $ref is written once (a shallow listing writes a nested object as
    // `object`: once at the top, once nested), so that time grows with the description, not with
    // the paths through it.
    const written = this.shallow && depth > 0 ? this.nested : this.written;
    const done = written.get(schema);
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
    if (!this.shallow && name === undefined && type.length > INLINE_LENGTH) name = `Schema${String(++this.names)}`;
    if (name !== undefined) this.aliases.push(`type ${name} = ${type};`);
    written.set(schema, name ?? type);
    return name ?? type;
  }
}

/**
 * The `allOf` parts `parts` as one object schema, where each is a plain object (properties, `required`,
 * `additionalProperties: false` at most; no union, enum, pattern or other type): each property the
 * `allOf` of its declarations (one declaration as it is), `readOnly` where one is; else `undefined`.
 */
function mergedObject(parts: readonly SchemaOrReference[], resolve: Resolve): Schema | undefined {
  const schemas = uniqueSchemas(parts, resolve).map((part) => schemaOf(resolve, part));
  const plain = (schema: Schema | undefined): schema is Schema =>
    schema !== undefined &&
    typesOf(schema).every((type) => type === "object") &&
    schema.nullable !== true &&
    [schema.allOf, schema.oneOf, schema.anyOf, schema.enum, schema.discriminator, schema.patternProperties].every(
      (keyword) => keyword === undefined,
    ) &&
    !("const" in schema) &&
    (schema.additionalProperties === undefined || schema.additionalProperties === false);
  if (schemas.length < 2 || !schemas.every(plain) || !schemas.some((schema) => Object.keys(schema.properties ?? {}).length > 0))
    return undefined;
  const declarations = new Map<string, SchemaOrReference[]>();
  for (const schema of schemas)
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      declarations.set(name, [...(declarations.get(name) ?? []), property]);
  const properties = Object.fromEntries(
    [...declarations].map(([name, declared]) => [
      name,
      declared.length === 1
        ? declared[0]!
        : { allOf: declared, ...(declared.some((one) => schemaOf(resolve, one)?.readOnly === true) ? { readOnly: true } : {}) },
    ]),
  );
  const required = [...new Set(schemas.flatMap((schema) => schema.required ?? []))];
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(schemas.some((schema) => schema.additionalProperties === false) ? { additionalProperties: false } : {}),
  };
}

/**
 * Whether a property is required: listed in `required`, and in a request not `readOnly`, which
 * "SHOULD NOT be sent" and is required in responses only (OpenAPI 3.0 section 4.7.25.1, JSON Schema
 * validation 9.4). It stays in the type, optional: Okta's application `name` is `readOnly`, and its
 * own examples of creating one send it.
 */
const requiredIn =
  (required: readonly string[] | undefined, resolve: Resolve, side: Side) =>
  (name: string, property: SchemaOrReference | undefined): boolean =>
    required?.includes(name) === true && (side === "response" || schemaOf(resolve, property)?.readOnly !== true);

/**
 * An object schema's type: its properties, and an index signature where other keys are allowed
 * (`additionalProperties` true or a schema, `patternProperties`, or no properties at all). Beside
 * properties the index signature is `unknown`, since TypeScript requires every property to fit it.
 * Without them, it is the union of what any other key may hold, as TypeScript cannot tell a key that
 * matches a pattern from one that does not: the patterns' schemas, and `additionalProperties`' for
 * the keys no pattern matches (JSON Schema core 10.3.2.3): none where it is `false`, its schema's
 * type, `unknown` where it is `true` (any value). Left out, it allows any value too (10.3.2.3): a
 * response's data may then hold one (`unknown`); a request sends what the patterns describe.
 */
function objectType(schema: Schema, inner: (child: SchemaOrReference | undefined) => string, resolve: Resolve, side: Side): string {
  const required = requiredIn(schema.required, resolve, side);
  const properties = Object.entries(schema.properties ?? {});
  const members = properties.map(([name, property]) => `${key(name)}${required(name, property) ? "" : "?"}: ${inner(property)}`);
  const extra = schema.additionalProperties;
  // `patternProperties` (JSON Schema core 10.3.2.2) allow other keys too, with the patterns' schemas.
  const patterns = Object.values(schema.patternProperties ?? {});
  const open = patterns.length > 0 || (extra === undefined ? properties.length === 0 : extra !== false);
  if (open) {
    // Written only where the index signature holds them (a response's `$ref` written is declared).
    const others =
      members.length > 0
        ? []
        : [
            ...(typeof extra === "object"
              ? [inner(extra)]
              : extra === true || (extra === undefined && side === "response")
                ? ["unknown"]
                : []),
            ...patterns.map(inner),
          ];
    members.push(`[key: string]: ${others.length > 0 ? union(others) : "unknown"}`);
  }
  return members.length === 0 ? NOTHING_TO_SEND : `{ ${members.join("; ")} }`;
}

/**
 * A `oneOf`/`anyOf` schema's own shape beside its union: the schema without `oneOf`, `anyOf`,
 * `discriminator` and `nullable` (the whole schema's), where it declares properties or has `allOf`
 * parts; else `undefined` (a bare `type: object` beside a union adds nothing but an open index
 * signature, which would let any key through).
 */
function ownShapeOf(schema: Schema): Schema | undefined {
  if (Object.keys(schema.properties ?? {}).length === 0 && schema.allOf === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(schema).filter(([name]) => name !== "oneOf" && name !== "anyOf" && name !== "discriminator" && name !== "nullable"),
  );
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
