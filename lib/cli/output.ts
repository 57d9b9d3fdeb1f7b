import { quote as shellQuote } from "shlex";
import { frame } from "../clients/framing.js";
import { toFetch } from "../clients/index.js";
import type { RequestOptions } from "../core/types.js";
import { UsageError } from "./usage.js";

/** curl sends `Expect: 100-continue` and waits for the server before a body this large. */
const CURL_EXPECT_THRESHOLD = 1024 * 1024;

/**
 * Linux takes one argument of at most 128 KiB (MAX_ARG_STRLEN): a larger body is piped to curl
 * by the shell's own `printf`, which no exec limit applies to.
 */
const ARGUMENT_LIMIT = 100 * 1024;

/**
 * A curl command that sends exactly the request the options describe, framed by the same rules as
 * the client converters (`frame`: no `transfer-encoding`, a `content-length` only when it is the
 * body's length), each word quoted as a browser's "Copy as cURL" quotes it (single quotes around a
 * whole word that needs them):
 *
 * - `--globoff`, so that `[`, `]`, `{`, `}` in the URL are not curl globs;
 * - `--data-raw`, so that a body beginning with `@` is not read as a file name; a body of 100 KiB or
 *   more comes from the shell's `printf` through a pipe (`--data-binary @-`), as no argument may be
 *   that long;
 * - `--header 'name;'` for an empty field value, which `--header 'name: '` would drop;
 * - `--header 'accept:'` for options without `accept`, where curl would add its default `Accept`;
 * - `--header 'content-type:'` for a body without a content-type, where curl would add
 *   `application/x-www-form-urlencoded`, and `--header 'expect:'` for a body of 1 MiB or more.
 *
 * A body holding NUL is refused: no shell word can carry it, and curl would send the body cut short.
 */
function toCurl(options: RequestOptions, bodyFile?: string): string {
  const { method, headers, body, length = 0 } = frame(options, "curl");
  const words = ["curl", "--silent", "--show-error", "--globoff"];
  if (method === "HEAD") words.push("--head");
  else if (method !== "GET") words.push("--request", method);
  for (const [name, value] of Object.entries(headers)) words.push("--header", value === "" ? `${name};` : `${name}: ${value}`);
  // Options without `accept` (another API's, createEndpoint): curl would send its own `Accept: */*`.
  if (!Object.hasOwn(headers, "accept")) words.push("--header", "accept:");
  if (body === undefined) {
    words.push(options.url);
    return words.map((word) => shellQuote(word)).join(" ");
  }
  // A body: curl would add its own `Content-Type`, and `Expect: 100-continue` from CURL_EXPECT_THRESHOLD.
  if (!Object.hasOwn(headers, "content-type")) words.push("--header", "content-type:");
  if (length >= CURL_EXPECT_THRESHOLD && !Object.hasOwn(headers, "expect")) words.push("--header", "expect:");
  if (body instanceof Uint8Array && bodyFile !== undefined) {
    // The bytes of the `@file` item: curl reads them from the file itself, as they are. "@-" would
    // be curl's standard input.
    words.push("--data-binary", `@${bodyFile === "-" ? "./-" : bodyFile}`, options.url);
    return words.map((word) => shellQuote(word)).join(" ");
  }
  if (typeof body !== "string") throw new UsageError("a binary body cannot be printed as a curl command; use --format fetch");
  if (body.includes("\0")) {
    throw new UsageError("the body holds NUL (U+0000), which no shell word can carry (curl would send it cut short); use --format fetch");
  }
  const piped = length >= ARGUMENT_LIMIT;
  words.push(...(piped ? ["--data-binary", "@-"] : ["--data-raw", body]));
  words.push(options.url);
  const command = words.map((word) => shellQuote(word)).join(" ");
  return piped ? `printf %s ${shellQuote(body)} | ${command}` : command;
}

/** The request options as indented JSON; a body of bytes (an `@file` item's) as `{ "base64": "…" }`. */
function toJson(options: RequestOptions): string {
  return JSON.stringify(
    options,
    (key, value: unknown) => (key === "body" && value instanceof Uint8Array ? { base64: Buffer.from(value).toString("base64") } : value),
    2,
  );
}

/** A JavaScript module that sends the request options with fetch, through `toFetch`; a body of bytes as those bytes. */
function toFetchSnippet(options: RequestOptions): string {
  const [url, init] = toFetch(options);
  const { body } = options;
  const bytes = body instanceof Uint8Array;
  return [
    // toFetch always sets the method (the framing refuses options without one).
    `// ${init.method as string} ${url}`,
    'import { toFetch } from "rest-endpoint/clients";',
    "",
    `const options = ${JSON.stringify(bytes ? { ...options, body: undefined } : options, null, 2)};`,
    ...(bytes
      ? [
          `// The body: ${body.byteLength} bytes, written in base64.`,
          `options.body = Uint8Array.from(atob(${JSON.stringify(Buffer.from(body).toString("base64"))}), (c) => c.charCodeAt(0));`,
        ]
      : []),
    "const response = await fetch(...toFetch(options));",
    "console.log(response.status, await response.text());",
  ].join("\n");
}

/**
 * `--format`'s outputs: the request options as indented JSON, a curl command, a fetch snippet;
 * `bodyFile`, the file an `@file` item read, whose bytes are the body.
 */
export const FORMATS: Record<string, ((options: RequestOptions, bodyFile?: string) => string) | undefined> = {
  json: toJson,
  curl: toCurl,
  fetch: toFetchSnippet,
};
