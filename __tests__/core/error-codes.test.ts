import { readFileSync } from "node:fs";
import { join } from "node:path";
import { endpoint, type EndpointErrorCode } from "../../lib/index.js";
import { errorOf, withCanParseThrowing } from "../helpers/errors.js";

/** `o` nested `levels` deep: `{ o: { o: … 1 } }`. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { o: value };
  return value;
};

/**
 * One call through the public API per error code of docs/errors.md, with the argument it names and
 * its whole message: changing which code, which argument or which rule a check reports fails a row.
 * A code added to docs/errors.md needs its row here (the last test says so).
 */
const triggers: Record<EndpointErrorCode, [call: () => unknown, argument: string, message: string]> = {
  INVALID_ROUTE: [() => endpoint("GET  /zen" as "GET /zen"), "route", '`route` has a second space; received "GET  /zen" (string)'],
  INVALID_METHOD: [() => endpoint("G@T /x" as "GET /x"), "route", '`route` must be an RFC 9110 token; received "G@T" (string)'],
  INVALID_OPTIONS: [() => endpoint("GET /x", 42 as never), "options", "`options` must be a plain object; received 42 (number)"],
  INVALID_URL: [
    () => endpoint({ url: "javascript:alert(1)" }),
    "url",
    '`url` must be a path, an expression or an http(s) URL; received "javascript:alert(1)" (string)',
  ],
  INVALID_URL_TEMPLATE: [() => endpoint("GET /{" as "GET /"), "url", '`url` has an unclosed "{"; received "/{" (string)'],
  INVALID_BASE_URL: [
    () => endpoint("GET /x", { baseUrl: "ftp://example.com" }),
    "baseUrl",
    '`baseUrl` must be an http(s) URL without query or fragment; received "ftp://example.com" (string)',
  ],
  URL_LEAVES_BASE_URL: [
    () => endpoint("GET https://example.com{+p}", { p: ".evil.example/x" }),
    "url",
    '`url` would change the host; received "https://example.com.evil.example/x" (string)',
  ],
  // @ts-expect-error `owner` is left out on purpose: the run-time error is what is tested
  MISSING_PARAMETER: [() => endpoint("GET /repos/{owner}", {}), "owner", "`owner` is missing: it fills a path segment"],
  INVALID_PATH_SEGMENT: [
    () => endpoint("GET /a/{b}", { b: ".." }),
    "b",
    '`b` fills a path segment: not a dot-segment; received ".." (string)',
  ],
  INVALID_PARAMETER: [() => endpoint("GET /x", { n: Symbol("s") }), "n", "`n` has no URL form; received a Symbol"],
  INVALID_HEADER_NAME: [
    () => endpoint("GET /x", { headers: { "a b": "x" } }),
    "options.headers",
    '`options.headers` has a name not an RFC 9110 token; received "a b" (string)',
  ],
  INVALID_HEADER_VALUE: [
    () => endpoint("GET /x", { headers: { "x-a": "a\nb" } }),
    "options.headers.x-a",
    "`options.headers.x-a` holds U+000A; received a string of 3 characters, not shown",
  ],
  INVALID_MEDIA_TYPE: [
    () => endpoint("GET /x", { mediaType: { format: "a b" } }),
    "options.mediaType.format",
    '`options.mediaType.format` must be a media type name; received "a b" (string)',
  ],
  TOO_DEEP: [() => endpoint("POST /x", { o: nested(65) }), "o", "`o` nests over 64 levels or is circular"],
  INTERNAL_ERROR: [
    // The library's own code failing: URL.canParse made to throw while a baseUrl not seen before is checked.
    () => withCanParseThrowing(new RangeError("injected"), () => endpoint("GET /x", { baseUrl: "https://error-codes.example" })),
    "options",
    'rest-endpoint defect (please report): RangeError "injected"',
  ],
};

describe("each error code, triggered through endpoint()", () => {
  test.each(Object.entries(triggers))("%s", (code, [call, argument, message]) => {
    expect(errorOf(call)).toEqual({ code, argument, message: `${message}. See docs/errors.md#${code.toLowerCase()}` });
  });

  test("a valid neighbour of each trigger gives request options", () => {
    const neighbours = [
      endpoint("GET /zen"),
      endpoint("GET /x"),
      endpoint("GET /x", {}),
      endpoint({ url: "https://example.com/x" }),
      endpoint("GET /{a}", { a: 1 }),
      endpoint("GET /x", { baseUrl: "https://example.com" }),
      endpoint("GET https://example.com{+p}", { p: "/evil.example/x" }),
      endpoint("GET /repos/{owner}", { owner: "o" }),
      endpoint("GET /a/{b}", { b: "..." }),
      endpoint("GET /x", { n: "s" }),
      endpoint("GET /x", { headers: { "a-b": "x" } }),
      endpoint("GET /x", { headers: { "x-a": "a b" } }),
      endpoint("GET /x", { mediaType: { format: "raw" } }),
      endpoint("POST /x", { o: nested(63) }),
    ];
    expect(neighbours.map(({ url }) => url)).toEqual([
      "https://api.github.com/zen",
      "https://api.github.com/x",
      "https://api.github.com/x",
      "https://example.com/x",
      "https://api.github.com/1",
      "https://example.com/x",
      "https://example.com/evil.example/x",
      "https://api.github.com/repos/o",
      "https://api.github.com/a/...",
      "https://api.github.com/x?n=s",
      "https://api.github.com/x",
      "https://api.github.com/x",
      "https://api.github.com/x",
      "https://api.github.com/x",
    ]);
  });

  test("every code docs/errors.md documents has its row above, and no other", () => {
    const documented = [...readFileSync(join(__dirname, "..", "..", "docs", "errors.md"), "utf8").matchAll(/^### `([A-Z_]+)`$/gm)].map(
      ([, code]) => code,
    );
    expect(Object.keys(triggers).sort()).toEqual(documented.sort());
  });
});
