import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { endpoint, EndpointError } from "../lib/index.js";
import { serverUrl, withQueries, type Queries } from "../lib/queries.js";

// rest-endpoint/queries (lib/queries.ts): a generated map's queries, applied around an endpoint.
// The tables here are in the shape `rest-endpoint generate` writes; __tests__/generate.test.ts runs
// the generated ones of DigitalOcean's, Twilio's and Stripe's descriptions.
const QUERIES: Queries = {
  "GET /v1/charges": { template: "GET /v1/charges{?created,expand,limit}", deepObject: ["created", "expand"] },
  "GET /v2/apps/{app_id}/deployments": { template: "GET /v2/apps/{app_id}/deployments{?page,deployment_types*}" },
  "GET /issues": { template: "GET /issues{?statuses%5B%5D*,sort}", renamed: { "statuses[]": "statuses%5B%5D" } },
  "GET /odd": { template: "GET /odd{?filter%20by}", deepObject: ["filter by"], renamed: { "filter by": "filter%20by" } },
  "GET /bare": { template: "GET /bare", deepObject: ["f"] },
  "POST /search{?sort}": { template: "POST /search{?sort,filter}", deepObject: ["filter"] },
};
const base = endpoint.defaults({ baseUrl: "https://api.example.com" });
const api = withQueries(base, QUERIES);

describe("withQueries", () => {
  test.each([
    [
      "deepObject: an object as name[key]",
      "GET /v1/charges",
      { created: { gte: 1, lt: 2 } },
      "/v1/charges?created%5Bgte%5D=1&created%5Blt%5D=2",
    ],
    [
      "deepObject: a list as name[]",
      "GET /v1/charges",
      { expand: ["customer", "invoice"] },
      "/v1/charges?expand%5B%5D=customer&expand%5B%5D=invoice",
    ],
    ["deepObject: a scalar as name", "GET /v1/charges", { created: 5, limit: 3 }, "/v1/charges?created=5&limit=3"],
    ["deepObject: a key percent-encoded", "GET /v1/charges", { created: { "a b": 1 } }, "/v1/charges?created%5Ba%20b%5D=1"],
    ["deepObject: an empty object sends nothing", "GET /v1/charges", { created: {}, limit: 3 }, "/v1/charges?limit=3"],
    ["deepObject: nothing else defined still begins with ?", "GET /v1/charges", { expand: ["x"] }, "/v1/charges?expand%5B%5D=x"],
    [
      "form exploded",
      "GET /v2/apps/{app_id}/deployments",
      { app_id: "a1", deployment_types: ["A", "B"] },
      "/v2/apps/a1/deployments?deployment_types=A&deployment_types=B",
    ],
    [
      "a name RFC 6570 cannot write, renamed",
      "GET /issues",
      { "statuses[]": ["open", "closed"], sort: "new" },
      "/issues?statuses%5B%5D=open&statuses%5B%5D=closed&sort=new",
    ],
    ["a renamed deepObject name, scalar", "GET /odd", { "filter by": "x" }, "/odd?filter%20by=x"],
    ["a renamed deepObject name, object", "GET /odd", { "filter by": { a: 1 } }, "/odd?filter%20by%5Ba%5D=1"],
    ["deepObject: a template without a query gets one", "GET /bare", { f: { a: 1 } }, "/bare?f%5Ba%5D=1"],
    ["a route not in the table: the library's default", "GET /other", { ids: [1, 2] }, "/other?ids=1,2"],
    ["a route without parameters", "GET /v1/charges", undefined, "/v1/charges"],
  ])("%s", (_name, route, parameters, path) => {
    expect(api(route, parameters).url).toBe(`https://api.example.com${path}`);
  });

  test.each([
    ["the route form", () => api("GET /v2/apps/{app_id}/deployments", { app_id: "a1", deployment_types: ["A", "B"] })],
    ["the options form", () => api({ method: "GET", url: "/v2/apps/{app_id}/deployments", app_id: "a1", deployment_types: ["A", "B"] })],
    ["the options form, GET by default", () => api({ url: "/v2/apps/{app_id}/deployments", app_id: "a1", deployment_types: ["A", "B"] })],
    [
      "the options form, its method lowercase",
      () => api({ method: "get", url: "/v2/apps/:app_id/deployments", app_id: "a1", deployment_types: ["A", "B"] }),
    ],
  ])("%s sends the query as the description declares it", (_form, call) => {
    expect(call().url).toBe("https://api.example.com/v2/apps/a1/deployments?deployment_types=A&deployment_types=B");
  });

  test("the whole request options of a POST whose query the route declares: the body keeps the rest, the query the deepObject", () => {
    expect(api("POST /search{?sort}", { sort: "new", filter: { state: "open" }, text: "bug" })).toEqual({
      method: "post",
      url: "https://api.example.com/search?sort=new&filter%5Bstate%5D=open",
      headers: expect.objectContaining({ "content-type": "application/json; charset=utf-8" }) as unknown,
      body: { text: "bug" },
    });
  });

  test("withQueries' TSDoc example gives the URL it shows", () => {
    const source = readFileSync(join(__dirname, "..", "lib", "queries.ts"), "utf8");
    const lines = /@example\n \* ```ts\n([^`]*) \* ```/
      .exec(source)![1]!
      .split("\n")
      .map((line) => line.replace(/^ \* ?/, ""))
      .filter((line) => line !== "");
    const shown = JSON.parse(lines.pop()!.replace(/^\/\/ /, "")) as unknown;
    lines[lines.length - 1] = `return ${lines.at(-1)!}`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the documentation's own code is the point
    const run = new Function("endpoint", "withQueries", lines.join("\n")) as (e: typeof endpoint, w: typeof withQueries) => unknown;
    expect(run(endpoint, withQueries)).toBe(shown);
  });

  test("the caller's parameters are copied, never changed", () => {
    const parameters = { created: { gte: 1 }, expand: ["x"], "statuses[]": ["open"] };
    const before = structuredClone(parameters);
    api("GET /v1/charges", parameters);
    api("GET /issues", parameters);
    expect(parameters).toEqual(before);
  });

  test.each([
    ["an options object", [{ method: "GET", url: "/v1/charges", expand: ["x"] }]],
    ["the method in lower case", ["get /v1/charges", { expand: ["x"] }]],
    ["a URL alone", ["/v1/charges", { expand: ["x"] }]],
    ["spaces around the route", ["  GET /v1/charges ", { expand: ["x"] }]],
    ["the {?…} spelling", ["GET /v1/charges{?expand}", { expand: ["x"] }]],
    ["a :name placeholder for {name}", ["GET /v2/apps/:id/deployments", { id: "a1", deployment_types: ["x"] }]],
  ])("%s finds the route's query too, never the comma form", (_name, args) => {
    const call = api as unknown as (...args: unknown[]) => { url: string };
    expect(call(...args).url).toMatch(/\?(?:expand%5B%5D|deployment_types)=x$/);
  });

  test("parameters from defaults() are sent as the description declares them, merged with the call's", () => {
    const withCreated = api.defaults({ created: { gte: 1 } });
    expect(withCreated("GET /v1/charges").url).toBe("https://api.example.com/v1/charges?created%5Bgte%5D=1");
    expect(withCreated("GET /v1/charges", { created: { lt: 2 } }).url).toBe(
      "https://api.example.com/v1/charges?created%5Bgte%5D=1&created%5Blt%5D=2",
    );
    const plain = withQueries(base.defaults({ created: { gte: 1 } }), QUERIES);
    expect(plain("GET /v1/charges").url).toBe("https://api.example.com/v1/charges?created%5Bgte%5D=1");
    expect(api().url).toBe("https://api.example.com/");
  });

  test("parse(merge()) and a call through merge()'s result give the call's URL: rewriting twice changes nothing", () => {
    const args = ["GET /v1/charges", { created: { gte: 1 }, expand: ["a"] }] as const;
    const url = api(...args).url;
    expect(api.parse(api.merge(...args)).url).toBe(url);
    expect(api({ ...api.merge(...args), url: api.merge(...args).url! }).url).toBe(url);
  });

  test("two parameters that a server reads under one name are INVALID_OPTIONS: created[gte] beside created: { gte }", () => {
    expect(() => api("GET /v1/charges", { created: { gte: 1 }, "created[gte]": 2 })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTIONS", argument: "created[gte]" }) as Error,
    );
  });

  test("defaults() wraps again; DEFAULTS, merge() and parse() are the endpoint's, merge() with the full template", () => {
    const withToken = api.defaults({ headers: { authorization: "Bearer t" } });
    expect(withToken("GET /v1/charges", { expand: ["x"] })).toMatchObject({
      url: "https://api.example.com/v1/charges?expand%5B%5D=x",
      headers: { authorization: "Bearer t" },
    });
    expect(api.DEFAULTS).toBe(base.DEFAULTS);
    const merged = api.merge("GET /v1/charges", { expand: ["x"] });
    expect(merged).toMatchObject({ method: "GET", url: "/v1/charges{?created,expand,limit,expand%5B%5D*}", "expand%5B%5D": ["x"] });
    expect(api.parse(merged).url).toBe("https://api.example.com/v1/charges?expand%5B%5D=x");
    expect(api.merge({ url: "/x" })).toMatchObject({ method: "GET", url: "/x" });
    expect(api.merge()).toMatchObject({ method: "GET", baseUrl: "https://api.example.com" });
  });

  test.each([
    ["a list under a key", { created: { gte: [1] } }, "created.gte"],
    ["an object under a key", { created: { gte: { x: 1 } } }, "created.gte"],
    ["a lone surrogate in a key", { created: { "\ud800": 1 } }, "created.\ud800"],
  ])("deepObject sends one level: %s is INVALID_PARAMETER naming it", (_name, parameters, argument) => {
    let caught: unknown;
    try {
      api("GET /v1/charges", parameters);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EndpointError);
    expect(caught).toMatchObject({ code: "INVALID_PARAMETER", argument, route: "GET /v1/charges" });
  });

  test.each([
    ["a renamed name and its variable", "GET /issues", { "statuses[]": ["open"], "statuses%5B%5D": ["closed"] }, "statuses%5B%5D"],
    ["the variable before the renamed name", "GET /issues", { "statuses%5B%5D": ["closed"], "statuses[]": ["open"] }, "statuses[]"],
    ["a deepObject key and its variable", "GET /v1/charges", { "created%5Bgte%5D": 2, created: { gte: 1 } }, "created.gte"],
    ["a deepObject list and its variable", "GET /v1/charges", { expand: ["a"], "expand%5B%5D": ["b"] }, "expand%5B%5D"],
  ])("two parameters sent under one name (%s) are INVALID_OPTIONS: neither is lost", (_name, route, parameters, argument) => {
    let caught: unknown;
    try {
      api(route, parameters);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EndpointError);
    expect(caught).toMatchObject({ code: "INVALID_OPTIONS", argument, route });
  });

  test("a getter that throws is INVALID_OPTIONS naming the route; a key __proto__ stays a key and pollutes nothing", () => {
    const hostile = {
      get created(): unknown {
        throw new Error("boom");
      },
    };
    expect(() => api("GET /v1/charges", hostile)).toThrow(EndpointError);
    let caught: unknown;
    try {
      api("GET /v1/charges", hostile);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: "INVALID_OPTIONS", argument: "options.created", route: "GET /v1/charges" });
    const parsed = JSON.parse('{"__proto__": {"polluted": 1}, "created": {"gte": 1}}') as Record<string, unknown>;
    expect(api("GET /v1/charges", parsed).url).toBe("https://api.example.com/v1/charges?created%5Bgte%5D=1");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("property: what a server decodes from the query is the deepObject pairs and list items given, in order", () => {
    // Keys and values: any well-formed Unicode text (lone surrogates have no UTF-8 form).
    const text = fc.string({ unit: "grapheme", maxLength: 8 });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(text, fc.oneof(text, fc.integer(), fc.boolean())), { selector: ([key]) => key, maxLength: 5 }),
        fc.array(text, { maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
        (created, expand, limit) => {
          const url = api("GET /v1/charges", { created: Object.fromEntries(created), expand, limit }).url;
          expect([...new URL(url).searchParams]).toEqual([
            ...(limit === undefined ? [] : [["limit", String(limit)]]),
            ...created.map(([key, value]) => [`created[${key}]`, String(value)]),
            ...expand.map((item) => ["expand[]", item]),
          ]);
        },
      ),
    );
  });
});

test("serverUrl's TSDoc example gives the URL it shows", () => {
  expect(
    serverUrl(
      { url: "https://{yourOktaDomain}/api/v1", variables: { yourOktaDomain: { default: "subdomain.okta.com" } } },
      { yourOktaDomain: "acme.okta.com" },
    ),
  ).toBe("https://acme.okta.com/api/v1");
});
