import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { languageService, strictProject, strictTsconfig } from "../helpers/examples.js";

// The typed call, route kind by route kind, under GitHub's map and three maps `rest-endpoint
// generate` writes from real descriptions (__tests__/fixtures/openapi/*/PROVENANCE.md), checked by
// TypeScript 5.9 (the compiler API) and TypeScript 7 (its tsc): each positive compiles, each
// negative fails on its own line with the message given, which names the key or states the rule.
const root = join(__dirname, "..", "..");
const fixtures = join(root, "__tests__", "fixtures", "openapi");
const dir = join(root, ".tmp", `typed-call-${process.pid}`);

/** One case: the call, and `null` where it compiles, else a text its first error must contain. */
type Case = [kind: string, call: string, error: string | null];

const owner = 'owner: "octokit", repo: "rest.js"';
const MAPS: Record<string, { description?: string; cases: Case[] }> = {
  "api.github.com": {
    cases: [
      ["path only", `api("GET /repos/{owner}/{repo}", { ${owner} })`, null],
      ["path only", 'api("GET /repos/{owner}/{repo}", { repo: "rest.js" })', "Property 'owner' is missing"],
      ["path only", `api("GET /repos/{owner}/{repo}", { ${owner}, org: "x" })`, "'org' does not exist"],
      ["query", `api("GET /repos/{owner}/{repo}/issues", { ${owner}, state: "open", per_page: 100 })`, null],
      ["query", `api("GET /repos/{owner}/{repo}/issues", { ${owner}, per_pag: 100 })`, "'per_pag' does not exist"],
      ["query", `api("GET /repos/{owner}/{repo}/issues", { ${owner}, state: "shut" })`, `Type '"shut"' is not assignable`],
      ["query", `api("GET /repos/{owner}/{repo}/issues", { ${owner}, data: "x" })`, "'data' does not exist"],
      ["body", `api("POST /repos/{owner}/{repo}/issues", { ${owner}, title: "Bug", labels: ["bug"] })`, null],
      ["body", `api("POST /repos/{owner}/{repo}/issues", { ${owner}, body: "no title" })`, "Property 'title' is missing"],
      ["body", `api("POST /repos/{owner}/{repo}/issues", { ${owner}, title: "Bug", data: "{}" })`, "'data' does not exist"],
      ["body", `api("POST /repos/{owner}/{repo}/issues", { ${owner}, title: "Bug", method: "PUT" })`, "'method' does not exist"],
      [
        "declared query on a write route",
        'api("POST /user/packages/{package_type}/{package_name}/restore", { package_type: "npm", package_name: "p", token: "t" })',
        null,
      ],
      [
        "declared query on a write route",
        'api("POST /user/packages/{package_type}/{package_name}/restore{?token}", { package_type: "npm", package_name: "p", token: "t" })',
        null,
      ],
      [
        "declared query on a write route",
        'api("POST /user/packages/{package_type}/{package_name}/restore", { package_type: "npm", package_name: "p", token: 1 })',
        "Type 'number' is not assignable to type 'string'",
      ],
      ["data", 'api("POST /markdown/raw", { data: "# Hello", headers: { "content-type": "text/plain" } })', null],
      ["data", 'api("POST /markdown/raw", { data: "# Hello", text: "x" })', "'text' does not exist"],
      [
        "origin",
        `api("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", { ${owner}, release_id: 1, name: "a.zip", data: "x" })`,
        null,
      ],
      [
        "origin",
        `api("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", { ${owner}, release_id: 1, data: "x" })`,
        "Property 'name' is missing",
      ],
      ["route", `api("GET /repos/{owner}/{repo}/issue", { ${owner} })`, "GET /repos/{owner}/{repo}/issue is not a route of the map"],
      [
        "route",
        `api({ method: "GET", url: "/repos/{owner}/{repo}/issue", ${owner} })`,
        "GET /repos/{owner}/{repo}/issue is not a route of the map",
      ],
      ["options form", `api({ method: "GET", url: "/repos/{owner}/{repo}/issues", ${owner}, per_page: 1 })`, null],
      ["options form", `api({ method: "GET", url: "/repos/{owner}/{repo}/issues", ${owner}, per_pag: 1 })`, "'per_pag' does not exist"],
      ["wrapper", `request("GET /repos/{owner}/{repo}/issues", { ${owner}, per_page: 1 })`, null],
      ["wrapper", `request("GET /repos/{owner}/{repo}/issues", { ${owner}, per_pag: 1 })`, "'per_pag' does not exist"],
      ["wrapper", 'request("GET /repos/{owner}/{repo}/issues", { repo: "rest.js" })', "Property 'owner' is missing"],
      [
        "wrapper",
        `request("GET /repos/{owner}/{repo}/issue", { ${owner} })`,
        `Argument of type '"GET /repos/{owner}/{repo}/issue"' is not assignable`,
      ],
    ],
  },
  stripe: {
    description: join(fixtures, "stripe", "spec3.json"),
    cases: [
      ["path only", 'api("GET /v1/customers/{customer}", { customer: "cus_1" })', null],
      ["path only", 'api("GET /v1/customers/{customer}", {})', "Property 'customer' is missing"],
      ["query", 'api("GET /v1/charges", { limit: 3, created: { gte: 1700000000 } })', null],
      ["query", 'api("GET /v1/charges", { limt: 3 })', "'limt' does not exist"],
      ["query", 'api("GET /v1/charges", { limit: "3" })', "Type 'string' is not assignable to type 'number'"],
      ["form body", 'api("POST /v1/customers", { email: "jenny@example.com", metadata: { plan: "pro" } })', null],
      ["form body", 'api("POST /v1/customers", { emial: "jenny@example.com" })', "'emial' does not exist"],
      ["form body", 'api("POST /v1/customers", { data: "email=jenny%40example.com" })', "'data' does not exist"],
      ["route", 'api("GET /v1/customer/{customer}", { customer: "cus_1" })', "is not a route of the map"],
      ["wrapper", 'request("GET /v1/customers/{customer}", { customer: "cus_1", expand: ["default_source"] })', null],
      ["wrapper", 'request("GET /v1/customers/{customer}", { customer: "cus_1", expnd: [] })', "'expnd' does not exist"],
    ],
  },
  digitalocean: {
    description: join(fixtures, "digitalocean", "DigitalOcean-public.v2.yaml"),
    cases: [
      ["path only", 'api("GET /v2/droplets/{droplet_id}", { droplet_id: 1 })', null],
      ["path only", 'api("GET /v2/droplets/{droplet_id}", {})', "Property 'droplet_id' is missing"],
      ["query", 'api("GET /v2/droplets", { tag_name: "web", type: "gpus" })', null],
      ["query", 'api("GET /v2/droplets", { type: "vms" })', `Type '"vms"' is not assignable`],
      ["query", 'api("GET /v2/droplets", { tag: "web" })', "'tag' does not exist"],
      ["body", 'api("POST /v2/tags", { name: "awesome" })', null],
      ["body", 'api("POST /v2/tags", { nme: "awesome" })', "'nme' does not exist"],
      ["declared query on a write route", 'api("DELETE /v2/droplets", { tag_name: "web" })', null],
      [
        "declared query on a write route",
        'api("DELETE /v2/droplets", { tag_name: 1 })',
        "Type 'number' is not assignable to type 'string'",
      ],
      ["route", 'api("DELETE /v2/droplet", { tag_name: "web" })', "is not a route of the map"],
      ["wrapper", 'request("GET /v2/droplets", { per_page: 20 })', null],
      ["wrapper", 'request("GET /v2/droplets", { per_page: "20" })', "Type 'string' is not assignable to type 'number'"],
    ],
  },
  twilio: {
    description: join(fixtures, "twilio", "twilio_messaging_v1.json"),
    cases: [
      ["path only", 'api("DELETE /v1/Services/{ServiceSid}/AlphaSenders/{Sid}", { ServiceSid: "MG1", Sid: "AI1" })', null],
      ["path only", 'api("DELETE /v1/Services/{ServiceSid}/AlphaSenders/{Sid}", { ServiceSid: "MG1" })', "Property 'Sid' is missing"],
      ["query", 'api("GET /v1/Services/{ServiceSid}/AlphaSenders", { ServiceSid: "MG1", PageSize: 20 })', null],
      ["query", 'api("GET /v1/Services/{ServiceSid}/AlphaSenders", { ServiceSid: "MG1", Pagesize: 20 })', "'Pagesize' does not exist"],
      ["form body", 'api("POST /v1/Services/{ServiceSid}/AlphaSenders", { ServiceSid: "MG1", AlphaSender: "Twilio" })', null],
      [
        "form body",
        'api("POST /v1/Services/{ServiceSid}/AlphaSenders", { ServiceSid: "MG1", data: "AlphaSender=Twilio" })',
        "'data' does not exist",
      ],
      ["data", 'api("GET /v1/Services/{ServiceSid}/AlphaSenders", { ServiceSid: "MG1", data: "x" })', "'data' does not exist"],
      ["route", 'api("POST /v1/Service/{ServiceSid}/AlphaSenders", { ServiceSid: "MG1" })', "is not a route of the map"],
      ["wrapper", 'request("POST /v1/Services/{ServiceSid}/AlphaSenders", { ServiceSid: "MG1", AlphaSender: "Twilio" })', null],
      ["wrapper", 'request("POST /v1/Services/{ServiceSid}/AlphaSenders", { AlphaSender: "Twilio" })', "Property 'ServiceSid' is missing"],
    ],
  },
};

/** The program of one map: the map, an endpoint typed by it, the documented wrapper, one case a line. */
function source(name: string, cases: Case[]): { file: string; header: number } {
  const header = [
    name === "api.github.com"
      ? 'import type { Routes } from "rest-endpoint/routes/api.github.com";'
      : `import type { Routes } from "./${name}.js";`,
    'import { endpoint, type EndpointInterface, type ParametersOf } from "rest-endpoint";',
    "const api: EndpointInterface<Routes> = endpoint;",
    "function request<R extends keyof Routes>(route: R, parameters: ParametersOf<Routes, R>) {",
    "  return api(route, parameters);",
    "}",
  ];
  const file = join(dir, `${name}.mts`);
  writeFileSync(file, [...header, ...cases.map(([, call]) => `${call};`), "export {};", ""].join("\n"));
  return { file, header: header.length };
}

/** What each case gave: `null` for none, else its first error's message. */
function outcomes(cases: Case[], header: number, errors: [line: number, message: string][]): (string | null)[] {
  return cases.map((_, index) => errors.find(([line]) => line === header + index)?.[1] ?? null);
}

/** Each case with what it gave, and each case with what it must give: its message text where it must fail. */
function compare(cases: Case[], header: number, errors: [line: number, message: string][]): [actual: unknown[], expected: unknown[]] {
  const gave = outcomes(cases, header, errors);
  return [
    cases.map(([kind, call], index) => [kind, call, gave[index]]),
    cases.map(([kind, call, error]): unknown[] => [kind, call, error === null ? null : (expect.stringContaining(error) as unknown)]),
  ];
}

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  for (const [name, { description }] of Object.entries(MAPS)) {
    if (description === undefined) continue;
    const generated = spawnSync(
      process.execPath,
      [join(root, "dist", "cli.js"), "generate", description, "--out", join(dir, `${name}.d.ts`)],
      {
        encoding: "utf8",
      },
    );
    if (generated.status !== 0) throw new Error(generated.stderr);
  }
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.each(Object.entries(MAPS))("the typed call under the %s map", (name, { cases }) => {
  test("TypeScript 5.9: each positive compiles, each negative fails on its line with its message", () => {
    const { file, header } = source(name, cases);
    // A project with neither lib.dom nor @types/node: the maps compile there too (skipLibCheck false).
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], strictProject(["lib.es2022.d.ts"])));
    expect(diagnostics.filter((diagnostic) => diagnostic.file?.fileName !== file).map((diagnostic) => diagnostic.messageText)).toEqual([]);
    const errors = diagnostics.map((diagnostic): [number, string] => [
      diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line,
      ts.flattenDiagnosticMessageText(diagnostic.messageText, " "),
    ]);
    const [actual, wanted] = compare(cases, header, errors);
    expect(actual).toEqual(wanted);
  }, 300_000);

  test("TypeScript 7: the same", async () => {
    const { file, header } = source(name, cases);
    const project = join(dir, `tsconfig.${name}.json`);
    writeFileSync(project, JSON.stringify(strictTsconfig(file)));
    const tsc = join(root, "node_modules", "typescript-7", "bin", "tsc");
    const { stdout } = await promisify(execFile)(process.execPath, [tsc, "-p", project, "--pretty", "false"]).catch(
      (error: unknown) => error as { stdout: string },
    );
    // `file(line,column): error TSnnnn: message`, then indented lines of the message's chain.
    const errors: [number, string][] = [];
    // Every error is the test file's: the maps compile in a project with neither lib.dom nor @types/node.
    expect(stdout.split("\n").filter((line) => /error TS/.test(line) && !line.includes(`${name}.mts(`))).toEqual([]);
    for (const line of stdout.split("\n")) {
      const match = /\((\d+),\d+\): error TS\d+: (.*)$/.exec(line);
      if (match !== null) errors.push([Number(match[1]) - 1, match[2]!]);
      else if (line.startsWith(" ") && errors.length > 0) errors.at(-1)![1] += ` ${line.trim()}`;
    }
    const [actual, wanted] = compare(cases, header, errors);
    expect(actual).toEqual(wanted);
  }, 300_000);
});

test("completion offers only the keys a call may take: the route's parameters and the options baseUrl, headers, mediaType, request", () => {
  const file = join(dir, "complete.mts");
  const text = [
    'import type { Routes } from "rest-endpoint/routes/api.github.com";',
    'import { endpoint, type EndpointInterface } from "rest-endpoint";',
    "const api: EndpointInterface<Routes> = endpoint;",
    'api("GET /repos/{owner}/{repo}/contents/{path}", {  });',
    'api("POST /markdown/raw", {  });',
    "",
  ].join("\n");
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, text);
  const service = languageService(file, strictProject(["lib.es2022.d.ts"]));
  const keysAt = (marker: string) =>
    service
      .getCompletionsAtPosition(file, text.indexOf(marker) + marker.length - 2, {})
      ?.entries.map((entry) => entry.name)
      .sort();
  expect(keysAt('contents/{path}", {  }')).toEqual(["baseUrl", "headers", "mediaType", "owner", "path", "ref", "repo", "request"]);
  expect(keysAt('raw", {  }')).toEqual(["baseUrl", "data", "headers", "mediaType", "request"]);
}, 300_000);
