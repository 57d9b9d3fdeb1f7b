/**
 * Reads an OpenAPI description for `rest-endpoint generate` (docs/any-api.md), as untrusted input:
 * SDK authors run `generate` on third-party descriptions in CI.
 *
 * - A `$ref` to another file is followed only to a `.json`, `.yaml` or `.yml` regular file inside
 *   the description's folder or below (symbolic links resolved first), of at most
 *   {@link MAX_FILE_BYTES}. Absolute paths, `..` out of the folder, `file:`, `http:`, `https:` and
 *   devices are refused with one line naming the `$ref` and the JSON pointer where it stands.
 * - YAML is parsed with the `yaml` package's alias limit, {@link MAX_YAML_ALIASES} (an alias bomb is refused).
 * - {@link checkShapes} checks each field the generator reads, once, so that a wrong shape is one
 *   line naming the JSON pointer, never a stack trace.
 */
import { realpathSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { $RefParser } from "@apidevtools/json-schema-ref-parser";
import { parse as parseYaml } from "yaml";
import { DescriptionError, MAX_NESTING, readFrom, type Document } from "./document.js";
import { follow, isReference, pointerOf, pointerToken as token } from "./json-pointer.js";
import { TOKEN } from "../core/chars.js";
import { MAX_SHOWN, shorten } from "../core/errors.js";
import { requirementOf, schemeOf } from "./requirements.js";
import { sequenceSeparator } from "./sequences.js";
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE } from "./request-bodies.js";
import { METHODS } from "./routes.js";
import { BODY_METHODS } from "../core/request.js";

/** The methods of a path item's fixed fields (OpenAPI 3.2, Path Item Object), which additionalOperations must not hold. */
const FIXED_METHODS: readonly string[] = [...METHODS, "trace"];

/**
 * Methods of additionalOperations no route can send, each with why (refused with the JSON pointer):
 * request options name a resource by URL, and clients refuse or hang on these.
 */
const UNSENDABLE_METHODS: Readonly<Record<string, string>> = {
  CONNECT:
    "is CONNECT, which asks for a tunnel to host:port (its request target is an authority, RFC 9110 section 9.3.6), not for a resource a route's URL names: request options cannot express it, and fetch refuses it (a forbidden method of the Fetch standard)",
  TRACK:
    "is TRACK, no method of RFC 9110 nor of IANA's HTTP Method Registry (a TRACE, RFC 9110 section 9.3.8, of one server's own): fetch refuses it (a forbidden method of the Fetch standard) and other clients do not end the request",
};

export { DescriptionError } from "./document.js";

/** The largest file read, the description or one its `$ref`s name. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** The `yaml` package's `maxAliasCount` (its own default), which counts what a file's aliases expand to. */
const MAX_YAML_ALIASES = 100;

/** A JSON object, as a description holds them before {@link checkShapes} has read it. */
type Description = Record<string, unknown>;

const text = JSON.stringify;

/**
 * Reads `file` and every file its `$ref`s name under the policy above, bundled into one document
 * whose `$ref`s all point inside it (json-schema-ref-parser). Returns it with the real paths of
 * every file read, which `generate` never writes over. With `leftOut`, a part whose shape is wrong
 * (an operation, a parameter, a media type, a path item) is left out and named there on one line
 * ({@link checkShapes}); without it, refused.
 *
 * @throws {@link DescriptionError}
 */
export async function readDescription(file: string, leftOut?: string[]): Promise<{ spec: Document; files: string[] }> {
  let root: string;
  try {
    root = dirname(realpathSync(file));
  } catch (error) {
    throw new DescriptionError(`${file}: ${(error as Error).message}`);
  }
  let refusal: string | undefined;
  let parser: $RefParser | undefined;
  const files: string[] = [];
  /** The files read, as json-schema-ref-parser names them (decoded, before symbolic links are resolved). */
  const named = new Set<string>();
  /**
   * The file and the JSON pointer where a `$ref` stands. json-schema-ref-parser gives the file with
   * the pointer, or (at the top scope of an OpenAPI 3.1 file) the file alone, in which the first
   * `$ref` to `reference` is then looked up; under an `$id` it gives that scope, no file read, and
   * the `$ref` is looked up in the description.
   */
  const placeOf = (at: string, reference: string): string => {
    const hash = at.indexOf("#");
    const referring = hash === -1 ? at : at.slice(0, hash);
    const names = (value: unknown): boolean => isReference(value) && value.$ref.split("#", 1)[0] === reference;
    const path = decodeURIComponent(referring);
    if (!named.has(path)) return `${file}${pointerOf(parser!.schema, names)}`;
    return `${path === resolve(file) ? file : path}${hash === -1 ? pointerOf(parser!.$refs.get(referring), names) : at.slice(hash)}`;
  };
  /** The real path of a file a `$ref` (or the command line) names, or a refusal. */
  const admit = (url: string, reference: string | undefined, at: string | undefined): string => {
    // Found only for a refusal: placeOf may walk a whole file.
    const where = (): string => (at === undefined || reference === undefined ? file : placeOf(at, reference));
    const refuse = (problem: string): never => {
      refusal = `${where()}: $ref ${text(reference)} ${problem}; a $ref may name a .json, .yaml or .yml file in the description's folder or below`;
      throw new Error(refusal);
    };
    let path: string;
    if (reference !== undefined) {
      if (/^[a-z][\w+.-]*:/i.test(reference)) refuse(`is a URL (${reference.split(":", 1)[0]}:), which generate does not follow`);
      if (/^[/\\]/.test(reference)) refuse("is an absolute path");
    }
    const given = url.startsWith("file:") ? fileURLToPath(url) : decodeURIComponent(url);
    try {
      path = realpathSync(given);
    } catch {
      return reference === undefined ? file : refuse("names no file");
    }
    if (reference !== undefined) {
      if (!path.startsWith(root + sep)) refuse("leaves the description's folder");
      if (!/^\.(?:json|ya?ml)$/i.test(extname(path))) refuse("names a file that is not .json, .yaml or .yml");
    }
    const stat = statSync(path);
    if (!stat.isFile()) return refuse("names something that is not a regular file");
    if (stat.size > MAX_FILE_BYTES) {
      refusal = `${where()}: ${text(path)} is over ${MAX_FILE_BYTES / 1024 / 1024} MiB`;
      throw new Error(refusal);
    }
    files.push(path);
    named.add(given);
    return path;
  };
  let spec: unknown;
  try {
    const options = {
      resolve: {
        file: false,
        http: false,
        // The one resolver: every file, the description's own included, passes `admit`.
        policy: {
          order: 1,
          canRead: true,
          read: ({ url, reference, baseUrl }: { url: string; reference?: string; baseUrl?: string }) =>
            readFileSync(admit(url, reference, baseUrl)),
        },
      },
      parse: {
        text: false,
        binary: false,
        yaml: {
          order: 200,
          allowEmpty: false,
          canParse: [".yaml", ".yml"],
          parse: ({ data }: { data: Buffer | string }) =>
            parseYaml(data.toString(), { maxAliasCount: MAX_YAML_ALIASES, schema: "core", uniqueKeys: false }) as unknown,
        },
      },
    };
    /** json-schema-ref-parser's `parse` or `bundle`, in its promise form, on a parser of its own. */
    const run = (method: "parse" | "bundle"): Promise<unknown> => {
      parser = new $RefParser();
      // The typings' overloads pick the callback form for options of our own shape.
      return (parser[method].bind(parser) as (path: string, options: object) => Promise<unknown>)(file, options);
    };
    // One file whose $refs all point inside it is the description as it is: json-schema-ref-parser's
    // bundle takes time quadratic in its $refs (Microsoft Graph's 47 MB: 127 s), for nothing to join.
    spec = await run("parse");
    if (hasExternalRef(spec)) spec = await run("bundle");
  } catch (error) {
    if (refusal !== undefined) throw new DescriptionError(refusal);
    const { message, source, path } = error as { message: string; source?: string; path?: string[] | null };
    throw new DescriptionError(`${source ?? file}${path ? `#/${path.join("/")}` : ""}: ${message.split("\n")[0]!}`);
  }
  if (typeof spec !== "object" || spec === null || Array.isArray(spec))
    throw new DescriptionError(`${file}#: is not an OpenAPI description`);
  const { swagger, openapi } = spec as Description;
  if (typeof swagger === "string")
    throw new DescriptionError(`${file}#/swagger: is Swagger ${swagger}; convert it to OpenAPI 3 first (e.g. with swagger2openapi)`);
  if (typeof openapi !== "string" || !/^3\.[012]\./.test(openapi))
    throw new DescriptionError(`${file}#/openapi: must be "3.0.x", "3.1.x" or "3.2.x"; received ${text(openapi)}`);
  return { spec: checkShapes(spec as Description, file, leftOut), files: [...new Set(files)] };
}

/**
 * Whether a document holds a `$ref` to another file: one that does not begin with `#`. Literal data
 * is no reference, whatever it holds (OpenAPI 3.1 section 4.8.24.1: an `example` "SHALL" be the
 * literal value): a schema's or a media type's `example`, `default`, `const`, `enum` and a list of
 * `examples`, and an Example Object's `value`, are not read; a key of those names that names a
 * property or a schema (under `properties`, `schemas`, …) is.
 */
function hasExternalRef(document: unknown): boolean {
  const stack: [value: unknown, key: string, parentKey: string][] = [[document, "", ""]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [value, key, parentKey] = stack.pop()!;
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    if (!NAME_MAPS.has(parentKey) && (LITERAL_KEYS.has(key) || (key === "examples" && Array.isArray(value)))) continue;
    if (key === "value" && parentKey === EXAMPLE_OBJECT) continue;
    seen.add(value);
    if (isReference(value) && !value.$ref.startsWith("#")) return true;
    // `examples` beside a schema's keywords is a list (above); elsewhere a map of Example Objects.
    const examples = key === "examples" && !NAME_MAPS.has(parentKey);
    for (const [name, item] of Object.entries(value)) stack.push([item, examples ? EXAMPLE_OBJECT : name, key]);
  }
  return false;
}

/** What an Example Object is called while {@link hasExternalRef} walks: no key of a description. */
const EXAMPLE_OBJECT = "\u0000example";
/** Keys whose value is literal data where a Schema, Media Type, Parameter or Server Variable Object holds them. */
const LITERAL_KEYS = new Set(["example", "default", "const", "enum"]);
/** Keys whose value maps names to schemas or other objects: a key under them is a name, not a keyword. */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "schemas"]);

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Checks the shape of every field the generator (schema.ts, routes.ts, write.ts) reads, `$ref`s
 * inside the document followed, so that it reads the description as document.ts types it:
 * `paths`, path items, operations (`externalDocs.url`, `servers`), `parameters` (`name`, `in`,
 * `style`, `explode`, `allowReserved`, `required`, `description`, `deprecated`, `schema`),
 * `requestBody` (`required`, `description`) and its `content` (`schema`, `encoding`), `servers` and
 * their `variables`, `info`, and in schemas `type`, `enum`, `oneOf`/`anyOf`/`allOf`, `properties`,
 * `patternProperties`, `items`, `required`, `additionalProperties`, `discriminator`, `nullable`,
 * `readOnly`, `deprecated`, `format`, `contentMediaType`, `description`; and OpenAPI 3.2's `query`
 * operation, `additionalOperations`, `in: querystring` parameters (their `content`) and a body's
 * `itemSchema`, with the rules 3.2 gives them and those of what withQueries sends (docs/any-api.md,
 * "OpenAPI 3.2"); security schemes and requirements as requirements.ts reads them. Fields it does not read are not checked: a description valid enough to map is mapped.
 *
 * With `leftOut` (`generate` without `--strict`), a wrong field inside an operation, a parameter, a
 * request body's media type or a path item leaves that part out of the description, innermost
 * first, and the rest is checked again; each part left out is one line of `leftOut`
 * (`left out FILE#POINTER (a parameter): FILE#POINTER: rule; received …`).
 *
 * @returns the description, as the generator reads it
 * @throws {@link DescriptionError} naming the file and the JSON pointer of the first wrong field
 *   (outside every part, or any, without `leftOut`)
 */
export function checkShapes(spec: Description, file: string, leftOut?: string[]): Document {
  readFrom.set(spec, file);
  const removed = new Set<string>();
  for (;;) {
    try {
      return checkOnce(spec, file);
    } catch (error) {
      // A part whose removal left the same part wrong (a path item reached twice) is refused as it is.
      if (leftOut === undefined || !(error instanceof PartError) || removed.has(error.part.pointer)) throw error;
      removed.add(error.part.pointer);
      error.part.remove();
      leftOut.push(`left out ${file}#${error.part.pointer} (${error.part.kind}): ${error.message}`);
    }
  }
}

/**
 * A part of a description that can be left out while the rest is mapped (docs/any-api.md, "A map of
 * the rest"): an operation, a parameter, a media type of a request body, or a path item.
 */
interface Part {
  readonly kind: "a path item" | "an operation" | "a parameter" | "a media type" | "a security scheme";
  /** Its JSON pointer, where it stands (a `$ref` to it included). */
  readonly pointer: string;
  /** Takes it out of the description: the list entry, or the key, that holds it. */
  readonly remove: () => void;
}

/** A wrong shape inside a {@link Part}, which `generate` (without `--strict`) leaves out. */
class PartError extends DescriptionError {
  constructor(
    message: string,
    readonly part: Part,
  ) {
    super(message);
  }
}

/** One pass of {@link checkShapes}: the first wrong field, a {@link PartError} where it lies inside a part. */
function checkOnce(spec: Description, file: string): Document {
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

  const info = optional(spec.info, "/info", object);
  optional(info?.title, "/info/title", string);
  optional(info?.version, "/info/version", string);
  optional(spec.servers, "/servers", servers);
  // Security schemes (components.securitySchemes) and the description's requirement (requirements.ts).
  const components = isObject(spec.components) ? spec.components : undefined;
  const schemes = optional(components?.securitySchemes, "/components/securitySchemes", object) ?? {};
  for (const [name, value] of Object.entries(schemes)) {
    const pointer = `/components/securitySchemes/${token(name)}`;
    within({ kind: "a security scheme", pointer, remove: withoutKey(schemes, name) }, () => {
      checked((document) => schemeOf(document, value, pointer));
    });
  }
  if (spec.security !== undefined) checked((document) => requirementOf(document, spec.security, () => "/security"));
  const paths = object(spec.paths, "/paths");
  for (const [path, given] of Object.entries(paths)) {
    if (path.startsWith("x-")) continue; // a specification extension (OpenAPI 3.1 section 4.9)
    const itemPart: Part = { kind: "a path item", pointer: `/paths/${token(path)}`, remove: withoutKey(paths, path) };
    within(itemPart, () => {
      pathItem(given, itemPart.pointer);
    });
  }
  return spec as unknown as Document;

  function pathItem(given: Json, itemAt: string): void {
    const [value, at] = deref(given, itemAt);
    const item = object(value, at);
    const sharedList = optional(item.parameters, `${at}/parameters`, list);
    const shared =
      sharedList?.map((entry, i) =>
        within({ kind: "a parameter", pointer: `${at}/parameters/${i}`, remove: without(sharedList, entry) }, () =>
          parameter(entry, `${at}/parameters/${i}`),
        ),
      ) ?? [];
    const operations: [method: string, given: Json, pointer: string, additional: boolean][] = METHODS.filter(
      (method) => item[method] !== undefined,
    ).map((method) => [method.toUpperCase(), item[method], `${at}/${method}`, false]);
    // OpenAPI 3.2's additionalOperations (Path Item Object): keyed by the method as it is sent.
    const additionalOperations = optional(item.additionalOperations, `${at}/additionalOperations`, object) ?? {};
    for (const [method, given] of Object.entries(additionalOperations)) {
      const pointer = `${at}/additionalOperations/${token(method)}`;
      current = { kind: "an operation", pointer, remove: withoutKey(additionalOperations, method) };
      if (!TOKEN.test(method)) problem(pointer, "must be keyed by a method, an RFC 9110 token (section 9.1)", method);
      if (FIXED_METHODS.includes(method.toLowerCase()))
        problem(
          pointer,
          `is the ${method.toLowerCase()} field's method, which OpenAPI 3.2 says additionalOperations must not hold`,
          method,
        );
      if (Object.hasOwn(UNSENDABLE_METHODS, method.toUpperCase())) problem(pointer, UNSENDABLE_METHODS[method.toUpperCase()]!, method);
      // endpoint() sends a method upper-cased (docs/usage.md), and its case is part of it (RFC 9110 section 9.1).
      if (method !== method.toUpperCase())
        problem(pointer, "must be an upper-case method: rest-endpoint sends methods upper-cased", method);
      operations.push([method, given, pointer, true]);
      current = undefined;
    }
    for (const [method, given, operationAt, additional] of operations) {
      const remove = additional ? withoutKey(additionalOperations, method) : withoutKey(item, method.toLowerCase());
      within({ kind: "an operation", pointer: operationAt, remove }, () => {
        operationOf(method, given, operationAt, additional);
      });
    }

    function operationOf(method: string, given: Json, operationAt: string, additional: boolean): void {
      const [found, pointer] = deref(given, operationAt);
      const operation = object(found, pointer);
      const ownList = optional(operation.parameters, `${pointer}/parameters`, list);
      const own =
        ownList?.map((entry, i) =>
          within({ kind: "a parameter", pointer: `${pointer}/parameters/${i}`, remove: without(ownList, entry) }, () =>
            parameter(entry, `${pointer}/parameters/${i}`),
          ),
        ) ?? [];
      oneQuery([...shared, ...own]);
      optional(operation.servers, `${pointer}/servers`, servers);
      if (operation.security !== undefined) checked((document) => requirementOf(document, operation.security, () => `${pointer}/security`));
      const docs = optional(operation.externalDocs, `${pointer}/externalDocs`, object);
      optional(docs?.url, `${pointer}/externalDocs/url`, string);
      if (operation.requestBody === undefined) return;
      const [body, bodyAt] = deref(operation.requestBody, `${pointer}/requestBody`);
      const requestBody = object(body, bodyAt);
      fields(requestBody, bodyAt, string, ["description"]);
      fields(requestBody, bodyAt, boolean, ["required"]);
      // A required body of an additional operation the core sends none for (BODY_METHODS): refused;
      // an optional one is left out of the map, as GET's is (docs/any-api.md, "OpenAPI 3.2").
      if (additional && requestBody.required === true && !BODY_METHODS.has(method.toLowerCase()))
        problem(
          `${bodyAt}/required`,
          `is a required body on ${method}, which rest-endpoint sends without content (docs/usage.md: POST, PUT, PATCH, DELETE and QUERY carry one)`,
          true,
        );
      const content = optional(requestBody.content, `${bodyAt}/content`, object) ?? {};
      for (const [type, given] of Object.entries(content)) {
        const mediaAt = `${bodyAt}/content/${token(type)}`;
        within({ kind: "a media type", pointer: mediaAt, remove: withoutKey(content, type) }, () => {
          mediaType(type, given, mediaAt);
        });
      }
    }
  }

  function mediaType(type: string, given: Json, mediaAt: string): void {
    // The media type is sent as the content-type field: no control character (RFC 9110 section 5.5).
    if (/\p{Cc}/u.test(type)) problem(mediaAt, "must be a media type, which holds no control character (RFC 9110 section 5.5)", type);
    const media = object(given, mediaAt);
    if (media.schema !== undefined) schema(media.schema, `${mediaAt}/schema`, 0);
    // OpenAPI 3.2's itemSchema (Media Type Object): a sequence of JSON texts is typed and sent (queries.ts); other sequences are not.
    if (media.itemSchema !== undefined) {
      if (sequenceSeparator(type) === undefined)
        problem(
          `${mediaAt}/itemSchema`,
          "is the item schema of a sequence generate does not write: it writes application/jsonl, application/x-ndjson and application/json-seq",
          type,
        );
      schema(media.itemSchema, `${mediaAt}/itemSchema`, 0);
    }
    encoding(media, mediaAt);
  }
}
