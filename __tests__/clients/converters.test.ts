// The converters of rest-endpoint/clients in process: what each gives its client (the real
// clients on 127.0.0.1 are clients.test.ts).
import { Readable } from "node:stream";
import { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici } from "../../lib/clients/index.js";
import { createEndpoint, endpoint } from "../../lib/index.js";
import { headers, JSON_TYPE } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";

describe("converters from request options to each client's arguments", () => {
  const post = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug" });
  const url = "https://api.github.com/repos/o/r/issues";
  const json = '{"title":"Bug"}';

  test("toFetch upper-cases the method, serialises JSON and passes request.signal", () => {
    const signal = new AbortController().signal;
    expect(toFetch({ ...post, request: { signal } })).toEqual([url, { method: "POST", headers: headers(JSON_TYPE), body: json, signal }]);
    expect(toFetch(endpoint("GET /user"))).toEqual(["https://api.github.com/user", { method: "GET", headers: headers() }]);
  });

  test("every converter passes request.signal as the client's signal option, and none where the options have none", () => {
    const signal = new AbortController().signal;
    const withSignal = { ...post, request: { signal } };
    expect(toUndici(withSignal)).toEqual([url, { method: "POST", headers: headers(JSON_TYPE), body: json, signal }]);
    expect(toGot(withSignal)).toEqual([url, { method: "POST", headers: headers(JSON_TYPE), body: json, signal }]);
    expect(toKy(withSignal)).toEqual([url, { method: "POST", headers: headers(JSON_TYPE), body: json, signal }]);
    expect(toAxios(withSignal).signal).toBe(signal);
    expect(toNodeHttp(withSignal)[1]).toEqual({ method: "POST", headers: headers({ ...JSON_TYPE, "content-length": "15" }), signal });
    for (const convert of [toFetch, toUndici, toGot, toKy, toNodeHttp]) expect(convert(post)[1]).not.toHaveProperty("signal");
    expect(toAxios(post)).not.toHaveProperty("signal");
    // A `request.signal` of null is none (got refuses a null signal).
    expect(toGot({ ...post, request: { signal: null } })[1]).not.toHaveProperty("signal");
  });

  test("toFetch passes data as given and marks a stream body duplex: half", () => {
    const bytes = new Uint8Array([1]);
    expect(toFetch(endpoint("POST /x", { data: bytes }))[1].body).toBe(bytes);
    const stream = Readable.from(["a"]);
    expect(toFetch(endpoint("POST /x", { data: stream }))[1]).toEqual({ method: "POST", headers: headers(), body: stream, duplex: "half" });
    const web = new ReadableStream();
    expect(toFetch(endpoint("POST /x", { data: web }))[1].duplex).toBe("half");
  });

  test("toUndici, toGot and toKy give [url, { method, headers, body }]", () => {
    for (const convert of [toUndici, toGot, toKy])
      expect(convert(post)).toEqual([url, { method: "POST", headers: headers(JSON_TYPE), body: json }]);
    expect(toUndici(endpoint("PUT /x"))[1].body).toBe("");
  });

  test("toAxios puts the body in data; a text body with a transform that passes it on as it is", () => {
    const asGiven = [expect.any(Function) as unknown];
    expect(toAxios(post)).toEqual({ url, method: "POST", headers: headers(JSON_TYPE), data: json, transformRequest: asGiven });
    expect(toAxios(endpoint("GET /user"))).toEqual({ url: "https://api.github.com/user", method: "GET", headers: headers() });
    expect(toAxios(endpoint("PUT /user/starred/o/r"))).toEqual({
      url: "https://api.github.com/user/starred/o/r",
      method: "PUT",
      headers: { ...headers(), "content-type": false },
      data: "",
      transformRequest: asGiven,
    });
    const bytes = toAxios(endpoint("POST /x", { data: new Uint8Array([1]) }));
    expect(bytes.transformRequest).toBeUndefined();
    expect(toAxios(post).transformRequest![0]!(' {"a":1}\n')).toBe(' {"a":1}\n');
  });

  test("toAxios tells axios to send no accept where the options hold none; a typed Blob's type is every converter's content-type", () => {
    const api = createEndpoint({ baseUrl: "https://api.example.com" });
    expect(toAxios(api("GET /x")).headers).toEqual({ "user-agent": headers()["user-agent"], accept: false });
    expect(toAxios(endpoint("GET /x")).headers.accept).toBe(headers().accept);
    const blob = new Blob(["b"], { type: "text/x-blob" });
    for (const convert of [toFetch, toUndici, toKy])
      expect(convert(api("POST /x", { data: blob }))[1].headers).toHaveProperty("content-type", "text/x-blob");
    expect(toAxios(api("POST /x", { data: blob })).headers["content-type"]).toBe("text/x-blob");
    // The options' own content-type wins, and a Blob without a type gets none.
    expect(toFetch(api("POST /x", { data: blob, headers: { "content-type": "text/plain" } }))[1].headers).toHaveProperty(
      "content-type",
      "text/plain",
    );
    expect(toFetch(api("POST /x", { data: new Blob(["b"]) }))[1].headers).not.toHaveProperty("content-type");
  });

  test("toFetch and toKy leave a content-length that is the body's to fetch, which counts it; the others send it", () => {
    const counted = endpoint("POST /x", { data: "abc", headers: { "content-length": 3 } });
    expect([toFetch(counted)[1].headers, toKy(counted)[1].headers]).toEqual([headers(), headers()]);
    for (const convert of [toUndici, toGot, toNodeHttp]) expect(convert(counted)[1].headers).toHaveProperty("content-length", "3");
    expect(toAxios(counted).headers).toHaveProperty("content-length", "3");
  });

  test("toFetch and toKy send an empty body as empty bytes, so that no content-type is invented", () => {
    expect(toFetch(endpoint("PATCH /x"))[1].body).toEqual(new Uint8Array(0));
    expect(toKy(endpoint("PUT /x"))[1].body).toEqual(new Uint8Array(0));
  });

  test("toNodeHttp adds the content-length in bytes of a string or byte body", () => {
    expect(toNodeHttp(endpoint("PUT /user/starred/o/r"))).toEqual([
      "https://api.github.com/user/starred/o/r",
      { method: "PUT", headers: headers({ "content-length": "0" }) },
      "",
    ]);
    expect(toNodeHttp(endpoint("POST /x", { data: "é" }))[1].headers["content-length"]).toBe("2");
    expect(toNodeHttp(endpoint("POST /x", { data: new Uint8Array(3) }))[1].headers["content-length"]).toBe("3");
    expect(toNodeHttp(endpoint("POST /x", { data: new ArrayBuffer(5) }))[1].headers["content-length"]).toBe("5");
    expect(toNodeHttp(endpoint("POST /x", { data: "abc", headers: { "content-length": 3 } }))[1].headers["content-length"]).toBe("3");
    expect(toNodeHttp(endpoint("GET /x"))).toEqual(["https://api.github.com/x", { method: "GET", headers: headers() }, undefined]);
  });

  test("no converter changes the request options", () => {
    const before = structuredClone(post);
    for (const convert of [toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp]) convert(post);
    expect(post).toEqual(before);
  });
});

// A fresh-eyes battery: the converters read `options.body` and the framing fields of the headers
// through the prototype, so that `Object.prototype.body` was sent as the body of a DELETE printed
// without one, and `Object.prototype["content-length"]` refused every request.
describe("a field of a polluted Object.prototype changes no converter's output", () => {
  const converters = { toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp };
  const calls = [
    endpoint("POST /x", { a: 1 }),
    endpoint("POST /x", { data: new URLSearchParams({ a: "b" }) }),
    endpoint("POST /x", { data: new Blob(["b"], { type: "text/x-blob" }) }),
    endpoint("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" }),
    createEndpoint({ baseUrl: "https://api.example.com" })("GET /x"),
  ];
  const FIELDS = [
    "body",
    "content-length",
    "content-type",
    "transfer-encoding",
    "accept",
    "method",
    "url",
    "headers",
    "request",
    "signal",
    "data",
  ];
  /**
   * What each converter gives each call, as text (a function as its source), or the refusal's code;
   * and the body a client reads of it (`body`, axios' `data`), inherited fields included, as a
   * client reads its options (a review found undici and fetch sending an inherited `body`).
   */
  const outputs = (): string[] =>
    Object.entries(converters).flatMap(([name, convert]) =>
      calls.map((call) => {
        try {
          const converted = convert(call);
          const init = (Array.isArray(converted) ? converted[1] : converted) as { body?: unknown; data?: unknown };
          // node:http takes no body in its options: toNodeHttp gives it apart, to `end()`.
          const read = String(name === "toAxios" ? init.data : name === "toNodeHttp" ? (converted as unknown[])[2] : init.body);
          return `${name} ${read} ${JSON.stringify(converted, (_key, value: unknown) => (typeof value === "function" ? String(value) : value))}`;
        } catch (error) {
          return `${name} ${(error as { code?: string }).code ?? String(error)}`;
        }
      }),
    );
  const clean = outputs();

  test.each(FIELDS)("Object.prototype[%j]", (field) => {
    Object.defineProperty(Object.prototype, field, {
      value: field === "content-length" ? "999" : '{"injected":true}',
      configurable: true,
      writable: true,
    });
    try {
      expect(outputs()).toEqual(clean);
    } finally {
      Reflect.deleteProperty(Object.prototype, field);
    }
  });
});

describe("a field of the message or connection the client writes itself is refused by every converter", () => {
  test.each([
    ["Transfer-Encoding", "chunked", "framing (RFC 9112 section 6.1)"],
    ["keep-alive", "timeout=5", "connection option (RFC 9110 section 7.6.1)"],
    ["Upgrade", "websocket", "protocol switch (RFC 9110 section 7.8)"],
    ["expect", "100-continue", "expectation (RFC 9110 section 10.1.1)"],
    ["Trailer", "x-t", "announcement of trailer fields (RFC 9110 section 6.6.2)"],
  ])("%s", (name, value, rule) => {
    const options = endpoint("POST /x", { data: "abc", headers: { [name]: value } });
    for (const convert of [toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp])
      expect(errorOf(() => convert(options))).toMatchObject({
        code: "INVALID_HEADER_VALUE",
        argument: `headers.${name.toLowerCase()}`,
        message: expect.stringContaining(`is the client's ${rule}, not the request's, and must be left out`) as unknown,
      });
  });
});
