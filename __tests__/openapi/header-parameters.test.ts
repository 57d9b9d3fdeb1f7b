import { endpoint } from "../../lib/index.js";
import { withQueries, type Queries } from "../../lib/openapi/queries.js";
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
