import { endpoint } from "../../lib/index.js";
import { multiSegmentParameter } from "../../lib/github/routes.js";
import type { CorpusCall } from "../helpers/corpus.js";
import { errorOf } from "../helpers/errors.js";
import { readFixture } from "../helpers/fixtures.js";

const calls = readFixture("github-rest-calls.json") as CorpusCall[];

describe("GitHub's multi-segment parameters (x-multi-segment)", () => {
  test("the table marks exactly the corpus's multi-segment parameters, template by template", () => {
    const marked = new Map<string, string>();
    for (const call of calls) for (const name of call.multiSegmentParams ?? []) marked.set(call.path, name);
    expect(marked.size).toBe(39);
    for (const call of calls) expect([call.path, multiSegmentParameter(call.path)]).toEqual([call.path, marked.get(call.path)]);
  });

  test("an entry covers its template and each template beneath it, whole path segments only", () => {
    expect(
      [
        "/repos/{owner}/{repo}/branches/{branch}",
        "/repos/{owner}/{repo}/branches/{branch}/protection/restrictions/users",
        "/repos/{owner}/{repo}/branches/{branch}x",
        "/repos/{owner}/{repo}/branches",
        "/orgs/{org}/artifacts/{subject_digest}/metadata/storage-records",
        "/orgs/{org}/artifacts/{subject_digest}/metadata/storage-records/x",
        "/orgs/{org}/artifacts/{subject_digest}",
      ].map(multiSegmentParameter),
    ).toEqual(["branch", "branch", undefined, undefined, "subject_digest", undefined, undefined]);
  });

  test.each([
    ["GET /gists/{gist_id}/{sha}", { gist_id: "g", sha: "a/b" }, "https://api.github.com/gists/g/a%2Fb"],
    [
      "GET /orgs/{org}/artifacts/{subject_digest}/metadata/deployment-records",
      { org: "o", subject_digest: "a/b" },
      "https://api.github.com/orgs/o/artifacts/a%2Fb/metadata/deployment-records",
    ],
    [
      "GET /repos/{owner}/{repo}/dependency-graph/compare/{basehead}",
      { owner: "o", repo: "r", basehead: "main...feature/x" },
      "https://api.github.com/repos/o/r/dependency-graph/compare/main...feature%2Fx",
    ],
    [
      "GET /repos/{owner}/{repo}/compare/{basehead}",
      { owner: "o", repo: "r", basehead: "main...feature/x" },
      "https://api.github.com/repos/o/r/compare/main...feature/x",
    ],
  ])("by template, not by parameter name: %s", (route, parameters, url) => {
    expect(endpoint(route as "GET /", parameters).url).toBe(url);
  });

  test.each([
    ["a file path", "GET /repos/{owner}/{repo}/contents/{path}", { path: "docs/README.md" }, "/repos/o/r/contents/docs/README.md"],
    [
      "each segment encoded",
      "GET /repos/{owner}/{repo}/contents/{path}",
      { path: "docs/a?b#c d%.md" },
      "/repos/o/r/contents/docs/a%3Fb%23c%20d%25.md",
    ],
    ["a ref", "PATCH /repos/{owner}/{repo}/git/refs/{ref}", { ref: "heads/test", sha: "s" }, "/repos/o/r/git/refs/heads/test"],
    [
      "a branch, with :name",
      "GET /repos/:owner/:repo/branches/:branch/protection",
      { branch: "feature/a" },
      "/repos/o/r/branches/feature/a/protection",
    ],
    ["one segment", "GET /repos/{owner}/{repo}/contents/{path}", { path: "README.md" }, "/repos/o/r/contents/README.md"],
    [
      "a route that continues a marked one past its parameter (README)",
      "GET /repos/{owner}/{repo}/branches/{branch}/a-route-github-may-add",
      { branch: "feature/a" },
      "/repos/o/r/branches/feature/a/a-route-github-may-add",
    ],
    [
      "environment_name (not marked) keeps %2F",
      "GET /repos/{owner}/{repo}/environments/{environment_name}",
      { environment_name: "a/b" },
      "/repos/o/r/environments/a%2Fb",
    ],
    ["a custom route encodes", "GET /custom/{owner}/{repo}/{path}", { path: "a/b" }, "/custom/o/r/a%2Fb"],
    [
      "{+ref} written by hand sends the value as given",
      "GET /repos/{owner}/{repo}/git/ref/{+ref}",
      { ref: "heads/a,b" },
      "/repos/o/r/git/ref/heads/a,b",
    ],
  ])("%s", (_case, route, parameters, path) => {
    expect(endpoint(route as "GET /", { owner: "o", repo: "r", ...parameters }).url).toBe(`https://api.github.com${path}`);
  });

  test("a GHES full URL is looked up the same", () => {
    expect(
      endpoint("GET https://ghe.example/api/v3/repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "a/b" }).url,
    ).toBe("https://ghe.example/api/v3/repos/o/r/contents/a/b");
  });

  test.each([
    ["GET /repos/{owner}/{repo}/git/matching-refs/{ref}", { ref: "tags/" }, "/repos/o/r/git/matching-refs/tags/"],
    ["GET /repos/{owner}/{repo}/contents/{path}", { path: "docs/" }, "/repos/o/r/contents/docs/"],
    ["GET /repos/{owner}/{repo}/contents/{path}", { path: "docs/a b/" }, "/repos/o/r/contents/docs/a%20b/"],
  ])("a trailing / is kept as given (a ref prefix, a directory): %s with %j", (route, parameters, path) => {
    expect(endpoint(route as "GET /", { owner: "o", repo: "r", ...parameters }).url).toBe(`https://api.github.com${path}`);
  });

  test.each(["a//b", "/a", "/", "a//", "a/./b", "a/../b", "a/..", ".."])("%j is an INVALID_PATH_SEGMENT naming the parameter", (path) => {
    expect(errorOf(() => endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path }))).toMatchObject({
      code: "INVALID_PATH_SEGMENT",
      argument: "path",
    });
  });

  test("a lone surrogate in a segment is an INVALID_PARAMETER naming the parameter", () => {
    expect(errorOf(() => endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "a/\ud800" }))).toMatchObject(
      {
        code: "INVALID_PARAMETER",
        argument: "path",
      },
    );
  });

  test("a segment named %2e%2e is a name, encoded as one", () => {
    expect(endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "a/%2e%2e" }).url).toBe(
      "https://api.github.com/repos/o/r/contents/a/%252e%252e",
    );
  });
});

describe("a multi-segment value where the template goes on after the parameter (issue 36, item 8)", () => {
  const repo = { owner: "o", repo: "r" };
  // [route, parameter, value, the URL's path, or the error code]
  test.each([
    ["GET /repos/{owner}/{repo}/commits/{ref}/status", "ref", "main/", "INVALID_PATH_SEGMENT"],
    ["GET /repos/{owner}/{repo}/commits/{ref}/status", "ref", "/main", "INVALID_PATH_SEGMENT"],
    ["GET /repos/{owner}/{repo}/commits/{ref}/status", "ref", "heads//main", "INVALID_PATH_SEGMENT"],
    ["GET /repos/{owner}/{repo}/commits/{ref}/status", "ref", "/", "INVALID_PATH_SEGMENT"],
    ["GET /repos/{owner}/{repo}/commits/{ref}/status", "ref", "heads/main", "/repos/o/r/commits/heads/main/status"],
    ["GET /repos/{owner}/{repo}/commits/{ref}/status", "ref", "main", "/repos/o/r/commits/main/status"],
    ["GET /repos/{owner}/{repo}/branches/{branch}/protection", "branch", "release/", "INVALID_PATH_SEGMENT"],
    ["GET /repos/{owner}/{repo}/branches/{branch}/protection", "branch", "release/1.x", "/repos/o/r/branches/release/1.x/protection"],
    // Where the parameter ends the path, a trailing "/" is kept: a directory, a ref prefix.
    ["GET /repos/{owner}/{repo}/contents/{path}", "path", "docs/", "/repos/o/r/contents/docs/"],
    ["GET /repos/{owner}/{repo}/git/matching-refs/{ref}", "ref", "tags/", "/repos/o/r/git/matching-refs/tags/"],
    ["GET /repos/{owner}/{repo}/contents/{path}", "path", "/docs", "INVALID_PATH_SEGMENT"],
  ])("%s with %s %j: %s", (route, name, value, expected) => {
    const call = () => endpoint(route as "GET /", { ...repo, [name]: value });
    if (expected.startsWith("/")) expect(call().url).toBe(`https://api.github.com${expected}`);
    else expect(errorOf(call)).toMatchObject({ code: expected, argument: name });
  });
});
