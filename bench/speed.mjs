// npm run bench: rest-endpoint against @octokit/endpoint in one process, interleaved, with tinybench.
// Prints ops/s, ns/op and the speed-up per scenario, and their geometric mean.
import { endpoint as incumbent } from "@octokit/endpoint";
import { Bench } from "tinybench";
import { isDeepStrictEqual } from "node:util";
import { endpoint } from "../dist/index.js";
import { handWritten } from "./floor.mjs";
import { scenarios } from "./scenarios.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TIME = Number(process.env.BENCH_TIME ?? 150); // ms per task per round
const BATCH = 20; // calls per sample, so that timer resolution does not dominate a sub-microsecond call

const ours = scenarios(endpoint);
const theirs = scenarios(incumbent);
const names = Object.keys(ours);
// The floor runs scenario (a) only, and must give exactly our result for it.
const A = "a GET, 2 path + 2 query";
const floor = handWritten(endpoint.DEFAULTS.headers);
const floorA = () => floor("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 });
if (!isDeepStrictEqual(floorA(), ours[A]())) throw new Error("the hand-written floor does not give rest-endpoint's result for (a)");
const floorSamples = [];
const samples = new Map(names.map((name) => [name, { ours: [], theirs: [] }]));
let sink = 0;
const batched = (fn) => () => {
  for (let i = 0; i < BATCH; i++) sink += fn().url.length;
};

for (let round = 0; round < ROUNDS; round++) {
  for (const name of names) {
    const bench = new Bench({ time: TIME, warmupTime: 30 });
    // Interleaved: the order of the two libraries alternates from round to round.
    const pair = [
      ["ours", batched(ours[name])],
      ["theirs", batched(theirs[name])],
    ];
    if (name === A) pair.push(["floor", batched(floorA)]);
    for (const [who, fn] of round % 2 === 0 ? pair : pair.reverse()) bench.add(who, fn);
    await bench.run();
    for (const task of bench.tasks) {
      const ns = (task.result.latency.p50 * 1e6) / BATCH;
      if (task.name === "floor") floorSamples.push(ns);
      else samples.get(name)[task.name].push(ns);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const rows = names.map((name) => {
  const { ours: a, theirs: b } = samples.get(name);
  const nsOurs = median(a);
  const nsTheirs = median(b);
  return { name, nsOurs, nsTheirs, speedup: nsTheirs / nsOurs };
});
const geomean = Math.exp(rows.reduce((sum, row) => sum + Math.log(row.speedup), 0) / rows.length);
const pad = (text, width) => String(text).padStart(width);
console.log(
  `rest-endpoint vs @octokit/endpoint 11.0.5 · Node ${process.version} · ${ROUNDS} interleaved rounds, median of per-round p50\n`,
);
console.log(`| scenario | rest-endpoint ops/s | ns/op | @octokit/endpoint ops/s | ns/op | speed-up |`);
console.log(`| --- | ---: | ---: | ---: | ---: | ---: |`);
for (const row of rows) {
  console.log(
    `| ${row.name} | ${pad(Math.round(1e9 / row.nsOurs).toLocaleString("en"), 10)} | ${pad(row.nsOurs.toFixed(0), 6)} | ${pad(Math.round(1e9 / row.nsTheirs).toLocaleString("en"), 10)} | ${pad(row.nsTheirs.toFixed(0), 6)} | ${row.speedup.toFixed(2)}× |`,
  );
}
const lowest = Math.min(...rows.map((row) => row.speedup));
const g = rows.find((row) => row.name.startsWith("g ")).speedup;
const verdict = (value, target) => `${value.toFixed(2)}× (target ≥ ${target.toFixed(1)}×: ${value >= target ? "met" : "not met"})`;
console.log(`\ngeometric mean speed-up: ${verdict(geomean, 4.5)}; lowest: ${verdict(lowest, 1.5)}; (g): ${verdict(g, 2.5)}`);
const nsFloor = median(floorSamples);
const nsA = rows.find((row) => row.name === A).nsOurs;
console.log(
  `hand-written floor for (a) (bench/floor.mjs, same result asserted): ${nsFloor.toFixed(0)} ns/op; rest-endpoint ${nsA.toFixed(0)} ns/op = ${(nsA / nsFloor).toFixed(2)}× the floor's time (target ≤ 1.00×)`,
);
if (sink === 0) console.log("");
