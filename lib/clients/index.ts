/**
 * Converters from request options to the arguments of each HTTP client: `rest-endpoint/clients`.
 *
 * Each converter owns the request's framing (RFC 9112 section 6; the rules are in docs/clients.md):
 * header names are matched in any case, a `transfer-encoding` field is an error (the client chooses
 * it), a `content-length` that contradicts the bytes sent, or that comes with a body whose length
 * is unknown until it is sent (a stream, `FormData`), is an error, and no converter lets its client
 * invent a content-type the options do not have. Every body kind a converter accepts was sent by the real client to a server on 127.0.0.1
 * ([clients.test.ts](https://github.com/rest-endpoint/rest-endpoint/blob/main/__tests__/clients/clients.test.ts)); the others throw `EndpointError` with code `INVALID_OPTIONS`.
 *
 * @module clients
 */
import { frame, isStreaming, ownField, type ClientBody, type Framed } from "./framing.js";
import type { RequestOptions } from "../core/types.js";
import { isPlainRecord } from "../core/values.js";

export type { ClientBody } from "./framing.js";

/** The options every converter starts from: method, header fields and body, as clients take them. */
export interface ClientRequest {
  /** The method, upper-cased: `"PATCH"`. */
  method: string;
  /** Header fields, lowercase names. */
  headers: Record<string, string>;
  /** The body; absent when there is none. */
  body?: ClientBody;
}

/**
 * undici's `request()` options as `toUndici` fills them: assignable to undici's own (its
 * `Dispatcher.RequestOptions`, undici 7), written here without importing them, so that
 * `request(...toUndici(options))` compiles (docs/clients.md, "undici").
 */
export interface UndiciOptions {
  /** The method, upper-cased: `"PATCH"`. */
  method: string;
  /** Header fields, lowercase names. */
  headers: Record<string, string>;
  /**
   * The body; absent when there is none. Typed `string | Uint8Array`, which undici's types declare
   * (`string | Buffer | Uint8Array | Readable | null | FormData`), so that the spread compiles. At
   * run time it is any {@link ClientBody} but `FormData`: a `Blob` (a `FormData` is written as a
   * multipart `Blob`, docs/clients.md), a web `ReadableStream`, an async iterable or a Node
   * `Readable` given as `data` is passed as it is, and undici's `request()` sends each (tested with
   * undici on 127.0.0.1), though its types do not declare the first three. Read it as `ClientBody`
   * where the options may hold one of those.
   */
  body?: string | Uint8Array;
  /** `request.signal`, when the options have one: the client aborts the request with it. */
  signal?: ClientSignal;
}

/**
 * got's options as `toGot` fills them: assignable to got's own (`OptionsInit`, got 14), written
 * here without importing them, so that `got(...toGot(options))` compiles (docs/clients.md, "got").
 */
export interface GotOptions {
  /**
   * The method, upper-cased: `"PATCH"`. Typed as got's `Method` union declares methods, so that
   * the spread compiles. At run time it is the options' method, whichever it is: got sends a
   * method its union leaves out as written (`QUERY`, RFC 10008, was sent to a server on
   * 127.0.0.1). Compare it as a `string` where the options may hold one.
   */
  method: "GET" | "POST" | "PUT" | "PATCH" | "HEAD" | "DELETE" | "OPTIONS" | "TRACE";
  /** Header fields, lowercase names. */
  headers: Record<string, string>;
  /**
   * The body; absent when there is none. Typed `string | Uint8Array`, which got's types declare
   * (`string | Buffer | ArrayBufferView | Readable | AsyncIterable | FormDataLike | …`). At run time
   * it is any {@link ClientBody} but a `Blob` (which `toGot` refuses): `FormData`, a web
   * `ReadableStream`, an async iterable or a Node `Readable` given as `data` is passed as it is,
   * and got sends each (tested with got on 127.0.0.1). Read it as `ClientBody` where the options
   * may hold one of those.
   */
  body?: string | Uint8Array;
  /** `request.signal`, when the options have one: the client aborts the request with it. */
  signal?: ClientSignal;
}

/**
 * ky's options as `toKy` fills them: assignable to ky's own `Options`, which are fetch's
 * `RequestInit`, so that `ky(...toKy(options))` compiles (docs/clients.md, "ky").
 */
export interface KyOptions {
  /** The method, upper-cased: `"PATCH"`. */
  method: string;
  /** Header fields, lowercase names. */
  headers: Record<string, string>;
  /**
   * The body; absent when there is none. Typed as the program's fetch types it (`BodyInit` where
   * lib DOM or @types/node declare fetch, else {@link ClientBody}), so that the spread compiles;
   * a byte body is a `Uint8Array` over an `ArrayBuffer`. At run time it is any `ClientBody`: an
   * async iterable or a Node `Readable` given as `data`, which `BodyInit` does not declare, is
   * passed as it is, and fetch under ky sends it (tested with ky on 127.0.0.1).
   */
  body?: NonNullable<FetchInit["body"]>;
  /** `"half"` for a stream body, which fetch (under ky) requires (Fetch standard, `duplex`). */
  duplex?: "half";
  /** `request.signal`, when the options have one: the client aborts the request with it. */
  signal?: ClientSignal;
}

/**
 * fetch's `init` as `toFetch` fills it: `RequestInit` where the program declares `fetch` (lib.dom,
 * @types/node), else the members `toFetch` sets.
 */
export type FetchInit = (typeof globalThis extends {
  /** The program's fetch, whose `init` this is. */
  fetch: (input: never, init?: infer Init) => unknown;
}
  ? NonNullable<Init>
  : {
      /** The method, upper-cased. */
      method?: string;
      /** Header fields, lowercase names. */
      headers?: Record<string, string>;
      /** The body; absent when there is none. */
      body?: ClientBody;
      /** `request.signal`, when the options have one. */
      signal?: unknown;
    }) & {
  /** `"half"` for a stream body, which Node's fetch requires (Fetch standard, `duplex`). */
  duplex?: "half";
};

/**
 * An `AbortSignal`, as the program's fetch types declare it (lib DOM, @types/node), which undici,
 * axios, got, ky and `node:http` take as their `signal` option too: every converter passes
 * `request.signal` as it.
 *
 * @example
 * ```ts
 * const [, init] = toUndici(endpoint("GET /user", { request: { signal: AbortSignal.timeout(5000) } }));
 * // init.signal is that signal: undici aborts the request after 5 s, and sends none already aborted
 * ```
 */
export type ClientSignal = NonNullable<FetchInit["signal"]>;

/**
 * `init` with `request.signal` of `options`, where they have one, as `signal`: every client aborts
 * the request with it (a signal already aborted sends nothing).
 */
function withSignal<T extends object>(init: T, options: RequestOptions): T {
  const request = ownField(options, "request");
  const signal = isPlainRecord(request) ? ownField(request, "signal") : undefined;
  if (signal != null) (init as { signal?: unknown }).signal = signal;
  return init;
}

/** An axios request config as `toAxios` fills it. */
export interface AxiosConfig {
  /** The full URL. */
  url: string;
  /** The method, upper-cased. */
  method: string;
  /** Header fields; `content-type: false` and `accept: false` tell axios to send none. */
  headers: Record<string, string | false>;
  /** The body, already serialised; absent when there is none. */
  data?: ClientBody;
  /**
   * For a text body: axios' transforms replaced by one that passes it on, since axios' own reads
   * any content-type holding `application/json` (`application/jsonl`, `application/json-seq`) as
   * JSON, trimming the text or quoting it as one JSON string.
   */
  transformRequest?: ((data: unknown) => unknown)[];
  /** `request.signal`, when the options have one: the client aborts the request with it. */
  signal?: ClientSignal;
}

/** The options of `node:http` `request(url, options)` as `toNodeHttp` fills them. */
export interface NodeHttpInit {
  /** The method, upper-cased. */
  method: string;
  /** Header fields, with `content-length` in bytes whenever there is a body. */
  headers: Record<string, string>;
  /** `request.signal`, when the options have one: the client aborts the request with it. */
  signal?: ClientSignal;
}

/**
 * fetch's framing, for fetch and ky: a string body goes as bytes where the options have no
 * content-type (fetch would label it `text/plain;charset=UTF-8`), and without the options'
 * `content-length`, which `frame` found to be the body's and fetch counts itself (a forbidden
 * request-header name of the Fetch standard: Node's fetch refuses one once undici 7 is loaded).
 */
function fetchFraming(converted: Framed): Framed {
  if (converted.bytes !== undefined && !Object.hasOwn(converted.headers, "content-type")) converted.body = converted.bytes;
  delete converted.headers["content-length"];
  return converted;
}

/**
 * Converts request options into the arguments of `fetch` (or `new Request`).
 *
 * @param options - request options from `endpoint()`
 * @returns `[url, init]`: `init.method` upper-cased, `init.headers`, `init.body` (JSON serialised,
 *   other `data` as given; `duplex: "half"` for a stream), and `init.signal` from `request.signal`
 * @throws `EndpointError` `INVALID_HEADER_VALUE` for a `transfer-encoding` field (any case), a
 *   `content-length` that contradicts the body, or one next to a stream or `FormData` body;
 *   `INVALID_HEADER_NAME` for a field named twice in different cases; `INVALID_OPTIONS` for `data`
 *   fetch cannot send, or a JSON body that cannot be serialised (circular, a BigInt);
 *   `INVALID_METHOD` for CONNECT (its request target is an authority, RFC 9110 section 9.3.6) and
 *   TRACK (no HTTP method), which clients refuse or never end
 * @example
 * ```ts
 * import { endpoint } from "rest-endpoint";
 * import { toFetch } from "rest-endpoint/clients";
 * const response = await fetch(...toFetch(endpoint("PATCH /user", { bio: "hi" })));
 * // sends PATCH https://api.github.com/user with body {"bio":"hi"}
 * ```
 */
export function toFetch(options: RequestOptions): [url: string, init: FetchInit] {
  const converted = frame(options, "fetch");
  const { method, headers, body } = fetchFraming(converted);
  // `body` is the init's own field, `undefined` where there is none: fetch reads no inherited one.
  const init = { method, headers, body } as FetchInit;
  if (isStreaming(converted.kind)) init.duplex = "half";
  return [options.url, withSignal(init, options)];
}

/**
 * `ClientRequest` without the converter's own bookkeeping; `body` its own field, `undefined` where
 * there is none, so that a client reads no `body` a polluted Object.prototype holds.
 */
function plain({ method, headers, body }: ClientRequest): ClientRequest {
  return { method, headers, body } as ClientRequest;
}

/**
 * Converts request options into the arguments of undici's `request(url, options)`.
 *
 * @returns `[url, { method, headers, body? }]` ({@link UndiciOptions}), the method upper-cased and JSON serialised
 * @throws `EndpointError` as {@link toFetch}
 * @example
 * ```ts
 * import { request } from "undici";
 * const { statusCode } = await request(...toUndici(endpoint("GET /user")));
 * ```
 */
export function toUndici(options: RequestOptions): [url: string, options: UndiciOptions] {
  const framed = frame(options, "undici"); // first: it checks that these are request options
  return [options.url, withSignal(plain(framed) as UndiciOptions, options)];
}

/** axios' `transformRequest` that sends a text body as it is. */
const sendAsGiven = (data: unknown): unknown => data;

/**
 * Converts request options into an axios request config: axios takes the body as `data`. axios
 * labels a body without a content-type `application/x-www-form-urlencoded` (or
 * `application/octet-stream`), and sends its own accept (`application/json, text/plain` and any
 * type) where the options hold none: `content-type: false` and `accept: false` tell it to send
 * none, as the options say.
 *
 * @returns `{ url, method, headers, data?, transformRequest? }`, the body already serialised, so that
 *   axios sends it as given (a text body with a transform that passes it on)
 * @throws `EndpointError` as {@link toFetch}; `INVALID_OPTIONS` for a web `ReadableStream` or
 *   an async iterable that is not a Node stream, which axios cannot send
 * @example
 * ```ts
 * import axios from "axios";
 * const { data } = await axios.request(toAxios(endpoint("GET /user")));
 * ```
 */
export function toAxios(options: RequestOptions): AxiosConfig {
  const { method, headers, body, kind } = frame(options, "axios");
  // `data` the config's own field, `undefined` where there is none (plain()).
  const config = { url: options.url, method, headers, data: body } as AxiosConfig;
  if (!Object.hasOwn(headers, "accept")) config.headers.accept = false;
  if (body !== undefined) {
    if (typeof body == "string") config.transformRequest = [sendAsGiven];
    // FormData's content-type carries the boundary axios writes: only axios can set it.
    if (!Object.hasOwn(headers, "content-type") && kind !== "form") config.headers["content-type"] = false;
  }
  return withSignal(config, options);
}

/**
 * Converts request options into the arguments of `got(url, options)`: got takes the URL apart from
 * its options, and reads a `request` key as its own option, so neither is in them.
 *
 * @returns `[url, { method, headers, body? }]` ({@link GotOptions}), the body already serialised
 * @throws `EndpointError` as {@link toFetch}; `INVALID_OPTIONS` for a `Blob`, which got cannot send
 * @example
 * ```ts
 * import got from "got";
 * const user = await got(...toGot(endpoint("GET /user"))).json();
 * ```
 */
export function toGot(options: RequestOptions): [url: string, options: GotOptions] {
  const framed = frame(options, "got"); // first: it checks that these are request options
  return [options.url, withSignal(plain(framed) as GotOptions, options)];
}

/**
 * Converts request options into the arguments of `ky(url, options)` (ky is built on fetch).
 *
 * @returns `[url, { method, headers, body? }]` ({@link KyOptions}), the body already serialised
 * @throws `EndpointError` as {@link toFetch}
 * @example
 * ```ts
 * import ky from "ky";
 * const user = await ky(...toKy(endpoint("GET /user"))).json();
 * ```
 */
export function toKy(options: RequestOptions): [url: string, options: KyOptions] {
  const converted = frame(options, "ky");
  const init = plain(fetchFraming(converted)) as KyOptions;
  if (isStreaming(converted.kind)) init.duplex = "half";
  return [options.url, withSignal(init, options)];
}

/**
 * Converts request options into the arguments of `node:http`/`node:https` `request(url, options)`
 * and the body to `end()` it with: a string or bytes, with its `content-length` in bytes, so that
 * an empty PUT or PATCH body is sent as `Content-Length: 0`, never chunked.
 *
 * @returns `[url, { method, headers }, body]`, `body` `undefined` when there is none
 * @throws `EndpointError` as {@link toFetch}; `INVALID_OPTIONS` for a stream, a `Blob` or
 *   `FormData`, which `end()` cannot take (pipe a stream into the request yourself)
 * @example
 * ```ts
 * import { request } from "node:https";
 * const [url, init, body] = toNodeHttp(endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }));
 * request(url, init, (response) => response.resume()).end(body);
 * // sends PUT /user/starred/o/r with content-length: 0
 * ```
 */
export function toNodeHttp(options: RequestOptions): [url: string, options: NodeHttpInit, body: string | Uint8Array | undefined] {
  // node:http sends strings and bytes only (the others are refused by frame), whose length is known.
  const { method, headers, body, length } = frame(options, "node:http");
  if (length !== undefined) headers["content-length"] = String(length);
  return [options.url, withSignal<NodeHttpInit>({ method, headers }, options), body as string | Uint8Array | undefined];
}
