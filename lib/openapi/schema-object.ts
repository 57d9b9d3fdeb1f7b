/**
 * What a Schema Object says, as the generator reads it (OpenAPI 3.1 section 4.8.24): the schema a
 * `$ref` names, its types, and its discriminator's values and mapping (section 4.8.25). It writes
 * nothing.
 */
import type { Resolve, Schema, SchemaOrReference } from "./document.js";
import { isReference } from "./json-pointer.js";

/** A schema as an object, or `undefined` for JSON Schema's `true`/`false` and what is missing. */
export const schemaOf = (resolve: Resolve, given: SchemaOrReference | undefined): Schema | undefined =>
  typeof given === "object" ? resolve<Schema>(given) : undefined;

/** The schemas of a list, each once (compared as resolved: two `$ref`s to one schema are one). */
export function uniqueSchemas<S extends SchemaOrReference>(schemas: readonly S[], resolve: Resolve): S[] {
  const seen = new Set<unknown>();
  return schemas.filter((schema) => {
    const resolved = schemaOf(resolve, schema) ?? schema;
    if (seen.has(resolved)) return false;
    seen.add(resolved);
    return true;
  });
}

/** A schema's types: its `type`, one or a list (3.1), else what its keywords imply. */
export const typesOf = (schema: Schema): readonly string[] =>
  [schema.type ?? (schema.properties ? "object" : schema.items ? "array" : [])].flat();

/** Whether `items` is a list (draft 4's tuple form), which the generator writes as `unknown`. */
export const isList = (items: SchemaOrReference | readonly SchemaOrReference[]): items is readonly SchemaOrReference[] =>
  Array.isArray(items);

/**
 * The discriminator values that select `variant` of a `oneOf`/`anyOf` (OpenAPI 3.1 section
 * 4.8.25.1): for a `$ref`, the keys of `mapping` whose value is the reference or the name of the
 * schema it points at; else none where the variant declares the value itself (an `enum` or `const`
 * of the property), else that name. None for a variant written inline.
 */
export function selectingValues(
  resolve: Resolve,
  discriminator: NonNullable<Schema["discriminator"]>,
  variant: SchemaOrReference,
): string[] | undefined {
  if (!isReference(variant)) return undefined;
  const ref = variant.$ref;
  const name = ref.slice(ref.lastIndexOf("/") + 1);
  const named = Object.entries(discriminator.mapping ?? {})
    .filter(([, target]) => target === ref || target === name)
    .map(([value]) => value);
  return named.length > 0 ? named : declaresValue(resolve, variant, discriminator.propertyName) ? undefined : [name];
}

/** Whether a variant declares the discriminator's property with an `enum` or a `const` of its own, in its properties or its `allOf` parts'. */
function declaresValue(resolve: Resolve, variant: SchemaOrReference, name: string, seen = new Set<Schema>()): boolean {
  const schema = schemaOf(resolve, variant);
  // Each schema once: a graph of allOf parts is read in time linear in its size.
  if (schema === undefined || seen.has(schema)) return false;
  seen.add(schema);
  const property = schemaOf(resolve, schema.properties?.[name]);
  if (property !== undefined && (property.enum !== undefined || "const" in property)) return true;
  return (schema.allOf ?? []).some((part) => declaresValue(resolve, part, name, seen));
}

/** Each schema's own shape without its discriminator: the same object each time, so that it is written once. */
const plainSchemas = new WeakMap<Schema, Schema>();

/**
 * The schema without its discriminator: a base schema's own shape, as an `allOf` part of each
 * schema its mapping names, or for the discriminator's other values.
 */
export function plainOf(schema: Schema): Schema {
  let plain = plainSchemas.get(schema);
  if (plain === undefined) {
    plain = Object.fromEntries(Object.entries(schema).filter(([name]) => name !== "discriminator"));
    plainSchemas.set(schema, plain);
  }
  return plain;
}

/**
 * The `allOf` form of a discriminator (OpenAPI 3.1 section 4.8.25.2): a schema with a
 * `discriminator.mapping` and no `oneOf`/`anyOf` of its own stands for the schemas its mapping
 * names, each with the values that select it; `undefined` for any other schema. A mapping value is
 * a `$ref` or a schema's name under `#/components/schemas` (section 4.8.25.1); one that names the
 * base itself, or nothing, is left to the base.
 */
export function mappingTargets(schema: Schema, resolve: Resolve): [target: SchemaOrReference, values: string[]][] | undefined {
  const mapping = schema.discriminator?.mapping;
  if (mapping === undefined || schema.oneOf !== undefined || schema.anyOf !== undefined) return undefined;
  const byTarget = new Map<Schema, [SchemaOrReference, string[]]>();
  for (const [value, target] of Object.entries(mapping)) {
    const ref = { $ref: target.startsWith("#") ? target : `#/components/schemas/${target}` };
    const resolved = schemaOf(resolve, ref);
    if (resolved === undefined || resolved === schema) continue;
    const entry = byTarget.get(resolved);
    if (entry === undefined) byTarget.set(resolved, [ref, [value]]);
    else entry[1].push(value);
  }
  return byTarget.size === 0 ? undefined : [...byTarget.values()];
}
