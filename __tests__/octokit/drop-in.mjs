// Runs inside a scratch project where `octokit` 5 is installed with npm `overrides` putting
// rest-endpoint-octokit in @octokit/endpoint's place (__tests__/octokit-drop-in.test.ts sets it up),
// against a server of its own on 127.0.0.1. Prints one JSON object: what the server received, what
// Octokit's hooks saw, pagination's time, a HEAD's 404. `node drop-in.mjs` in the scratch project.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Octokit } from "octokit";

/** Every @octokit/endpoint in the installed tree, by the name its package.json gives. */
function installedEndpoints(dir) {
  const names = [];
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) return names;
  for (const entry of readdirSync(modules)) {
    const packages = entry.startsWith("@") ? readdirSync(join(modules, entry)).map((name) => join(entry, name)) : [entry];
    for (const name of packages) {
      const at = join(modules, name);
      if (name === "@octokit/endpoint") names.push(JSON.parse(readFileSync(join(at, "package.json"), "utf8")).name);
      names.push(...installedEndpoints(at));
    }
  }
  return names;
}

const PAGES = 4;
const arrivals = [];
const server = createServer((request, response) => {
  arrivals.push(`${request.method} ${request.url}`);
  const url = new URL(request.url, "http://127.0.0.1");
  const json = (status, body, headers = {}) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(request.method === "HEAD" || body === undefined ? undefined : JSON.stringify(body));
  };
  if (url.pathname === "/repos/o/r/issues" && request.method === "GET") {
    const page = Number(url.searchParams.get("page") ?? "1");
    const next = new URL(url);
    next.searchParams.set("page", String(page + 1));
    const link = page < PAGES ? { link: `<http://${request.headers.host}${next.pathname}${next.search}>; rel="next"` } : {};
    return json(200, [{ number: page }], link);
  }
  if (url.pathname === "/repos/o/missing") return json(404, { message: "Not Found" });
  if (request.method === "DELETE") return json(204);
  return json(200, {});
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

const hookMethods = [];
const octokit = new Octokit({
  baseUrl,
  // The throttling plugin stays on (spacing writes 1 s apart, notifications 3 s), as in any Octokit.
  throttle: { onRateLimit: () => false, onSecondaryRateLimit: () => false },
  retry: { enabled: false },
});
octokit.hook.before("request", (options) => {
  hookMethods.push(options.method);
});

const started = performance.now();
const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner: "o", repo: "r", per_page: 1 });
const paginateMs = Math.round(performance.now() - started);
const pagination = arrivals.splice(0);

await octokit.rest.issues.update({ owner: "o", repo: "r", issue_number: 1, state: "closed" });
await octokit.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" });
await octokit.rest.issues.deleteComment({ owner: "o", repo: "r", comment_id: 1 });
await octokit.rest.repos.getContent({ owner: "o", repo: "r", path: "docs/README.md" });
let head404;
try {
  await octokit.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "missing" });
} catch (error) {
  head404 = { status: error.status, message: error.message, method: error.request.method };
}
server.close();
console.log(
  JSON.stringify({
    endpoints: installedEndpoints(process.cwd()),
    issues: issues.map(({ number }) => number),
    paginateMs,
    pagination,
    arrivals,
    hookMethods,
    head404,
  }),
);
