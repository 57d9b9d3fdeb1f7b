// npm run bench:queries: withQueries (rest-endpoint/queries) against the endpoint it wraps, in one
// process, interleaved, with tinybench. Prints ns/op and the ratio wrapped/plain for a route the
// table holds and for one it does not (targets: ≤ 1.5× and ≤ 1.1×), and for routes given credentials. BENCH_DIST names another build
// directory than dist/ (one esbuild made of lib/index.ts and lib/openapi/queries.ts, say).
import { isDeepStrictEqual } from "node:util";
import { Bench } from "tinybench";
const dist = process.env.BENCH_DIST ?? "../dist";
const { createEndpoint } = await import(`${dist}/index.js`);
const { withQueries, securityOf } = await import(`${dist}/queries.js`);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TIME = Number(process.env.BENCH_TIME ?? 150); // ms per task per round
const BATCH = 20;

const plain = createEndpoint({ baseUrl: "https://api.example.com", headers: { accept: "application/json" } });
/** A table as `rest-endpoint generate` writes it: a header parameter, a query declared on a POST, an exploded list, a deepObject filter. */
const queries = {
  "GET /v1/items": { template: "GET /v1/items{?limit,starting_after}", headers: { "Api-Key": "Api-Key" } },
  "POST /v1/items/{id}": { template: "POST /v1/items/{id}{?expand}" },
  "GET /v1/charges": { template: "GET /v1/charges{?ids*,limit}", deepObject: ["created"] },
};
const wrapped = withQueries(plain, queries);
// Credentials as a generated module's `credentials()` binds them (docs/authentication.md): a header
// key and a query key, each added to the request the wrapped endpoint built.
const table = {
  schemes: { header: { type: "apiKey", in: "header", name: "x-api-key" }, query: { type: "apiKey", in: "query", name: "api_key" } },
  routes: { "GET /repos/{owner}/{repo}/issues": [["header"], ["query"]] },
};
const byHeader = withQueries(plain, queries, securityOf(table, { header: "k1" }));
const byQuery = withQueries(plain, queries, securityOf(table, { query: "k1" }));
// Each scenario is one call made three ways: through withQueries; through the plain endpoint with the
// same arguments (what the wrapper costs on top of the call it wraps; for a route the table holds,
// that call sends the query as the core does, not as the description declares it); and, for a route
// the table holds, the plain call written by hand to send the same request (the template and
// headers withQueries writes): what the one pass costs beyond the core's own work.
const calls = {
  "table: GET, a header parameter + 2 query": [
    ["GET /v1/items", { limit: 10, starting_after: "obj_1", "Api-Key": "k" }],
    ["GET /v1/items{?limit,starting_after}", { limit: 10, starting_after: "obj_1", headers: { "api-key": "k" } }],
  ],
  "table: POST, 1 query + 2-key body": [
    ["POST /v1/items/{id}", { id: 7, expand: "a", name: "n", count: 2 }],
    ["POST /v1/items/{id}{?expand}", { id: 7, expand: "a", name: "n", count: 2 }],
  ],
  "table: GET, exploded list + deepObject": [
    ["GET /v1/charges", { ids: [1, 2], limit: 10, created: { gte: 5 } }],
    ["GET /v1/charges{?ids*,limit,created%5Bgte%5D}", { ids: [1, 2], limit: 10, "created%5Bgte%5D": 5 }],
  ],
  "not in table: GET, 2 path + 2 query": [["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", per_page: 100 }]],
  "credentials: a header key, 2 path + 2 query": [
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", per_page: 100 }],
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", per_page: 100, headers: { "x-api-key": "k1" } }],
    byHeader,
  ],
  "credentials: a query key, 2 path + 2 query": [
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", per_page: 100 }],
    ["GET /repos/{owner}/{repo}/issues{?state,per_page,api_key}", { owner: "o", repo: "r", state: "open", per_page: 100, api_key: "k1" }],
    byQuery,
  ],
  "not in table: POST, 2 path + 4-key body": [
    ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", body: "b", labels: ["x"], assignees: ["a"] }],
  ],
};
const scenarios = Object.fromEntries(
  Object.entries(calls).map(([name, [[route, parameters], same, by = wrapped]]) => {
    const tasks = { wrapped: () => by(route, parameters), plain: () => plain(route, parameters) };
    if (same !== undefined) {
      tasks.same = () => plain(...same);
      if (!isDeepStrictEqual(tasks.same(), tasks.wrapped())) throw new Error(`${name}: the hand-written call sends another request`);
    }
    return [name, tasks];
  }),
);
let sink = 0;
const batched = (fn) => () => {
  for (let i = 0; i < BATCH; i++) sink += fn().url.length;
};
const samples = new Map(
  Object.entries(scenarios).map(([name, tasks]) => [name, Object.fromEntries(Object.keys(tasks).map((who) => [who, []]))]),
);
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, tasks] of Object.entries(scenarios)) {
    const bench = new Bench({ time: TIME, warmupTime: 30 });
    // Interleaved: the order alternates from round to round.
    const order = Object.entries(tasks);
    for (const [who, fn] of round % 2 === 0 ? order : order.reverse()) bench.add(who, batched(fn));
    await bench.run();
    for (const task of bench.tasks) samples.get(name)[task.name].push((task.result.latency.p50 * 1e6) / BATCH);
  }
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const cell = (text, width) => String(text).padStart(width);
console.log(
  "scenario".padEnd(44),
  cell("wrapped ns", 11),
  cell("plain ns", 9),
  cell("× plain", 8),
  cell("same-request ns", 16),
  cell("× same", 7),
);
for (const [name, { wrapped: w, plain: p, same: q }] of samples) {
  const [nw, np, nq] = [median(w), median(p), q === undefined ? undefined : median(q)];
  console.log(
    name.padEnd(44),
    cell(nw.toFixed(0), 11),
    cell(np.toFixed(0), 9),
    cell(`${(nw / np).toFixed(2)}×`, 8),
    cell(nq === undefined ? "" : nq.toFixed(0), 16),
    cell(nq === undefined ? "" : `${(nw / nq).toFixed(2)}×`, 7),
  );
}
if (sink === 0) console.log(sink);
