// A module resolve hook (node:module register) that does what npm's `overrides` does for a user of
// rest-endpoint-octokit: @octokit/endpoint resolves to packages/octokit's build, and its import of
// rest-endpoint to this package's build (dist/index.js).
const OCTOKIT = new URL("../../packages/octokit/dist/index.js", import.meta.url).href;
const CORE = new URL("../../dist/index.js", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "@octokit/endpoint") return { url: OCTOKIT, shortCircuit: true };
  if (specifier === "rest-endpoint") return { url: CORE, shortCircuit: true };
  return nextResolve(specifier, context);
}
