/**
 * The parts of an OpenAPI 3.0, 3.1 or 3.2 description the generator reads, typed from `openapi-types`
 * (both versions' objects), as {@link checkShapes} (shapes.ts) has checked them: a field it checks has
 * its type here, so that a description of another shape is refused on one line before the
 * generator reads it, never a stack trace.
 */
import type { OpenAPIV3, OpenAPIV3_1 } from "openapi-types";

/**
 * How deep the parts of a description that the generator reads may nest, `$ref`s followed
 * ({@link checkShapes} refuses deeper); schemas written in place deeper than this are a cycle of
 * YAML aliases, which lib/openapi/schema.ts writes as `unknown`.
 */
export const MAX_NESTING = 200;

/** A description of either version; its `info` optional, as {@link checkShapes} reads it (a description without one is mapped). */
export type Document = WithOptionalInfo<OpenAPIV3.Document> | WithOptionalInfo<OpenAPIV3_1.Document>;
type WithOptionalInfo<T> = T extends unknown ? Omit<T, "info"> & { readonly info?: Partial<OpenAPIV3.InfoObject> } : never;
/**
 * A path item, with OpenAPI 3.2's `query` operation and `additionalOperations` (method, as sent,
 * to operation), which `openapi-types` does not know (OpenAPI 3.2, Path Item Object).
 */
export type PathItem = (OpenAPIV3.PathItemObject | OpenAPIV3_1.PathItemObject) & {
  readonly query?: Operation | Reference;
  readonly additionalOperations?: Readonly<Record<string, Operation | Reference>>;
};
export type Operation = OpenAPIV3.OperationObject | OpenAPIV3_1.OperationObject;
export type Parameter = OpenAPIV3.ParameterObject;
export type RequestBody = OpenAPIV3.RequestBodyObject | OpenAPIV3_1.RequestBodyObject;
/** A media type object, with OpenAPI 3.2's `itemSchema`: the schema of each item of a sequential media type (OpenAPI 3.2, Media Type Object). */
export type MediaType = (OpenAPIV3.MediaTypeObject | OpenAPIV3_1.MediaTypeObject) & { readonly itemSchema?: SchemaOrReference };
export type Encoding = OpenAPIV3.EncodingObject;
export type Reference = OpenAPIV3.ReferenceObject;

/**
 * A Schema Object of either version as the generator reads it: the fields of OpenAPI 3.0's and
 * 3.1's (JSON Schema 2020-12's `const`, `patternProperties`, `contentMediaType`, type lists; 3.0's
 * `nullable`). Both versions' `SchemaObject` of `openapi-types` are assignable to it (below).
 */
export interface Schema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly nullable?: boolean;
  readonly format?: string;
  readonly contentMediaType?: string;
  readonly items?: SchemaOrReference | readonly SchemaOrReference[];
  readonly properties?: Readonly<Record<string, SchemaOrReference>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: SchemaOrReference;
  readonly patternProperties?: Readonly<Record<string, SchemaOrReference>>;
  readonly allOf?: readonly SchemaOrReference[];
  readonly oneOf?: readonly SchemaOrReference[];
  readonly anyOf?: readonly SchemaOrReference[];
  readonly discriminator?: { readonly propertyName: string; readonly mapping?: Readonly<Record<string, string>> };
  readonly readOnly?: boolean;
  readonly description?: string;
  readonly deprecated?: boolean;
}

/** A schema where a description may write one: a Schema Object, a `$ref`, or (JSON Schema 2020-12) `true`/`false`. */
export type SchemaOrReference = Schema | Reference | boolean;

/** Follows `$ref`s inside the description to what they name; `undefined` for what is missing. */
export type Resolve = <T extends object>(value: T | Reference | undefined) => T | undefined;

// Both versions' Schema Objects are read as a Schema: a field of theirs the generator reads has the type it reads.
type Assignable<T extends Schema> = T;
export type CheckedV3 = Assignable<OpenAPIV3.SchemaObject>;
export type CheckedV31 = Assignable<OpenAPIV3_1.SchemaObject>;

/** A description that cannot be read (read.ts) or mapped (write.ts): one line, `<file>#<pointer>: <problem>`. */
export class DescriptionError extends Error {}

/** The file each description that shapes.ts's `checkShapes` checked was read from, for the generator's messages. */
export const readFrom = new WeakMap<object, string>();
