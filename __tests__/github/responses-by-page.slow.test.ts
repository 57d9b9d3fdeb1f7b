import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { strictProject } from "../helpers/examples.js";
import { diagnosticsIn, tsc7, tscOutput, userTsconfig } from "../helpers/user-project.js";

// GitHub's responses by docs page (dist/routes/<map>.responses/, after `npm run build`): a program
// imports the map's base module and the module of each page of GitHub's REST docs whose routes it
// calls. A page's module types its routes; a route of a page the program did not import is a
// refusal naming the module; two maps' pages in one
// program; both module systems and `typesVersions`; an SDK that publishes declarations through a
// page's module, on TypeScript 5.9 and 7.

const root = join(__dirname, "..", "..");
const dir = join(root, ".tmp", `responses-by-page-${process.pid}`);
const base = "rest-endpoint/routes/api.github.com.responses";

beforeAll(() => mkdirSync(dir, { recursive: true }));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a program of `lines` (and a final newline) to `name` in the scratch folder; returns its path. */
const writeProgram = (name: string, lines: string[]): string => {
  const file = join(dir, name);
  writeFileSync(file, [...lines, ""].join("\n"));
  return file;
};

/**
 * Lines asserting that `ResponseOf<map, route>` is the refusal naming `module`'s page `page` for
 * `shown` (the route as the message writes it: without its query expression), as `const name`.
 */
const refused = (name: string, map: string, route: string, module: string, page: string, shown = route): string[] => [
  `declare const ${name}: ResponseOf<${map}, ${JSON.stringify(route)}>;`,
  `export const ${name}Refusal: keyof typeof ${name} = '${shown}: import "${module}/${page}" for its responses (or Routes from "${module}", every page)';`,
];

/** A program's imports: `ResponseOf`, api.github.com's base and its issues page. */
const withIssuesPage = [
  'import type { ResponseOf } from "rest-endpoint";',
  `import type { Routes } from "${base}/base";`,
  `import "${base}/issues/issues";`,
];

/** Lines that type an issue's data through the issues page and refuse a misspelt read and an unloaded route. */
const issuesLines = (imports: string[]): string[] => [
  ...imports,
  // The whole data of a 200, as the page's module names it.
  'type Data = Extract<ResponseOf<Routes, "GET /repos/{owner}/{repo}/issues/{issue_number}">, { status: 200 }>["data"];',
  "export const same = (data: Data): Issue => data;",
  "export const back = (issue: Issue): Data => issue;",
  "export const title = (data: Data): string => data.title;",
  "// @ts-expect-error `titel` is misspelt",
  "export const misspelt = (data: Data) => data.titel;",
  "// @ts-expect-error `title` is a string",
  "export const wrong = (data: Data): number => data.title;",
  // A route of a page not imported: its message names the module.
  'declare const pulls: ResponseOf<Routes, "GET /repos/{owner}/{repo}/pulls">;',
  "// @ts-expect-error a Refusal, which has no status",
  "void pulls.status;",
  `export const refusal: keyof typeof pulls = 'GET /repos/{owner}/{repo}/pulls: import "${base}/pulls/pulls" for its responses (or Routes from "${base}", every page)';`,
  "",
];

test("a page's module types its routes' data; a misspelt read and a route of a page not imported are refused, the refusal naming its module", async () => {
  // The same program in each module system and resolution.
  const program = issuesLines([
    'import type { ResponseOf } from "rest-endpoint";',
    `import type { Routes } from "${base}/base";`,
    `import type { Issue } from "${base}/issues/issues";`,
  ]).join("\n");
  const esm = join(dir, "issues.mts");
  writeFileSync(esm, program);
  // CommonJS: the `require` condition of the package's `./routes/*` export.
  const cjs = join(dir, "issues.cts");
  writeFileSync(cjs, program);
  // Node 10 resolution, which reads `typesVersions`.
  const node10 = join(dir, "node10", "issues.ts");
  mkdirSync(join(dir, "node10", "node_modules"), { recursive: true });
  symlinkSync(root, join(dir, "node10", "node_modules", "rest-endpoint"), "dir");
  writeFileSync(node10, program);
  const project = join(dir, "tsconfig.issues.json");
  writeFileSync(project, JSON.stringify(userTsconfig(["issues.mts", "issues.cts"], { noEmit: true })));
  expect([
    diagnosticsIn(dir, [esm, cjs]),
    diagnosticsIn(dir, [node10], {
      ...strictProject(["lib.es2022.d.ts"]),
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
    }),
    await tscOutput(tsc7, project),
  ]).toEqual([[], [], ""]);
}, 300_000);

test("the refusal of a route not loaded names the module of its docs page in each map: a version's own, a route with a query expression, a route with its origin; a map without responses refuses a route with a query expression", () => {
  const file = join(dir, "refusals.mts");
  const version = "rest-endpoint/routes/api.github.com.2026-03-10.responses";
  const shared = "rest-endpoint/routes/api.github.com.2022-11-28.responses";
  writeFileSync(
    file,
    [
      'import type { ResponseOf } from "rest-endpoint";',
      `import type { Routes } from "${base}/base";`,
      `import type { Routes as Version } from "${version}/base";`,
      `import type { Routes as Shared } from "${shared}/base";`,
      ...refused("a", "Version", "GET /repos/{owner}/{repo}", version, "repos/repos"),
      // A version without response changes answers with its target's responses, so its target's modules.
      ...refused("b", "Shared", "GET /user", base, "users/users"),
      ...refused("c", "Routes", "GET /search/issues{?q}", base, "search/search", "GET /search/issues"),
      // A map without responses: the route with its query expression is refused as the route is (it was UntypedResponse).
      'import type { Routes as Requests } from "rest-endpoint/routes/api.github.com";',
      'declare const e: ResponseOf<Requests, "GET /search/issues{?q}">;',
      "export const withoutResponses: keyof typeof e = 'GET /search/issues: this map holds no response types; import Routes from \"rest-endpoint/routes/<map>.responses\" (the map\\'s own name, its API version included), or generate the map again';",
      // Operations whose docs URL is of the old layout (`/rest/reference/checks#create-a-check-run`): the page of the closest path.
      ...refused("f", "Routes", "POST /repos/{owner}/{repo}/check-runs", base, "checks/runs"),
      ...refused("g", "Routes", "GET /repos/{owner}/{repo}/compare/{basehead}", base, "commits/commits"),
      ...refused(
        "d",
        "Routes",
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
        base,
        "releases/assets",
      ),
      // A path on two pages is listed by its routes in the page index; any other by its path.
      "interface Requests2 { 'GET /shared': {}; 'POST /shared': {}; 'GET /things/{id}': { id: string }; 'DELETE /things/{id}': { id: string } }",
      "interface Pages2 { 'shared/reads': 'GET /shared'; 'shared/writes': 'POST /shared'; 'things/things': '/things/{id}' }",
      "interface Mixed extends Requests2 { new (marker: \"the responses of the map's routes\"): { (module: 'my-sdk/responses', pages: Pages2): never } }",
      ...refused("h", "Mixed", "GET /shared", "my-sdk/responses", "shared/reads"),
      ...refused("i", "Mixed", "POST /shared", "my-sdk/responses", "shared/writes"),
      ...refused("j", "Mixed", "DELETE /things/{id}", "my-sdk/responses", "things/things"),
      // A route the map does not list is refused as its call is; an open map (UnmappedRoutes) answers it untyped.
      'import type { UnmappedRoutes, UntypedResponse } from "rest-endpoint";',
      'declare const k: ResponseOf<Routes, "GET /repos/{owner}/{repository}">;',
      "export const kRefusal: keyof typeof k = 'GET /repos/{owner}/{repository} is not a route of the map';",
      'export const l: [ResponseOf<Routes & UnmappedRoutes, "GET /repos/{owner}/{repository}">, ResponseOf<object, "GET /x">] extends [UntypedResponse, UntypedResponse] ? true : false = true;',
      "",
    ].join("\n"),
  );
  expect(diagnosticsIn(dir, [file])).toEqual([]);
  // No map has a page of the old layout (`reference/<category>`).
  expect(readdirSync(join(root, "dist", "routes")).filter((name) => existsSync(join(root, "dist", "routes", name, "reference")))).toEqual(
    [],
  );
}, 300_000);

test("each target's page index lists each of its map's routes on exactly one page, by the route's path (no path of a shipped map is on two pages)", () => {
  const routes = join(root, "dist", "routes");
  const targets = readdirSync(routes)
    .filter((name) => /^[\w.-]+\.json$/.test(name) && !/\.\d{4}-\d{2}-\d{2}\.json$/.test(name))
    .sort();
  const found = targets.map((json) => {
    const name = json.slice(0, -".json".length);
    const map = JSON.parse(readFileSync(join(routes, json), "utf8")) as { routes: Record<string, unknown> };
    const index = readFileSync(join(routes, `${name}.responses`, "base.d.cts"), "utf8");
    const pages = [...index.matchAll(/^ {2}"([\w-]+\/[\w-]+)": (.+);$/gm)].map(([, page, entries]) => ({
      page,
      entries: [...entries!.matchAll(/"([^"]+)"/g)].map(([, entry]) => entry!),
    }));
    const pagesOf = (route: string) =>
      pages.filter(({ entries }) => entries.includes(route) || entries.includes(route.slice(route.indexOf(" ") + 1))).length;
    return {
      name,
      routes: Object.keys(map.routes).length,
      onOnePage: Object.keys(map.routes).filter((route) => pagesOf(route) === 1).length,
      byRoute: pages.flatMap(({ entries }) => entries).filter((entry) => /^[A-Z]+ /.test(entry)).length,
    };
  });
  expect(found.map(({ name }) => name)).toEqual(["api.github.com", "ghec", "ghes-3.17", "ghes-3.18", "ghes-3.19"]);
  expect(found.map(({ name, routes, onOnePage, byRoute }) => [name, onOnePage === routes, byRoute])).toEqual(
    found.map(({ name }) => [name, true, 0]),
  );
});

test("a program over the library's ES module declarations and a target's base and page loads none of the library's CommonJS declarations", () => {
  // The base wrote `import type { Responding } from "../../index.cjs"`: the library's declarations
  // loaded twice (index.d.cts, 67 KB), 1 MB more of TypeScript 5.9's memory in bench:types' program of 0 calls.
  // (A version's map imports them itself, for its `ApiVersioned` marker.)
  const file = writeProgram("library-once.mts", [
    ...withIssuesPage,
    'type Title = Extract<ResponseOf<Routes, "GET /repos/{owner}/{repo}/issues/{issue_number}">, { status: 200 }>["data"]["title"];',
    "export const title = (a: Title): string => a;",
  ]);
  const program = ts.createProgram([file], strictProject(["lib.es2022.d.ts"]));
  expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "))).toEqual([]);
  const library = program
    .getSourceFiles()
    .map((source) => source.fileName.slice(root.length + 1))
    .filter((name) => name.startsWith("dist/") && !name.startsWith("dist/routes/"));
  expect(library).toEqual(["dist/index.d.ts"]);
}, 300_000);

test("a component whose declaration (and that of each component it names) is an earlier target's is declared once, in that target's files (api.github.com's first), which later targets' pages import; one that differs from every earlier target's is the target's own", () => {
  const file = join(dir, "shared-components.mts");
  const pages = ["api.github.com", "ghec", "ghes-3.19"].map((map) => `rest-endpoint/routes/${map}.responses/repos/repos`);
  writeFileSync(file, `${pages.map((page, n) => `export type * as P${String(n)} from "${page}";`).join("\n")}\n`);
  const program = ts.createProgram([file], strictProject(["lib.es2022.d.ts"]));
  expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "))).toEqual([]);
  const checker = program.getTypeChecker();
  /** The folder of dist/routes/ whose file declares `name` as `page` exports it. */
  const declaredIn = (page: string, name: string): string => {
    const module = checker.getSymbolAtLocation(
      program
        .getSourceFile(file)!
        .statements.map((statement) => (statement as ts.ExportDeclaration).moduleSpecifier!)
        .find((specifier) => (specifier as ts.StringLiteral).text === page)!,
    )!;
    const exported = checker.getExportsOfModule(module).find((symbol) => symbol.name === name)!;
    const declared = (exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported).declarations![0]!;
    return declared
      .getSourceFile()
      .fileName.slice(join(root, "dist", "routes").length + 1)
      .split("/")[0]!;
  };
  expect(
    pages.flatMap((page) =>
      ["BasicError", "ValidationError", "FullRepository"].map((name) => `${page.split("/")[2]!} ${name}: ${declaredIn(page, name)}`),
    ),
  ).toEqual([
    "api.github.com.responses BasicError: api.github.com.responses",
    "api.github.com.responses ValidationError: api.github.com.responses",
    "api.github.com.responses FullRepository: api.github.com.responses",
    "ghec.responses BasicError: api.github.com.responses",
    "ghec.responses ValidationError: api.github.com.responses",
    "ghec.responses FullRepository: ghec.responses",
    "ghes-3.19.responses BasicError: api.github.com.responses",
    "ghes-3.19.responses ValidationError: api.github.com.responses",
    // GHES 3.19's is GHES 3.17's, which differs from api.github.com's and ghec's.
    "ghes-3.19.responses FullRepository: ghes-3.17.responses",
  ]);
}, 300_000);

test("a target's page imports shared components from another target's components files, never from its page modules: importing a GHES page types none of api.github.com's routes", () => {
  // A page module adds its routes to its target's `Responses`: imported from another target's page,
  // it would type that page's routes in a program that loads that target's base (fresh-eyes review:
  // GHES 3.19's pages imported 128 of other targets' page modules).
  const routes = join(root, "dist", "routes");
  const fromPages = ["ghec", "ghes-3.17", "ghes-3.18", "ghes-3.19"].flatMap((target) =>
    readdirSync(join(routes, `${target}.responses`), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".d.cts"))
      .flatMap((file) =>
        [...readFileSync(join(routes, `${target}.responses`, file), "utf8").matchAll(/from "((?:\.\.\/)+[\w.-]+\.responses\/[^"]+)"/g)]
          .map((match) => match[1]!)
          .filter((specifier) => !/\.responses\/components-[\da-f]+\.cjs$/.test(specifier))
          .map((specifier) => `${target}.responses/${file}: ${specifier}`),
      ),
  );
  expect(fromPages).toEqual([]);
  // The reviewer's program: api.github.com's repos page not imported, its route is refused though a GHES page is.
  const file = writeProgram("other-target.mts", [
    ...withIssuesPage,
    'import "rest-endpoint/routes/ghes-3.19.responses/repos/repos";',
    ...refused("repository", "Routes", "GET /repos/{owner}/{repo}", base, "repos/repos"),
  ]);
  expect(diagnosticsIn(dir, [file])).toEqual([]);
}, 300_000);

test("the TSDoc examples of ResponseOf and ResponseIn give what they show", () => {
  const file = join(dir, "tsdoc.mts");
  writeFileSync(
    file,
    [
      'import type { ResponseIn, ResponseOf } from "rest-endpoint";',
      `import type { Routes, Responses } from "${base}/base";`,
      `import "${base}/repos/repos";`,
      `import "${base}/pulls/pulls";`,
      // ResponseOf's: the repository, the diff as text, the refusal naming the page not imported.
      'type Repository = Extract<ResponseOf<Routes, "GET /repos/{owner}/{repo}">, { status: 200 }>["data"];',
      `import type { FullRepository } from "${base}/repos/repos";`,
      "export const repository: [Repository] extends [FullRepository] ? ([FullRepository] extends [Repository] ? true : false) : false = true;",
      'type Diff = Extract<ResponseOf<Routes, "GET /repos/{owner}/{repo}/pulls/{pull_number}", "diff">, { status: 200 }>["data"];',
      'export const diff: Diff = "diff --git";',
      ...refused("issue", "Routes", "GET /repos/{owner}/{repo}/issues/{issue_number}", base, "issues/issues"),
      // ResponseIn's: the same union as ResponseOf, and not another route's.
      'type Same = ResponseIn<Responses, Routes, "GET /repos/{owner}/{repo}"> extends ResponseOf<Routes, "GET /repos/{owner}/{repo}"> ? true : false;',
      "export const same: Same = true;",
      'type Other = ResponseIn<Responses, Routes, "GET /repos/{owner}/{repo}"> extends ResponseOf<Routes, "GET /repos/{owner}/{repo}/pulls/{pull_number}"> ? true : false;',
      "export const other: Other = false;",
      "",
    ].join("\n"),
  );
  expect(diagnosticsIn(dir, [file])).toEqual([]);
}, 300_000);

test("two maps' pages in one program: api.github.com, ghes-3.19 and api.github.com's 2026-03-10, each route's response from its own map, no TS2717; the whole module beside them", async () => {
  const file = join(dir, "two-maps.mts");
  writeFileSync(
    file,
    [
      'import { createEndpoint, endpoint, ghes, type EndpointInterface, type ResponseFor } from "rest-endpoint";',
      `import type { Routes as Dotcom } from "${base}/base";`,
      `import "${base}/repos/repos";`,
      'import type { Routes as Ghes } from "rest-endpoint/routes/ghes-3.19.responses/base";',
      'import "rest-endpoint/routes/ghes-3.19.responses/repos/repos";',
      'import type { Routes as Version } from "rest-endpoint/routes/api.github.com.2026-03-10.responses/base";',
      'import "rest-endpoint/routes/api.github.com.2026-03-10.responses/repos/repos";',
      "const dotcom: EndpointInterface<Dotcom> = endpoint;",
      'const server: EndpointInterface<Ghes> = createEndpoint({}, ghes("https://ghe.example", "3.19"));',
      'const versioned: EndpointInterface<Version> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });',
      'const a = dotcom("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });',
      'const b = server("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });',
      'const c = versioned("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });',
      "export declare const fromDotcom: Extract<ResponseFor<typeof a>, { status: 200 }>;",
      "export declare const fromGhes: Extract<ResponseFor<typeof b>, { status: 200 }>;",
      "export declare const fromVersion: Extract<ResponseFor<typeof c>, { status: 200 }>;",
      "export const names: string[] = [fromDotcom.data.full_name, fromGhes.data.full_name, fromVersion.data.full_name];",
      "export const downloads: boolean | undefined = fromDotcom.data.has_downloads;",
      // The whole module beside the pages: the same interface, its routes all loaded.
      'import type { Routes as Whole } from "rest-endpoint/routes/api.github.com.responses";',
      "const whole: EndpointInterface<Whole> = endpoint;",
      'const d = whole("GET /user", {});',
      "export declare const fromWhole: Extract<ResponseFor<typeof d>, { status: 200 }>;",
      "export const login: string = fromWhole.data.login;",
      'export const same: Extract<ResponseFor<typeof a>, { status: 200 }>["data"] = fromDotcom.data;',
      "// @ts-expect-error API version 2026-03-10 removes `has_downloads` from repositories (GitHub's changelog of the version)",
      "void fromVersion.data.has_downloads;",
      "",
    ].join("\n"),
  );
  const project = join(dir, "tsconfig.two-maps.json");
  writeFileSync(project, JSON.stringify(userTsconfig(["two-maps.mts"], { noEmit: true })));
  expect([diagnosticsIn(dir, [file]), await tscOutput(tsc7, project)]).toEqual([[], ""]);
}, 300_000);

test.each([
  ["TypeScript 5.9", join(root, "node_modules", "typescript", "bin", "tsc")],
  ["TypeScript 7", tsc7],
])(
  "%s: an SDK over the base and page modules publishes declarations, and a second project reads its typed data",
  async (_name, compiler) => {
    // Outside the package, which it installs (a link in its node_modules), as a user's SDK is.
    const sdk = join(tmpdir(), `rest-endpoint-sdk-by-page-${String(process.pid)}-${compiler.includes("typescript-7") ? 7 : 5}`);
    mkdirSync(join(sdk, "app"), { recursive: true });
    mkdirSync(join(sdk, "node_modules"), { recursive: true });
    symlinkSync(root, join(sdk, "node_modules", "rest-endpoint"), "dir");
    writeFileSync(
      join(sdk, "index.mts"),
      [
        'import { endpoint, type EndpointInterface, type FormatOption, type ParametersOf, type RequestOptions, type ResponseFor } from "rest-endpoint";',
        'import { toFetch } from "rest-endpoint/clients";',
        `import type { Routes } from "${base}/base";`,
        `import "${base}/repos/repos";`,
        `import "${base}/issues/issues";`,
        "const github: EndpointInterface<Routes> = endpoint;",
        // The README's wrapper.
        "async function send<O extends RequestOptions>(options: O): Promise<ResponseFor<O>> {",
        "  const response = await fetch(...toFetch(options));",
        "  const data: unknown = response.status === 204 ? undefined : await response.json();",
        "  return { status: response.status, headers: Object.fromEntries(response.headers), data } as unknown as ResponseFor<O>;",
        "}",
        "export function request<R extends string, Format extends string = string>(route: R, parameters: ParametersOf<Routes, R> & FormatOption<Format>) {",
        "  return send(github<R, Format>(route, parameters));",
        "}",
        'export const getRepository = (owner: string, repo: string) => request("GET /repos/{owner}/{repo}", { owner, repo });',
        'export const listIssues = (owner: string, repo: string) => request("GET /repos/{owner}/{repo}/issues", { owner, repo });',
        // A version's pages: its own components (FullRepository without has_downloads) and its target's.
        'import type { Routes as Routes20260310 } from "rest-endpoint/routes/api.github.com.2026-03-10.responses/base";',
        'import "rest-endpoint/routes/api.github.com.2026-03-10.responses/repos/repos";',
        'const github20260310: EndpointInterface<Routes20260310> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });',
        'export const getRepository20260310 = () => send(github20260310("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));',
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(sdk, "tsconfig.json"),
      JSON.stringify(userTsconfig(["index.mts"], { declaration: true, outDir: "dist", rootDir: ".", preserveSymlinks: true })),
    );
    const emitted = await tscOutput(compiler, sdk);
    writeFileSync(
      join(sdk, "app", "app.mts"),
      [
        'import { getRepository, getRepository20260310, listIssues, request } from "../dist/index.mjs";',
        'const repository = await getRepository("octokit", "rest.js");',
        "if (repository.status === 200) void repository.data.full_name;",
        "// @ts-expect-error misspelt",
        "if (repository.status === 200) void repository.data.ful_name;",
        'const issues = await listIssues("octokit", "rest.js");',
        "if (issues.status === 200) void issues.data[0]?.title;",
        "// @ts-expect-error misspelt",
        "if (issues.status === 200) void issues.data[0]?.titel;",
        "const versioned = await getRepository20260310();",
        "if (versioned.status === 200) void versioned.data.full_name;",
        "// @ts-expect-error API version 2026-03-10 removes `has_downloads`",
        "if (versioned.status === 200) void versioned.data.has_downloads;",
        // The SDK's generic wrapper called by its user: typed by the pages the SDK imported, which its declarations import too.
        'const direct = await request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });',
        "if (direct.status === 200) void direct.data[0]?.title;",
        "// @ts-expect-error misspelt",
        "if (direct.status === 200) void direct.data[0]?.titel;",
        "",
      ].join("\n"),
    );
    writeFileSync(join(sdk, "app", "tsconfig.json"), JSON.stringify(userTsconfig(["app.mts"], { noEmit: true, preserveSymlinks: true })));
    const used = await tscOutput(compiler, join(sdk, "app"));
    // The exported generic wrapper's declaration names its response (`ResponseIn`), where it wrote
    // ResponseOf's branches out with every page's routes (236 KB for the README's wrapper).
    const declarations = readFileSync(join(sdk, "dist", "index.d.mts"), "utf8");
    const requestLine = declarations.split("\n").find((line) => line.startsWith("export declare function request<"));
    const pages = declarations.split("\n").filter((line) => /^import "[^"]+";$/.test(line));
    rmSync(sdk, { recursive: true, force: true });
    expect({ emitted, used, requestLine, pages, small: declarations.length < 8_000 }).toEqual({
      emitted: "",
      used: "",
      pages: [
        `import "${base}/repos/repos";`,
        `import "${base}/issues/issues";`,
        'import "rest-endpoint/routes/api.github.com.2026-03-10.responses/repos/repos";',
      ],
      requestLine: `export declare function request<R extends string, Format extends string = string>(route: R, parameters: ParametersOf<Routes, R> & FormatOption<Format>): Promise<import("rest-endpoint").ResponseIn<import("${base}/base").Responses, Routes, R, Format>>;`,
      small: true,
    });
  },
  300_000,
);
