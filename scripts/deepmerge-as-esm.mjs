// The esbuild plugin that scripts/build.mjs bundles deepmerge with, and that bench/size.mjs measures
// the dependencies with.
import { readFileSync } from "node:fs";

/**
 * deepmerge ships CommonJS only (`module.exports = deepmerge_1`), which a bundler with only a
 * resolver (rollup with @rollup/plugin-node-resolve) cannot import, and which esbuild wraps in a
 * CommonJS shim. Its one `module.exports` line becomes `export default`, and the code is bundled:
 * deepmerge's own code still does the merging. Its licence, and those of the other bundled
 * packages, go to dist/LICENSES.txt instead of comments in the bundle.
 */
export const deepmergeAsEsm = {
  name: "deepmerge-as-esm",
  setup(build) {
    build.onLoad({ filter: /[\\/]deepmerge[\\/]dist[\\/]cjs\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const converted = source.replace(/^module\.exports = (\w+);$/m, "export default $1;");
      if (converted === source) throw new Error("deepmerge's dist/cjs.js no longer ends in `module.exports = …;`");
      return { contents: converted, loader: "js" };
    });
  },
};
