import type { Document } from "../../lib/openapi/document.js";
import { MAX_DECLARATIONS } from "../../lib/openapi/fields.js";
import { DescriptionError } from "../../lib/openapi/read.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap } from "../../lib/openapi/write.js";

// Issue 36.1: `generate` on schema graphs built to expand (component schemas L1..Lk, each an allOf,
// oneOf or anyOf of w $refs to the level before, used as a JSON body) takes time that grows with the
// description, not with the paths through it: each schema object is read once (lib/openapi/fields.ts,
// lib/openapi/schema.ts). Before, allOf 8×8 (2.7 KB) took over 60 s, oneOf 8×5 57 s, anyOf 3×10 over
// 60 s. Time is compared with a linear baseline of the same size in this process, never with the clock
// (the figures: `npm run bench:generate`).
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const body = (schema: object) => ({ requestBody: { content: { "application/json": { schema } } } });
const describe_ = (schemas: object, paths: object): Document =>
  checkShapes({ openapi: "3.0.3", info: { title: "T", version: "1" }, components: { schemas }, paths }, "graph.json");
const leaf = { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } } };
const map = (spec: Document) => generateRouteMap(spec, { header: () => "", withQueries: true });

/** L1..Lk, each a `keyword` of `width` $refs to the level before, as the body of `POST /x`. */
function chain(keyword: "allOf" | "oneOf" | "anyOf", width: number, levels: number): Document {
  const schemas: Record<string, object> = { L0: leaf };
  for (let i = 1; i <= levels; i++) schemas[`L${i}`] = { [keyword]: Array.from({ length: width }, () => ref(`L${i - 1}`)) };
  return describe_(schemas, { "/x": { post: body(ref(`L${levels}`)) } });
}
/** Plain operations with a small JSON body: the linear baseline, `count` of them. */
function plain(count: number): Document {
  const paths: Record<string, object> = {};
  for (let i = 0; i < count; i++)
    paths[`/items${i}/{id}`] = {
      post: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        ...body({ type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, required: ["a"] }),
      },
    };
  return describe_({}, paths);
}
/** The median time of five runs of `run`, in milliseconds. */
const median = (run: () => void): number => {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[2]!;
};
const size = (spec: Document) => JSON.stringify(spec).length;

describe("generate's time grows with the description, not with the paths through its schemas", () => {
  test.each([
    ["allOf", 8, 8],
    ["oneOf", 8, 5],
    ["anyOf", 3, 10],
  ] as const)("the issue's chains, %s %i wide and %i deep: the body's two fields, each once", (keyword, width, levels) => {
    expect(map(chain(keyword, width, levels)).declarations).toContain('"POST /x": {\n    a?: string;\n    b?: number;\n  };');
  });

  test("chains of ~40 KB (60 levels, 20 wide) take at most 25 times what plain operations of the same size take", () => {
    const baseline = plain(140);
    const chains = (["allOf", "oneOf", "anyOf"] as const).map((keyword) => chain(keyword, 20, 60));
    for (const spec of chains) expect(size(spec) / size(baseline)).toBeGreaterThan(0.8);
    const base = median(() => map(baseline));
    const ratios = chains.map((spec) => median(() => map(spec)) / base);
    // Before this fix each of them would take longer than the age of the universe (20^60 paths).
    expect(ratios.every((ratio) => ratio < 25)).toBe(true);
  });

  test("a union of unions under data is one named type a level: the map grows linearly with the levels", () => {
    const union = (levels: number) => {
      const schemas: Record<string, object> = { L0: leaf };
      for (let i = 1; i <= levels; i++)
        schemas[`L${i}`] = {
          oneOf: Array.from({ length: 4 }, (_, j) => ({ type: "object", properties: { [`p${j}`]: ref(`L${i - 1}`) } })),
        };
      return map(describe_(schemas, { "/x": { post: body({ type: "array", items: ref(`L${levels}`) }) } })).declarations.length;
    };
    const [ten, twenty, forty] = [union(10), union(20), union(40)];
    expect(forty - twenty).toBeLessThan(3 * (twenty - ten));
  });

  test("a graph whose levels redeclare a property each its own way is refused on one line naming the body's JSON pointer", () => {
    const schemas: Record<string, object> = { L0: leaf };
    for (let i = 1; i <= 12; i++)
      schemas[`L${i}`] = {
        oneOf: [0, 1].map((j) => ({ type: "object", properties: { a: { type: "string", maxLength: j } }, oneOf: [ref(`L${i - 1}`)] })),
      };
    const spec = describe_(schemas, { "/x": { post: body(ref("L12")) } });
    expect(() => map(spec)).toThrow(
      new DescriptionError(
        `graph.json#/components/schemas/L9: its oneOf/anyOf/allOf graph declares one property more than ${MAX_DECLARATIONS} ways`,
      ),
    );
    // Eight levels (2^8 = 256 declarations) are mapped: `a` is the union of what each shape declares;
    // the ninth level is where a ninth would double them, and the refusal names it.
    const eight = describe_(schemas, { "/x": { post: body(ref("L8")) } });
    expect(map(eight).declarations).toMatch(/"POST \/x": \{\n {4}a\?: string;\n {4}b\?: number;\n {2}\};/);
  });

  test("a union with a variant that is no object goes under data, typed as the union", () => {
    const spec = describe_({ L0: leaf }, { "/x": { post: body({ oneOf: [ref("L0"), { type: "string" }] }) } });
    expect(map(spec).declarations).toContain('"POST /x": {\n    data?: { a?: string; b?: number } | string;\n  };');
  });
});
