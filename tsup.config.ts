import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

// The version is read from package.json at build time, so the user-agent never ships as a placeholder.
const define = { __VERSION__: JSON.stringify(version) };

export default defineConfig([
  {
    entry: { index: "lib/index.ts" },
    format: ["esm"],
    dts: true,
    clean: true,
    target: "es2022",
    platform: "neutral",
    define,
  },
  {
    entry: { index: "lib/index.ts" },
    format: ["cjs"],
    dts: true,
    target: "es2022",
    platform: "neutral",
    define,
    // url-template and universal-user-agent are ESM-only: the CommonJS build carries them inside,
    // so `require("rest-endpoint")` works even where Node cannot require ES modules.
    noExternal: ["url-template", "universal-user-agent"],
  },
  {
    entry: { cli: "lib/cli.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    define,
    banner: { js: "#!/usr/bin/env node" },
  },
]);
