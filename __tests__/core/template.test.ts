import { endpoint } from "../../lib/index.js";
import { byRouteShape, compileTemplate, hasQuery, partText, routeShape, varspecText, withQueryVariables } from "../../lib/core/template.js";
import { errorOf } from "../helpers/errors.js";

describe("the RFC 6570 grammar (section 2) is enforced", () => {
  test.each([
    ["/{", 'an unclosed "{"'],
    ["/{a", 'an unclosed "{"'],
    ["/{a{b}}", 'an unclosed "{"'],
    ["/}", 'a stray "}"'],
    ["/a}b", 'a stray "}"'],
    ["/{=x}", 'an invalid expression "{=x}"'],
    ["/{!x}", 'an invalid expression "{!x}"'],
    ["/{|x}", 'an invalid expression "{|x}"'],
    ["/{,x}", 'an invalid expression "{,x}"'],
    ["/{@x}", 'an invalid expression "{@x}"'],
    ["/{$x}", 'an invalid expression "{$x}"'],
    ["/{~x}", 'an invalid expression "{~x}"'],
    ["/{}", 'an invalid expression "{}"'],
    ["/{+}", 'an invalid expression "{+}"'],
    ["/{with space}", 'an invalid expression "{with space}"'],
    ["/{ x}", 'an invalid expression "{ x}"'],
    ["/{x..y}", 'an invalid expression "{x..y}"'],
    ["/{.x.}", 'an invalid expression "{.x.}"'],
    ["/{x.}", 'an invalid expression "{x.}"'],
    ["/{%2x}", 'a "%" without two hex digits'],
    ["/{a,}", 'an invalid expression "{a,}"'],
    ["/{var:0}", 'an invalid expression "{var:0}"'],
    ["/{var:01}", 'an invalid expression "{var:01}"'],
    ["/{var:10000}", 'an invalid expression "{var:10000}"'],
    ["/{var:}", 'an invalid expression "{var:}"'],
    ["/{var:3*}", 'an invalid expression "{var:3*}"'],
    ["/{var*:3}", 'an invalid expression "{var*:3}"'],
    ["/{var**}", 'an invalid expression "{var**}"'],
    ["/100%", 'a "%" without two hex digits'],
    ["/a%zz", 'a "%" without two hex digits'],
    ["/a\ud800b", "a lone surrogate"],
    ["/a\udc00", "a lone surrogate"],
  ])("%j is rejected: it has %s", (url, problem) => {
    const error = errorOf(() => endpoint({ url }));
    expect({ code: error.code, argument: error.argument }).toEqual({ code: "INVALID_URL_TEMPLATE", argument: "url" });
    expect(error.message).toContain(problem);
  });

  test.each([
    ["/{var:9999}", { var: "v" }, "/v"],
    ["/{a.b}", { "a.b": 1 }, "/1"],
    ["/{a_b-c}", { "a_b-c": 1 }, "/1"],
    ["/{%41}", { "%41": "x" }, "/x"],
    ["{/path*}", { path: ["a", "b"] }, "/a/b"],
    ["/a%20b%2F", {}, "/a%20b%2F"],
    ["/😀", {}, "/%F0%9F%98%80"],
    ["/a b|c^d`e\\f", {}, "/a%20b%7Cc%5Ed%60e%5Cf"],
  ])("%j is valid", (url, parameters, path) => {
    expect(endpoint({ url, ...parameters }).url).toBe(`https://api.github.com${path}`);
  });
});

describe("urls must be http(s) and relative ones must begin with /", () => {
  test.each([
    ["x", "INVALID_URL"],
    [".evil.com/x", "INVALID_URL"],
    ["@evil.com/x", "INVALID_URL"],
    ["//evil.com/x", "INVALID_URL"],
    ["javascript:alert(1)", "INVALID_URL"],
    ["file:///etc/passwd", "INVALID_URL"],
    ["data:text/html,x", "INVALID_URL"],
    ["ftp://example.com/x", "INVALID_URL"],
  ])("%j throws %s", (url, code) => {
    expect(errorOf(() => endpoint({ url }))).toMatchObject({ code, argument: "url" });
  });

  test("the message shows the url and what it must be", () => {
    expect(errorOf(() => endpoint({ url: "javascript:alert(1)" })).message).toBe(
      '`url` must be a path, an expression or an http(s) URL; received "javascript:alert(1)" (string). See docs/errors.md#invalid_url',
    );
  });
});

describe("compiled templates are cached within bounds (the bound itself, read from the heap: memory.slow.test.ts)", () => {
  test("a template gives the same options before and after 1,000 others have emptied the cache, and a bad one the same error", () => {
    const call = () => endpoint("GET /cached/{a}{?q}", { a: "x y", q: 1 });
    const first = call();
    const bad = errorOf(() => endpoint({ url: "/cached/{" }));
    for (let i = 0; i < 1000; i++) endpoint(`GET /filler/${i}/{a}`, { a: i });
    expect([call(), errorOf(() => endpoint({ url: "/cached/{" }))]).toEqual([first, bad]);
    expect(first.url).toBe("https://api.github.com/cached/x%20y?q=1");
  });
});

describe("a compiled template's parts are written back as the template's text (RFC 6570 section 2.4)", () => {
  test.each([
    ["/x{/a*,b:3,c}", ["/x", "{/a*,b:3,c}"]],
    ["/x/{a}{?b*,c:10}", ["/x/", "{a}", "{?b*,c:10}"]],
    ["/x%20y{+p}{#f:2}", ["/x%20y", "{+p}", "{#f:2}"]],
  ])("%s", (template, parts) => {
    expect(compileTemplate(template).parts.map(partText)).toEqual(parts);
  });

  test.each([
    [{ name: "a", explode: false, prefix: 0 }, "a"],
    [{ name: "a", explode: true, prefix: 0 }, "a*"],
    [{ name: "a", explode: false, prefix: 3 }, "a:3"],
  ])("varspec %j is %s", (varspec, text) => {
    expect(varspecText(varspec)).toBe(text);
  });
});

describe("variables added to a template's query go before its fragment (RFC 6570 sections 3.2.8, 3.2.9; RFC 3986 section 3.5)", () => {
  test.each([
    { url: "/x", varspecs: ["a", "b*"], expected: "/x{?a,b*}" },
    { url: "/x?b=1", varspecs: ["a"], expected: "/x?b=1{&a}" },
    { url: "/x{?b}", varspecs: ["a"], expected: "/x{?b}{&a}" },
    { url: "/x{&b}", varspecs: ["a"], expected: "/x{&b}{&a}" },
    { url: "/x#f", varspecs: ["a"], expected: "/x{?a}#f" },
    { url: "/x#a?b", varspecs: ["a"], expected: "/x{?a}#a?b" },
    { url: "/x?q#a?b", varspecs: ["a"], expected: "/x?q{&a}#a?b" },
    { url: "/x{#f}", varspecs: ["a"], expected: "/x{?a}{#f}" },
    { url: "/x{#f}{?b}", varspecs: ["a"], expected: "/x{?a}{#f}{?b}" },
    { url: "/x#", varspecs: ["a"], expected: "/x{?a}#" },
    { url: "/x", varspecs: [], expected: "/x" },
  ])("$url with $varspecs is $expected", ({ url, varspecs, expected }) => {
    expect(withQueryVariables(url, varspecs)).toBe(expected);
    // The compiled template's parts say as much.
    expect(hasQuery(compileTemplate(url).parts)).toBe(expected.includes("{&"));
  });
});

describe("a route is found by its shape, else by the operation keyed by the most of its query, else by its path (OpenAPI 3.1 section 4.8.8)", () => {
  const keys = [
    "GET /search",
    "GET /search?type=user",
    "GET /search?type=user&sort=new",
    "GET /search?type=org#v2",
    "POST /search?type=user",
    "GET /feed?",
    "GET /search?scope=all",
    "GET /search?path=a%2Fb",
  ];
  const shapes = new Map(keys.map((key) => [routeShape(key.slice(0, key.indexOf(" ")), key.slice(key.indexOf(" ") + 1)), key]));
  test.each([
    ["GET /search", "GET /search"],
    ["GET /search?type=user", "GET /search?type=user"],
    ["GET /search?type=user&page=2", "GET /search?type=user"],
    ["GET /search?page=2&type=user", "GET /search?type=user"],
    ["GET /search?sort=new&page=2&type=user", "GET /search?type=user&sort=new"],
    ["GET /search?type=user&sort=old", "GET /search?type=user"],
    // Two keys with as many pairs: the first listed.
    ["GET /search?scope=all&type=user", "GET /search?type=user"],
    ["GET /search?scope=all&page=2", "GET /search?scope=all"],
    ["POST /search?type=user&page=2", "POST /search?type=user"],
    // The fragment is part of the operation: `#v2` finds `type=org#v2`, and only that one.
    ["GET /search?type=org&page=2#v2", "GET /search?type=org#v2"],
    ["GET /search?type=org&page=2", "GET /search"],
    ["GET /search?type=user#v2", undefined],
    // Pairs are compared once normalized (RFC 3986 section 6.2.2): an unreserved character's
    // encoding decoded, hex digits upper-case; a reserved character and its encoding differ, and
    // so does a letter's case outside an encoding.
    ["GET /search?type=User", "GET /search"],
    ["GET /search?type=us%65r", "GET /search?type=user"],
    ["GET /search?%74ype=%75ser&page=2", "GET /search?type=user"],
    ["GET /search?path=a%2fb&page=2", "GET /search?path=a%2Fb"],
    ["GET /search?path=a/b", "GET /search"],
    ["GET /search?path=a%2Fb%7e", "GET /search"],
    ["GET /search?xtype=user", "GET /search"],
    ["GET /search?type=user&", "GET /search?type=user"],
    ["GET /search?", "GET /search"],
    ["PUT /search?type=user", undefined],
    ["GET /feed?", "GET /feed?"],
    ["GET /feed?page=2", undefined],
  ])("%s is %s", (shape, found) => {
    expect(byRouteShape(shapes, shape)).toBe(found);
  });
});
