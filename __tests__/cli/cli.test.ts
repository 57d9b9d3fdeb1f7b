import { execFile, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { pathToFileURL } from "node:url";
import { headers, JSON_TYPE, packageVersion } from "../helpers/defaults.js";
import { startRecordingServer, type Arrival } from "../helpers/recording-server.js";

const cli = join(__dirname, "..", "..", "dist", "cli.js");

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  // Synchronous is fine: the CLI sends nothing, so no server of this process waits on it.
  const { status, stdout, stderr } = spawnSync(process.execPath, [cli, ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
    timeout: 240_000,
  });
  return { status, stdout, stderr };
}

/** Runs a command as a user pasting it would: read by bash from its input, not passed as one argument. */
function pasteIntoShell(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const shell = spawn("bash", ["-s"], { stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    shell.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    shell.on("error", reject);
    shell.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`bash exited ${String(code)}: ${stderr}`));
    });
    shell.stdin.end(command);
  });
}

describe("the rest-endpoint CLI", () => {
  test("prints the request options of a route as indented JSON", () => {
    const { status, stdout, stderr } = run("GET /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "state=open");
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toBe(
      `${JSON.stringify({ method: "get", url: "https://api.github.com/repos/octokit/rest.js/issues?state=open", headers: headers() }, null, 2)}\n`,
    );
  });

  test("reads name=value as a string, name:=json as JSON and Header:value as a header field", () => {
    const { status, stdout } = run(
      "POST /repos/{owner}/{repo}/issues",
      "owner=octokit",
      "repo=rest.js",
      "title=a=b:c",
      "milestone:=3",
      'labels:=["bug"]',
      "draft:=null",
      "Authorization: token abc",
      "X-Note:q=1",
    );
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      method: "post",
      url: "https://api.github.com/repos/octokit/rest.js/issues",
      headers: headers({ authorization: "token abc", "x-note": "q=1", ...JSON_TYPE }),
      body: { title: "a=b:c", milestone: 3, labels: ["bug"], draft: null },
    });
  });

  test("--base-url changes the address relative urls join", () => {
    expect(JSON.parse(run("--base-url", "https://ghe.example/api/v3", "GET /user").stdout)).toEqual({
      method: "get",
      url: "https://ghe.example/api/v3/user",
      headers: headers(),
    });
  });

  test("--version prints package.json's version, which both built libraries also carry", () => {
    expect(run("--version")).toEqual({ status: 0, stdout: `${packageVersion}\n`, stderr: "" });
    const dist = join(__dirname, "..", "..", "dist");
    const script = `import(${JSON.stringify(pathToFileURL(join(dist, "index.js")).href)}).then((esm) => {
      const cjs = require(${JSON.stringify(join(dist, "index.cjs"))});
      console.log(JSON.stringify([esm.VERSION, cjs.VERSION, esm.endpoint.DEFAULTS.headers["user-agent"].split(" ")[0]]));
    })`;
    const { stdout } = spawnSync(process.execPath, ["--no-experimental-require-module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(stdout)).toEqual([packageVersion, packageVersion, `rest-endpoint/${packageVersion}`]);
  });

  test("--help prints the usage", () => {
    const { status, stdout } = run("--help");
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: rest-endpoint \[--base-url URL\] \[--format json\|curl\|fetch\] "<METHOD> <URL>" \[ITEM \.\.\.\]/);
  });

  test.each([
    ["a second space", ["GET /x y"], "rest-endpoint: `route` has a second space"],
    ["an item that is no item", ["GET /x", "loose"], 'rest-endpoint: the item "loose" is not name=value, name:=json'],
    ["JSON that is not", ["GET /x", "n:={bad"], 'rest-endpoint: the item "n:={bad" is not valid JSON after ":="'],
    ["a missing parameter", ["GET /repos/{owner}"], "rest-endpoint: `owner` is missing: it fills a path segment"],
    ["no route", [], "rest-endpoint: a route is required"],
    ["an unknown option", ["--nope"], 'rest-endpoint: unknown option "--nope"'],
    [
      "a misspelt option",
      ["--base-ulr", "https://x.example", "GET /x"],
      'rest-endpoint: unknown option "--base-ulr"; did you mean "--base-url"?',
    ],
    ["a misspelt method", ["GTE /zen"], 'rest-endpoint: unknown method "GTE" in "GTE /zen"; did you mean "GET"?'],
    ["a misspelt command", ["version", "diff", "2022-11-28", "2026-03-10"], 'rest-endpoint: "version" is neither a command'],
    [
      "a JSON item nested 60,000 deep",
      ["POST /markdown/raw", `data:=${"[".repeat(60_000)}${"]".repeat(60_000)}`],
      "rest-endpoint: the request options nest too deeply to print",
    ],
    ["control characters in an item", ["GET /x", "a\nb\u001b[2J"], 'rest-endpoint: the item "a\\nb\\u001b[2J" is not name=value'],
    ["ESC in a header value", ["GET /x", "x-a:\u001b[31m"], "rest-endpoint: `options.headers.x-a` holds U+001B"],
  ])("%s prints one line to stderr and exits 2", (_case, args, message) => {
    const { status, stdout, stderr } = run(...args);
    expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
    expect(stderr.startsWith(message)).toBe(true);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("--routes TARGET checks a route against GitHub's description of TARGET", () => {
  const source = "@octokit/openapi 23.0.2";

  test.each([
    [
      ["--routes", "ghes-3.19", "POST /admin/users"],
      [
        `POST /admin/users (ghes-3.19, ${source})`,
        "  https://docs.github.com/enterprise-server@3.19/rest/enterprise-admin/users#create-a-user",
        "  login      body  required  string",
        "  email      body  optional  string",
        "  suspended  body  optional  boolean",
      ],
    ],
    // `:name`, other placeholder names and a left-out {?…} declaration find the same route.
    [
      ["--routes", "api.github.com", "POST https://uploads.github.com/repos/:o/:r/releases/:id/assets"],
      [
        `POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets (api.github.com, ${source})`,
        "  https://docs.github.com/rest/releases/assets#upload-a-release-asset",
        "  owner       path   required  string",
        "  repo        path   required  string",
        "  release_id  path   required  number",
        "  name        query  required  string",
        "  label       query  optional  string",
        "  data        data   optional  unknown",
      ],
    ],
    // A body of several shapes (GitHub's oneOf): their properties merged, nested objects shown as `object`.
    [
      ["--routes", "api.github.com", "PUT /repos/{owner}/{repo}/issues/{issue_number}/labels"],
      [
        `PUT /repos/{owner}/{repo}/issues/{issue_number}/labels (api.github.com, ${source})`,
        "  https://docs.github.com/rest/issues/labels#set-labels-for-an-issue",
        "  owner         path  required  string",
        "  repo          path  required  string",
        "  issue_number  path  required  number",
        "  labels        body  optional  readonly string[] | readonly object[]",
      ],
    ],
    // A URL alone means GET, as for a call.
    [
      ["--routes", "ghec", "/zen"],
      [
        `GET /zen (ghec, ${source})`,
        "  https://docs.github.com/enterprise-cloud@latest/rest/meta/meta#get-the-zen-of-github",
        "  no parameters",
      ],
    ],
    [
      ["--routes", "ghec", "GET /zen"],
      [
        `GET /zen (ghec, ${source})`,
        "  https://docs.github.com/enterprise-cloud@latest/rest/meta/meta#get-the-zen-of-github",
        "  no parameters",
      ],
    ],
  ])("%j lists the route's parameters", (args, lines) => {
    expect(run(...args)).toEqual({ status: 0, stdout: `${lines.join("\n")}\n`, stderr: "" });
  });

  test("without a route it lists every route of the target, one per line", () => {
    const { status, stdout } = run("--routes", "api.github.com");
    const routes = stdout.trimEnd().split("\n");
    const listed = Object.keys(
      (JSON.parse(readFileSync(join(__dirname, "..", "..", "dist", "routes", "api.github.com.json"), "utf8")) as { routes: object }).routes,
    );
    expect([status, routes]).toEqual([0, listed]);
    expect(routes[0]).toBe("GET /");
  });

  test.each([
    [
      ["--routes", "api.github.com", "POST /admin/users"],
      `rest-endpoint: "POST /admin/users" is not a route of api.github.com (${source})`,
    ],
    [
      ["--routes", "ghes-3.19", "POST /repos/{owner}/{repo}/releases/{release_id}/assets"],
      `rest-endpoint: "POST /repos/{owner}/{repo}/releases/{release_id}/assets" is not a route of ghes-3.19 (${source}); it has ` +
        '"GET /repos/{owner}/{repo}/releases/{release_id}/assets", "POST {origin}/api/uploads/repos/{owner}/{repo}/releases/{release_id}/assets"',
    ],
    [
      ["--routes", "../package"],
      'rest-endpoint: --routes must be one of api.github.com, api.github.com.2022-11-28, api.github.com.2026-03-10, ghec, ghec.2022-11-28, ghec.2026-03-10, ghes-3.17, ghes-3.17.2022-11-28, ghes-3.18, ghes-3.18.2022-11-28, ghes-3.19, ghes-3.19.2022-11-28 or a FILE.d.ts, FILE.ts or LISTING.json that generate wrote; received "../package"',
    ],
    [["--routes", "ghec", "GET /zen", "x=1"], `rest-endpoint: --routes lists a route's parameters and takes no items; received "x=1"`],
    // endpoint()'s route grammar (parseRoute): two spaces are refused, a method alone is its root.
    [
      ["--routes", "ghec", "GET  /zen"],
      'rest-endpoint: `route` has a second space; received "GET  /zen" (string). See docs/errors.md#invalid_route',
    ],
    [["--routes", "ghec", "POST"], `rest-endpoint: "POST" is not a route of ghec (${source}); it has "GET /"`],
  ])("%j prints one line to stderr and exits 2", (args, message) => {
    expect(run(...args)).toEqual({ status: 2, stdout: "", stderr: `${message}\n` });
  });
});

describe("--format curl and --format fetch print commands that send the same request", () => {
  const hex = (text: string): string => Buffer.from(text).toString("hex");
  const summary = (arrival: Arrival) => ({
    method: arrival.method,
    target: arrival.target,
    body: arrival.body,
    accept: arrival.headers.accept,
    authorization: arrival.headers.authorization,
    contentType: arrival.headers["content-type"],
    contentLength: arrival.headers["content-length"],
  });
  const calls: [string[], ReturnType<typeof summary>][] = [
    [
      ["GET /search/issues", "q=repo:octokit/rest.js is:open", "per_page:=2", "authorization:token it's $HOME"],
      {
        method: "GET",
        target: "/search/issues?q=repo%3Aoctokit%2Frest.js%20is%3Aopen&per_page=2",
        body: "",
        accept: "application/vnd.github.v3+json",
        authorization: "token it's $HOME",
        contentType: undefined,
        contentLength: undefined,
      },
    ],
    [
      ["POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", 'title="quoted" `tick` \\ $(x)', 'labels:=["a b"]'],
      {
        method: "POST",
        target: "/repos/o/r/issues",
        body: hex(JSON.stringify({ title: '"quoted" `tick` \\ $(x)', labels: ["a b"] })),
        accept: "application/vnd.github.v3+json",
        authorization: undefined,
        contentType: "application/json; charset=utf-8",
        contentLength: String(JSON.stringify({ title: '"quoted" `tick` \\ $(x)', labels: ["a b"] }).length),
      },
    ],
    [
      ["PUT /user/starred/{owner}/{repo}", "owner=o", "repo=r"],
      {
        method: "PUT",
        target: "/user/starred/o/r",
        body: "",
        accept: "application/vnd.github.v3+json",
        authorization: undefined,
        contentType: undefined,
        contentLength: "0",
      },
    ],
  ];

  test.each(calls)("%j", async (given, expected) => {
    // The local server's URL is another API's for --base-url (createEndpoint: no GitHub accept), and
    // fetch, as curl, would add its own `*/*`: the call gives GitHub's accept as a header item.
    const args = [...given, "accept:application/vnd.github.v3+json"];
    const server = await startRecordingServer();
    try {
      const curl = run("--base-url", server.url, "--format", "curl", ...args);
      expect(curl.status).toBe(0);
      // Run as a user would paste it: by a real shell, so that the quoting itself is tested.
      expect(curl.stdout.startsWith("curl ")).toBe(true);
      await promisify(execFile)("bash", ["-c", curl.stdout]);

      const snippet = run("--base-url", server.url, "--format", "fetch", ...args);
      const file = join(__dirname, "..", "..", ".tmp", `snippet-${process.pid}.mjs`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, snippet.stdout);
      const { stdout } = await promisify(execFile)(process.execPath, [file]);
      rmSync(file);
      expect(stdout).toBe('200 {"ok":true}\n');
    } finally {
      await server.close();
    }
    expect(server.arrivals.map(summary)).toEqual([expected, expected]);
  });

  /**
   * What the request options say reaches the server, as the server receives it: method, request
   * target, every header field (curl adds only `host` and `content-length`), and the body's bytes.
   */
  test.each([
    ["a body that begins with @ (curl would read a file)", ["POST /markdown/raw", 'data:="@octocat thanks!"', "content-type:text/plain"]],
    ["[ and ] in the url (curl globs)", ["GET /a[1-2]/{+b}", "b=c[0-9]", "q=x"]],
    ["an empty header value (curl drops 'name: ')", ["GET /x", "x-empty:", "x-space: a  b"]],
    ["a text body without a content-type (curl would add a form type)", ["POST /x", "data=a=1&b=2"]],
    ["quotes, dollars and backslashes", ["PATCH /x", "title='it''s' \"$HOME\" \\ `x`", "authorization:token it's $HOME"]],
    ["an empty PUT", ["PUT /user/starred/o/r"]],
    ["HEAD", ["HEAD /x", "a=1"]],
    [
      "a body of 1.1 MB, piped (no argument may be that long; curl would wait for 100-continue)",
      ["POST /x", ...Array.from({ length: 10 }, (_, i) => `k${i}=it's ${"x$ ".repeat(36_000)}`)],
    ],
  ])("--format curl sends exactly the printed options: %s", async (_case, args) => {
    const server = await startRecordingServer();
    let options: { method: string; url: string; headers: Record<string, string>; body?: unknown };
    try {
      const json = run("--base-url", server.url, ...args);
      expect(json.status).toBe(0);
      options = JSON.parse(json.stdout) as typeof options;
      const curl = run("--base-url", server.url, "--format", "curl", ...args);
      expect(curl.status).toBe(0);
      expect(curl.stdout).not.toMatch(/\\[:?=]/); // quoted as whole words, not a backslash per character
      await pasteIntoShell(curl.stdout);
    } finally {
      await server.close();
    }
    const body = options.body === undefined ? "" : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    const { host, "content-length": length, ...received } = server.arrivals[0]!.headers;
    expect(server.arrivals).toHaveLength(1);
    expect({
      method: server.arrivals[0]!.method,
      target: server.arrivals[0]!.target,
      headers: received,
      body: server.arrivals[0]!.body,
    }).toEqual({
      method: options.method.toUpperCase(),
      target: options.url.slice(server.url.length),
      headers: options.headers,
      body: hex(body),
    });
    expect([host, length]).toEqual([
      server.url.slice("http://".length),
      options.body === undefined ? undefined : String(Buffer.byteLength(body)),
    ]);
  });

  test.each([
    [
      ["POST /x", "a=1", "content-length:1"],
      "`headers.content-length` must be the body's 9 bytes or be left out (the client counts them); received a string of 1 characters, not shown. See docs/errors.md#invalid_header_value",
    ],
    [
      ["GET /x", "content-length:5"],
      "`headers.content-length` must be the body's 0 bytes or be left out (the client counts them); received a string of 1 characters, not shown. See docs/errors.md#invalid_header_value",
    ],
    [
      ["POST /x", "a=1", "Transfer-Encoding:gzip"],
      "`headers.transfer-encoding` is the client's framing (RFC 9112 section 6.1), not the request's, and must be left out; received a string of 4 characters, not shown. See docs/errors.md#invalid_header_value",
    ],
    [["POST /x", "data:=null"], "`data` cannot be sent by {format}; received null. See docs/errors.md#invalid_options"],
  ])("--format curl and fetch refuse a framing the body does not have, as the converters do: %j", (args, message) => {
    for (const format of ["curl", "fetch"]) {
      expect(run("--format", format, ...args)).toEqual({
        status: 2,
        stdout: "",
        stderr: `rest-endpoint: ${message.replace("{format}", format)}\n`,
      });
    }
  });

  test("--format curl refuses a body holding NUL, which no shell word can carry", () => {
    expect(run("--format", "curl", "POST /x", 'data:="a\\u0000b\\u0000c"')).toEqual({
      status: 2,
      stdout: "",
      stderr:
        "rest-endpoint: the body holds NUL (U+0000), which no shell word can carry (curl would send it cut short); use --format fetch\n",
    });
    // A NUL inside a JSON body is escaped by JSON (\u0000), so that body is printable.
    expect(run("--format", "curl", "POST /x", 'a:="b\\u0000c"').status).toBe(0);
  });

  test("--format fetch sends a body holding NUL byte for byte", async () => {
    const server = await startRecordingServer();
    const file = join(__dirname, "..", "..", ".tmp", `nul-${process.pid}.mjs`);
    try {
      const snippet = run("--base-url", server.url, "--format", "fetch", "POST /x", 'data:="a\\u0000b\\u0000c"');
      expect(snippet.status).toBe(0);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, snippet.stdout);
      await promisify(execFile)(process.execPath, [file]);
    } finally {
      rmSync(file, { force: true });
      await server.close();
    }
    expect(server.arrivals.map(({ body, headers: received }) => [body, received["content-length"]])).toEqual([["6100620063", "5"]]);
  });

  test("--format curl with the body's own content-length sends it once, with that body", async () => {
    const server = await startRecordingServer();
    try {
      const curl = run("--base-url", server.url, "--format", "curl", "POST /x", "a=1", "Content-Length:9");
      expect(curl.status).toBe(0);
      await pasteIntoShell(curl.stdout);
    } finally {
      await server.close();
    }
    expect(
      server.arrivals.map(({ body, headers: received, fieldNames }) => [
        Buffer.from(body, "hex").toString(),
        received["content-length"],
        fieldNames.filter((name) => name === "content-length" || name === "transfer-encoding"),
      ]),
    ).toEqual([['{"a":"1"}', "9", ["content-length"]]]);
  });

  test("@file: --format curl (--data-binary @file) and --format fetch send the file's bytes as they are", async () => {
    // Every byte value, NUL and bytes that are no UTF-8 included (data=@file refused them as not UTF-8).
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const tmp = join(__dirname, "..", "..", ".tmp");
    mkdirSync(tmp, { recursive: true });
    const asset = join(tmp, `asset-${process.pid}.bin`);
    const file = join(tmp, `asset-${process.pid}.mjs`);
    writeFileSync(asset, bytes);
    const server = await startRecordingServer();
    const args = ["POST /repos/o/r/releases/1/assets{?name}", "name=asset.bin", "content-type:application/octet-stream", `@${asset}`];
    try {
      const curl = run("--base-url", server.url, "--format", "curl", ...args);
      expect(curl.status).toBe(0);
      expect(curl.stdout).toContain(`--data-binary @${asset}`);
      await pasteIntoShell(curl.stdout);
      const snippet = run("--base-url", server.url, "--format", "fetch", ...args);
      expect(snippet.status).toBe(0);
      writeFileSync(file, snippet.stdout);
      await promisify(execFile)(process.execPath, [file]);
    } finally {
      rmSync(file, { force: true });
      rmSync(asset, { force: true });
      await server.close();
    }
    const expected = {
      method: "POST",
      target: "/repos/o/r/releases/1/assets?name=asset.bin",
      body: Buffer.from(bytes).toString("hex"),
      contentType: "application/octet-stream",
      contentLength: "256",
    };
    expect(
      server.arrivals.map(({ method, target, body, headers: received }) => ({
        method,
        target,
        body,
        contentType: received["content-type"],
        contentLength: received["content-length"],
      })),
    ).toEqual([expected, expected]);
  });

  test("an unknown format is a usage error", () => {
    expect(run("--format", "xml", "GET /")).toEqual({
      status: 2,
      stdout: "",
      stderr: 'rest-endpoint: --format must be json, curl or fetch; received "xml"\n',
    });
  });
});

describe("a file item never waits on a pipe nor reads a device without end: one line, exit 2, in a child process", () => {
  const tmp = join(__dirname, "..", "..", ".tmp");
  const fifo = join(tmp, `fifo-${process.pid}`);
  beforeAll(() => {
    mkdirSync(tmp, { recursive: true });
    rmSync(fifo, { force: true });
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
  });
  afterAll(() => {
    rmSync(fifo, { force: true });
  });

  // Both hung on the old code (readFileSync): a FIFO without a writer waits in open(2), /dev/zero never ends.
  test.each([
    ["a FIFO no one writes to", () => fifo],
    ["/dev/zero", () => "/dev/zero"],
  ])("%s", (_case, path) => {
    for (const item of [`data=@${path()}`, `@${path()}`]) {
      const started = Date.now();
      const { status, stdout, stderr } = spawnSync(process.execPath, [cli, "POST /x", item], { encoding: "utf8", timeout: 60_000 });
      expect({ status, stdout, stderr }).toEqual({
        status: 2,
        stdout: "",
        stderr: `rest-endpoint: the item ${JSON.stringify(item)} reads ${JSON.stringify(path())}, which is not a regular file (a pipe, a device or a directory); a file item reads a regular file of at most 64 MiB\n`,
      });
      expect(Date.now() - started).toBeLessThan(30_000);
    }
  });
});

test("the built CLI is executable, as npx runs it directly", () => {
  const { status, stdout } = spawnSync(cli, ["--version"], { encoding: "utf8" });
  expect({ status, stdout }).toEqual({ status: 0, stdout: `${packageVersion}\n` });
});
