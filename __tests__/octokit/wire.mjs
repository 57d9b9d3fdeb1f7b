// Runs one variant of the wire-equivalence test (__tests__/octokit-wire.test.ts) inside a scratch
// project where `octokit` 5 is installed, as published ("stock") or with rest-endpoint-octokit in
// @octokit/endpoint's place ("swapped"). `node wire.mjs <variant> <corpus.json>`, variant one of
// `token`, `none`, `ghes`, `extras`. Prints one JSON object: for each call, what reached a server of
// its own on 127.0.0.1 (method, URL, headers but user-agent and host, body bytes) or the error.
//
// Every request goes through a fetch that sends it to that server: a URL of another origin (the
// upload route's https://uploads.github.com) is recorded as written and sent there, so that nothing
// leaves the machine.
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { App, Octokit } from "octokit";

const [variant, corpusFile] = process.argv.slice(2);
const TOKEN = "ghp_wireTestToken0123456789";
const INSTALLATION_TOKEN = "ghs_wireTestInstallation0123";
const PAGES = 3;

/** Requests as the server received them, in order. */
let arrivals = [];
/** Per path, how many times it failed on purpose (retry and throttling). */
const failures = new Map();
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const headers = { ...request.headers };
    delete headers["user-agent"];
    delete headers.host;
    if (typeof headers.authorization === "string") headers.authorization = withoutJwtTimes(headers.authorization);
    arrivals.push({ method: request.method, target: request.url, headers, body: Buffer.concat(chunks).toString("hex") });
    answer(request, response);
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const local = `http://127.0.0.1:${server.address().port}`;

function answer(request, response) {
  const url = new URL(request.url, local);
  const json = (status, body, headers = {}) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    response.end(request.method === "HEAD" || body === undefined ? undefined : JSON.stringify(body));
  };
  const failed = failures.get(url.pathname) ?? 0;
  if (url.pathname === "/app/installations/123/access_tokens")
    return json(201, { token: INSTALLATION_TOKEN, expires_at: "2999-01-01T00:00:00Z", permissions: {}, repository_selection: "all" });
  if (url.pathname === "/repos/o/r/issues" && request.method === "GET") {
    const page = Number(url.searchParams.get("page") ?? "1");
    const next = new URL(url);
    next.searchParams.set("page", String(page + 1));
    return json(200, [{ number: page }], page < PAGES ? { link: `<${local}${next.pathname}${next.search}>; rel="next"` } : {});
  }
  if (url.pathname === "/repos/o/r/releases/1")
    return json(200, { id: 1, upload_url: "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}" });
  if (url.pathname === "/repos/o/flaky" && failed < 1) {
    failures.set(url.pathname, failed + 1);
    return json(500, { message: "Server Error" });
  }
  if (url.pathname === "/repos/o/limited" && failed < 1) {
    failures.set(url.pathname, failed + 1);
    return json(403, { message: "You have exceeded a secondary rate limit." }, { "retry-after": "0" });
  }
  return json(200, {});
}

/**
 * A JWT's `iat` and `exp` are times of the run: an `authorization: bearer <JWT>` is compared by its
 * header and its other claims (the signature depends on the key each run generates).
 */
function withoutJwtTimes(authorization) {
  const match = /^bearer ([\w-]+)\.([\w-]+)\.[\w-]+$/i.exec(authorization);
  if (match === null) return authorization;
  const { iat, exp, ...claims } = JSON.parse(Buffer.from(match[2], "base64url").toString());
  const header = JSON.parse(Buffer.from(match[1], "base64url").toString());
  return `bearer JWT ${JSON.stringify(header)} ${JSON.stringify(claims)} lifetime ${exp - iat}`;
}

/** URLs as the clients wrote them; the request goes to the local server whatever its origin. */
let written = [];
const fetchLocally = (url, init) => {
  const target = new URL(url);
  written.push(target.origin === local ? target.href.slice(local.length) : target.href);
  return fetch(`${local}${target.pathname}${target.search}`, init);
};

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const Base = Octokit.defaults({ request: { fetch: fetchLocally }, log: silent });

/** Runs one call; what reached the server, and the error if any (`sync`: thrown, not a rejection). */
async function record(call) {
  arrivals = [];
  written = [];
  let error;
  let promise;
  try {
    promise = call();
  } catch (thrown) {
    error = describe(thrown, true);
  }
  if (promise !== undefined)
    try {
      await promise;
    } catch (rejected) {
      error = describe(rejected, false);
    }
  const requests = arrivals.map((arrival, index) => ({ url: written[index], ...arrival }));
  return error === undefined ? { requests } : { requests, error };
}

function describe(error, sync) {
  return { sync, name: error?.name, code: error?.code, status: error?.status, message: String(error?.message).slice(0, 300) };
}

/** The parameters of a corpus entry as an `octokit.rest` method takes them. */
function parametersOf(entry) {
  const parameters = { ...entry.pathParams, ...entry.queryParams };
  if (entry.body !== undefined && (typeof entry.body !== "object" || entry.body === null || Array.isArray(entry.body)))
    parameters.data = entry.body;
  else Object.assign(parameters, entry.body);
  if (Object.keys(entry.headers).length > 0) parameters.headers = entry.headers;
  return parameters;
}

const results = {};
if (variant === "extras") {
  const privateKey = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
  const octokit = new Base({
    auth: TOKEN,
    baseUrl: local,
    retry: { retryAfterBaseValue: 1 },
    throttle: { retryAfterBaseValue: 1, onRateLimit: () => true, onSecondaryRateLimit: () => true },
  });
  const hooked = [];
  octokit.hook.before("request", (options) => {
    hooked.push(`before ${options.method} ${options.url.replace(local, "")}`);
  });
  octokit.hook.after("request", (response, options) => {
    hooked.push(`after ${options.method} ${response.status}`);
  });
  octokit.hook.error("request", (error, options) => {
    hooked.push(`error ${options.method} ${error.status}`);
    throw error;
  });
  results.paginate = await record(async () => {
    const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner: "o", repo: "r", per_page: 1 });
    if (issues.length !== PAGES) throw new Error(`paginate gave ${issues.length} issues`);
  });
  results["paginate.iterator"] = await record(async () => {
    const pages = [];
    for await (const page of octokit.paginate.iterator("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 1 }))
      pages.push(page.data.length);
    if (pages.length !== PAGES) throw new Error(`paginate.iterator gave ${pages.length} pages`);
  });
  results.hooks = await record(() => octokit.rest.issues.update({ owner: "o", repo: "r", issue_number: 1, state: "closed" }));
  results["hooks.seen"] = { requests: [], seen: hooked.splice(0) };
  results["retry on 500"] = await record(() => octokit.rest.repos.get({ owner: "o", repo: "flaky" }));
  results["throttling on 403"] = await record(() => octokit.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "limited" }));
  results["uploadReleaseAsset by upload_url"] = await record(async () => {
    const { data: release } = await octokit.rest.repos.getRelease({ owner: "o", repo: "r", release_id: 1 });
    await octokit.rest.repos.uploadReleaseAsset({
      url: release.upload_url,
      owner: "o",
      repo: "r",
      release_id: 1,
      name: "example.zip",
      label: "Example ZIP",
      data: Buffer.from("PK\u0003\u0004 zip bytes"),
      headers: { "content-type": "application/zip" },
    });
  });
  results["uploadReleaseAsset by upload_url, string data"] = await record(() =>
    octokit.rest.repos.uploadReleaseAsset({
      url: "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}",
      owner: "o",
      repo: "r",
      release_id: 1,
      name: "notes.txt",
      data: "plain text",
    }),
  );
  results["request with string data"] = await record(() => octokit.request("POST /markdown/raw", { data: "# Title" }));
  results["request with Buffer data"] = await record(() => octokit.request("POST /markdown/raw", { data: Buffer.from("# Title") }));
  results["GitHub App installation token"] = await record(async () => {
    const app = new App({ appId: 1, privateKey, Octokit: Base.defaults({ baseUrl: local }) });
    const installation = await app.getInstallationOctokit(123);
    await installation.rest.repos.get({ owner: "o", repo: "r" });
    await installation.rest.issues.create({ owner: "o", repo: "r", title: "From an app" });
  });
  results["GitHub App installation: paginate"] = await record(async () => {
    const app = new App({ appId: 1, privateKey, Octokit: Base.defaults({ baseUrl: local }) });
    const installation = await app.getInstallationOctokit(123);
    const issues = await installation.paginate(installation.rest.issues.listForRepo, { owner: "o", repo: "r", per_page: 1 });
    if (issues.length !== PAGES) throw new Error(`paginate gave ${issues.length} issues`);
  });
  results.graphql = await record(() => octokit.graphql("query { viewer { login } }"));
  // @octokit/endpoint 11 applies previews only where the URL ends in /graphql.
  results["graphql with a preview"] = await record(() =>
    octokit.graphql({ query: "query { viewer { login } }", mediaType: { previews: ["merge-info"] } }),
  );
  results["request with a preview on a REST route"] = await record(() =>
    octokit.request("GET /repos/{owner}/{repo}/topics", { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } }),
  );
  // Refused before sending (rest-endpoint) or by fetch (stock): a rejection either way, never a throw.
  results["refusal: CR/LF in a header"] = await record(() =>
    octokit.rest.issues.get({ owner: "o", repo: "r", issue_number: 1, headers: { "x-a": "a\r\nb" } }),
  );
  results["refusal: a missing path parameter"] = await record(() => octokit.request("GET /repos/{owner}/{repo}", { repo: "r" }));
  // plugin-paginate-rest builds the first page's request with endpoint() before any promise exists.
  results["paginate: a missing path parameter"] = await record(() => octokit.paginate("GET /repos/{owner}/{repo}/issues", { repo: "r" }));
  // @octokit/request alone has no hook: it builds the request before any promise exists.
  const { request } = await import("@octokit/request");
  const plain = request.defaults({ baseUrl: local, request: { fetch: fetchLocally } });
  results["@octokit/request alone: a missing path parameter"] = await record(() => plain("GET /repos/{owner}/{repo}", { repo: "r" }));
} else {
  const corpus = JSON.parse(readFileSync(corpusFile, "utf8"));
  const byRoute = new Map(corpus.map((entry) => [`${entry.method} ${entry.path}`, entry]));
  const octokit = new Base({
    ...(variant === "none" ? {} : { auth: TOKEN }),
    baseUrl: variant === "ghes" ? `${local}/api/v3` : local,
    // Retry stays on (its hook wraps every request, as in any Octokit); throttling would space
    // writes 1 s apart, and is tested by the `extras` variant.
    throttle: { enabled: false },
  });
  for (const scope of Object.keys(octokit.rest).sort())
    for (const name of Object.keys(octokit.rest[scope]).sort()) {
      const method = octokit.rest[scope][name];
      const { method: verb, url } = method.endpoint.DEFAULTS;
      const entry = byRoute.get(`${verb.toUpperCase()} ${url.replace(/\{\?[^}]*\}$/, "")}`);
      if (entry === undefined) continue;
      results[`${scope}.${name}`] = await record(() => method(parametersOf(entry)));
    }
}
server.close();
process.stdout.write(JSON.stringify(results));
