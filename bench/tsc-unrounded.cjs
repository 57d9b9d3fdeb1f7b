// `node --require bench/tsc-unrounded.cjs <typescript>/bin/tsc … --extendedDiagnostics`: tsc as it
// runs, its timings printed to the microsecond. TypeScript 5.9's report writes each time as
// `(ms / 1e3).toFixed(2) + "s"`, hundredths of a second: on the 0.2 to 0.45 s that bench:types'
// programs check in, steps of 2 to 5 %, near the 10 % targets the figures are held to. Its bundle
// (lib/_tsc.js) calls `toFixed` there alone, so this asks six decimals where it asks two; nothing
// else of the compiler, its loading or its memory changes.
"use strict";
const toFixed = Number.prototype.toFixed;
Number.prototype.toFixed = function (digits) {
  return toFixed.call(this, digits === 2 ? 6 : digits);
};
