// npm run bench:scaling: cost per call against the size of each input dimension, with the growth
// exponent k of cost ∝ size^k (least squares on log-log), and at each size the speed ratio against
// @octokit/endpoint measured in the same process, rounds interleaved (its time / ours: above 1, ours
// is faster). Exits 1 when any k of rest-endpoint is above 1.3, i.e. clearly super-linear.
import { endpoint as incumbent } from "@octokit/endpoint";
import { Bench } from "tinybench";
import { endpoint } from "../dist/index.js";

const LIMIT = 1.3;
/** The speed ratio every size of every dimension must reach against @octokit/endpoint (issue: no dimension where it wins). */
const TARGET = 1.0;
const SIZES = [1, 10, 100, 1000];
/** The ratio issue 46 asks at every size; printed beside each dimension's ceiling (below). */
const ISSUE_TARGET = 1.5;
/** A library that does nothing: its `defaults()` keeps the options object it is given and returns itself. */
let kept;
const nothing = Object.assign(() => kept, {
  defaults: (options) => {
    kept = options;
    return nothing;
  },
});
const names = (n, prefix) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
/** `n` query parameters, each with `value`. */
const query = (value) => (lib, n) => {
  const parameters = Object.fromEntries(names(n, "q").map((name) => [name, value]));
  return () => lib("GET /search", parameters);
};
/** A chain of `n` `defaults()` levels over `lib`, each setting a parameter and a header field. */
const chain = (lib, n) => {
  let chained = lib;
  for (let i = 0; i < n; i++) chained = chained.defaults({ [`k${i % 8}`]: i, headers: { [`x-${i % 4}`]: "v" } });
  return chained;
};
/**
 * A dimension's `floor`, where it has one, is the least work any library does for it, timed as the
 * two libraries are: the ratio ours would reach if it cost nothing beyond it, and what the issue's
 * ratio leaves ours beyond it, are printed (what a target can ask of ours).
 */
const dimensions = [
  // GitHub's search `q` always needs percent-encoding: a space, as `"v w"`.
  {
    name: 'query values that need percent-encoding ("v w")',
    sizes: SIZES,
    make: query("v w"),
    floor: {
      name: "the encoding any library does: each value through encodeURIComponent, joined",
      make: (n) => {
        const parameters = Object.fromEntries(names(n, "q").map((name) => [name, "v w"]));
        return () =>
          Object.keys(parameters)
            .map((name) => `${name}=${encodeURIComponent(parameters[name])}`)
            .join("&");
      },
    },
  },
  { name: 'plain query values ("v")', sizes: SIZES, make: query("v") },
  {
    name: "placeholders",
    sizes: SIZES,
    make: (lib, n) => {
      const list = names(n, "p");
      const route = `GET /${list.map((name) => `{${name}}`).join("/")}`;
      const parameters = Object.fromEntries(list.map((name) => [name, "v"]));
      return () => lib(route, parameters);
    },
  },
  {
    name: "body keys",
    sizes: SIZES,
    make: (lib, n) => {
      const parameters = Object.fromEntries(names(n, "b").map((name) => [name, 1]));
      return () => lib("POST /x", parameters);
    },
  },
  {
    name: "defaults() depth, building the chain and one call",
    sizes: SIZES,
    make: (lib, n) => () => chain(lib, n)("GET /x"),
    floor: {
      name: "the bench's own work: building each level's options, a defaults() that keeps them",
      make: (n) => () => chain(nothing, n)(),
    },
  },
  {
    name: "defaults() depth, one call through a built chain",
    sizes: SIZES,
    make: (lib, n) => {
      const chained = chain(lib, n);
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

/** The median time of one call, in ns. */
async function measure(fn) {
  const bench = new Bench({ time: 150, warmupTime: 30 });
  bench.add("call", fn);
  await bench.run();
  return bench.tasks[0].result.latency.p50 * 1e6;
}

// Five rounds: with three, one slow spell of these noisy machines moved a ratio below 1.0×.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `cost per call (µs, median of ${ROUNDS} interleaved rounds), growth exponent k, speed ratio against @octokit/endpoint · Node ${process.version}\n`,
);
let failed = false;
let lowest = { ratio: Infinity };
/** The sizes, over every dimension, whose ratio is under ISSUE_TARGET. */
const under = [];
for (const dimension of dimensions) {
  const samples = { ours: dimension.sizes.map(() => []), theirs: dimension.sizes.map(() => []), floor: dimension.sizes.map(() => []) };
  // Rounds interleave the two libraries at each size, so that a slow spell of the machine falls on both.
  for (let round = 0; round < ROUNDS; round++)
    for (const [index, size] of dimension.sizes.entries()) {
      samples.ours[index].push(await measure(dimension.make(endpoint, size)));
      samples.theirs[index].push(await measure(dimension.make(incumbent, size)));
      if (dimension.floor) samples.floor[index].push(await measure(dimension.floor.make(size)));
    }
  const ours = samples.ours.map(median);
  const theirs = samples.theirs.map(median);
  const ratios = ours.map((time, index) => theirs[index] / time);
  const k = exponent(dimension.sizes, ours);
  console.log(`${dimension.name}: sizes ${dimension.sizes.join(" / ")}`);
  console.log(`  rest-endpoint      ${ours.map((t) => (t / 1000).toFixed(2).padStart(10)).join(" ")}   k = ${k.toFixed(2)}`);
  console.log(
    `  @octokit/endpoint  ${theirs.map((t) => (t / 1000).toFixed(2).padStart(10)).join(" ")}   k = ${exponent(dimension.sizes, theirs).toFixed(2)}`,
  );
  console.log(`  speed ratio        ${ratios.map((r) => `${r.toFixed(2)}×`.padStart(10)).join(" ")}`);
  if (dimension.floor) {
    const floor = samples.floor.map(median);
    const perItem = (times) => times.map((t, index) => Math.round(t / dimension.sizes[index])).join(" / ");
    console.log(`  floor              ${floor.map((t) => (t / 1000).toFixed(2).padStart(10)).join(" ")}   (${dimension.floor.name})`);
    console.log(`  ratio if ours cost only the floor ${theirs.map((t, index) => `${(t / floor[index]).toFixed(2)}×`).join(" / ")}`);
    console.log(
      `  ns per item beyond the floor: a ratio of ${ISSUE_TARGET}× leaves ours ${perItem(theirs.map((t, index) => t / ISSUE_TARGET - floor[index]))}; ours takes ${perItem(ours.map((t, index) => t - floor[index]))}`,
    );
  }
  for (const [index, ratio] of ratios.entries()) {
    if (ratio < lowest.ratio) lowest = { ratio, where: `${dimension.name} at ${dimension.sizes[index]}` };
    if (ratio < ISSUE_TARGET) under.push(`${dimension.name} at ${dimension.sizes[index]}`);
  }
  if (k > LIMIT) {
    failed = true;
    console.log(`  FAIL: rest-endpoint grows super-linearly (k > ${LIMIT})`);
  }
}
console.log(
  `\nlowest speed ratio: ${lowest.ratio.toFixed(2)}× (${lowest.where}; target ≥ ${TARGET.toFixed(1)}× at every size, moonshot 2×)` +
    `\nissue 46's ${ISSUE_TARGET}× at every size: ${under.length === 0 ? "met" : `not met at ${under.length} of ${dimensions.length * SIZES.length} sizes (${under.join("; ")})`}` +
    (failed ? "\nsuper-linear growth found" : `\nevery growth exponent of rest-endpoint is at most ${LIMIT}`),
);
process.exitCode = failed ? 1 : 0;
