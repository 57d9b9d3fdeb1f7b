// Bundles a consumer of the installed package with rollup and @rollup/plugin-node-resolve alone (no
// CommonJS plugin), as issue reports found it failing on deepmerge: `node rollup.mjs <project dir>`.
// Writes <project dir>/rollup-bundle.mjs and prints rollup's warnings, one per line.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { rollup } from "@rollup/wasm-node";

const [dir] = process.argv.slice(2);
const input = join(dir, "rollup-input.mjs");
writeFileSync(
  input,
  'import { endpoint } from "rest-endpoint";\nconsole.log(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url);\n',
);
const warnings = [];
const bundle = await rollup({ input, plugins: [nodeResolve()], onwarn: (warning) => warnings.push(warning.message) });
await bundle.write({ file: join(dir, "rollup-bundle.mjs"), format: "es" });
for (const warning of warnings) console.log(warning);
