import { endpoint } from "../../packages/octokit/src/index.js";

// rest-endpoint-octokit's refusals, in process (the fast project): what octokit-drop-in.test.ts checks
// beside the incumbent and inside octokit 5 (the slow project), its rule cases here. @octokit/request
// calls `merge()` before its promise exists, so a refusal of `merge()` is carried on what it returns
// and thrown by the next `parse()`, `merge()` or `endpoint()` of that (packages/octokit/src/index.ts).
const refused = (code: string) => expect.objectContaining({ code }) as Error;

describe("a refusal in merge() is carried, never thrown by merge()", () => {
  const withHook = endpoint.defaults({ request: { hook: "kept" } });
  // Made in each test, so that a merge() that throws fails the tests that call it, by name.
  const mergedOf = () => withHook.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { "x-a": "a\r\nb" } });

  test("merge() returns what @octokit/request reads before its promise exists: the method, the url, request.hook", () => {
    expect(mergedOf()).toMatchObject({ method: "GET", url: "/repos/{owner}/{repo}", owner: "o", request: { hook: "kept" } });
  });

  test.each([
    ["parse() of it", () => withHook.parse(mergedOf() as never)],
    ["merge() of it", () => withHook.merge(mergedOf() as never, mergedOf() as never)],
    ["endpoint() of a copy of it ({ ...options }, as Octokit's hooks copy)", () => withHook({ ...mergedOf() } as never)],
    [
      "parse() of a JSON copy, which keeps it (the refusal is plain data)",
      () => withHook.parse(JSON.parse(JSON.stringify(mergedOf())) as never),
    ],
    ["endpoint() itself, which throws", () => endpoint("GET /x", { headers: { "x-a": "a\r\nb" } })],
  ])("%s throws INVALID_HEADER_VALUE", (_, call) => {
    expect(call).toThrow(refused("INVALID_HEADER_VALUE"));
  });

  test("options whose getter throws: merge() gives the defaults and the refusal, which parse() throws, never the defaults' request", () => {
    const options = {
      get owner(): string {
        throw new Error("no");
      },
    };
    const carried = endpoint.defaults({ url: "/zen" }).merge("GET /repos/{owner}", options as never);
    expect(carried).toMatchObject({ method: "GET", url: "/zen" });
    expect(() => endpoint.parse(carried)).toThrow(refused("INVALID_OPTIONS"));
  });

  test("a route rest-endpoint refuses is kept whole as the url, and refused again when read", () => {
    const badRoute = endpoint.merge("GET  /x");
    expect(badRoute).toMatchObject({ method: "GET", url: "GET  /x" });
    expect(() => endpoint.parse(badRoute as never)).toThrow(refused("INVALID_ROUTE"));
    expect(() => endpoint.parse(JSON.parse(JSON.stringify(badRoute)) as never)).toThrow(refused("INVALID_ROUTE"));
  });

  test("a valid route beside a refused option: its method and url as rest-endpoint reads them", () => {
    expect(endpoint.merge("patch /x", { headers: 1 } as never)).toMatchObject({ method: "PATCH", url: "/x" });
    expect(endpoint.merge({ method: "GET", url: "/x", headers: 1 } as never)).toMatchObject({ method: "GET", url: "/x" });
  });
});

describe("every check of rest-endpoint comes along", () => {
  const upload = endpoint.defaults({
    method: "POST",
    url: "/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    baseUrl: "https://uploads.github.com",
  });
  const uploadUrl = "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}";

  test.each([
    ["a parameter no template names, next to data", { url: uploadUrl, owner: "o", nmae: "typo", data: "b" }, "nmae"],
    ["a route parameter next to data, no url given", { owner: "o", repo: "r", release_id: 1, extra: 1, data: "b" }, "extra"],
  ])("upload: %s is refused", (_, call, argument) => {
    expect(() => upload(call as never)).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS", argument }) as Error);
  });

  test.each([
    ["a missing path parameter", "GET /repos/{owner}/{repo}", { repo: "r" }, "MISSING_PARAMETER"],
    ["a dot-segment", "GET /repos/{owner}/{repo}", { owner: "..", repo: "r" }, "INVALID_PATH_SEGMENT"],
  ])("%s", (_, route, parameters, code) => {
    expect(() => endpoint(route, parameters)).toThrow(refused(code));
  });
});
