// Reading GitHub's OpenAPI descriptions from the pinned @octokit/openapi devDependency, shared by
// scripts/generate-multi-segment.mjs and scripts/generate-routes.mjs, with the code of
// `rest-endpoint generate` (lib/generate.ts), bundled by esbuild in memory and imported from there.
import { readFileSync, readdirSync } from "node:fs";
import { build } from "esbuild";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const generated = join(dirname(require.resolve("@octokit/openapi/package.json")), "generated");

/** The pinned @octokit/openapi version. */
export const OPENAPI_VERSION = JSON.parse(readFileSync(join(generated, "..", "package.json"), "utf8")).version;

/** The targets it describes: `api.github.com`, `ghec`, `ghes-3.17`, … */
export const TARGETS = readdirSync(generated)
  .filter((file) => file.endsWith(".json") && !file.endsWith(".deref.json"))
  .map((file) => file.slice(0, -".json".length))
  .sort();

/** lib/generate.ts and lib/listing.ts and what they import, as one ES module. */
const [bundle] = (
  await build({
    stdin: {
      contents: 'export * from "./lib/generate.ts";\nexport * from "./lib/listing.ts";\n',
      resolveDir: new URL("..", import.meta.url).pathname,
      loader: "ts",
    },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    mainFields: ["module", "main"],
    logLevel: "warning",
  })
).outputFiles;
/** The generator (`operationsOf`, `generateRouteMap`) and the listings' reader (`resolveListing`). */
export const generator = await import(`data:text/javascript;base64,${Buffer.from(bundle.contents).toString("base64")}`);

/**
 * One target's description, its path templates, and its operations as the generator reads them,
 * each with its parameters (the path item's and the operation's, `$ref`s resolved).
 */
export function readTarget(target) {
  const spec = JSON.parse(readFileSync(join(generated, `${target}.json`), "utf8"));
  return { spec, templates: new Set(Object.keys(spec.paths)), operations: generator.operationsOf(spec).operations };
}
