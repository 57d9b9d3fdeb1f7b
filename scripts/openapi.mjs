// Reading GitHub's OpenAPI descriptions from the pinned @octokit/openapi devDependency, shared by
// scripts/generate-multi-segment.mjs and scripts/generate-routes.mjs.
import { readFileSync, readdirSync } from "node:fs";
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

const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];

/**
 * One target's description: its path templates, and its operations, each with its parameters
 * (the path item's and the operation's, `$ref`s resolved). `resolve` follows a `$ref` (a JSON
 * pointer into the same document).
 */
export function readTarget(target) {
  const spec = JSON.parse(readFileSync(join(generated, `${target}.json`), "utf8"));
  const resolve = (value) =>
    value?.$ref === undefined
      ? value
      : value.$ref
          .split("/")
          .slice(1)
          .reduce((node, key) => node[key.replaceAll("~1", "/").replaceAll("~0", "~")], spec);
  const operations = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
      operations.push({ method: method.toUpperCase(), template, operation, parameters });
    }
  }
  return { spec, resolve, templates: new Set(Object.keys(spec.paths)), operations };
}
