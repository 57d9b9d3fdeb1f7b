import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

// The wire-equivalence test of rest-endpoint-octokit (docs/octokit.md, "What it is tested on"):
// `octokit` 5.0.5 installed twice under .tmp/octokit-wire/ (kept between runs), as published
// ("stock") and with npm `overrides` putting the packed rest-endpoint-octokit in @octokit/endpoint's
// place ("swapped"). Each variant runs in one child process per install (__tests__/octokit/wire.mjs):
// every `octokit.rest` method that has a call in the corpus (__tests__/fixtures/github-rest-calls.json)
// with a token, without, and with a GHES baseUrl; then paginate, hooks, retry on 500, throttling on
// 403, an upload by `upload_url`, a GitHub App's installation token and refusals. What reached the
// server (method, URL, headers but user-agent, body bytes) is compared request by request; every
// difference must be one of the documented rows below.
const root = join(__dirname, "..");
const scratch = join(root, ".tmp", "octokit-wire");
const corpus = join(__dirname, "fixtures", "github-rest-calls.json");
const migrating = readFileSync(join(root, "docs", "migrating-from-octokit-endpoint.md"), "utf8");

interface Sent {
  url: string;
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string;
}
interface Outcome {
  requests: Sent[];
  error?: { sync: boolean; name: string; code?: string; status?: number; message: string };
  seen?: string[];
}
type Printed = Record<string, Outcome>;

/** Rewrites a URL's path or query (the part after `?`). */
const inPath = (url: string, change: (path: string) => string): string => {
  const at = url.indexOf("?");
  return at < 0 ? change(url) : change(url.slice(0, at)) + url.slice(at);
};
const inQuery = (url: string, change: (query: string) => string): string => {
  const at = url.indexOf("?");
  return at < 0 ? url : url.slice(0, at + 1) + change(url.slice(at + 1));
};

/**
 * The documented differences, each a row (first cell) of docs/migrating-from-octokit-endpoint.md:
 * a rewrite applied to both sides' requests that makes the two equal where that row is the
 * difference. A difference no row explains fails the test.
 */
const ROWS: [row: string, rewrite: (sent: Sent) => Sent][] = [
  ["list in the query", (sent) => ({ ...sent, ...urls(sent, (url) => inQuery(url, (query) => query.replaceAll("%2C", ","))) })],
  [
    "`*` in the query",
    (sent) => ({
      ...sent,
      ...urls(sent, (url) => inQuery(url, (query) => query.replace(/%2[1789A]/g, (code) => decodeURIComponent(code)))),
    }),
  ],
  ["a multi-segment parameter", (sent) => ({ ...sent, ...urls(sent, (url) => inPath(url, (path) => path.replaceAll("%2F", "/"))) })],
  ["a trailing `/`", (sent) => ({ ...sent, ...urls(sent, (url) => inPath(url, (path) => path.replace(/(?<=.)\/$/, ""))) })],
  ["an unset variable in `{?a,b}`", (sent) => ({ ...sent, ...urls(sent, (url) => (url.endsWith("&") ? url.slice(0, -1) : url)) })],
];

function urls(sent: Sent, change: (url: string) => string): Pick<Sent, "url" | "target"> {
  return { url: change(sent.url), target: change(sent.target) };
}

/** How a swapped outcome compares with the stock one: identical, documented (by which rows), or not. */
function compare(stock: Outcome, swapped: Outcome): { identical: boolean; rows: string[]; left: string | undefined } {
  const same = (a: Sent[], b: Sent[]) => JSON.stringify(a) === JSON.stringify(b);
  if (same(stock.requests, swapped.requests) && JSON.stringify(stock.error) === JSON.stringify(swapped.error))
    return { identical: true, rows: [], left: undefined };
  let [a, b] = [stock.requests, swapped.requests];
  const rows: string[] = [];
  for (const [row, rewrite] of ROWS) {
    if (same(a, b)) break;
    const [a2, b2] = [a.map(rewrite), b.map(rewrite)];
    if (!same(a2, a) || !same(b2, b)) rows.push(row);
    [a, b] = [a2, b2];
  }
  return { identical: false, rows, left: same(a, b) ? undefined : `${JSON.stringify(a)}\n${JSON.stringify(b)}` };
}

/** The counts of one corpus variant: methods, how many reached the server, identical, documented rows. */
function summarise(stock: Printed, swapped: Printed) {
  const rows: Record<string, number> = {};
  const undocumented: string[] = [];
  let identical = 0;
  let documented = 0;
  for (const name of Object.keys(stock)) {
    const result = compare(stock[name]!, swapped[name]!);
    if (result.identical) identical++;
    else if (result.left === undefined && stock[name]!.error === undefined && swapped[name]!.error === undefined) {
      documented++;
      for (const row of result.rows) rows[row] = (rows[row] ?? 0) + 1;
    } else undocumented.push(`${name}: ${result.left ?? JSON.stringify([stock[name]!.error, swapped[name]!.error])}`);
  }
  const reached = (printed: Printed) => Object.values(printed).filter(({ requests }) => requests.length > 0).length;
  return {
    methods: Object.keys(stock).length,
    reached: { stock: reached(stock), swapped: reached(swapped) },
    identical,
    documented,
    rows,
    undocumented,
  };
}

/** Installs `dependencies` (and `overrides`) into `dir` unless the stamp of the last install matches. */
function install(dir: string, manifest: object, stamp: string): void {
  const stampFile = join(dir, "node_modules", ".wire-stamp");
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return;
  // From nothing: a lock of another version's install (0.3.0's tarballs) made npm resolve the
  // overrides' file: specs inside node_modules/@octokit/request (ENOENT).
  for (const left of ["node_modules", "package-lock.json"]) rmSync(join(dir, left), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module", ...manifest }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], { cwd: dir, stdio: "ignore" });
  writeFileSync(stampFile, stamp);
}

const VARIANTS = ["token", "none", "ghes", "extras"] as const;
const printed = { stock: {} as Record<string, Printed>, swapped: {} as Record<string, Printed> };

beforeAll(async () => {
  const packs = join(scratch, "packs");
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(packs, { recursive: true });
  // The packages as npm publishes them: the build is in place (`npm test` builds first).
  const pack = (cwd: string): string =>
    (
      JSON.parse(
        execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", packs], {
          cwd,
          encoding: "utf8",
          // The listing names every file, some 10,000 with the responses by docs page (over the default 1 MB).
          maxBuffer: 64 * 1024 * 1024,
        }),
      ) as {
        filename: string;
      }[]
    )[0]!.filename;
  const library = pack(root);
  const wrapper = pack(join(root, "packages", "octokit"));
  const digest = createHash("sha256");
  for (const file of [library, wrapper]) digest.update(readFileSync(join(packs, file)));
  install(join(scratch, "stock"), { dependencies: { octokit: "5.0.5" } }, "octokit 5.0.5");
  const swapped = join(scratch, "swapped");
  mkdirSync(swapped, { recursive: true });
  for (const file of [library, wrapper]) copyFileSync(join(packs, file), join(swapped, file));
  install(
    swapped,
    {
      dependencies: { octokit: "5.0.5", "rest-endpoint": `file:./${library}`, "rest-endpoint-octokit": `file:./${wrapper}` },
      overrides: { "@octokit/endpoint": "$rest-endpoint-octokit", "rest-endpoint": "$rest-endpoint" },
    },
    `octokit 5.0.5 ${digest.digest("hex")}`,
  );
  const run = async (side: "stock" | "swapped", variant: (typeof VARIANTS)[number]) => {
    const dir = join(scratch, side);
    copyFileSync(join(__dirname, "octokit", "wire.mjs"), join(dir, "wire.mjs"));
    const { stdout } = await promisify(execFile)(process.execPath, ["wire.mjs", variant, corpus], {
      cwd: dir,
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    printed[side][variant] = JSON.parse(stdout) as Printed;
  };
  // Two at a time: one child per variant and install, not one per method.
  for (const variant of VARIANTS) await Promise.all([run("stock", variant), run("swapped", variant)]);
  writeFileSync(
    join(scratch, "summary.json"),
    JSON.stringify(
      Object.fromEntries(VARIANTS.slice(0, 3).map((variant) => [variant, summarise(printed.stock[variant]!, printed.swapped[variant]!)])),
      null,
      2,
    ),
  );
}, 900_000);

describe("every octokit.rest method with a corpus call, stock and swapped", () => {
  // The same figures in each variant: 999 of 999 methods reach the server on both installs, 933
  // byte-identical, 66 different only by documented rows (docs/octokit.md, "What it is tested on").
  const expected = {
    methods: 999,
    reached: { stock: 999, swapped: 999 },
    identical: 933,
    documented: 66,
    rows: {
      "list in the query": 11,
      "`*` in the query": 2,
      "a multi-segment parameter": 54,
      "a trailing `/`": 1,
    },
    undocumented: [],
  };

  test.each(["token", "none", "ghes"])("%s: every method reaches the server; every difference is a documented row", (variant) => {
    expect(summarise(printed.stock[variant]!, printed.swapped[variant]!)).toEqual(expected);
  });

  test("with a token, every request carries it; without, none does; with GHES, every URL is under its /api/v3", () => {
    const requests = (variant: string) => Object.values(printed.swapped[variant]!).flatMap(({ requests }) => requests);
    expect(new Set(requests("token").map(({ headers }) => headers.authorization))).toEqual(new Set(["token ghp_wireTestToken0123456789"]));
    expect(requests("none").filter(({ headers }) => headers.authorization !== undefined)).toEqual([]);
    // Absolute URLs aside, as stock Octokit sends them: the upload route's own origin
    // (uploads.github.com), and a body parameter named `url` (webhook configs, private registries),
    // which replaces the route's URL in stock Octokit too (docs/octokit.md).
    const elsewhere = requests("ghes").filter(({ url }) => !url.startsWith("/api/v3/"));
    expect(elsewhere.map(({ url }) => url).sort()).toEqual([
      "http://example.com/webhook",
      "https://example.com/webhook",
      "https://example.com/webhook",
      "https://maven.pkg.github.com/organization/",
      "https://uploads.github.com/repos/octocat/hello-world/releases/42/assets?name=example.zip&label=Example%20ZIP",
    ]);
  });

  test("docs/octokit.md's tables show these figures", () => {
    const doc = readFileSync(join(root, "docs", "octokit.md"), "utf8");
    const cells = (line: string) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
    const section = doc.slice(doc.indexOf("**Wire equivalence**"), doc.indexOf("**The drop-in**"));
    const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| -"));
    expect(cells(rows[1]!)).toEqual([
      String(expected.methods),
      `${expected.reached.stock}, ${expected.reached.swapped}`,
      String(expected.identical),
      String(expected.documented),
    ]);
    const documented = Object.fromEntries(rows.slice(3).map((line) => [cells(line)[0], Number(cells(line)[1])]));
    expect(documented).toEqual(expected.rows);
  });

  test("each row the comparison uses is a row of docs/migrating-from-octokit-endpoint.md", () => {
    const titles = migrating.split("\n").map((line) => line.split("|")[1]?.trim());
    for (const [row] of ROWS) expect(titles).toContain(row);
  });
});

describe("Octokit's machinery, stock and swapped", () => {
  const outcome = (name: string) => ({ stock: printed.stock.extras![name]!, swapped: printed.swapped.extras![name]! });

  test.each([
    "paginate",
    "paginate.iterator",
    "hooks",
    "hooks.seen",
    "retry on 500",
    "throttling on 403",
    "uploadReleaseAsset by upload_url",
    "request with string data",
    "request with Buffer data",
    "graphql",
    "graphql with a preview",
    "request with a preview on a REST route",
    "GitHub App installation token",
    "GitHub App installation: paginate",
  ])("%s: identical on the wire", (name) => {
    const { stock, swapped } = outcome(name);
    expect(swapped).toEqual(stock);
    expect(swapped.error).toBeUndefined();
  });

  test("paginate follows the link over 3 pages; retry sends twice; throttling retries the 403", () => {
    expect(outcome("paginate").swapped.requests.map(({ url }) => url)).toEqual([
      "/repos/o/r/issues?per_page=1",
      "/repos/o/r/issues?per_page=1&page=2",
      "/repos/o/r/issues?per_page=1&page=3",
    ]);
    expect(outcome("retry on 500").swapped.requests.map(({ url }) => url)).toEqual(["/repos/o/flaky", "/repos/o/flaky"]);
    expect(outcome("throttling on 403").swapped.requests.map(({ url }) => url)).toEqual(["/repos/o/limited", "/repos/o/limited"]);
  });

  test("uploadReleaseAsset by a release's upload_url: the bytes and content-type given, name and label in the query", () => {
    const [, upload] = outcome("uploadReleaseAsset by upload_url").swapped.requests;
    expect(upload).toEqual({
      url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=example.zip&label=Example%20ZIP",
      method: "POST",
      target: "/repos/o/r/releases/1/assets?name=example.zip&label=Example%20ZIP",
      headers: expect.objectContaining({ "content-type": "application/zip", "content-length": "14" }) as Record<string, string>,
      body: Buffer.from("PK\u0003\u0004 zip bytes").toString("hex"),
    });
  });

  test("an upload_url without its label: stock ends the query with `&`, the documented row", () => {
    const { stock, swapped } = outcome("uploadReleaseAsset by upload_url, string data");
    expect(compare(stock, swapped)).toEqual({ identical: false, rows: ["an unset variable in `{?a,b}`"], left: undefined });
    expect(swapped.requests[0]).toMatchObject({
      url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=notes.txt",
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  });

  test("a GitHub App: the installation token is requested with a JWT and without auth-app's REST preview, as stock; then sent", () => {
    const jwt = 'bearer JWT {"alg":"RS256","typ":"JWT"} {"iss":1} lifetime 600';
    const installation = "token ghs_wireTestInstallation0123";
    const v3 = "application/vnd.github.v3+json";
    const seen = (name: string) =>
      outcome(name).swapped.requests.map(({ method, url, headers }) => [method, url, headers.authorization, headers.accept]);
    expect(seen("GitHub App installation token")).toEqual([
      ["POST", "/app/installations/123/access_tokens", jwt, v3],
      ["GET", "/repos/o/r", installation, v3],
      ["POST", "/repos/o/r/issues", installation, v3],
    ]);
    expect(seen("GitHub App installation: paginate")).toEqual([
      ["POST", "/app/installations/123/access_tokens", jwt, v3],
      ["GET", "/repos/o/r/issues?per_page=1", installation, v3],
      ["GET", "/repos/o/r/issues?per_page=1&page=2", installation, v3],
      ["GET", "/repos/o/r/issues?per_page=1&page=3", installation, v3],
    ]);
  });

  test("previews: sent on /graphql, left out on a REST route, as stock", () => {
    const accept = (name: string) => outcome(name).swapped.requests.map(({ url, headers }) => [url, headers.accept]);
    expect(accept("graphql with a preview")).toEqual([["/graphql", "application/vnd.github.merge-info-preview+json"]]);
    expect(accept("request with a preview on a REST route")).toEqual([["/repos/o/r/topics", "application/vnd.github.v3+json"]]);
  });

  test("refusals reject octokit.request()'s promise; octokit.paginate() and @octokit/request alone throw them (docs/octokit.md)", () => {
    const crlf = outcome("refusal: CR/LF in a header");
    // Stock: fetch refuses the header (a RequestError); swapped: rest-endpoint before fetch. Neither sends.
    expect(crlf.stock).toMatchObject({ requests: [], error: { sync: false, name: "HttpError", status: 500 } });
    expect(crlf.swapped).toEqual({
      requests: [],
      error: { sync: false, name: "EndpointError", code: "INVALID_HEADER_VALUE", message: expect.any(String) as string },
    });
    const missing = outcome("refusal: a missing path parameter");
    expect(missing.stock.requests.map(({ url }) => url)).toEqual(["/repos//r"]);
    expect(missing.swapped).toMatchObject({ requests: [], error: { sync: false, code: "MISSING_PARAMETER" } });
    const paginated = outcome("paginate: a missing path parameter");
    expect(paginated.stock.requests.map(({ url }) => url)).toEqual(["/repos//r/issues"]);
    expect(paginated.swapped).toMatchObject({ requests: [], error: { sync: true, code: "MISSING_PARAMETER" } });
    const alone = outcome("@octokit/request alone: a missing path parameter");
    expect(alone.stock.requests.map(({ url }) => url)).toEqual(["/repos//r"]);
    expect(alone.swapped).toMatchObject({ requests: [], error: { sync: true, code: "MISSING_PARAMETER" } });
  });
});
