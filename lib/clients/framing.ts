/**
 * The framing every edge owns (RFC 9112 section 6): the client converters of
 * `rest-endpoint/clients` and the CLI's curl output both read request options through
 * {@link frame}, so that a request on the wire never differs from the options printed.
 *
 * Rules, each pinned in `__tests__/clients/clients.test.ts` (converters) or `__tests__/cli/cli.test.ts` (curl):
 * - header fields are read as `endpoint()` reads them: names are case-insensitive (RFC 9110 section
 *   5.1) and leave lowercased, two names that differ only in case are `INVALID_HEADER_NAME`, and a
 *   value no client can send is `INVALID_HEADER_VALUE`;
 * - a `transfer-encoding` field is the client's to choose (RFC 9112 section 6.1): `INVALID_HEADER_VALUE`;
 * - a `content-length` must be the body's length in bytes (RFC 9110 section 8.6), `0` without a
 *   body; where the length is unknown until the body is sent (a stream, an async iterable,
 *   `FormData`), a `content-length` is `INVALID_HEADER_VALUE`: the client frames such a body;
 * - a JSON body is serialised here, once; what JSON cannot hold (a circular object, a BigInt inside
 *   `data`) is `INVALID_OPTIONS`, never a raw `TypeError`;
 * - beside `FormData`, the content-type is the client's, which writes the boundary that frames the
 *   parts (RFC 7578 section 4.1): `multipart/form-data` alone is left to the client, any other
 *   (another boundary, `application/json`) is `INVALID_HEADER_VALUE`, as no server could split the body;
 * - for undici, `FormData` (the global one or undici's own) is written here as a multipart `Blob`
 *   ({@link multipartBlob}): undici frames only the `FormData` of the undici copy that set its
 *   global dispatcher first, Node's bundled one or the installed one.
 */
import { fail } from "../core/errors.js";
import { readHeaders } from "../core/headers.js";
import type { Platform, RequestOptions } from "../core/types.js";
import { isJsonBody, isPlainRecord } from "../core/values.js";

/**
 * A request body as HTTP clients take it: JSON already serialised; `data` as given, except that an
 * `ArrayBuffer` becomes a `Uint8Array` view and `URLSearchParams` its text (with fetch's
 * content-type, `application/x-www-form-urlencoded;charset=UTF-8`, unless one was given; a `Blob`
 * with its own type likewise).
 */
export type ClientBody =
  string | Uint8Array | Platform<"Blob"> | Platform<"FormData"> | Platform<"ReadableStream"> | AsyncIterable<Uint8Array>;

/** Body kinds, as far as clients tell them apart. */
type Kind = "bytes" | "blob" | "form" | "web stream" | "async iterable" | "node stream";

/** `record[key]` where `record` holds it as its own field, else `undefined`: nothing inherited is read. */
export const ownField = (record: object, key: string): unknown =>
  Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;

/**
 * Fields of the message and connection a client writes itself, each with the rule it is sent by:
 * the framing, `transfer-encoding`; fetch, undici and ky throw their own errors on `keep-alive`,
 * `upgrade` and `expect`, node:http, axios and got on `trailer` (each sent to a server on 127.0.0.1).
 */
const CLIENT_FIELDS: readonly (readonly [name: string, rule: string])[] = [
  ["transfer-encoding", "framing (RFC 9112 section 6.1)"],
  ["keep-alive", "connection option (RFC 9110 section 7.6.1)"],
  ["upgrade", "protocol switch (RFC 9110 section 7.8)"],
  ["expect", "expectation (RFC 9110 section 10.1.1)"],
  ["trailer", "announcement of trailer fields (RFC 9110 section 6.6.2)"],
];

/** Who sends the request: each real client, and curl (the CLI's `--format curl`). */
export type Sender = "fetch" | "undici" | "axios" | "got" | "ky" | "node:http" | "curl";

/** The body kinds a sender cannot send (found by sending each to a server on 127.0.0.1). */
const UNSENDABLE_KINDS: Partial<Record<Sender, readonly Kind[]>> = {
  got: ["blob"],
  axios: ["web stream", "async iterable"],
  "node:http": ["blob", "form", "web stream", "async iterable", "node stream"],
  curl: ["blob", "form", "web stream", "async iterable", "node stream"],
};

/** Request options as one sender takes them. */
export interface Framed {
  /** The method, upper-cased: RFC 9110 methods are case-sensitive and fetch sends `patch` as written. */
  method: string;
  /** Header fields, lowercase names. */
  headers: Record<string, string>;
  /** The body; absent when there is none. */
  body?: ClientBody;
  kind?: Kind;
  /** The body's length in bytes, where it is known before sending. */
  length?: number;
  /** A string body's UTF-8 bytes, counted once. */
  bytes?: Uint8Array;
}

/**
 * Request options as `sender` takes them, checked against the framing rules above.
 *
 * @throws {@link EndpointError} `INVALID_HEADER_NAME`, `INVALID_HEADER_VALUE`, `INVALID_OPTIONS`; `INVALID_METHOD` for CONNECT and TRACK
 */
export function frame(options: RequestOptions, sender: Sender): Framed {
  // Own fields only, here and below: a field of a polluted Object.prototype (`body`,
  // `content-length`) is none of the request's.
  const record: Record<string, unknown> = isPlainRecord(options) ? options : {};
  const [method, url, given] = [ownField(record, "method"), ownField(record, "url"), ownField(record, "headers")];
  if (typeof method !== "string" || typeof url !== "string" || !isPlainRecord(given))
    fail("INVALID_OPTIONS", "options", "must be request options from endpoint(): { method, url, headers, body? }", options);
  // The same reading as endpoint()'s: names lowercased (one given twice in different cases is an
  // error), values checked against RFC 9110 section 5.5.
  const headers = readHeaders({}, given, "headers");
  // No prototype: the converters read its `body`, `kind` and `length`, absent where there is none.
  const framed: Framed = Object.assign(Object.create(null) as Framed, { method: method.toUpperCase(), headers });
  // CONNECT's request target is an authority, not a URL (RFC 9110 section 9.3.6); TRACK is no HTTP
  // method: fetch and ky throw a TypeError, axios and got never end the request.
  if (framed.method === "CONNECT" || framed.method === "TRACK")
    fail(
      "INVALID_METHOD",
      "method",
      "cannot be sent as request options: CONNECT names an authority (RFC 9110 section 9.3.6), TRACK is no HTTP method",
      method,
    );
  for (const [name, rule] of CLIENT_FIELDS)
    if (Object.hasOwn(headers, name))
      fail("INVALID_HEADER_VALUE", `headers.${name}`, `is the client's ${rule}, not the request's, and must be left out`, headers[name]);
  let body: unknown = ownField(record, "body");
  if (body === undefined) {
    checkLength(headers, 0, undefined);
    return framed;
  }
  if (isJsonBody(body)) body = toJson(body);
  else if (body instanceof ArrayBuffer) body = new Uint8Array(body);
  else if (body instanceof URLSearchParams) {
    if (!Object.hasOwn(headers, "content-type")) headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    body = body.toString();
  }
  // undici's own FormData is another class than the global one; undici takes either (multipartBlob).
  let kind = sender === "undici" && Object.prototype.toString.call(body) === "[object FormData]" ? "form" : kindOf(body);
  if (kind === undefined || UNSENDABLE_KINDS[sender]?.includes(kind)) fail("INVALID_OPTIONS", "data", `cannot be sent by ${sender}`, body);
  let length: number | undefined;
  if (typeof body === "string") {
    framed.bytes = new TextEncoder().encode(body);
    length = framed.bytes.byteLength;
  } else if (body instanceof Uint8Array) length = body.byteLength;
  else if (kind === "blob") {
    length = (body as Blob).size;
    // A Blob's own type is its content-type where the options give none, as fetch sends it
    // (Fetch standard, "extract a body"): every client then sends it, axios too.
    if ((body as Blob).type !== "" && !Object.hasOwn(headers, "content-type")) headers["content-type"] = (body as Blob).type;
  }
  checkLength(headers, length, kind);
  if (kind === "form") {
    checkMultipartType(headers);
    if (sender === "undici") {
      const { blob, contentType } = readForm(body as Iterable<[string, string | Blob]>);
      headers["content-type"] = contentType;
      [body, kind, length] = [blob, "blob", blob.size];
    }
  }
  if (length !== undefined) framed.length = length;
  framed.body = body as ClientBody;
  framed.kind = kind;
  return framed;
}

/**
 * Beside `FormData`, only the client knows the boundary of the content-type (RFC 7578 section 4.1):
 * `multipart/form-data` alone (any case, with white space around it) is dropped for the client to
 * write in full; any other is refused.
 *
 * @throws {@link EndpointError} `INVALID_HEADER_VALUE`
 */
export function checkMultipartType(headers: Record<string, string>): void {
  const given = ownField(headers, "content-type") as string | undefined;
  if (given === undefined) return;
  if (given.trim().toLowerCase() === "multipart/form-data") {
    delete headers["content-type"];
    return;
  }
  fail(
    "INVALID_HEADER_VALUE",
    "headers.content-type",
    "is written by the client beside FormData, with the boundary that frames its parts: leave it out, or give multipart/form-data alone",
    given,
  );
}

/**
 * {@link multipartBlob}, for a `FormData` whose class is not the global one: what reading it throws
 * (it is not iterable, an entry is not a pair of a name and a string or Blob) is `INVALID_OPTIONS`.
 */
function readForm(form: Iterable<[string, string | Blob]>): { blob: Blob; contentType: string } {
  try {
    return multipartBlob(form);
  } catch {
    return fail("INVALID_OPTIONS", "data", "cannot be read as FormData: its entries are not pairs of a name and a string or Blob", form);
  }
}

/** WHATWG HTML's multipart/form-data encoding: a line break in a name or a string value becomes CRLF. */
const crlf = (text: string): string => text.replace(/\r\n|\r|\n/g, "\r\n");

/** WHATWG HTML's multipart/form-data encoding: `"`, CR and LF in a name or a file name, percent-encoded. */
const escapeQuoted = (text: string): string => text.replaceAll("\n", "%0A").replaceAll("\r", "%0D").replaceAll('"', "%22");

/**
 * `FormData` of any realm (Node's, undici's, a browser's) as the multipart body the WHATWG HTML
 * standard's multipart/form-data encoding algorithm writes ("Multipart form data", the algorithm
 * fetch and undici run): one part per entry under a random boundary, names and file names quoted
 * with `"`, CR and LF percent-encoded, line breaks in names and string values as CRLF, a file part's
 * `Content-Type` its type or `application/octet-stream`. A `Blob` holds it, so that its size is the
 * content-length.
 */
export function multipartBlob(form: Iterable<[string, string | Blob]>): { blob: Blob; contentType: string } {
  const random = crypto.getRandomValues(new Uint8Array(12));
  const boundary = `----rest-endpoint-${Array.from(random, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
  const parts: (string | Blob)[] = [];
  for (const [name, value] of form) {
    if (typeof name !== "string" || (typeof value !== "string" && !(value instanceof Blob))) throw new TypeError("not a FormData entry");
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuoted(crlf(name))}"`;
    if (typeof value === "string") parts.push(`${head}\r\n\r\n${crlf(value)}\r\n`);
    else
      parts.push(
        `${head}; filename="${escapeQuoted((value as { name?: string }).name ?? "blob")}"\r\nContent-Type: ${value.type || "application/octet-stream"}\r\n\r\n`,
        value,
        "\r\n",
      );
  }
  parts.push(`--${boundary}--\r\n`);
  return { blob: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** JSON text of a body, or `INVALID_OPTIONS` for what JSON cannot hold. */
function toJson(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch {
    fail("INVALID_OPTIONS", "data", "cannot be serialised as JSON: it holds a circular reference, a BigInt or a toJSON that throws", body);
  }
}

function kindOf(body: unknown): Kind | undefined {
  if (typeof body === "string" || body instanceof Uint8Array) return "bytes";
  if (typeof body !== "object" || body === null) return undefined;
  if (body instanceof Blob) return "blob";
  if (body instanceof FormData) return "form";
  if (body instanceof ReadableStream) return "web stream";
  if (typeof (body as { pipe?: unknown }).pipe === "function") return "node stream";
  return Symbol.asyncIterator in body ? "async iterable" : undefined;
}

/**
 * A `content-length` in the options must be the body's length in bytes (RFC 9110 section 8.6); next
 * to a body whose length is known only once it is sent (`length` undefined), it cannot be checked.
 */
function checkLength(headers: Record<string, string>, length: number | undefined, kind: Kind | undefined): void {
  const given = ownField(headers, "content-length");
  if (given === undefined || given === String(length)) return;
  fail(
    "INVALID_HEADER_VALUE",
    "headers.content-length",
    length === undefined
      ? `cannot be checked against a ${kind!} body, whose length is known only once it is sent; leave it out, the client frames the body`
      : `must be the body's ${length} bytes or be left out (the client counts them)`,
    given,
  );
}

/** A body a client has to read as a stream: fetch then needs `duplex: "half"` (Fetch standard). */
export function isStreaming(kind: Kind | undefined): boolean {
  return kind === "web stream" || kind === "async iterable" || kind === "node stream";
}
