// Builds dist/: the ESM and CommonJS bundles of the library, the CLI, one bundled declaration
// file per module system, and the route maps (dist/routes/, scripts/generate-routes.mjs). Run by `npm run build`, by `npm test` before it tests, and by `prepack` (so a packed or published package holds it). No install script: a consumer installing the package runs nothing.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const { version } = JSON.parse(readFileSync("package.json", "utf8"));
// The version is read from package.json at build time, so the user-agent never ships as a placeholder.
const common = { bundle: true, target: "es2022", define: { __VERSION__: JSON.stringify(version) }, logLevel: "warning" };
const dependencies = ["url-template", "deepmerge", "is-plain-object", "universal-user-agent"];

rmSync("dist", { recursive: true, force: true });
// Two entries: the library, and the client converters (`rest-endpoint/clients`), so that neither
// CommonJS users nor whole-module imports carry the converters unless they ask for them.
const entries = ["index", "clients"];
// The CommonJS build carries the ESM-only url-template and universal-user-agent inside, so that
// require("rest-endpoint") works even where Node cannot require ES modules.
const formats = [
  { format: "esm", extension: "js", external: dependencies },
  { format: "cjs", extension: "cjs", external: ["deepmerge", "is-plain-object"] },
];
await Promise.all([
  ...entries.flatMap((name) =>
    formats.map(({ format, extension, external }) =>
      build({ ...common, entryPoints: [`lib/${name}.ts`], outfile: `dist/${name}.${extension}`, format, platform: "neutral", external }),
    ),
  ),
  build({
    ...common,
    entryPoints: ["lib/cli.ts"],
    outfile: "dist/cli.js",
    format: "esm",
    platform: "node",
    external: dependencies,
    banner: { js: "#!/usr/bin/env node" },
  }),
]);
for (const name of entries) {
  execFileSync(
    process.execPath,
    [
      "node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js",
      "--silent",
      "--no-banner",
      // Only what lib/index.ts and lib/clients.ts export is public: the type-level route parser's
      // pieces stay internal to the declaration file.
      "--export-referenced-types=false",
      "-o",
      `dist/${name}.d.ts`,
      `lib/${name}.ts`,
    ],
    { stdio: "inherit" },
  );
  copyFileSync(`dist/${name}.d.ts`, `dist/${name}.d.cts`);
}
execFileSync(process.execPath, ["scripts/generate-routes.mjs"], { stdio: "inherit" });
// The bin must be executable: `npx rest-endpoint` runs it directly.
chmodSync("dist/cli.js", 0o755);
