import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv, type ValidateFunction } from "ajv";
import type { Document } from "../../lib/openapi/document.js";
import { routesOf } from "../../lib/openapi/routes.js";
import { diagnosticsIn, tsc7, tscOutput, userTsconfig } from "../helpers/user-project.js";

// The response types of the maps the package ships (dist/routes/<target>.responses, after `npm run
// build`): GitHub's own response examples compile as their route's data; what the description does
// not declare is refused; two targets in one program; an SDK that publishes declarations of
// functions returning typed data, used by a second project, on TypeScript 5.9 and 7.

const root = join(__dirname, "..", "..");
const dir = join(root, ".tmp", `responses-${process.pid}`);
const generated = join(root, "node_modules", "@octokit", "openapi", "generated");

type Json = Record<string, unknown>;

beforeAll(() => mkdirSync(dir, { recursive: true }));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Examples that their schema accepts only because it leaves other keys open: GHES's list of custom
 * roles shows one role (`organization-custom-repository-role-example`) where the schema is
 * `{ total_count, custom_roles }`.
 */
const MISMATCHED = new Set(["ghes-3.19 GET /organizations/{organization_id}/custom_roles 200"]);

/**
 * The response examples of a target's description, each with its route as the map writes it and its
 * status, that its own schema accepts (ajv, draft 7 with OpenAPI 3.0's `nullable`, formats not
 * checked): GitHub's descriptions hold examples that their schemas refuse (a `login` missing where
 * required, a string where an integer is declared), which no type can accept and stay true to
 * the schema; and examples holding a `$ref` (an example's value is literal, OpenAPI 3.0.3 section
 * 4.7.20, so GitHub's `{ "$ref": … }` inside one is no reference). Returns those kept and how many
 * were left out.
 */
function examplesOf(target: string): { kept: { route: string; status: string; value: unknown }[]; invalid: number } {
  const spec = JSON.parse(readFileSync(join(generated, `${target}.json`), "utf8")) as Json;
  const ajv = new Ajv({ strict: false, validateFormats: false, validateSchema: false, allErrors: false });
  // `nullable` without `type` has no effect in OpenAPI 3.0.3 (section 4.7.24.1); ajv refuses it there.
  const text = JSON.stringify(spec, (_key, value: unknown) =>
    value !== null && typeof value === "object" && "nullable" in value && !("type" in value)
      ? Object.fromEntries(Object.entries(value).filter(([name]) => name !== "nullable"))
      : value,
  );
  ajv.addSchema(JSON.parse(text) as object, "description");
  const compiled = new Map<string, ValidateFunction>();
  const pointer = (path: string[]): string => path.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
  const resolve = (value: unknown): Json => {
    let node = value as Json;
    while (typeof node.$ref === "string")
      node = node.$ref
        .slice(2)
        .split("/")
        .reduce((at: Json, part) => at[part.replaceAll("~1", "/").replaceAll("~0", "~")] as Json, spec);
    return node;
  };
  const kept: { route: string; status: string; value: unknown }[] = [];
  let invalid = 0;
  for (const { route, operation } of routesOf(spec as unknown as Document, false).routes) {
    for (const [status, given] of Object.entries(operation.operation.responses ?? {})) {
      // The response object, where it is named: its schema is validated there.
      const at = typeof (given as Json).$ref === "string" ? ((given as Json).$ref as string).slice(2).split("/") : undefined;
      const path = at ?? ["paths", operation.template, operation.method.toLowerCase(), "responses", status];
      const content = (resolve(given).content ?? {}) as Record<string, Json>;
      for (const [type, media] of Object.entries(content)) {
        if (!type.includes("json") || media.schema === undefined) continue;
        // Beside application/json, another media type (`star+json`, `sarif+json`) answers a call
        // that asks for it by its format, and the map types a call without one: its examples are not that data.
        if (type !== "application/json" && "application/json" in content) continue;
        const examples = [
          ...("example" in media ? [media.example] : []),
          ...Object.values((media.examples ?? {}) as Record<string, unknown>).map((example) => resolve(example).value),
        ].filter((value) => value !== undefined);
        if (examples.length === 0) continue;
        const ref = `description#/${pointer([...path, "content", type, "schema"])}`;
        let validate = compiled.get(ref);
        if (validate === undefined) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
        for (const value of examples)
          if (validate(value) && !JSON.stringify(value).includes('"$ref":') && !MISMATCHED.has(`${target} ${route} ${status}`))
            kept.push({ route, status, value });
          else invalid++;
      }
    }
  }
  return { kept, invalid };
}

/**
 * A program giving each example to its route's data: through a function whose `const` type
 * parameter takes the data as its constraint, so that an example's strings stay the literals an
 * enum needs, and a key the schema does not declare (JSON Schema allows others where
 * `additionalProperties` is not false) is no error, as the data TypeScript reads may hold more.
 */
function examplesProgram(target: string, examples: { route: string; status: string; value: unknown }[]): string {
  return [
    'import type { ResponseOf } from "rest-endpoint";',
    `import type { Routes } from "rest-endpoint/routes/${target}.responses";`,
    "type Data<R extends keyof Routes & string, S> = Extract<ResponseOf<Routes, R>, { status: S }> extends { data: infer D } ? D : never;",
    "declare function data<R extends keyof Routes & string, S>(): <const T extends Data<R, S>>(value: T) => void;",
    ...examples.map(({ route, status, value }) => `data<${JSON.stringify(route)}, ${status}>()(${JSON.stringify(value)});`),
    "",
  ].join("\n");
}

describe.each(["api.github.com", "ghes-3.19"])("%s", (target) => {
  test("each response example its schema accepts compiles as its route's data, strict", () => {
    const { kept, invalid } = examplesOf(target);
    // GitHub's descriptions hold some 1,000 response examples; each target's ones its own schema accepts.
    expect(kept.length).toBeGreaterThan(500);
    expect(kept.length).toBeGreaterThan(invalid);
    const file = join(dir, `examples-${target}.mts`);
    writeFileSync(file, examplesProgram(target, kept));
    expect(diagnosticsIn(dir, [file])).toEqual([]);
  }, 600_000);
});

test("reading data the description does not declare is a type error; each status narrows data", () => {
  const file = join(dir, "negatives.mts");
  const lines = [
    'import { endpoint, type EndpointInterface, type ResponseFor, type ResponseOf } from "rest-endpoint";',
    'import type { Routes } from "rest-endpoint/routes/api.github.com.responses";',
    'import type { Routes as Requests } from "rest-endpoint/routes/api.github.com";',
    // The map alone holds no responses: reading one is an error that names the module that has them.
    'declare const none: ResponseOf<Requests, "GET /repos/{owner}/{repo}">;',
    "// @ts-expect-error a Refusal, which has no status",
    "void none.status;",
    "export const refusal: keyof typeof none = 'GET /repos/{owner}/{repo}: this map holds no response types; import Routes from \"rest-endpoint/routes/<map>.responses\" (the map\\'s own name, its API version included), or generate the map again';",
    "const github: EndpointInterface<Routes> = endpoint;",
    'declare const repo: ResponseOf<Routes, "GET /repos/{owner}/{repo}">;',
    "if (repo.status === 200) {",
    "  const name: string = repo.data.full_name;",
    "  // @ts-expect-error `ful_name` is misspelt",
    "  void repo.data.ful_name;",
    "  // @ts-expect-error `full_name` is a string",
    "  const wrong: number = repo.data.full_name;",
    "  void [name, wrong];",
    "}",
    "// @ts-expect-error a 404's data is a BasicError, which has no `full_name`",
    "if (repo.status === 404) void repo.data.full_name;",
    'const options = github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });',
    "declare const issues: Extract<ResponseFor<typeof options>, { status: 200 }>;",
    "const title: string = issues.data[0]!.title;",
    "const link: string | undefined = issues.headers.link;",
    "// @ts-expect-error `titel` is misspelt",
    "void issues.data[0]!.titel;",
    'declare const deleted: Extract<ResponseOf<Routes, "DELETE /repos/{owner}/{repo}">, { status: 204 }>;',
    "const nothing: undefined = deleted.data;",
    'declare const diff: Extract<ResponseOf<Routes, "GET /repos/{owner}/{repo}/pulls/{pull_number}", "diff">, { status: 200 }>;',
    "const text: string = diff.data;",
    'declare const json: Extract<ResponseOf<Routes, "GET /repos/{owner}/{repo}/pulls/{pull_number}">, { status: 200 }>;',
    "// @ts-expect-error without a text format, a pull request's data is JSON",
    "const notText: string = json.data;",
    "void [title, link, nothing, text, notText];",
    // A versioned map with its target's responses, through an endpoint that sends its version.
    'import type { Routes as V20260310 } from "rest-endpoint/routes/api.github.com.2026-03-10.responses";',
    'const versioned: EndpointInterface<V20260310> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });',
    'const repository = versioned("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });',
    'export declare const fromVersion: Extract<ResponseFor<typeof repository>, { status: 200 }>["data"]["full_name"] & string;',
    "",
  ];
  writeFileSync(file, lines.join("\n"));
  expect(diagnosticsIn(dir, [file])).toEqual([]);
}, 300_000);

// docs.github.com "Media types": `raw`, `diff`, `patch`, `html` and `sha` answer with text; the
// `+json` formats with JSON. A failure names the line, so that each case fails on its own.
test("a call's mediaType.format types its response: text for diff, raw, patch, html, sha; JSON without one or with a +json format", () => {
  const file = join(dir, "formats.mts");
  const pull = '"GET /repos/{owner}/{repo}/pulls/{pull_number}"';
  const lines = [
    'import { endpoint, type EndpointInterface, type FormatOption, type ParametersOf, type RequestOptions, type ResponseFor } from "rest-endpoint";',
    'import type { Routes } from "rest-endpoint/routes/api.github.com.responses";',
    "const github: EndpointInterface<Routes> = endpoint;",
    "declare function send<O extends RequestOptions>(options: O): Promise<ResponseFor<O>>;",
    // The README's wrapper.
    "function request<R extends string, Format extends string = string>(route: R, parameters: ParametersOf<Routes, R> & FormatOption<Format>) {",
    "  return send(github<R, Format>(route, parameters));",
    "}",
    "type Ok<T> = Extract<Awaited<T>, { status: 200 }> extends { data: infer D } ? D : never;",
    'const p = { owner: "o", repo: "r", pull_number: 1 } as const;',
    // Direct calls, the route form and the options form.
    ...["diff", "raw", "patch", "html", "sha"].map(
      (format) => `export const direct_${format}: Ok<ResponseFor<ReturnType<typeof github<${pull}, "${format}">>>> = "text";`,
    ),
    `const diffOptions = github(${pull}, { ...p, mediaType: { format: "diff" } });`,
    "export const diffText: Ok<ResponseFor<typeof diffOptions>> = 'text';",
    `const patchOptions = github({ method: "GET", url: "/repos/{owner}/{repo}/pulls/{pull_number}", ...p, mediaType: { format: "patch" } });`,
    "export const patchText: Ok<ResponseFor<typeof patchOptions>> = 'text';",
    `const jsonOptions = github(${pull}, p);`,
    "// @ts-expect-error without a format, a pull request's data is JSON",
    "export const jsonText: Ok<ResponseFor<typeof jsonOptions>> = 'text';",
    "export const jsonTitle: Ok<ResponseFor<typeof jsonOptions>>['title'] = 'title';",
    `const fullJson = github(${pull}, { ...p, mediaType: { format: "full+json" } });`,
    "// @ts-expect-error a +json format answers JSON",
    "export const fullText: Ok<ResponseFor<typeof fullJson>> = 'text';",
    // Through the README's wrapper.
    `const viaWrapper = request(${pull}, { ...p, mediaType: { format: "diff" } });`,
    "export const wrapperText: Ok<typeof viaWrapper> = 'text';",
    `const viaWrapperJson = request(${pull}, p);`,
    "// @ts-expect-error without a format, through the wrapper, JSON",
    "export const wrapperJsonText: Ok<typeof viaWrapperJson> = 'text';",
    "export const wrapperTitle: Ok<typeof viaWrapperJson>['title'] = 'title';",
    // An error status is JSON whatever the format.
    `export const notFound: Extract<ResponseFor<typeof diffOptions>, { status: 404 }>['data']['message'] = 'Not Found';`,
    // Routes whose 200 declares `application/json` beside GitHub's other media types (a commit, a
    // comparison: diff, patch, sha; a file's contents: object; starred repositories: star+json; a
    // code scanning analysis: sarif+json): application/json's data without a format, text with a text one.
    'const commit = await request("GET /repos/{owner}/{repo}/commits/{ref}", { owner: "o", repo: "r", ref: "main" });',
    "export const commitSha: Ok<typeof commit>['sha'] = 'sha';",
    "// @ts-expect-error without a format, a commit's data is JSON",
    "export const commitText: Ok<typeof commit> = 'text';",
    'const commitDiff = await request("GET /repos/{owner}/{repo}/commits/{ref}", { owner: "o", repo: "r", ref: "main", mediaType: { format: "diff" } });',
    "export const commitDiffText: Ok<typeof commitDiff> = 'text';",
    'const comparison = await request("GET /repos/{owner}/{repo}/compare/{basehead}", { owner: "o", repo: "r", basehead: "a...b" });',
    "export const aheadBy: Ok<typeof comparison>['ahead_by'] = 1;",
    'const contents = await request("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "README.md" });',
    "// @ts-expect-error a file's contents are JSON (a file, a directory's list, a symlink, a submodule), no bytes",
    "export const contentsBytes: Ok<typeof contents> = new Uint8Array();",
    // GitHub's `object` format answers its own schema (content-tree); the map types it as the default JSON, not text.
    'const contentsObject = await request("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "src", mediaType: { format: "object" } });',
    "// @ts-expect-error the object format answers JSON, typed as the default's",
    "export const objectText: Ok<typeof contentsObject> = 'text';",
    "export const objectSame: Ok<typeof contentsObject> extends Ok<typeof contents> ? true : false = true;",
    'const starred = await request("GET /user/starred", {});',
    "export const starredName: Ok<typeof starred>[number]['full_name'] = 'octocat/hello-world';",
    'const analysis = await request("GET /repos/{owner}/{repo}/code-scanning/analyses/{analysis_id}", { owner: "o", repo: "r", analysis_id: 1 });',
    "export const analysisRef: Ok<typeof analysis>['ref'] = 'refs/heads/main';",
    "",
  ];
  writeFileSync(file, lines.join("\n"));
  expect(diagnosticsIn(dir, [file])).toEqual([]);
}, 300_000);

// GitHub's CHANGELOG for 2026-03-10, as the description carries it (x-github-breaking-changes,
// scripts/github-versions.mjs): fields removed from responses, statuses renamed and added, a
// component replaced, under that version's map only.
test("the 2026-03-10 maps carry the version's response changes; the 2022-11-28 and unversioned maps do not", () => {
  const file = join(dir, "versioned-responses.mts");
  const lines = [
    'import type { ResponseOf } from "rest-endpoint";',
    'import type { Routes as Old } from "rest-endpoint/routes/api.github.com.2022-11-28.responses";',
    'import type { Routes as New } from "rest-endpoint/routes/api.github.com.2026-03-10.responses";',
    'import type { Routes as GhecNew } from "rest-endpoint/routes/ghec.2026-03-10.responses";',
    "type Ok<M extends object, R extends string> = Extract<ResponseOf<M, R>, { status: 200 }> extends { data: infer D } ? D : never;",
    // Remove deprecated `rate` property from rate limit endpoint.
    'export const oldRate: Ok<Old, "GET /rate_limit">["rate"]["limit"] = 5000;',
    "// @ts-expect-error 2026-03-10 removes `rate`",
    'export const newRate: Ok<New, "GET /rate_limit">["rate"] = undefined;',
    'export const newCore: Ok<New, "GET /rate_limit">["resources"]["core"]["limit"] = 5000;',
    // Remove deprecated `has_downloads` property from Repository response.
    'export const oldDownloads: Ok<Old, "GET /repos/{owner}/{repo}">["has_downloads"] = true;',
    "// @ts-expect-error 2026-03-10 removes `has_downloads`",
    'export const newDownloads: Ok<New, "GET /repos/{owner}/{repo}">["has_downloads"] = true;',
    "// @ts-expect-error in GHEC too",
    'export const ghecDownloads: Ok<GhecNew, "GET /repos/{owner}/{repo}">["has_downloads"] = true;',
    // Remove `authorizations_url` from the API root.
    'export const oldRoot: Ok<Old, "GET /">["authorizations_url"] = "";',
    "// @ts-expect-error 2026-03-10 removes `authorizations_url`",
    'export const newRoot: Ok<New, "GET /">["authorizations_url"] = "";',
    // Change success status code from `204` to `202` for deleting an installation.
    'export const old204: ResponseOf<Old, "DELETE /app/installations/{installation_id}">["status"] = 204;',
    "// @ts-expect-error 2026-03-10 answers 202",
    'export const new204: ResponseOf<New, "DELETE /app/installations/{installation_id}">["status"] = 204;',
    'export const new202: ResponseOf<New, "DELETE /app/installations/{installation_id}">["status"] = 202;',
    // Remove `javascript` and `typescript` from the code scanning default setup's languages.
    'export const oldLanguage: Ok<Old, "GET /repos/{owner}/{repo}/code-scanning/default-setup">["languages"] = ["javascript"];',
    "// @ts-expect-error 2026-03-10 has `javascript-typescript` only",
    'export const newLanguage: Ok<New, "GET /repos/{owner}/{repo}/code-scanning/default-setup">["languages"] = ["javascript"];',
    'export const newBoth: Ok<New, "GET /repos/{owner}/{repo}/code-scanning/default-setup">["languages"] = ["javascript-typescript"];',
    // Remove the underspecified fields `history` and `forks` (a gist: gist-simple, base-gist).
    'export const oldForks: Ok<Old, "GET /gists/{gist_id}">["forks"] = null;',
    "// @ts-expect-error 2026-03-10 removes `forks`",
    'export const newForks: Ok<New, "GET /gists/{gist_id}">["forks"] = null;',
    'export const oldHistory: Ok<Old, "GET /gists">[number]["history"] = undefined;',
    "// @ts-expect-error and `history`, from the gists of a list too",
    'export const newHistory: Ok<New, "GET /gists">[number]["history"] = undefined;',
    // Deprecate `cvss` in favor of `cvss_severities`: the version's description removes it.
    'export const oldCvss: Ok<Old, "GET /advisories/{ghsa_id}">["cvss"] = null;',
    "// @ts-expect-error 2026-03-10 removes `cvss`",
    'export const newCvss: Ok<New, "GET /advisories/{ghsa_id}">["cvss"] = null;',
    'export const newSeverities: Ok<New, "GET /advisories/{ghsa_id}">["cvss_severities"] = null;',
    // Remove `merge_commit_sha` from pull requests; the singular `assignee` from issues and pull requests.
    'export const oldSha: Ok<Old, "GET /repos/{owner}/{repo}/pulls/{pull_number}">["merge_commit_sha"] = null;',
    "// @ts-expect-error 2026-03-10 removes `merge_commit_sha`",
    'export const newSha: Ok<New, "GET /repos/{owner}/{repo}/pulls/{pull_number}">["merge_commit_sha"] = null;',
    'export const oldAssignee: Ok<Old, "GET /repos/{owner}/{repo}/issues/{issue_number}">["assignee"] = null;',
    "// @ts-expect-error and `assignee`",
    'export const newAssignee: Ok<New, "GET /repos/{owner}/{repo}/issues/{issue_number}">["assignee"] = null;',
    // Change workflow dispatch response from `204` to `200`.
    'export const old204Dispatch: ResponseOf<Old, "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches">["status"] = 204;',
    "// @ts-expect-error 2026-03-10 answers 200 only",
    'export const new204Dispatch: ResponseOf<New, "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches">["status"] = 204;',
    // Change delete organization response from `403` to `451` when blocked by trade controls.
    "// @ts-expect-error 2022-11-28 declares no 451",
    'export const old451: ResponseOf<Old, "DELETE /orgs/{org}">["status"] = 451;',
    'export const new451: ResponseOf<New, "DELETE /orgs/{org}">["status"] = 451;',
    // Remove the `bundle` property from attestation list responses.
    'export const oldBundle: NonNullable<Ok<Old, "GET /repos/{owner}/{repo}/attestations/{subject_digest}">["attestations"]>[number]["bundle"] = undefined;',
    "// @ts-expect-error 2026-03-10 removes `bundle`",
    'export const newBundle: NonNullable<Ok<New, "GET /repos/{owner}/{repo}/attestations/{subject_digest}">["attestations"]>[number]["bundle"] = undefined;',
    // Remove repository detail fields from migration resource responses: a simple repository.
    'export const oldMigrated: Ok<Old, "GET /orgs/{org}/migrations/{migration_id}/repositories">[number]["forks_count"] = 1;',
    "// @ts-expect-error 2026-03-10 lists simple repositories",
    'export const newMigrated: Ok<New, "GET /orgs/{org}/migrations/{migration_id}/repositories">[number]["forks_count"] = 1;',
    // Deprecate the `beta` media type: `master_branch` from the Repository schema, `user` from a list's gists.
    'export const oldMaster: Ok<Old, "GET /user/repos">[number]["master_branch"] = "main";',
    "// @ts-expect-error 2026-03-10 removes `master_branch` from Repository",
    'export const newMaster: Ok<New, "GET /user/repos">[number]["master_branch"] = "main";',
    'export const fullMaster: Ok<New, "GET /repos/{owner}/{repo}">["master_branch"] = "main";',
    'export const oldGistUser: Ok<Old, "GET /gists">[number]["user"] = null;',
    "// @ts-expect-error 2026-03-10 removes `user` from BaseGist",
    'export const newGistUser: Ok<New, "GET /gists">[number]["user"] = null;',
    // The CHANGELOG's `has_downloads` item does not list GET /search/repositories: its items keep it.
    'export const searchDownloads: Ok<New, "GET /search/repositories">["items"][number]["has_downloads"] = true;',
    "",
  ];
  writeFileSync(file, lines.join("\n"));
  expect(diagnosticsIn(dir, [file])).toEqual([]);
}, 300_000);

test("api.github.com and ghes-3.19 in one program: each route's response from its own target, no TS2717", async () => {
  const file = join(dir, "two-targets.mts");
  writeFileSync(
    file,
    [
      'import { createEndpoint, endpoint, ghes, type EndpointInterface, type ResponseFor } from "rest-endpoint";',
      'import type { Routes as Dotcom } from "rest-endpoint/routes/api.github.com.responses";',
      'import type { Routes as Ghes } from "rest-endpoint/routes/ghes-3.19.responses";',
      "const dotcom: EndpointInterface<Dotcom> = endpoint;",
      'const server: EndpointInterface<Ghes> = createEndpoint({}, ghes("https://ghe.example", "3.19"));',
      'const a = dotcom("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });',
      'const b = server("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });',
      "export declare const fromDotcom: Extract<ResponseFor<typeof a>, { status: 200 }>;",
      "export declare const fromGhes: Extract<ResponseFor<typeof b>, { status: 200 }>;",
      "export const names: string[] = [fromDotcom.data.full_name, fromGhes.data.full_name];",
      "",
    ].join("\n"),
  );
  const project = join(dir, "tsconfig.two-targets.json");
  writeFileSync(project, JSON.stringify(userTsconfig([file], { noEmit: true })));
  expect([diagnosticsIn(dir, [file]), await tscOutput(tsc7, project)]).toEqual([[], ""]);
}, 300_000);

test.each([
  ["TypeScript 5.9", join(root, "node_modules", "typescript", "bin", "tsc")],
  ["TypeScript 7", tsc7],
])(
  "%s: an SDK compiled with declarations returns typed data, and a second project reads it",
  async (_name, compiler) => {
    // Outside the package, which it installs (a link in its node_modules), as a user's SDK is.
    const sdk = join(tmpdir(), `rest-endpoint-sdk-${String(process.pid)}-${compiler.includes("typescript-7") ? 7 : 5}`);
    mkdirSync(join(sdk, "app"), { recursive: true });
    mkdirSync(join(sdk, "node_modules"), { recursive: true });
    symlinkSync(root, join(sdk, "node_modules", "rest-endpoint"), "dir");
    writeFileSync(
      join(sdk, "index.mts"),
      [
        'import { endpoint, followLink, type EndpointInterface, type FormatOption, type ParametersOf, type RequestOptions, type ResponseFor, type ResponseOf } from "rest-endpoint";',
        'import { toFetch } from "rest-endpoint/clients";',
        'import type { Routes } from "rest-endpoint/routes/api.github.com.responses";',
        "const github: EndpointInterface<Routes> = endpoint;",
        "export async function request<R extends keyof Routes>(route: R, parameters: ParametersOf<Routes, R>): Promise<ResponseOf<Routes, R>> {",
        "  const response = await fetch(...toFetch(github(route, parameters)));",
        "  const data: unknown = response.status === 204 ? undefined : await response.json();",
        "  return { status: response.status, headers: Object.fromEntries(response.headers), data } as unknown as ResponseOf<Routes, R>;",
        "}",
        'export const getRepository = (owner: string, repo: string) => request("GET /repos/{owner}/{repo}", { owner, repo });',
        "async function send<O extends RequestOptions>(options: O): Promise<ResponseFor<O>> {",
        "  const response = await fetch(...toFetch(options));",
        "  return { status: response.status, headers: {}, data: await response.json() } as unknown as ResponseFor<O>;",
        "}",
        // The README's wrapper, which passes the call's mediaType.format on.
        "export function sent<R extends string, Format extends string = string>(route: R, parameters: ParametersOf<Routes, R> & FormatOption<Format>) {",
        "  return send(github<R, Format>(route, parameters));",
        "}",
        'export const issuesRequest = (owner: string, repo: string) => github("GET /repos/{owner}/{repo}/issues", { owner, repo });',
        "export const nextIssues = (owner: string, repo: string) => followLink(issuesRequest(owner, repo), { link: '' });",
        // A versioned map whose responses differ from its target's: its declarations name the
        // version's components through the version's module.
        'import type { Routes as Routes20260310 } from "rest-endpoint/routes/api.github.com.2026-03-10.responses";',
        'const github20260310: EndpointInterface<Routes20260310> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });',
        'export const rateLimit = () => send(github20260310("GET /rate_limit"));',
        "",
      ].join("\n"),
    );
    // preserveSymlinks: the package is read at node_modules/rest-endpoint, where an installed one
    // is, so that the declarations name its modules by the package's name as they would.
    writeFileSync(
      join(sdk, "tsconfig.json"),
      JSON.stringify(userTsconfig(["index.mts"], { declaration: true, outDir: "dist", rootDir: ".", preserveSymlinks: true })),
    );
    const emitted = await promisify(execFile)(process.execPath, [compiler, "-p", sdk, "--pretty", "false"]).catch(
      (error: unknown) => error as { stdout: string },
    );
    expect(emitted.stdout).toBe("");
    writeFileSync(
      join(sdk, "app", "app.mts"),
      [
        'import type { ResponseFor } from "rest-endpoint";',
        'import { getRepository, issuesRequest, nextIssues, rateLimit, sent } from "../dist/index.mjs";',
        'const repository = await getRepository("octokit", "rest.js");',
        'const sentRepository = await sent("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" });',
        "// @ts-expect-error misspelt, through the README's send",
        "if (sentRepository.status === 200) void sentRepository.data.ful_name;",
        "if (sentRepository.status === 200) void sentRepository.data.full_name;",
        "// @ts-expect-error a route the map lacks is refused at its parameters, through the published wrapper",
        'void sent("GET /repos/{owner}/{repo}/issue", { owner: "octokit", repo: "rest.js" });',
        'const sentDiff = await sent("GET /repos/{owner}/{repo}/pulls/{pull_number}", { owner: "o", repo: "r", pull_number: 1, mediaType: { format: "diff" } });',
        "if (sentDiff.status === 200) void sentDiff.data.split('\\n');",
        "// @ts-expect-error a diff is text, which has no title",
        "if (sentDiff.status === 200) void sentDiff.data.title;",
        "if (repository.status === 200) {",
        "  const name: string = repository.data.full_name;",
        "  // @ts-expect-error misspelt",
        "  void repository.data.ful_name;",
        "  void name;",
        "}",
        'type Issues = Extract<ResponseFor<ReturnType<typeof issuesRequest>>, { status: 200 }>["data"];',
        'const title: Issues[number]["title"] = "Bug";',
        'type Next = Extract<ResponseFor<NonNullable<ReturnType<typeof nextIssues>>>, { status: 200 }>["data"];',
        'const number: Next[number]["number"] = 1;',
        "void [title, number];",
        "const limits = await rateLimit();",
        "if (limits.status === 200) void limits.data.resources.core.limit;",
        "// @ts-expect-error API version 2026-03-10 removes `rate` (GitHub's changelog of the version)",
        "if (limits.status === 200) void limits.data.rate;",
        "",
      ].join("\n"),
    );
    writeFileSync(join(sdk, "app", "tsconfig.json"), JSON.stringify(userTsconfig(["app.mts"], { noEmit: true, preserveSymlinks: true })));
    const used = await promisify(execFile)(process.execPath, [compiler, "-p", join(sdk, "app"), "--pretty", "false"]).catch(
      (error: unknown) => error as { stdout: string },
    );
    rmSync(sdk, { recursive: true, force: true });
    expect(used.stdout).toBe("");
  },
  300_000,
);
