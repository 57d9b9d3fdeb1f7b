/**
 * Reads an OpenAPI description for `rest-endpoint generate` (docs/any-api.md), as untrusted input:
 * SDK authors run `generate` on third-party descriptions in CI.
 *
 * - A `$ref` to another file is followed only to a `.json`, `.yaml` or `.yml` regular file inside
 *   the description's folder or below (symbolic links resolved first), of at most
 *   {@link MAX_FILE_BYTES}. Absolute paths, `..` out of the folder, `file:`, `http:`, `https:` and
 *   devices are refused with one line naming the `$ref` and the JSON pointer where it stands.
 * - YAML is parsed with the `yaml` package's alias limit, {@link MAX_YAML_ALIASES} (an alias bomb is refused).
 * - {@link checkShapes} (shapes.ts) checks each field the generator reads, once, so that a wrong
 *   shape is one line naming the JSON pointer, never a stack trace.
 */
import { realpathSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { $RefParser } from "@apidevtools/json-schema-ref-parser";
import { parse as parseYaml } from "yaml";
import { DescriptionError, type Document } from "./document.js";
import { isReference, pointerOf } from "./json-pointer.js";
import type { Description } from "./shape-checker.js";
import { checkShapes } from "./shapes.js";

export { DescriptionError } from "./document.js";

/** The largest file read, the description or one its `$ref`s name. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** The `yaml` package's `maxAliasCount` (its own default), which counts what a file's aliases expand to. */
const MAX_YAML_ALIASES = 100;

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
