/**
 * A request body as a call gives it (docs/any-api.md, "What is checked where"): by its media types
 * (Media Type Object, OpenAPI 3.1 section 4.8.14), JSON, a form or a multipart form built from the
 * call's keys, a sequence of JSON texts (OpenAPI 3.2's `itemSchema`), or `data` the caller encodes.
 */
import type { Encoding, MediaType, RequestBody, Resolve, SchemaOrReference } from "./document.js";
import { fieldsOf, type Fields } from "./fields.js";
import type { Form } from "./queries.js";
import { schemaOf } from "./schema-object.js";
import { sequenceSeparator } from "./sequences.js";

/**
 * A JSON media type: `application/json`, one with a `+json` suffix (RFC 6839 section 3.1), and the
 * unregistered `text/json` and `application/x-json` that descriptions write for JSON; either type,
 * with any parameters. Not `application/json-seq` or `…/jsonl`: a sequence of texts, not one.
 */
export const JSON_MEDIA_TYPE = /^(?:application|text)\/(?:[\w.-]+\+|x-)?json\s*(?:;|$)/i;
/** A form, `application/x-www-form-urlencoded`, with any parameters. */
export const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
/** Multipart media types: their boundary is the client's to write (RFC 2046 section 5.1.1); `multipart/form-data` is `FormData` (RFC 7578). */
const MULTIPART_MEDIA_TYPE = /^multipart\//i;
const FORM_DATA_MEDIA_TYPE = /^multipart\/form-data\s*(?:;|$)/i;

/**
 * The item schemas of a body that is a sequence of JSON texts: every media type it declares is a
 * sequential JSON one with an `itemSchema` (OpenAPI 3.2, Media Type Object); else `undefined`.
 */
export function sequenceOf(content: RequestBody["content"] | undefined): SchemaOrReference[] | undefined {
  const media = Object.entries(content ?? {}) as [string, MediaType][];
  if (media.length === 0 || !media.every(([type, { itemSchema }]) => sequenceSeparator(type) !== undefined && itemSchema !== undefined))
    return undefined;
  return media.map(([, { itemSchema }]) => itemSchema!);
}

/** Whether a body declares media types, all of which `test` matches. */
const allMatch = (types: readonly string[], test: RegExp): boolean => types.length > 0 && types.every((type) => test.test(type));

/**
 * The type of a body that is not JSON, which the caller encodes: a form (`string | URLSearchParams`,
 * which fetch sends as `application/x-www-form-urlencoded`), multipart `FormData`, else `unknown`
 * (a Buffer, a Blob, a stream, text).
 */
export function dataType(content: RequestBody["content"] | undefined): string {
  const types = Object.keys(content ?? {});
  if (allMatch(types, FORM_MEDIA_TYPE)) return 'string | Platform<"URLSearchParams">';
  if (allMatch(types, FORM_DATA_MEDIA_TYPE)) return 'Platform<"FormData">';
  return "unknown";
}

/** How a request body is built from a call's keys: its kind, its media type object and the object shapes it allows. */
export interface BodyPlan {
  /** JSON (`application/json`, `…+json`), a form (`application/x-www-form-urlencoded`) or a multipart form (`multipart/form-data`). */
  readonly kind: "json" | "form" | "multipart";
  /** The media type object (OpenAPI 3.1 section 4.8.14): its `schema`, and for a form its `encoding`. */
  readonly media: MediaType;
  /** The fields the schema's object shapes allow ({@link fieldsOf}); `undefined` when it is no object. */
  readonly fields: Fields | undefined;
}

/**
 * The body a call's keys build, where they can: JSON when the body declares a JSON media type, else
 * a form or a multipart form when every media type it declares is that one (RFC 7578 for
 * `multipart/form-data`); `undefined` for any other body (octet-stream, text, a mix of forms and
 * others), which goes under `data` as the caller encodes it.
 */
export function bodyOf(content: RequestBody["content"] | undefined, resolve: Resolve): BodyPlan | undefined {
  const types = Object.keys(content ?? {});
  const json = types.find((type) => JSON_MEDIA_TYPE.test(type));
  const kind =
    json !== undefined
      ? "json"
      : allMatch(types, FORM_MEDIA_TYPE)
        ? "form"
        : allMatch(types, FORM_DATA_MEDIA_TYPE)
          ? "multipart"
          : undefined;
  const media = content?.[json ?? types[0] ?? ""];
  if (kind === undefined || media === undefined) return undefined;
  return { kind, media, fields: media.schema === undefined ? undefined : fieldsOf(media.schema, resolve) };
}

/**
 * Whether the map requires the body field `name`: the body's schema requires it in every shape
 * (fields.ts), and no declaration marks it `readOnly` (OpenAPI 3.1 section 4.8.24: sent in responses only).
 */
export function isRequiredField(fields: Fields, name: string, resolve: Resolve): boolean {
  const declarations = fields.properties.get(name) ?? [];
  return (
    fields.required.has(name) &&
    !declarations.some((declaration) => declaration.some((schema) => schemaOf(resolve, schema)?.readOnly === true))
  );
}

/** A form's fields of `style: deepObject` and of `explode: false`, from its media type's `encoding` (OpenAPI 3.1 section 4.8.15). */
export function encodingOf(media: MediaType): Pick<Form, "deepObject" | "joined"> {
  const encoding = Object.entries((media as { encoding?: Record<string, Encoding> }).encoding ?? {});
  const deepObject = encoding.filter(([, field]) => field.style === "deepObject").map(([name]) => name);
  const joined = encoding.filter(([, field]) => field.explode === false).map(([name]) => name);
  return { ...(deepObject.length > 0 ? { deepObject } : {}), ...(joined.length > 0 ? { joined } : {}) };
}

/**
 * The media type a body is sent with when it is not what `endpoint()` gives a body anyway
 * (`application/json` for an object or array, none for `data` it does not build): the one type a
 * body declares (`application/json-patch+json`, a form); none for `multipart/…`, whose boundary
 * the client writes (RFC 2046 section 5.1.1), nor for a body of several types, where the call
 * chooses (Kubernetes' PATCH takes JSON Patch, merge patch and more: one picked for it would be
 * wrong for the others) (OpenAPI 3.1 section 4.8.13).
 */
export function mediaTypeOf(content: RequestBody["content"] | undefined): string | undefined {
  const types = Object.keys(content ?? {});
  const type = types.length === 1 ? types[0]! : undefined;
  return type === undefined || /^application\/json\s*(?:;|$)/i.test(type) || MULTIPART_MEDIA_TYPE.test(type) || type.includes("*")
    ? undefined
    : type;
}
