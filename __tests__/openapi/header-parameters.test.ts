import { runInNewContext } from "node:vm";
import { endpoint } from "../../lib/index.js";
import { withQueries, type Queries } from "../../lib/openapi/queries.js";
import { checkShapes } from "../../lib/openapi/read.js";
import { generateRouteMap } from "../../lib/openapi/write.js";
import { errorOf } from "../helpers/errors.js";

// Header parameters (OpenAPI 3.1 section 4.8.12.1, `in: header`) layer as headers do
// (docs/any-api.md, "Header parameters"): the call's beat the defaults'; a header parameter and a
// `headers` field of one name from the same layer are refused, as are two parameters sent in one field.
const queries: Queries = {
  "GET /items": {
    template: "GET /items{?q}",
    headers: { "Api-Key": "Api-Key", "X-A": "X-A", "x-a": "x-a" },
  },
};
const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queries);

describe("a header parameter against a `headers` field of the same name", () => {
  const sent = (call: object, defaults: object = {}) => {
    const options = api.defaults(defaults as never)("GET /items", call as never);
    return [options.url, options.headers["api-key"]];
  };

  test.each([
    ["the call's parameter alone", { "Api-Key": "p" }, {}, "p"],
    ["the call's header alone", { headers: { "api-key": "h" } }, {}, "h"],
    ["the defaults' parameter alone", {}, { "Api-Key": "d" }, "d"],
    ["the defaults' header alone", {}, { headers: { "API-KEY": "dh" } }, "dh"],
    ["the call's parameter over the defaults' parameter", { "Api-Key": "p" }, { "Api-Key": "d" }, "p"],
    ["the call's parameter over the defaults' header", { "Api-Key": "p" }, { headers: { "api-key": "dh" } }, "p"],
    ["the call's header over the defaults' parameter", { headers: { "Api-Key": "h" } }, { "Api-Key": "d" }, "h"],
    ["the call's header over the defaults' header", { headers: { "api-key": "h" } }, { headers: { "api-key": "dh" } }, "h"],
    ["a null parameter beside the call's header: the header", { "Api-Key": null, headers: { "api-key": "h" } }, {}, "h"],
    [
      "the defaults' list given again beside the call's header: the header",
      { "Api-Key": ["a", "b"], headers: { "api-key": "h" } },
      { "Api-Key": ["a", "b"] },
      "h",
    ],
    ["the call's list over the defaults' list of another item", { "Api-Key": ["a", "c"] }, { "Api-Key": ["a", "b"] }, "a, c"],
    ["the call's list over the defaults' longer list", { "Api-Key": ["a"] }, { "Api-Key": ["a", "b"] }, "a"],
    ["the call's parameter equal to its header", { "Api-Key": "same", headers: { "api-key": "same" } }, { "Api-Key": "same" }, "same"],
  ])("%s: sent", (_, call, defaults, value) => {
    expect(sent(call, defaults)).toEqual(["https://h.example/items", value]);
  });

  test.each([
    ["the call's parameter and header", { "Api-Key": "p", headers: { "api-key": "h" } }, {}, "call's"],
    ["the call's parameter and header, names in another case", { "Api-Key": "p", headers: { "API-KEY": "h" } }, {}, "call's"],
    ["the defaults' parameter and header", {}, { "Api-Key": "d", headers: { "api-key": "dh" } }, "defaults'"],
  ])("%s: refused, nothing built", (_, call, defaults, layer) => {
    expect(errorOf(() => sent(call, defaults))).toMatchObject({
      code: "INVALID_OPTIONS",
      argument: "Api-Key",
      message: expect.stringContaining(
        `is a header parameter sent in "api-key", which the ${layer} \`headers\` set too: give one`,
      ) as string,
    });
  });

  test('the issue\'s case: { "X-A": "param", headers: { "x-a": "header" } } is refused, not sent as param', () => {
    expect(errorOf(() => api("GET /items", { "X-A": "param", headers: { "x-a": "header" } }))).toMatchObject({
      code: "INVALID_OPTIONS",
      argument: "X-A",
    });
  });

  test("merge() then parse() of its result sends the same: the rewrite is applied once", () => {
    const merged = api.defaults({ "Api-Key": "d" }).merge("GET /items", { "Api-Key": "p", q: "x" });
    expect(api.parse(merged)).toEqual(api("GET /items", { "Api-Key": "p", q: "x" }));
    expect(api.parse(api.merge(merged as never)).headers["api-key"]).toBe("p");
  });
});

describe("two header parameters whose names differ only in case", () => {
  test("both given: refused, naming both", () => {
    expect(errorOf(() => api("GET /items", { "X-A": "1", "x-a": "2" }))).toMatchObject({
      code: "INVALID_OPTIONS",
      argument: "x-a",
      message: expect.stringContaining('is sent in the header field "x-a", which the parameter "X-A" is too') as string,
    });
    // From two layers too: one field, two values.
    expect(errorOf(() => api.defaults({ "X-A": "1" })("GET /items", { "x-a": "2" }))).toMatchObject({ code: "INVALID_OPTIONS" });
  });

  test.each([
    [{ "X-A": "1" }, "1"],
    [{ "x-a": "2" }, "2"],
    [{ "X-A": "1", "x-a": null }, "1"],
  ])("one of them, %j: sent", (call, value) => {
    expect(api("GET /items", call).headers["x-a"]).toBe(value);
  });
});

describe("a header parameter of one operation, given to defaults(), on a route that does not declare it", () => {
  // The review's case (docs/any-api.md, "Header parameters"): an API key given once to defaults(),
  // declared on `/items` only, was sent in the query string of `GET /health` and as a key of the
  // JSON body of `POST /feedback`, and so on a route the table does not hold. The table is the one
  // `rest-endpoint generate` writes for this description.
  const description = {
    openapi: "3.0.3",
    info: { title: "T", version: "1" },
    paths: {
      "/items": {
        get: { parameters: [{ name: "X-Api-Key", in: "header", required: true, schema: { type: "string" } }] },
      },
      "/health": { get: {} },
      "/feedback": {
        post: {
          requestBody: { content: { "application/json": { schema: { type: "object", properties: { text: { type: "string" } } } } } },
        },
      },
    },
  };
  const { module } = generateRouteMap(checkShapes(description, "description.json"), { header: () => "", withQueries: true });
  const generated = runInNewContext(`${module.replace(/^export /gm, "")}\nqueries;`) as Queries;
  const keyed = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), generated).defaults({ "X-Api-Key": "secret" });

  test("the generated table holds the header on /items only", () => {
    expect(generated).toEqual({ "GET /items": { template: "GET /items", headers: { "X-Api-Key": "X-Api-Key" } } });
  });

  test.each([
    ["the route that declares it", ["GET /items"], "https://h.example/items", undefined],
    ["a GET route that does not", ["GET /health"], "https://h.example/health", undefined],
    ["a GET route that does not, with a query", ["GET /health", { page: 2 }], "https://h.example/health?page=2", undefined],
    ["a POST route that does not", ["POST /feedback", { text: "hi" }], "https://h.example/feedback", { text: "hi" }],
    ["a route the table does not hold", ["GET /other"], "https://h.example/other", undefined],
    ["a route the table does not hold, with a query", ["GET /other{?q}", { q: "x" }], "https://h.example/other?q=x", undefined],
    ["a POST the table does not hold", ["POST /other", { a: 1 }], "https://h.example/other", { a: 1 }],
    ["a URL alone", ["https://h.example/other"], "https://h.example/other", undefined],
    ["an options object", [{ method: "GET", url: "/health" }], "https://h.example/health", undefined],
  ])("%s: the key only in the header field x-api-key", (_, args, url, body) => {
    const options = (keyed as unknown as (...args: unknown[]) => { url: string; headers: Record<string, string>; body?: unknown })(...args);
    expect([options.url, options.headers["x-api-key"], options.body]).toEqual([url, "secret", body]);
    expect(`${options.url} ${JSON.stringify(options.body ?? null)}`).not.toContain("secret");
  });

  test("the call's own value beats the defaults' there too; merge() then parse() sends the same", () => {
    const call = (keyed as unknown as (route: string, parameters: object) => { url: string; headers: Record<string, string> })(
      "GET /health",
      { "X-Api-Key": "mine" },
    );
    expect([call.url, call.headers["x-api-key"]]).toEqual(["https://h.example/health", "mine"]);
    const merged = (keyed.merge as (route: string) => object)("GET /other");
    expect(keyed.parse(keyed.merge(merged as never) as never)).toEqual(keyed.parse(merged as never));
  });

  test("a route whose URL holds the name as a variable keeps it there (the route's own declaration)", () => {
    const table: Queries = {
      "GET /a": { template: "GET /a", headers: { key: "X-Key" } },
      "GET /c": { template: "GET /c{?q*}" },
      "GET /d": { template: "GET /d{?key}" },
    };
    const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table);
    const sent = (route: string, parameters: object) => {
      const options = api(route as never, parameters as never);
      return [options.url, options.headers["x-key"]];
    };
    expect(sent("GET /b{?key}", { key: "k" })).toEqual(["https://h.example/b?key=k", undefined]);
    expect(sent("GET /d", { key: "k" })).toEqual(["https://h.example/d?key=k", undefined]);
    // A route of the table that has a query of its own but not this header: the header.
    expect(sent("GET /c", { key: "k", q: ["1", "2"] })).toEqual(["https://h.example/c?q=1&q=2", "k"]);
  });
});
