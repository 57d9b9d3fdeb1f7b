import { packageVersion } from "./helpers/defaults.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { endpoint as incumbent } from "@octokit/endpoint";
import { endpoint } from "../lib/index.js";
import { endpoint as dropIn } from "../packages/octokit/src/index.js";

/**
 * Each row of docs/migrating-from-octokit-endpoint.md, recomputed on both libraries, and on
 * rest-endpoint-octokit, which shows what rest-endpoint shows but where `dropInShows` is given (the
 * incumbent's contract it keeps inside Octokit, docs/octokit.md).
 */
const rows: [title: string, run: (lib: typeof endpoint) => unknown, incumbentShows: string, oursShows: string, dropInShows?: string][] = [
  ["method", (lib) => lib("PATCH /x").method, '"PATCH"', '"patch"', '"PATCH"'],
  ["list in the query", (lib) => lib("GET /x", { labels: ["bug", "ui"] }).url, "?labels=bug%2Cui", "?labels=bug,ui"],
  ["`*` in the query", (lib) => lib("GET /x", { v: "a*b" }).url, "?v=a*b", "?v=a%2Ab"],
  ["`+` in `q`", (lib) => lib("GET /search/issues", { q: "a+b c" }).url, "?q=a+b%20c", "?q=a%2Bb%20c"],
  ["`null` in the query", (lib) => lib("GET /x", { milestone: null }).url, "?milestone=null", "https://api.github.com/x"],
  [
    "a Date",
    (lib) => lib("GET /x", { since: new Date(Date.UTC(2026, 0, 2)) }).url,
    "?since=Fri%20Jan%2002%202026",
    "?since=2026-01-02T00%3A00%3A00.000Z",
  ],
  ["a query name", (lib) => lib("GET /a", { "a b": 1 }).url, "?a b=1", "?a%20b=1"],
  ["`:name` in a query", (lib) => lib("GET /search/issues?q=repo:octokit").url, "/search/issues?q=repo", "/search/issues?q=repo:octokit"],
  ["query and fragment", (lib) => lib("GET /a#f", { p: 1 }).url, "/a#f?p=1", "/a?p=1#f"],
  ["an empty list", (lib) => lib("GET /a{?list}", { list: [] }).url, "/a?list=", "https://api.github.com/a"],
  [
    "previews on a REST route",
    (lib) => lib("GET /x", { mediaType: { previews: ["mercy"] } }).headers.accept,
    "application/vnd.github.v3+json",
    "application/vnd.github.mercy-preview+json",
    "application/vnd.github.v3+json",
  ],
  // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
  ["a missing path parameter", (lib) => lib("GET /repos/{owner}/{repo}", { repo: "r" }).url, "/repos//r", "MISSING_PARAMETER"],
  [
    "a missing part of a segment",
    // @ts-expect-error the missing parameters are on purpose: the run-time error is what is tested
    (lib) => lib("GET /repos/{owner}/{repo}/compare/{base}...{head}", { owner: "o", repo: "r" }).url,
    "/repos/o/r/compare/...",
    "MISSING_PARAMETER",
  ],
  [
    "`..` as a path parameter",
    (lib) => lib("GET /repos/{owner}/{repo}/issues", { owner: "..", repo: ".." }).url,
    "/repos/../../issues",
    "INVALID_PATH_SEGMENT",
  ],
  ["a url without a leading /", (lib) => lib("GET .evil.com/x").url, "https://api.github.com.evil.com/x", "INVALID_URL"],
  // @ts-expect-error `data` on GET is a type error too
  ["`data` on GET", (lib) => lib("GET /x", { data: "d" }).url, "?data=d", "INVALID_OPTIONS"],
  ["parameters next to `data`", (lib) => lib("POST /x", { data: "d", name: "n" }).body, '"d"', "INVALID_OPTIONS"],
  ["an unset variable in `{?a,b}`", (lib) => lib("POST /x{?name,label}", { name: "n", data: "d" }).url, "/x?name=n&", "/x?name=n"],
  // @ts-expect-error a route and `url` is a type error too
  ["a route and `url`", (lib) => lib("GET /a", { url: "/b" }).url, "https://api.github.com/b", "INVALID_OPTIONS"],
  ["CR/LF in a header", (lib) => lib("GET /a", { headers: { "x-a": "a\r\nb" } }).headers["x-a"], '"a\\r\\nb"', "INVALID_HEADER_VALUE"],
  [
    "a multi-segment parameter",
    (lib) => lib("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "docs/README.md" }).url,
    "/contents/docs%2FREADME.md",
    "/contents/docs/README.md",
  ],
  ["a trailing `/`", (lib) => lib("GET /user/").url, '"https://api.github.com/user"', '"https://api.github.com/user/"'],
  ["a number in a header", (lib) => lib("GET /x", { headers: { "x-n": 1 } }).headers["x-n"], "1", '"1"'],
  [
    "previews read from `accept`",
    (lib) =>
      lib("POST /graphql", {
        headers: { accept: "text/x-preview, application/vnd.github.mercy-preview+json" },
        mediaType: { previews: ["symmetra"] },
      }).headers.accept,
    "application/vnd.github.x-preview+json,application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json",
    "application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json",
  ],
  [
    "a preview named twice",
    (lib) => lib("POST /graphql", { mediaType: { previews: ["a", "a-preview"] } }).headers.accept,
    '"application/vnd.github.a-preview+json,application/vnd.github.a-preview+json"',
    '"application/vnd.github.a-preview+json"',
  ],
  [
    "previews of the defaults and a call",
    (lib) => lib.defaults({ mediaType: { previews: ["a"] } })("POST /api/graphql", { mediaType: { previews: ["b"] } }).headers.accept,
    "application/vnd.github.b-preview+json",
    "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
  ],
  [
    "`format` beside a preview in `accept`",
    (lib) =>
      lib("GET /x", { headers: { accept: "application/vnd.github.mercy-preview+json" }, mediaType: { format: "raw" } }).headers.accept,
    "application/vnd.github.mercy-preview+json",
    "application/vnd.github.raw",
  ],
  [
    "`format` on another vendor's media type",
    (lib) => lib("GET /x", { headers: { accept: "application/vnd.foo+json" }, mediaType: { format: "raw" } }).headers.accept,
    "application/vnd.foo.raw",
    "application/vnd.foo+json",
  ],
  ["`mediaType` of the defaults", (lib) => lib.DEFAULTS.mediaType, '{"format":""}', '{"format":"","previews":[]}'],
  ["`mediaType` of `merge()`", (lib) => lib.merge("GET /x").mediaType, '{"format":""}', '{"format":"","previews":[]}'],
  [
    "a `baseUrl` ending in `/`",
    (lib) => lib.defaults({ baseUrl: "https://ghe.example/api/v3/" })("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url,
    '"https://ghe.example/api/v3//repos/o/r"',
    '"https://ghe.example/api/v3/repos/o/r"',
  ],
  [
    "`x-github-api-version: latest`",
    (lib) => lib("GET /x", { headers: { "x-github-api-version": "latest" } }).headers["x-github-api-version"],
    '"latest"',
    "INVALID_HEADER_VALUE",
  ],
  [
    "an API version older than the target's",
    (lib) => lib("GET /x", { headers: { "x-github-api-version": "2021-01-01" } }).headers["x-github-api-version"],
    '"2021-01-01"',
    "INVALID_HEADER_VALUE",
  ],
  [
    "the defaults' token on another origin",
    (lib) => lib.defaults({ headers: { authorization: "token t" } })("GET https://evil.example/x").headers.authorization ?? null,
    '"token t"',
    "null",
  ],
  [
    "a `host` field for another host",
    (lib) => lib("GET /x", { headers: { host: "evil.example" } }).headers.host,
    '"evil.example"',
    "INVALID_HEADER_VALUE",
  ],
  ["a list in a header", (lib) => lib("GET /x", { headers: { "x-a": ["a", "b"] } }).headers["x-a"], '["a","b"]', '"a, b"'],
  ["`NaN` in the query", (lib) => lib("GET /x", { n: Number.NaN }).url, "?n=NaN", "INVALID_PARAMETER"],
  ["a `Map` in the query", (lib) => lib("GET /x", { m: new Map([["a", 1]]) }).url, "?m=%5Bobject%20Map%5D", "INVALID_PARAMETER"],
  [
    "assigning to `DEFAULTS`",
    (lib) => {
      const own = lib.defaults({});
      (own.DEFAULTS as { baseUrl: string }).baseUrl = "https://evil.example";
      return own("GET /x").url;
    },
    '"https://evil.example/x"',
    "TypeError",
  ],
  [
    "the default user-agent",
    (lib) => lib.DEFAULTS.headers["user-agent"]?.split(" ")[0],
    "octokit-endpoint.js/0.0.0-development",
    `rest-endpoint/${packageVersion}`,
  ],
];

function outcome(run: () => unknown): string {
  try {
    return JSON.stringify(run());
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

const doc = readFileSync(join(__dirname, "..", "docs", "migrating-from-octokit-endpoint.md"), "utf8");

describe("docs/migrating-from-octokit-endpoint.md", () => {
  test.each(rows)("%s differs as the guide shows", (title, run, incumbentShows, oursShows, ...rest) => {
    // A rest parameter: jest gives a test function with more parameters than a row has cells a `done` callback.
    const [dropInShows] = rest;
    expect(outcome(() => run(incumbent as unknown as typeof endpoint))).toContain(incumbentShows);
    const ours = outcome(() => run(endpoint));
    expect(ours).toContain(oursShows);
    // The table row whose first cell is the title (Prettier pads cells with spaces).
    const line = doc.split("\n").find((text) => text.split("|")[1]?.trim() === title);
    expect(line).toBeDefined();
    expect(line).toContain(`\`${incumbentShows}\``);
    expect(line).toContain(`\`${oursShows}\``);
    const swapped = outcome(() => run(dropIn as unknown as typeof endpoint));
    if (dropInShows === undefined) expect(swapped).toBe(ours);
    else {
      expect(swapped).toContain(dropInShows);
      expect(line).toContain(`rest-endpoint-octokit: \`${dropInShows}\``);
    }
  });
});
