import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { toEndpointCall, type CorpusCall } from "./helpers/corpus.js";
import { SHIPPED_MAPS } from "./helpers/examples.js";
import { readFixture } from "./helpers/fixtures.js";

// The packed package, not the source tree: `npm pack`, installed into a scratch project, used the
// ways consumers use it. Slow (an npm install), so it runs once with a generous timeout.
jest.setTimeout(240_000);

const root = join(__dirname, "..");
const scratch = join(root, ".tmp", "package-smoke");
// maxBuffer: `npm pack --json` lists every file, some 10,000 with the responses by docs page (over the default 1 MB).
const run = async (file: string, args: string[], cwd = scratch): Promise<string> =>
  (await promisify(execFile)(file, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })).stdout;
/**
 * The modules of a map's responses by docs page: its base, one per page of GitHub's REST docs that
 * documents its target's operations (`<category>/<subcategory>` of each operation's `externalDocs`
 * URL), and the component files beside them (\`components-<hash>\`, named by the set of pages that
 * reach them).
 */
function responseModules(map: string): string[] {
  const target = map.replace(/\.\d{4}-\d{2}-\d{2}$/, "");
  const description = JSON.parse(
    readFileSync(join(root, "node_modules", "@octokit", "openapi", "generated", `${target}.json`), "utf8"),
  ) as { paths: Record<string, Record<string, { externalDocs?: { url: string }; responses?: unknown }>> };
  const pages = Object.values(description.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) =>
      operation.responses === undefined ? [] : [/\/rest\/([\w-]+\/[\w-]+)/.exec(operation.externalDocs!.url)![1]!],
    ),
  );
  const components = readdirSync(join(root, "dist", "routes", `${map}.responses`))
    .filter((file) => file.startsWith("components-") && file.endsWith(".d.cts"))
    .map((file) => file.slice(0, -".d.cts".length));
  for (const file of components) expect(file).toMatch(/^components-[0-9a-f]{8}$/);
  // A docs URL of the old one-page-per-category layout (`/rest/reference/checks#…`) names no page:
  // its route is on the page of the closest path, another page of the list (docs/usage.md).
  return ["base", ...new Set(pages.filter((page) => !page.startsWith("reference/"))), ...components];
}

const EXPECTED = "https://api.github.com/repos/octokit/rest.js/issues?state=open";
const corpus = readFixture("github-rest-calls.json") as CorpusCall[];
const CALL = 'endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" }).url';

beforeAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  // --ignore-scripts: dist/ is built (npm test builds first); `prepack` would rebuild it from under other test files.
  await run("npm", ["pack", "--ignore-scripts", "--pack-destination", scratch, "--loglevel=error"], root);
  const tarball = readdirSync(scratch).find((name) => name.endsWith(".tgz"))!;
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "smoke", private: true, type: "module" }));
  // As a consumer installs it, warnings shown.
  installWarnings = (
    await promisify(execFile)("npm", ["install", `./${tarball}`, "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: scratch,
      encoding: "utf8",
    })
  ).stderr;
});
let installWarnings = "";

describe("the packed package", () => {
  test("installs in a fresh project without a warning: it has no install script", () => {
    // This machine's own npm configuration may warn about itself ("Unknown user config", "Unknown env config"); nothing else may.
    expect(installWarnings.split("\n").filter((line) => /warn/i.test(line) && !/Unknown (?:user|env) config/.test(line))).toEqual([]);
  });

  test("runs the README's first example as shown, from the installed package", async () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const [, code, output] = /```js\n(import \{ endpoint \} from "rest-endpoint";\n\nendpoint\(.*\);)\n```\n\n```json\n([\s\S]*?)```/.exec(
      readme,
    )!;
    const script = code!.replace(/\nendpoint\((.*)\);$/, "\nconsole.log(JSON.stringify(endpoint($1)));");
    const printed = JSON.parse(await run(process.execPath, ["--input-type=module", "-e", script])) as { headers: Record<string, string> };
    const shown = JSON.parse(output!) as { headers: Record<string, string> };
    expect({ ...printed, headers: { ...printed.headers, "user-agent": "as shown" } }).toEqual({
      ...shown,
      headers: { ...shown.headers, "user-agent": "as shown" },
    });
    expect(printed.headers["user-agent"]).toMatch(/^rest-endpoint\/\d+\.\d+\.\d+ /);
  });

  test("holds only dist/ (the route maps included), docs/ (which README links and error messages point to), README, CHANGELOG, LICENSE and package.json", async () => {
    const listing = JSON.parse(await run("npm", ["pack", "--dry-run", "--ignore-scripts", "--json", "--loglevel=error"], root)) as [
      { files: { path: string }[] },
    ];
    expect(listing[0].files.map((file) => file.path).sort()).toEqual(
      [
        "CHANGELOG.md",
        "LICENSE",
        "README.md",
        "dist/cli.js",
        "dist/clients.cjs",
        "dist/clients.d.cts",
        "dist/clients.d.ts",
        "dist/clients.js",
        ...readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
          .filter((file) => file.endsWith(".md"))
          .map((file) => `docs/${file}`),
        "dist/index.cjs",
        "dist/index.d.cts",
        "dist/index.d.ts",
        "dist/index.js",
        "dist/index.production.cjs",
        "dist/index.production.js",
        "dist/LICENSES.txt",
        "dist/queries.cjs",
        "dist/queries.d.cts",
        "dist/queries.d.ts",
        "dist/queries.js",
        ...SHIPPED_MAPS.flatMap((target) =>
          ["cjs", "d.cts", "d.ts", "js", "json"].map((extension) => `dist/routes/${target}.${extension}`),
        ),
        // Each map with its responses, and its responses by docs page: the base, each page, the component files.
        ...SHIPPED_MAPS.flatMap((target) =>
          ["cjs", "d.cts", "d.ts", "js"].map((extension) => `dist/routes/${target}.responses.${extension}`),
        ),
        ...SHIPPED_MAPS.flatMap((target) =>
          responseModules(target).flatMap((module) =>
            ["cjs", "d.cts", "d.ts", "js"].map((extension) => `dist/routes/${target}.responses/${module}.${extension}`),
          ),
        ),
        "package.json",
      ].sort(),
    );
  });

  test("depends on url-template and universal-user-agent only; deepmerge and is-plain-object are inside, with their licences", () => {
    const installed = join(scratch, "node_modules", "rest-endpoint");
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["universal-user-agent", "url-template"]);
    const licences = readFileSync(join(installed, "dist", "LICENSES.txt"), "utf8");
    for (const name of ["deepmerge", "is-plain-object", "url-template", "universal-user-agent"]) {
      expect(licences).toMatch(new RegExp(`^${name}@\\d+\\.\\d+\\.\\d+ \\([\\w.-]+\\), bundled into`, "m"));
    }
    for (const file of ["index.js", "index.cjs"])
      expect(readFileSync(join(installed, "dist", file), "utf8")).not.toMatch(/["']deepmerge["']|["']is-plain-object["']/);
  });

  test("bundles with rollup and @rollup/plugin-node-resolve alone, and the bundle runs", async () => {
    const warnings = await run(process.execPath, [join(__dirname, "bundlers", "rollup.mjs"), scratch]);
    expect(warnings).toBe("");
    const bundle = readFileSync(join(scratch, "rollup-bundle.mjs"), "utf8");
    expect(bundle).not.toMatch(/\brequire\(|from "deepmerge"|from "is-plain-object"/);
    expect(await run(process.execPath, [join(scratch, "rollup-bundle.mjs")])).toBe("https://api.github.com/repos/o/r\n");
  });

  test("works through require, even where Node cannot require ES modules", async () => {
    expect(
      await run(process.execPath, [
        "--no-experimental-require-module",
        "-e",
        `const { endpoint } = require("rest-endpoint"); console.log(${CALL})`,
      ]),
    ).toBe(`${EXPECTED}\n`);
  });

  test("an EndpointError from either build is an instanceof EndpointError of both (no dual-package hazard)", async () => {
    const script = `
      const cjs = require("rest-endpoint");
      import("rest-endpoint").then((esm) => {
        const caught = (lib) => { try { lib.endpoint("GET /{x}"); } catch (error) { return error; } };
        const errors = [caught(esm), caught(cjs)];
        console.log(JSON.stringify(errors.flatMap((error) => [error instanceof esm.EndpointError, error instanceof cjs.EndpointError])));
        console.log(JSON.stringify([new Error("x") instanceof esm.EndpointError, esm.EndpointError === cjs.EndpointError]));
      });`;
    expect(await run(process.execPath, ["--no-experimental-require-module", "-e", script])).toBe("[true,true,true,true]\n[false,false]\n");
  });

  test("the production condition gives the same results, and errors with code, argument, value received and docs link but no rule", async () => {
    // Run with --conditions=production, as webpack and Vite resolve a production build; the full
    // build is imported by its path beside it.
    const script = `
      import { endpoint as production, EndpointError } from "rest-endpoint";
      import { endpoint as full } from "./node_modules/rest-endpoint/dist/index.js";
      import { createRequire } from "node:module";
      // require() under the condition gives the production build too, as CommonJS (docs/errors.md).
      const { endpoint: required } = createRequire(import.meta.url)("rest-endpoint");
      const calls = [
        ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", labels: ["a b", "c"] }],
        ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", mediaType: { previews: ["mercy"] } }],
        ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "docs/a b.md" }],
      ];
      const failing = [
        ["GET /repos/{owner}/{repo}", { repo: "r" }],
        ["GET /repos/{owner}/{repo}", { owner: "..", repo: "r" }],
        ["GET /x", { headers: { "a b": "1" } }],
        ["GET /x", { mediaType: { format: "not a name" } }],
        ["GET x", {}],
      ];
      const caught = (lib, [route, options]) => { try { lib(route, options); } catch (error) { return error; } };
      const same = calls.every((call) => JSON.stringify(production(...call)) === JSON.stringify(full(...call)));
      const errors = failing.map((call) => {
        const [short, long] = [caught(production, call), caught(full, call)];
        const name = long.message.slice(0, long.message.indexOf("\`", 1) + 1);
        return short instanceof EndpointError && short.code === long.code && short.argument === long.argument &&
          short.message.startsWith(name) && long.message.endsWith(short.message.slice(name.length)) &&
          short.message.length < long.message.length && short.message.includes("See docs/errors.md#" + long.code.toLowerCase());
      });
      const productionRequired = failing.every((call) => caught(required, call).message === caught(production, call).message);
      console.log(JSON.stringify([same, errors, caught(production, failing[0]).message, productionRequired]));`;
    expect(await run(process.execPath, ["--conditions=production", "--input-type=module", "-e", script])).toBe(
      `${JSON.stringify([true, [true, true, true, true, true], "`owner`. See docs/errors.md#missing_parameter", true])}\n`,
    );
  });

  test("the production condition, on every GitHub operation: the same request options, and the same errors less their rules", async () => {
    // Each operation of the corpus as given; without its first path parameter (MISSING_PARAMETER);
    // and with that parameter ".." (INVALID_PATH_SEGMENT, whose message shows the value received).
    const calls = corpus.map((call) => toEndpointCall(call));
    const failing = calls.flatMap(([route, parameters]) => {
      const first = /\{(\w+)\}/.exec(route)?.[1];
      if (first === undefined) return [];
      const others = Object.fromEntries(Object.entries(parameters).filter(([name]) => name !== first));
      return [
        [route, others],
        [route, { ...others, [first]: ".." }],
      ];
    });
    writeFileSync(join(scratch, "corpus-calls.json"), JSON.stringify({ calls, failing }));
    const script = `
      import { endpoint as production } from "rest-endpoint";
      import { endpoint as full } from "./node_modules/rest-endpoint/dist/index.js";
      import { readFileSync } from "node:fs";
      const { calls, failing } = JSON.parse(readFileSync("corpus-calls.json", "utf8"));
      const differ = calls.filter((call) => JSON.stringify(production(...call)) !== JSON.stringify(full(...call))).map(([route]) => route);
      const caught = (lib, call) => { try { lib(...call); } catch (error) { return error; } };
      const codes = {};
      const otherwise = failing.filter((call) => {
        const [short, long] = [caught(production, call), caught(full, call)];
        codes[long.code] = (codes[long.code] ?? 0) + 1;
        const name = long.message.slice(0, long.message.indexOf("\`", 1) + 1);
        return !(short.code === long.code && short.argument === long.argument && short.route === long.route &&
          short.message.startsWith(name) && long.message.endsWith(short.message.slice(name.length)) &&
          short.message.length < long.message.length && short.message.endsWith(". See docs/errors.md#" + long.code.toLowerCase()));
      }).map(([route]) => route);
      console.log(JSON.stringify({ calls: calls.length, differ, failing: failing.length, codes, otherwise }));`;
    const report = JSON.parse(await run(process.execPath, ["--conditions=production", "--input-type=module", "-e", script])) as unknown;
    expect(report).toEqual({
      calls: 1223,
      differ: [],
      failing: 2272,
      codes: { MISSING_PARAMETER: 1136, INVALID_PATH_SEGMENT: 1136 },
      otherwise: [],
    });
  });

  test("the production condition, on the hostile battery's inputs and issue 36's: the outcome each must have, and the full build's", async () => {
    // The inputs, with their outcomes, are __tests__/core/hostile-inputs.mjs; run here as the corpus
    // above is, through the packed package: production against the table and against the full build.
    const script = `
      import { endpoint as production, EndpointError } from "rest-endpoint";
      import { endpoint as full } from "./node_modules/rest-endpoint/dist/index.js";
      import * as queries from "rest-endpoint/queries";
      import * as clients from "rest-endpoint/clients";
      import { hostileInputs } from ${JSON.stringify(join(__dirname, "core", "hostile-inputs.mjs"))};
      const [short, long] = [production, full].map((endpoint) => hostileInputs({ endpoint }, queries, clients));
      const outcome = ([, call]) => {
        try {
          const result = call();
          try { return { result: JSON.stringify(result) }; } catch { return { result: "not JSON" }; }
        } catch (error) {
          return { error };
        }
      };
      const seen = (o) => o.error === undefined ? "ok" : o.error instanceof EndpointError ? [o.error.code, o.error.argument] : String(o.error);
      const codes = {};
      const unexpected = [];
      const differ = [];
      short.forEach((row, i) => {
        const [a, b] = [outcome(row), outcome(long[i])];
        const expected = JSON.stringify(row[2]);
        codes[row[2] === "ok" ? "ok" : row[2][0]] = (codes[row[2] === "ok" ? "ok" : row[2][0]] ?? 0) + 1;
        if (JSON.stringify(seen(a)) !== expected || JSON.stringify(seen(b)) !== expected) unexpected.push([row[0], seen(a), seen(b)]);
        else if (a.error === undefined ? a.result !== b.result : a.error.route !== b.error.route) differ.push(row[0]);
        else if (a.error !== undefined && a.error.message !== b.error.message) {
          // The production message is the full one less its rule: the same name, received value and docs link.
          let at = 0;
          while (a.error.message[at] === b.error.message[at]) at++;
          const rest = a.error.message.slice(at);
          if (!(/^(?:; received |\\. See )/.test(rest) && b.error.message.endsWith(rest) && rest.includes("See docs/errors.md#"))) differ.push(row[0]);
        }
      });
      console.log(JSON.stringify({ rows: short.length, codes, unexpected, differ }));`;
    const report = JSON.parse(await run(process.execPath, ["--conditions=production", "--input-type=module", "-e", script])) as unknown;
    expect(report).toEqual({
      rows: 98,
      codes: {
        INTERNAL_ERROR: 1,
        INVALID_BASE_URL: 13,
        INVALID_HEADER_VALUE: 11,
        INVALID_MEDIA_TYPE: 1,
        INVALID_OPTIONS: 12,
        INVALID_PARAMETER: 11,
        INVALID_PATH_SEGMENT: 8,
        INVALID_URL: 17,
        TOO_DEEP: 5,
        URL_LEAVES_BASE_URL: 4,
        ok: 15,
      },
      unexpected: [],
      differ: [],
    });
  });

  test("the client converters come from rest-endpoint/clients, through require and import", async () => {
    const check = 'typeof lib.toFetch + " " + typeof lib.toNodeHttp';
    expect(
      await run(process.execPath, [
        "--no-experimental-require-module",
        "-e",
        `const lib = require("rest-endpoint/clients"); console.log(${check})`,
      ]),
    ).toBe("function function\n");
    expect(
      await run(process.execPath, ["--input-type=module", "-e", `import * as lib from "rest-endpoint/clients"; console.log(${check})`]),
    ).toBe("function function\n");
  });

  test.each([
    [
      "index",
      "module.exports = { EndpointError, VERSION, createEndpoint, endpoint, followLink, gheCom, ghes, githubCom, githubTarget, parseRoute, parseUploadUrl };",
    ],
    ["clients", "module.exports = { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici };"],
    ["queries", "module.exports = { securityOf, serverUrl, withQueries };"],
  ])("dist/%s.cjs is plain CommonJS: one module.exports of the entry's names, no bundler helpers", (name, line) => {
    const code = readFileSync(join(root, "dist", `${name}.cjs`), "utf8");
    expect(code.trimEnd().split("\n").at(-1)).toBe(line);
    expect(code.match(/__toCommonJS|__export|__copyProps|module\.exports/g)).toEqual(["module.exports"]);
  });

  test("withQueries comes from rest-endpoint/queries, through require and import; its errors are the main entry's EndpointError", async () => {
    const script = (load: string) => `${load}
      const api = queries.withQueries(main.endpoint, { "GET /c": { template: "GET /c{?created}", deepObject: ["created"] } });
      let caught; try { api("GET /c", { created: { a: [1] } }); } catch (error) { caught = error; }
      console.log(api("GET /c", { created: { gte: 1 } }).url, caught instanceof main.EndpointError, caught.code);`;
    const line = "https://api.github.com/c?created%5Bgte%5D=1 true INVALID_PARAMETER\n";
    expect(
      await run(process.execPath, [
        "--no-experimental-require-module",
        "-e",
        script('const main = require("rest-endpoint"); const queries = require("rest-endpoint/queries");'),
      ]),
    ).toBe(line);
    expect(
      await run(process.execPath, [
        "--input-type=module",
        "-e",
        script('import * as main from "rest-endpoint"; import * as queries from "rest-endpoint/queries";'),
      ]),
    ).toBe(line);
  });

  test("a route map is types only: at run time its module, ESM or CommonJS, is empty", async () => {
    const script = `
      const cjs = require("rest-endpoint/routes/ghes-3.19");
      import("rest-endpoint/routes/api.github.com").then((esm) => console.log(JSON.stringify([Object.keys(esm), Object.keys(cjs)])));`;
    expect(await run(process.execPath, ["-e", script])).toBe("[[],[]]\n");
  });

  test("works through import", async () => {
    expect(
      await run(process.execPath, ["--input-type=module", "-e", `import { endpoint } from "rest-endpoint"; console.log(${CALL})`]),
    ).toBe(`${EXPECTED}\n`);
  });

  test("installs the CLI", async () => {
    expect(
      JSON.parse(
        await run(join(scratch, "node_modules", ".bin", "rest-endpoint"), [
          "GET /repos/{owner}/{repo}/issues",
          "owner=octokit",
          "repo=rest.js",
          "state=open",
        ]),
      ).url,
    ).toBe(EXPECTED);
  });

  test.each([
    ["node16", "Node16", "Node16", "consumer.ts"],
    ["node16, from CommonJS", "Node16", "Node16", "consumer.cts"],
    ["bundler", "ESNext", "Bundler", "consumer.ts"],
  ])(
    "type-checks in a TypeScript consumer with moduleResolution %s, a route map included",
    async (_name, module, moduleResolution, file) => {
      const dir = join(scratch, `ts-${moduleResolution}-${file}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, file),
        `import { endpoint, EndpointError, type EndpointInterface, type RequestOptions } from "rest-endpoint";
import { toFetch } from "rest-endpoint/clients";
import type { Routes } from "rest-endpoint/routes/ghes-3.19";
const ghes: EndpointInterface<Routes> = endpoint.defaults({ baseUrl: "https://github.example.com/api/v3" });
ghes("POST /admin/users", { login: "monalisa" });
// @ts-expect-error GHES's description requires login
ghes("POST /admin/users", {});
const options: RequestOptions = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
const [url, init] = toFetch(options);
const method: string | undefined = init.method;
export const results: [string, string | undefined, boolean] = [url, method, new EndpointError("INVALID_URL", "url", "m") instanceof TypeError];
// @ts-expect-error the options form needs a url
endpoint({ method: "GET" });
`,
      );
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { module, moduleResolution, target: "ES2022", lib: ["ES2022", "DOM"], strict: true, noEmit: true, types: [] },
          files: [file],
        }),
      );
      await expect(run(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir])).resolves.toBe("");
    },
  );
});
