import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { createEndpoint, endpoint, EndpointError } from "../../lib/index.js";
import { serverUrl, withQueries, type Queries } from "../../lib/openapi/queries.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap } from "../../lib/openapi/write.js";
import { errorOf } from "../helpers/errors.js";
import { runTsDocExample } from "../helpers/tsdoc.js";
import { startRecordingServer } from "../helpers/recording-server.js";

// rest-endpoint/queries (lib/openapi/queries.ts): a generated map's queries, applied around an endpoint.
// The tables here are in the shape `rest-endpoint generate` writes; __tests__/openapi/generate.test.ts runs
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
  // Each was a TypeError, or taken as no table (a fresh user's review).
  test.each([
    ["no endpoint", () => withQueries(null as unknown as typeof base, QUERIES), "endpoint"],
    ["a number for the endpoint", () => withQueries(5 as unknown as typeof base, QUERIES), "endpoint"],
    ["a function that is no endpoint", () => withQueries((() => ({})) as unknown as typeof base, QUERIES), "endpoint"],
    [
      "an endpoint's functions without its DEFAULTS",
      () => withQueries(Object.assign(() => ({}), { merge() {}, parse() {}, defaults() {} }) as unknown as typeof base, QUERIES),
      "endpoint",
    ],
    ["no table", () => withQueries(base, null as unknown as Queries), "queries"],
    ["a number for the table", () => withQueries(base, 5 as unknown as Queries), "queries"],
    ["a route without its query", () => withQueries(base, { "GET /x": "nope" } as unknown as Queries), 'queries["GET /x"]'],
    ["a query without template", () => withQueries(base, { "GET /x": {} } as unknown as Queries), 'queries["GET /x"]'],
    ["a key that is no route", () => withQueries(base, { "/x": { template: "GET /x" } }), 'queries["/x"]'],
  ])("%s is INVALID_OPTIONS naming its argument", (_case, call, argument) => {
    expect(errorOf(call)).toMatchObject({ code: "INVALID_OPTIONS", argument });
  });

  test("an empty table and a createEndpoint function are taken (valid neighbours)", () => {
    expect(withQueries(base, {})("GET /x", { a: 1 }).url).toBe("https://api.example.com/x?a=1");
    expect(withQueries(createEndpoint({ baseUrl: "https://a.example" }), QUERIES)("GET /bare", { f: { a: 1 } }).url).toBe(
      "https://a.example/bare?f%5Ba%5D=1",
    );
  });

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
    const { result, shown } = runTsDocExample("openapi/queries.ts", { createEndpoint, withQueries });
    expect(result).toBe(shown);
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

  // An operation is its method and path (OpenAPI 3.1 section 4.8.8): a route written with a query is
  // the table's, and its own query stays before the one the table writes.
  test.each([
    ["an empty query, which endpoint() leaves out", "GET /v1/charges?", "https://api.example.com/v1/charges?limit=2&expand%5B%5D=x"],
    ["an empty query before a {&…} expression", "GET /v1/charges?{&limit}", "https://api.example.com/v1/charges?limit=2&expand%5B%5D=x"],
    [
      "a literal query",
      "GET /v1/charges?starting_after=ch_1",
      "https://api.example.com/v1/charges?starting_after=ch_1&limit=2&expand%5B%5D=x",
    ],
  ])("a route written with %s finds the table's entry", (_name, route, url) => {
    const parameters = { expand: ["x"], limit: 2 };
    const call = api as unknown as (route: string, parameters: object) => { url: string };
    expect(call(route, parameters).url).toBe(url);
    expect(api.parse(api.merge(route as never, parameters as never)).url).toBe(url);
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
            // In the object's own order: integer-like keys ("0") come first (ECMAScript OrdinaryOwnPropertyKeys).
            ...Object.entries(Object.fromEntries(created)).map(([key, value]) => [`created[${key}]`, String(value)]),
            ...expand.map((item) => ["expand[]", item]),
          ]);
        },
      ),
      // The seed that found integer-like keys, kept: a run of 100 draws such a key now and then.
      {
        examples: [
          [
            [
              ["", 0],
              ["0", ""],
            ],
            [],
            undefined,
          ],
        ],
      },
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

describe("serverUrl: a filled server URL keeps the host its template names", () => {
  const tenant = { url: "https://{tenant}.example.com/v1", variables: { tenant: { default: "demo" } } };
  const withPort = { url: "https://{tenant}.example.com:8443/{basePath}", variables: { tenant: {}, basePath: { default: "api/v2" } } };
  const region = { url: "https://api.{region}.example.com", variables: { region: { default: "eu", enum: ["eu", "us-east.gov"] } } };
  const host = {
    url: "{scheme}://{host}:{port}/{version}",
    variables: { scheme: { default: "https" }, host: { default: "localhost" }, port: { default: "8080" }, version: { default: "v1" } },
  };
  const relative = { url: "/api/{version}?key={key}", variables: { version: { default: "v1" }, key: { default: "k" } } };
  const whole = { url: "{protocol}://{hostname}/api/v1", variables: { protocol: { default: "http" }, hostname: { default: "localhost" } } };
  // Valid neighbours: the URL, and the host a WHATWG URL parser reads from it.
  test.each([
    ["the default", tenant, {}, "https://demo.example.com/v1", "demo.example.com"],
    ["a DNS label", tenant, { tenant: "acme-1" }, "https://acme-1.example.com/v1", "acme-1.example.com"],
    [
      "labels with dots stay under the template's domain",
      tenant,
      { tenant: "eu.acme" },
      "https://eu.acme.example.com/v1",
      "eu.acme.example.com",
    ],
    ["an A-label", tenant, { tenant: "xn--bcher-kva" }, "https://xn--bcher-kva.example.com/v1", "xn--bcher-kva.example.com"],
    [
      "a port the template gives; a default with / in the path, as written",
      withPort,
      { tenant: "acme" },
      "https://acme.example.com:8443/api/v2",
      "acme.example.com:8443",
    ],
    [
      "a path value is one segment, percent-encoded",
      withPort,
      { tenant: "acme", basePath: "a/b?c" },
      "https://acme.example.com:8443/a%2Fb%3Fc",
      "acme.example.com:8443",
    ],
    [
      "a path value with %2e%2e is encoded, no dot-segment",
      withPort,
      { tenant: "acme", basePath: "%2e%2e" },
      "https://acme.example.com:8443/%252e%252e",
      "acme.example.com:8443",
    ],
    ["an enum value, as written", region, { region: "us-east.gov" }, "https://api.us-east.gov.example.com", "api.us-east.gov.example.com"],
    // Left of the two labels the template writes, a value may add labels; the domain stays (valid neighbours of issue 44, class 3).
    ["labels left of the domain", tenant, { tenant: "a.b" }, "https://a.b.example.com/v1", "a.b.example.com"],
    [
      "a variable inside a label left of the domain",
      { url: "https://api-{x}.example.com", variables: { x: { default: "eu" } } },
      { x: "us.west" },
      "https://api-us.west.example.com",
      "api-us.west.example.com",
    ],
    [
      "a variable left of a domain whose last label is a variable",
      { url: "https://{a}.example.{tld}", variables: { a: { default: "api" }, tld: { default: "com" } } },
      { a: "acme.eu" },
      "https://acme.eu.example.com",
      "acme.eu.example.com",
    ],
    [
      "the default at the right end, as the description writes it",
      { url: "https://api.example.{tld}/v1", variables: { tld: { default: "com" } } },
      {},
      "https://api.example.com/v1",
      "api.example.com",
    ],
    [
      "scheme, host and port variables",
      host,
      { scheme: "http", host: "127.0.0.1", port: "3000" },
      "http://127.0.0.1:3000/v1",
      "127.0.0.1:3000",
    ],
    [
      "a query right after the host",
      { url: "https://h.example?key={key}", variables: { key: {} } },
      { key: "a b/" },
      "https://h.example?key=a%20b%2F",
      "h.example",
    ],
    ["a relative server URL: path and query encoded", relative, { version: "v 2", key: "a&b" }, "/api/v%202?key=a%26b", undefined],
    // A variable that is the whole authority: the host is the caller's, and so may a port be (a
    // fresh user's review: a local test server could not be reached through baseUrl()).
    ["the whole authority, with a port", whole, { hostname: "127.0.0.1:8080" }, "http://127.0.0.1:8080/api/v1", "127.0.0.1:8080"],
    [
      "the whole authority, a name and a port",
      whole,
      { hostname: "git.internal:3000" },
      "http://git.internal:3000/api/v1",
      "git.internal:3000",
    ],
  ])("%s", (_case, server, variables, url, parsedHost) => {
    expect(serverUrl(server, variables)).toBe(url);
    if (parsedHost !== undefined) expect(new URL(url).host).toBe(parsedHost);
  });

  // Each would send the defaults' authorization to another host, or another path than the template's.
  test.each([
    ["evil.example/", tenant, { tenant: "evil.example/" }, "variables.tenant", "is in the URL's authority"],
    ["evil.example:443/", tenant, { tenant: "evil.example:443/" }, "variables.tenant", "is in the URL's authority"],
    ["[::1]/", tenant, { tenant: "[::1]/" }, "variables.tenant", "is in the URL's authority"],
    ["a port", tenant, { tenant: "acme:8080" }, "variables.tenant", "is in the URL's authority"],
    ["a backslash", tenant, { tenant: "evil.example\\" }, "variables.tenant", "is in the URL's authority"],
    ["a percent-encoded slash", tenant, { tenant: "evil.example%2F" }, "variables.tenant", "is in the URL's authority"],
    ["a sub-delim", tenant, { tenant: "a;b" }, "variables.tenant", "is in the URL's authority"],
    ["a fullwidth full stop (IDNA maps it to .)", tenant, { tenant: "evil\uff0eexample" }, "variables.tenant", "is in the URL's authority"],
    ["an empty value", tenant, { tenant: "" }, "variables.tenant", "is in the URL's authority"],
    ["userinfo", tenant, { tenant: "a@evil.example" }, "variables.tenant", "must not hold ?, #, @"],
    ["a query", tenant, { tenant: "a?" }, "variables.tenant", "must not hold ?, #, @"],
    ["a default that holds #", { url: "https://{h}/", variables: { h: { default: "a#b" } } }, {}, "variables.h", "must not hold ?, #, @"],
    ["a port that is no port", host, { port: "80/x" }, "variables.port", "is the URL's port, and must be digits"],
    ["a port of letters", host, { port: "x" }, "variables.port", "is the URL's port, and must be digits"],
    [
      "the whole authority: a port that is no port",
      whole,
      { hostname: "h.example:80x" },
      "variables.hostname",
      "is the URL's whole authority",
    ],
    ["the whole authority: two ports", whole, { hostname: "h.example:1:2" }, "variables.hostname", "is the URL's whole authority"],
    ["the whole authority: a path", whole, { hostname: "h.example:80/x" }, "variables.hostname", "is the URL's whole authority"],
    ["a host", host, { host: "evil.example:1" }, "variables.host", "is in the URL's authority"],
    ["a scheme that is none", host, { scheme: "javascript:alert" }, "variables.scheme", "is the URL's scheme"],
    ["a dot-segment in the path", withPort, { tenant: "a", basePath: ".." }, "variables.basePath", "must not be a dot-segment"],
    ["a lone surrogate", withPort, { tenant: "a", basePath: "\ud800" }, "variables.basePath", "a lone surrogate"],
    ["a value outside the enum", region, { region: "evil" }, "variables.region", 'must be one of "eu", "us-east.gov"'],
    ["no value and no default", withPort, {}, "variables.tenant", "is needed by"],
  ])("%s is INVALID_BASE_URL", (_case, server, variables, argument, rule) => {
    const error = errorOf(() => serverUrl(server, variables));
    expect(error).toMatchObject({ code: "INVALID_BASE_URL", argument });
    expect(error.message).toContain(rule);
  });

  // Issue 44, class 3: a variable at the host's right end chose the registrable domain. Fails on the
  // old code, which took any host text there.
  test.each([
    ["https://api.example.{tld}/v1", "tld", "com.evil.example"],
    ["https://api.example.{tld}/v1", "tld", "org"],
    ["https://example.com{suffix}", "suffix", ".evil.example"],
    ["https://example{x}.com", "x", ".evil"],
    ["https://{x}.com", "x", "evil"],
    ["https://{a}.example.{tld}", "tld", "evil"],
    ["https://example.com{suffix}:8443/v1", "suffix", ".evil.example"],
  ])("%s with %s = %j is INVALID_BASE_URL: it would change the domain the template writes", (url, name, value) => {
    const server = { url, variables: { a: { default: "api" }, [name]: { default: name === "tld" ? "com" : "" } } };
    const error = errorOf(() => serverUrl(server, { [name]: value }));
    expect(error).toMatchObject({ code: "INVALID_BASE_URL", argument: `variables.${name}` });
    expect(error.message).toContain("is in the domain");
  });

  test("a generated module's baseUrl() is this rule: it calls serverUrl, whose refusals it gives", () => {
    const description = {
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      servers: [{ url: tenant.url, variables: tenant.variables }],
      paths: { "/a": { get: {} } },
    };
    const { module } = generateRouteMap(checkShapes(description, "description.json"), { header: () => "", withQueries: true });
    // The module as `rest-endpoint generate` writes it, its one import given the library's serverUrl.
    const body = module.replace('import { serverUrl } from "rest-endpoint/queries";', "").replace(/^export /gm, "");
    const baseUrl = runInNewContext(`${body}\nbaseUrl;`, { serverUrl }) as (variables?: object) => string;
    expect([baseUrl(), baseUrl({ tenant: "acme" })]).toEqual(["https://demo.example.com/v1", "https://acme.example.com/v1"]);
    for (const value of ["evil.example/", "evil.example:443/", "[::1]/"])
      expect(errorOf(() => baseUrl({ tenant: value }))).toMatchObject({ code: "INVALID_BASE_URL", argument: "variables.tenant" });
  });

  test("the message names the rule, the template and what was received", () => {
    expect(errorOf(() => serverUrl(tenant, { tenant: "evil.example/" })).message).toBe(
      '`variables.tenant` is in the URL\'s authority, whose host and port "https://{tenant}.example.com/v1" names: it may hold only ' +
        'letters, digits, "-", ".", "_" and "~" (an IDN as its A-label, xn--…); received "evil.example/" (string). See docs/errors.md#invalid_base_url',
    );
  });
});

describe("a form body built from the call's fields (Query.form)", () => {
  const FORMS: Queries = {
    "POST /v1/customers": {
      template: "POST /v1/customers",
      contentType: "application/x-www-form-urlencoded",
      form: { mediaType: "application/x-www-form-urlencoded", deepObject: ["metadata", "items"], joined: ["tags"] },
    },
    "POST /files": { template: "POST /files", form: { mediaType: "multipart/form-data" } },
    "POST /uploads": {
      template: "POST /uploads",
      form: {
        mediaType: "multipart/form-data",
        contentType: {
          file: "application/zip",
          image: "image/*, image/png;q=1, image/jpeg",
          any: "*/*",
          photo: "image/*",
          title: "text/html",
        },
      },
    },
    "POST /oauth2/token#refresh": {
      template: "POST /oauth2/token",
      contentType: "application/x-www-form-urlencoded",
      form: { mediaType: "application/x-www-form-urlencoded" },
    },
  };
  const forms = withQueries(base, FORMS);
  const fields = (body: unknown): [string, unknown][] => [...(body as Iterable<[string, unknown]>)];

  test.each([
    [
      "a string, a number and a boolean, each a field",
      { email: "a@b.c", n: 1, ok: true },
      [
        ["email", "a@b.c"],
        ["n", "1"],
        ["ok", "true"],
      ],
    ],
    [
      "a list, a field per item",
      { ids: ["a", "b"] },
      [
        ["ids", "a"],
        ["ids", "b"],
      ],
    ],
    ["a list of `explode: false`, one field joined with ,", { tags: ["a", "b", null] }, [["tags", "a,b"]]],
    // No items, no field, as an empty list in the query (it sent `tags=`: one empty item; a fresh user's review).
    ["an empty list of `explode: false`: no field", { tags: [], name: "n" }, [["name", "n"]]],
    [
      "an object of style form, each property a field",
      { address: { city: "Paris", line1: "1 rue" } },
      [
        ["city", "Paris"],
        ["line1", "1 rue"],
      ],
    ],
    [
      "deepObject, an object's keys in brackets",
      { metadata: { plan: "pro", seats: 3 } },
      [
        ["metadata[plan]", "pro"],
        ["metadata[seats]", "3"],
      ],
    ],
    [
      "deepObject, nested, lists by index (as Stripe reads them)",
      { items: [{ price: "p1", quantity: 2 }] },
      [
        ["items[0][price]", "p1"],
        ["items[0][quantity]", "2"],
      ],
    ],
    ["a Date, its ISO 8601 text", { at: new Date(Date.UTC(2026, 0, 2)) }, [["at", "2026-01-02T00:00:00.000Z"]]],
    ["null and undefined left out", { a: null, b: undefined, c: "x" }, [["c", "x"]]],
  ])("urlencoded: %s", (_name, parameters, expected) => {
    const { headers, body } = forms("POST /v1/customers", parameters);
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(fields(body)).toEqual(expected);
    expect(headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  test("Stripe's documented customer: the form a server reads, as curl -d writes it", () => {
    const { url, body } = forms("POST /v1/customers", { email: "jenny@example.com", metadata: { order_id: "6735" } });
    expect({ url, body: String(body) }).toEqual({
      url: "https://api.example.com/v1/customers",
      body: "email=jenny%40example.com&metadata%5Border_id%5D=6735",
    });
  });

  test.each([
    [
      "a Blob in a urlencoded form",
      "POST /v1/customers",
      { file: new Blob(["x"]) },
      "`file` has no application/x-www-form-urlencoded form",
    ],
    [
      "an object inside an object of style form",
      "POST /v1/customers",
      { address: { geo: { lat: 1 } } },
      "`address.geo` has no application/x-www-form-urlencoded form",
    ],
    ["a deepObject nested deeper than 32 levels", "POST /v1/customers", { metadata: nested(40) }, "nests deeper than 32 levels"],
    // An invalid Date has no ISO 8601 text: it was a RangeError from toISOString().
    ["an invalid Date", "POST /v1/customers", { at: new Date(Number.NaN) }, "`at` has no application/x-www-form-urlencoded form"],
    // Its commas and the delimiter's would be one (`["x,y", "z"]` was `x%2Cy%2Cz`, as `["x", "y", "z"]`).
    [
      "an item holding , in a list of `explode: false`",
      "POST /v1/customers",
      { tags: ["x,y", "z"] },
      '`tags` is a list sent comma-joined (explode: false): an item holding "," would be read as two',
    ],
  ])("%s is an INVALID_PARAMETER naming it", (_name, route, parameters, message) => {
    expect(() => forms(route, parameters)).toThrow(
      expect.objectContaining({ code: "INVALID_PARAMETER", message: expect.stringContaining(message) as unknown }),
    );
  });

  // No field lost or altered: each row is refused, with the code and argument shown, or sent as shown.
  test.each([
    [
      "a form-style object's property beside a field of its name",
      "POST /v1/customers",
      { address: { email: "x" }, email: "y" },
      "INVALID_OPTIONS",
      "email",
    ],
    ["the same, the field first", "POST /v1/customers", { email: "y", address: { email: "x" } }, "INVALID_OPTIONS", "address.email"],
    [
      "a deepObject field beside its written-out name",
      "POST /v1/customers",
      { metadata: { plan: "a" }, "metadata[plan]": "b" },
      "INVALID_OPTIONS",
      "metadata[plan]",
    ],
    ["a lone surrogate in a value", "POST /v1/customers", { email: "\ud800" }, "INVALID_PARAMETER", "email"],
    ["a lone surrogate in a name", "POST /v1/customers", { "\udc00": "x" }, "INVALID_PARAMETER", "\udc00"],
    ["a lone surrogate in a deepObject key", "POST /v1/customers", { metadata: { "\ud800": "x" } }, "INVALID_PARAMETER", "metadata.\ud800"],
    ["a lone surrogate in a multipart value", "POST /files", { purpose: "\ud800" }, "INVALID_PARAMETER", "purpose"],
    ['a multipart name holding "', "POST /files", { 'a"b': "x" }, "INVALID_PARAMETER", 'a"b'],
    ["a multipart name holding CR", "POST /files", { "a\rb": "x" }, "INVALID_PARAMETER", "a\rb"],
    ["a multipart name holding LF", "POST /files", { "a\nb": "x" }, "INVALID_PARAMETER", "a\nb"],
    ['a multipart file name holding "', "POST /files", { file: new File(["x"], 'a".txt') }, "INVALID_PARAMETER", "file"],
    ["a multipart file name holding CR LF", "POST /files", { file: new File(["x"], "a\r\n.txt") }, "INVALID_PARAMETER", "file"],
  ])("%s is refused", (_name, route, parameters, code, argument) => {
    expect(errorOf(() => forms(route, parameters))).toMatchObject({ code, argument });
  });

  test.each([
    // Valid neighbours: one key sending one name many times, names that only look alike, quotes in a urlencoded name or a value.
    [
      "a list, a field per item, under one name",
      "POST /v1/customers",
      { ids: ["a", "b"] },
      [
        ["ids", "a"],
        ["ids", "b"],
      ],
    ],
    [
      "a deepObject beside another key of its prefix",
      "POST /v1/customers",
      { metadata: { plan: "a" }, "metadata[seats]": "2" },
      [
        ["metadata[plan]", "a"],
        ["metadata[seats]", "2"],
      ],
    ],
    ['" and a line break in a urlencoded name and value', "POST /v1/customers", { 'a"\nb': 'x"\r\ny' }, [['a"\nb', 'x"\r\ny']]],
    [
      '" and a line break in a multipart value (the client writes a line break as CRLF)',
      "POST /files",
      { note: 'x"\ny' },
      [["note", 'x"\ny']],
    ],
    ["a well-formed pair of surrogates", "POST /files", { emoji: "\ud83d\ude00" }, [["emoji", "\ud83d\ude00"]]],
  ])("%s is sent", (_name, route, parameters, expected) => {
    expect(fields(forms(route, parameters).body)).toEqual(expected);
  });

  test("the refusals' messages", () => {
    expect(errorOf(() => forms("POST /v1/customers", { address: { email: "x" }, email: "y" })).message).toBe(
      '`email` is sent as "email", which `address` is too. See docs/errors.md#invalid_options',
    );
    expect(errorOf(() => forms("POST /files", { 'a"b': "x" })).message).toBe(
      '"a\\"b" has a multipart name or file name holding ", CR or LF, which clients write differently (WHATWG percent-encodes them): ' +
        'a server would read another name; received "a\\"b" (string). See docs/errors.md#invalid_parameter',
    );
  });

  test("multipart: FormData, a Blob a file part, an object its JSON, no content-type (the client writes the boundary)", async () => {
    const file = new Blob(["{}\n"], { type: "application/jsonl" });
    const { headers, body } = forms("POST /files", { purpose: "batch", file, expires_after: { anchor: "created_at", seconds: 3600 } });
    expect(body).toBeInstanceOf(FormData);
    const parts = fields(body);
    expect(parts.map(([name, value]) => [name, typeof value === "string" ? value : "a file"])).toEqual([
      ["purpose", "batch"],
      ["file", "a file"],
      ["expires_after", '{"anchor":"created_at","seconds":3600}'],
    ]);
    expect(await (parts[1]![1] as Blob).text()).toBe("{}\n");
    expect(headers).not.toHaveProperty("content-type");
    // A content-type the call sets: multipart/form-data alone is the client's to complete; any other is refused, as the converters refuse it.
    expect(forms("POST /files", { purpose: "batch", headers: { "content-type": "Multipart/Form-Data" } }).headers).not.toHaveProperty(
      "content-type",
    );
    for (const contentType of ["multipart/form-data; boundary=x", "application/json"])
      expect(errorOf(() => forms("POST /files", { purpose: "batch", headers: { "content-type": contentType } }))).toMatchObject({
        code: "INVALID_HEADER_VALUE",
        argument: "headers.content-type",
      });
  });

  /** The multipart text Node's fetch writes for a FormData body, its boundary written `B`. */
  const multipartText = async (body: unknown): Promise<string> => {
    const response = new Response(body as FormData);
    const boundary = /boundary=(.+)$/.exec(response.headers.get("content-type")!)![1]!;
    return (await response.text()).replaceAll(boundary, "B");
  };
  /** One file part of the multipart text. */
  const part = (name: string, filename: string, type: string, content: string): string =>
    `--B\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;

  test("a file part: a File keeps its name, a Blob is named after its field; its own type, else its encoding's first media type", async () => {
    const body = forms("POST /uploads", {
      file: new Blob(["PK"]),
      image: new File(["GIF"], "cat.gif"),
      typed: new File(["png"], "a.png", { type: "image/png" }),
      any: new Blob(["?"]),
      other: [new Blob(["1"]), new Blob(["2"], { type: "text/csv" })],
      photo: new Blob(["j"], { type: "IMAGE/JPEG" }),
      title: "<b>T</b>",
    }).body;
    expect(await multipartText(body)).toBe(
      part("file", "file", "application/zip", "PK") +
        part("image", "cat.gif", "image/png;q=1", "GIF") +
        part("typed", "a.png", "image/png", "png") +
        part("any", "any", "application/octet-stream", "?") +
        part("other", "other", "application/octet-stream", "1") +
        part("other", "other", "text/csv", "2") +
        part("photo", "photo", "image/jpeg", "j") +
        // A text part carries no content-type: FormData writes none.
        '--B\r\nContent-Disposition: form-data; name="title"\r\n\r\n<b>T</b>\r\n--B--\r\n',
    );
  });

  test.each([
    [
      "a type the encoding does not allow",
      { image: new File(["%PDF"], "a.pdf", { type: "application/pdf" }) },
      "image",
      "`image` is a file of type application/pdf, which its encoding's contentType (image/*, image/png;q=1, image/jpeg) does not allow; " +
        'received "application/pdf" (string). See docs/errors.md#invalid_parameter',
    ],
    [
      "no type, and an encoding of ranges alone",
      { photo: new Blob(["j"]) },
      "photo",
      "`photo` is a file without a type, and its encoding's contentType (image/*) names no media type to send: give the Blob its type; " +
        'received "" (string). See docs/errors.md#invalid_parameter',
    ],
  ])("a file part is INVALID_PARAMETER: %s", (_case, fields, argument, message) => {
    expect(errorOf(() => forms("POST /uploads", fields))).toMatchObject({ code: "INVALID_PARAMETER", argument, message });
  });

  test("docs/any-api.md's upload example gives the parts it shows", () => {
    // The page's fenced blocks, read here rather than through helpers/examples.js, whose import makes a file slow (jest.config.js).
    const markdown = readFileSync(join(__dirname, "..", "..", "docs", "any-api.md"), "utf8");
    const blocks = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, lang, code]) => ({ lang: lang!, code: code! }));
    const index = blocks.findIndex(({ lang, code }) => lang === "js" && code.includes("multipart/form-data"));
    const lines = blocks[index]!.code.trimEnd()
      .split("\n")
      .filter((line) => !line.startsWith("import "));
    lines.push(`return ${lines.pop()!}`);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the documentation's own code is the point
    const run = new Function("createEndpoint", "withQueries", lines.join("\n")) as (...values: unknown[]) => unknown;
    expect(blocks[index + 1]!.lang).toBe("json");
    expect(run(createEndpoint, withQueries)).toEqual(JSON.parse(blocks[index + 1]!.code));
  });

  test("a fragment in the route (Box's `/oauth2/token#refresh`) names the operation, and is not sent", () => {
    const { url, body } = forms("POST /oauth2/token#refresh", { grant_type: "refresh_token", refresh_token: "r" });
    expect({ url, body: String(body) }).toEqual({
      url: "https://api.example.com/oauth2/token",
      body: "grant_type=refresh_token&refresh_token=r",
    });
  });

  test("a body given as data is the call's: sent as given", () => {
    expect(forms("POST /v1/customers", { data: "email=x" }).body).toBe("email=x");
  });

  test("what reaches a real server through fetch: the form's pairs, and multipart parts under the boundary fetch writes", async () => {
    const server = await startRecordingServer();
    try {
      const send = async (options: { method: string; url: string; headers: Record<string, string>; body?: unknown }) => {
        await fetch(options.url.replace("https://api.example.com", server.url), {
          method: options.method,
          headers: options.headers,
          body: options.body as BodyInit,
        });
      };
      await send(forms("POST /v1/customers", { email: "jenny@example.com", metadata: { plan: "pro" } }));
      await send(forms("POST /files", { purpose: "batch", file: new Blob(["line\n"], { type: "text/plain" }) }));
      const [form, multipart] = server.arrivals;
      expect(form!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(Buffer.from(form!.body, "hex").toString()).toBe("email=jenny%40example.com&metadata%5Bplan%5D=pro");
      const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(String(multipart!.headers["content-type"]))![1]!;
      const text = Buffer.from(multipart!.body, "hex").toString();
      expect(text).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbatch\r\n`);
      expect(text).toMatch(/Content-Disposition: form-data; name="file"; filename="file"\r\nContent-Type: text\/plain\r\n\r\nline\n\r\n/);
    } finally {
      await server.close();
    }
  });
});

/** An object nested `depth` levels deep. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let level = 0; level < depth; level++) value = { next: value };
  return value;
}

describe("allowReserved (Query.allowReserved)", () => {
  const reserved = withQueries(base, {
    "GET /files": { template: "GET /files{?path,limit}", allowReserved: ["path"] },
    "GET /tree": { template: "GET /tree{?paths*}", allowReserved: ["paths"] },
    "GET /joined": { template: "GET /joined{?paths}", allowReserved: ["paths"] },
    "GET /beta?on=1": { template: "GET /beta?on=1{&path}", allowReserved: ["path"] },
  });

  test.each([
    ["reserved characters as they are", "GET /files", { path: "/a/b:c@d,e;f=g", limit: 3 }, "/files?path=/a/b:c@d,e;f=g&limit=3"],
    ["others percent-encoded, # too (it would end the query)", "GET /files", { path: "/a b/ü#x%" }, "/files?path=/a%20b/%C3%BC%23x%25"],
    // RFC 6570 reserved expansion (url-template's): a pct-encoded triplet and brackets pass as they are.
    ["a pct-encoded triplet and brackets kept", "GET /files", { path: "a%2Fb[0]" }, "/files?path=a%2Fb[0]"],
    ["absent: nothing sent, the expression still begins the query", "GET /files", { limit: 3 }, "/files?limit=3"],
    ["a list exploded: a pair per item", "GET /tree", { paths: ["/a", "/b/c"] }, "/tree?paths=/a&paths=/b/c"],
    ["a list not exploded: its items joined with ,", "GET /joined", { paths: ["/a", "/b"] }, "/joined?paths=/a,/b"],
    ["after a query the path holds", "GET /beta?on=1", { path: "/a" }, "/beta?on=1&path=/a"],
  ])("%s", (_name, route, parameters, path) => {
    expect(reserved(route, parameters).url).toBe(`https://api.example.com${path}`);
  });

  test.each([
    ["an empty list", { paths: [] }, "/joined"],
    ["a list of null items", { paths: [null, undefined] }, "/joined"],
    ["null", { paths: null }, "/joined"],
  ])("%s sends nothing", (_name, parameters, path) => {
    expect(reserved("GET /joined", parameters).url).toBe(`https://api.example.com${path}`);
  });

  test("a lone surrogate is an INVALID_PARAMETER naming it: it has no UTF-8 form", () => {
    expect(() => reserved("GET /files", { path: "a\uD800" })).toThrow(
      expect.objectContaining({ code: "INVALID_PARAMETER", argument: "path" }),
    );
  });

  test("an object is an INVALID_PARAMETER naming it", () => {
    expect(() => reserved("GET /files", { path: { a: 1 } })).toThrow(
      expect.objectContaining({ code: "INVALID_PARAMETER", argument: "path" }),
    );
  });
});

describe("withQueries in one pass (issue 46.4): a call by route string gives what parse(merge()) gives", () => {
  // Every style of the table at once, and routes it does not hold.
  const TABLE: Queries = {
    ...QUERIES,
    "GET /items": { template: "GET /items{?ids,tag*}", delimited: { ids: "|" }, headers: { "Api-Key": "Api-Key" } },
    "GET /files": { template: "GET /files{?path,q}", allowReserved: ["path"] },
    "GET /find": { template: "GET /find", querystring: { name: "json", as: "json" } },
    "POST /notes": { template: "POST /notes", requiredBody: true, contentType: "application/merge-patch+json" },
    "POST /form": { template: "POST /form", form: { mediaType: "application/x-www-form-urlencoded", deepObject: ["meta"] } },
    "POST /logs": { template: "POST /logs", contentType: "application/jsonl", sequence: true },
    "POST /t#refresh": { template: "POST /t" },
  };
  const ROUTES = [...Object.keys(TABLE), "GET /v1/charges{?limit}", "get /items", "GET /other", "POST /other", "GE T /x", "GET /{x"];
  const value = fc.oneof(
    fc.constantFrom("a", "b c", "/x?y#z", "", "é", 0, 7, true, null, undefined),
    fc.array(fc.constantFrom("a", 1, "x|y", null), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("gte", "lt", "k"), fc.constantFrom("1", 2, "x y"), { maxKeys: 2 }),
  );
  const key = fc.constantFrom(
    ...["created", "expand", "limit", "ids", "tag", "api-key", "API-KEY", "path", "q", "json", "meta", "text", "f", "filter"],
    ...["sort", "statuses[]", "app_id", "x", "data", "headers", "page", "statuses%5B%5D"],
  );
  const defaults = fc.constantFrom<object[]>(
    {},
    { headers: { accept: "application/json" } },
    // A defaults' field a header parameter or a table's media type meets.
    { headers: { "api-key": "dh", "content-type": "text/plain" } },
    { limit: 5 },
    { "Api-Key": "d" },
  );

  test("property: each call gives the same request options, or the same error", () => {
    let built = 0;
    fc.assert(
      fc.property(defaults, fc.constantFrom(...ROUTES), fc.dictionary(key, value, { maxKeys: 5 }), (given, route, parameters) => {
        const wrapped = withQueries(endpoint.defaults({ baseUrl: "https://api.example.com", ...given }), TABLE);
        const call = wrapped as unknown as (route: string, parameters: object) => unknown;
        const twoStep = () => wrapped.parse(wrapped.merge(route as never, parameters as never));
        const outcome = (build: () => unknown): unknown => {
          try {
            return { built: build() };
          } catch (error) {
            expect(error).toBeInstanceOf(EndpointError);
            const { code, argument, message, route: at } = error as EndpointError;
            return { error: { code, argument, message, route: at } };
          }
        };
        const expected = outcome(twoStep);
        expect(outcome(() => call(route, parameters))).toEqual(expected);
        if ((expected as { error?: unknown }).error !== undefined) return;
        built++;
      }),
      { numRuns: 400 },
    );
    // Most calls build: the property is not only about errors.
    expect(built).toBeGreaterThan(150);
  });

  test.each([
    ["a delimited list", "GET /items", { ids: ["a", "b"], tag: ["x", "y"] }, "https://api.example.com/items?ids=a%7Cb&tag=x&tag=y"],
    ["a required body given no field", "POST /notes", {}, "https://api.example.com/notes"],
  ])("%s: sent as the table says", (_, route, parameters, url) => {
    const options = withQueries(base, TABLE)(route as never, parameters as never);
    expect(options.url).toBe(url);
    if (route === "POST /notes") expect([options.body, options.headers["content-type"]]).toEqual([{}, "application/merge-patch+json"]);
  });

  test("a route endpoint() refuses: the same error as endpoint() gives, its route named", () => {
    const thrown = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        return error;
      }
    };
    for (const route of ["GE T /x", "GÉT /x"])
      expect(thrown(() => withQueries(base, TABLE)(route as never))).toEqual(thrown(() => base(route as never)));
    expect(thrown(() => base("GÉT /x" as never))).toMatchObject({ code: "INVALID_METHOD", route: "GÉT /x" });
  });
});
