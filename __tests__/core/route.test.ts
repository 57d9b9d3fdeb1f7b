import { endpoint, parseRoute } from "../../lib/index.js";
import { errorOf } from "../helpers/errors.js";

describe("routes that are not <METHOD> <URL> are rejected", () => {
  test.each([
    ["", "INVALID_ROUTE"],
    ["   ", "INVALID_ROUTE"],
    ["GET /a b", "INVALID_ROUTE"],
    ["GET  /a", "INVALID_ROUTE"],
    ["GET /a /b", "INVALID_ROUTE"],
    ["GE(T /x", "INVALID_METHOD"],
    ["GÉT /x", "INVALID_METHOD"],
    ["G\u0000T /x", "INVALID_METHOD"],
  ])("%j throws %s", (route, code) => {
    const error = errorOf(() => endpoint(route as "GET /"));
    expect({ code: error.code, argument: error.argument }).toEqual({ code, argument: "route" });
  });

  test.each([[42], [null], [true], [Symbol("GET /")]])("a %p route throws INVALID_ROUTE", (route) => {
    expect(errorOf(() => endpoint(route as unknown as "GET /"))).toMatchObject({ code: "INVALID_ROUTE", argument: "route" });
  });

  test("the message names the argument, the rule and what was received", () => {
    expect(errorOf(() => endpoint("GET /a b")).message).toBe(
      '`route` has a second space; received "GET /a b" (string). See docs/errors.md#invalid_route',
    );
  });

  test("an options object as first argument takes no second one", () => {
    expect(errorOf(() => (endpoint as (a: unknown, b: unknown) => unknown)({ url: "/" }, {}))).toMatchObject({ code: "INVALID_ROUTE" });
  });

  test.each(["PATCH", "M-SEARCH", "custom!#$%&'*+.^_`|~"])("the RFC 9110 token %s is a method", (method) => {
    expect(endpoint(`${method} /x` as "GET /").method).toBe(method.toLowerCase());
  });
});

describe("parseRoute: the route grammar endpoint() reads, public", () => {
  test.each([
    ["GET /repos/{owner}/{repo}", { method: "GET", url: "/repos/{owner}/{repo}", variables: ["owner", "repo"] }],
    [
      "POST /repos/:owner/{repo}/releases/{release_id}/assets{?name,label}",
      {
        method: "POST",
        url: "/repos/:owner/{repo}/releases/{release_id}/assets{?name,label}",
        variables: ["owner", "repo", "release_id", "name", "label"],
      },
    ],
    // as written, once each, without operator or modifier; `:name` in the path only, `-` included
    [
      "patch /a/:enterprise-team/{+p}{/s*}{.x:3}{;m,m}{#f}?q=repo:octokit",
      {
        method: "patch",
        url: "/a/:enterprise-team/{+p}{/s*}{.x:3}{;m,m}{#f}?q=repo:octokit",
        variables: ["enterprise-team", "p", "s", "x", "m", "f"],
      },
    ],
    ["  /user  ", { method: "GET", url: "/user", variables: [] }],
    ["POST", { method: "POST", url: "/", variables: [] }],
    [
      "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}",
      {
        method: "GET",
        url: "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}",
        variables: ["name", "label"],
      },
    ],
    ["GET {origin}/x/{id}", { method: "GET", url: "{origin}/x/{id}", variables: ["origin", "id"] }],
  ])("%j", (route, expected) => {
    expect(parseRoute(route)).toEqual(expected);
  });

  test.each([
    ["GET  /a", "INVALID_ROUTE", "route"],
    ["", "INVALID_ROUTE", "route"],
    ["GE(T /x", "INVALID_METHOD", "route"],
    ["GET a/b", "INVALID_URL", "url"],
    ["GET /a/{b", "INVALID_URL_TEMPLATE", "url"],
    ["GET /a/{b!}", "INVALID_URL_TEMPLATE", "url"],
  ])("%j throws %s, as endpoint() does", (route, code, argument) => {
    expect(errorOf(() => parseRoute(route))).toMatchObject({ code, argument });
    expect(errorOf(() => endpoint(route as "GET /"))).toMatchObject({ code, argument });
  });

  test("the result is the caller's own: changing it changes no later result", () => {
    const first = parseRoute("GET /a/{b}") as unknown as { variables: string[] };
    first.variables.push("c");
    expect(parseRoute("GET /a/{b}").variables).toEqual(["b"]);
  });
});
