/**
 * The shape of every field the generator reads (docs/any-api.md, "A description is untrusted
 * input"), checked once after reading (read.ts), walking the description's parts: its security
 * schemes, path items, operations, request bodies and their media types, each of which `generate`
 * without `--strict` can leave out. The checks of fields and of the objects met at any depth are
 * shape-checker.ts's.
 */
import { TOKEN } from "../core/chars.js";
import { BODY_METHODS } from "../core/request.js";
import { readFrom, type Document } from "./document.js";
import { pointerToken as token } from "./json-pointer.js";
import { requirementOf, schemeOf } from "./requirements.js";
import { METHODS } from "./routes.js";
import { sequenceSeparator } from "./sequences.js";
import { isObject, PartError, shapeChecker, type Description, type Json, type Part } from "./shape-checker.js";

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

/** One pass of {@link checkShapes}: the first wrong field, a {@link PartError} where it lies inside a part. */
function checkOnce(spec: Description, file: string): Document {
  const checker = shapeChecker(spec, file);
  const { within, without, withoutKey, checked, problem, deref, object, optional, list, string, boolean, fields } = checker;
  const { schema, parameter, encoding, oneQuery, servers } = checker;

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
    const shared = parameters(item, at);
    const operations: [method: string, given: Json, pointer: string, additional: boolean][] = METHODS.filter(
      (method) => item[method] !== undefined,
    ).map((method) => [method.toUpperCase(), item[method], `${at}/${method}`, false]);
    // OpenAPI 3.2's additionalOperations (Path Item Object): keyed by the method as it is sent.
    const additionalOperations = optional(item.additionalOperations, `${at}/additionalOperations`, object) ?? {};
    for (const [method, given] of Object.entries(additionalOperations)) {
      const pointer = `${at}/additionalOperations/${token(method)}`;
      checker.current = { kind: "an operation", pointer, remove: withoutKey(additionalOperations, method) };
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
      checker.current = undefined;
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
      oneQuery([...shared, ...parameters(operation, pointer)]);
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

  /**
   * The `parameters` list of a path item or an operation at `at`, each parameter checked as a part
   * `generate` can leave out; returns where each goes, its name and its pointer.
   */
  function parameters(holder: Record<string, Json>, at: string): ReturnType<typeof parameter>[] {
    const given = optional(holder.parameters, `${at}/parameters`, list);
    return (
      given?.map((entry, i) =>
        within({ kind: "a parameter", pointer: `${at}/parameters/${i}`, remove: without(given, entry) }, () =>
          parameter(entry, `${at}/parameters/${i}`),
        ),
      ) ?? []
    );
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
