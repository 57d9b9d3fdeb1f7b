// `node bench/tsc-timed.mjs <typescript>/lib/_tsc.js <tsc arguments>`: runs TypeScript 5.9's tsc
// from its own bundle, as `tsc` does, and writes one more line before `--extendedDiagnostics`'
// report: `Check time (ms): <n>`, the check time the compiler measured, unrounded. The report
// prints it in hundredths of a second, which on the 0.15 to 0.3 s that bench:types' programs check
// in are steps of 3 to 7 %, as wide as the 10 % targets the figure is held to. The one change to
// the bundle: its report's first call, `sys.getMemoryUsage()`, first writes that line (from the
// compiler's own `getDuration("Check")`); everything else runs as in `tsc`.
import { readFileSync } from "node:fs";
import Module from "node:module";
import { dirname } from "node:path";

const [bundle] = process.argv.splice(2, 1);
const RUN = "executeCommandLine(sys, noop, sys.args);";
// In a function, so that the unpatched text is not held: tsc's memory figure stays the same.
const source = (() => {
  const text = readFileSync(bundle, "utf8");
  if (!text.includes(RUN)) throw new Error(`${bundle}: no "${RUN}" to run (a TypeScript other than 5.x?)`);
  const report =
    "{ const memoryUsage = sys.getMemoryUsage; " +
    'sys.getMemoryUsage = () => { sys.write("Check time (ms): " + getDuration("Check") + sys.newLine); return memoryUsage(); }; }';
  return text.replace(RUN, `${report}\n${RUN}`);
})();
const tsc = new Module(bundle);
tsc.filename = bundle;
tsc.paths = Module._nodeModulePaths(dirname(bundle));
tsc._compile(source, bundle);
