import { linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { main } from "../../lib/cli/main.js";
import { endpoint, VERSION } from "../../lib/index.js";
import { FILE_LIMIT } from "../../lib/cli/items.js";
import { FORMATS } from "../../lib/cli/output.js";
import { USAGE } from "../../lib/cli/usage.js";

// The CLI in process (lib/cli/main.ts, what the bin lib/cli/index.ts runs): every line of it is in
// coverage. cli.test.ts runs the built bin in child processes against GitHub's own listings.
const dir = join(tmpdir(), `rest-endpoint-cli-${process.pid}`);
const routes = pathToFileURL(join(dir, "routes") + "/");
const at = (file: string): string => join(dir, file);

/** A GitHub-like target `t`, unversioned and in two API versions, in the form the build writes. */
const listings = {
  "t.json": {
    source: "fixture 1.0",
    docs: "https://docs.example/rest/",
    routes: {
      "GET /a/{id}": ["a#get", ["id", "path", "string", 1], ["q", "query", "number", 0]],
      "POST /b": ["b#create", ["title", "body", "string", 1]],
      "DELETE /c": [""],
      "GET /d": ["https://elsewhere.example/d"],
      // No call could name it: listed, escaped, and matched by nothing.
      "GET \u001b[2J/e": [""],
    },
  },
  "t.2022-11-28.json": { base: "t", removed: [], changes: [], source: "fixture 1.0", docs: "https://docs.example/rest/", routes: {} },
  "t.2026-03-10.json": {
    base: "t",
    removed: ["DELETE /c"],
    changes: [
      { cites: "DELETE /c is removed", removeRoutes: ["DELETE /c"] },
      { cites: "title is optional; labels", routes: ["POST /b"] },
      { cites: "PUT /e is added", routes: ["PUT /e"] },
    ],
    source: "fixture 1.0",
    docs: "https://docs.example/rest/",
    routes: {
      "POST /b": ["b#create", ["title", "body", "number", 0], ["labels", "body", "string[]", 0]],
      "PUT /e": ["e"],
    },
  },
};

/** A small OpenAPI description: one path parameter, one query parameter, one JSON body. */
const description = {
  openapi: "3.0.3",
  info: { title: "Things", version: "1.2" },
  servers: [{ url: "https://things.example/v1" }],
  paths: {
    "/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "fields", in: "query", schema: { type: "array", items: { type: "string" } } },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
    "/things": {
      post: {
        operationId: "createThing",
        requestBody: { content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } } },
        responses: { "201": { description: "created" } },
      },
    },
  },
};

beforeAll(() => {
  mkdirSync(join(dir, "routes"), { recursive: true });
  for (const [file, listing] of Object.entries(listings)) writeFileSync(join(dir, "routes", file), JSON.stringify(listing));
  writeFileSync(at("things.json"), JSON.stringify(description));
  writeFileSync(at("notes.md"), "line 1\nline 2 = \u00e9\n");
  writeFileSync(at("labels.json"), '["bug", "ui"]');
  writeFileSync(at("big.json"), '{"id": 12345678901234567890}');
  writeFileSync(at("bad.json"), "{bad");
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI in process: exit status, and what it wrote to stdout and stderr. */
async function cli(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const status = await main(args, { out: (text) => (stdout += `${text}\n`), err: (text) => (stderr += `${text}\n`), routes });
  return { status, stdout, stderr };
}
const printed = (options: unknown) => ({ status: 0, stdout: `${JSON.stringify(options, null, 2)}\n`, stderr: "" });
const refused = (message: string) => ({ status: 2, stdout: "", stderr: `rest-endpoint: ${message}\n` });

describe("a route and its items give endpoint()'s request options", () => {
  test.each([
    [
      "string, JSON and header items",
      ["POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=a=b:c", "n:=3", "X-A: b"],
      endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "a=b:c", n: 3, headers: { "X-A": "b" } }),
    ],
    ["a method alone, as endpoint() reads it", ["POST"], endpoint("POST" as "POST /")],
    ["a URL alone, as endpoint() reads it", ["/zen"], endpoint("/zen")],
    ["a lower-case method", ["delete /x"], endpoint("delete /x")],
    ["QUERY", ["QUERY /search"], endpoint("QUERY /search" as "GET /search")],
  ])("%s", async (_case, args, options) => {
    expect(await cli(...args)).toEqual(printed(options));
  });

  test("name==value goes before the route's fragment, where a `?` begins no query", async () => {
    expect(await cli("POST /x#a?b", "sort==created", "title=t")).toEqual(
      printed(endpoint("POST /x{?sort}#a?b", { sort: "created", title: "t" })),
    );
    expect(await cli("POST /x?a=1#f", "sort==created")).toEqual(printed(endpoint("POST /x?a=1{&sort}#f", { sort: "created" })));
  });

  test("name=@file is the file's text and name:=@file its JSON, as HTTPie reads them", async () => {
    expect(await cli("POST /x", `body=@${at("notes.md")}`, `labels:=@${at("labels.json")}`)).toEqual(
      printed(endpoint("POST /x", { body: "line 1\nline 2 = \u00e9\n", labels: ["bug", "ui"] })),
    );
  });

  test("name==value goes to the query whatever the method, after a query the route has", async () => {
    expect(await cli("POST /x?a=1", "sort==created", "title=t")).toEqual(
      printed(endpoint("POST /x?a=1{&sort}", { sort: "created", title: "t" })),
    );
  });

  // The maps' upload route went to uploads.github.com under a GHES --base-url, with the call's token
  // (a fresh user's review): --base-url takes a target as docs/github-enterprise.md says.
  const upload = [
    "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
    "owner=o",
    "repo=r",
    "release_id:=1",
    "name=a.txt",
    "data=x",
  ];
  test.each([
    [
      "a GHES API is that instance: uploads under /api/uploads",
      "https://ghe.example/api/v3",
      "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.txt",
    ],
    [
      "with a port and a trailing /",
      "http://127.0.0.1:8080/api/v3/",
      "http://127.0.0.1:8080/api/uploads/repos/o/r/releases/1/assets?name=a.txt",
    ],
    [
      "a GHE.com API is gheCom(subdomain)",
      "https://api.octocorp.ghe.com",
      "https://uploads.octocorp.ghe.com/repos/o/r/releases/1/assets?name=a.txt",
    ],
    [
      "a GHE.com API written with its default port and a trailing / is gheCom(subdomain): the URL is parsed",
      "https://API.octocorp.ghe.com:443/",
      "https://uploads.octocorp.ghe.com/repos/o/r/releases/1/assets?name=a.txt",
    ],
  ])("--base-url: %s", async (_case, baseUrl, url) => {
    const { status, stdout } = await cli("--base-url", baseUrl, ...upload);
    expect([status, (JSON.parse(stdout) as { url: string }).url]).toEqual([0, url]);
    expect(JSON.parse((await cli("--base-url", baseUrl, "GET /user")).stdout)).toMatchObject({
      url: `${new URL(baseUrl).href.replace(/\/$/, "").replace(":443", "")}/user`,
    });
  });

  test("--base-url: any other URL is another API's, createEndpoint({ baseUrl }): path=a/b encoded, no GitHub accept (issue 46)", async () => {
    const { status, stdout } = await cli(
      "--base-url",
      "https://api.example.com/v1",
      "GET /repos/{owner}/{repo}/contents/{path}",
      "owner=o",
      "repo=r",
      "path=a/b",
    );
    expect([status, JSON.parse(stdout)]).toEqual([
      0,
      {
        method: "get",
        url: "https://api.example.com/v1/repos/o/r/contents/a%2Fb",
        headers: { "user-agent": expect.stringMatching(/^rest-endpoint\//) as unknown },
      },
    ]);
  });

  test("--base-url with a GHES API: the maps' {origin} routes called without origin go to the instance, as under ghes()", async () => {
    const route = "POST {origin}/api/uploads/repos/{owner}/{repo}/releases/{release_id}/assets{?name}";
    const { stdout } = await cli(
      "--base-url",
      "https://ghe.example/api/v3",
      route,
      "owner=o",
      "repo=r",
      "release_id:=1",
      "name=a.zip",
      "data=x",
    );
    expect((JSON.parse(stdout) as { url: string }).url).toBe("https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.zip");
    const manage = await cli("--base-url", "https://ghe.example/api/v3", "PUT {origin}/manage/v1/config/license", "data=x");
    expect((JSON.parse(manage.stdout) as { url: string }).url).toBe("https://ghe.example/manage/v1/config/license");
  });

  test("--base-url, and --format curl and fetch", async () => {
    expect(await cli("--base-url", "https://ghe.example/api/v3", "GET /user")).toEqual(
      printed(endpoint("GET /user", { baseUrl: "https://ghe.example/api/v3" })),
    );
    expect((await cli("--format", "curl", "PUT /x", "data=it's")).stdout).toBe(
      `curl --silent --show-error --globoff --request PUT --header 'accept: application/vnd.github.v3+json' --header 'user-agent: ${endpoint.DEFAULTS.headers["user-agent"]}' --header content-type: --data-raw 'it'"'"'s' https://api.github.com/x\n`,
    );
    expect((await cli("--format", "curl", "HEAD /x")).stdout).toMatch(/^curl --silent --show-error --globoff --head --header /);
    expect((await cli("--format", "fetch", "GET /x")).stdout).toBe(
      [
        "// GET https://api.github.com/x",
        'import { toFetch } from "rest-endpoint/clients";',
        "",
        `const options = ${JSON.stringify(endpoint("GET /x"), null, 2)};`,
        "const response = await fetch(...toFetch(options));",
        "console.log(response.status, await response.text());",
        "",
      ].join("\n"),
    );
  });

  test("a body of 100 KiB or more is piped to curl by printf; 1 MiB or more without Expect", async () => {
    const large = (await cli("--format", "curl", "POST /x", `data=${"a".repeat(1024 * 1024)}`)).stdout;
    expect([large.startsWith("printf %s "), large.includes(" | curl "), large.includes("--header expect: --data-binary @-")]).toEqual([
      true,
      true,
      true,
    ]);
    const piped = (await cli("--format", "curl", "POST /x", `data=${"a".repeat(100 * 1024)}`)).stdout;
    expect([piped.startsWith("printf %s "), piped.includes("expect:")]).toEqual([true, false]);
  });

  test("--help and --version", async () => {
    expect(await cli("--help")).toEqual({ status: 0, stdout: `${USAGE}\n`, stderr: "" });
    expect(await cli("--version")).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: "" });
  });
});

describe("usage errors are one line on stderr, exit 2, with a near word where there is one", () => {
  test.each([
    ['"--fromat", "curl", "GET /x"', ["--fromat", "curl", "GET /x"], 'unknown option "--fromat"; did you mean "--format"?'],
    ['"--nope"', ["--nope"], 'unknown option "--nope"'],
    ['"GET /x", "--format"', ["GET /x", "--format"], "--format needs a value"],
    ['"--help=yes"', ["--help=yes"], '--help takes no value; received "yes"'],
    [
      '"--format", "jsn", "GET /x"',
      ["--format", "jsn", "GET /x"],
      '--format must be json, curl or fetch; received "jsn"; did you mean "json"?',
    ],
    ['"--format", "xml", "GET /x"', ["--format", "xml", "GET /x"], '--format must be json, curl or fetch; received "xml"'],
    ['"GTE /zen"', ["GTE /zen"], 'unknown method "GTE" in "GTE /zen"; did you mean "GET"?'],
    ['"PROPFIND /x"', ["PROPFIND /x"], 'unknown method "PROPFIND" in "PROPFIND /x"'],
    ['"GTE"', ["GTE"], 'unknown method "GTE" in "GTE"; did you mean "GET"?'],
    // A route is shown up to its query, as the library's errors show it: a key written there reaches no log.
    ['"GTE /x?key=SEKRET"', ["GTE /x?key=SEKRET"], 'unknown method "GTE" in "GTE /x?…"; did you mean "GET"?'],
    [
      '"--base-url", "api.example.com?key=SEKRET", "GET /x"',
      ["--base-url", "api.example.com?key=SEKRET", "GET /x"],
      '`baseUrl` must be an http(s) URL without query or fragment; received "api.example.com?…" (string). See docs/errors.md#invalid_base_url',
    ],
    [
      '"version", "diff", "a", "b"',
      ["version", "diff", "a", "b"],
      '"version" is neither a command (generate, versions) nor a route ("<METHOD> <URL>"); did you mean "versions"?',
    ],
    ['"zen"', ["zen"], '"zen" is neither a command (generate, versions) nor a route ("<METHOD> <URL>")'],
    ['"versions", "dif", "a", "b"', ["versions", "dif", "a", "b"], 'unknown command "versions dif"; did you mean "versions diff"?'],
    ['"versions", "diff", "a"', ["versions", "diff", "a"], "versions takes diff FROM TO, e.g. versions diff 2022-11-28 2026-03-10"],
    ['"--out", "x.d.ts", "GET /x"', ["--out", "x.d.ts", "GET /x"], "--out goes with generate (see --help)"],
    ['"--target", "ghec", "GET /x"', ["--target", "ghec", "GET /x"], "--target goes with versions (see --help)"],
    ["no arguments", [], 'a route is required, e.g. "GET /repos/{owner}/{repo}/issues" (see --help)'],
    // The route grammar is endpoint()'s own (parseRoute): its errors, word for word.
    ['"GET  /zen"', ["GET  /zen"], '`route` has a second space; received "GET  /zen" (string). See docs/errors.md#invalid_route'],
    ['"G@T /x"', ["G@T /x"], '`route` must be an RFC 9110 token; received "G@T" (string). See docs/errors.md#invalid_method'],
    [
      '"GET /x", "loose"',
      ["GET /x", "loose"],
      'the item "loose" is not name=value, name:=json, name=@file, name:=@file, name==value, Header:value or @file',
    ],
    ['"GET /x", "=v"', ["GET /x", "=v"], 'the item "=v" has no name before "="'],
    ['"GET /x", "a=1", "a:=2"', ["GET /x", "a=1", "a:=2"], 'the item "a:=2" sets "a" again; give each name once'],
    // A header item is shown by its name and length alone, as the library's errors show no header
    // value: an API key goes in a field its API names.
    [
      '"GET /x", "X-A:1", "x-a:2"',
      ["GET /x", "X-A:1", "x-a:2"],
      'the item "x-a…" (of 5 characters, not shown) sets "x-a" again; give each name once',
    ],
    [
      '"GET /x", "X-Api-Key:k1", "x-api-key:k2"',
      ["GET /x", "X-Api-Key:SEKRET1", "x-api-key:SEKRET2"],
      'the item "x-api-key…" (of 17 characters, not shown) sets "x-api-key" again; give each name once',
    ],
    // An item of a field that holds credentials is shown by its name and length alone, as the library's errors show its value.
    [
      '"GET /x", "Authorization token ghp_…" (its ":" left out)',
      ["GET /x", "Authorization token ghp_16C7e42F292c6912E7710c838347Ae178B4a"],
      'the item "Authorization…" (of 60 characters, not shown) is not name=value, name:=json, name=@file, name:=@file, name==value, Header:value or @file',
    ],
    [
      '"GET /x", "Cookie …" (its ":" left out)',
      ["GET /x", "Cookie SEKRETSESSION"],
      'the item "Cookie…" (of 20 characters, not shown) is not name=value, name:=json, name=@file, name:=@file, name==value, Header:value or @file',
    ],
    [
      '"GET /x", "Cookie:a=…", "cookie:b=…"',
      ["GET /x", "Cookie:a=SEKRET", "cookie:b=SEKRET"],
      'the item "cookie…" (of 15 characters, not shown) sets "cookie" again; give each name once',
    ],
    [
      '"GET /x", "proxy-authorization:=[1"',
      ["GET /x", "proxy-authorization:=[1"],
      `the item "proxy-authorization…" (of 23 characters, not shown) is not valid JSON after ":="; write e.g. per_page:=100 or labels:='["bug"]'`,
    ],
    [
      '"GET /x", "n:={bad"',
      ["GET /x", "n:={bad"],
      `the item "n:={bad" is not valid JSON after ":="; write e.g. per_page:=100 or labels:='["bug"]'`,
    ],
    [
      '"GET /x", "id:=12345678901234567890"',
      ["GET /x", "id:=12345678901234567890"],
      'the item "id:=12345678901234567890" holds 12345678901234567890, past 2^53 - 1, which JSON numbers here would round; write it as a string: id=12345678901234567890',
    ],
    [
      '"GET /x", "n:=@/no/such/file.json"',
      ["GET /x", "n:=@/no/such/file.json"],
      'the item "n:=@/no/such/file.json" reads "/no/such/file.json", which cannot be read (ENOENT)',
    ],
    // A query item is the URL's query: shown by its name, as an error shows a URL's query.
    ['"GET /x/{a}", "a==1"', ["GET /x/{a}", "a==1"], 'the query item "a==…" is named like a parameter of the route or another item'],
    ['"GET /x", "b=1", "b==1"', ["GET /x", "b=1", "b==1"], 'the query item "b==…" is named like a parameter of the route or another item'],
    [
      '"GET /x", "api_key==SEKRET", "api_key==SEKRET2"',
      ["GET /x", "api_key==SEKRET", "api_key==SEKRET2"],
      'the item "api_key==…" sets "api_key" again; give each name once',
    ],
    [
      '"GET /x", "a\\nb\\u001b[2J"',
      ["GET /x", "a\nb\u001b[2J"],
      'the item "a\\nb\\u001b[2J" is not name=value, name:=json, name=@file, name:=@file, name==value, Header:value or @file',
    ],
    [
      "a JSON item nested 60,000 deep",
      ["POST /markdown/raw", `data:=${"[".repeat(60_000)}${"]".repeat(60_000)}`],
      "the request options nest too deeply to print",
    ],
    [
      '"--format", "curl", "POST /x", \'data:="a\\\\u0000b"\'',
      ["--format", "curl", "POST /x", 'data:="a\\u0000b"'],
      "the body holds NUL (U+0000), which no shell word can carry (curl would send it cut short); use --format fetch",
    ],
    ['"GET /repos/{owner}"', ["GET /repos/{owner}"], "`owner` is missing: it fills a path segment. See docs/errors.md#missing_parameter"],
  ])("%s", async (_case, args, message) => {
    const { status, stdout, stderr } = await cli(...args);
    expect({ status, stdout, line: stderr.startsWith(`rest-endpoint: ${message}`), lines: stderr.trimEnd().split("\n").length }).toEqual({
      status: 2,
      stdout: "",
      line: true,
      lines: 1,
    });
  });

  test("a file item's JSON is checked as a command line's: not JSON, or an integer JSON would round", async () => {
    expect(await cli("GET /x", `n:=@${at("bad.json")}`)).toEqual(
      refused(`the item ${JSON.stringify(`n:=@${at("bad.json")}`)} reads a file that is not valid JSON`),
    );
    expect((await cli("GET /x", `n:=@${at("big.json")}`)).stderr).toContain("holds 12345678901234567890, past 2^53 - 1");
  });

  test("an error of another kind is a defect, said so on one line", async () => {
    const headers = { toJSON: () => 1 };
    let stderr = "";
    const status = await main(["GET /x"], {
      out: () => {
        throw Object.assign(new Error("disk full\nnow"), { headers });
      },
      err: (text) => (stderr += text),
      routes,
    });
    expect([status, stderr]).toEqual([2, "rest-endpoint: Error: disk full\\nnow (a defect of rest-endpoint: please report it)"]);
    const thrown = await main(["GET /x"], {
      out: () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- what is tested: a thrown value that is no Error
        throw "text";
      },
      err: (text) => (stderr = text),
      routes,
    });
    expect([thrown, stderr]).toEqual([2, "rest-endpoint: Error: text (a defect of rest-endpoint: please report it)"]);
  });
});

describe("--routes lists a target's routes or one route's parameters", () => {
  test("every route of a target, one a line, control characters escaped", async () => {
    expect(await cli("--routes", "t")).toEqual({
      status: 0,
      stdout: "GET /a/{id}\nPOST /b\nDELETE /c\nGET /d\nGET \\u001b[2J/e\n",
      stderr: "",
    });
  });

  test.each([
    [
      ["GET /a/:x"],
      [
        "GET /a/{id} (t, fixture 1.0)",
        "  https://docs.example/rest/a#get",
        "  id  path   required  string",
        "  q   query  optional  number",
      ],
    ],
    // A route written with its query (an operation is its method and path): the same route.
    [
      ["GET /a/{i}?q=1"],
      [
        "GET /a/{id} (t, fixture 1.0)",
        "  https://docs.example/rest/a#get",
        "  id  path   required  string",
        "  q   query  optional  number",
      ],
    ],
    [
      ["/a/{i}{?q}"],
      [
        "GET /a/{id} (t, fixture 1.0)",
        "  https://docs.example/rest/a#get",
        "  id  path   required  string",
        "  q   query  optional  number",
      ],
    ],
    [["delete /c"], ["DELETE /c (t, fixture 1.0)", "  no parameters"]],
    [["GET /d"], ["GET /d (t, fixture 1.0)", "  https://elsewhere.example/d", "  no parameters"]],
  ])("%j", async ([route], lines) => {
    expect(await cli("--routes", "t", route!)).toEqual({ status: 0, stdout: `${lines.join("\n")}\n`, stderr: "" });
  });

  test.each([
    [["--routes", "t", "PUT /a/{id}"], '"PUT /a/{id}" is not a route of t (fixture 1.0); it has "GET /a/{id}"'],
    [["--routes", "t", "GET /z"], '"GET /z" is not a route of t (fixture 1.0)'],
    [["--routes", "t", "GET /z?key=SEKRET"], '"GET /z?…" is not a route of t (fixture 1.0)'],
    [["--routes", "t", "GTE /a/{id}"], 'unknown method "GTE" in "GTE /a/{id}"; did you mean "GET"?'],
    [["--routes", "t", "GET  /a"], '`route` has a second space; received "GET  /a" (string). See docs/errors.md#invalid_route'],
    [["--routes", "t", "GET /b", "x=1"], `--routes lists a route's parameters and takes no items; received "x=1"`],
    [
      ["--routes", "../t"],
      '--routes must be one of t, t.2022-11-28, t.2026-03-10 or a FILE.d.ts, FILE.ts or LISTING.json that generate wrote; received "../t"',
    ],
  ])("%j is refused", async (args, message) => {
    expect(await cli(...args)).toEqual(refused(message));
  });
});

describe("versions diff FROM TO: the request-side changes between two API versions", () => {
  test("all routes, and the routes given", async () => {
    expect(await cli("versions", "diff", "2022-11-28", "2026-03-10", "--target", "t")).toEqual({
      status: 0,
      stdout: [
        "t 2022-11-28 -> 2026-03-10: 4 request-side changes",
        "POST /b: title (body) string required -> number",
        "POST /b: labels (body) added",
        "DELETE /c: route removed",
        "PUT /e: route added",
        "",
        "From GitHub's CHANGELOG:",
        "- DELETE /c is removed",
        "- title is optional; labels",
        "- PUT /e is added",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect((await cli("versions", "diff", "2026-03-10", "2022-11-28", "--target", "t", "POST /b")).stdout).toBe(
      [
        "t 2026-03-10 -> 2022-11-28: 2 request-side changes",
        "POST /b: title (body) number -> string required",
        "POST /b: labels (body) removed",
        "",
      ].join("\n"),
    );
    expect((await cli("versions", "diff", "2022-11-28", "2022-11-28", "--target", "t", "/a/{id}")).stdout).toBe(
      "t 2022-11-28 -> 2022-11-28: 0 request-side changes\n",
    );
    expect((await cli("versions", "diff", "2022-11-28", "2026-03-10", "--target", "t", "PUT /e")).stdout).toBe(
      [
        "t 2022-11-28 -> 2026-03-10: 1 request-side change",
        "PUT /e: route added",
        "",
        "From GitHub's CHANGELOG:",
        "- PUT /e is added",
        "",
      ].join("\n"),
    );
  });

  test.each([
    [["versions", "diff", "a", "b", "--target", "nope"], '--target must be a GitHub target, such as api.github.com; received "nope"'],
    [
      ["versions", "diff", "2022-11-28", "2030-01-01", "--target", "t"],
      't serves API versions 2022-11-28, 2026-03-10; received "2030-01-01"',
    ],
    [
      ["versions", "diff", "2022-11-28", "2026-03-10", "--target", "t", "GET /z"],
      '"GET /z" is a route of neither t.2022-11-28 nor t.2026-03-10',
    ],
    [
      ["versions", "diff", "2022-11-28", "2026-03-10", "--target", "t", "GET /z?key=SEKRET"],
      '"GET /z?…" is a route of neither t.2022-11-28 nor t.2026-03-10',
    ],
    [["versions", "diff", "2022-11-28", "2026-03-10", "--target", "t", "GTE /z"], 'unknown method "GTE" in "GTE /z"; did you mean "GET"?'],
  ])("%j is refused", async (args, message) => {
    expect(await cli(...args)).toEqual(refused(message));
  });
});

describe("generate writes a description's map, queries and listing, never over a file it read", () => {
  test("FILE.d.ts with FILE.js and FILE.json, which --routes then reads; FILE.ts alone", async () => {
    expect(await cli("generate", at("things.json"), "--out", at("api.d.ts"))).toEqual({
      status: 0,
      stdout: `${at("api.d.ts")}: 2 operations of Things 1.2, baseUrl https://things.example/v1\n`,
      stderr: "",
    });
    expect(readFileSync(at("api.d.ts"), "utf8")).toContain("export interface Routes");
    expect(await cli("--routes", at("api.d.ts"), "GET /things/{id}")).toEqual({
      status: 0,
      stdout: `GET /things/{id} (${at("api.d.ts")}, Things 1.2)\n  id      path   required  string\n  fields  query  optional  readonly string[]\n`,
      stderr: "",
    });
    // Again over its own files: they begin with its marker.
    expect((await cli("generate", at("things.json"), "--out", at("api.d.ts"))).status).toBe(0);
    expect((await cli("generate", at("things.json"), "--out", at("one.ts"))).status).toBe(0);
    expect((await cli("--routes", at("one.ts"))).stdout).toBe("GET /things/{id}\nPOST /things\n");
  });

  test("over a file generate did not write only with --force", async () => {
    writeFileSync(at("mine.js"), "// mine\n");
    expect(await cli("generate", at("things.json"), "--out", at("mine.d.ts"))).toEqual(
      refused(`--out ${at("mine.d.ts")} would write over ${at("mine.js")}, which generate did not write; give --force to replace it`),
    );
    expect(readFileSync(at("mine.js"), "utf8")).toBe("// mine\n");
    expect((await cli("generate", at("things.json"), "--out", at("mine.d.ts"), "--force")).status).toBe(0);
  });

  // Issue 36, item 10: paths were compared, so a hard link to the description was written over.
  test.each([
    ["the description itself", (): string => at("things.json")],
    [
      "a hard link to it",
      (): string => {
        rmSync(at("hard.json"), { force: true });
        linkSync(at("things.json"), at("hard.json"));
        return at("hard.json");
      },
    ],
    [
      "a symbolic link to it",
      (): string => {
        rmSync(at("soft.json"), { force: true });
        symlinkSync(at("things.json"), at("soft.json"));
        return at("soft.json");
      },
    ],
  ])("never over %s, even with --force", async (_case, make) => {
    const listing = make();
    const out = listing.replace(/\.json$/, ".d.ts");
    expect(await cli("generate", at("things.json"), "--out", out, "--force")).toEqual(
      refused(
        `--out ${out} would write over ${listing}, which the description is read from; name the listing with --listing, e.g. --listing ${listing.replace(/\.json$/, ".routes.json")}`,
      ),
    );
    expect(JSON.parse(readFileSync(at("things.json"), "utf8"))).toEqual(description);
  });

  // Issue 47, item 3: `generate src/x.json --out src/x.ts` was refused, with no way to name the listing.
  test("--listing names the listing, so that a description beside its map is mapped; --routes reads it", async () => {
    rmSync(at("things.routes.json"), { force: true });
    expect(await cli("generate", at("things.json"), "--out", at("things.ts"), "--listing", at("things.routes.json"))).toEqual({
      status: 0,
      stdout: `${at("things.ts")}: 2 operations of Things 1.2, baseUrl https://things.example/v1\n`,
      stderr: "",
    });
    expect(JSON.parse(readFileSync(at("things.json"), "utf8"))).toEqual(description);
    expect((await cli("--routes", at("things.routes.json"))).stdout).toBe("GET /things/{id}\nPOST /things\n");
    // The description named as the listing is refused still, by any name.
    expect(await cli("generate", at("things.json"), "--out", at("things.ts"), "--listing", at("things.json"), "--force")).toEqual(
      refused(`--out ${at("things.ts")} would write over ${at("things.json")}, which the description is read from`),
    );
    expect((await cli("--routes", at("missing.json"))).stderr).toMatch(
      new RegExp(`^rest-endpoint: --routes ${at("missing.json")}: cannot read ${at("missing.json")} \\(ENOENT`),
    );
  });

  // Issue 47, item 2: one unusable part (Notion's header parameter named "", codat's schema whose
  // `type` is an object) refused the whole description.
  test("without --strict, unusable parts are left out, each named on one stderr line and in the listing; --strict refuses", async () => {
    const bad = { type: { not: "a type" } };
    writeFileSync(
      at("partly.json"),
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "Partly", version: "1" },
        paths: {
          "/ok": { get: { parameters: [{ name: "q", in: "query", schema: { type: "string" } }] } },
          "/pages": {
            post: {
              parameters: [
                { name: "", in: "header", schema: { type: "string" } },
                { name: "Notion-Version", in: "header", schema: { type: "string" } },
              ],
            },
          },
          "/companies": {
            post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Bad" } }, "text/plain": {} } } },
          },
          "/search": { get: { parameters: [{ name: "filter", in: "query", schema: { $ref: "#/components/schemas/Bad" } }] } },
          "/broken": { get: "not an operation", put: {} },
        },
        components: { schemas: { Bad: bad } },
      }),
    );
    rmSync(at("partly-api.d.ts"), { force: true });
    const pointers = [
      [
        "/paths/~1pages/post/parameters/0",
        "a parameter",
        '/paths/~1pages/post/parameters/0/name: must be a header field name, an RFC 9110 token (section 5.1); received ""',
      ],
      [
        "/paths/~1companies/post/requestBody/content/application~1json",
        "a media type",
        "/components/schemas/Bad/type: must be an array; received an object",
      ],
      ["/paths/~1search/get/parameters/0", "a parameter", "/components/schemas/Bad/type: must be an array; received an object"],
      ["/paths/~1broken/get", "an operation", '/paths/~1broken/get: must be an object; received "not an operation"'],
    ].map(([part, kind, problem]) => `left out ${at("partly.json")}#${part} (${kind}): ${at("partly.json")}#${problem}`);
    expect(await cli("generate", at("partly.json"), "--out", at("partly-api.d.ts"))).toEqual({
      status: 0,
      stdout: `${at("partly-api.d.ts")}: 5 operations of Partly 1 (4 parts left out)\n`,
      stderr: pointers.map((line) => `rest-endpoint: ${line}\n`).join(""),
    });
    const written = JSON.parse(readFileSync(at("partly-api.json"), "utf8")) as {
      routes: object;
      leftOut: string[];
    };
    expect(written.leftOut).toEqual(pointers);
    expect(Object.keys(written.routes)).toEqual(["GET /ok", "POST /pages", "POST /companies", "GET /search", "PUT /broken"]);
    expect((await cli("--routes", at("partly-api.d.ts"), "POST /pages")).stdout).toContain("Notion-Version  header");
    expect(readFileSync(at("partly-api.d.ts"), "utf8")).toContain('"POST /companies": {\n    data?: unknown;');
    // --strict: the first, as before.
    expect(await cli("generate", at("partly.json"), "--out", at("partly-api.d.ts"), "--strict")).toEqual(
      refused(
        `${at("partly.json")}#/paths/~1pages/post/parameters/0/name: must be a header field name, an RFC 9110 token (section 5.1); received ""`,
      ),
    );
  });

  test.each([
    [["generate", "x.yaml"], "generate needs a description and --out FILE.d.ts or FILE.ts, e.g. generate openapi.yaml --out api.d.ts"],
    [["generate", "x.yaml", "--out", "x.js"], '--out must end in .d.ts or .ts (the map is TypeScript); received "x.js"'],
    [["generate", "x.yaml", "--out", "x.txt"], '--out must end in .d.ts or .ts (the map is TypeScript); received "x.txt"'],
    [["generate", "a.yaml", "b.yaml", "--out", "x.d.ts"], 'generate takes one description; received also "b.yaml"'],
    [["generate", "x.yaml", "--out", "x.ts", "--listing", "x.txt"], '--listing must end in .json (the listing is JSON); received "x.txt"'],
    [["--listing", "x.json", "GET /x"], "--listing goes with generate (see --help)"],
  ])("%j is refused", async (args, message) => {
    expect(await cli(...args)).toEqual(refused(message));
  });

  test("an output that cannot be written, or stat'ed, is refused on one line", async () => {
    mkdirSync(at("folder.json"), { recursive: true });
    expect((await cli("generate", at("things.json"), "--out", at("folder.d.ts"), "--force")).stderr).toMatch(
      new RegExp(`^rest-endpoint: --out ${at("folder.d.ts")}: cannot write ${at("folder.json")} \\(EISDIR`),
    );
    writeFileSync(at("file"), "");
    expect((await cli("generate", at("things.json"), "--out", at("file/x.d.ts"))).stderr).toMatch(
      new RegExp(`^rest-endpoint: cannot read ${at("file/x.d.ts")} \\(ENOTDIR`),
    );
  });

  test("a listing that generate did not write, or none, is refused by --routes", async () => {
    writeFileSync(at("other.json"), '{"source": 1}');
    expect(await cli("--routes", at("other.d.ts"))).toEqual(refused(`--routes: ${at("other.json")} is not a listing that generate wrote`));
    expect((await cli("--routes", at("none.ts"))).stderr).toMatch(
      new RegExp(`^rest-endpoint: --routes ${at("none.ts")}: cannot read ${at("none.json")}, which generate writes beside it \\(ENOENT`),
    );
  });
});

describe("the edges of the commands' inputs", () => {
  /** Runs the CLI in process on another routes folder. */
  async function cliOn(folder: string, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
    let stdout = "";
    let stderr = "";
    const status = await main(args, {
      out: (text) => (stdout += `${text}\n`),
      err: (text) => (stderr += `${text}\n`),
      routes: pathToFileURL(join(dir, folder) + "/"),
    });
    return { status, stdout, stderr };
  }

  test("versions diff between listings without a changes list prints no CHANGELOG section", async () => {
    mkdirSync(at("bare"), { recursive: true });
    const versioned = { base: "u", removed: [], source: "fixture 2.0", docs: "https://docs.example/rest/" };
    writeFileSync(at("bare/u.json"), JSON.stringify({ source: "fixture 2.0", docs: "https://docs.example/rest/", routes: {} }));
    writeFileSync(at("bare/u.2022-11-28.json"), JSON.stringify({ ...versioned, routes: { "GET /a": [""] } }));
    writeFileSync(at("bare/u.2026-03-10.json"), JSON.stringify({ ...versioned, routes: {} }));
    expect(await cliOn("bare", "versions", "diff", "2022-11-28", "2026-03-10", "--target", "u")).toEqual({
      status: 0,
      stdout: "u 2022-11-28 -> 2026-03-10: 1 request-side change\nGET /a: route removed\n",
      stderr: "",
    });
  });

  test("a versioned listing whose base listing is missing is a usage error naming both, for versions diff and --routes", async () => {
    mkdirSync(at("baseless"), { recursive: true });
    const versioned = { base: "v", removed: [], changes: [], source: "fixture 3.0", docs: "https://docs.example/rest/", routes: {} };
    writeFileSync(at("baseless/v.2022-11-28.json"), JSON.stringify(versioned));
    writeFileSync(at("baseless/v.2026-03-10.json"), JSON.stringify(versioned));
    const missing = `ENOENT: no such file or directory, open '${at("baseless/v.json")}'`;
    expect(await cliOn("baseless", "versions", "diff", "2022-11-28", "2026-03-10", "--target", "v")).toEqual({
      status: 2,
      stdout: "",
      stderr: `rest-endpoint: "v.2022-11-28" builds on the listing "v", which cannot be read: ${missing}\n`,
    });
    expect(await cliOn("baseless", "--routes", "v.2026-03-10")).toEqual({
      status: 2,
      stdout: "",
      stderr: `rest-endpoint: "v.2026-03-10" builds on the listing "v", which cannot be read: ${missing}\n`,
    });
    // its neighbour: the base present, the same diff succeeds
    writeFileSync(at("baseless/v.json"), JSON.stringify({ source: "fixture 3.0", docs: "https://docs.example/rest/", routes: {} }));
    expect(await cliOn("baseless", "versions", "diff", "2022-11-28", "2026-03-10", "--target", "v")).toEqual({
      status: 0,
      stdout: "v 2022-11-28 -> 2026-03-10: 0 request-side changes\n",
      stderr: "",
    });
  });

  test("generate names a description without info by its file, and without servers no baseUrl", async () => {
    mkdirSync(at("bare"), { recursive: true });
    const bare = { openapi: description.openapi, paths: description.paths };
    writeFileSync(at("bare/plain.json"), JSON.stringify(bare));
    expect(await cli("generate", at("bare/plain.json"), "--out", at("bare/plain-api.d.ts"))).toEqual({
      status: 0,
      stdout: `${at("bare/plain-api.d.ts")}: 2 operations of plain.json\n`,
      stderr: "",
    });
    expect(await cli("--routes", at("bare/plain-api.d.ts"), "POST /things")).toEqual({
      status: 0,
      stdout: `POST /things (${at("bare/plain-api.d.ts")}, plain.json)\n  name  body  optional  string\n`,
      stderr: "",
    });
  });

  test("--routes looks up a route by a method its map lists (OpenAPI 3.2's additionalOperations), as it lists it", async () => {
    mkdirSync(at("oas32"), { recursive: true });
    const copy = {
      openapi: "3.2.0",
      info: { title: "Pets", version: "1" },
      paths: {
        "/pets/{id}": {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
          additionalOperations: { COPY: { responses: { "204": { description: "copied" } } } },
        },
      },
    };
    writeFileSync(at("oas32/description.json"), JSON.stringify(copy));
    expect((await cli("generate", at("oas32/description.json"), "--out", at("oas32/pets.d.ts"))).status).toBe(0);
    const listed = { status: 0, stdout: `COPY /pets/{id} (${at("oas32/pets.d.ts")}, Pets 1)\n  id  path  required  number\n`, stderr: "" };
    expect(await cli("--routes", at("oas32/pets.d.ts"))).toEqual({ status: 0, stdout: "COPY /pets/{id}\n", stderr: "" });
    expect(await cli("--routes", at("oas32/pets.d.ts"), "COPY /pets/{id}")).toEqual(listed);
    expect(await cli("--routes", at("oas32/pets.d.ts"), "copy /pets/:x")).toEqual(listed);
    expect(await cli("--routes", at("oas32/pets.d.ts"), "MOVE /pets/{id}")).toEqual(refused('unknown method "MOVE" in "MOVE /pets/{id}"'));
  });

  test.each([
    ["null", "null"],
    ["an array", "[]"],
    ["a string", '"routes"'],
  ])("a listing that is %s is refused by --routes", async (_case, json) => {
    writeFileSync(at("odd.json"), json);
    expect(await cli("--routes", at("odd.d.ts"))).toEqual(refused(`--routes: ${at("odd.json")} is not a listing that generate wrote`));
  });

  test.each([
    ["a NUL in the file name", "a\u0000b", '"a\\u0000b", which cannot be read (ERR_INVALID_ARG_VALUE)'],
    ["no such file", "none.txt", '"none.txt", which cannot be read (ENOENT)'],
  ])("a file item naming %s is refused with Node's code", async (_case, file, reason) => {
    expect(await cli("POST /x", `body=@${file}`)).toEqual(refused(`the item ${JSON.stringify(`body=@${file}`)} reads ${reason}`));
  });

  test("a file item is text: bytes that are no UTF-8 are refused (a binary upload was sent with U+FFFD), UTF-8 and a BOM-less emoji are sent", async () => {
    writeFileSync(at("bin.dat"), Uint8Array.from([0xff, 0xfe, 0x80, 0x61]));
    writeFileSync(at("text.txt"), "héllo 🐙\n");
    expect(await cli("POST /x", `data=@${at("bin.dat")}`)).toEqual(
      refused(
        `the item ${JSON.stringify(`data=@${at("bin.dat")}`)} reads ${JSON.stringify(at("bin.dat"))}, which is not UTF-8 text (a binary file cannot be a parameter; send it as the body with @${at("bin.dat")})`,
      ),
    );
    expect(JSON.parse((await cli("POST /x", `data=@${at("text.txt")}`)).stdout).body).toBe("héllo 🐙\n");
  });

  test.each([
    ["an empty value", "X-Empty:", "--header 'x-empty;'"],
    ["a value", "X-Full: yes", "--header 'x-full: yes'"],
  ])("--format curl writes a header field with %s as curl keeps it", async (_case, item, words) => {
    expect((await cli("--format", "curl", "GET /x", item)).stdout).toBe(
      `curl --silent --show-error --globoff --header 'accept: application/vnd.github.v3+json' --header 'user-agent: ${endpoint.DEFAULTS.headers["user-agent"]}' ${words} https://api.github.com/x\n`,
    );
  });

  test("a TypeError that Node gave a code (bad input to a Node API) is printed as its message alone", async () => {
    let stderr = "";
    const status = await main(["GET /x"], {
      out: () => {
        throw Object.assign(new TypeError("The argument 'path' must be a string"), { code: "ERR_INVALID_ARG_TYPE" });
      },
      err: (text) => (stderr += text),
      routes,
    });
    expect([status, stderr]).toEqual([2, "rest-endpoint: The argument 'path' must be a string"]);
  });

  test.each([
    ["a Uint8Array", new Uint8Array([1, 2])],
    ["an ArrayBuffer", new Uint8Array([1, 2]).buffer],
  ])("FORMATS.curl refuses a binary body (%s), which no curl word prints; FORMATS.fetch sends it", (_case, data) => {
    const options = endpoint("POST /upload", { data, headers: { "content-type": "application/octet-stream" } });
    expect(() => FORMATS.curl!(options)).toThrow(new Error("a binary body cannot be printed as a curl command; use --format fetch"));
    expect(FORMATS.fetch!(options).split("\n", 1)).toEqual(["// POST https://api.github.com/upload"]);
  });
});

describe("@file: the body, a file's bytes as they are (curl's --data-binary @file)", () => {
  /** Every byte value, NUL and bytes that are no UTF-8 included. */
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
  const base64 = Buffer.from(bytes).toString("base64");
  beforeAll(() => {
    writeFileSync(at("asset.bin"), bytes);
  });

  test("--format json shows the bytes as base64; the request is endpoint()'s with those bytes as data", async () => {
    const options = endpoint("POST https://uploads.github.com/repos/o/r/releases/1/assets{?name}", {
      name: "asset.bin",
      data: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
    // Was refused as not UTF-8 (data=@bin.dat), and `@file` was no item (issue 47, item 4).
    expect(
      await cli(
        "POST https://uploads.github.com/repos/o/r/releases/1/assets{?name}",
        "name=asset.bin",
        "content-type:application/octet-stream",
        `@${at("asset.bin")}`,
      ),
    ).toEqual({ status: 0, stdout: `${JSON.stringify({ ...options, body: { base64 } }, null, 2)}\n`, stderr: "" });
  });

  test("--format curl reads the file itself with --data-binary; --format fetch writes the bytes", async () => {
    const curl = await cli("--format", "curl", "POST /x", `@${at("asset.bin")}`);
    expect(curl).toEqual({
      status: 0,
      stdout: `curl --silent --show-error --globoff --request POST --header 'accept: application/vnd.github.v3+json' --header 'user-agent: ${endpoint.DEFAULTS.headers["user-agent"]}' --header content-type: --data-binary @${at("asset.bin")} https://api.github.com/x\n`,
      stderr: "",
    });
    const fetch = await cli("--format", "fetch", "POST /x", `@${at("asset.bin")}`);
    expect(fetch.stdout).toContain(`options.body = Uint8Array.from(atob("${base64}"), (c) => c.charCodeAt(0));`);
    expect(fetch.stdout).toContain("// The body: 256 bytes, written in base64.");
  });

  test("a body given twice, as @file and data=, is refused", async () => {
    expect(await cli("POST /x", "data=a", `@${at("asset.bin")}`)).toEqual(
      refused(`the item ${JSON.stringify(`@${at("asset.bin")}`)} sets "data" again; give each name once`),
    );
  });
});

describe("a file item reads a regular file of at most 64 MiB, and never waits or reads without end", () => {
  test.each([
    ["a device that never ends", "/dev/zero"],
    ["a directory", "."],
  ])("%s is refused on one line", async (_case, file) => {
    for (const item of [`@${file}`, `body=@${file}`, `n:=@${file}`])
      expect(await cli("POST /x", item)).toEqual(
        refused(
          `the item ${JSON.stringify(item)} reads ${JSON.stringify(file)}, which is not a regular file (a pipe, a device or a directory); a file item reads a regular file of at most 64 MiB`,
        ),
      );
  });

  test("a file of 64 MiB is read; one byte more is refused", async () => {
    expect(FILE_LIMIT).toBe(64 * 1024 * 1024);
    // Sparse: no 64 MiB written. curl's format, which prints the file's name rather than its bytes.
    writeFileSync(at("limit.bin"), "");
    truncateSync(at("limit.bin"), FILE_LIMIT);
    expect((await cli("--format", "curl", "POST /x", `@${at("limit.bin")}`)).stdout).toContain(`--data-binary @${at("limit.bin")} `);
    truncateSync(at("limit.bin"), FILE_LIMIT + 1);
    expect(await cli("POST /x", `@${at("limit.bin")}`)).toEqual(
      refused(
        `the item ${JSON.stringify(`@${at("limit.bin")}`)} reads ${JSON.stringify(at("limit.bin"))}, which is larger than 64 MiB, the most a file item reads`,
      ),
    );
    rmSync(at("limit.bin"));
  });
});
