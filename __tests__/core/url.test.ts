import fc from "fast-check";
import { parseTemplate } from "url-template";
import { createEndpoint, endpoint } from "../../lib/index.js";
import { errorOf } from "../helpers/errors.js";

const url = (route: string, parameters: Record<string, unknown> = {}): string => endpoint(route as "GET /", parameters).url;

describe("whole path segments need a value", () => {
  test.each([
    ["GET /repos/{owner}/{repo}", { repo: "r" }, "MISSING_PARAMETER", "owner"],
    ["GET /repos/:owner/:repo", { owner: null, repo: "r" }, "MISSING_PARAMETER", "owner"],
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: [] }, "MISSING_PARAMETER", "repo"],
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: {} }, "MISSING_PARAMETER", "repo"],
    ["GET /repos/{owner}/{repo}", { owner: "", repo: "r" }, "INVALID_PATH_SEGMENT", "owner"],
    ["GET /repos/{owner}/{repo}", { owner: ".", repo: "r" }, "INVALID_PATH_SEGMENT", "owner"],
    ["GET /repos/{owner}/{repo}", { owner: "..", repo: "r" }, "INVALID_PATH_SEGMENT", "owner"],
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: ".." }, "INVALID_PATH_SEGMENT", "repo"],
    ["GET /repos/{+path}/x", { path: "" }, "INVALID_PATH_SEGMENT", "path"],
    ["GET /a/{+path}", { path: "b/../../admin" }, "INVALID_PATH_SEGMENT", "url"],
    ["GET /a/{+path}", { path: "%2e%2E/admin" }, "INVALID_PATH_SEGMENT", "url"],
    ["GET /a/{+path}", { path: "b/.%2e" }, "INVALID_PATH_SEGMENT", "url"],
    ["GET /a{/p}", { p: ".." }, "INVALID_PATH_SEGMENT", "url"],
    ["GET /a/{x}{y}/b", { x: ".", y: "." }, "INVALID_PATH_SEGMENT", "url"],
    ["GET /a/../b", {}, "INVALID_PATH_SEGMENT", "url"],
    // The path ends at the fragment, whatever "?" the fragment holds after it.
    ["GET /a/..#x?y", {}, "INVALID_PATH_SEGMENT", "url"],
    ["GET /a/{b}#x?y", { b: ".." }, "INVALID_PATH_SEGMENT", "b"],
    ["GET https://{host}/a/./b", { host: "example.com" }, "INVALID_PATH_SEGMENT", "url"],
    // An empty last segment would name another route; only a multi-segment parameter's "" is none.
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: "" }, "INVALID_PATH_SEGMENT", "repo"],
    ["DELETE /repos/{owner}/{repo}/collaborators/{username}", { owner: "o", repo: "r", username: "" }, "INVALID_PATH_SEGMENT", "username"],
    ["GET /a/{x}{?q}", { x: "", q: 1 }, "INVALID_PATH_SEGMENT", "x"],
  ])("%s with %j throws %s", (route, parameters, code, argument) => {
    expect(errorOf(() => url(route, parameters))).toMatchObject({ code, argument });
  });

  test.each([
    ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" }, "https://api.github.com/repos/o/r/contents"],
    ["GET /repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r", path: "" }, "https://api.github.com/repos/o/r/contents"],
    [
      "GET /repos/{owner}/{repo}/contents/{path}{?ref}",
      { owner: "o", repo: "r", path: "", ref: "main" },
      "https://api.github.com/repos/o/r/contents?ref=main",
    ],
    ["GET /a/{x}", { x: "..." }, "https://api.github.com/a/..."],
    ["GET /a/{x}", { x: ".a" }, "https://api.github.com/a/.a"],
    ["GET /a/{x}.json", { x: "." }, "https://api.github.com/a/..json"],
    ["GET /a/{+path}", { path: "docs/a b.md" }, "https://api.github.com/a/docs/a%20b.md"],
    ["GET /a/{x}", { x: "../etc" }, "https://api.github.com/a/..%2Fetc"],
  ])("%s with %j gives %s", (route, parameters, expected) => {
    expect(url(route, parameters)).toBe(expected);
  });

  test("the message names the parameter and the rule", () => {
    expect(errorOf(() => url("GET /repos/{owner}/{repo}", { repo: "r" })).message).toBe(
      "`owner` is missing: it fills a path segment. See docs/errors.md#missing_parameter",
    );
    expect(errorOf(() => url("GET /repos/{owner}/{repo}", { owner: "..", repo: "r" })).message).toBe(
      '`owner` fills a path segment: not a dot-segment; received ".." (string). See docs/errors.md#invalid_path_segment',
    );
    expect(errorOf(() => url("GET /repos/{owner}/{repo}", { owner: "", repo: "r" })).message).toBe(
      '`owner` fills a path segment: not empty; received "" (string). See docs/errors.md#invalid_path_segment',
    );
  });
});

describe("a simple or reserved expression anywhere in the path needs a value; the other operators stay optional (RFC 6570 section 3.2)", () => {
  const compare = "GET /repos/{owner}/{repo}/compare/{base}...{head}";
  test.each([
    // The defect: RFC 6570 alone expands both to nothing, `/repos/o/r/compare/...`.
    [compare, { owner: "o", repo: "r" }, "base"],
    [compare, { owner: "o", repo: "r", base: "main" }, "head"],
    [compare, { owner: "o", repo: "r", base: null, head: "dev" }, "base"],
    ["GET /a/{+x}...{y}", { y: "b" }, "x"],
    ["GET /a/{x}.json", {}, "x"],
    ["GET /a/v{x}/b", { x: [] }, "x"],
    ["GET /a{x}", { x: {} }, "x"],
    ["GET /a/{x,y}-z", {}, "x"],
    ["GET /a/{x}{y}/b", {}, "x"],
    ["GET /a/b{x}?q=1", {}, "x"],
    ["GET https://example.com/a-{x}", {}, "x"],
    ["GET https://{host}/a-{x}", { host: "example.com" }, "x"],
  ])("%s with %j is MISSING_PARAMETER for %s", (route, parameters, argument) => {
    expect(errorOf(() => url(route, parameters))).toMatchObject({ code: "MISSING_PARAMETER", argument });
  });

  test("the message says where the variable stands", () => {
    expect(errorOf(() => url(compare, { owner: "o", repo: "r" })).message).toBe(
      "`base` is missing: it is part of a path segment. See docs/errors.md#missing_parameter",
    );
  });

  test.each([
    [compare, { owner: "o", repo: "r", base: "main", head: "dev" }, "https://api.github.com/repos/o/r/compare/main...dev"],
    // `{x,y}` has a value when one of its variables has (RFC 6570 section 3.2.1)
    ["GET /a/{x,y}-z", { y: "b" }, "https://api.github.com/a/b-z"],
    ["GET /a/{x}{y}/b", { x: "1", y: "2" }, "https://api.github.com/a/12/b"],
    ["GET /a/{x}.json", { x: "" }, "https://api.github.com/a/.json"],
    // the other operators keep RFC 6570's optional meaning, in the path too
    ["GET /a{/x}", {}, "https://api.github.com/a"],
    ["GET /a/b{;x}", {}, "https://api.github.com/a/b"],
    ["GET /a/b{.x}", {}, "https://api.github.com/a/b"],
    ["GET /a{?x}", {}, "https://api.github.com/a"],
    ["GET /a?q=1{&x}", {}, "https://api.github.com/a?q=1"],
    ["GET /a{#x}", {}, "https://api.github.com/a"],
    // after the path, a simple expression stays optional too
    ["GET /a?q={x}", {}, "https://api.github.com/a?q="],
    ["GET /a#f-{x}", {}, "https://api.github.com/a#f-"],
    // an empty query is left out: fetch and node:http send `/a?` as `/a`, curl as it is
    ["GET /a?", {}, "https://api.github.com/a"],
    ["GET /a?{&x}", {}, "https://api.github.com/a"],
    ["GET /a?{&x}", { x: 1 }, "https://api.github.com/a?&x=1"],
    ["GET /a?#f", {}, "https://api.github.com/a#f"],
    ["GET /a?", { x: 1 }, "https://api.github.com/a?x=1"],
    ["GET /a?#f", { x: 1 }, "https://api.github.com/a?x=1#f"],
    ["GET /a#f?", {}, "https://api.github.com/a#f?"],
    // a relative template's leading origin variable: missing, the route is joined to baseUrl
    ["GET {origin}/a/{x}", { x: "1" }, "https://api.github.com/a/1"],
    ["GET {+origin}/a", {}, "https://api.github.com/a"],
  ])("%s with %j gives %s", (route, parameters, expected) => {
    expect(url(route, parameters)).toBe(expected);
  });

  test("createEndpoint (any API) applies the same rule", () => {
    const api = createEndpoint({ baseUrl: "https://api.example.com" });
    // @ts-expect-error the types require `base` and `head` too (RequiredParameters: `{x}` anywhere)
    expect(errorOf(() => api(compare, { owner: "o", repo: "r" }))).toMatchObject({ code: "MISSING_PARAMETER", argument: "base" });
    expect(api(compare, { owner: "o", repo: "r", base: "a", head: "b" }).url).toBe("https://api.example.com/repos/o/r/compare/a...b");
    expect(api("GET /a{/x}", {}).url).toBe("https://api.example.com/a");
  });
});

describe("a relative template cannot leave baseUrl's origin, unless it begins with an origin expression", () => {
  test("a template that begins with one expression before its path takes an http(s) value as the origin, checked as one", () => {
    expect(url("GET {+u}/x", { u: "https://ghe.example" })).toBe("https://ghe.example/x");
    expect(errorOf(() => url("GET {+u}/x", { u: "https://evil.com/y?" }))).toMatchObject({ code: "INVALID_URL", argument: "u" });
    // Anywhere else the value is path: the host stays.
    expect(url("GET /a{+u}/x", { u: "https://evil.com" })).toBe("https://api.github.com/ahttps://evil.com/x");
  });

  test.each([
    ["GET {+u}/x", { u: ".evil.com" }],
    ["GET {+u}/x", { u: "@evil.com" }],
    ["GET {+u}/x", { u: ":8080" }],
    ["GET {u}", { u: "evil" }],
    ["GET {.u}", { u: "evil.com" }],
  ])("%s with %j throws URL_LEAVES_BASE_URL", (route, parameters) => {
    expect(errorOf(() => url(route, parameters))).toMatchObject({ code: "URL_LEAVES_BASE_URL", argument: "url" });
  });

  test.each([
    ["GET {+u}/x", { u: "/api" }, "https://api.github.com/api/x"],
    ["GET {/u}", { u: "evil.com" }, "https://api.github.com/evil.com"],
    ["GET {?q}", { q: "x" }, "https://api.github.com?q=x"],
    ["GET {+u}", {}, "https://api.github.com"],
  ])("%s with %j stays on baseUrl: %s", (route, parameters, expected) => {
    expect(url(route, parameters)).toBe(expected);
    expect(new URL(expected).origin).toBe("https://api.github.com");
  });

  test("a full url's host may come from a parameter, but must be a host", () => {
    expect(url("GET https://{host}/x", { host: "ghe.example" })).toBe("https://ghe.example/x");
    expect(errorOf(() => url("GET https://{host}/x", { host: "" }))).toMatchObject({ code: "INVALID_URL" });
    expect(errorOf(() => url("GET https://{+host}/x", { host: "a b" }))).toMatchObject({ code: "INVALID_URL" });
  });
});

describe("baseUrl must be an absolute http(s) URL without query or fragment", () => {
  test.each([
    ["api.github.com"],
    ["ftp://example.com"],
    ["https://example.com/?q=1"],
    ["https://example.com/#f"],
    ["https://"],
    [" https://example.com"],
    ["https://exa mple.com"],
    ["https:\\\\example.com"],
    ["https:///x"],
    // Its own path is sent as written: no dot-segment (also pct-encoded), lone surrogate or lone "%".
    ["https://h.example/api/../admin"],
    ["https://h.example/api/%2e%2e/admin"],
    ["https://h.example/api/%2E/x"],
    ["https://h.example/a/."],
    ["https://h.example/\ud800"],
    ["https://h.example/a%zz"],
  ])("%j throws INVALID_BASE_URL", (baseUrl) => {
    expect(errorOf(() => url("GET /x", { baseUrl }))).toMatchObject({ code: "INVALID_BASE_URL", argument: "baseUrl" });
  });

  test("a baseUrl with a path of its own: dots inside a segment and pct-encoded triplets are kept", () => {
    expect(url("GET /x", { baseUrl: "https://h.example/api/v3/" })).toBe("https://h.example/api/v3/x");
    expect(url("GET /x", { baseUrl: "https://h.example/a.b/..c/%41" })).toBe("https://h.example/a.b/..c/%41/x");
  });

  test("a baseUrl that is not a string is rejected when options are read", () => {
    expect(errorOf(() => url("GET /x", { baseUrl: 42 }))).toMatchObject({ code: "INVALID_BASE_URL", argument: "options.baseUrl" });
  });

  test("parse without a baseUrl cannot join a relative url", () => {
    expect(errorOf(() => endpoint.parse({ method: "GET", url: "/x" } as never))).toMatchObject({ code: "INVALID_BASE_URL" });
    expect(endpoint.parse({ method: "GET", url: "https://example.com/x" } as never)).toEqual({
      method: "get",
      url: "https://example.com/x",
      headers: {},
    });
  });

  test("250 distinct baseUrls, past the 100 entries of the check's cache, each give their own url (the bound: memory.slow.test.ts)", () => {
    for (let i = 0; i < 250; i++) expect(url("GET /x", { baseUrl: `https://h${i}.example` })).toBe(`https://h${i}.example/x`);
  });
});

describe("parameter values", () => {
  test.each([
    ["a string", "a b", "a%20b"],
    ["a finite number", 1.5, "1.5"],
    ["a large number", 1e21, "1e%2B21"],
    ["a boolean", false, "false"],
    ["a bigint", 12345678901234567890n, "12345678901234567890"],
    ["a Date, as ISO 8601", new Date(Date.UTC(2026, 10, 21, 5, 3, 0)), "2026-11-21T05%3A03%3A00.000Z"],
    ["a list", ["a", 1, null, "b c"], "a,1,b%20c"],
    ["a flat object", { a: 1, b: "x y", c: null }, "a,1,b,x%20y"],
  ])("%s is expanded in path and query", (_kind, value, expanded) => {
    expect(url("GET /a/{v}", { v: value })).toBe(`https://api.github.com/a/${expanded}`);
    expect(url("GET /a", { v: value })).toBe(`https://api.github.com/a?v=${expanded}`);
  });

  test.each([
    ["a Symbol", Symbol("s")],
    ["a function", () => 1],
    ["NaN", NaN],
    ["Infinity", Infinity],
    ["an invalid Date", new Date(NaN)],
    ["a Map", new Map([["a", 1]])],
    ["a Set", new Set([1])],
    ["a class instance", new URLSearchParams("a=1")],
    ["a RegExp", /x/],
    ["an object inside an object", { a: { b: 1 } }],
    ["a list inside an object", { a: [1] }],
    ["a list inside a list", [[1]]],
    ["a lone surrogate", "a\ud800"],
    ["a lone surrogate in a list", ["\udc00"]],
    ["a lone surrogate as an object key", { "\ud800": "x" }],
  ])("%s has no URL form: INVALID_PARAMETER", (_kind, value) => {
    expect(errorOf(() => url("GET /a", { v: value }))).toMatchObject({ code: "INVALID_PARAMETER", argument: "v" });
    expect(errorOf(() => url("GET /a/{v}", { v: value }))).toMatchObject({ code: "INVALID_PARAMETER", argument: "v" });
  });

  test("a prefix modifier on a list or object is rejected (RFC 6570 section 2.4.1)", () => {
    expect(errorOf(() => url("GET /a{?v:2}", { v: ["ab"] }))).toMatchObject({ code: "INVALID_PARAMETER", argument: "v" });
  });

  test("null is dropped from the query but kept in a body", () => {
    expect(url("GET /a", { v: null, w: 1 })).toBe("https://api.github.com/a?w=1");
    expect(endpoint("PATCH /a", { v: null }).body).toEqual({ v: null });
  });

  // The strings of a query that need encoding are encoded in one url-template call, joined by DEL
  // (%7F): each must come out as it does alone, whatever it holds (the separator itself included).
  test.each([
    ["spaces and colons", { q: "is:open label:bug", since: "2026-01-01T00:00:00Z" }],
    ["commas in a string and in a list", { affiliation: "owner,collaborator", labels: ["a,b", "c d"] }],
    ["the separator (DEL) itself", { a: "x\x7Fy", b: "v w" }],
    ["the separator's encoding as text", { a: "%7F", b: "a%7Fb c" }],
    ["characters of two, three and four UTF-8 bytes", { a: "é ü", b: "€ x", c: "😀 y", d: ["😀", "é"] }],
    ["reserved characters and empty strings", { a: "!*'();:@&=+$,/?#[]", b: "", c: ["", "x y"] }],
  ])("query values with %s are encoded as each is alone", (_kind, parameters) => {
    const alone = Object.entries(parameters)
      .map(([name, value]) => `${name}=${[value].flat().map(encodeRfc3986).join(",")}`)
      .join("&");
    expect(url("GET /a", parameters)).toBe(`https://api.github.com/a?${alone}`);
  });

  test("query parameter names are percent-encoded too", () => {
    expect(url("GET /a", { "a#": 1, "b&c=": 2, é: 3 })).toBe("https://api.github.com/a?a%23=1&b%26c%3D=2&%C3%A9=3");
  });
});

describe("a form-style query expression of plain names (`{?a,b}`, `{&a,b}`) is written without url-template's whole expansion", () => {
  // The library writes `name=value` pairs itself and asks url-template to encode a value only; the
  // oracle is url-template's expansion of the whole expression (RFC 6570 section 3.2.8).
  const value = fc.oneof(
    fc.constant(undefined),
    fc.string({ maxLength: 6 }),
    fc.string({ unit: "grapheme", maxLength: 4 }),
    fc.array(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 3 }),
    fc.dictionary(fc.stringMatching(/^[a-z]{1,3}$/), fc.string({ maxLength: 4 }), { minKeys: 1, maxKeys: 2 }),
  );
  test.each(["?", "&"])("{%sa,b_c,d.e} expands as url-template expands it", (operator) => {
    const expression = `{${operator}a,b_c,d.e}`;
    fc.assert(
      fc.property(value, value, value, (a, b, c) => {
        const parameters = { a, b_c: b, "d.e": c };
        const expected = parseTemplate(expression).expand(parameters as Parameters<ReturnType<typeof parseTemplate>["expand"]>[0]);
        const prefix = operator === "&" ? "https://api.github.com/a?z=1" : "https://api.github.com/a";
        expect(url(`GET /a${operator === "&" ? "?z=1" : ""}${expression}`, parameters)).toBe(prefix + expected);
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    ["GET /a{?name,label}", { name: "a.zip", label: "Example ZIP" }, "https://api.github.com/a?name=a.zip&label=Example%20ZIP"],
    ["GET /a{?name,label}", { label: "" }, "https://api.github.com/a?label="],
    ["GET /a{?name,label}", { name: [], label: {} }, "https://api.github.com/a"],
    ["GET /a{?n,l}", { n: ["x y", "z"], l: { k: "v w" } }, "https://api.github.com/a?n=x%20y,z&l=k,v%20w"],
    ["GET /a{?n}", { n: 3, x: true }, "https://api.github.com/a?n=3&x=true"],
    ["GET /a?z=1{&n,l}", { n: "é", l: null }, "https://api.github.com/a?z=1&n=%C3%A9"],
    ["GET /a{?v,v}", { v: "x y" }, "https://api.github.com/a?v=x%20y&v=x%20y"],
    ["GET /a{?%41,b}", { "%41": "x y", b: "1" }, "https://api.github.com/a?%41=x%20y&b=1"],
    ["GET /a{?__proto__,constructor}", { constructor: "c" }, "https://api.github.com/a?constructor=c"],
  ])("%s with %j is %s", (route, parameters, expected) => {
    expect(url(route, parameters)).toBe(expected);
  });

  test("a value with a lone surrogate is refused, naming it", () => {
    expect(errorOf(() => url("GET /a{?name,label}", { name: "a", label: "\ud800" }))).toMatchObject({
      code: "INVALID_PARAMETER",
      argument: "label",
    });
  });
});

describe("variables named like Object.prototype's members", () => {
  // Found by the property tests: a context `{}` read `{__proto__}` through the prototype chain.
  test.each([
    ["GET /a{.__proto__:3,owner}", { owner: "o" }, "https://api.github.com/a.o"],
    ["GET /a{?constructor,toString}", { constructor: "c" }, "https://api.github.com/a?constructor=c"],
    ["GET /a{?hasOwnProperty}", { hasOwnProperty: "x" }, "https://api.github.com/a?hasOwnProperty=x"],
  ])("%s with %j gives %s", (route, parameters, expected) => {
    expect(url(route, parameters)).toBe(expected);
  });
});

describe("url-template's faults are fixed around it", () => {
  test("a prefix modifier counts characters, not UTF-16 code units, and never splits one", () => {
    expect(url("GET /a{?v:1}", { v: "😀😀" })).toBe("https://api.github.com/a?v=%F0%9F%98%80");
    expect(url("GET /a/{v:3}", { v: "a😀bc" })).toBe("https://api.github.com/a/a%F0%9F%98%80b");
    expect(url("GET /a{;v:2,w}", { v: "xyz", w: "1" })).toBe("https://api.github.com/a;v=xy;w=1");
    expect(url("GET /a{#v:2}", { v: "x/y" })).toBe("https://api.github.com/a#x/");
    // One variable twice, with and without a prefix: in a keyed expansion and in a path one.
    expect(url("GET /a{?v:1,v}", { v: "a😀c" })).toBe("https://api.github.com/a?v=a&v=a%F0%9F%98%80c");
    expect(url("GET /a{/v:2,v}", { v: "😀😀c" })).toBe("https://api.github.com/a/%F0%9F%98%80%F0%9F%98%80/%F0%9F%98%80%F0%9F%98%80c");
  });

  test("a lone % in a reserved expansion is encoded, and so is what follows it", () => {
    expect(url("GET /a/{+v}", { v: "%4 x" })).toBe("https://api.github.com/a/%254%20x");
    expect(url("GET /a/{+v}", { v: "100%" })).toBe("https://api.github.com/a/100%25");
    expect(url("GET /a/{+v}", { v: "a%20b" })).toBe("https://api.github.com/a/a%20b");
    expect(url("GET /a{#v}", { v: ["%", "%41"] })).toBe("https://api.github.com/a#%25,%41");
    expect(url("GET /a{+v*}", { v: { k: "%zz" } })).toBe("https://api.github.com/ak=%25zz");
  });

  test("an empty list or object is undefined in ? ; & expansions (RFC 6570 section 2.3)", () => {
    expect(url("GET /a{?v,w}", { v: [], w: 1 })).toBe("https://api.github.com/a?w=1");
    expect(url("GET /a{;v}", { v: {} })).toBe("https://api.github.com/a");
    expect(url("GET /a?x=1{&v}", { v: [null] })).toBe("https://api.github.com/a?x=1");
  });

  test("a pct-encoded variable name is written as it is in ? ; & expansions", () => {
    expect(url("GET /a{?%41}", { "%41": "v" })).toBe("https://api.github.com/a?%41=v");
    expect(url("GET /a{;%41,b}", { "%41": "", b: "x" })).toBe("https://api.github.com/a;%41;b=x");
    expect(url("GET /a{?%41*}", { "%41": ["x", "y"] })).toBe("https://api.github.com/a?%41=x&%41=y");
    expect(url("GET /a{&%41*}", { "%41": { k: "v" } })).toBe("https://api.github.com/a&k=v");
    expect(url("GET /a{?%41}", {})).toBe("https://api.github.com/a");
  });
});

/** A string as RFC 6570 simple string expansion writes it: all but RFC 3986 unreserved characters pct-encoded. */
function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
