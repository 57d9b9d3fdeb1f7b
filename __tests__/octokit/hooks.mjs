// A module resolve hook (node:module register) that does what npm's `overrides` does for a user:
// every import of @octokit/endpoint resolves to rest-endpoint's build (dist/index.js).
const REPLACEMENT = new URL("../../dist/index.js", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "@octokit/endpoint") return { url: REPLACEMENT, shortCircuit: true };
  return nextResolve(specifier, context);
}
