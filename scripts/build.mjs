// Builds dist/: the ESM and CommonJS bundles of the library, the CLI, and one bundled declaration
// file per module system. Run by `npm run build` and by `prepare` (so `npm ci` leaves a usable package).
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const { version } = JSON.parse(readFileSync("package.json", "utf8"));
// The version is read from package.json at build time, so the user-agent never ships as a placeholder.
const common = { bundle: true, target: "es2022", define: { __VERSION__: JSON.stringify(version) }, logLevel: "warning" };
const dependencies = ["url-template", "deepmerge", "is-plain-object", "universal-user-agent"];

rmSync("dist", { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: ["lib/index.ts"], outfile: "dist/index.js", format: "esm", platform: "neutral", external: dependencies }),
  // url-template and universal-user-agent are ESM-only: the CommonJS build carries them inside, so
  // that require("rest-endpoint") works even where Node cannot require ES modules.
  build({
    ...common,
    entryPoints: ["lib/index.ts"],
    outfile: "dist/index.cjs",
    format: "cjs",
    platform: "neutral",
    external: ["deepmerge", "is-plain-object"],
  }),
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
execFileSync(
  process.execPath,
  [
    "node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js",
    "--silent",
    "--no-banner",
    "-o",
    "dist/index.d.ts",
    "lib/index.ts",
  ],
  {
    stdio: "inherit",
  },
);
copyFileSync("dist/index.d.ts", "dist/index.d.cts");
// The bin must be executable: `npx rest-endpoint` runs it directly.
chmodSync("dist/cli.js", 0o755);
