import * as lib from "../../lib/index.js";
import { endpoint as octokit } from "../../packages/octokit/src/index.js";
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the battery is CommonJS, shared with the production build's test
const { targetBattery } = require("./target-pollution.cjs") as {
  targetBattery: (library: typeof lib, options?: { octokit?: unknown; numRuns?: number }) => string[];
};

// Issue 44, class 1: after `githubCom.uploadsUrl = "https://evil.example"`, or with
// `Object.prototype.uploadsUrl`/`origin`/`rebase` polluted, a token went to evil.example, `a/b`
// stopped being encoded and a refused `mediaType` was sent. Fails on the old code: its targets were
// neither frozen nor read once (`rebase`, `origin`, `uploadsUrl` read at each call, through the
// prototype chain).
test("no pollution of Object.prototype and no write to a target changes a request or sends a credential elsewhere (also through rest-endpoint-octokit)", () => {
  expect(targetBattery(lib, { octokit })).toEqual([]);
});

test("a target the library returns is deeply frozen: a write throws in strict mode", () => {
  const targets = [lib.githubCom, lib.ghes("https://ghe.example", "3.19"), lib.gheCom("octocorp")];
  for (const target of targets) {
    expect(() => {
      (target as unknown as Record<string, unknown>).uploadsUrl = "https://evil.example";
    }).toThrow(TypeError);
    expect(() => {
      (target.defaults.headers as Record<string, string>).accept = "text/evil";
    }).toThrow(TypeError);
  }
  expect(
    lib.endpoint("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", {
      owner: "o",
      repo: "r",
      release_id: 1,
      name: "a",
      data: "x",
    }).url,
  ).toBe("https://uploads.github.com/repos/o/r/releases/1/assets?name=a");
});
