/**
 * Form bodies (OpenAPI 3.1 section 4.8.15, the Encoding Object): `application/x-www-form-urlencoded`
 * as `URLSearchParams`, `multipart/form-data` as `FormData` (RFC 7578), built from the call's keys,
 * with `style: deepObject` fields in brackets and `explode: false` lists comma-joined. The querystring
 * of a form (querystring.ts) is written by the same rule.
 */
import { checkMultipartType } from "../../clients/framing.js";
import { fail, nameOf, quote } from "../../core/errors.js";
import type { RequestOptions } from "../../core/types.js";
import { isArray, isPlainRecord, toIsoString } from "../../core/values.js";
import type { Form } from "../query.js";

/** `"`, CR or LF: written differently by each client in a multipart name or file name (WHATWG percent-encodes them). */
const QUOTED_BREAK = /["\r\n]/;

/**
 * The fields of a form body, in order: each name with its value (a string, or a Blob for a multipart
 * file part). No field is lost or altered on the wire: a name that two of the call's keys would both
 * send (`{ plain: { email } , email }`, `metadata[plan]` beside `metadata: { plan }`) is
 * `INVALID_OPTIONS`; a name or a string value with a lone surrogate is `INVALID_PARAMETER`, by the
 * query's own rule (its encoder, which has no UTF-8 form for it; FormData and URLSearchParams would
 * send U+FFFD); a multipart name or file name holding `"`, CR or LF is `INVALID_PARAMETER`.
 */
export function formFields(form: Form, body: Readonly<Record<string, unknown>>): [name: string, value: unknown][] {
  const multipart = form.mediaType === "multipart/form-data";
  const fields: [string, unknown][] = [];
  /** Each name sent, with the call's key that sends it. */
  const sentBy = new Map<string, string>();
  const push = (name: string, value: string | Blob, argument: string, key: string): void => {
    const by = sentBy.get(name);
    if (by !== undefined && by !== key) fail("INVALID_OPTIONS", argument, `is sent as ${quote(name)}, which ${nameOf(by)} is too`);
    sentBy.set(name, key);
    // The query's rule: a lone surrogate has no UTF-8 form (URLSearchParams and FormData would write U+FFFD).
    if (!name.isWellFormed() || (typeof value === "string" && !value.isWellFormed()))
      fail("INVALID_PARAMETER", argument, "has a lone surrogate");
    const fileName = typeof value === "string" ? undefined : (value as { name?: unknown }).name;
    if (multipart && (QUOTED_BREAK.test(name) || (typeof fileName === "string" && QUOTED_BREAK.test(fileName))))
      fail(
        "INVALID_PARAMETER",
        argument,
        'has a multipart name or file name holding ", CR or LF, which clients write differently (WHATWG percent-encodes them): a server would read another name',
        typeof fileName === "string" && QUOTED_BREAK.test(fileName) ? fileName : name,
      );
    fields.push([name, value]);
  };
  let key = "";
  const field = (name: string, value: unknown, argument: string): void => {
    if (value == null) return;
    const date = toIsoString(value);
    if (date !== undefined) push(name, date, argument, key);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") push(name, String(value), argument, key);
    else if (multipart && typeof Blob === "function" && value instanceof Blob)
      push(
        name,
        filePart(value, name, Object.hasOwn(form.contentType ?? {}, key) ? form.contentType![key] : undefined, argument),
        argument,
        key,
      );
    else if (multipart && (isArray(value) || isPlainRecord(value))) push(name, JSON.stringify(value), argument, key);
    else fail("INVALID_PARAMETER", argument, `has no ${form.mediaType} form`, value);
  };
  /** A deepObject field: brackets for each key and index (at most 32 levels). */
  const brackets = (name: string, value: unknown, argument: string, depth: number): void => {
    const entries = isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : isPlainRecord(value)
        ? Object.entries(value)
        : undefined;
    if (entries === undefined) {
      field(name, value, argument);
      return;
    }
    if (depth > 32) fail("INVALID_PARAMETER", argument, "nests deeper than 32 levels");
    for (const [key, item] of entries) brackets(`${name}[${key}]`, item, `${argument}.${key}`, depth + 1);
  };
  for (const [name, value] of Object.entries(body)) {
    key = name;
    if (form.deepObject?.includes(name) === true) brackets(name, value, name, 0);
    else if (isArray(value)) {
      if (form.joined?.includes(name) === true) {
        // `style: form, explode: false`: one field, its items comma-joined; no items, no field, as
        // RFC 6570 leaves out an empty list in the query (section 2.3).
        const items = value.filter((item) => item != null).map(String);
        if (items.some((item) => item.includes(",")))
          fail("INVALID_PARAMETER", name, 'is a list sent comma-joined (explode: false): an item holding "," would be read as two', value);
        if (items.length > 0) field(name, items.join(","), name);
      } else for (const item of value) field(name, item, name);
    } else if (isPlainRecord(value) && !multipart) for (const [key, item] of Object.entries(value)) field(key, item, `${name}.${key}`);
    else field(name, value, name);
  }
  return fields;
}

/** A media type's essence, lowercased: `image/png` of `Image/PNG; q=1` (RFC 9110 section 8.3.1). */
export const essence = (type: string): string => type.split(";")[0]!.trim().toLowerCase();

/** Whether `range` (`image/png`, `image/*`, or `*` over `*` for any) matches the media type `type` (RFC 9110 section 12.5.1). */
const allows = (range: string, type: string): boolean =>
  range === "*/*" || range === type || (range.endsWith("/*") && type.startsWith(range.slice(0, -1)));

/**
 * A file part as it is sent (RFC 7578 section 4.2): a `File` keeps its name; a plain `Blob`, which has
 * none, is named after its field (FormData would write `blob`, which a server keeps as the file's
 * name). Its type is its own, else, given the field's `encoding.<field>.contentType` (OpenAPI 3.1
 * section 4.8.15.1), the list's first media type that is not a range; with a `contentType`, a type
 * the list does not allow is `INVALID_PARAMETER`. Without either, the client writes
 * `application/octet-stream`.
 */
function filePart(blob: Blob, name: string, contentType: string | undefined, argument: string): Blob {
  const fileName = blob instanceof File ? blob.name : name;
  let type = blob.type;
  if (contentType !== undefined) {
    const listed = contentType
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== "");
    type ||= listed.find((item) => !item.includes("*")) ?? "application/octet-stream";
    if (!listed.some((item) => allows(essence(item), essence(type))))
      fail(
        "INVALID_PARAMETER",
        argument,
        blob.type === ""
          ? `is a file without a type, and its encoding's contentType (${contentType}) names no media type to send: give the Blob its type`
          : `is a file of type ${blob.type}, which its encoding's contentType (${contentType}) does not allow`,
        blob.type,
      );
  }
  return fileName === (blob as { name?: unknown }).name && type === blob.type ? blob : new File([blob], fileName, { type });
}

/**
 * The request options with their body built as `form` says, where `endpoint()` made it an object of
 * the call's keys; a multipart body's `content-type` is the client's to write with its boundary:
 * dropped, unless `given` (the merged headers) set one, which must then be `multipart/form-data`
 * alone (dropped too), as the converters require.
 */
export function withForm(form: Form, options: RequestOptions, given: Readonly<Record<string, unknown>>): RequestOptions {
  if (!isPlainRecord(options.body)) return options;
  const fields = formFields(form, options.body);
  if (form.mediaType === "application/x-www-form-urlencoded")
    return { ...options, body: new URLSearchParams(fields as [string, string][]) };
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value as string | Blob);
  const headers = { ...options.headers };
  if (!Object.hasOwn(given, "content-type")) delete headers["content-type"];
  // The call's own: multipart/form-data alone is left to the client, any other refused (docs/clients.md).
  else checkMultipartType(headers);
  return { ...options, headers, body };
}
