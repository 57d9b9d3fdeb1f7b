import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { endpoint as incumbent } from "@octokit/endpoint";
import ts from "typescript";
import { endpoint as restEndpoint, EndpointError } from "../lib/index.js";
import { endpoint } from "../packages/octokit/src/index.js";
import { strictProject } from "./helpers/examples.js";

// rest-endpoint-octokit (packages/octokit): rest-endpoint with @octokit/endpoint 11's contract where
// Octokit depends on it. First in this process, beside the incumbent; then inside the real stack:
// `octokit` 5 installed into a scratch project with npm `overrides` pointing @octokit/endpoint at
// the packed package, against a server on 127.0.0.1 (__tests__/octokit/drop-in.mjs).
const root = join(__dirname, "..");

describe("rest-endpoint-octokit in this process", () => {
  test.each([
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 2 }],
    ["patch /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 1, state: "closed" }],
    ["HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" }],
    ["delete /repos/{owner}/{repo}/issues/comments/{comment_id}", { owner: "o", repo: "r", comment_id: 1 }],
    ["POST /markdown", { text: "x", request: { timeout: 5 } }],
  ])("%s: rest-endpoint's options with the method upper-case, as @octokit/endpoint gives it", (route: string, parameters) => {
    const options = endpoint(route, parameters);
    expect(options).toEqual({ ...restEndpoint(route, parameters), method: route.split(" ")[0]!.toUpperCase() });
    expect(options.method).toBe(incumbent(route, parameters).method);
  });

  test("merge(), parse(), DEFAULTS and defaults() give the method upper-case; defaults() wraps again", () => {
    expect(endpoint.merge("patch /x", { a: 1 })).toMatchObject({ method: "PATCH", url: "/x", a: 1 });
    expect(endpoint.parse(restEndpoint.merge("delete /x") as never).method).toBe("DELETE");
    expect(endpoint.DEFAULTS).toMatchObject({ method: "GET", baseUrl: "https://api.github.com" });
    expect(Object.isFrozen(endpoint.DEFAULTS)).toBe(true);
    expect(endpoint.DEFAULTS).toBe(endpoint.DEFAULTS);
    const withBase = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", method: "post", url: "/x" });
    expect(withBase.DEFAULTS.method).toBe("POST");
    // No arguments, as @octokit/plugin-paginate-rest calls it: the defaults' own route.
    expect((withBase as unknown as () => object)()).toMatchObject({ method: "POST", url: "https://ghe.example/api/v3/x" });
    expect(withBase.defaults({ headers: { "x-a": "1" } }).DEFAULTS).toMatchObject({ method: "POST", headers: { "x-a": "1" } });
    expect(Object.isFrozen(endpoint)).toBe(true);
  });

  test("merge(options, anything) and endpoint(options, anything) read options alone, as @octokit/endpoint 11 does", () => {
    const options = endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    // @octokit/auth-token's hook: request.endpoint.merge(options, options).
    const again = endpoint.merge(options as never, options as never);
    expect(again).toEqual(options);
    expect(again).toEqual(incumbent.merge(options as never, { owner: "x" } as never));
    expect(endpoint.merge(options as never, { owner: "x", headers: { "x-a": "b" } } as never)).toEqual(options);
    expect(endpoint(options as never, { owner: "x" } as never)).toEqual({
      ...restEndpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }),
      method: "GET",
    });
    // Without a first argument, the defaults, as the incumbent (which reads no second one either).
    expect(endpoint.merge(undefined as never, { owner: "x" })).toEqual(endpoint.DEFAULTS);
  });

  const upload = endpoint.defaults({
    method: "POST",
    url: "/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    baseUrl: "https://uploads.github.com",
  });
  const uploadUrl = "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}";
  test.each([
    [
      "url replaces the route, data: the route's own parameters are dropped",
      { url: uploadUrl, owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "bytes" },
      { url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip", body: "bytes" },
    ],
    [
      "the same call without the route's parameters",
      { url: uploadUrl, name: "a.zip", label: "A", data: "bytes" },
      { url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=A", body: "bytes" },
    ],
    [
      "the route itself: its parameters fill it",
      { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "bytes" },
      { url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip", body: "bytes" },
    ],
    [
      "url replaces the route without data: the parameters are the JSON body, as the incumbent",
      { url: "https://uploads.github.com/x", owner: "o" },
      { url: "https://uploads.github.com/x", body: { owner: "o" } },
    ],
  ])("upload: %s (as @octokit/endpoint 11)", (_, call, expected) => {
    const options = upload(call as never);
    expect(options).toMatchObject(expected);
    // The incumbent's URL but for the migration guide's row "an unset variable in `{?a,b}`" (its `&`).
    const stock: { url: string } = incumbent.defaults(upload.DEFAULTS as never)(call as never);
    expect(options.url).toBe(stock.url.replace(/&$/, ""));
  });

  test("the replaced route's variables are read as rest-endpoint reads them (parseRoute): `:name` with a `-`, and once each", () => {
    const team = endpoint.defaults({
      method: "POST",
      url: "/enterprises/:enterprise-team/{id}{?id}",
      baseUrl: "https://uploads.github.com",
    });
    const call = { url: "https://uploads.github.com/x", "enterprise-team": "t", id: 1, data: "bytes" };
    expect(team(call as never)).toMatchObject({ url: "https://uploads.github.com/x", body: "bytes" });
    // its neighbour: a parameter the new url names is kept
    expect(team({ ...call, url: "https://uploads.github.com/x/{id}" } as never)).toMatchObject({ url: "https://uploads.github.com/x/1" });
  });

  test.each([
    ["a parameter no template names, next to data", { url: uploadUrl, owner: "o", nmae: "typo", data: "b" }, "nmae"],
    ["a route parameter next to data, no url given", { owner: "o", repo: "r", release_id: 1, extra: 1, data: "b" }, "extra"],
  ])("upload: %s is still refused", (_, call, argument) => {
    expect(() => upload(call as never)).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS", argument }) as Error);
  });

  test("a refusal in merge() is carried to parse(), merge() and endpoint() of what it returned, never thrown by merge()", () => {
    const withHook = endpoint.defaults({ request: { hook: "kept" } });
    const merged = withHook.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { "x-a": "a\r\nb" } });
    // What @octokit/request reads before its promise exists: the method, the url, request.hook.
    expect(merged).toMatchObject({ method: "GET", url: "/repos/{owner}/{repo}", owner: "o", request: { hook: "kept" } });
    const refusal = expect.objectContaining({ code: "INVALID_HEADER_VALUE" }) as Error;
    expect(() => withHook.parse(merged as never)).toThrow(refusal);
    expect(() => withHook.merge(merged as never, merged as never)).toThrow(refusal);
    expect(() => withHook({ ...merged } as never)).toThrow(refusal);
    // A JSON copy keeps the refusal (__tests__/octokit/refusals.test.ts).
    expect(() => withHook.parse(JSON.parse(JSON.stringify(merged)) as never)).toThrow(refusal);
    // endpoint() itself throws, as before.
    expect(() => endpoint("GET /x", { headers: { "x-a": "a\r\nb" } })).toThrow(refusal);
    expect(endpoint.merge({ method: "GET", url: "/x", headers: 1 } as never)).toMatchObject({ method: "GET", url: "/x" });
    // A route rest-endpoint refuses (parseRoute) is kept whole as the url, and refused again when read.
    const badRoute = endpoint.merge("GET  /x");
    expect(badRoute).toMatchObject({ method: "GET", url: "GET  /x" });
    expect(() => endpoint.parse(badRoute as never)).toThrow(expect.objectContaining({ code: "INVALID_ROUTE" }) as Error);
    expect(() => endpoint.parse(JSON.parse(JSON.stringify(badRoute)) as never)).toThrow(EndpointError);
    // A valid route beside a refused option: its method and url as rest-endpoint reads them.
    expect(endpoint.merge("patch /x", { headers: 1 } as never)).toMatchObject({ method: "PATCH", url: "/x" });
  });

  test.each([
    ["a string", "text", "application/json; charset=utf-8"],
    ["a Buffer", Buffer.from("bytes"), "application/json; charset=utf-8"],
    ["an ArrayBuffer", new ArrayBuffer(2), "application/json; charset=utf-8"],
    ["an object", { a: 1 }, "application/json; charset=utf-8"],
    ["URLSearchParams (fetch sets its type)", new URLSearchParams("a=1"), undefined],
  ])("data as %s: content-type as @octokit/endpoint 11 gives it, or the client's", (_, data, contentType) => {
    expect(endpoint("POST /markdown/raw", { data }).headers["content-type"]).toBe(contentType);
    if (contentType !== undefined) expect(incumbent("POST /markdown/raw", { data }).headers["content-type"]).toBe(contentType);
    expect(endpoint("POST /markdown/raw", { data, headers: { "content-type": "text/plain" } }).headers["content-type"]).toBe("text/plain");
  });

  test('PUT without data: body "" and no content-type, as the incumbent', () => {
    const options = endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" });
    expect(options).toMatchObject({ method: "PUT", body: "" });
    expect(options.headers["content-type"]).toBeUndefined();
    expect(endpoint("PUT /x", { data: "" }).headers["content-type"]).toBe(incumbent("PUT /x", { data: "" }).headers["content-type"]);
  });

  test("every check of rest-endpoint comes along", () => {
    expect(() => endpoint("GET /repos/{owner}/{repo}", { repo: "r" })).toThrow(EndpointError);
    expect(() => endpoint("GET /repos/{owner}/{repo}", { owner: "..", repo: "r" })).toThrow(
      expect.objectContaining({ code: "INVALID_PATH_SEGMENT" }) as Error,
    );
    expect(endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "docs/README.md" }).url).toBe(
      "https://api.github.com/repos/o/r/contents/docs/README.md",
    );
  });
});

describe("rest-endpoint-octokit inside octokit 5, swapped in by npm overrides", () => {
  const scratch = join(root, ".tmp", `octokit-drop-in-${process.pid}`);
  let printed: {
    endpoints: string[];
    issues: number[];
    paginateMs: number;
    pagination: string[];
    arrivals: string[];
    hookMethods: string[];
    head404: { status: number; message: string; method: string };
  };

  beforeAll(() => {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    // The packages as npm publishes them: the build is in place (`npm test` builds first).
    const pack = (cwd: string): string =>
      (
        JSON.parse(
          // maxBuffer: the listing names every file, some 10,000 with the responses by docs page (over the default 1 MB).
          execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", scratch], {
            cwd,
            encoding: "utf8",
            maxBuffer: 64 * 1024 * 1024,
          }),
        ) as { filename: string }[]
      )[0]!.filename;
    const library = pack(root);
    const wrapper = pack(join(root, "packages", "octokit"));
    writeFileSync(
      join(scratch, "package.json"),
      JSON.stringify({
        name: "scratch",
        private: true,
        type: "module",
        dependencies: { octokit: "5.0.5", "rest-endpoint": `file:./${library}`, "rest-endpoint-octokit": `file:./${wrapper}` },
        // The one line an SDK author adds (with the registry's `npm:rest-endpoint-octokit@^0.4.0`), and
        // rest-endpoint itself from the packed file rather than the registry.
        overrides: { "@octokit/endpoint": "$rest-endpoint-octokit", "rest-endpoint": "$rest-endpoint" },
      }),
    );
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], { cwd: scratch, stdio: "ignore" });
    copyFileSync(join(__dirname, "octokit", "drop-in.mjs"), join(scratch, "drop-in.mjs"));
    printed = JSON.parse(
      execFileSync(process.execPath, ["drop-in.mjs"], { cwd: scratch, encoding: "utf8", timeout: 60_000 }),
    ) as typeof printed;
  }, 300_000);
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  test("the swap happened: every @octokit/endpoint in the tree is rest-endpoint-octokit", () => {
    expect(printed.endpoints.length).toBeGreaterThan(0);
    expect(new Set(printed.endpoints)).toEqual(new Set(["rest-endpoint-octokit"]));
  });

  test("paginate over 4 pages is not spaced as writes (write spacing alone would take 3 s)", () => {
    expect(printed.issues).toEqual([1, 2, 3, 4]);
    expect(printed.pagination).toEqual([
      "GET /repos/o/r/issues?per_page=1",
      "GET /repos/o/r/issues?per_page=1&page=2",
      "GET /repos/o/r/issues?per_page=1&page=3",
      "GET /repos/o/r/issues?per_page=1&page=4",
    ]);
    expect(printed.paginateMs).toBeLessThan(3000);
  });

  test("PATCH, HEAD and DELETE arrive as written; a path with / goes as GitHub documents it; hooks see the method upper-case", () => {
    expect(printed.arrivals).toEqual([
      "PATCH /repos/o/r/issues/1",
      "HEAD /repos/o/r",
      "DELETE /repos/o/r/issues/comments/1",
      "GET /repos/o/r/contents/docs/README.md",
      "HEAD /repos/o/missing",
    ]);
    expect(printed.hookMethods).toEqual(["GET", "GET", "GET", "GET", "PATCH", "HEAD", "DELETE", "GET", "HEAD"]);
  });

  test("a HEAD that gets 404 rejects with the status text as its message", () => {
    expect(printed.head404).toEqual({ status: 404, message: "Not Found", method: "HEAD" });
  });

  test("CommonJS require gives the same endpoint; the types satisfy @octokit/types' EndpointInterface", () => {
    const required = execFileSync(
      process.execPath,
      ["-e", 'const { endpoint } = require("rest-endpoint-octokit"); console.log(endpoint("patch /x").method)'],
      { cwd: scratch, encoding: "utf8" },
    );
    expect(required).toBe("PATCH\n");
    const file = join(scratch, "types.mts");
    writeFileSync(
      file,
      [
        'import { endpoint } from "@octokit/endpoint";',
        'import type { EndpointInterface, RequestParameters } from "@octokit/types";',
        "const typed: EndpointInterface = endpoint;",
        'const options = typed("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" } satisfies RequestParameters);',
        "export const method: string = options.method;",
      ].join("\n"),
    );
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], { ...strictProject(["lib.es2022.d.ts"]), skipLibCheck: true }));
    expect(diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, " "))).toEqual([]);
    expect(readFileSync(join(scratch, "node_modules", "@octokit", "endpoint", "package.json"), "utf8")).toContain(
      '"name": "rest-endpoint-octokit"',
    );
  });
});
