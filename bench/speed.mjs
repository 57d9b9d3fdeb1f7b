// npm run bench: rest-endpoint against @octokit/endpoint in one process, interleaved, with tinybench.
// Prints ops/s, ns/op and the speed-up per scenario, and their geometric mean.
import { endpoint as incumbent } from "@octokit/endpoint";
import { Bench } from "tinybench";
import { isDeepStrictEqual } from "node:util";
import { endpoint, followLink } from "../dist/index.js";
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
// Issue 46's targets: the geometric mean ≥ 5×, every scenario ≥ 2.5× ((g), 20 query values, is the lowest as a rule).
console.log(`\ngeometric mean speed-up: ${verdict(geomean, 5)}; lowest: ${verdict(lowest, 2.5)}; (g): ${verdict(g, 2.5)}`);
const nsFloor = median(floorSamples);
const nsA = rows.find((row) => row.name === A).nsOurs;
console.log(
  `hand-written floor for (a) (bench/floor.mjs, same result asserted): ${nsFloor.toFixed(0)} ns/op; rest-endpoint ${nsA.toFixed(0)} ns/op = ${(nsA / nsFloor).toFixed(2)}× the floor's time (target ≤ 1.00×)`,
);

// Pagination (docs/usage.md, "Pagination"): building the next page's request options from a response
// with followLink, against building the first with endpoint(). The response is GitHub's issues
// page with its four links (prev, next, last, first, as docs.github.com shows them) among 20 header
// fields, as fetch's Headers and as node's object (node:http, got, undici's request()).
const first = () =>
  endpoint("GET /repos/{owner}/{repo}/issues", {
    owner: "octokit",
    repo: "rest.js",
    per_page: 100,
    headers: { authorization: "token ghp_0123456789" },
  });
const firstRequest = first();
const link = ["prev", "next", "last", "first"]
  .map((rel, i) => `<https://api.github.com/repositories/711976/issues?per_page=100&page=${[1, 3, 50, 1][i]}>; rel="${rel}"`)
  .join(", ");
const fields = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining",
  "cache-control": "private, max-age=60, s-maxage=60",
  "content-encoding": "gzip",
  "content-security-policy": "default-src 'none'",
  "content-type": "application/json; charset=utf-8",
  date: "Thu, 26 Nov 2026 01:00:00 GMT",
  etag: 'W/"0123456789abcdef"',
  link,
  "referrer-policy": "origin-when-cross-origin, strict-origin-when-cross-origin",
  server: "github.com",
  "strict-transport-security": "max-age=31536000; includeSubdomains; preload",
  vary: "Accept, Authorization, Cookie, X-GitHub-OTP",
  "x-content-type-options": "nosniff",
  "x-frame-options": "deny",
  "x-github-api-version-selected": "2022-11-28",
  "x-github-media-type": "github.v3; format=json",
  "x-github-request-id": "F8B1:181D5:17DE45:202777:5A261691",
  "x-ratelimit-limit": "5000",
  "x-ratelimit-remaining": "4999",
};
const shapes = { "fetch's Headers": new globalThis.Headers(fields), "node's object": fields };
const expectedNext = "https://api.github.com/repositories/711976/issues?per_page=100&page=3";
for (const shape of Object.values(shapes))
  if (followLink(firstRequest, shape)?.url !== expectedNext) throw new Error("followLink does not give the next page's URL");
const pageSamples = { first: [], ...Object.fromEntries(Object.keys(shapes).map((name) => [name, []])) };
for (let round = 0; round < ROUNDS; round++) {
  const bench = new Bench({ time: TIME, warmupTime: 30 });
  bench.add("first", batched(first));
  for (const [name, shape] of Object.entries(shapes))
    bench.add(
      name,
      batched(() => followLink(firstRequest, shape)),
    );
  await bench.run();
  for (const task of bench.tasks) pageSamples[task.name].push((task.result.latency.p50 * 1e6) / BATCH);
}
const nsFirst = median(pageSamples.first);
console.log(`\npagination: the first request (endpoint()) ${nsFirst.toFixed(0)} ns/op; the next (followLink):`);
for (const name of Object.keys(shapes)) {
  const ratio = median(pageSamples[name]) / nsFirst;
  console.log(
    `  from ${name}: ${median(pageSamples[name]).toFixed(0)} ns/op = ${ratio.toFixed(2)}× the first (target ≤ 2.00×: ${ratio <= 2 ? "met" : "not met"})`,
  );
}
// Hostile fields (docs/usage.md, "Pagination"): one pass, whatever the server sends.
const many = `${Array.from({ length: 10_000 }, (_, i) => `<https://api.github.com/x?page=${i}>; rel="item"`).join(", ")}, </y>; rel=next`;
const megabyte = `</x>; title="${"a".repeat(1 << 20)}"; rel=next`;
for (const [name, field] of [
  ["10,000 links, the next one last", many],
  ["a 1 MB quoted-string", megabyte],
]) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    sink += followLink(firstRequest, { link: field }).url.length;
    times.push(performance.now() - start);
  }
  console.log(`  ${name} (${(field.length / 1024).toFixed(0)} KB): ${median(times).toFixed(1)} ms`);
}
if (sink === 0) console.log("");
