// npm run bench:generate: `rest-endpoint generate`'s time and peak memory on schema graphs built to
// expand (issue 36.1): component schemas L1..Lk, each an allOf, oneOf or anyOf of w $refs to the level
// before, used as a JSON body, each grown to about 100 KB; a union of unions under `data`; a chain of
// allOf-form discriminators; and a graph whose levels redeclare one property two ways each, which
// `generate` refuses on one line naming the JSON pointer (lib/openapi/fields.ts, MAX_DECLARATIONS).
// Beside them, the linear baseline: plain operations with a small JSON body, of the same size. Each
// runs the built CLI in its own process; prints seconds, peak resident memory and the ratio of the
// time to the baseline's. Target (docs/any-api.md): ≤ 5 s and ≤ 512 MB for any description ≤ 100 KB.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const base = join(root, ".tmp", "bench-generate");
rmSync(base, { recursive: true, force: true });
mkdirSync(base, { recursive: true });
const SIZE = Number(process.env.BENCH_BYTES ?? 100_000);
const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const body = (schema) => ({ requestBody: { required: true, content: { "application/json": { schema } } } });
const describe = (schemas, paths) => ({ openapi: "3.0.3", info: { title: "bench", version: "1" }, components: { schemas }, paths });
const leaf = { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } } };

/**
 * A description of LEVELS levels (within the 200 levels of nesting `generate` reads), each built by
 * `level(i, width, schemas)`, with the smallest width that makes it about SIZE bytes.
 */
const LEVELS = 60;
function grown(level, use = (top) => ({ "/x": { post: body(ref(top)) } })) {
  for (let width = 2; ; width++) {
    const schemas = { L0: leaf };
    for (let i = 1; i <= LEVELS; i++) level(i, width, schemas);
    const spec = describe(schemas, use(`L${LEVELS}`));
    if (JSON.stringify(spec).length >= SIZE) return { spec, shape: `${LEVELS} × ${width}` };
  }
}
const combinator = (keyword) => (i, width, schemas) => {
  schemas[`L${i}`] = { [keyword]: Array.from({ length: width }, () => ref(`L${i - 1}`)) };
};
const FAMILIES = {
  allOf: () => grown(combinator("allOf")),
  oneOf: () => grown(combinator("oneOf")),
  anyOf: () => grown(combinator("anyOf")),
  // A union of `width` objects, each holding the level before twice, under `data` (an array body).
  "union of unions under data": () =>
    grown(
      (i, width, schemas) => {
        schemas[`L${i}`] = {
          oneOf: Array.from({ length: width }, (_, j) => ({
            type: "object",
            properties: { [`p${j}`]: ref(`L${i - 1}`), q: ref(`L${i - 1}`) },
          })),
        };
      },
      (top) => ({ "/x": { post: body({ type: "array", items: ref(top) }) } }),
    ),
  // Each level the allOf-form discriminator base of `width` schemas that extend it with the level before.
  "allOf-form discriminators": () =>
    grown((i, width, schemas) => {
      const names = Array.from({ length: width }, (_, j) => `V${i}_${j}`);
      schemas[`L${i}`] = {
        type: "object",
        properties: { kind: { type: "string" }, prev: ref(`L${i - 1}`) },
        discriminator: { propertyName: "kind", mapping: Object.fromEntries(names.map((name) => [name, `#/components/schemas/${name}`])) },
      };
      for (const name of names) schemas[name] = { allOf: [ref(`L${i}`), { properties: { [name]: ref(`L${i - 1}`) } }] };
    }),
  // Each level a oneOf of `width` objects that each declare `a` their own way beside the level before:
  // width^k declarations of `a`, refused.
  "redeclared property (refused)": () =>
    grown((i, width, schemas) => {
      schemas[`L${i}`] = {
        oneOf: Array.from({ length: width }, (_, j) => ({
          type: "object",
          properties: { a: { type: "string", maxLength: j } },
          oneOf: [ref(`L${i - 1}`)],
        })),
      };
    }),
};
/** The linear baseline: plain operations, each with a small JSON body, about SIZE bytes. */
function baseline() {
  const paths = {};
  for (let i = 0; JSON.stringify(paths).length < SIZE; i++)
    paths[`/items${i}/{id}`] = {
      post: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        ...body({ type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, required: ["a"] }),
      },
    };
  return { spec: describe({}, paths), shape: `${Object.keys(paths).length} operations` };
}

const reporter = join(base, "peak-memory.cjs");
writeFileSync(reporter, 'process.on("exit", () => process.stderr.write(`\\npeak ${process.resourceUsage().maxRSS}\\n`));\n');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
function measure(name, { spec, shape }) {
  const file = join(base, `${name.replace(/\W+/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(spec));
  const samples = [];
  let peak = 0;
  let outcome = "";
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const run = spawnSync(
      process.execPath,
      ["--require", reporter, join(root, "dist", "cli.js"), "generate", file, "--out", join(base, "out.d.ts")],
      {
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    samples.push((performance.now() - start) / 1000);
    peak = Math.max(peak, Number(/\npeak (\d+)\n/.exec(run.stderr)?.[1] ?? 0) / 1024);
    outcome =
      run.status === 0
        ? `map of ${statSync(join(base, "out.d.ts")).size} B`
        : `exit ${run.status}: ${run.stderr.split("\n")[0].replace(file, "…").slice(0, 110)}`;
  }
  samples.sort((a, b) => a - b);
  return { name, bytes: statSync(file).size, shape, seconds: samples[Math.floor(samples.length / 2)], peak, outcome };
}

const rows = [measure("baseline: plain operations", baseline())];
for (const [name, build] of Object.entries(FAMILIES)) rows.push(measure(name, build()));
if (process.env.BENCH_KEEP === undefined) rmSync(base, { recursive: true, force: true });
console.log(`rest-endpoint generate, median of ${ROUNDS} runs, each in its own process\n`);
console.log(
  "| description | size | levels × width | time | peak memory | time ÷ baseline | outcome |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |",
);
for (const row of rows)
  console.log(
    `| ${row.name} | ${(row.bytes / 1000).toFixed(1)} KB | ${row.shape} | ${row.seconds.toFixed(2)} s | ${Math.round(row.peak)} MB | ${(row.seconds / rows[0].seconds).toFixed(2)}× | ${row.outcome} |`,
  );
