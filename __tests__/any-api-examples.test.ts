import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..");

/** The docs (README, docs/ and its API pages, the drop-in's README) and every TSDoc and generated comment of lib/. */
const files = [
  "README.md",
  "packages/octokit/README.md",
  ...readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file.split("\\").join("/")}`),
  ...readdirSync(join(root, "lib"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => `lib/${file.split("\\").join("/")}`),
];

/**
 * Whether a baseUrl is GitHub's: api.github.com, a GHE.com API (`api.SUBDOMAIN.ghe.com`), or a GHES
 * API (`ORIGIN/api/v3`), which `endpoint.defaults({ baseUrl })` takes as @octokit/endpoint does.
 */
function isGitHub(url: string): boolean {
  const { host, pathname } = new URL(url);
  return host === "api.github.com" || /^api\.[\da-z-]+\.ghe\.com$/.test(host) || pathname.replace(/\/$/, "") === "/api/v3";
}

// Issue 46, item 3: `endpoint.defaults({ baseUrl })` keeps GitHub's rules (a `/` kept in a value,
// GitHub's accept, its declared queries), so every example for another API uses `createEndpoint`.
// Fails on the old code: seven places taught it (withQueries' Stripe example, docs/usage.md's
// paging examples, the generated baseUrl() comment, RouteMap's TSDoc, docs/any-api.md).
test("no doc, TSDoc or generated comment teaches endpoint.defaults({ baseUrl }) for an API that is not GitHub's", () => {
  const taught: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    for (const [, value] of text.matchAll(/endpoint\.defaults\(\{\s*baseUrl:\s*([^,}\s]+)/g)) {
      const literal = /^["'`](https?:\/\/[^"'`]+)["'`]$/.exec(value!)?.[1];
      // A literal URL that is not GitHub's, or a generated server's `baseUrl(…)`.
      if ((literal !== undefined && !isGitHub(literal)) || value!.startsWith("baseUrl(")) taught.push(`${file}: ${value!}`);
    }
  }
  expect(taught).toEqual([]);
});
