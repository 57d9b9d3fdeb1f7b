// npm run bench:scaling: cost per call against the size of each input dimension, with the growth
// exponent k of cost ∝ size^k (least squares on log-log). Exits 1 when any k of rest-endpoint is
// above 1.3, i.e. clearly super-linear. @octokit/endpoint is measured beside it for comparison.
import { endpoint as incumbent } from "@octokit/endpoint";
import { Bench } from "tinybench";
import { endpoint } from "../dist/index.js";

const LIMIT = 1.3;
const names = (n, prefix) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const dimensions = [
  {
    name: "query parameters",
    sizes: [10, 100, 1000, 10000],
    make: (lib, n) => {
      const parameters = Object.fromEntries(names(n, "q").map((name) => [name, "v w"]));
      return () => lib("GET /search", parameters);
    },
  },
  {
    name: "placeholders",
    sizes: [1, 10, 100, 1000],
    make: (lib, n) => {
      const list = names(n, "p");
      const route = `GET /${list.map((name) => `{${name}}`).join("/")}`;
      const parameters = Object.fromEntries(list.map((name) => [name, "v"]));
      return () => lib(route, parameters);
    },
  },
  {
    name: "body keys",
    sizes: [10, 100, 1000, 10000],
    make: (lib, n) => {
      const parameters = Object.fromEntries(names(n, "b").map((name) => [name, 1]));
      return () => lib("POST /x", parameters);
    },
  },
  {
    name: "defaults() depth, building the chain and one call",
    sizes: [1, 10, 100, 1000],
    make: (lib, n) => () => {
      let chained = lib;
      for (let i = 0; i < n; i++) chained = chained.defaults({ [`k${i % 8}`]: i, headers: { [`x-${i % 4}`]: "v" } });
      return chained("GET /x");
    },
  },
  {
    name: "defaults() depth, one call through a built chain",
    sizes: [1, 10, 100, 1000],
    make: (lib, n) => {
      let chained = lib;
      for (let i = 0; i < n; i++) chained = chained.defaults({ [`k${i % 8}`]: i, headers: { [`x-${i % 4}`]: "v" } });
      return () => chained("GET /x");
    },
  },
];

function exponent(sizes, times) {
  const xs = sizes.map(Math.log);
  const ys = times.map(Math.log);
  const mx = xs.reduce((a, b) => a + b) / xs.length;
  const my = ys.reduce((a, b) => a + b) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}

async function measure(fn) {
  const bench = new Bench({ time: 200, warmupTime: 50 });
  bench.add("call", fn);
  await bench.run();
  return bench.tasks[0].result.latency.p50 * 1e6; // ns
}

console.log(`cost per call (µs, median) and growth exponent k · Node ${process.version}\n`);
let failed = false;
for (const dimension of dimensions) {
  const rows = [];
  for (const [who, lib] of [
    ["rest-endpoint", endpoint],
    ["@octokit/endpoint", incumbent],
  ]) {
    const times = [];
    for (const size of dimension.sizes) times.push(await measure(dimension.make(lib, size)));
    rows.push({ who, times, k: exponent(dimension.sizes, times) });
  }
  console.log(`${dimension.name}: sizes ${dimension.sizes.join(" / ")}`);
  for (const { who, times, k } of rows) {
    console.log(`  ${who.padEnd(18)} ${times.map((t) => (t / 1000).toFixed(2).padStart(10)).join(" ")}   k = ${k.toFixed(2)}`);
  }
  if (rows[0].k > LIMIT) {
    failed = true;
    console.log(`  FAIL: rest-endpoint grows super-linearly (k > ${LIMIT})`);
  }
}
console.log(failed ? "\nsuper-linear growth found" : `\nevery growth exponent of rest-endpoint is at most ${LIMIT}`);
process.exitCode = failed ? 1 : 0;
