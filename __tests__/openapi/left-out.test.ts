import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap } from "../../lib/openapi/write.js";

// Issue 47, item 2: a map of the rest. Each kind of part a wrong shape leaves out, the rest mapped.
const partly = () => ({
  openapi: "3.2.0",
  info: { title: "Partly", version: "1" },
  paths: {
    "/item": "not a path item",
    "/shared/{id}": {
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string" } },
        { name: "x", in: "query", schema: { type: 7 } },
      ],
      get: {},
    },
    "/copy": { additionalOperations: { copy: {}, MOVE: {} } },
    "/fine": { get: {} },
  },
});

test("a path item, a path item's parameter and an additional operation are left out, each named", () => {
  const leftOut: string[] = [];
  const spec = checkShapes(partly(), "p.json", leftOut);
  expect(leftOut).toEqual([
    'left out p.json#/paths/~1item (a path item): p.json#/paths/~1item: must be an object; received "not a path item"',
    "left out p.json#/paths/~1shared~1{id}/parameters/1 (a parameter): p.json#/paths/~1shared~1{id}/parameters/1/schema/type: must be an array; received 7",
    'left out p.json#/paths/~1copy/additionalOperations/copy (an operation): p.json#/paths/~1copy/additionalOperations/copy: must be an upper-case method: rest-endpoint sends methods upper-cased; received "copy"',
  ]);
  expect(Object.keys(generateRouteMap(spec, { header: () => "", withQueries: true }).listing)).toEqual([
    "GET /shared/{id}",
    "MOVE /copy",
    "GET /fine",
  ]);
});

test("without leftOut, the first wrong shape is refused, as before", () => {
  expect(() => checkShapes(partly(), "p.json")).toThrow('p.json#/paths/~1item: must be an object; received "not a path item"');
});

test("a wrong shape outside every part (info, paths) is refused with leftOut too", () => {
  expect(() => checkShapes({ ...partly(), info: 1 }, "p.json", [])).toThrow("p.json#/info: must be an object; received 1");
});
