import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createEndpoint, endpoint, type Target } from "../../lib/index.js";
import { userAgent } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";
import fc from "fast-check";
import { isOriginIn, parsedOrigin } from "../../lib/core/target.js";

const root = join(__dirname, "..", "..");

describe("lib/core knows no service", () => {
  test("no module of lib/core imports from lib/github", () => {
    const core = join(root, "lib", "core");
    // Every module, in lib/core's folders too (lib/core/types/).
    const modules = readdirSync(core, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
    expect(modules).toContain(join("types", "responses.ts"));
    const importers = modules.filter((file) => /from "[^"]*github\//.test(readFileSync(join(core, file), "utf8")));
    expect(importers).toEqual([]);
  });

  // The block of eslint.config.js that holds the rule, run alone on a probe (no type information
  // needed), in a child process: the config is an ES module.
  const PROBE = `
    import { ESLint } from "eslint";
    const { default: config } = await import("./eslint.config.js");
    const block = config.find((item) => item.rules?.["no-restricted-imports"] !== undefined);
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [block] });
    const [text, filePath] = JSON.parse(process.argv[1]);
    const [result] = await eslint.lintText(text, { filePath });
    console.log(JSON.stringify(result.messages.map((message) => message.ruleId ?? message.message)));`;
  const lint = (text: string, filePath: string): unknown => {
    const { stdout, stderr } = spawnSync(process.execPath, ["--input-type=module", "-e", PROBE, JSON.stringify([text, filePath])], {
      cwd: root,
      encoding: "utf8",
    });
    if (stdout === "") throw new Error(stderr);
    return JSON.parse(stdout);
  };

  test.each([
    ['import { applyMediaType } from "../github/media-type.js";', "lib/core/probe.js", ["no-restricted-imports"]],
    ['import { API_VERSIONS } from "../github/tables.js";', "lib/core/probe.js", ["no-restricted-imports"]],
    ['export { githubCom } from "../github/target.js";', "lib/core/probe.js", ["no-restricted-imports"]],
    // Valid neighbours: lib/core's own modules, and lib/github (or the entry) importing lib/core.
    ['import { fail } from "./errors.js";', "lib/core/probe.js", []],
    ['import { fail } from "../core/errors.js";', "lib/github/probe.js", []],
    ['import { githubCom } from "./github/target.js";', "lib/probe.js", []],
  ])(
    "the lint rule on %s in %s",
    (text, filePath, rules) => {
      expect(lint(text, filePath)).toEqual(rules);
    },
    120_000,
  );
});

/** The generic factory, as docs/any-api.md and issue 38's leak cases use it. */
const api = createEndpoint({ baseUrl: "https://api.example.com", headers: { accept: "application/json" } });
const github = endpoint.defaults({ baseUrl: "https://api.example.com", headers: { accept: "application/json" } });
const contents = "GET /repos/{owner}/{repo}/contents/{path}";
const repo = { owner: "o", repo: "r" };

describe("GitHub's rules do not reach another API (issue 38's six leak cases)", () => {
  // [case, route, parameters, through the generic factory (RFC 6570), through GitHub's endpoint]
  test.each([
    [
      "a multi-segment template keeps no /",
      contents,
      { ...repo, path: "a/b" },
      { url: "https://api.example.com/repos/o/r/contents/a%2Fb" },
      { url: "https://api.example.com/repos/o/r/contents/a/b" },
    ],
    [
      "a/../b is a value, not a dot-segment",
      contents,
      { ...repo, path: "a/../b" },
      { url: "https://api.example.com/repos/o/r/contents/a%2F..%2Fb" },
      "INVALID_PATH_SEGMENT",
    ],
    [
      "/api/v3 is part of the path, not stripped before a look-up",
      "GET /api/v3/repos/{owner}/{repo}/contents/{path}",
      { ...repo, path: "a/b" },
      { url: "https://api.example.com/api/v3/repos/o/r/contents/a%2Fb" },
      { url: "https://api.example.com/api/v3/repos/o/r/contents/a/b" },
    ],
    [
      "a declared query is GitHub's: token goes to the body",
      "POST /user/packages/{package_type}/{package_name}/restore",
      { package_type: "npm", package_name: "p", token: "t" },
      { url: "https://api.example.com/user/packages/npm/p/restore", body: { token: "t" } },
      { url: "https://api.example.com/user/packages/npm/p/restore?token=t" },
    ],
    [
      "previews are GitHub's media types",
      "GET /user",
      { mediaType: { previews: ["mercy"] } },
      "INVALID_MEDIA_TYPE",
      { headers: expect.objectContaining({ accept: "application/vnd.github.mercy-preview+json" }) as unknown },
    ],
    [
      "x-github-api-version is GitHub's header",
      "GET /user",
      { headers: { "x-github-api-version": "v2" } },
      { headers: { accept: "application/json", "user-agent": userAgent, "x-github-api-version": "v2" } },
      "INVALID_HEADER_VALUE",
    ],
  ])("%s", (_case, route, parameters, generic, gitHub) => {
    const pairs: [(route: string, options: object) => unknown, unknown][] = [
      [api, generic],
      [github, gitHub],
    ];
    for (const [call, expected] of pairs) {
      if (typeof expected === "string") expect(errorOf(() => call(route, parameters)).code).toBe(expected);
      else expect(call(route, parameters)).toMatchObject(expected as object);
    }
  });
});

describe("createEndpoint(defaults, target?)", () => {
  test("its defaults: the baseUrl given, a user-agent, no accept, no media type", () => {
    expect(api.DEFAULTS).toEqual({
      method: "GET",
      baseUrl: "https://api.example.com",
      headers: { accept: "application/json", "user-agent": userAgent },
      // No service's media type fields: `mediaType` is what a target reads, and this one reads none.
      mediaType: {},
    });
    expect(createEndpoint({ baseUrl: "https://api.example.com" })("GET /items/{id}", { id: 1, q: "a b" })).toEqual({
      method: "get",
      url: "https://api.example.com/items/1?q=a%20b",
      headers: { "user-agent": userAgent },
    });
  });

  test("without a baseUrl it is INVALID_BASE_URL, naming defaults.baseUrl", () => {
    expect(errorOf(() => createEndpoint({ headers: { accept: "application/json" } }))).toMatchObject({
      code: "INVALID_BASE_URL",
      argument: "defaults.baseUrl",
    });
    expect(errorOf(() => createEndpoint())).toMatchObject({ code: "INVALID_BASE_URL" });
  });

  // Each was a TypeError, or taken for no target at all (a fresh user's review; issue 44, class 8).
  test.each([
    ["null", null, "target"],
    ["a name", "ghes", "target"],
    ["a number", 5, "target"],
    ["an array", [], "target"],
    ["an object without defaults", { name: "t" }, "target.defaults"],
    ["an object whose name is a number", { name: 1, defaults: {} }, "target.name"],
    ["defaults that are no object", { name: "t", defaults: "x" }, "target.defaults"],
    ["origins that are a string", { name: "t", defaults: {}, origins: "https://a.example" }, "target.origins"],
    ["an origin with a path", { name: "t", defaults: {}, origins: ["https://a.example/x"] }, "target.origins[0]"],
    ["a route step that is no function", { name: "t", defaults: {}, route: "x" }, "target.route"],
    ["a request step that is no function", { name: "t", defaults: {}, request: {} }, "target.request"],
    ["a name inherited only", Object.create({ name: "t", defaults: {} }) as object, "target.name"],
  ])("a target that is %s is INVALID_OPTIONS naming its field", (_case, target, argument) => {
    expect(errorOf(() => createEndpoint({ baseUrl: "https://a.example" }, target as unknown as Target))).toMatchObject({
      code: "INVALID_OPTIONS",
      argument,
    });
  });

  test("a target given as undefined is no target; one of its own shape is taken (valid neighbours)", () => {
    expect(createEndpoint({ baseUrl: "https://a.example" }, undefined)("GET /x").url).toBe("https://a.example/x");
    expect(createEndpoint({}, { name: "t", defaults: { baseUrl: "https://t.example" } })("GET /x").url).toBe("https://t.example/x");
  });

  test("a mediaType format is refused where the target has no rule; an empty one is not", () => {
    expect(errorOf(() => api("GET /user", { mediaType: { format: "raw" } }))).toMatchObject({
      code: "INVALID_MEDIA_TYPE",
      argument: "options.mediaType",
    });
    expect(api("GET /user", { mediaType: { format: "" } }).headers.accept).toBe("application/json");
  });

  test("defaults() and parse() keep the function's target", () => {
    const child = api.defaults({ owner: "o", repo: "r" });
    expect(child(contents, { path: "a/b" }).url).toBe("https://api.example.com/repos/o/r/contents/a%2Fb");
    expect(api.parse(api.merge(contents, { ...repo, path: "a/b" })).url).toBe("https://api.example.com/repos/o/r/contents/a%2Fb");
    expect(github.parse(github.merge(contents, { ...repo, path: "a/b" })).url).toBe("https://api.example.com/repos/o/r/contents/a/b");
  });

  test("a target's rules apply: its tables, its media type, its header check, its defaults", () => {
    const seen: string[] = [];
    const target: Target = {
      name: "a test target",
      defaults: { baseUrl: "http://127.0.0.1:9", headers: { "user-agent": "mine" } },
      route: (route) => ({ ...route, multiSegment: route.url === "/files/{path}" ? "path" : undefined }),
      request: (request, { format }) => {
        if (format !== undefined) request.headers.accept = `${request.headers.accept ?? ""};format=${String(format)}`;
        seen.push(`${request.headers["user-agent"]} ${request.url}`);
        return request;
      },
    };
    const mine = createEndpoint({ headers: { accept: "text/plain" } }, target);
    expect(mine("GET /files/{path}", { path: "a/b", mediaType: { format: "raw" } })).toEqual({
      method: "get",
      url: "http://127.0.0.1:9/files/a/b",
      headers: { accept: "text/plain;format=raw", "user-agent": "mine" },
    });
    expect(mine("GET /other/{path}", { path: "a/b" }).url).toBe("http://127.0.0.1:9/other/a%2Fb");
    expect(seen).toEqual(["mine http://127.0.0.1:9/files/a/b", "mine http://127.0.0.1:9/other/a%2Fb"]);
  });
});

describe("parsedOrigin: a URL's origin as a WHATWG URL parser reads it", () => {
  test.each([
    ["https://api.github.com/user", "https://api.github.com"],
    ["https://api.github.com:443/user", "https://api.github.com"],
    ["https://API.GitHub.com./user", "https://api.github.com"],
    ["https://x:y@api.github.com", "https://api.github.com"],
    ["https://api.git%68ub.com", "https://api.github.com"],
    ["https://api.\uff47\uff49\uff54\uff48\uff55\uff42.com", "https://api.github.com"],
    ["https://api.\u00f6ctocorp.ghe.com", "https://api.xn--ctocorp-80a.ghe.com"],
    ["https://api.github.com.:8443", "https://api.github.com:8443"],
    ["http://127.0.0.1:80/x", "http://127.0.0.1"],
    ["https://api.github.com@evil.example", "https://evil.example"],
    ["not a URL", undefined],
  ])("%s: %s", (url, origin) => {
    expect(parsedOrigin(url)).toBe(origin);
  });
});

describe("isOriginIn: a URL's origin is one of a set, as parsedOrigin reads it, without parsing a URL that begins with one", () => {
  const origins = new Set(["https://api.github.com", "https://uploads.github.com", "http://127.0.0.1:8080"]);
  test.each([
    ["https://api.github.com/user", true],
    ["https://api.github.com", true],
    ["https://api.github.com?x", true],
    ["https://api.github.com#x", true],
    ["http://127.0.0.1:8080/x", true],
    ["https://API.github.com/user", true],
    ["https://api.github.com:443/user", true],
    ["https://api.github.com./user", true],
    ["https://api.github.com\\x", true],
    ["https://api.github.com.evil.example/user", false],
    ["https://api.github.com@evil.example/user", false],
    ["https://api.github.com:8443/user", false],
    ["https://api.github.community/", false],
    ["http://127.0.0.1:80801/", false],
    ["not a URL", false],
  ])("%s: %s", (url, found) => {
    expect(isOriginIn(url, origins)).toBe(found);
  });

  test("property: isOriginIn(url, origins) is origins.has(parsedOrigin(url)) for URLs that begin like an origin and go on with any of the characters that end or extend an authority", () => {
    const pool = [...origins, "https://h.example", "http://[::1]:3000"];
    const tail = fc
      .array(fc.constantFrom("/", "?", "#", "\\", "@", ":", ".", "a", "443", "%68", "\t", " ", "\u00f6"), { maxLength: 6 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.constantFrom(...pool), tail, fc.uniqueArray(fc.constantFrom(...pool), { maxLength: 3 }), (origin, rest, set) => {
        const url = origin + rest;
        expect(isOriginIn(url, new Set(set))).toBe(new Set(set).has(parsedOrigin(url)!));
      }),
      { numRuns: 2000 },
    );
  });
});

test("an IDN host is read after V8 optimises URL.canParse (which then answers false for it on Node 20)", () => {
  for (let i = 0; i < 25_000; i++) URL.canParse("https://x.example");
  expect(parsedOrigin("https://api.\u00f6ctocorp.ghe.com")).toBe("https://api.xn--ctocorp-80a.ghe.com");
  const idn = createEndpoint({ baseUrl: "https://api.\u00f6ctocorp.ghe.com", headers: { host: "api.xn--ctocorp-80a.ghe.com" } });
  expect(idn("GET /user").url).toBe("https://api.\u00f6ctocorp.ghe.com/user");
}, 120_000);
