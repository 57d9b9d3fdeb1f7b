// npm run bench:types: what route-aware types cost a consumer's `tsc`. Ten projects, checked with
// `tsc --noEmit --extendedDiagnostics`: an empty one, 20 typed calls through rest-endpoint (typed
// from the route's template), the same calls through rest-endpoint with the api.github.com route
// map, 20 calls of routes not in the map through it (with the opt-in `UnmappedRoutes`), the same
// calls through the map of API version 2026-03-10, the same calls through a generic wrapper over the map, and the same 20 calls through @octokit/types'
// RequestInterface (octokit's per-route types). Then any REST API: 20 calls of Stripe's description
// (__tests__/fixtures/openapi/stripe/) through the map `rest-endpoint generate` writes, and the
// same 20 through openapi-fetch with the types openapi-typescript writes from the same file; and
// the Stripe map's annotation alone, without calls (what relating `endpoint` to
// `EndpointInterface<Routes>` costs). Prints check time and memory of each, and the ratios.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const calls = JSON.parse(readFileSync(join(root, "__tests__", "fixtures", "github-rest-calls.json"), "utf8"))
  .filter((call) => call.method === "GET" && call.server === undefined && Object.keys(call.pathParams).length > 0)
  .slice(0, 20);
const line = (fn, call) => `${fn}(${JSON.stringify(`GET ${call.path}`)}, ${JSON.stringify(call.pathParams)});`;
// Stripe's first 20 GET operations with a path parameter, each given its path parameters and, where
// it declares one, `expand`.
const STRIPE = join(root, "__tests__", "fixtures", "openapi", "stripe", "spec3.json");
const stripeCalls = Object.entries(JSON.parse(readFileSync(STRIPE, "utf8")).paths)
  .filter(([path, item]) => item.get !== undefined && path.includes("{"))
  .slice(0, 20)
  .map(([path, item]) => ({
    path,
    pathParams: Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, "id_1"])),
    query: item.get.parameters?.some((parameter) => parameter.name === "expand") ? { expand: ["data"] } : {},
  }));
const projects = {
  empty: "export {};\n",
  "rest-endpoint": `import { endpoint } from ${JSON.stringify(join(root, "dist", "index.js"))};\n${calls.map((call) => line("endpoint", call)).join("\n")}\n`,
  "rest-endpoint with the api.github.com map": `import { endpoint, type EndpointInterface } from ${JSON.stringify(join(root, "dist", "index.js"))};
import type { Routes } from ${JSON.stringify(join(root, "dist", "routes", "api.github.com.js"))};
const github: EndpointInterface<Routes> = endpoint;
${calls.map((call) => line("github", call)).join("\n")}\n`,
  // The map with the opt-in to routes it does not hold, called with such routes (each path under
  // /custom): they are typed from their template.
  "rest-endpoint with the map, routes not in it": `import { endpoint, type EndpointInterface, type UnmappedRoutes } from ${JSON.stringify(join(root, "dist", "index.js"))};
import type { Routes } from ${JSON.stringify(join(root, "dist", "routes", "api.github.com.js"))};
const github: EndpointInterface<Routes & UnmappedRoutes> = endpoint;
${calls.map((call) => line("github", { ...call, path: `/custom${call.path}` })).join("\n")}\n`,
  // The same 20 calls through the map of API version 2026-03-10 (docs/usage.md, "API versions").
  "rest-endpoint with the api.github.com.2026-03-10 map": `import { endpoint, type EndpointInterface } from ${JSON.stringify(join(root, "dist", "index.js"))};
import type { Routes } from ${JSON.stringify(join(root, "dist", "routes", "api.github.com.2026-03-10.js"))};
const github: EndpointInterface<Routes> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });
${calls.map((call) => line("github", call)).join("\n")}\n`,
  // The same 20 calls through the generic wrapper docs/usage.md leads with.
  "rest-endpoint with the map, through a generic wrapper": `import { endpoint, type EndpointInterface, type ParametersOf } from ${JSON.stringify(join(root, "dist", "index.js"))};
import type { Routes } from ${JSON.stringify(join(root, "dist", "routes", "api.github.com.js"))};
const github: EndpointInterface<Routes> = endpoint;
function request<R extends keyof Routes>(route: R, parameters: ParametersOf<Routes, R>) {
  return github(route, parameters);
}
${calls.map((call) => line("request", call)).join("\n")}\n`,
  "@octokit/types": `import type { RequestInterface } from "@octokit/types";\ndeclare const request: RequestInterface;\n${calls.map((call) => line("void request", call)).join("\n")}\nexport {};\n`,
  "rest-endpoint with a generated Stripe map": `import { endpoint, type EndpointInterface } from ${JSON.stringify(join(root, "dist", "index.js"))};
import type { Routes } from "./stripe.js";
const stripe: EndpointInterface<Routes> = endpoint;
${stripeCalls.map((call) => `stripe(${JSON.stringify(`GET ${call.path}`)}, ${JSON.stringify({ ...call.pathParams, ...call.query })});`).join("\n")}\n`,
  "rest-endpoint with a generated Stripe map, the annotation alone": `import { endpoint, type EndpointInterface } from ${JSON.stringify(join(root, "dist", "index.js"))};
import type { Routes } from "./stripe.js";
export const stripe: EndpointInterface<Routes> = endpoint;\n`,
  "openapi-fetch with openapi-typescript's Stripe types": `import createClient from "openapi-fetch";
import type { paths } from "./stripe.js";
const stripe = createClient<paths>({ baseUrl: "https://api.stripe.com" });
${stripeCalls.map((call) => `void stripe.GET(${JSON.stringify(call.path)}, { params: ${JSON.stringify({ path: call.pathParams, query: call.query })} });`).join("\n")}\n`,
};
// The two Stripe projects' types, each written by its own generator from the same description.
const generateStripeMap = (out) => [join(root, "dist", "cli.js"), "generate", STRIPE, "--out", out];
const generators = {
  "rest-endpoint with a generated Stripe map": generateStripeMap,
  "rest-endpoint with a generated Stripe map, the annotation alone": generateStripeMap,
  "openapi-fetch with openapi-typescript's Stripe types": (out) => [
    join(root, "node_modules", "openapi-typescript", "bin", "cli.js"),
    STRIPE,
    "--output",
    out,
    "--silent",
  ],
};
const base = join(root, ".tmp", "bench-types");
rmSync(base, { recursive: true, force: true });
mkdirSync(base, { recursive: true });
// Each generator's wall time and peak memory (the process's maximum resident set, as the OS counts it).
const reporter = join(base, "peak-memory.cjs");
writeFileSync(reporter, 'process.on("exit", () => process.stderr.write(`\\npeak ${process.resourceUsage().maxRSS}\\n`));\n');
const generation = {};
const generateTimed = (name, args) => {
  const start = performance.now();
  const { status, stderr } = spawnSync(process.execPath, ["--require", reporter, ...args], { encoding: "utf8" });
  if (status !== 0) throw new Error(stderr);
  generation[name] ??= { seconds: (performance.now() - start) / 1000, peakMB: Number(/\npeak (\d+)\n/.exec(stderr)[1]) / 1024 };
};
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const dirs = Object.entries(projects).map(([name, source]) => {
  const dir = join(base, name.replace(/\W/g, "-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.ts"), source);
  const generated = join(dir, "stripe.d.ts");
  if (generators[name] !== undefined) generateTimed(name, generators[name](generated));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "ESNext",
        moduleResolution: "Bundler",
        target: "ES2022",
        lib: ["ES2022", "DOM"],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: ["index.ts"],
    }),
  );
  return { name, dir, samples: [], typesSize: generators[name] === undefined ? undefined : statSync(generated).size };
});
// Rounds interleave the projects, so that a slow spell of the machine falls on all of them.
for (let round = 0; round < ROUNDS; round++) {
  for (const { dir, samples } of dirs) {
    const out = execFileSync(
      process.execPath,
      [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir, "--extendedDiagnostics"],
      { encoding: "utf8" },
    );
    const read = (label) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(out)?.[1]);
    samples.push({ check: read("Check time"), total: read("Total time"), memory: read("Memory used") });
  }
}
const rows = dirs.map(({ name, samples, typesSize }) => {
  const median = (key) => samples.map((sample) => sample[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  return { name, check: median("check"), total: median("total"), memory: median("memory"), typesSize };
});
if (process.env.BENCH_KEEP === undefined) rmSync(base, { recursive: true, force: true });
console.log(
  `tsc ${JSON.parse(readFileSync(join(root, "node_modules", "typescript", "package.json"), "utf8")).version}, 20 typed calls, median of ${ROUNDS} runs\n`,
);
console.log("| project | check time | total time | memory |\n| --- | ---: | ---: | ---: |");
for (const row of rows)
  console.log(`| ${row.name} | ${row.check.toFixed(2)} s | ${row.total.toFixed(2)} s | ${Math.round(row.memory / 1024)} MB |`);
const [empty, ours, mapped, unmapped, versioned, wrapped, octokit, stripeMap, annotation, openapiFetch] = rows;
const against = (row) => `${(row.check / octokit.check).toFixed(2)}× check time, ${(row.memory / octokit.memory).toFixed(2)}× memory`;
console.log(
  `\nrest-endpoint without a map, against an empty project: +${(ours.total - empty.total).toFixed(2)} s total (target ≤ +0.20 s); ` +
    `against @octokit/types: ${against(ours)}` +
    `\nrest-endpoint with the api.github.com map, against @octokit/types: ${against(mapped)} (target ≤ 0.50× each)` +
    `\nrest-endpoint with the map, routes not in it, against @octokit/types: ${against(unmapped)}` +
    `\nrest-endpoint with the api.github.com.2026-03-10 map, against @octokit/types: ${against(versioned)} (target ≤ 0.50× each)` +
    `\nrest-endpoint with the map, through a generic wrapper, against @octokit/types: ${against(wrapped)} (target ≤ 0.50× each)` +
    `\nrest-endpoint with a generated Stripe map, against openapi-fetch with openapi-typescript's: ` +
    `${(stripeMap.check / openapiFetch.check).toFixed(2)}× check time, ${(stripeMap.memory / openapiFetch.memory).toFixed(2)}× memory, ` +
    // What each adds to tsc's own memory and the libraries' (the empty project's).
    `${((stripeMap.memory - empty.memory) / (openapiFetch.memory - empty.memory)).toFixed(2)}× memory above the empty project (target ≤ 0.50× each); ` +
    `generated types ${Math.round(stripeMap.typesSize / 1024)} KB against ${Math.round(openapiFetch.typesSize / 1024)} KB` +
    `\nthe Stripe map's annotation alone: ${annotation.check.toFixed(2)} s of the 20 calls' ${stripeMap.check.toFixed(2)} s check time`,
);
const [ourGenerate, theirGenerate] = [generation[stripeMap.name], generation[openapiFetch.name]];
console.log(
  `generating from Stripe's description (${Math.round(statSync(STRIPE).size / 1024)} KB, the largest of the test sample), one run each: ` +
    `rest-endpoint generate ${ourGenerate.seconds.toFixed(2)} s, peak ${Math.round(ourGenerate.peakMB)} MB; ` +
    `openapi-typescript ${theirGenerate.seconds.toFixed(2)} s, peak ${Math.round(theirGenerate.peakMB)} MB`,
);

// Responses (docs/usage.md, "Responses"): the same 20 calls with a property of each 200 response's
// data read (the first the description requires), on TypeScript 5.9 and 7, through the README's
// wrapper over the api.github.com map with the responses of the docs pages of its calls (the base
// module `rest-endpoint/routes/api.github.com.responses/base` and each page's module), as direct
// calls (the response named by the result's type), and through the same wrapper over the map alone
// (`rest-endpoint/routes/api.github.com`, which holds none): what typed responses add, at 0 calls
// (the base alone: the README's wrapper before its first call, which imports no page), 1 call (the
// base and its page) and 20. Two more programs of 0 calls, compared with the same wrapper without
// responses, tell where the added time goes: the base and the 20 calls' pages imported, none called
// (what importing pages costs), and the wrapper without responses whose `send` returns a stand-in of
// a few lines for `ResponseFor`, over the request side's own types (what TypeScript takes to start
// on the type features responses use, with none of their declarations). Beside them the whole module (`rest-endpoint/routes/api.github.com.responses`, every
// page), @octokit/types' `request` and openapi-fetch over openapi-typescript's types of the same
// description. TypeScript 5.9 runs with `--expose-gc`, so that the memory it reports is what the
// program holds (its `--extendedDiagnostics` collects first when it can), not what garbage the
// collector had left when the check ended.
const github = JSON.parse(readFileSync(join(root, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json"), "utf8"));
const resolveRef = (node) => {
  while (node?.$ref !== undefined)
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce((at, part) => at[part.replaceAll("~1", "/")], github);
  return node;
};
/** What to read from a call's 200 data: `.name` of its first required property, `[0]!.name` for a list; "" when none. */
const readOf = (call) => {
  let schema = resolveRef(resolveRef(github.paths[call.path]?.get?.responses?.["200"])?.content?.["application/json"]?.schema);
  let prefix = "";
  if (schema?.type === "array") [schema, prefix] = [resolveRef(schema.items), "[0]!"];
  const name = schema?.required?.find((property) => /^[a-z_]\w*$/i.test(property));
  return name === undefined ? "" : `${prefix}.${name}`;
};
/** The same read where the data may be `null` or `undefined` (octokit's and openapi-fetch's types): `?.name`, `?.[0]?.name`. */
const optional = (read) => read.replace("[0]!.", "?.[0]?.").replace(/^\./, "?.");
const index = JSON.stringify(join(root, "dist", "index.js"));
/**
 * The README's wrapper over `map`: `send` reads the request options' response (`ResponseFor`), and
 * `request` takes the call's `mediaType.format` (`FormatOption`). Without responses, the same
 * wrapper, whose `send` returns an `UntypedResponse`: what responses add is their types alone. With
 * `StandIn<O>`, a few lines that use the type features `ResponseFor` does (a conditional type that
 * infers the map, route and format from the request options, and one on the route) over the
 * request side's own types, with none of the responses' declarations.
 */
const wrapperLines = (imports, type) => [
  `import { endpoint, type EndpointInterface, type FormatOption, type ParametersOf, type RequestOptions, type ResponseFor, type UntypedResponse } from ${index};`,
  `import { toFetch } from ${JSON.stringify(join(root, "dist", "clients.js"))};`,
  ...imports,
  ...(type === "StandIn<O>"
    ? [
        `import type { TypedRequestOptions } from ${index};`,
        "type StandIn<O> = O extends TypedRequestOptions<infer Routes, infer R, infer Format>",
        "  ? [R] extends [keyof Routes] ? { status: 200; data: Format; headers: { [name: string]: string | undefined } } : UntypedResponse",
        "  : UntypedResponse;",
      ]
    : []),
  "const github: EndpointInterface<Routes> = endpoint;",
  // The README's bodyOf and send, as it writes them (read from README.md), `send` returning `type`.
  ...readmeSend.map((line) => line.replaceAll("ResponseFor<O>", type)),
  "export function request<R extends string, Format extends string = string>(route: R, parameters: ParametersOf<Routes, R> & FormatOption<Format>) {",
  "  return send(github<R, Format>(route, parameters));",
  "}",
];
/** The README's `bodyOf` and `send`: from `async function bodyOf` to the end of `send`, without comments. */
const readmeSend = (() => {
  const lines = readFileSync(join(root, "README.md"), "utf8").split("\n");
  const first = lines.findIndex((line) => line.startsWith("async function bodyOf("));
  const sendAt = lines.findIndex((line) => line.startsWith("async function send<"));
  const last = lines.findIndex((line, at) => at > sendAt && line === "}");
  if (first < 0 || sendAt < first || last < 0)
    throw new Error("README.md: the wrapper's bodyOf and send are not where bench/types.mjs reads them");
  return lines.slice(first, last + 1).filter((line) => !/^\s*\/\//.test(line));
})();
const routeModule = (name) => JSON.stringify(join(root, "dist", "routes", `${name}.js`));
/** The README's imports: the base module and the module of the docs page (`<category>/<subcategory>` of its docs URL) of each of `some` calls. */
const byPage = (some) => [
  `import type { Routes } from ${routeModule("api.github.com.responses/base")};`,
  ...[...new Set(some.map((call) => /\/rest\/([\w-]+\/[\w-]+)/.exec(github.paths[call.path].get.externalDocs.url)[1]))].map(
    (page) => `import ${routeModule(`api.github.com.responses/${page}`)};`,
  ),
];
const whole = [`import type { Routes } from ${routeModule("api.github.com.responses")};`];
const withoutResponses = [`import type { Routes } from ${routeModule("api.github.com")};`];
const wrapperProgram = (imports, count, type = "ResponseFor<O>") =>
  [
    ...wrapperLines(imports, type),
    ...calls
      .slice(0, count)
      .map(
        (call, n) =>
          `const r${n} = await request(${JSON.stringify(`GET ${call.path}`)}, ${JSON.stringify(call.pathParams)});\n${type === "ResponseFor<O>" && readOf(call) !== "" ? `if (r${n}.status === 200) void r${n}.data${optional(readOf(call))};` : `void r${n};`}`,
      ),
    "",
  ].join("\n");
const responseProjects = {
  empty: "export {};\n",
  "@octokit/types": `import type { RequestInterface } from "@octokit/types";\ndeclare const request: RequestInterface;\n${calls.map((call, n) => `const r${n} = await request(${JSON.stringify(`GET ${call.path}`)}, ${JSON.stringify(call.pathParams)});\nvoid r${n}.data${optional(readOf(call))};`).join("\n")}\nexport {};\n`,
  "openapi-fetch": `import createClient from "openapi-fetch";\nimport type { paths } from "./github.js";\nconst client = createClient<paths>({ baseUrl: "https://api.github.com" });\n${calls.map((call, n) => `const { data: d${n} } = await client.GET(${JSON.stringify(call.path)}, { params: { path: ${JSON.stringify(call.pathParams)} } });\nvoid d${n}${optional(readOf(call))};`).join("\n")}\nexport {};\n`,
  "wrapper, 20 calls": wrapperProgram(byPage(calls), 20),
  "direct calls, 20": [
    `import { endpoint, type EndpointInterface, type ResponseFor } from ${index};`,
    ...byPage(calls),
    "const github: EndpointInterface<Routes> = endpoint;",
    "declare function send<O>(options: O): Promise<ResponseFor<O>>;",
    ...calls.map(
      (call, n) =>
        `const r${n} = await send(github(${JSON.stringify(`GET ${call.path}`)}, ${JSON.stringify(call.pathParams)}));\n${readOf(call) === "" ? `void r${n};` : `if (r${n}.status === 200) void r${n}.data${optional(readOf(call))};`}`,
    ),
    "export {};",
    "",
  ].join("\n"),
  "wrapper, 0 calls": wrapperProgram(byPage([]), 0),
  "wrapper, 0 calls, no responses": wrapperProgram(withoutResponses, 0, "UntypedResponse"),
  "wrapper, 0 calls, the 20 calls' pages": wrapperProgram(byPage(calls), 0),
  "wrapper, 0 calls, no responses, a stand-in": wrapperProgram(withoutResponses, 0, "StandIn<O>"),
  "wrapper, 1 call": wrapperProgram(byPage(calls.slice(0, 1)), 1),
  "wrapper, 1 call, no responses": wrapperProgram(withoutResponses, 1, "UntypedResponse"),
  "wrapper, 20 calls, no responses": wrapperProgram(withoutResponses, 20, "UntypedResponse"),
  "wrapper, 0 calls, whole module": wrapperProgram(whole, 0),
  "wrapper, 1 call, whole module": wrapperProgram(whole, 1),
  "wrapper, 20 calls, whole module": wrapperProgram(whole, 20),
};
const responseBase = join(root, ".tmp", "bench-types-responses");
rmSync(responseBase, { recursive: true, force: true });
mkdirSync(responseBase, { recursive: true });
// openapi-typescript's types of the same description, once.
const githubTypes = join(responseBase, "github.d.ts");
execFileSync(process.execPath, [
  join(root, "node_modules", "openapi-typescript", "bin", "cli.js"),
  join(root, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json"),
  "--output",
  githubTypes,
  "--silent",
]);
const responseDirs = Object.entries(responseProjects).map(([name, source]) => {
  const dir = join(responseBase, name.replace(/\W/g, "-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.ts"), source);
  if (name === "openapi-fetch") writeFileSync(join(dir, "github.d.ts"), readFileSync(githubTypes));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "ESNext",
        moduleResolution: "Bundler",
        target: "ES2022",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: ["index.ts"],
    }),
  );
  return { name, dir };
});
const RESPONSE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// The comparisons the targets are about are read from paired runs: each round runs the two
// projects of a pair back to back (in turn first), so that both meet the same load, and the
// figure is the median of the rounds' ratios with an interval of at least 90 % confidence for it
// (order statistics, which assume nothing of the noise). A target is met when the whole interval is
// within it, missed when the whole interval is past it, and not resolved otherwise: on a busy
// machine a check time's own noise is ±20 %, more than what responses add. Rounds go on for
// BENCH_PAIRED_SECONDS (360) per compiler, and at least BENCH_PAIRED_ROUNDS (15): TypeScript 7's
// runs, a tenth of TypeScript 5.9's, get that many more rounds, which its check times (some 0.015 s,
// printed to the thousandth) need for an interval of a few per cent.
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 15);
const PAIRED_SECONDS = Number(process.env.BENCH_PAIRED_SECONDS ?? 360);
// TypeScript 5.9 prints its times in hundredths of a second (steps of 2 to 5 % on these
// programs): bench/tsc-unrounded.cjs, preloaded, has it print them to the microsecond.
// TypeScript 7 prints thousandths, read as printed. Each compiler's collector is traced: V8's
// with `--trace-gc` (on standard output), Go's with `GODEBUG=gctrace=1` (on standard error).
const compilers = [
  [
    "TypeScript 5.9",
    ["--trace-gc", "--require", join(root, "bench", "tsc-unrounded.cjs"), join(root, "node_modules", "typescript", "bin", "tsc")],
  ],
  ["TypeScript 7", [join(root, "node_modules", "typescript-7", "bin", "tsc")]],
];
/**
 * Whether a full collection ran during the check: a cycle of Go's collector (TypeScript 7), or a
 * mark-compact of V8's (TypeScript 5.9; its scavenges of the young generation, a few milliseconds
 * each, run all through every check and are not counted). Each compiler's trace gives the
 * collections' times and durations (Go's `GODEBUG=gctrace=1`, https://pkg.go.dev/runtime#hdr-Environment_Variables,
 * on standard error: each cycle's start and wall-clock phases; node's `--trace-gc`, on standard
 * output: each collection's end, pause, and the incremental marking before it), and both end with
 * a collection `--extendedDiagnostics` forces after the check (Go's `(forced)`, V8's `testing`,
 * `--expose-gc`'s), so a collection ran during the check when it ended within `check` seconds
 * before that one began. That window is a little late: Go's `runtime.GC()` first waits for a cycle
 * still running and sweeps what it left, so the forced cycle begins 1 to 4 ms after the check ends
 * (up to some 12 ms when a cycle was running, which then counts), and a cycle that ended in the
 * check's first millisecond or two is missed. `undefined` without a trace.
 */
const collectedDuringCheck = (output, check) => {
  const go = [...output.matchAll(/^gc \d+ @([\d.]+)s \d+%: ([\d.]+)\+([\d.]+)\+([\d.]+) ms clock.*$/gm)].map(
    ([line, start, ...phases]) => ({
      start: Number(start),
      end: Number(start) + phases.reduce((sum, ms) => sum + Number(ms), 0) / 1000,
      forced: line.endsWith("(forced)"),
    }),
  );
  // V8 prints a collection when it ends, with its pause: `[pid:isolate]   1568 ms: Mark-Compact 71.4 (103.4) -> 69.0 (104.4) MB, 61.64 / 0.00 ms …`.
  const v8 = [...output.matchAll(/^\[\d+:0x[\da-f]+\]\s+([\d.]+) ms: Mark-Compact .*?MB, ([\d.]+) \/.*$/gm)].map(([line, end, pause]) => ({
    start: (Number(end) - Number(pause)) / 1000,
    end: Number(end) / 1000,
    forced: / testing;/.test(line),
  }));
  const cycles = go.length > 0 ? go : v8;
  const after = cycles.find((cycle) => cycle.forced);
  return after === undefined ? undefined : cycles.some((cycle) => !cycle.forced && cycle.end > after.start - check);
};
/** One `tsc --extendedDiagnostics` run: check time (s, and the decimals it is printed with), memory (KB), types and instantiations, and whether a full collection ran during the check ({@link collectedDuringCheck}). */
const check = (compiler, tsc, name, dir) => {
  const result = spawnSync(process.execPath, ["--expose-gc", ...tsc, "-p", dir, "--extendedDiagnostics"], {
    encoding: "utf8",
    env: { ...process.env, GODEBUG: "gctrace=1" },
  });
  if (!/^Check time/m.test(result.stdout)) throw new Error(`${compiler}, ${name}: ${result.stdout}${result.stderr}`);
  if (/error TS/.test(result.stdout)) throw new Error(`${compiler}, ${name}: ${result.stdout.slice(0, 2000)}`);
  const read = (label) => new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(result.stdout)?.[1] ?? "NaN";
  return {
    check: Number(read("Check time")),
    decimals: read("Check time").split(".")[1]?.length ?? 0,
    memory: Number(read("Memory used")),
    types: Number(read("Types")),
    instantiations: Number(read("Instantiations")),
    collected: collectedDuringCheck(result.stdout + result.stderr, Number(read("Check time"))),
  };
};
const middle = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
};
/**
 * The median of `values` and an interval for it from their order statistics: the `k`-th smallest
 * and the `k`-th largest, `k` the largest for which the chance that the true median lies outside
 * them is at most 10 % (binomial, one half). Its confidence is printed with it.
 */
const medianInterval = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const probability = (i) => {
    let c = 1;
    for (let j = 0; j < i; j++) c = (c * (n - j)) / (j + 1);
    return c / 2 ** n;
  };
  let [k, below] = [0, 0];
  while (k < n >> 1 && below + probability(k) <= 0.05) below += probability(k++);
  const [low, high] = k === 0 ? [sorted[0], sorted[n - 1]] : [sorted[k - 1], sorted[n - k]];
  return { median: middle(values), low, high, confidence: k === 0 ? 1 - 2 / 2 ** n : 1 - 2 * below };
};
const verdict = ({ low, high, confidence }, target) =>
  confidence < 0.9
    ? "not resolved (too few rounds for a 90 % interval)"
    : high <= target
      ? "met"
      : low > target
        ? "not met"
        : "not resolved (the interval spans the target)";
for (const [compiler, tsc] of compilers) {
  const samples = new Map(responseDirs.map(({ name }) => [name, []]));
  for (let round = 0; round < RESPONSE_ROUNDS; round++)
    for (const { name, dir } of responseDirs) samples.get(name).push(check(compiler, tsc, name, dir));
  const decimals = samples.get("empty")[0].decimals;
  const shown = Math.min(decimals, 3);
  const median = (name, key) => middle(samples.get(name).map((sample) => sample[key]));
  console.log(`\n${compiler}: 20 typed calls with responses read, median of ${RESPONSE_ROUNDS} runs\n`);
  console.log("| project | check time | memory |\n| --- | ---: | ---: |");
  for (const { name } of responseDirs)
    console.log(`| ${name} | ${median(name, "check").toFixed(shown)} s | ${Math.round(median(name, "memory") / 1024)} MB |`);
  const ratio = (a, b, key) => median(a, key) / median(b, key);
  const versus = (name) =>
    `${ratio(name, "@octokit/types", "check").toFixed(2)}× check time, ${ratio(name, "@octokit/types", "memory").toFixed(2)}× memory`;
  const percent = (r) => {
    const rounded = Math.round((r - 1) * 100);
    return `${rounded > 0 ? "+" : rounded < 0 ? "−" : "±"}${Math.abs(rounded)} %`;
  };
  const added = (count, suffix = "") => {
    const [a, b] = [`wrapper, ${count}${suffix}`, `wrapper, ${count}, no responses`];
    return `${count}: ${percent(ratio(a, b, "check"))} check time, ${percent(ratio(a, b, "memory"))} memory`;
  };
  console.log(
    `\ndirect calls, against @octokit/types: ${versus("direct calls, 20")}` +
      `\nopenapi-fetch, against @octokit/types: ${versus("openapi-fetch")}` +
      `\nthrough the whole module (every page), what responses add at ${added("0 calls", ", whole module")}; ${added("1 call", ", whole module")}; ${added("20 calls", ", whole module")}; 20 calls against @octokit/types: ${versus("wrapper, 20 calls, whole module")}`,
  );
  // The targets, from paired runs.
  const pairs = [
    ["wrapper, 0 calls", "wrapper, 0 calls, no responses", 1.1],
    ["wrapper, 1 call", "wrapper, 1 call, no responses", 1.1],
    ["wrapper, 20 calls", "wrapper, 20 calls, no responses", 1.15],
    ["wrapper, 20 calls", "@octokit/types", compiler.endsWith("7") ? 0.15 : 0.3],
    // Where the time of 0 calls goes (no target).
    ["wrapper, 0 calls, the 20 calls' pages", "wrapper, 0 calls, no responses"],
    ["wrapper, 0 calls, no responses, a stand-in", "wrapper, 0 calls, no responses"],
  ];
  const dirOf = new Map(responseDirs.map(({ name, dir }) => [name, dir]));
  const paired = pairs.map(() => []);
  const start = performance.now();
  for (let round = 0; round < PAIRED_ROUNDS || performance.now() - start < PAIRED_SECONDS * 1000; round++)
    pairs.forEach(([a, b], n) => {
      const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
      const runs = { [first]: check(compiler, tsc, first, dirOf.get(first)) };
      runs[second] = check(compiler, tsc, second, dirOf.get(second));
      paired[n].push({ check: runs[a].check / runs[b].check, memory: runs[a].memory / runs[b].memory, a: runs[a], b: runs[b] });
    });
  const figures = pairs.map(([, , target], n) => {
    const of = (key) => medianInterval(paired[n].map((sample) => sample[key]));
    const work = (key) => percent(paired[n][0].a[key] / paired[n][0].b[key]);
    return { target, check: of("check"), memory: of("memory"), types: work("types"), instantiations: work("instantiations") };
  });
  const confidence = Math.round(Math.min(...figures.map(({ check }) => check.confidence)) * 100);
  const checkTime = ({ median, low, high }) => `${percent(median)} check time [${percent(low)}, ${percent(high)}]`;
  const addedLine = (name, { target, check, memory, types, instantiations }) =>
    `${name.slice("wrapper, ".length)}: ${checkTime(check)}, ${verdict(check, target)}; ` +
    `${percent(memory.median)} memory, ${verdict(memory, target)}; ${types} types, ${instantiations} instantiations`;
  const octokit = figures[3];
  console.log(
    `\n${paired[0].length} paired runs of each comparison, median [${confidence} % interval] (check times printed by the compiler ${
      decimals === 2
        ? "in hundredths of a second"
        : decimals === 3
          ? "in thousandths of a second"
          : decimals === 6
            ? "to the microsecond, bench/tsc-unrounded.cjs"
            : `with ${decimals} decimals`
    }):` +
      `\nthrough the README's wrapper, against @octokit/types: ${octokit.check.median.toFixed(3)}× check time [${octokit.check.low.toFixed(3)}×, ${octokit.check.high.toFixed(3)}×], ` +
      `${verdict(octokit.check, octokit.target)} (target ≤ ${octokit.target.toFixed(2)}×); ${octokit.memory.median.toFixed(2)}× memory, ${verdict(octokit.memory, 0.5)} (target ≤ 0.50×)` +
      `\nwhat responses add over the same wrapper without them (target ≤ 10 % at 0 and 1 call, ≤ 15 % at 20; types and instantiations, which do not vary, from one run), at ` +
      figures
        .slice(0, 3)
        .map((figure, n) => addedLine(pairs[n][0], figure))
        .join("; ") +
      `\nover the same wrapper without responses at 0 calls, no target: the base and the 20 calls' pages imported, none called, ` +
      `${checkTime(figures[4].check)}, ${percent(figures[4].memory.median)} memory; ` +
      `a stand-in of a few lines for ResponseFor, none of the responses' declarations, ` +
      `${checkTime(figures[5].check)}, ${percent(figures[5].memory.median)} memory, ` +
      `${figures[5].types} types, ${figures[5].instantiations} instantiations`,
  );
  // A check time holds any full collection that ran during it (TypeScript 7: a cycle of Go's
  // collector, 4 to 8 ms on these programs), which a few more megabytes of declarations can make
  // likelier: what responses add is also read from the pairs in which neither run had one.
  if (paired[0][0].a.collected !== undefined) {
    const share = (samples, side) => `${Math.round((100 * samples.filter((sample) => sample[side].collected).length) / samples.length)} %`;
    const ms = (seconds) => `${Math.round(seconds * 10000) / 10} ms`;
    console.log(
      `\n${compiler.endsWith("7") ? "Go's collector during the check (GODEBUG=gctrace=1, no target): a cycle" : "V8's full collections during the check (node --trace-gc, no target; its scavenges run all through every check): a mark-compact"} ran during it in this share of runs, with responses and without, and what responses add in the pairs in which neither run had one, at ` +
        pairs
          .slice(0, 3)
          .map(([a], n) => {
            const neither = paired[n].filter((sample) => !sample.a.collected && !sample.b.collected);
            const figure = neither.length === 0 ? undefined : medianInterval(neither.map((sample) => sample.check));
            // Each program's median check time in the runs with a collection during the check and in those without.
            const cost = (side) =>
              [true, false]
                .map((collected) => paired[n].filter((sample) => sample[side].collected === collected).map((sample) => sample[side].check))
                .map((times) => (times.length === 0 ? "none" : ms(middle(times))))
                .join(" with one, ");
            return (
              `${a.slice("wrapper, ".length)}: ${share(paired[n], "a")} and ${share(paired[n], "b")} ` +
              `(check time with responses ${cost("a")} without one; without responses ${cost("b")} without one); ` +
              (neither.length === 0
                ? "no pair with none"
                : `${neither.length} ${neither.length === 1 ? "pair" : "pairs"} with none, ${checkTime(figure)} (${Math.round(figure.confidence * 100)} % interval)`)
            );
          })
          .join("; "),
    );
  }
}
if (process.env.BENCH_KEEP === undefined) rmSync(responseBase, { recursive: true, force: true });
