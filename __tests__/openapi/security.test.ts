import { readFileSync } from "node:fs";
import { join } from "node:path";
import { toFetch } from "../../lib/clients/index.js";
import { createEndpoint, EndpointError, followLink } from "../../lib/index.js";
import { withQueries, type Queries, type SecurityScheme } from "../../lib/openapi/queries.js";
import { readDescription } from "../../lib/openapi/read.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { securityOf as planOf } from "../../lib/openapi/requirements.js";
import { routesOf } from "../../lib/openapi/routes.js";
import { securityOf } from "../../lib/openapi/security.js";
import { generateRouteMap } from "../../lib/openapi/write.js";
import { errorOf } from "../helpers/errors.js";
import { runTsDocExample } from "../helpers/tsdoc.js";

// Security schemes (issue 47): each kind, alternatives ORed, schemes ANDed, `security: []`, an
// operation's own requirement over the description's; the credentials sent where each scheme says.
const SECURED = JSON.parse(readFileSync(join(__dirname, "..", "fixtures", "openapi", "security", "secured.json"), "utf8")) as Record<
  string,
  unknown
>;

const spec = checkShapes(structuredClone(SECURED), "secured.json");
const plan = planOf(spec, routesOf(spec, true).routes)!;
const baseUrl = "https://api.example.com";
/** The credentials of every scheme (fixtures/openapi/security/credentials.json); the basic pair is RFC 7617 section 2's example. */
const all = JSON.parse(readFileSync(join(__dirname, "..", "fixtures", "openapi", "security", "credentials.json"), "utf8")) as Record<
  string,
  unknown
>;
const api = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, all));
const plain = createEndpoint({ baseUrl })("GET /x").headers;

describe("generate reads each operation's requirement", () => {
  test("the table: the description's default, an operation's own, [] none, alternatives ORed, schemes ANDed", () => {
    expect(plan.table).toEqual({
      schemes: {
        key: { type: "apiKey", in: "header", name: "X-API-Key" },
        queryKey: { type: "apiKey", in: "query", name: "api_key" },
        session: { type: "apiKey", in: "cookie", name: "SESSION" },
        bearer: { type: "http", scheme: "bearer" },
        basic: { type: "http", scheme: "Basic" },
        oauth: { type: "oauth2" },
        oidc: { type: "openIdConnect" },
      },
      routes: {
        "GET /default": [["key"]],
        "POST /both": [["key", "basic"]],
        "GET /either": [["bearer"], ["queryKey"]],
        "GET /cookie": [["session"]],
        "GET /oauth": [["oauth"]],
        "DELETE /oidc": [["oidc"]],
        "GET /optional": [[], ["bearer"]],
        // An alternative naming an undeclared scheme cannot be met; mutualTLS is the client's TLS.
        "GET /undeclared": [["bearer"]],
      },
    });
  });

  test("the map documents each route's requirement, and its module holds the table and credentials()", () => {
    const map = generateRouteMap(spec, { header: () => "", withQueries: true });
    expect(map.declarations).toContain('  /** Security: `key` and `basic`. */\n  "POST /both": {');
    expect(map.declarations).toContain('  /** Security: none, or `bearer`. */\n  "GET /optional": {');
    expect(map.declarations).toContain('  /** Security: `nosuch`, or `bearer`. */\n  "GET /undeclared": {');
    expect(map.declarations).not.toContain('Security: none. */\n  "GET /public"');
    expect(map.declarations).toContain('import type { Queries, Security } from "rest-endpoint/queries";');
    expect(map.declarations).toContain("export declare function credentials(given: Credentials): Security;");
    expect(map.declarations).toContain(
      "/** `basic`: a user name and password, sent as `authorization: Basic …` (RFC 7617). */\n  basic?: { username: string; password: string } | undefined;",
    );
    expect(map.declarations).toContain("/** `session`: an API key, sent in the cookie `SESSION`. */\n  session?: string | undefined;");
    expect(map.declarations).not.toContain("tls?:");
    expect(map.module).toContain('import { securityOf } from "rest-endpoint/queries";');
    expect(map.module).toContain(`export function credentials(given) {\n  return securityOf(${JSON.stringify(plan.table)}, given);\n}`);
    expect(map.typescript).toContain('import { securityOf, type Queries, type Security } from "rest-endpoint/queries";');
  });

  test("a description without schemes, or with mutualTLS alone, gives no credentials()", () => {
    const bare = { ...SECURED, components: undefined, security: undefined };
    const none = checkShapes(structuredClone(bare), "bare.json");
    expect(planOf(none, routesOf(none, true).routes)).toBeUndefined();
    expect(generateRouteMap(none, { header: () => "", withQueries: true }).module).not.toContain("credentials");
    const tls = checkShapes({ ...structuredClone(bare), components: { securitySchemes: { tls: { type: "mutualTLS" } } } }, "tls.json");
    expect(planOf(tls, routesOf(tls, true).routes)).toBeUndefined();
  });

  test.each([
    [
      { key: { type: "apiKey", in: "body", name: "k" } },
      undefined,
      'secured.json#/components/securitySchemes/key/in: must be "header", "query" or "cookie"; received "body"',
    ],
    [
      { key: { type: "apiKey", in: "header" } },
      undefined,
      "secured.json#/components/securitySchemes/key/name: must be a non-empty string; received undefined",
    ],
    [
      { key: { type: "apiKey", in: "cookie", name: "a b" } },
      undefined,
      'secured.json#/components/securitySchemes/key/name: must be a cookie name, an RFC 9110 token (section 5.1); received "a b"',
    ],
    [
      { key: { type: "http", scheme: "Bearer token" } },
      undefined,
      'secured.json#/components/securitySchemes/key/scheme: must be an HTTP authentication scheme, a token (RFC 9110 section 11.1); received "Bearer token"',
    ],
    [
      { key: { type: "password" } },
      undefined,
      'secured.json#/components/securitySchemes/key/type: must be "apiKey", "http", "mutualTLS", "oauth2" or "openIdConnect"; received "password"',
    ],
    [
      { key: { $ref: "#/nowhere" } },
      undefined,
      "secured.json#/components/securitySchemes/key: must be a Security Scheme Object; received object",
    ],
    [{ key: { type: "oauth2" } }, { key: [] }, "secured.json#/security: must be an array of Security Requirement Objects; received object"],
    [{ key: { type: "oauth2" } }, [{ key: "read" }], 'secured.json#/security/0/key: must be an array of scopes or roles; received "read"'],
    [{ key: { type: "oauth2" } }, ["key"], 'secured.json#/security/0: must be a Security Requirement Object; received "key"'],
    [[], undefined, "secured.json#/components/securitySchemes: must be an object; received an array"],
  ])("a wrong shape is one line naming its JSON pointer: %j %j", (schemes, security, message) => {
    expect(() => checkShapes({ ...structuredClone(SECURED), components: { securitySchemes: schemes }, security }, "secured.json")).toThrow(
      message,
    );
  });

  test("an operation's wrong requirement is named at the operation", () => {
    expect(() => checkShapes({ ...structuredClone(SECURED), paths: { "/a": { get: { security: {} } } } }, "secured.json")).toThrow(
      "secured.json#/paths/~1a/get/security: must be an array of Security Requirement Objects; received object",
    );
  });

  // The corpus: rapidapi.com's dynamicdocs names an API key's header "ADVICEment API Key".
  test("without --strict, a wrong scheme or an operation's wrong requirement is left out, and the rest mapped", () => {
    const leftOut: string[] = [];
    const given = structuredClone(SECURED) as { components: { securitySchemes: Record<string, unknown> }; paths: Record<string, unknown> };
    given.components.securitySchemes.key = { type: "apiKey", in: "header", name: "ADVICEment API Key" };
    given.paths["/wrong"] = { get: { security: [{ bearer: "read" }] } };
    const lenient = checkShapes(given, "secured.json", leftOut);
    expect(leftOut).toEqual([
      'left out secured.json#/components/securitySchemes/key (a security scheme): secured.json#/components/securitySchemes/key/name: must be a header name, an RFC 9110 token (section 5.1); received "ADVICEment API Key"',
      'left out secured.json#/paths/~1wrong/get (an operation): secured.json#/paths/~1wrong/get/security/0/bearer: must be an array of scopes or roles; received "read"',
    ]);
    const table = planOf(lenient, routesOf(lenient, true).routes)!.table;
    // `key` is no scheme: the routes that required it alone need none; `key` and `basic` together cannot be met.
    expect(Object.keys(table.schemes)).toEqual(["queryKey", "session", "bearer", "basic", "oauth", "oidc"]);
    expect([table.routes["GET /default"], table.routes["POST /both"], table.routes["GET /wrong"]]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("withQueries sends each credential where its scheme says", () => {
  test.each([
    ["GET /default", "/default", { "x-api-key": "k1" }],
    ["GET /public", "/public", {}],
    // RFC 7617 section 2: base64 of "Aladdin:open sesame".
    ["POST /both", "/both", { "x-api-key": "k1", authorization: "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==" }],
    ["GET /either", "/either", { authorization: "Bearer t0k.en" }],
    ["GET /cookie", "/cookie", { cookie: "SESSION=s1" }],
    ["GET /oauth", "/oauth", { authorization: "Bearer oauth-token" }],
    ["DELETE /oidc", "/oidc", { authorization: "Bearer oidc-token" }],
    ["GET /optional", "/optional", { authorization: "Bearer t0k.en" }],
    ["GET /undeclared", "/undeclared", { authorization: "Bearer t0k.en" }],
    ["GET /tls", "/tls", {}],
    ["GET /unmapped", "/unmapped", {}],
  ])("%s", (route, path, added) => {
    const [method] = route.split(" ");
    const request = api(route);
    expect(request).toEqual({
      method: method!.toLowerCase(),
      url: `${baseUrl}${path}`,
      headers: { ...plain, ...added },
      ...(method === "POST" || method === "DELETE" ? { body: undefined } : {}),
    });
  });

  test("the first alternative whose every scheme has a credential: a query key, percent-encoded, after the call's query", () => {
    const keyOnly = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { queryKey: "q/1 2" }));
    expect(keyOnly("GET /either", { page: 2 })).toEqual({
      method: "get",
      url: `${baseUrl}/either?page=2&api_key=q%2F1%202`,
      headers: plain,
    });
    // Neither alternative met: nothing sent.
    expect(withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { key: "k1" }))("GET /either").headers).toEqual(plain);
    // `basic` alone does not meet `key` and `basic`.
    expect(withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { basic: all.basic }))("POST /both").headers).toEqual(plain);
  });

  // An operation is its method and path (OpenAPI 3.1 section 4.8.8): a route written with a query is
  // the map's route, and its credential goes; `/either?` was sent as `/either`, with no key.
  test.each([
    ["an empty query, which endpoint() leaves out", "GET /either?", `${baseUrl}/either?api_key=q1`],
    ["a literal query", "GET /either?page=2", `${baseUrl}/either?page=2&api_key=q1`],
    // RFC 6570 writes "&page=3" after the "?" (section 3.2.9): a route without a table entry is expanded as written.
    ["an empty query before a {&…} expression", "GET /either?{&page}", `${baseUrl}/either?&page=3&api_key=q1`],
    ["a {?…} expression", "GET /either{?page}", `${baseUrl}/either?page=3&api_key=q1`],
  ])("a route written with %s is the map's: its query credential goes too", (_name, route, url) => {
    const byQuery = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { queryKey: "q1" }));
    const parameters = route.includes("{") ? { page: 3 } : {};
    expect(byQuery(route, parameters)).toEqual({ method: "get", url, headers: plain });
    expect(byQuery.parse(byQuery.merge(route, parameters))).toEqual({ method: "get", url, headers: plain });
  });

  // any-api.md: a description may key a second operation of one path by a query (`/search?type=user`).
  test("an operation keyed by a query is found as written, with its own serializations and credentials; other queries find the path's", () => {
    const queries: Queries = {
      "GET /search": { template: "GET /search{?tags*}" },
      "GET /search?type=user": { template: "GET /search?type=user{&ids}", delimited: { ids: "|" } },
      "POST /tok#refresh": { template: "POST /tok{?f}", deepObject: ["f"] },
    };
    const table = {
      schemes: { key: { type: "apiKey", in: "query", name: "api_key" }, hkey: { type: "apiKey", in: "header", name: "x-key" } },
      routes: { "GET /search": [["key"]], "GET /search?type=user": [["hkey"]], "POST /tok#refresh": [["key"]] },
    } as const;
    const both = withQueries(createEndpoint({ baseUrl }), queries, securityOf(table, { key: "K", hkey: "H" }));
    const call = both as unknown as (route: string, parameters: object) => { url: string; headers: Record<string, string> };
    const rows: [route: string, parameters: object, url: string, headers: Record<string, string>][] = [
      ["GET /search", { tags: ["a", "b"] }, `${baseUrl}/search?tags=a&tags=b&api_key=K`, plain],
      ["GET /search?type=user", { ids: ["1", "2"] }, `${baseUrl}/search?type=user&ids=1%7C2`, { ...plain, "x-key": "H" }],
      ["GET /search?page=2", { tags: ["a", "b"] }, `${baseUrl}/search?page=2&tags=a&tags=b&api_key=K`, plain],
      // A route written with more query than the key's (a next page's URL given back) is the keyed operation, its pairs in any order.
      ["GET /search?type=user&page=2", { ids: ["1", "2"] }, `${baseUrl}/search?type=user&page=2&ids=1%7C2`, { ...plain, "x-key": "H" }],
      [`GET ${baseUrl}/search?page=3&type=user`, {}, `${baseUrl}/search?page=3&type=user`, { ...plain, "x-key": "H" }],
      // A server may encode an unreserved character of the key: the same pair (RFC 3986 section 6.2.2.2).
      [`GET ${baseUrl}/search?page=3&type=%75ser`, {}, `${baseUrl}/search?page=3&type=%75ser`, { ...plain, "x-key": "H" }],
      // A pair that is not the key's, or only begins like it, is the path's.
      ["GET /search?type=users&page=2", {}, `${baseUrl}/search?type=users&page=2&api_key=K`, plain],
      ["GET /search?xtype=user", {}, `${baseUrl}/search?xtype=user&api_key=K`, plain],
      ["GET /search?", { tags: ["a"] }, `${baseUrl}/search?tags=a&api_key=K`, plain],
      // An empty query before the fragment is none too; the table's template leaves the fragment out.
      ["POST /tok?#refresh", { f: { a: 1 } }, `${baseUrl}/tok?f%5Ba%5D=1&api_key=K`, plain],
    ];
    for (const [route, parameters, url, headers] of rows) {
      expect(call(route, parameters)).toMatchObject({ url, headers });
      expect(both.parse(both.merge(route as never, parameters as never))).toMatchObject({ url, headers });
    }
  });

  // Found by a fresh-eyes review: an operation keyed by a query that adds no serialization, or needs no
  // credential, had no entry in the generated tables, and was taken for another operation of its path.
  test("generated from a description, each operation keyed by a query is its own: its serializations and its credentials, none where it needs none", () => {
    const list = (name: string, style?: string) => ({
      name,
      in: "query",
      schema: { type: "array", items: { type: "string" } },
      ...(style === undefined ? {} : { style, explode: false }),
    });
    const described = checkShapes(
      {
        openapi: "3.1.0",
        info: { title: "keyed", version: "1" },
        components: {
          securitySchemes: { hkey: { type: "apiKey", in: "header", name: "x-key" }, ckey: { type: "apiKey", in: "cookie", name: "s" } },
        },
        security: [{ hkey: [] }],
        paths: {
          "/search": { get: { parameters: [list("tags", "pipeDelimited")] } },
          "/search?type=user": { get: { parameters: [list("tags", "pipeDelimited")] } },
          "/search?type=user&scope=all": { get: { parameters: [list("tags")], security: [{ ckey: [] }] } },
          // No parameter it serializes, and no credential: nothing of its own in either table but its entry.
          "/search?type=public": { get: { security: [] } },
        },
      },
      "keyed.json",
    );
    const { routes } = routesOf(described, true);
    const module = generateRouteMap(described, { header: () => "", withQueries: true }).module;
    const queries = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(module)![1]!}}`) as Queries;
    const keyed = withQueries(createEndpoint({ baseUrl }), queries, securityOf(planOf(described, routes)!.table, { hkey: "H", ckey: "C" }));
    const call = keyed as unknown as (route: string, parameters: object) => { url: string; headers: Record<string, string> };
    const rows: [route: string, url: string, headers: Record<string, string>][] = [
      ["GET /search", `${baseUrl}/search?tags=a%7Cb`, { ...plain, "x-key": "H" }],
      ["GET /search?type=user&page=2", `${baseUrl}/search?type=user&page=2&tags=a%7Cb`, { ...plain, "x-key": "H" }],
      ["GET /search?type=user&scope=all", `${baseUrl}/search?type=user&scope=all&tags=a&tags=b`, { ...plain, cookie: "s=C" }],
      ["GET /search?scope=all&page=2&type=user", `${baseUrl}/search?scope=all&page=2&type=user&tags=a&tags=b`, { ...plain, cookie: "s=C" }],
      ["GET /search?type=public", `${baseUrl}/search?type=public&tags=a,b`, plain],
      ["GET /search?type=public&page=2", `${baseUrl}/search?type=public&page=2&tags=a,b`, plain],
      ["GET /search?type=p%75blic&page=2", `${baseUrl}/search?type=p%75blic&page=2&tags=a,b`, plain],
    ];
    for (const [route, url, headers] of rows) {
      expect(call(route, { tags: ["a", "b"] })).toEqual({ method: "get", url, headers });
      expect(keyed.parse(keyed.merge(route as never, { tags: ["a", "b"] } as never))).toEqual({ method: "get", url, headers });
    }
  });

  test("a table or credentials object written to after securityOf changes no request", () => {
    const table = {
      schemes: { hkey: { type: "apiKey", in: "header", name: "x-key" } as SecurityScheme },
      routes: { "GET /x": [["hkey"]] } as Record<string, string[][]>,
    };
    const given = { hkey: "K" };
    const api = withQueries(createEndpoint({ baseUrl }), {}, securityOf(table, given));
    const before = api("GET /x");
    expect(before.headers).toEqual({ ...plain, "x-key": "K" });
    table.routes["GET /x"]!.length = 0;
    table.routes["GET /y"] = [["hkey"]];
    (table.schemes.hkey as { name: string }).name = "x-other";
    given.hkey = "Z";
    expect([api("GET /x"), api("GET /y").headers]).toEqual([before, plain]);
  });

  test("a query credential goes before the fragment of a route named by one, where a ? would begin none (RFC 3986 section 3.5)", () => {
    const table = {
      schemes: { queryKey: { type: "apiKey", in: "query", name: "api_key" } },
      routes: { "GET /t#refresh": [["queryKey"]] },
    } as const;
    const refresh = withQueries(createEndpoint({ baseUrl }), {}, securityOf(table, { queryKey: "q1" }));
    expect(refresh("GET /t#refresh", { page: 2 }).url).toBe(`${baseUrl}/t?page=2&api_key=q1#refresh`);
    expect(refresh("GET /t#refresh").url).toBe(`${baseUrl}/t?api_key=q1#refresh`);
  });

  // docs/usage.md, "Pagination": what followLink keeps of generated credentials, and the two ways the page says to page.
  test("paging: followLink keeps a header credential and not a query one; a page's call by its route gets it again, and so does a next URL on the baseUrl written as a route", () => {
    const byHeader = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { bearer: "t0k.en" }));
    const byQuery = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { queryKey: "q1" }));
    const next = `${baseUrl}/either?page=2`;
    // A next page's URL from the body, followed as a link field holding it: the header field is kept.
    expect(followLink(byHeader("GET /either"), { link: `<${next}>; rel="next"` })).toEqual({
      method: "get",
      url: next,
      headers: { ...plain, authorization: "Bearer t0k.en" },
    });
    // A query credential is part of the URL the link replaces: the next page goes without it.
    const first = byQuery("GET /either");
    expect(first.url).toBe(`${baseUrl}/either?api_key=q1`);
    expect(followLink(first, { link: `<${next}>; rel="next"` })?.url).toBe(next);
    // The page's call by its route, the cursor a parameter, gets it again.
    expect(byQuery("GET /either", { page: 2 }).url).toBe(`${baseUrl}/either?page=2&api_key=q1`);
    // The next URL written as a route is on the baseUrl: the route below it, `GET /either`, and its credential.
    expect(byHeader(`GET ${next}`).headers).toEqual({ ...plain, authorization: "Bearer t0k.en" });
    expect(byQuery(`GET ${next}`).url).toBe(`${next}&api_key=q1`);
    expect(byQuery({ method: "GET", url: next }).url).toBe(`${next}&api_key=q1`);
    expect(byQuery.parse(byQuery.merge(`GET ${next}`)).url).toBe(`${next}&api_key=q1`);
    // A URL elsewhere is no route of the map, and gets none: another origin, a host that begins as
    // the baseUrl's, a port written out, another spelling of the host (compared as written).
    for (const elsewhere of [
      "https://api.example.org/either?page=2",
      "https://api.example.com.evil.example/either?page=2",
      "https://api.example.com:443/either?page=2",
      "https://API.example.com/either?page=2",
    ]) {
      expect(byQuery(`GET ${elsewhere}`).url).toBe(elsewhere);
      expect(byHeader(`GET ${elsewhere}`).headers).toEqual(plain);
    }
  });

  test("a route that is no template gives, through withQueries, the error endpoint() gives: its route named, its query cut", () => {
    const byQuery = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { queryKey: "q1" }));
    const direct = errorOf(() => createEndpoint({ baseUrl })("GET /either?q={bad&api_key=SEKRET" as never));
    const wrapped = (() => {
      try {
        byQuery("GET /either?q={bad&api_key=SEKRET" as never);
      } catch (error) {
        return error as EndpointError;
      }
      throw new Error("expected an EndpointError");
    })();
    expect({ code: wrapped.code, argument: wrapped.argument, message: wrapped.message }).toEqual(direct);
    expect(wrapped.route).toBe("GET /either?…");
  });

  // docs/usage.md, "Pagination": the loop's guard where a server links to the page just fetched without the key.
  test("a link to the page just fetched, without its query key, is followed; api() rebuilds that page, which the guard compares", () => {
    const byQuery = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { queryKey: "q1" }));
    const request = byQuery("GET /either", { page: 3 });
    expect(request.url).toBe(`${baseUrl}/either?page=3&api_key=q1`);
    const next = followLink(request, { link: `</either?page=3>; rel="next"` });
    expect(next?.url).toBe(`${baseUrl}/either?page=3`);
    const again = byQuery({ method: "GET", url: next!.url });
    expect(again.url).toBe(request.url);
  });

  test("a URL on a baseUrl with a path is the route below that path; one outside it is none", () => {
    const v1 = withQueries(createEndpoint({ baseUrl: `${baseUrl}/v1/` }), {}, securityOf(plan.table, { queryKey: "q1" }));
    expect(v1(`GET ${baseUrl}/v1/either?page=2`).url).toBe(`${baseUrl}/v1/either?page=2&api_key=q1`);
    expect(v1("GET /either").url).toBe(`${baseUrl}/v1/either?api_key=q1`);
    // `/v1x/either` and `/either` are outside `/v1`: no route of the map below it.
    expect(v1(`GET ${baseUrl}/v1x/either`).url).toBe(`${baseUrl}/v1x/either`);
    expect(v1(`GET ${baseUrl}/either`).url).toBe(`${baseUrl}/either`);
  });

  // A request's URL holds the key a query credential adds: errors show such a URL up to its query.
  test("an error about a request whose URL holds a query credential shows that URL up to its query: followLink's refusal, the error's route", () => {
    const first = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { queryKey: "SEKRETkey0123456789" }))("GET /either");
    expect(first.url).toBe(`${baseUrl}/either?api_key=SEKRETkey0123456789`);
    /** The error `call` throws, whole (errorOf keeps three of its fields). */
    const thrown = (call: () => unknown): EndpointError => {
      try {
        call();
      } catch (error) {
        if (error instanceof EndpointError) return error;
      }
      throw new Error("expected an EndpointError");
    };
    const again = thrown(() => followLink(first, { link: `<${first.url}>; rel="next"` }));
    expect(again).toMatchObject({ code: "INVALID_URL", argument: "responseHeaders.link", route: undefined });
    expect(again.message).toContain(`; received "${baseUrl}/either?…" (string).`);
    const resent = thrown(() => createEndpoint({ baseUrl })({ ...first, headers: { authorization: "Bearer x\n" } }));
    expect(resent).toMatchObject({ code: "INVALID_HEADER_VALUE", route: `get ${baseUrl}/either?…` });
    // Every field of each (JSON.stringify writes the own enumerable ones), and each message.
    expect(JSON.stringify([again, resent, again.message, resent.message])).not.toContain("SEKRET");
    // Any message that shows a URL shows it up to its query: the URL where options are due, a link
    // field that repeats the key, a URL given back to endpoint() that it refuses.
    const keyed = `${first.url}&q=100%`;
    const calls: [call: () => unknown, argument: string][] = [
      [() => toFetch(first.url as never), "options"],
      [
        () => {
          followLink(first.url as never, {});
        },
        "request",
      ],
      [() => followLink(first, first.url as never), "responseHeaders"],
      [() => followLink(first, { link: `<${first.url}&filter=a b>; rel="next"` }), "responseHeaders.link"],
      [() => createEndpoint({ baseUrl })({ method: "GET", url: keyed }), "url"],
    ];
    for (const [call, argument] of calls) {
      const error = thrown(call);
      expect([error.argument, error.message]).toEqual([argument, expect.stringContaining(`${baseUrl}/either?…" (string`)]);
      expect(JSON.stringify([error, error.message])).not.toContain("SEKRET");
    }
  });

  test("basic is base64 of the UTF-8 bytes of user:password (RFC 7617 section 2.1's example)", () => {
    const utf8 = withQueries(
      createEndpoint({ baseUrl }),
      {},
      securityOf(plan.table, { key: "k", basic: { username: "test", password: "123£" } }),
    );
    expect(utf8("POST /both").headers.authorization).toBe("Basic dGVzdDoxMjPCow==");
  });

  test("a bearer token is sent as given: RFC 6750's b64token, and tokens in use beyond it (Up's `up:yeah:…`)", () => {
    for (const token of ["mF_9.B5f-4.1JqM", "a+b/c==", "up:yeah:0123abcDEF", "ghp_x!#$%&'*()<>[]{}|@,;?"]) {
      const bearer = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { bearer: token }));
      expect(bearer("GET /either").headers.authorization).toBe(`Bearer ${token}`);
    }
  });

  test("a value the call sets itself is sent as it is; a cookie is added to the call's", () => {
    expect(api("GET /default", { headers: { "x-api-key": "own" } }).headers["x-api-key"]).toBe("own");
    expect(api("GET /either", { api_key: "own" }).url).toBe(`${baseUrl}/either?api_key=own`);
    // The query key written pct-encoded is the call's own too, as a URL parser's searchParams reads it.
    const byQuery = withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { queryKey: "q1" }));
    expect(byQuery("GET /either?%61pi_key=own").url).toBe(`${baseUrl}/either?%61pi_key=own`);
    expect(byQuery("GET /either?a=1&api%5Fkey=own").url).toBe(`${baseUrl}/either?a=1&api%5Fkey=own`);
    expect(byQuery("GET /either?api_keys=x").url).toBe(`${baseUrl}/either?api_keys=x&api_key=q1`);
    // A query that begins with "?" names "?api_key", which a URL parser reads as another parameter: the key goes too.
    expect(byQuery("GET /either??api_key=x").url).toBe(`${baseUrl}/either??api_key=x&api_key=q1`);
    expect(api("GET /cookie", { headers: { cookie: "a=b" } }).headers.cookie).toBe("a=b; SESSION=s1");
    // A cookie of the credential's name that the call sets is the call's: not sent twice (found by a fresh-eyes review).
    expect(api("GET /cookie", { headers: { cookie: "a=b;SESSION=mine" } }).headers.cookie).toBe("a=b;SESSION=mine");
    expect(api("GET /cookie", { headers: { cookie: "SESSION=mine" } }).headers.cookie).toBe("SESSION=mine");
    expect(api("GET /cookie", { headers: { cookie: "XSESSION=x; a=SESSION" } }).headers.cookie).toBe("XSESSION=x; a=SESSION; SESSION=s1");
  });

  test("a credential never leaves the endpoint's baseUrl origin: a call's own baseUrl, a full URL, an {origin} elsewhere", () => {
    for (const request of [
      api("GET /default", { baseUrl: "https://evil.example" }),
      api("GET https://evil.example/default"),
      api("GET {origin}/default", { origin: "https://evil.example" }),
      api("GET /default", { baseUrl: "http://api.example.com" }),
      api("GET /default", { baseUrl: "https://api.example.com:8443" }),
    ])
      expect(request.headers).toEqual(plain);
    // The same origin as a URL parser reads it is home; defaults() moves home with the baseUrl.
    expect(api("GET /default", { baseUrl: "https://API.example.com:443/" }).headers["x-api-key"]).toBe("k1");
    const moved = api.defaults({ baseUrl: "https://eu.example.com" });
    expect(moved("GET /default")).toEqual({
      method: "get",
      url: "https://eu.example.com/default",
      headers: { ...plain, "x-api-key": "k1" },
    });
  });

  test("merge() holds no credential; parse(merge()) is the call", () => {
    const merged = api.merge("GET /default");
    expect(JSON.stringify(merged)).not.toContain("k1");
    expect(api.parse(merged)).toEqual(api("GET /default"));
    expect(JSON.stringify(securityOf(plan.table, all))).toBe('{"schemes":["key","queryKey","session","bearer","basic","oauth","oidc"]}');
  });

  test.each([
    [
      { nosuch: "x" },
      "credentials.nosuch",
      'is no security scheme of the description: "key", "queryKey", "session", "bearer", "basic", "oauth", "oidc"',
    ],
    [{ key: "" }, "credentials.key", "must be a non-empty string"],
    [{ key: 1 }, "credentials.key", "must be a non-empty string"],
    [{ key: "a\nb" }, "credentials.key", "must be a header field value (RFC 9110 section 5.5)"],
    [{ key: " a" }, "credentials.key", "must be a header field value (RFC 9110 section 5.5)"],
    [{ session: "a;b" }, "credentials.session", "must be cookie-octets (RFC 6265 section 4.1.1)"],
    [{ queryKey: "\ud800" }, "credentials.queryKey", "must be well-formed Unicode"],
    [{ bearer: "a b" }, "credentials.bearer", "must be a bearer token (RFC 6750 section 2.1): visible ASCII characters, no space"],
    [{ oauth: "Bearer x" }, "credentials.oauth", "must be a bearer token (RFC 6750 section 2.1): visible ASCII characters, no space"],
    [{ bearer: "a\u00e9" }, "credentials.bearer", "must be a bearer token (RFC 6750 section 2.1): visible ASCII characters, no space"],
    [{ oidc: "a\tb" }, "credentials.oidc", "must be a bearer token (RFC 6750 section 2.1): visible ASCII characters, no space"],
    [{ basic: "Aladdin:open sesame" }, "credentials.basic", "must be { username, password } (RFC 7617)"],
    [{ basic: { username: "a:b", password: "" } }, "credentials.basic.username", "must be a string without ':'"],
    [{ basic: { username: "a", password: "\u0000" } }, "credentials.basic.password", "must be a string without a control character"],
    [{ basic: { username: "a", password: "\udc00" } }, "credentials.basic", "must be well-formed Unicode"],
  ])("a wrong credential is INVALID_OPTIONS naming it: %j", (credentials, argument, rule) => {
    const error = errorOf(() => securityOf(plan.table, credentials));
    expect([error.code, error.argument]).toEqual(["INVALID_OPTIONS", argument]);
    expect(error.message).toContain(rule);
  });

  test("withQueries refuses a third argument that credentials() did not make; securityOf a table that is none", () => {
    const error = errorOf(() => withQueries(createEndpoint({ baseUrl }), {}, { schemes: [] } as never));
    expect([error.code, error.argument]).toEqual(["INVALID_OPTIONS", "security"]);
    expect(errorOf(() => securityOf(null as never, {})).argument).toBe("table");
    expect(errorOf(() => securityOf(plan.table, null as never)).argument).toBe("credentials");
    // An undefined credential is none.
    expect(withQueries(createEndpoint({ baseUrl }), {}, securityOf(plan.table, { key: undefined }))("GET /default").headers).toEqual(plain);
  });
});

describe("a real description: Zapier's NLA API (APIs.guru), four alternatives on every operation", () => {
  const fixture = join(__dirname, "..", "fixtures", "openapi", "security", "zapier.com__nla.json");
  const zapierBase = "https://nla.zapier.com";
  /** The requests of its four example calls (one per operation kind), with `credentials` given. */
  const requests = async (credentials: Record<string, string>) => {
    const { spec: zapier } = await readDescription(fixture);
    const table = planOf(zapier, routesOf(zapier, true).routes)!.table;
    const zapierApi = withQueries(createEndpoint({ baseUrl: zapierBase }), {}, securityOf(table, credentials));
    return {
      table,
      sent: [
        zapierApi("GET /api/v1/check/"),
        zapierApi("GET /api/v1/execution-log/{execution_log_id}/", { execution_log_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV" }),
        zapierApi("POST /api/v1/exposed/{exposed_app_action_id}/execute/", {
          exposed_app_action_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
          instructions: "Send an email",
        }),
      ],
    };
  };

  test("the table names its four schemes, each operation's alternatives in its order", async () => {
    const { table } = await requests({});
    const alternatives = [["SessionAuth"], ["AccessPointApiKeyHeader"], ["AccessPointApiKeyQuery"], ["AccessPointOAuth"]];
    expect(table).toEqual({
      schemes: {
        AccessPointApiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
        AccessPointApiKeyQuery: { type: "apiKey", in: "query", name: "api_key" },
        AccessPointOAuth: { type: "oauth2" },
        SessionAuth: { type: "apiKey", in: "cookie", name: "sessionid" },
      },
      routes: Object.fromEntries(
        [
          "GET /api/v1/check/",
          "GET /api/v1/configuration-link/",
          "GET /api/v1/execution-log/{execution_log_id}/",
          "GET /api/v1/exposed/",
          "POST /api/v1/exposed/{exposed_app_action_id}/execute/",
        ].map((route) => [route, alternatives]),
      ),
    });
  });

  test.each([
    [{ AccessPointApiKeyHeader: "sk-1" }, "", { "x-api-key": "sk-1" }],
    [{ AccessPointApiKeyQuery: "sk-1" }, "?api_key=sk-1", {}],
    [{ SessionAuth: "abc123" }, "", { cookie: "sessionid=abc123" }],
    [{ AccessPointOAuth: "oauth.token" }, "", { authorization: "Bearer oauth.token" }],
    // The first alternative given a credential wins: the session, before the key.
    [{ AccessPointApiKeyHeader: "sk-1", SessionAuth: "abc123" }, "", { cookie: "sessionid=abc123" }],
  ])("given %j, each call sends it where its scheme says", async (credentials, query, added) => {
    const { sent } = await requests(credentials);
    const zapierPlain = createEndpoint({ baseUrl: zapierBase })("GET /x").headers;
    expect(sent).toEqual([
      { method: "get", url: `${zapierBase}/api/v1/check/${query}`, headers: { ...zapierPlain, ...added } },
      {
        method: "get",
        url: `${zapierBase}/api/v1/execution-log/01ARZ3NDEKTSV4RRFFQ69G5FAV/${query}`,
        headers: { ...zapierPlain, ...added },
      },
      {
        method: "post",
        url: `${zapierBase}/api/v1/exposed/01ARZ3NDEKTSV4RRFFQ69G5FAV/execute/${query}`,
        headers: { ...zapierPlain, "content-type": "application/json; charset=utf-8", ...added },
        body: { instructions: "Send an email" },
      },
    ]);
  });
});

test("another http scheme (Django REST framework's `Token`) is sent as `<scheme> <credentials>`", () => {
  const token = checkShapes(
    {
      ...structuredClone(SECURED),
      components: { securitySchemes: { token: { type: "http", scheme: "Token" } } },
      security: [{ token: [] }],
    },
    "token.json",
  );
  const tokenPlan = planOf(token, routesOf(token, true).routes)!;
  expect(tokenPlan.members).toEqual(["/** `token`: the credentials of `authorization: Token …`. */\n  token?: string | undefined;"]);
  const tokenApi = withQueries(
    createEndpoint({ baseUrl }),
    {},
    securityOf(tokenPlan.table, { token: "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b" }),
  );
  expect(tokenApi("GET /default").headers).toEqual({ ...plain, authorization: "Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b" });
  expect(errorOf(() => securityOf(tokenPlan.table, { token: "a\r\nb" })).argument).toBe("credentials.token");
  // Given whole, with its scheme's name in any case, after it a space or a tab, or the name alone: it would be sent as "Token Token …".
  for (const whole of ["Token 9944b0919", "token 9944b0919", "TOKEN\t9944b0919", "Token"])
    expect(errorOf(() => securityOf(tokenPlan.table, { token: whole }))).toEqual({
      code: "INVALID_OPTIONS",
      argument: "credentials.token",
      message: `\`credentials.token\` must be the credentials alone: "Token " is written before them; received a string of ${whole.length} characters, not shown. See docs/errors.md#invalid_options`,
    });
  // A credential that holds the name further on is the credential.
  expect(
    withQueries(createEndpoint({ baseUrl }), {}, securityOf(tokenPlan.table, { token: "Tokens a" }))("GET /default").headers.authorization,
  ).toBe("Token Tokens a");
});

test("securityOf's TSDoc example gives the field it shows", () => {
  const { result, shown } = runTsDocExample("openapi/security.ts", { createEndpoint, withQueries, securityOf });
  expect(result).toBe(shown);
});
