import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// `npm run lint` ends with `npm run cycles`: dpdm over the package's entries, exit 1 on an import
// cycle (type-only imports counted too: a cycle of types is still two modules that must be read together).
const root = join(__dirname, "..");
const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const dpdm = join(root, "node_modules", "dpdm", "lib", "bin", "dpdm.js");
/** The `cycles` script's flags and their values: its words between `dpdm` and the first entry. */
const words = scripts.cycles!.split(" ");
const flags = words.slice(
  1,
  words.findIndex((word) => word.startsWith("lib/")),
);
/** The `cycles` script's check, on `entries`. */
const cycles = (entries: string[], cwd = root) =>
  spawnSync(process.execPath, [dpdm, ...flags, ...entries], {
    cwd,
    encoding: "utf8",
  });

test("npm run lint runs the cycle check", () => {
  expect(scripts.lint).toContain("npm run cycles");
  expect(scripts.cycles).toMatch(
    /^dpdm .*--exit-code circular:1 lib\/index\.ts lib\/clients\/index\.ts lib\/openapi\/queries\.ts lib\/cli\/index\.ts$/,
  );
});

test("the package's modules import in no cycle", () => {
  expect(cycles(["lib/index.ts", "lib/clients/index.ts", "lib/openapi/queries.ts", "lib/cli/index.ts"]).status).toBe(0);
});

test("the check fails on a cycle, a type-only one included", () => {
  const dir = join(root, ".tmp", `cycles-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, "a.ts"), 'import type { B } from "./b.js";\nexport type A = { b?: B };\n');
    writeFileSync(join(dir, "b.ts"), 'import type { A } from "./a.js";\nexport type B = { a?: A };\n');
    const result = cycles(["a.ts"], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("a.ts -> b.ts");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
