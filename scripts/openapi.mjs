// Reading GitHub's OpenAPI descriptions from the pinned @octokit/openapi devDependency, shared by
// scripts/generate-multi-segment.mjs and scripts/generate-routes.mjs, with the code of
// `rest-endpoint generate` (lib/openapi/), bundled by esbuild in memory and imported from there.
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

/** lib/openapi/routes.ts, write.ts and listing.ts, and the two pieces of the core the scripts need, as one ES module. */
const [bundle] = (
  await build({
    stdin: {
      contents:
        'export * from "./lib/openapi/routes.ts";\nexport * from "./lib/openapi/write.ts";\nexport * from "./lib/openapi/listing.ts";\nexport { BODY_METHODS } from "./lib/core/request.ts";\nexport { readMultiSegmentTable } from "./lib/github/routes.ts";\n',
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
/** The generator (`operationsOf`, `generateRouteMap`), the listings' reader (`resolveListing`, `listingChanges`), `BODY_METHODS` and `readMultiSegmentTable`. */
export const generator = await import(`data:text/javascript;base64,${Buffer.from(bundle.contents).toString("base64")}`);

/**
 * One target's description, its path templates, and its operations as the generator reads them,
 * each with its parameters (the path item's and the operation's, `$ref`s resolved).
 */
export function readTarget(target) {
  const spec = JSON.parse(readFileSync(join(generated, `${target}.json`), "utf8"));
  return { spec, templates: new Set(Object.keys(spec.paths)), operations: generator.operationsOf(spec).operations };
}

/**
 * What a description's operations give GitHub's tables (scripts/generate-github-tables.mjs): each
 * path template's multi-segment parameter (`x-multi-segment`: "supports multiple URL segments"),
 * and the query parameters' names of each operation that sends a body, by `"<METHOD> <template>"`.
 *
 * @throws Error when a template has two multi-segment parameters
 */
export function tablesOf(operations, name) {
  const marked = new Map();
  const declared = new Map();
  for (const { method, template, parameters } of operations) {
    const query = parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
    if (generator.BODY_METHODS.has(method.toLowerCase()) && query.length > 0) declared.set(`${method} ${template}`, query.join(" "));
    for (const parameter of parameters) {
      if (parameter.in !== "path" || parameter["x-multi-segment"] !== true) continue;
      const known = marked.get(template);
      if (known !== undefined && known !== parameter.name) throw new Error(`${name}: ${template} has two multi-segment parameters`);
      marked.set(template, parameter.name);
    }
  }
  return { marked, declared };
}
