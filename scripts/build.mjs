// Builds dist/: the ESM and CommonJS bundles of the library, the CLI, one bundled declaration
// file per module system, and the route maps (dist/routes/, scripts/generate-routes.mjs). Run by `npm run build`, by `npm test` before it tests, and by `prepack` (so a packed or published package holds it). No install script: a consumer installing the package runs nothing.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { deepmergeAsEsm } from "./deepmerge-as-esm.mjs";
import { INTERNAL_FIELDS, productionPlugins } from "./production.mjs";

const { version } = JSON.parse(readFileSync("package.json", "utf8"));

// The version is read from package.json at build time, so the user-agent never ships as a placeholder.
const common = {
  bundle: true,
  target: "es2022",
  define: { __VERSION__: JSON.stringify(version) },
  logLevel: "warning",
  legalComments: "none",
  metafile: true,
  // platform "neutral" reads no package field by default: deepmerge's entry is its `main`.
  mainFields: ["module", "main"],
  plugins: [deepmergeAsEsm],
};
/** ES modules that stay imports in the ESM build, so that a consumer's bundler shares them. */
const dependencies = ["url-template", "universal-user-agent"];

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist");
// Three entries: the library, the client converters (`rest-endpoint/clients`) and the generated
// maps' query wrapper (`rest-endpoint/queries`), so that neither CommonJS users nor whole-module
// imports carry the converters or the wrapper unless they ask for them.
const entries = ["index", "clients", "queries"];
/** Each entry's source: the core's entry, and the index of the folder of its product (lib/clients/, lib/openapi/). */
const sources = { index: "lib/index.ts", clients: "lib/clients/index.ts", queries: "lib/openapi/queries.ts" };
// The CommonJS build carries the ESM-only url-template and universal-user-agent inside, so that
// require("rest-endpoint") works even where Node cannot require ES modules.
const formats = [
  { extension: "js", external: dependencies },
  { extension: "cjs", external: [] },
];
/**
 * The CommonJS build is the ES module build with its one closing `export { … };` written as a plain
 * `module.exports = { … };`: no `__export`/`__toCommonJS` helpers, no getters (the exports are
 * constants). Any other `export` or `import` left in the output fails the build.
 */
function asCommonJs(code, file) {
  const tail = /\nexport \{([^}]*)\};\n$/.exec(code);
  if (tail === null) throw new Error(`${file}: the ES module build does not end in one export statement`);
  const members = tail[1]
    .split(",")
    .map((member) => member.trim())
    .filter((member) => member !== "")
    .map((member) => {
      const [local, exported = local] = member.split(" as ");
      return local === exported ? local : `${exported}: ${local}`;
    });
  const body = code.slice(0, tail.index);
  if (/^(?:import|export)\b/m.test(body)) throw new Error(`${file}: the ES module build holds another import or export`);
  return `"use strict";\n${body}\nmodule.exports = { ${members.join(", ")} };\n`;
}
/**
 * Builds `source` to `dist/<name>.<extension>` as an ES module, written as CommonJS for `.cjs`
 * ({@link asCommonJs}), with `plugins` (the deepmerge adapter, and for production the rule texts' remover).
 */
async function buildEntry(source, name, { extension, external }, plugins = common.plugins, options = {}) {
  const outfile = `dist/${name}.${extension}`;
  const result = await build({
    ...common,
    ...options,
    plugins,
    entryPoints: [source],
    outfile,
    format: "esm",
    platform: "neutral",
    external,
    write: extension === "js",
  });
  if (extension === "cjs") writeFileSync(outfile, asCommonJs(result.outputFiles[0].text, outfile));
  return result;
}
const results = await Promise.all([
  ...entries.flatMap((name) => formats.map((format) => buildEntry(sources[name], name, format))),
  // The `production` export condition (set by webpack and Vite in production builds): the build
  // whose messages carry code, argument, value received and docs link, without the sentence of the
  // rule (docs/errors.md, "Messages in production builds"); as an ES module, and as CommonJS for
  // `require` (its dependencies inside, as dist/index.cjs carries them).
  ...formats.map((format) => buildEntry(sources.index, "index.production", format, productionPlugins, { mangleProps: INTERNAL_FIELDS })),
  build({
    ...common,
    entryPoints: ["lib/cli/index.ts"],
    outfile: "dist/cli.js",
    format: "esm",
    platform: "node",
    external: dependencies,
    // The CLI bundles CommonJS packages (yaml) that require Node's built-ins: give them `require`.
    banner: {
      js: '#!/usr/bin/env node\nimport { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);',
    },
  }),
]);
// rest-endpoint-octokit (packages/octokit): a thin wrapper that imports rest-endpoint by name, as its
// dependency; its types are @octokit/endpoint's own declaration, so that it satisfies
// @octokit/types' EndpointInterface wherever @octokit/endpoint did.
const octokit = "packages/octokit";
rmSync(`${octokit}/dist`, { recursive: true, force: true });
await Promise.all(
  ["js", "cjs"].map((extension) =>
    build({
      ...common,
      plugins: [],
      entryPoints: [`${octokit}/src/index.ts`],
      outfile: `${octokit}/dist/index.${extension}`,
      format: extension === "js" ? "esm" : "cjs",
      platform: "neutral",
      external: ["rest-endpoint"],
    }),
  ),
);
for (const extension of ["d.ts", "d.cts"])
  writeFileSync(
    `${octokit}/dist/index.${extension}`,
    'export declare const endpoint: import("@octokit/types").EndpointInterface<object>;\n',
  );
for (const name of entries) {
  execFileSync(
    process.execPath,
    [
      "node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js",
      "--silent",
      "--no-banner",
      // Only what each entry exports is public: the type-level route parser's
      // pieces stay internal to the declaration file.
      "--export-referenced-types=false",
      "-o",
      `dist/${name}.d.ts`,
      sources[name],
    ],
    { stdio: "inherit" },
  );
  copyFileSync(`dist/${name}.d.ts`, `dist/${name}.d.cts`);
}
// Every package whose code a build carries, with its licence and the files that carry it (read from
// esbuild's metafiles, so that the list cannot miss one).
const carriers = new Map();
for (const { metafile } of results) {
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    for (const input of Object.keys(inputs)) {
      const at = input.lastIndexOf("node_modules/");
      if (at === -1) continue;
      const [first, second] = input.slice(at + "node_modules/".length).split("/");
      const directory = input.slice(0, at) + `node_modules/${first.startsWith("@") ? `${first}/${second}` : first}`;
      carriers.set(directory, new Set([...(carriers.get(directory) ?? []), output]));
    }
  }
}
writeFileSync(
  "dist/LICENSES.txt",
  [...carriers]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([directory, outputs]) => {
      const { name, version: v, license } = JSON.parse(readFileSync(`${directory}/package.json`, "utf8"));
      const text = readFileSync(`${directory}/${readdirSync(directory).find((file) => /^licen[cs]e/i.test(file))}`, "utf8");
      return `${name}@${v} (${license}), bundled into ${[...outputs].sort().join(", ")}:\n\n${text.trim()}\n`;
    })
    .join("\n---\n\n"),
);
execFileSync(process.execPath, ["scripts/generate-routes.mjs"], { stdio: "inherit" });
// The bin must be executable: `npx rest-endpoint` runs it directly.
chmodSync("dist/cli.js", 0o755);
