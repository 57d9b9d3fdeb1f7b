import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { fencedBlocks, printingShown, runPrinting, SHIPPED_MAPS, strictProject, strictTsconfig } from "../helpers/examples.js";

// The wrapper the README teaches first (README.md, "Typed by GitHub's description"; docs/usage.md,
// "Typed calls"), written as there, over every map the package ships (each target, each versioned
// map: dist/routes after `npm run build`), GitHub's map with UnmappedRoutes, and a map
// `rest-endpoint generate` writes, on TypeScript 5.9 (the compiler API) and 7 (its tsc). The
// version and unmapped markers are no keys a wrapper sees (`keyof Routes` holds route strings only).
// Also docs/usage.md's helper over two targets, docs/any-api.md's API key given once, and README.md's
// line for a versioned map.
const root = join(__dirname, "..", "..");
const dir = join(root, ".tmp", `wrapper-types-${process.pid}`);
const shipped = readdirSync(join(root, "dist", "routes"))
  // A map's responses module (`<target>.responses`) is no map.
  .filter((name) => name.endsWith(".d.ts") && !name.endsWith(".responses.d.ts"))
  .map((name) => name.slice(0, -".d.ts".length))
  .sort();

/** A description with required header parameters (an API key), as Discourse's API has them. */
const FORUM = {
  openapi: "3.0.3",
  info: { title: "Forum", version: "1" },
  servers: [{ url: "https://forum.example" }],
  paths: {
    "/posts.json": {
      get: {
        operationId: "listPosts",
        parameters: [
          { name: "Api-Key", in: "header", required: true, schema: { type: "string" } },
          { name: "Api-Username", in: "header", required: true, schema: { type: "string" } },
          { name: "before", in: "query", schema: { type: "integer" } },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

/** The README's wrapper over map `M`, typed endpoint function `api`; numbered `n`. */
const wrapper = (n: number, map: string, api: string, route: string, parameters: string): string[] => [
  `const api${n}: EndpointInterface<${map}> = ${api};`,
  `function request${n}<R extends keyof ${map}>(route: R, parameters: ParametersOf<${map}, R>) {`,
  `  return api${n}(route, parameters);`,
  "}",
  `request${n}("${route}", { ${parameters} });`,
  "// @ts-expect-error a misspelt key",
  `request${n}("${route}", { ${parameters}, per_pag: 1 });`,
  `export const markerless${n}: [Exclude<keyof ${map}, string>] extends [never] ? true : false = true;`,
];

function source(): string {
  const lines = [
    'import { createEndpoint, endpoint, type EndpointInterface, type ParametersOf, type UnmappedRoutes } from "rest-endpoint";',
    'import { queries, type Routes as Forum } from "./forum.js";',
    'import { withQueries } from "rest-endpoint/queries";',
  ];
  shipped.forEach((name, n) => lines.splice(n + 1, 0, `import type { Routes as M${n} } from "rest-endpoint/routes/${name}";`));
  const repo = 'owner: "octokit", repo: "rest.js"';
  shipped.forEach((name, n) => {
    const version = /\.(\d{4}-\d{2}-\d{2})$/.exec(name)?.[1];
    const api = version === undefined ? "endpoint" : `endpoint.defaults({ headers: { "x-github-api-version": "${version}" } })`;
    lines.push(...wrapper(n, `M${n}`, api, "GET /repos/{owner}/{repo}", repo));
  });
  const n = shipped.length;
  lines.push("type Open = M0 & UnmappedRoutes;", ...wrapper(n, "Open", "endpoint", "GET /repos/{owner}/{repo}", repo));
  lines.push(
    ...wrapper(
      n + 1,
      "Forum",
      'withQueries(createEndpoint({ baseUrl: "https://forum.example" }), queries)',
      "GET /posts.json",
      '"Api-Key": "k", "Api-Username": "u", before: 1',
    ),
  );
  // A required header parameter given once in defaults(): later calls no longer need it.
  lines.push(
    `const signedIn = api${n + 1}.defaults({ "Api-Key": "k0123", "Api-Username": "system" });`,
    'signedIn("GET /posts.json", { before: 100 });',
    'signedIn("GET /posts.json");',
    "// @ts-expect-error without defaults, the API key is required",
    `api${n + 1}("GET /posts.json", { before: 100 });`,
    // docs/any-api.md: the annotation EndpointInterface<Forum> drops what the defaults give, and a
    // wrapper's ParametersOf without its third argument requires the key.
    "const annotated: EndpointInterface<Forum> = signedIn;",
    "// @ts-expect-error the annotation dropped the defaults' Api-Key",
    'annotated("GET /posts.json", { before: 100 });',
    "function keyless<R extends keyof Forum>(route: R, parameters: ParametersOf<Forum, R>) {",
    "  return signedIn(route, parameters);",
    "}",
    "// @ts-expect-error ParametersOf<Forum, R> still requires the key",
    'keyless("GET /posts.json", { before: 100 });',
  );
  return lines.join("\n") + "\n";
}

const docs = {
  usage: fencedBlocks(readFileSync(join(root, "docs", "usage.md"), "utf8")).find(({ code }) =>
    code.includes("EndpointInterface<Dotcom | Ghes>"),
  ),
  anyApi: fencedBlocks(readFileSync(join(root, "docs", "any-api.md"), "utf8")).find(({ code }) => code.includes('"Api-Key": "k0123"')),
};

/**
 * README.md's line for a versioned map (`rest-endpoint/routes/api.github.com.2026-03-10`), exactly
 * as written there, with the README's wrapper around it; the endpoint without the version refused.
 */
const readme = readFileSync(join(root, "README.md"), "utf8");
const versionedLine = /`(const github: EndpointInterface<Routes> = endpoint\.defaults\(.*\);)`/.exec(readme)?.[1];
const versionedMap = /with `(rest-endpoint\/routes\/api\.github\.com\.\d{4}-\d{2}-\d{2})`/.exec(readme)?.[1];
const readmeVersioned = (): string =>
  [
    'import { endpoint, type EndpointInterface, type ParametersOf } from "rest-endpoint";',
    `import type { Routes } from "${versionedMap}";`,
    versionedLine,
    "function request<R extends keyof Routes>(route: R, parameters: ParametersOf<Routes, R>) {",
    "  return github(route, parameters);",
    "}",
    'request("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 });',
    "// @ts-expect-error `endpoint` sends 2022-11-28, not this map's version",
    "export const unversioned: EndpointInterface<Routes> = endpoint;",
    "",
  ].join("\n");

test("README.md names the versioned map and its line", () => {
  expect([versionedMap, versionedLine]).toEqual([
    "rest-endpoint/routes/api.github.com.2026-03-10",
    'const github: EndpointInterface<Routes> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });',
  ]);
});

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "forum-description.json"), JSON.stringify(FORUM));
  const generated = spawnSync(
    process.execPath,
    [join(root, "dist", "cli.js"), "generate", join(dir, "forum-description.json"), "--out", join(dir, "forum.d.ts")],
    {
      encoding: "utf8",
    },
  );
  if (generated.status !== 0) throw new Error(generated.stderr);
  writeFileSync(join(dir, "wrappers.mts"), source());
  writeFileSync(join(dir, "usage.mts"), docs.usage!.code);
  writeFileSync(join(dir, "readme-versioned.mts"), readmeVersioned());
  writeFileSync(join(dir, "any-api.mts"), docs.anyApi!.code.replace('"./api.js"', '"./forum.js"'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test("the package ships 12 maps: each target, each versioned map", () => {
  expect(shipped).toEqual(SHIPPED_MAPS);
});

describe.each(["wrappers", "usage", "any-api", "readme-versioned"])("%s.mts", (name) => {
  test("TypeScript 5.9: compiles, each @ts-expect-error used", () => {
    const file = join(dir, `${name}.mts`);
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], strictProject(["lib.es2022.d.ts"])));
    expect(diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, " "))).toEqual([]);
  }, 120_000);

  test("TypeScript 7: the same", async () => {
    const file = join(dir, `${name}.mts`);
    const project = join(dir, `tsconfig.${name}.json`);
    writeFileSync(project, JSON.stringify(strictTsconfig(file)));
    const tsc = join(root, "node_modules", "typescript-7", "bin", "tsc");
    const { stdout } = await promisify(execFile)(process.execPath, [tsc, "-p", project, "--pretty", "false"]).catch(
      (error: unknown) => error as { stdout: string },
    );
    expect(stdout).toBe("");
  }, 120_000);
});

test("docs/any-api.md's API key given once: the URL and header it shows", () => {
  const { printing, shown } = printingShown(docs.anyApi!.code.replace('"./api.js"', '"./forum.js"'));
  expect(shown).toEqual([
    "https://forum.example/posts.json?before=100",
    "k0123",
    "user-agent",
    "k-mirror",
    "https://forum.example/posts.json?before=100",
  ]);
  expect(runPrinting(printing, join(dir, "any-api.mjs"))).toEqual({ status: 0, stderr: "", printed: shown });
}, 60_000);
