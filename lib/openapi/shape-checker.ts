/**
 * One pass of the checks of `checkShapes` (shapes.ts): a field's shape (an object, a list, a string,
 * true or false), a `$ref` followed inside the document, and the objects met at any depth, Schema,
 * Parameter (OpenAPI 3.2's `in: querystring` with its one media type), Encoding and Server Objects.
 * A wrong shape is one line naming the file and the JSON pointer; inside a {@link Part}, a
 * {@link PartError}, which `generate` without `--strict` leaves out.
 */
import { TOKEN } from "../core/chars.js";
import { MAX_SHOWN, shorten } from "../core/errors.js";
import { DescriptionError, MAX_NESTING, type Document } from "./document.js";
import { follow, pointerToken as token } from "./json-pointer.js";
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE } from "./request-bodies.js";

/** A JSON value of a description, as `checkShapes` (shapes.ts) finds it. */
export type Json = unknown;
/** A JSON object, as a description holds them before `checkShapes` has read it. */
export type Description = Record<string, unknown>;
/** Whether a JSON value is an object: not `null`, not a list. */
export const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = JSON.stringify;

/**
 * A part of a description that can be left out while the rest is mapped (docs/any-api.md, "A map of
 * the rest"): an operation, a parameter, a media type of a request body, or a path item.
 */
export interface Part {
  readonly kind: "a path item" | "an operation" | "a parameter" | "a media type" | "a security scheme";
  /** Its JSON pointer, where it stands (a `$ref` to it included). */
  readonly pointer: string;
  /** Takes it out of the description: the list entry, or the key, that holds it. */
  readonly remove: () => void;
}

/** A wrong shape inside a {@link Part}, which `generate` (without `--strict`) leaves out. */
export class PartError extends DescriptionError {
  constructor(
    message: string,
    readonly part: Part,
  ) {
    super(message);
  }
}

/**
 * The checks of one pass over `spec`, read from `file`, sharing the objects seen and the innermost
 * {@link Part} being checked (`current`, which `within` sets).
 */
export function shapeChecker(spec: Description, file: string) {
  const seen = new Set<object>();
  /** The innermost part being checked. */
  let current: Part | undefined;
  /** Checks a part: a wrong shape inside it names it. */
  const within = <T>(part: Part, check: () => T): T => {
    const outer = current;
    current = part;
    try {
      return check();
    } finally {
      current = outer;
    }
  };
  /** Removes `entry` from the list `from`. */
  const without = (from: unknown[], entry: unknown) => (): void => {
    from.splice(from.indexOf(entry), 1);
  };
  /** Removes the key `name` of `from`. */
  const withoutKey = (from: Record<string, Json>, name: string) => (): void => {
    Reflect.deleteProperty(from, name);
  };
  /** A check of requirements.ts (security schemes and requirements), its refusal named as this pass names one. */
  const checked = (check: (document: Document) => unknown): void => {
    try {
      check(spec as unknown as Document);
    } catch (error) {
      if (error instanceof DescriptionError && current !== undefined) throw new PartError(error.message, current);
      throw error;
    }
  };
  const problem = (pointer: string, rule: string, value: Json): never => {
    const shown =
      value === undefined
        ? "nothing"
        : value === null
          ? "null"
          : Array.isArray(value)
            ? "an array"
            : typeof value === "object"
              ? "an object"
              : text(value);
    const message = `${file}#${pointer}: ${rule}; received ${shorten(shown, MAX_SHOWN)}`;
    throw current === undefined ? new DescriptionError(message) : new PartError(message, current);
  };
  /** Follows `$ref`s inside the document ({@link follow}); returns the value and the pointer it stands at. */
  const deref = (given: Json, at: string): [Json, string] => {
    const [value, pointer, stuck] = follow(spec, given, at);
    if (stuck !== undefined)
      problem(
        `${pointer}/$ref`,
        stuck === "missing" ? "must point to a part of the description" : "must point inside the description",
        (value as { $ref: string }).$ref,
      );
    return [value, pointer];
  };
  const object = (value: Json, pointer: string): Record<string, Json> =>
    isObject(value) ? value : problem(pointer, "must be an object", value);
  const optional = <T>(value: Json, pointer: string, check: (value: Json, pointer: string) => T): T | undefined =>
    value === undefined ? undefined : check(value, pointer);
  const list = (value: Json, pointer: string): Json[] => (Array.isArray(value) ? value : problem(pointer, "must be an array", value));
  const string = (value: Json, pointer: string): string =>
    typeof value === "string" ? value : problem(pointer, "must be a string", value);
  const boolean = (value: Json, pointer: string): boolean =>
    typeof value === "boolean" ? value : problem(pointer, "must be true or false", value);
  /** Optional fields of `node`, each a string or each a boolean. */
  const fields = (
    node: Record<string, Json>,
    pointer: string,
    check: (value: Json, pointer: string) => unknown,
    names: readonly string[],
  ): void => {
    for (const name of names) optional(node[name], `${pointer}/${name}`, check);
  };

  const schema = (given: Json, at: string, depth: number): void => {
    if (depth > MAX_NESTING) problem(at, `nests over ${MAX_NESTING} levels`, given);
    const [value, pointer] = deref(given, at);
    if (typeof value === "boolean") return; // JSON Schema's true and false (OpenAPI 3.1)
    const node = object(value, pointer);
    if (seen.has(node)) return;
    seen.add(node);
    const type = node.type;
    if (type !== undefined && typeof type !== "string")
      list(type, `${pointer}/type`).forEach((item, i) => string(item, `${pointer}/type/${i}`));
    optional(node.enum, `${pointer}/enum`, list);
    fields(node, pointer, string, ["format", "contentMediaType", "description"]);
    fields(node, pointer, boolean, ["nullable", "readOnly", "deprecated"]);
    const discriminator = optional(node.discriminator, `${pointer}/discriminator`, object);
    if (discriminator !== undefined) {
      string(discriminator.propertyName, `${pointer}/discriminator/propertyName`);
      const mapping = optional(discriminator.mapping, `${pointer}/discriminator/mapping`, object) ?? {};
      for (const [value, target] of Object.entries(mapping)) string(target, `${pointer}/discriminator/mapping/${token(value)}`);
    }
    const patterns = optional(node.patternProperties, `${pointer}/patternProperties`, object) ?? {};
    for (const [pattern, property] of Object.entries(patterns))
      schema(property, `${pointer}/patternProperties/${token(pattern)}`, depth + 1);
    for (const keyword of ["oneOf", "anyOf", "allOf"])
      optional(node[keyword], `${pointer}/${keyword}`, list)?.forEach((part, i) => {
        schema(part, `${pointer}/${keyword}/${i}`, depth + 1);
      });
    const properties = optional(node.properties, `${pointer}/properties`, object) ?? {};
    for (const [name, property] of Object.entries(properties)) schema(property, `${pointer}/properties/${token(name)}`, depth + 1);
    optional(node.required, `${pointer}/required`, list)?.forEach((name, i) => string(name, `${pointer}/required/${i}`));
    if (node.items !== undefined && !Array.isArray(node.items)) schema(node.items, `${pointer}/items`, depth + 1);
    const extra = node.additionalProperties;
    if (extra !== undefined && typeof extra !== "boolean") schema(extra, `${pointer}/additionalProperties`, depth + 1);
  };
  /** A parameter; returns where it goes (`in`) and its pointer. */
  const parameter = (given: Json, at: string): [where: string, name: string, pointer: string] => {
    const [value, pointer] = deref(given, at);
    const node = object(value, pointer);
    const name = string(node.name, `${pointer}/name`);
    if (node.in === "querystring") {
      querystring(node, pointer);
      return ["querystring", name, pointer];
    }
    // A header parameter is sent in the field it names, which must be a token (RFC 9110 section 5.1):
    // the run time refuses any other name, so a map that typed it would compile and always throw.
    if (string(node.in, `${pointer}/in`) === "header" && !TOKEN.test(name))
      problem(`${pointer}/name`, "must be a header field name, an RFC 9110 token (section 5.1)", name);
    fields(node, pointer, string, ["style", "description"]);
    fields(node, pointer, boolean, ["explode", "allowReserved", "required", "deprecated"]);
    if (node.schema !== undefined) schema(node.schema, `${pointer}/schema`, 0);
    return [node.in as string, name, pointer];
  };
  /**
   * OpenAPI 3.2's querystring parameter (Parameter Object, `in: querystring`): `content` with one
   * media type, no `schema`, `style`, `explode` or `allowReserved`; a media type withQueries writes
   * (queries.ts): a form of an object, JSON, or another whose schema is a string.
   */
  const querystring = (node: Record<string, Json>, pointer: string): void => {
    for (const field of ["schema", "style", "explode", "allowReserved"])
      if (node[field] !== undefined)
        problem(
          `${pointer}/${field}`,
          "must not be used with in: querystring (OpenAPI 3.2, Parameter Object: its content says it all)",
          node[field],
        );
    fields(node, pointer, string, ["description"]);
    fields(node, pointer, boolean, ["required", "deprecated"]);
    const content = object(node.content, `${pointer}/content`);
    const types = Object.keys(content);
    if (types.length !== 1)
      problem(`${pointer}/content`, "must hold one media type, the whole query's (OpenAPI 3.2, Parameter Object)", types.join(", "));
    const mediaAt = `${pointer}/content/${token(types[0]!)}`;
    const media = object(content[types[0]!], mediaAt);
    if (media.itemSchema !== undefined)
      problem(`${mediaAt}/itemSchema`, "is for a body's sequence of items, not a query", media.itemSchema);
    if (media.schema !== undefined) schema(media.schema, `${mediaAt}/schema`, 0);
    const [found] = media.schema === undefined ? [{}] : deref(media.schema, `${mediaAt}/schema`);
    const kinds = isObject(found) ? [found.type ?? []].flat() : [];
    const form = FORM_MEDIA_TYPE.test(types[0]!);
    if (
      form
        ? kinds.length > 0 && !kinds.includes("object")
        : !JSON_MEDIA_TYPE.test(types[0]!) && (kinds.length !== 1 || kinds[0] !== "string")
    )
      problem(
        mediaAt,
        form
          ? "is a form, whose schema must be an object: withQueries writes its properties as the query"
          : "must be a JSON media type, or have a schema of type string: withQueries writes the whole query from no other",
        types[0],
      );
    if (form) encoding(media, mediaAt);
  };
  /** A form's `encoding`: each field's `style`, `explode` and `contentType`. */
  const encoding = (media: Record<string, Json>, mediaAt: string): void => {
    for (const [name, field] of Object.entries(optional(media.encoding, `${mediaAt}/encoding`, object) ?? {})) {
      const at = `${mediaAt}/encoding/${token(name)}`;
      fields(object(field, at), at, string, ["style", "contentType"]);
      fields(object(field, at), at, boolean, ["explode"]);
    }
  };
  /**
   * OpenAPI 3.2's rule for an operation's parameters, its path item's with its own (Parameter
   * Object, "Parameter Locations"): at most one `in: querystring`, and none beside `in: query`.
   */
  const oneQuery = (parameters: readonly [where: string, name: string, pointer: string][]): void => {
    // An operation's parameter replaces its path item's of the same name and place.
    const byKey = new Map(parameters.map((entry) => [`${entry[0]} ${entry[1]}`, entry]));
    const querystrings = [...byKey.values()].filter(([where]) => where === "querystring");
    const query = [...byKey.values()].find(([where]) => where === "query");
    if (querystrings.length > 1)
      problem(
        `${querystrings[1]![2]}/in`,
        `is a second querystring parameter beside #${querystrings[0]![2]}: OpenAPI 3.2 allows one`,
        "querystring",
      );
    if (querystrings.length === 1 && query !== undefined)
      problem(
        `${query[2]}/in`,
        `is a query parameter beside the querystring parameter #${querystrings[0]![2]}, which OpenAPI 3.2 forbids`,
        "query",
      );
  };
  const servers = (value: Json, pointer: string): void => {
    list(value, pointer).forEach((given, i) => {
      const server = object(given, `${pointer}/${i}`);
      string(server.url, `${pointer}/${i}/url`);
      const variables = optional(server.variables, `${pointer}/${i}/variables`, object) ?? {};
      for (const [name, variable] of Object.entries(variables)) {
        const at = `${pointer}/${i}/variables/${token(name)}`;
        const node = object(variable, at);
        optional(node.default, `${at}/default`, string);
        optional(node.enum, `${at}/enum`, list)?.forEach((item, j) => string(item, `${at}/enum/${j}`));
      }
    });
  };
  return {
    /** Sets the innermost part being checked, where a check is no callback of `within` (an additional operation's key). */
    set current(part: Part | undefined) {
      current = part;
    },
    within,
    without,
    withoutKey,
    checked,
    problem,
    deref,
    object,
    optional,
    list,
    string,
    boolean,
    fields,
    schema,
    parameter,
    encoding,
    oneQuery,
    servers,
  };
}
