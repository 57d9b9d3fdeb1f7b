import { endpoint, type DataRule, type EndpointInterface } from "../../lib/index.js";
import { headers, JSON_TYPE } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";

// QUERY (RFC 10008): a safe, idempotent method whose request content is the query. It follows the
// body rules of POST (docs/usage.md, `endpoint(route, options?)`): parameters the template does not
// name become a JSON body, `data` is the body, and a route that declares `{?…}` sends those there.
// Each real client sends it: __tests__/clients/clients.test.ts ("each real client sends each case").
describe("QUERY carries content, as POST does", () => {
  const url = "https://api.github.com/search";
  test.each([
    [
      "parameters become a JSON body",
      () => endpoint("QUERY /search", { q: "x", limit: 2 }),
      { method: "query", url, headers: headers(JSON_TYPE), body: { q: "x", limit: 2 } },
    ],
    [
      "in lowercase, with a declared query: those parameters go there, the others to the body",
      () => endpoint("query /search{?page}", { q: "x", page: 2 }),
      { method: "query", url: `${url}?page=2`, headers: headers(JSON_TYPE), body: { q: "x" } },
    ],
    [
      "data is the body, with its own content-type",
      () => endpoint("QUERY /search", { data: "q=x", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      { method: "query", url, headers: headers({ "content-type": "application/x-www-form-urlencoded" }), body: "q=x" },
    ],
    ["no parameters: no body (POST gives none either)", () => endpoint("QUERY /search"), { method: "query", url, headers: headers() }],
    [
      "the options form",
      () => endpoint({ method: "QUERY", url: "/search", q: "x" }),
      { method: "query", url, headers: headers(JSON_TYPE), body: { q: "x" } },
    ],
    [
      "a path parameter fills the path, the rest the body",
      () => endpoint("QUERY /repos/{owner}/search", { owner: "o", q: "x" }),
      { method: "query", url: "https://api.github.com/repos/o/search", headers: headers(JSON_TYPE), body: { q: "x" } },
    ],
  ])("%s", (_case, call, expected) => {
    expect(call()).toEqual(expected);
  });

  test("a parameter beside data is refused as for POST; GET still refuses data (valid neighbour)", () => {
    expect(errorOf(() => endpoint("QUERY /search", { q: "x", data: "y" }))).toMatchObject({ code: "INVALID_OPTIONS", argument: "q" });
    expect(errorOf(() => endpoint("POST /search", { q: "x", data: "y" }))).toMatchObject({ code: "INVALID_OPTIONS", argument: "q" });
    // @ts-expect-error GET takes no body
    expect(errorOf(() => endpoint("GET /search", { data: "y" }))).toMatchObject({ code: "INVALID_OPTIONS", argument: "data" });
  });

  test("the types take data for QUERY in any case, as for POST", () => {
    const checks: [unknown, unknown, unknown] = [
      { data: "x" } satisfies DataRule<"QUERY">,
      { data: [1] } satisfies DataRule<"query">,
      // @ts-expect-error GET takes no body
      { data: "x" } satisfies DataRule<"GET">,
    ];
    const api: EndpointInterface<{ "QUERY /search": { q: string } }> = endpoint.defaults({ baseUrl: "https://api.example.com" });
    expect([checks.length, api("QUERY /search", { q: "x" }).body, endpoint("query /x", { data: [1] }).body]).toEqual([3, { q: "x" }, [1]]);
  });
});
