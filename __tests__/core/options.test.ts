import { Readable } from "node:stream";
import { createEndpoint, endpoint, type Target } from "../../lib/index.js";
import { MAX_DEPTH } from "../../lib/core/values.js";
import { headers } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";

describe("header fields", () => {
  test.each([
    [{ "bad name": "x" }, "INVALID_HEADER_NAME"],
    [{ "x:y": "x" }, "INVALID_HEADER_NAME"],
    [{ "": "x" }, "INVALID_HEADER_NAME"],
    [{ "x-ü": "x" }, "INVALID_HEADER_NAME"],
    [{ "X-A": "1", "x-a": "2" }, "INVALID_HEADER_NAME"],
    [{ "x-a": "a\r\nx-injected: 1" }, "INVALID_HEADER_VALUE"],
    [{ "x-a": "a\nb" }, "INVALID_HEADER_VALUE"],
    [{ "x-a": "a\u0000" }, "INVALID_HEADER_VALUE"],
    [{ "x-a": {} }, "INVALID_HEADER_VALUE"],
    [{ "x-a": true }, "INVALID_HEADER_VALUE"],
    [{ "x-a": NaN }, "INVALID_HEADER_VALUE"],
    [{ "x-a": null }, "INVALID_HEADER_VALUE"],
    [{ "x-a": ["a", {}] }, "INVALID_HEADER_VALUE"],
    [{ "x-a": ["a\r"] }, "INVALID_HEADER_VALUE"],
  ])("%j throws %s", (given, code) => {
    expect(errorOf(() => endpoint("GET /", { headers: given as never }))).toMatchObject({
      code,
      argument: "options.headers" + (code === "INVALID_HEADER_VALUE" ? ".x-a" : ""),
    });
  });

  test("numbers become strings and lists one comma-joined value (RFC 9110 section 5.3)", () => {
    expect(endpoint("GET /", { headers: { "Content-Length": 0, "X-List": ["a", 1] } }).headers).toEqual(
      headers({ "content-length": "0", "x-list": "a, 1" }),
    );
  });

  test("headers that are not a plain object are rejected", () => {
    expect(errorOf(() => endpoint("GET /", { headers: "accept: x" as never }))).toMatchObject({
      code: "INVALID_OPTIONS",
      argument: "options.headers",
    });
  });
});

describe("mediaType", () => {
  test.each([
    ["raw", "options.mediaType"],
    [null, "options.mediaType"],
    [["raw"], "options.mediaType"],
    // Not plain objects: read as objects, they would have no format and no previews.
    [new Map([["format", "raw"]]), "options.mediaType"],
    [new Date(0), "options.mediaType"],
    [{ format: "../x" }, "options.mediaType.format"],
    [{ format: 1 }, "options.mediaType.format"],
    [{ format: "a b" }, "options.mediaType.format"],
    [{ format: ".raw" }, "options.mediaType.format"],
    [{ previews: "mercy" }, "options.mediaType.previews"],
    [{ previews: [""] }, "options.mediaType.previews"],
    [{ previews: ["a,b"] }, "options.mediaType.previews"],
    [{ previews: [1] }, "options.mediaType.previews"],
  ])("%j throws INVALID_MEDIA_TYPE", (mediaType, argument) => {
    expect(errorOf(() => endpoint("GET /", { mediaType: mediaType as never }))).toMatchObject({ code: "INVALID_MEDIA_TYPE", argument });
  });

  // A target whose defaults have no accept header field: its request step reads the merged mediaType.
  test.each([
    ["a format", { format: "raw" }, { accept: "[] raw" }],
    ["a preview", { previews: ["mercy"] }, { accept: "[mercy] " }],
    ["a format the target maps to no accept", { format: "none" }, {}],
  ])("%s, with no accept header field at all", (_case, mediaType, accept) => {
    const target: Target = {
      name: "a target without accept",
      defaults: { baseUrl: "http://127.0.0.1:9", headers: { "user-agent": "mine" } },
      request: (request, { format = "", previews = [] }) => {
        if (format !== "none") request.headers.accept = `${request.headers.accept ?? ""}[${[previews].flat().join(",")}] ${String(format)}`;
        return request;
      },
    };
    expect(createEndpoint({}, target)("GET /x", { mediaType })).toEqual({
      method: "get",
      url: "http://127.0.0.1:9/x",
      headers: { ...accept, "user-agent": "mine" },
    });
  });

  test("undefined format and previews are ignored", () => {
    expect(endpoint.merge("GET /", { mediaType: { format: undefined, previews: undefined } as never }).mediaType).toEqual({
      format: "",
      previews: [],
    });
  });
});

describe("options objects", () => {
  test.each([
    ["an array", []],
    ["a class instance", new URLSearchParams("owner=o")],
    ["a string", "owner=o"],
    ["null", null],
  ])("%s as options throws INVALID_OPTIONS", (_kind, options) => {
    expect(errorOf(() => endpoint("GET /", options as never))).toMatchObject({ code: "INVALID_OPTIONS", argument: "options" });
  });

  test.each([
    ["method", 1, "INVALID_METHOD"],
    ["method", "GE T", "INVALID_METHOD"],
    ["url", 1, "INVALID_URL"],
    ["request", "x", "INVALID_OPTIONS"],
  ])("options.%s = %j throws %s", (key, value, code) => {
    expect(errorOf(() => endpoint({ url: "/", [key]: value }))).toMatchObject({ code, argument: `options.${key}` });
  });

  test("defaults are checked the same way", () => {
    expect(errorOf(() => endpoint.defaults({ headers: { "a b": "x" } }))).toMatchObject({
      code: "INVALID_HEADER_NAME",
      argument: "defaults.headers",
    });
  });

  test(`options nested deeper than ${MAX_DEPTH} levels throw TOO_DEEP, never a RangeError`, () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 100_000; i++) deep = { deep };
    expect(errorOf(() => endpoint("POST /", { deep }))).toMatchObject({ code: "TOO_DEEP", argument: "deep" });
    expect(errorOf(() => endpoint.defaults({ request: { deep } }))).toMatchObject({ code: "TOO_DEEP" });
    let fits: Record<string, unknown> = { leaf: 1 };
    for (let i = 1; i < MAX_DEPTH; i++) fits = { fits };
    expect(endpoint("POST /", { fits }).body).toEqual({ fits });
  });

  test("circular options throw TOO_DEEP", () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    const error = errorOf(() => endpoint("POST /", { loop }));
    expect(error).toMatchObject({ code: "TOO_DEEP", argument: "loop" });
    expect(error.message).toContain("or is circular");
    const list: unknown[] = [];
    list.push(list);
    expect(errorOf(() => endpoint.defaults({ list }))).toMatchObject({ code: "TOO_DEEP" });
  });

  test("a shared (not circular) object is fine", () => {
    const shared = { a: 1 };
    expect(endpoint("POST /", { x: shared, y: [shared, shared] }).body).toEqual({ x: { a: 1 }, y: [{ a: 1 }, { a: 1 }] });
  });
});

describe("data is passed through untouched, whatever it is", () => {
  test.each([
    ["a string", "text"],
    ["a Buffer", Buffer.from("bytes")],
    ["a typed array", new Uint16Array([1, 2])],
    ["an ArrayBuffer", new ArrayBuffer(4)],
    ["a stream", Readable.from(["a"])],
    [
      "a circular object",
      ((): object => {
        const loop: Record<string, unknown> = {};
        loop.self = loop;
        return loop;
      })(),
    ],
    ["null", null],
  ])("%s is the body, by identity", (_kind, data) => {
    expect(endpoint("POST /", { data }).body).toBe(data);
    expect(endpoint.defaults({ data }).DEFAULTS.data).toBe(data);
  });
});

describe("request in defaults", () => {
  test("DEFAULTS shows it deeply frozen, merge() a mutable copy, and the caller's object is untouched", () => {
    const request = { retries: 1, hook: { name: "h" } };
    const own = endpoint.defaults({ request });
    const shown = own.DEFAULTS.request as typeof request;
    const merged = own.merge("GET /x").request as typeof request;
    expect([shown, Object.isFrozen(shown), Object.isFrozen(shown.hook)]).toEqual([request, true, true]);
    expect([merged, Object.isFrozen(merged), merged === shown]).toEqual([request, false, false]);
    expect([Object.isFrozen(request), request]).toEqual([false, { retries: 1, hook: { name: "h" } }]);
  });
});

describe("only own enumerable keys are read; __proto__ is ignored, constructor and prototype are data", () => {
  test("from JSON with __proto__ keys, at every level", () => {
    const options = JSON.parse(
      '{"__proto__": {"baseUrl": "https://evil.example"}, "constructor": {"x": 1}, "prototype": 1, "owner": "o", "headers": {"__proto__": {"authorization": "token evil"}, "x-a": "1"}, "nested": {"__proto__": {"polluted": true}, "ok": 1}}',
    ) as Record<string, unknown>;
    const withAuth = endpoint.defaults({ headers: { authorization: "token good" } });
    // @ts-expect-error JSON.parse gives values of unknown type: the run-time reading is what is tested
    expect(withAuth("POST /repos/{owner}", options)).toEqual({
      method: "post",
      url: "https://api.github.com/repos/o",
      headers: headers({ authorization: "token good", "x-a": "1", "content-type": "application/json; charset=utf-8" }),
      body: { constructor: { x: 1 }, prototype: 1, nested: { ok: 1 } },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("inherited, non-enumerable and symbol keys are not options", () => {
    const options = Object.create({ owner: "inherited", data: "inherited" }) as Record<string | symbol, unknown>;
    Object.defineProperty(options, "hidden", { value: 1, enumerable: false });
    options[Symbol("data")] = "symbol";
    options.repo = "r";
    expect(endpoint("POST /x", options).body).toEqual({ repo: "r" });
    expect(endpoint("GET /x", { headers: { [Symbol("x-a")]: "v" } }).headers).toEqual(headers());
  });

  test("a polluted Object.prototype changes no result", () => {
    const plain = (): unknown => [
      endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { authorization: "token a" } }),
      endpoint("POST /x", { a: 1, request: { timeout: 1 } }),
      endpoint.defaults({ headers: { authorization: "token b" }, request: { signal: "s" } })("PUT /x", { request: { retries: 1 } }),
      endpoint.merge("PATCH /x", { mediaType: { previews: ["mercy"] } }),
      // Parameters alone: the options object is copied whole and becomes the parameters.
      endpoint("GET /search/issues", { q: "is:open", per_page: 1 }),
      endpoint("POST /x", { title: "t" }),
      endpoint.defaults({ per_page: 2 })("GET /x", { q: "y" }),
    ];
    const before = plain();
    const keys = [
      "data",
      "request",
      "headers",
      "baseUrl",
      "url",
      "method",
      "mediaType",
      "body",
      "authorization",
      "signal",
      "retries",
      "previews",
      "format",
      "accept",
      "owner",
      "a",
      "q",
      "per_page",
      "title",
      "polluted",
    ];
    const proto = Object.prototype as Record<string, unknown>;
    try {
      for (const key of keys) proto[key] = `polluted-${key}`;
      expect(plain()).toEqual(before);
    } finally {
      for (const key of keys) Reflect.deleteProperty(proto, key);
    }
  });
});
