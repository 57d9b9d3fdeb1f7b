import { endpoint as incumbent } from "@octokit/endpoint";
import { endpoint } from "../../lib/index.js";
import { headers } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";

// Each test pins one of the incumbent's (@octokit/endpoint 11.0.5) faults: first what it does, then
// what rest-endpoint does with the same input.
describe("regressions named after the incumbent's bugs", () => {
  test("a missing owner gives /repos//r/issues", () => {
    expect(incumbent("GET /repos/{owner}/{repo}/issues", { repo: "r" }).url).toBe("https://api.github.com/repos//r/issues");
    // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
    expect(errorOf(() => endpoint("GET /repos/{owner}/{repo}/issues", { repo: "r" }))).toMatchObject({
      code: "MISSING_PARAMETER",
      argument: "owner",
    });
  });

  test("`..` as a path parameter walks up the path", () => {
    expect(new URL(incumbent("GET /repos/{owner}/{repo}/issues", { owner: "..", repo: ".." }).url).pathname).toBe("/issues");
    expect(errorOf(() => endpoint("GET /repos/{owner}/{repo}/issues", { owner: "..", repo: ".." }))).toMatchObject({
      code: "INVALID_PATH_SEGMENT",
    });
  });

  test("a url without a leading / is glued onto the host", () => {
    expect(incumbent("GET .evil.com/x").url).toBe("https://api.github.com.evil.com/x");
    expect(errorOf(() => endpoint("GET .evil.com/x"))).toMatchObject({ code: "INVALID_URL" });
  });

  test("a __proto__ key in headers wipes the default authorization", () => {
    const options = JSON.parse('{"headers": {"__proto__": {"x": "1"}}}') as Record<string, unknown>;
    const withAuth = endpoint.defaults({ headers: { authorization: "token secret" } });
    expect(withAuth("GET /user", options).headers).toEqual(headers({ authorization: "token secret" }));
  });

  test("a shared circular object overflows the stack", () => {
    const shared: Record<string, unknown> = {};
    shared.self = shared;
    // The incumbent recurses when the defaults and the call both hold the object.
    expect(() => incumbent.defaults({ shared })("POST /x", { shared })).toThrow(RangeError);
    expect(errorOf(() => endpoint.defaults({ shared }))).toMatchObject({ code: "TOO_DEEP", argument: "shared" });
    expect(errorOf(() => endpoint("POST /x", { shared }))).toMatchObject({ code: "TOO_DEEP", argument: "shared" });
  });

  test("33k placeholders take seconds (one pass here)", () => {
    const names = Array.from({ length: 33_000 }, (_, i) => `p${i}`);
    const parameters = Object.fromEntries(names.map((name) => [name, "v"]));
    const { url } = endpoint(`GET /${names.map((name) => `{${name}}`).join("/")}`, parameters);
    expect(url).toBe(`https://api.github.com/${names.map(() => "v").join("/")}`);
  });

  test("CVE-2025-25285: a long run of word characters and hyphens in accept with previews", () => {
    // The advisory's shape: the incumbent's /[\w-]+(?=-preview)/g went quadratic on such an accept.
    const accept = `${"-".repeat(100_000)}A`;
    expect(endpoint("GET /", { headers: { accept }, mediaType: { previews: ["mercy"] } }).headers.accept).toBe(
      "application/vnd.github.mercy-preview+json",
    );
    const spaced = `${"a-".repeat(50_000)}preview`;
    expect(endpoint("GET /", { headers: { accept: spaced }, mediaType: { previews: ["x"] } }).headers.accept).toBe(
      "application/vnd.github.x-preview+json",
    );
  });

  test("editing endpoint.DEFAULTS redirects every later call in the process", () => {
    const incumbentCopy = incumbent.defaults({});
    incumbentCopy.DEFAULTS.baseUrl = "https://evil.example";
    expect(incumbentCopy("GET /user").url).toBe("https://evil.example/user");
    expect(() => {
      (endpoint.DEFAULTS as { baseUrl: string }).baseUrl = "https://evil.example";
    }).toThrow(TypeError);
    expect(endpoint("GET /user").url).toBe("https://api.github.com/user");
  });
});
