import { join } from "node:path";
import { endpoint } from "../../lib/index.js";
import { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici } from "../../lib/clients/index.js";
import { withQueries, type Queries } from "../../lib/openapi/queries.js";
import { DescriptionError, readDescription } from "../../lib/openapi/read.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap } from "../../lib/openapi/write.js";
import { errorOf } from "../helpers/errors.js";
import { startRecordingServer } from "../helpers/recording-server.js";

// OpenAPI 3.2 (issue 39, item 2): the `query` operation, additionalOperations, `in: querystring` and
// itemSchema, from the specification's own examples (__tests__/fixtures/openapi/oas32/PROVENANCE.md);
// oas32.slow.test.ts type-checks calls through the map and runs the CLI on refused descriptions.
const file = join(__dirname, "..", "fixtures", "openapi", "oas32", "oas32.yaml");
const mapOf = (spec: object) => generateRouteMap(checkShapes({ ...spec }, "oas32.json"), { header: () => "", withQueries: true });
const queriesOf = (module: string): Queries => JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(module)?.[1] ?? ""}}`) as Queries;
const described = (paths: object, components: object = {}) => ({ openapi: "3.2.0", info: { title: "T", version: "1" }, paths, components });

let queries: Queries;
let listing: ReturnType<typeof generateRouteMap>["listing"];
beforeAll(async () => {
  const map = generateRouteMap((await readDescription(file)).spec, { header: () => "", withQueries: true });
  queries = queriesOf(map.module);
  listing = map.listing;
});
const base = endpoint.defaults({ baseUrl: "https://example.com" });
const api = () => withQueries(base, queries);
/** The headers every call here sends (endpoint's defaults). */
const HEADERS = base("GET /").headers;

const LOG = [
  { timestamp: "1985-04-12T23:20:50.52Z", level: 1, message: "Hi!" },
  { timestamp: "1985-04-12T23:20:51.37Z", level: 1, message: "Bye!" },
];

describe("the specification's examples as routes", () => {
  test("each operation is a route: QUERY from `query`, COPY from additionalOperations, a querystring under its name, a sequence as `data`", () => {
    expect(listing).toEqual({
      "GET /pets/{id}": ["", ["id", "path", "readonly string[]", 1]],
      "COPY /pets/{id}": ["", ["id", "path", "readonly string[]", 1]],
      "GET /foo": ["", ["json", "querystring", "{ numbers?: readonly number[]; flag?: boolean | null }", 0]],
      "GET /foo/form": ["", ["form", "querystring", "{ foo?: string; bar?: boolean }", 0]],
      "GET /foo/selector": ["", ["selector", "querystring", "string", 0]],
      "POST /logs": ["", ["data", "data", "readonly ({ timestamp?: string | Date; level?: number; message?: string })[]", 1]],
      "QUERY /pets": ["", ["kind", "body", '"cat" | "dog"', 1], ["limit", "body", "number", 0]],
    });
    expect(queries).toEqual({
      "GET /foo": { template: "GET /foo", querystring: { name: "json", as: "json" } },
      "GET /foo/form": { template: "GET /foo/form", querystring: { name: "form", as: "form" } },
      "GET /foo/selector": { template: "GET /foo/selector", querystring: { name: "selector", as: "string" } },
      "POST /logs": { template: "POST /logs", contentType: "application/json-seq", sequence: true },
    });
  });

  test.each([
    // dataValue → serializedValue, each the specification's.
    [
      "JSON for the entire string",
      "GET /foo",
      { json: { numbers: [1, 2], flag: null } },
      "/foo?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D",
    ],
    ["regular form encoding", "GET /foo/form", { form: { foo: "a + b", bar: true } }, "/foo/form?foo=a+%2B+b&bar=true"],
    ["JSONPath", "GET /foo/selector", { selector: "$.a.b[1:1]" }, "/foo/selector?%24.a.b%5B1%3A1%5D"],
    ["no value, no query", "GET /foo", {}, "/foo"],
    ["null, no query", "GET /foo/form", { form: null }, "/foo/form"],
    ["a form without fields, no query", "GET /foo/form", { form: {} }, "/foo/form"],
  ])("querystring, %s: the whole query, as the example's serializedValue", (_, route, parameters, path) => {
    const options = api()(route, parameters);
    expect(options).toEqual({ method: "get", url: `https://example.com${path}`, headers: HEADERS });
    // merge() then parse() gives the same request.
    expect(api().parse(api().merge(route, parameters))).toEqual(options);
  });

  test("querystring: the URL's query, parsed back, is the value given", () => {
    const json = { numbers: [1, 2, -3], flag: true, note: "a&b=c #d %e +f é 😀" };
    const jsonUrl = new URL(api()("GET /foo", { json }).url);
    expect(JSON.parse(decodeURIComponent(jsonUrl.search.slice(1)))).toEqual(json);
    const form = { foo: "a&b=c #d %e +f é 😀", bar: false };
    const formUrl = new URL(api()("GET /foo/form", { form }).url);
    expect(Object.fromEntries(formUrl.searchParams)).toEqual({ foo: form.foo, bar: "false" });
    const selector = "$..book[?(@.price < 10)] & #x";
    expect(decodeURIComponent(new URL(api()("GET /foo/selector", { selector }).url).search.slice(1))).toBe(selector);
  });

  test("a querystring form with an encoding: deepObject and explode: false fields, as a form body's", () => {
    const spec = described({
      "/search": {
        post: {
          parameters: [
            {
              in: "querystring",
              name: "q",
              content: {
                "application/x-www-form-urlencoded": {
                  schema: { type: "object" },
                  encoding: { filter: { style: "deepObject" }, ids: { explode: false } },
                },
              },
            },
          ],
          requestBody: { content: { "application/json": { schema: { type: "object", properties: { text: { type: "string" } } } } } },
        },
      },
    });
    const map = mapOf(spec);
    expect(map.listing["POST /search"]).toEqual(["", ["q", "querystring", "{ [key: string]: unknown }", 0], ["text", "body", "string", 0]]);
    const search = withQueries(base, queriesOf(map.module));
    // On a method with content, the querystring is the query and the other keys the body.
    expect(search("POST /search", { q: { filter: { a: 1, b: "x y" }, ids: [1, 2], tag: ["p", "q"] }, text: "hi" })).toEqual({
      method: "post",
      url: "https://example.com/search?filter%5Ba%5D=1&filter%5Bb%5D=x+y&ids=1%2C2&tag=p&tag=q",
      headers: { ...HEADERS, "content-type": "application/json; charset=utf-8" },
      body: { text: "hi" },
    });
  });

  test("a body field named as the querystring parameter: the body goes under `data`, as beside any parameter of its name", () => {
    const spec = described({
      "/search": {
        query: {
          parameters: [{ in: "querystring", name: "q", content: { "application/json": { schema: { type: "string" } } } }],
          requestBody: { content: { "application/json": { schema: { type: "object", properties: { q: { type: "string" } } } } } },
        },
      },
    });
    const map = mapOf(spec);
    expect(map.listing["QUERY /search"]).toEqual(["", ["q", "querystring", "string", 0], ["data", "data", "{ q?: string }", 0]]);
    expect(withQueries(base, queriesOf(map.module))("QUERY /search", { q: "x", data: { q: "y" } })).toEqual({
      method: "query",
      url: "https://example.com/search?%22x%22",
      headers: { ...HEADERS, "content-type": "application/json; charset=utf-8" },
      body: { q: "y" },
    });
  });

  test.each([
    ["GET /foo/form", { form: "foo=1" }, "INVALID_PARAMETER", "form", "must be an object, the form of the whole query"],
    ["GET /foo/form", { form: { foo: [[1]] } }, "INVALID_PARAMETER", "foo", "has no application/x-www-form-urlencoded form"],
    ["GET /foo/selector", { selector: 5 }, "INVALID_PARAMETER", "selector", "must be a string, the whole query"],
    ["GET /foo/selector", { selector: "\ud800" }, "INVALID_PARAMETER", "selector", ""],
    ["GET /foo", { json: 10n }, "INVALID_PARAMETER", "json", "must have a JSON text, the whole query"],
    // Issue 44.5: values JSON.stringify would send as others, or drop, each named with its path.
    [
      "GET /foo",
      { json: { numbers: [1, NaN] } },
      "INVALID_PARAMETER",
      "json.numbers.1",
      "must be a finite number: JSON has no NaN or Infinity",
    ],
    ["GET /foo", { json: { numbers: [-Infinity] } }, "INVALID_PARAMETER", "json.numbers.0", "must be a finite number"],
    ["GET /foo", { json: Infinity }, "INVALID_PARAMETER", "json", "must be a finite number"],
    ["GET /foo", { json: new Map([["flag", true]]) }, "INVALID_PARAMETER", "json", "is a Map, which JSON would send as {}"],
    [
      "GET /foo",
      { json: { numbers: new Set([1]) } },
      "INVALID_PARAMETER",
      "json.numbers",
      "is a Set, which JSON would send as {}: give a list",
    ],
    // A hole: merge() reads it as `undefined` (as JSON would send null), refused where it stands.
    // eslint-disable-next-line no-sparse-arrays
    ["GET /foo", { json: { numbers: [1, , 3] } }, "INVALID_PARAMETER", "json.numbers.1", "must have a JSON text; received undefined"],
    ["GET /foo", { json: { numbers: [1], flag: () => true } }, "INVALID_PARAMETER", "json.flag", "must have a JSON text; received"],
    ["GET /foo", { json: { numbers: [1, undefined] } }, "INVALID_PARAMETER", "json.numbers.1", "must have a JSON text; received"],
    ["GET /foo", { json: { numbers: [new Date(NaN)] } }, "INVALID_PARAMETER", "json.numbers.0", "is an invalid Date"],
    ["GET /foo", { json: { numbers: [/a/] } }, "INVALID_PARAMETER", "json.numbers.0", "must be a plain object, a list"],
  ])("querystring refused: %s, %s", (route, parameters, code, argument, rule) => {
    const error = errorOf(() => api()(route, parameters as never));
    expect(error).toMatchObject({ code, argument });
    expect(error.message).toContain(rule);
  });

  test("QUERY /pets: the body a POST would send, with QUERY's method", () => {
    expect(api()("QUERY /pets", { kind: "cat", limit: 2 })).toEqual({
      method: "query",
      url: "https://example.com/pets",
      headers: { ...HEADERS, "content-type": "application/json; charset=utf-8" },
      body: { kind: "cat", limit: 2 },
    });
  });

  test("COPY /pets/{id}: the method as the description writes it, sent as any route without content", () => {
    expect(api()("COPY /pets/{id}", { id: ["a", "b"] })).toEqual({ method: "copy", url: "https://example.com/pets/a,b", headers: HEADERS });
    expect(toFetch(api()("COPY /pets/{id}", { id: ["a"] }))[1].method).toBe("COPY");
  });

  test.each([
    ["application/json-seq", LOG.map((entry) => `\u001e${JSON.stringify(entry)}\n`).join("")],
    ["application/jsonl", `${JSON.stringify(LOG[0])}\n${JSON.stringify(LOG[1])}\n`],
    ["application/x-ndjson", `${JSON.stringify(LOG[0])}\n${JSON.stringify(LOG[1])}\n`],
  ])("itemSchema: `data`, a list, is sent as %s", (type, body) => {
    const headers = type === "application/json-seq" ? {} : { "content-type": type };
    expect(api()("POST /logs", { data: LOG, headers })).toEqual({
      method: "post",
      url: "https://example.com/logs",
      headers: { ...HEADERS, "content-type": type },
      body,
    });
    // The specification's JSON Lines example, read back line by line, is the list.
    expect(
      body
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line.startsWith("\u001e") ? line.slice(1) : line) as unknown),
    ).toEqual(LOG);
  });

  test("itemSchema: a Date item is its ISO text; a body that is no list is sent as given", () => {
    expect(api()("POST /logs", { data: [{ timestamp: new Date(0) }] }).body).toBe('\u001e{"timestamp":"1970-01-01T00:00:00.000Z"}\n');
    expect(api()("POST /logs", { data: "\u001e{}\n" } as never).body).toBe("\u001e{}\n");
  });

  test.each([
    [{ data: LOG, headers: { "content-type": "text/plain" } }, "INVALID_HEADER_VALUE", "headers.content-type"],
    [{ data: [LOG[0], undefined] }, "INVALID_PARAMETER", "data.1"],
    // Issue 44.5: an item JSON would send altered, and a hole in the list.
    [{ data: [{ ...LOG[0], level: NaN }] }, "INVALID_PARAMETER", "data.0.level"],
    [{ data: [LOG[0], new Map()] }, "INVALID_PARAMETER", "data.1"],
    // eslint-disable-next-line no-sparse-arrays
    [{ data: [LOG[0], , LOG[1]] }, "INVALID_PARAMETER", "data.1"],
  ])("itemSchema refused: %j", (parameters, code, argument) => {
    expect(errorOf(() => api()("POST /logs", parameters as never))).toMatchObject({ code, argument });
  });

  test("on the wire (127.0.0.1, fetch): the querystring's query and the JSON text sequence arrive as built", async () => {
    const server = await startRecordingServer();
    try {
      const local = withQueries(endpoint.defaults({ baseUrl: server.url }), queries);
      for (const options of [
        local("GET /foo", { json: { numbers: [1, 2], flag: null } }),
        local("POST /logs", { data: LOG }),
        local("QUERY /pets", { kind: "dog" }),
      ])
        await fetch(...(toFetch(options) as [string, RequestInit]));
      expect(
        server.arrivals.map(({ method, target, headers, body }) => [
          method,
          target,
          headers["content-type"],
          Buffer.from(body, "hex").toString(),
        ]),
      ).toEqual([
        ["GET", "/foo?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D", undefined, ""],
        ["POST", "/logs", "application/json-seq", LOG.map((entry) => `\u001e${JSON.stringify(entry)}\n`).join("")],
        ["QUERY", "/pets", "application/json; charset=utf-8", '{"kind":"dog"}'],
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("what OpenAPI 3.2 forbids, or the generator cannot send, is refused naming the pointer", () => {
  const copy = (operation: object) => described({ "/a": { additionalOperations: operation } });
  const querystring = (content: object, extra: object = {}) => ({ in: "querystring", name: "q", content, ...extra });
  const get = (parameters: object[], item: object = {}) => described({ "/a": { ...item, get: { parameters } } });
  test.each([
    [
      copy({ POST: {} }),
      '#/paths/~1a/additionalOperations/POST: is the post field\'s method, which OpenAPI 3.2 says additionalOperations must not hold; received "POST"',
    ],
    [
      copy({ query: {} }),
      '#/paths/~1a/additionalOperations/query: is the query field\'s method, which OpenAPI 3.2 says additionalOperations must not hold; received "query"',
    ],
    [
      copy({ TRACE: {} }),
      '#/paths/~1a/additionalOperations/TRACE: is the trace field\'s method, which OpenAPI 3.2 says additionalOperations must not hold; received "TRACE"',
    ],
    [
      copy({ Copy: {} }),
      '#/paths/~1a/additionalOperations/Copy: must be an upper-case method: rest-endpoint sends methods upper-cased; received "Copy"',
    ],
    [
      copy({ "CO PY": {} }),
      '#/paths/~1a/additionalOperations/CO PY: must be keyed by a method, an RFC 9110 token (section 9.1); received "CO PY"',
    ],
    // Issue 44.5: methods no request options can send.
    [
      copy({ CONNECT: {} }),
      '#/paths/~1a/additionalOperations/CONNECT: is CONNECT, which asks for a tunnel to host:port (its request target is an authority, RFC 9110 section 9.3.6), not for a resource a route\'s URL names: request options cannot express it, and fetch refuses it (a forbidden method of the Fetch standard); received "CONNECT"',
    ],
    [
      copy({ TRACK: {} }),
      "#/paths/~1a/additionalOperations/TRACK: is TRACK, no method of RFC 9110 nor of IANA's HTTP Method Registry (a TRACE, RFC 9110 section 9.3.8, of one server's own): fetch refuses it (a forbidden method of the Fetch standard) and other clients do not end the request; received \"TRACK\"",
    ],
    [copy([]), "#/paths/~1a/additionalOperations: must be an object; received an array"],
    [copy({ COPY: 1 }), "#/paths/~1a/additionalOperations/COPY: must be an object; received 1"],
    [
      copy({ COPY: { requestBody: { required: true, content: { "application/json": {} } } } }),
      "#/paths/~1a/additionalOperations/COPY/requestBody/required: is a required body on COPY, which rest-endpoint sends without content (docs/usage.md: POST, PUT, PATCH, DELETE and QUERY carry one); received true",
    ],
    [
      get([querystring({ "text/plain": { schema: { type: "string" } } })], {
        parameters: [querystring({ "application/json": {} }, { name: "p" })],
      }),
      '#/paths/~1a/get/parameters/0/in: is a second querystring parameter beside #/paths/~1a/parameters/0: OpenAPI 3.2 allows one; received "querystring"',
    ],
    [
      get([{ in: "query", name: "limit" }], { parameters: [querystring({ "text/plain": { schema: { type: "string" } } })] }),
      '#/paths/~1a/get/parameters/0/in: is a query parameter beside the querystring parameter #/paths/~1a/parameters/0, which OpenAPI 3.2 forbids; received "query"',
    ],
    [
      get([querystring({ "application/json": {} }, { schema: {} })]),
      "#/paths/~1a/get/parameters/0/schema: must not be used with in: querystring (OpenAPI 3.2, Parameter Object: its content says it all); received an object",
    ],
    [
      get([querystring({ "application/json": {} }, { style: "form" })]),
      '#/paths/~1a/get/parameters/0/style: must not be used with in: querystring (OpenAPI 3.2, Parameter Object: its content says it all); received "form"',
    ],
    [get([{ in: "querystring", name: "q" }]), "#/paths/~1a/get/parameters/0/content: must be an object; received nothing"],
    [
      get([querystring({ "application/json": {}, "text/plain": {} })]),
      '#/paths/~1a/get/parameters/0/content: must hold one media type, the whole query\'s (OpenAPI 3.2, Parameter Object); received "application/json, text/plain"',
    ],
    [
      get([querystring({ "text/plain": { schema: { type: "object" } } })]),
      '#/paths/~1a/get/parameters/0/content/text~1plain: must be a JSON media type, or have a schema of type string: withQueries writes the whole query from no other; received "text/plain"',
    ],
    [
      get([querystring({ "text/plain": { schema: true } })]),
      '#/paths/~1a/get/parameters/0/content/text~1plain: must be a JSON media type, or have a schema of type string: withQueries writes the whole query from no other; received "text/plain"',
    ],
    [
      get([querystring({ "application/jsonpath": {} })]),
      '#/paths/~1a/get/parameters/0/content/application~1jsonpath: must be a JSON media type, or have a schema of type string: withQueries writes the whole query from no other; received "application/jsonpath"',
    ],
    [
      get([querystring({ "application/x-www-form-urlencoded": { schema: { type: "string" } } })]),
      '#/paths/~1a/get/parameters/0/content/application~1x-www-form-urlencoded: is a form, whose schema must be an object: withQueries writes its properties as the query; received "application/x-www-form-urlencoded"',
    ],
    [
      get([querystring({ "application/jsonl": { itemSchema: {} } })]),
      "#/paths/~1a/get/parameters/0/content/application~1jsonl/itemSchema: is for a body's sequence of items, not a query; received an object",
    ],
    [
      // "Server-Sent Event Streams": a text/event-stream request body.
      described(
        {
          "/events": {
            post: {
              requestBody: { required: true, content: { "text/event-stream": { itemSchema: { $ref: "#/components/schemas/Event" } } } },
            },
          },
        },
        { schemas: { Event: { type: "object" } } },
      ),
      '#/paths/~1events/post/requestBody/content/text~1event-stream/itemSchema: is the item schema of a sequence generate does not write: it writes application/jsonl, application/x-ndjson and application/json-seq; received "text/event-stream"',
    ],
    [
      described({ "/parts": { post: { requestBody: { content: { "multipart/mixed": { itemSchema: { type: "string" } } } } } } }),
      '#/paths/~1parts/post/requestBody/content/multipart~1mixed/itemSchema: is the item schema of a sequence generate does not write: it writes application/jsonl, application/x-ndjson and application/json-seq; received "multipart/mixed"',
    ],
    [
      described({ "/logs": { post: { requestBody: { content: { "application/jsonl": { itemSchema: { type: 5 } } } } } } }),
      "#/paths/~1logs/post/requestBody/content/application~1jsonl/itemSchema/type: must be an array; received 5",
    ],
  ])("%#: %j", (spec, message) => {
    expect(() => checkShapes(spec as never, "oas32.json")).toThrow(new DescriptionError(`oas32.json${message}`));
  });

  test("valid neighbours: an optional body on COPY is left out; querystring and query in two operations of one path; a string querystring of a JSON media type", () => {
    const spec = described(
      {
        "/a": {
          get: { parameters: [querystring({ "application/json": { schema: { type: "string" } } })] },
          post: { parameters: [{ in: "query", name: "limit", schema: { type: "integer" } }] },
          put: { parameters: [querystring({ "application/json": {} })] },
          additionalOperations: {
            COPY: { requestBody: { content: { "application/json": { schema: { type: "object" } } } } },
            LOCK: { $ref: "#/components/x" },
          },
        },
      },
      { x: {} },
    );
    const map = mapOf(spec);
    expect(map.listing).toEqual({
      "GET /a": ["", ["q", "querystring", "string", 0]],
      "POST /a": ["", ["limit", "query", "number", 0]],
      "PUT /a": ["", ["q", "querystring", "unknown", 0]],
      "COPY /a": [""],
      "LOCK /a": [""],
    });
    expect(withQueries(base, queriesOf(map.module))("GET /a", { q: "x y" }).url).toBe("https://example.com/a?%22x%20y%22");
  });
});

describe("issue 44.5: CONNECT and TRACK, which no request options can send", () => {
  const converters = { toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp };
  test.each(Object.keys(converters))(
    "%s refuses a hand-written CONNECT or TRACK route (fetch and ky threw a TypeError, axios and got hung)",
    (name) => {
      for (const method of ["CONNECT", "connect", "TRACK"]) {
        const options = endpoint(`${method} /a`, { baseUrl: "https://example.com" });
        expect(errorOf(() => converters[name as keyof typeof converters](options))).toMatchObject({
          code: "INVALID_METHOD",
          argument: "method",
          message: expect.stringContaining(
            "cannot be sent as request options: CONNECT names an authority (RFC 9110 section 9.3.6), TRACK is no HTTP method",
          ) as string,
        });
      }
      // Every other method a route may name is converted.
      expect(() => converters[name as keyof typeof converters](endpoint("COPY /a", { baseUrl: "https://example.com" }))).not.toThrow();
    },
  );
});
