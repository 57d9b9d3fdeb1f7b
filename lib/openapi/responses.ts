/**
 * Response types from an OpenAPI description (docs/any-api.md, "Responses"): each operation's
 * responses as one union discriminated by `status`, `Response<200, Pet, { … } & HeaderFields> | …`,
 * which `ResponseOf` (lib/core/types.ts) reads from a map's `Responding<Responses>` marker. Each
 * schema reached by `$ref` is written once, under a name made from its own (`full-repository` is
 * `FullRepository`), so that a program pays for a component once however many routes answer with
 * it. Written beside the map by write.ts; GitHub's maps hold them in a module of their own
 * (scripts/generate-routes.mjs). It writes text and reads nothing.
 */
import type { MediaType, Operation, Resolve, Schema, SchemaOrReference } from "./document.js";
import { MAX_NESTING } from "./document.js";
import { decodeToken, isReference } from "./json-pointer.js";
import { JSON_MEDIA_TYPE } from "./request-bodies.js";
import { SchemaWriter } from "./schema.js";
import { schemaOf, typesOf } from "./schema-object.js";
import { docOf, key, parenthesized, union } from "./typescript.js";
import { sequenceSeparator } from "./sequences.js";
import { essence } from "./serializers/form-body.js";

/** A response object as the generator reads it (OpenAPI 3.1 section 4.8.17). */
interface ResponseObject {
  readonly description?: string;
  readonly headers?: Readonly<Record<string, { readonly required?: boolean; readonly description?: string } | { readonly $ref: string }>>;
  readonly content?: Readonly<Record<string, MediaType>>;
}

/**
 * The names a component may not take in a generated module: what the module declares or imports
 * itself, the types its text uses (`Uint8Array`), and the request side's `Schema<n>` aliases.
 */
const RESERVED = new Set([
  "Routes",
  "Responses",
  "Platform",
  "Queries",
  "Responding",
  "Uint8Array",
  "Record",
  "HeaderFields",
  "Response",
  // The security schemes' credentials (write.ts): the type of `credentials()` and the one it returns.
  "Credentials",
  "Security",
]);

/** The type of a response's other header fields, which every response has: any name, a string each. */
const HEADER_FIELDS = "HeaderFields";
/** The generic type of one response, `Response<200, Pet>` for `{ status: 200; data: Pet; headers: HeaderFields }`: a member is one reference, where an object type of three properties each made api.github.com's module a fifth longer and the program that loads it larger (bench:types' memory). */
const RESPONSE = "Response";
/** Their declarations, written once in each module that holds responses. */
const HEADER_FIELDS_DECLARATION = `/** A response's header fields (names lowercase), as the client gives them. */
export type ${HEADER_FIELDS} = { [name: string]: string | undefined };
/** A response (RFC 9110 section 3.4): its status code, its content as \`data\`, its header fields. */
export type ${RESPONSE}<Status extends number, Data, Headers = ${HEADER_FIELDS}> = { status: Status; data: Data; headers: Headers };`;

/**
 * A schema's name as a TypeScript identifier: its words in PascalCase (`full-repository`,
 * `full_repository` give `FullRepository`), `_` before a leading digit, `Schema` for none.
 */
export function identifierOf(name: string): string {
  const words = name.split(/[^a-z0-9]+/i).filter((word) => word !== "");
  const joined = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
  return joined === "" ? "Schema" : /^\d/.test(joined) ? `_${joined}` : joined;
}

/**
 * Whether a written type is one object type, `{ … }`, which a component declares as an interface
 * (TypeScript names an interface in messages and hovers, where it expands an alias): its first `{`
 * closes at its end. Braces in string literals are JSON-escaped text and balanced as written.
 */
function isObjectType(type: string): boolean {
  if (!type.startsWith("{ ") || !type.endsWith(" }")) return false;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (quoted) {
      if (c === "\\") i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0 && i < type.length - 1) return false;
  }
  return true;
}

/**
 * Writes the response types of a description's operations: {@link responsesOf} gives an
 * operation's union, {@link declarations} the named components it used, each once. A schema's type
 * is {@link SchemaWriter}'s for a response: as the request side writes it, but a `readOnly` property
 * required where listed (it is sent in responses, OpenAPI 3.1 section 4.8.24), a `date-time` a
 * `string` (JSON has no dates), lists mutable.
 */
export class ResponseWriter extends SchemaWriter {
  /** The declarations of named components, in the order written. */
  private readonly written: string[] = [];
  /** Each schema reached by `$ref`, with its name. */
  private readonly names = new Map<object, string>();
  private readonly taken = new Set<string>();

  /**
   * @param defaultMediaType - the media type a request that names none is answered with, where a
   *   response declares it beside others: GitHub's `application/json` (its other media types, `diff`
   *   or `star+json`, answer a call whose `mediaType.format` names them). Without it, a response's
   *   data is the union over its media types, any of which the server may send.
   */
  constructor(resolve: Resolve, defaultMediaType?: string) {
    super(resolve, "response", false);
    this.defaultEssence = defaultMediaType === undefined ? undefined : essence(defaultMediaType);
  }

  /** The essence of the default media type (`application/json`), which a declared one is compared by. */
  private readonly defaultEssence: string | undefined;

  /**
   * An operation's responses as a union discriminated by `status`: each status code the
   * description declares as its number, `default` and ranges (`4XX`) as `number`; `data` typed by
   * the media types of its content ({@link dataOf}), `undefined` without content (a 204);
   * `headers` the declared fields (names lowercase, `string`; optional unless `required`) with
   * every other field; each a `Response<status, data, headers>`. An operation that declares none answers `Response<number, unknown>`.
   */
  responsesOf(operation: Operation): string {
    const members: string[] = [];
    for (const [code, given] of Object.entries(operation.responses ?? {})) {
      if (code.startsWith("x-")) continue; // a specification extension (OpenAPI 3.1 section 4.8.16)
      const response = this.resolve<ResponseObject>(given as ResponseObject);
      if (response === undefined) continue;
      const status = /^[1-5]\d\d$/.test(code) ? code : "number";
      const headers = this.headersOf(response.headers);
      members.push(`${RESPONSE}<${status}, ${this.dataOf(response.content)}${headers === HEADER_FIELDS ? "" : `, ${headers}`}>`);
    }
    return members.length === 0 ? `${RESPONSE}<number, unknown>` : members.join(" | ");
  }

  /** The declarations of every component written so far, and of {@link HEADER_FIELDS} and `Response`. */
  declarations(): string {
    return [HEADER_FIELDS_DECLARATION, ...this.written].join("\n");
  }

  /**
   * The data of a response's content, a union over its media types: a JSON one (`application/json`,
   * `…+json`) by its schema; a sequential JSON one (OpenAPI 3.2's `itemSchema`: JSON Lines, JSON
   * Text Sequences) as a list of its items; `text/*`, or a string schema that is no `binary`, as
   * `string`; any other (an image, `application/octet-stream`) as bytes, `Uint8Array`. No content:
   * `undefined`. A content that declares the writer's default media type is typed by it alone.
   */
  private dataOf(content: ResponseObject["content"]): string {
    const declared = Object.entries(content ?? {});
    if (declared.length === 0) return "undefined";
    const answered = declared.filter(([type]) => essence(type) === this.defaultEssence);
    const media = answered.length > 0 ? answered : declared;
    return union(
      media.map(([type, { schema, itemSchema }]) => {
        if (sequenceSeparator(type) !== undefined && itemSchema !== undefined) return `${parenthesized(this.typeOf(itemSchema))}[]`;
        if (JSON_MEDIA_TYPE.test(type)) return this.typeOf(schema);
        const resolved = schemaOf(this.resolve, schema);
        const text = resolved !== undefined && typesOf(resolved).includes("string") && resolved.format !== "binary";
        return /^text\//i.test(type) || text ? "string" : "Uint8Array";
      }),
    );
  }

  /** A response's header fields: those it declares, each a string, then every other. `Content-Type` is described by `content` instead (OpenAPI 3.1 section 4.8.17.1). */
  private headersOf(headers: ResponseObject["headers"]): string {
    // By lowercase name (RFC 9110 section 5.1: field names are case-insensitive), one member each,
    // required where any spelling is: `X-Rate` and `x-rate` declared both are one field.
    const fields = new Map<string, { required: boolean; doc: string }>();
    for (const [name, given] of Object.entries(headers ?? {})) {
      const header = this.resolve<{ required?: boolean; description?: string }>(given);
      const lower = name.toLowerCase();
      if (header === undefined || lower === "content-type") continue;
      const known = fields.get(lower);
      fields.set(lower, { required: known?.required === true || header.required === true, doc: known?.doc ?? docOf(header) });
    }
    const members = [...fields].map(([name, { required, doc }]) => `${doc}${key(name)}${required ? "" : "?"}: string`);
    return members.length === 0 ? HEADER_FIELDS : `{ ${members.join("; ")} } & ${HEADER_FIELDS}`;
  }

  /** A schema's type: a `$ref` by its component's name ({@link named}), a schema written in place in place. */
  typeOf(given: SchemaOrReference | undefined, depth = 0): string {
    if (typeof given !== "object") return "unknown";
    if (isReference(given)) {
      const schema = schemaOf(this.resolve, given);
      return schema === undefined ? "unknown" : this.named(schema, given.$ref);
    }
    return depth > MAX_NESTING ? "unknown" : this.write(given, depth);
  }

  /**
   * The name of a schema reached by `$ref`, declared the first time: from the last segment of the
   * reference, made unique. Named before it is written, so that a cycle refers to it.
   */
  private named(schema: Schema, ref: string): string {
    const known = this.names.get(schema);
    if (known !== undefined) return known;
    const identifier = identifierOf(decodeToken(ref.slice(ref.lastIndexOf("/") + 1)));
    // `Schema<n>` is the request side's (lib/openapi/schema.ts): a component of that name takes a `_`.
    const base = /^Schema\d+$/.test(identifier) ? `${identifier}_` : identifier;
    let name = base;
    for (let n = 2; RESERVED.has(name) || this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    this.names.set(schema, name);
    const type = this.write(schema, 0);
    const doc = docOf(schema);
    this.written.push(
      `${doc === "" ? "" : `${doc.trimEnd()}\n`}${isObjectType(type) ? `export interface ${name} ${type}` : `export type ${name} = ${type};`}`,
    );
    return name;
  }
}

/**
 * Each operation's responses by route, and the components they name, as the text of a module:
 * `export interface Responses { "<route>": <union>; … }` and the components' declarations.
 */
export function writeResponses(
  resolve: Resolve,
  routes: readonly { readonly route: string; readonly operation: { readonly operation: Operation } }[],
  defaultMediaType?: string,
): string {
  const writer = new ResponseWriter(resolve, defaultMediaType);
  const lines = routes.map(({ route, operation }) => `  ${JSON.stringify(route)}: ${writer.responsesOf(operation.operation)};`);
  return `/** Each route's responses, by status (\`ResponseOf<Routes, R>\` reads them). */\nexport interface Responses {\n${lines.join("\n")}\n}\n\n${writer.declarations()}\n`;
}
