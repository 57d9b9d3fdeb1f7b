/**
 * The fields a body schema lets a call give as keys beside its parameters (docs/any-api.md, "What is
 * checked where"): the properties of every object shape the schema allows, merged. Each schema
 * object is read once (a memo per object), so that time and memory grow with the description, not
 * with the paths through it: `L8 = allOf [L7 ×8]` is 8 lists, not 8⁸ (docs/any-api.md, "A description is untrusted input").
 */
import type { Resolve, Schema, SchemaOrReference } from "./document.js";
import { mappingTargets, plainOf, schemaOf, selectingValues, uniqueSchemas } from "./schema-object.js";

/**
 * How many different declarations one field may have across the shapes of a body (each one a list
 * of schemas that all apply). A graph of unions whose parts redeclare one property differently at
 * each level doubles it at each level; past this many, the body is refused ({@link TooManyShapes}).
 */
export const MAX_DECLARATIONS = 256;

/** A body whose shapes would declare a field more than {@link MAX_DECLARATIONS} ways: `schema` is the union where they do. */
export class TooManyShapes extends Error {
  constructor(readonly schema: object) {
    super(`its oneOf/anyOf/allOf graph declares one property more than ${String(MAX_DECLARATIONS)} ways`);
  }
}

/** Every schema of the list applies (an `allOf`'s parts that declare one property): their intersection. */
type Declaration = readonly SchemaOrReference[];

/**
 * The fields of a body, every shape it allows merged: each property with its declarations (a
 * property takes the union of them, each the intersection of its schemas), the properties every
 * shape declares, and those every shape lists in `required`.
 */
export interface Fields {
  readonly properties: ReadonlyMap<string, readonly Declaration[]>;
  readonly everywhere: ReadonlySet<string>;
  readonly required: ReadonlySet<string>;
}

/** A schema with its `allOf` parts merged, as far as properties go. */
interface Flat {
  readonly type: Schema["type"];
  /** Each property with the schemas that declare it, one a part; `undefined` when no part has properties. */
  readonly properties: ReadonlyMap<string, Declaration> | undefined;
  readonly required: readonly string[];
  /** The schema's own `oneOf`/`anyOf` (or its one `allOf` part's), or the targets of its `discriminator.mapping` (the `allOf` form). */
  readonly variants: readonly SchemaOrReference[] | undefined;
  /** The `oneOf`/`anyOf` among {@link Flat.variants}: the schema's own, or that of its one `allOf` part that has one. */
  readonly union: readonly SchemaOrReference[] | undefined;
}

/** The memos of one description (one `resolve`). */
interface Memo {
  readonly flat: WeakMap<object, Flat>;
  readonly fields: WeakMap<object, Fields | null>;
  /** Schemas whose `allOf` parts are being merged. */
  readonly merging: Set<object>;
  /** Schemas whose shapes are being read. */
  readonly open: Set<object>;
  readonly ids: WeakMap<object, number>;
  readonly counter: { next: number };
}
const memos = new WeakMap<Resolve, Memo>();
const memoOf = (resolve: Resolve): Memo => {
  let memo = memos.get(resolve);
  if (memo === undefined) {
    memo = { flat: new WeakMap(), fields: new WeakMap(), merging: new Set(), open: new Set(), ids: new WeakMap(), counter: { next: 0 } };
    memos.set(resolve, memo);
  }
  return memo;
};

/** JSON Schema's `true`, `false`, and what is missing: no properties, any value. */
const ANY: Schema = Object.freeze({});

/**
 * A schema with its `allOf` parts merged in: every part applies, so their properties and `required`
 * lists add up, and a property two parts declare has both schemas (JSON Schema core 10.2.1.1). A
 * part that is being merged already (a cycle) adds its own properties only.
 */
function flatten(given: SchemaOrReference | undefined, resolve: Resolve, memo: Memo): Flat {
  const schema = schemaOf(resolve, given) ?? ANY;
  const done = memo.flat.get(schema);
  if (done !== undefined) return done;
  const own =
    schema.properties === undefined ? undefined : new Map(Object.entries(schema.properties).map(([name, property]) => [name, [property]]));
  const discriminated = mappingTargets(schema, resolve);
  const variants =
    schema.oneOf ??
    schema.anyOf ??
    (discriminated === undefined ? undefined : [...discriminated.map(([target]) => target), plainOf(schema)]);
  const union = schema.oneOf ?? schema.anyOf;
  let flat: Flat = { type: schema.type, properties: own, required: schema.required ?? [], variants, union };
  if (schema.allOf !== undefined && !memo.merging.has(schema)) {
    memo.merging.add(schema);
    const parts = schema.allOf.map((part) => flatten(part, resolve, memo));
    memo.merging.delete(schema);
    // A union inside one part applies as the schema's own (`allOf: [{ $ref: U }]`, U a oneOf: the
    // body is one of U's shapes, with the other parts' properties). A discriminator's mapping in a
    // part is the `allOf` form of a base and is not taken: the schema is one of the mapped shapes.
    const unions = parts.filter((part) => part.union !== undefined);
    const adopted = variants === undefined && unions.length === 1 ? unions[0]!.union : undefined;
    if (adopted !== undefined) flat = { ...flat, variants: adopted, union: adopted };
    if (own !== undefined || parts.some((part) => part.properties !== undefined)) {
      const properties = new Map<string, Declaration>(own);
      for (const part of parts)
        for (const [name, schemas] of part.properties ?? [])
          properties.set(name, uniqueSchemas([...(properties.get(name) ?? []), ...schemas], resolve));
      flat = { ...flat, type: "object", properties, required: [...flat.required, ...parts.flatMap((part) => part.required)] };
    }
  }
  memo.flat.set(schema, flat);
  return flat;
}

/**
 * The fields of a body schema (see {@link Fields}): the schema itself, or each variant of its
 * `oneOf`/`anyOf` (and of a variant's own, Okta's signing keys: RSA or EC) or of its discriminator's
 * mapping, with the schema's own properties added (both apply, as `allOf` parts do: GitHub's
 * check-run update lists its fields beside an `anyOf` of what `status` requires); `undefined` when
 * a shape is no object with properties (an array, a string, an object of any keys, a mix): such a
 * body goes under `data`, since a call's other keys are exactly the map's.
 *
 * @throws {@link TooManyShapes} naming the schema where a property would have more than {@link MAX_DECLARATIONS} declarations
 */
export function fieldsOf(given: SchemaOrReference | undefined, resolve: Resolve): Fields | undefined {
  return fieldsOfSchema(given, resolve, memoOf(resolve));
}

function fieldsOfSchema(given: SchemaOrReference | undefined, resolve: Resolve, memo: Memo): Fields | undefined {
  const schema = schemaOf(resolve, given) ?? ANY;
  const done = memo.fields.get(schema);
  if (done !== undefined) return done ?? undefined;
  // A union that contains itself: no finite list of object shapes.
  if (memo.open.has(schema)) return undefined;
  memo.open.add(schema);
  const base = flatten(schema, resolve, memo);
  let fields: Fields | undefined;
  if (base.variants === undefined) fields = leaf(base, undefined);
  else {
    const all: Fields[] = [];
    // The schema's own union with its discriminator: each variant's property takes the values that select it.
    const discriminator = (schema.oneOf ?? schema.anyOf) !== undefined ? schema.discriminator : undefined;
    for (const variant of base.variants) {
      const flat = flatten(variant, resolve, memo);
      const found = flat.variants === undefined ? leaf(flat, base) : fieldsOfSchema(variant, resolve, memo);
      if (found === undefined) {
        all.length = 0;
        break;
      }
      const values = discriminator === undefined ? undefined : selectingValues(resolve, discriminator, variant);
      all.push(values === undefined ? found : selected(found, discriminator!.propertyName, values));
    }
    fields = all.length === 0 ? undefined : withBase(base, merge(all, memo, schema));
  }
  memo.open.delete(schema);
  memo.fields.set(schema, fields ?? null);
  return fields;
}

/**
 * A variant's fields with its discriminator property narrowed to the values that select it
 * (OpenAPI 3.1 section 4.8.25: a body `{ oneOf, discriminator: { mapping } }` sends one of the
 * mapping's keys), as the map writes such a union under a property.
 */
function selected(fields: Fields, name: string, values: readonly string[]): Fields {
  const value: Schema = { enum: [...values] };
  const properties = new Map(fields.properties);
  properties.set(
    name,
    (fields.properties.get(name) ?? [[]]).map((declaration) => [...declaration, value]),
  );
  return { ...fields, properties, everywhere: new Set([...fields.everywhere, name]) };
}

/** One shape's fields: an object with properties (its own, or `base`'s beside it); else `undefined`. */
function leaf(flat: Flat, base: Flat | undefined): Fields | undefined {
  const type = [flat.type ?? base?.type ?? "object"].flat();
  if ((flat.properties === undefined && base?.properties === undefined) || type.length !== 1 || type[0] !== "object") return undefined;
  const properties = new Map<string, Declaration[]>([...(flat.properties ?? [])].map(([name, schemas]) => [name, [schemas]]));
  return { properties, everywhere: new Set(properties.keys()), required: new Set(flat.required) };
}

/** The fields of several shapes, any of which a call may give. */
function merge(all: readonly Fields[], memo: Memo, schema: Schema): Fields {
  if (all.length === 1) return all[0]!;
  const properties = new Map<string, Map<string, Declaration>>();
  for (const fields of all)
    for (const [name, declarations] of fields.properties) {
      const known = properties.get(name) ?? new Map<string, Declaration>();
      for (const declaration of declarations) known.set(keyOf(declaration, memo), declaration);
      if (known.size > MAX_DECLARATIONS) throw new TooManyShapes(schema);
      properties.set(name, known);
    }
  const every = (sets: readonly ReadonlySet<string>[]): Set<string> =>
    new Set([...sets[0]!].filter((name) => sets.every((set) => set.has(name))));
  return {
    properties: new Map([...properties].map(([name, known]) => [name, [...known.values()]])),
    everywhere: every(all.map(({ everywhere }) => everywhere)),
    required: every(all.map(({ required }) => required)),
  };
}

/** `fields` with the properties of `base` added to each shape: both apply. */
function withBase(base: Flat, fields: Fields): Fields {
  if (base.properties === undefined) return { ...fields, required: new Set([...base.required, ...fields.required]) };
  // The base's properties first, in its order, then those only the shapes declare.
  const properties = new Map<string, Declaration[]>();
  for (const [name, schemas] of base.properties) {
    const declarations = fields.properties.get(name) ?? [];
    // Shapes that declare it too: both schemas apply; shapes that do not: the base's alone.
    properties.set(name, [
      ...declarations.map((declaration) => [...schemas, ...declaration]),
      ...(fields.everywhere.has(name) ? [] : [schemas]),
    ]);
  }
  for (const [name, declarations] of fields.properties) if (!properties.has(name)) properties.set(name, [...declarations]);
  return {
    properties,
    everywhere: new Set([...fields.everywhere, ...base.properties.keys()]),
    required: new Set([...base.required, ...fields.required]),
  };
}

/** A declaration's identity: its schemas' objects, numbered. */
function keyOf(declaration: Declaration, memo: Memo): string {
  return declaration
    .map((schema) => {
      if (typeof schema !== "object") return String(schema);
      let id = memo.ids.get(schema);
      if (id === undefined) memo.ids.set(schema, (id = memo.counter.next++));
      return String(id);
    })
    .join(",");
}
