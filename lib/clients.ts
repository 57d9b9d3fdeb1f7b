/**
 * Converters from request options to the arguments of each HTTP client: `rest-endpoint/clients`.
 *
 * @module clients
 */
import { isPlainRecord } from "./values.js";
import type { RequestOptions } from "./types.js";

/** A request body as HTTP clients take it: JSON already serialised, anything else as given. */
export type ClientBody = string | Uint8Array | ArrayBuffer | Blob | ReadableStream | AsyncIterable<Uint8Array> | URLSearchParams | FormData;

/** The options undici, got and ky take (and what every converter starts from). */
export interface ClientRequest {
  /** The method, upper-cased: `"PATCH"`. */
  method: string;
  /** Header fields, lowercase names. */
  headers: Record<string, string>;
  /** The body: JSON serialised, other `data` as given; absent when there is none. */
  body?: ClientBody;
}

/** fetch's `init` as `toFetch` fills it. */
export type FetchInit = RequestInit & {
  /** `"half"` for a stream body, which Node's fetch requires (Fetch standard, `duplex`). */
  duplex?: "half";
};

/** An axios request config as `toAxios` fills it. */
export interface AxiosConfig {
  /** The full URL. */
  url: string;
  /** The method, upper-cased. */
  method: string;
  /** Header fields; `content-type: false` tells axios to send none. */
  headers: Record<string, string | false>;
  /** The body, already serialised; absent when there is none. */
  data?: ClientBody;
}

/** The options of `node:http` `request(url, options)` as `toNodeHttp` fills them. */
export interface NodeHttpInit {
  /** The method, upper-cased. */
  method: string;
  /** Header fields, with `content-length` for a string or byte body. */
  headers: Record<string, string>;
}

type Converted = ClientRequest;

/**
 * The parts every client needs. The method is upper-cased: RFC 9110 methods are case-sensitive
 * and fetch sends `patch` as written (Node's own server answers 400 to it). A JSON body (plain
 * object or array) is serialised with `JSON.stringify`; `data` of any other kind passes as given.
 */
function convert(options: RequestOptions): Converted {
  const converted: Converted = { method: options.method.toUpperCase(), headers: { ...options.headers } };
  const { body } = options;
  if (body !== undefined) converted.body = Array.isArray(body) || isPlainRecord(body) ? JSON.stringify(body) : (body as ClientBody);
  return converted;
}

/**
 * fetch (and ky on it) would label an empty string body `text/plain;charset=UTF-8`; an empty byte
 * array sends the same `Content-Length: 0` with no invented content-type.
 */
function withoutEmptyText(converted: Converted): Converted {
  if (converted.body === "") converted.body = new Uint8Array(0);
  return converted;
}

/** A body a client has to read as a stream: fetch then needs `duplex: "half"` (Fetch standard). */
function isStream(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    (Symbol.asyncIterator in body || typeof (body as { getReader?: unknown }).getReader === "function")
  );
}

/**
 * Converts request options into the arguments of `fetch` (or `new Request`).
 *
 * @param options - request options from `endpoint()`
 * @returns `[url, init]`: `init.method` upper-cased, `init.headers`, `init.body` (JSON serialised,
 *   other `data` as given; `duplex: "half"` for a stream), and `init.signal` from `request.signal`
 * @example
 * ```ts
 * import { endpoint } from "rest-endpoint";
 * import { toFetch } from "rest-endpoint/clients";
 * const response = await fetch(...toFetch(endpoint("PATCH /user", { bio: "hi" })));
 * // sends PATCH https://api.github.com/user with body {"bio":"hi"}
 * ```
 */
export function toFetch(options: RequestOptions): [url: string, init: FetchInit] {
  const { method, headers, body } = withoutEmptyText(convert(options));
  const init: FetchInit = { method, headers };
  if (body !== undefined) init.body = body as BodyInit;
  if (isStream(body)) init.duplex = "half";
  const signal = options.request?.signal;
  if (signal !== undefined) init.signal = signal as AbortSignal;
  return [options.url, init];
}

/**
 * Converts request options into the arguments of undici's `request(url, options)`.
 *
 * @returns `[url, { method, headers, body? }]`, the method upper-cased and JSON serialised
 * @example
 * ```ts
 * import { request } from "undici";
 * const { statusCode } = await request(...toUndici(endpoint("GET /user")));
 * ```
 */
export function toUndici(options: RequestOptions): [url: string, options: ClientRequest] {
  return [options.url, convert(options)];
}

/**
 * Converts request options into an axios request config: axios takes the body as `data`.
 * axios labels any body without a content-type `application/x-www-form-urlencoded`; for the empty
 * body of a PUT or PATCH, `content-type: false` tells it to send none.
 *
 * @returns `{ url, method, headers, data? }`, the body already serialised, so that axios sends it as given
 * @example
 * ```ts
 * import axios from "axios";
 * const { data } = await axios.request(toAxios(endpoint("GET /user")));
 * ```
 */
export function toAxios(options: RequestOptions): AxiosConfig {
  const { method, headers, body } = convert(options);
  const config: AxiosConfig = { url: options.url, method, headers };
  if (body !== undefined) config.data = body;
  if (body === "" && !Object.hasOwn(headers, "content-type")) config.headers["content-type"] = false;
  return config;
}

/**
 * Converts request options into the arguments of `got(url, options)`: got takes the URL apart from
 * its options, and reads a `request` key as its own option, so neither is in them.
 *
 * @returns `[url, { method, headers, body? }]`, the body already serialised
 * @example
 * ```ts
 * import got from "got";
 * const user = await got(...toGot(endpoint("GET /user"))).json();
 * ```
 */
export function toGot(options: RequestOptions): [url: string, options: ClientRequest] {
  return [options.url, convert(options)];
}

/**
 * Converts request options into the arguments of `ky(url, options)` (ky is built on fetch).
 *
 * @returns `[url, { method, headers, body? }]`, the body already serialised
 * @example
 * ```ts
 * import ky from "ky";
 * const user = await ky(...toKy(endpoint("GET /user"))).json();
 * ```
 */
export function toKy(options: RequestOptions): [url: string, options: ClientRequest] {
  return [options.url, withoutEmptyText(convert(options))];
}

/**
 * Converts request options into the arguments of `node:http`/`node:https` `request(url, options)`
 * and the body to `end()` it with. A string or byte body gets its `content-length` (in bytes) unless
 * one was given, so that an empty PUT or PATCH body is sent as `Content-Length: 0`, not chunked.
 *
 * @returns `[url, { method, headers }, body]`, `body` `undefined` when there is none
 * @example
 * ```ts
 * import { request } from "node:https";
 * const [url, init, body] = toNodeHttp(endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }));
 * request(url, init, (response) => response.resume()).end(body);
 * // sends PUT /user/starred/o/r with content-length: 0
 * ```
 */
export function toNodeHttp(options: RequestOptions): [url: string, options: NodeHttpInit, body: ClientBody | undefined] {
  const { method, headers, body } = convert(options);
  if (!Object.hasOwn(headers, "content-length")) {
    if (typeof body === "string") headers["content-length"] = String(new TextEncoder().encode(body).length);
    else if (body instanceof Uint8Array || body instanceof ArrayBuffer) headers["content-length"] = String(body.byteLength);
  }
  return [options.url, { method, headers }, body];
}
