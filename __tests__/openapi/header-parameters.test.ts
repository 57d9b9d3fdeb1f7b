import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { endpoint } from "../../lib/index.js";
import { withQueries, type Queries } from "../../lib/openapi/queries.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
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

  // A new user's review: the key given once to defaults(), as this section of any-api.md teaches,
  // went to any origin. The map cannot tell a key from another field, so a header parameter the
  // defaults give is kept on the baseUrl's origin, as an `authorization` the defaults hold is.
  test.each([
    ["a full URL elsewhere", ["GET https://evil.example/items"], undefined],
    ["the call's own baseUrl elsewhere", ["GET /items", { baseUrl: "https://evil.example" }], undefined],
    ["a route the table does not hold, elsewhere", ["GET https://evil.example/other"], undefined],
    ["a host that begins as the baseUrl's", ["GET https://h.example.evil.example/items"], undefined],
    ["an options object elsewhere", [{ method: "GET", url: "https://evil.example/health" }], undefined],
    ["the baseUrl's origin as a full URL", ["GET https://h.example/health"], "secret"],
    ["the baseUrl's origin written another way", ["GET https://H.EXAMPLE:443/health"], "secret"],
    ["the call's own value, elsewhere", ["GET https://evil.example/items", { "X-Api-Key": "mine" }], "mine"],
  ])("the defaults' key on %s: %j", (_, args, sent) => {
    const options = (keyed as unknown as (...args: unknown[]) => { url: string; headers: Record<string, string> })(...args);
    expect(options.headers["x-api-key"]).toBe(sent);
    const merged = (keyed.merge as (...args: unknown[]) => object).call(keyed, ...args);
    expect(keyed.parse(merged as never)).toEqual(options);
  });

  test("a list or a number the defaults give is kept home as it is sent", () => {
    for (const value of [["a", "b"], 7]) {
      const given = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), generated).defaults({ "X-Api-Key": value });
      expect([given("GET /health").headers["x-api-key"], given("GET https://evil.example/health").headers["x-api-key"]]).toEqual([
        Array.isArray(value) ? "a, b" : "7",
        undefined,
      ]);
    }
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

describe("issue 44.2: a header parameter's name matches in any case, and each operation sends a name where it declares it", () => {
  const described = (paths: object) => checkShapes({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths }, "description.json");
  const tableOf = (paths: object): Queries =>
    runInNewContext(
      `${generateRouteMap(described(paths), { header: () => "", withQueries: true }).module.replace(/^export /gm, "")}\nqueries;`,
    ) as Queries;
  const header = (name: string) => ({ name, in: "header", schema: { type: "string" } });
  const query = (name: string) => ({ name, in: "query", schema: { type: "string" } });
  const jsonBody = (...names: string[]) => ({
    content: {
      "application/json": {
        schema: { type: "object", properties: Object.fromEntries(names.map((name) => [name, { type: "string" }])) },
      },
    },
  });
  type Call = (route: string, parameters?: object) => { url: string; headers: Record<string, string>; body?: unknown };

  test.each(["api-key", "API-KEY", "Api-Key", "aPi-kEy"])(
    "`Api-Key` declared in: header, given to defaults() as %j: the header field, never the URL or the JSON body",
    (spelling) => {
      const table = tableOf({
        "/items": { get: { parameters: [header("Api-Key"), query("q")] } },
        "/notes": { post: { parameters: [header("Api-Key")], requestBody: jsonBody("text") } },
      });
      const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table).defaults({ [spelling]: "secret" });
      const call = api as unknown as Call;
      const items = call("GET /items", { q: "x" });
      expect([items.url, items.headers["api-key"]]).toEqual(["https://h.example/items?q=x", "secret"]);
      const notes = call("POST /notes", { text: "hi" });
      expect([notes.url, notes.headers["api-key"], notes.body]).toEqual(["https://h.example/notes", "secret", { text: "hi" }]);
      // And given to the call itself, in the same spelling.
      const own = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table) as unknown as Call;
      expect(own("GET /items", { [spelling]: "mine" }).headers["api-key"]).toBe("mine");
    },
  );

  test("a name in: query on one operation and in: header on another: a query parameter on the first, a header on the second", () => {
    const table = tableOf({
      "/search": { get: { parameters: [query("key")] } },
      "/items": { get: { parameters: [header("Key")] } },
      "/notes": { post: { requestBody: jsonBody("key", "text") } },
      "/health": { get: {} },
    });
    // The query's operation is written in the table, its template naming the parameter.
    expect(table["GET /search"]).toEqual({ template: "GET /search{?key}" });
    expect(table["POST /notes"]).toEqual({ template: "POST /notes", bodyFields: ["key"] });
    const call = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table).defaults({ key: "s" }) as unknown as Call;
    const sent = (route: string, parameters?: object) => {
      const options = call(route, parameters);
      return [options.url, options.headers.key, options.body];
    };
    expect(sent("GET /search")).toEqual(["https://h.example/search?key=s", undefined, undefined]);
    expect(sent("GET /items")).toEqual(["https://h.example/items", "s", undefined]);
    expect(sent("POST /notes", { text: "t" })).toEqual(["https://h.example/notes", undefined, { key: "s", text: "t" }]);
    // An operation that declares it nowhere: a header, as before (an API key given once to defaults()).
    expect(sent("GET /health")).toEqual(["https://h.example/health", "s", undefined]);
    // The query's own spelling only: another spelling of the header's name is the header.
    const plain = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table) as unknown as Call;
    expect([plain("GET /search", { KEY: "h" }).url, plain("GET /search", { KEY: "h" }).headers.key]).toEqual([
      "https://h.example/search",
      "h",
    ]);
  });

  // The property: for any description of a few operations, each declaring a name in the query, in a
  // header (in some case spelling) or not at all, and a JSON body on POST, a value given to
  // defaults() under any spelling is sent exactly where that operation declares it.
  const spelling = (name: string) =>
    fc
      .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
      .map((upper) => Array.from(name, (c, i) => (upper[i] ? c.toUpperCase() : c)).join(""));
  const place = fc.constantFrom("query", "header", "body", "none");
  const operationsOf = fc.array(fc.record({ place, method: fc.constantFrom("get", "post"), header: spelling("x-token") }), {
    minLength: 1,
    maxLength: 5,
  });

  test("property: a name given to defaults() is sent exactly where each operation declares it, in any spelling of a header's", () => {
    let headers = 0;
    let queries = 0;
    let bodies = 0;
    fc.assert(
      fc.property(operationsOf, fc.oneof(fc.constant("x-token"), spelling("x-token")), (operations, given) => {
        const paths = Object.fromEntries(
          operations.map(({ place, method, header: declared }, i) => {
            // A body only on POST; "body" on GET declares nothing.
            const parameters = place === "query" ? [query("x-token")] : place === "header" ? [header(declared)] : [];
            const requestBody = method === "post" ? jsonBody(...(place === "body" ? ["x-token", "text"] : ["text"])) : undefined;
            return [`/op${i}`, { [method]: { parameters, ...(requestBody === undefined ? {} : { requestBody }) } }];
          }),
        );
        const table = tableOf(paths);
        const anyHeader = operations.some(({ place }) => place === "header");
        const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table).defaults({ [given]: "SECRET" });
        operations.forEach(({ place, method }, i) => {
          const options = (api as unknown as Call)(`${method.toUpperCase()} /op${i}`, method === "post" ? { text: "t" } : {});
          const inUrl = options.url.includes("SECRET");
          const inBody = JSON.stringify(options.body ?? null).includes("SECRET");
          const inHeader = options.headers["x-token"] === "SECRET";
          // Where the operation declares the exact key, it goes there; any other spelling of a header name is a header.
          const declaredHere = place === "query" || (place === "body" && method === "post");
          const expected =
            declaredHere && given === "x-token"
              ? place === "query"
                ? "url"
                : "body"
              : place === "header" || anyHeader
                ? "header"
                : method === "post"
                  ? "body"
                  : "url";
          expect({ route: `${method} /op${i}`, sent: inHeader ? "header" : inUrl ? "url" : inBody ? "body" : "nowhere" }).toEqual({
            route: `${method} /op${i}`,
            sent: expected,
          });
          // Exactly one place.
          expect([inHeader, inUrl, inBody].filter(Boolean)).toHaveLength(1);
          if (expected === "header") headers++;
          else if (expected === "url") queries++;
          else bodies++;
        });
      }),
      { numRuns: 150 },
    );
    // The generator reaches every place, not only the header.
    expect(Math.min(headers, queries, bodies)).toBeGreaterThan(20);
  });
});
