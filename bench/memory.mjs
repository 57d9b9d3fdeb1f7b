// npm run bench:memory: bytes allocated per call for scenarios (a), (b), (g) on both libraries.
// Run with --expose-gc and a young generation large enough that no collection happens while a
// batch runs: the heap growth over the batch, divided by its calls, is what each call allocated.
import { endpoint as incumbent } from "@octokit/endpoint";
import { PerformanceObserver } from "node:perf_hooks";
import { endpoint } from "../dist/index.js";
import { scenarios } from "./scenarios.mjs";

if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");
const CALLS = 2000;
const REPEATS = 15;
// Targets (bytes per call, ours / incumbent's): (g) is bound by url-template's own encoding.
const PICK = { "a GET, 2 path + 2 query": 0.5, "b POST, 2 path + 6-key body": 0.5, "g GET, 20 query (3 arrays)": 1.0 };

let collections = 0;
new PerformanceObserver((list) => (collections += list.getEntries().length)).observe({ entryTypes: ["gc"] });

function bytesPerCall(fn) {
  // Each result is kept, so that no allocation can be optimised away; the array is made beforehand.
  const kept = new Array(CALLS).fill(null);
  for (let i = 0; i < 5000; i++) kept[i % CALLS] = fn(); // warm up: compiled code and caches in place
  const results = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    kept.fill(null);
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    const seen = collections;
    for (let i = 0; i < CALLS; i++) kept[i] = fn();
    const after = process.memoryUsage().heapUsed;
    if (collections === seen) results.push((after - before) / CALLS);
  }
  results.sort((a, b) => a - b);
  return results[Math.floor(results.length / 2)];
}

const ours = scenarios(endpoint);
const theirs = scenarios(incumbent);
console.log(`bytes allocated per call (median of ${REPEATS} batches of ${CALLS} calls without a collection) · Node ${process.version}\n`);
console.log("| scenario | rest-endpoint | @octokit/endpoint | ratio | target |");
console.log("| --- | ---: | ---: | ---: | ---: |");
let met = 0;
for (const [name, target] of Object.entries(PICK)) {
  const a = bytesPerCall(ours[name]);
  const b = bytesPerCall(theirs[name]);
  if (a / b <= target) met++;
  console.log(
    `| ${name} | ${Math.round(a).toLocaleString("en")} B | ${Math.round(b).toLocaleString("en")} B | ${(a / b).toFixed(2)} | ≤ ${target.toFixed(2)} |`,
  );
}
console.log(`\ntargets met: ${met} of ${Object.keys(PICK).length}`);
