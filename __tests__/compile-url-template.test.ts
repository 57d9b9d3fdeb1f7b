import { compileTemplate } from "../lib/template.js";
import { endpoint } from "../lib/index.js";
import { errorOf } from "./helpers/errors.js";

describe("the RFC 6570 grammar (section 2) is enforced", () => {
  test.each([
    ["/{", "an expression `{` is never closed"],
    ["/{a", "an expression `{` is never closed"],
    ["/{a{b}}", "an expression `{` is never closed"],
    ["/}", "a `}` closes no expression"],
    ["/a}b", "a `}` closes no expression"],
    ["/{=x}", "the operator `=` is reserved"],
    ["/{!x}", "the operator `!` is reserved"],
    ["/{|x}", "the operator `|` is reserved"],
    ["/{,x}", "the operator `,` is reserved"],
    ["/{@x}", "the operator `@` is reserved"],
    ["/{$x}", "a variable name must be"],
    ["/{~x}", "a variable name must be"],
    ["/{}", "a variable name must be"],
    ["/{+}", "a variable name must be"],
    ["/{with space}", "an expression must be variables separated by `,`"],
    ["/{ x}", "a variable name must be"],
    ["/{x..y}", "a variable name must be"],
    ["/{.x.}", "a variable name must be"],
    ["/{x.}", "a variable name must be"],
    ["/{%2x}", "`%` must start a pct-encoded triplet"],
    ["/{a,}", "a variable name must be"],
    ["/{var:0}", "a prefix modifier must be a length from 1 to 9999"],
    ["/{var:01}", "a prefix modifier must be a length from 1 to 9999"],
    ["/{var:10000}", "a prefix modifier must be a length from 1 to 9999"],
    ["/{var:}", "a prefix modifier must be a length from 1 to 9999"],
    ["/{var:3*}", "an expression must be variables separated by `,`"],
    ["/{var*:3}", "an expression must be variables separated by `,`"],
    ["/{var**}", "an expression must be variables separated by `,`"],
    ["/100%", "`%` must start a pct-encoded triplet"],
    ["/a%zz", "`%` must start a pct-encoded triplet"],
    ["/a\ud800b", "a lone UTF-16 surrogate"],
    ["/a\udc00", "a lone UTF-16 surrogate"],
  ])("%j is rejected: %s", (url, problem) => {
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

  test("the message shows the scheme and how to fix it", () => {
    expect(errorOf(() => endpoint({ url: "javascript:alert(1)" })).message).toBe(
      '`url` must use http or https, or be a path such as "/user"; received the scheme "javascript". See docs/errors.md#invalid_url',
    );
  });
});

describe("compiled templates are cached, and the cache is bounded", () => {
  test("the same template string gives the same analysis until 1,000 others have been seen", () => {
    const first = compileTemplate("/cached/{a}");
    expect(compileTemplate("/cached/{a}")).toBe(first);
    for (let i = 0; i < 1000; i++) compileTemplate(`/filler/${i}`);
    expect(compileTemplate("/cached/{a}")).not.toBe(first);
    const again = compileTemplate("/cached/{a}");
    expect([again.parts.length, again.pathFrom, again.queryFrom, [...again.names]]).toEqual([
      first.parts.length,
      first.pathFrom,
      first.queryFrom,
      ["a"],
    ]);
  });
});
