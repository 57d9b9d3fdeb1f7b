import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { readDescription } from "../../lib/openapi/read.js";
import { generateRouteMap } from "../../lib/openapi/write.js";
import { strictProject } from "../helpers/examples.js";

// OpenAPI 3.2 (issue 39, item 2), what oas32.test.ts cannot run in process: calls type-checked
// through the generated map with tsc, strict; `rest-endpoint generate` on the specification's
// examples and on descriptions it refuses (exit 2, one line naming the pointer).
const root = join(__dirname, "..", "..");
const cli = join(root, "dist", "cli.js");
const fixture = join(root, "__tests__", "fixtures", "openapi", "oas32", "oas32.yaml");
// Inside the package, so that `rest-endpoint` in a generated map resolves to the build.
const dir = join(root, ".tmp", `oas32-${process.pid}`);
beforeAll(() => mkdirSync(dir, { recursive: true }));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });

test("calls through the map: the specification's examples compile; a misspelt key, a wrong type, a body where none goes do not", async () => {
  writeFileSync(
    join(dir, "oas32.ts"),
    generateRouteMap((await readDescription(fixture)).spec, { header: () => "", withQueries: true }).typescript,
  );
  const header = [
    'import { queries, type Routes } from "./oas32.js";',
    'import { endpoint, type EndpointInterface } from "rest-endpoint";',
    'import { withQueries } from "rest-endpoint/queries";',
    'const api: EndpointInterface<Routes> = withQueries(endpoint.defaults({ baseUrl: "https://example.com" }), queries);',
  ];
  const calls = [
    // The examples' dataValue, and the other routes.
    'api("GET /foo", { json: { numbers: [1, 2], flag: null } });',
    'api("GET /foo/form", { form: { foo: "a + b", bar: true } });',
    'api("GET /foo/selector", { selector: "$.a.b[1:1]" });',
    'api("COPY /pets/{id}", { id: ["a", "b"] });',
    'api("QUERY /pets", { kind: "cat", limit: 2 });',
    'api("POST /logs", { data: [{ timestamp: "1985-04-12T23:20:50.52Z", level: 1, message: "Hi!" }, { timestamp: new Date(), level: 1 }] });',
    'api("POST /logs", { data: [], headers: { "content-type": "application/jsonl" } });',
    // Negatives, from line 8.
    'api("GET /foo", { json: { numbrs: [1] } });',
    'api("GET /foo", { jsn: { numbers: [1] } });',
    'api("GET /foo/form", { form: { foo: "x", bar: "true" } });',
    'api("GET /foo/selector", { selector: 5 });',
    'api("COPY /pets/{id}", { id: ["a"], data: {} });',
    'api("QUERY /pets", { kind: "bird" });',
    'api("QUERY /pets", { limit: 2 });',
    'api("POST /logs", { data: [{ level: "high" }] });',
    'api("POST /logs", { data: { level: 1 } });',
    'api("POST /logs", {});',
  ];
  const file = join(dir, "calls.mts");
  writeFileSync(file, [...header, ...calls, ""].join("\n"));
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], strictProject(["lib.es2022.d.ts", "lib.dom.d.ts"])));
  const lines = [...new Set(diagnostics.map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1 - header.length))];
  expect(lines).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
}, 120_000);

test("generate: the specification's examples are 7 routes", () => {
  const out = join(dir, "examples.d.ts");
  expect(run("generate", fixture, "--out", out)).toMatchObject({
    status: 0,
    stdout: `${out}: 7 operations of OpenAPI 3.2 examples 1, baseUrl https://example.com\n`,
    stderr: "",
  });
}, 120_000);

test.each([
  [
    { "/a": { additionalOperations: { POST: {} } } },
    `#/paths/~1a/additionalOperations/POST: is the post field's method, which OpenAPI 3.2 says additionalOperations must not hold; received "POST"`,
  ],
  [
    // "Server-Sent Event Streams": a text/event-stream request body, which generate does not write.
    { "/events": { post: { requestBody: { content: { "text/event-stream": { itemSchema: { type: "object" } } } } } } },
    `#/paths/~1events/post/requestBody/content/text~1event-stream/itemSchema: is the item schema of a sequence generate does not write: it writes application/jsonl, application/x-ndjson and application/json-seq; received "text/event-stream"`,
  ],
])(
  "generate --strict refuses %j: exit 2, one line naming the pointer, nothing written (without it, the part is left out: left-out.test.ts)",
  (paths, message) => {
    const refused = join(dir, "refused.json");
    writeFileSync(refused, JSON.stringify({ openapi: "3.2.0", info: { title: "T", version: "1" }, paths }));
    expect(run("generate", refused, "--strict", "--out", join(dir, "refused.d.ts"))).toMatchObject({
      status: 2,
      stdout: "",
      stderr: `rest-endpoint: ${refused}${message}\n`,
    });
    expect(existsSync(join(dir, "refused.d.ts"))).toBe(false);
  },
  120_000,
);
