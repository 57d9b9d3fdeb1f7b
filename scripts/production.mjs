// What the production builds (scripts/build.mjs: dist/index.production.js and .cjs) add to the
// others, in one module, so that bench/size.mjs attributes their bytes to source files with the
// same options: the rule texts' remover, and the internal fields esbuild's `mangleProps` shortens.
import { deepmergeAsEsm } from "./deepmerge-as-esm.mjs";
import { withoutRuleTexts } from "./without-rule-texts.mjs";

/** The esbuild plugins of the production builds: the deepmerge adapter and the rule texts' remover. */
export const productionPlugins = [deepmergeAsEsm, withoutRuleTexts];
/**
 * The fields of the core's internal records that no caller writes or reads (a compiled template and
 * its expressions, a call's `hasData`, a cache's bounds), which the production builds shorten
 * (esbuild's `mangleProps`); every name of an object a caller gives or gets (options, request
 * options, targets, a route step's answer, errors) is kept, and `__tests__/package.test.ts` runs
 * every GitHub operation and the hostile battery through both builds.
 */
export const INTERNAL_FIELDS =
  /^(?:hasData|decodedNames|originVariable|originLength|authorityTo|simpleName|pathSegments|varspecs|explode|prefix|segment|required|operator|parts|bytesOf|bounds|declaredQuery|left|names|slots|items|maxBytes|held|parameters)$/;
// A mangled name must never be a built-in's (`[].at()` would be renamed with it): refused here, when a build imports this module.
for (const builtin of [
  Object,
  Function,
  Array,
  String,
  Number,
  Map,
  Set,
  WeakMap,
  RegExp,
  Promise,
  Error,
  URL,
  URLSearchParams,
  Uint8Array,
  // Blob and Response have `bytes()` (Node 20.20, browsers): a name INTERNAL_FIELDS may not take.
  Blob,
  globalThis.Request,
  globalThis.Response,
  globalThis.Headers,
  globalThis.TextEncoder,
  globalThis.TextDecoder,
])
  for (const object of [builtin, builtin.prototype])
    for (const name of Object.getOwnPropertyNames(object))
      if (INTERNAL_FIELDS.test(name))
        throw new Error(
          `scripts/production.mjs: INTERNAL_FIELDS holds "${name}", a property of ${builtin.name}: production builds would rename it`,
        );
