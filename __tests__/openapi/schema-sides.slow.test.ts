import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { generateRouteMap } from "../../lib/openapi/write.js";
import { schemaForms } from "../helpers/examples.js";

// The keys of an object that no pattern matches take what additionalProperties says (JSON Schema
// core 10.3.2.3), checked where a user meets them, in a generated map compiled strict: a call
// refuses a value no pattern allows where it says `false` (it took any value); a response's other
// keys are `unknown` where it says `true` (they were typed as the patterns' values).
const { dir, describe_, json, refused, compilerOptions } = schemaForms("schema-sides");

const labels = (additionalProperties: boolean) => ({
  type: "object",
  properties: { labels: { type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties } },
});
const spec = describe_({
  "/labels": {
    post: {
      ...json(labels(false)),
      responses: { "200": { description: "the labels", content: { "application/json": { schema: labels(true) } } } },
    },
  },
});

test("additionalProperties: false in a request body: a label whose value no pattern allows is a type error", () => {
  expect(
    refused("labels-request", spec, [
      'api("POST /labels", { labels: { "x-team": "core" } });',
      'api("POST /labels", { labels: { "x-team": 1 } });',
      'api("POST /labels", { labels: { other: true } });',
    ]),
  ).toEqual([2, 3]);
}, 120_000);

test("additionalProperties: true in a response: a key no pattern matches is read as unknown, not as the patterns' type", () => {
  writeFileSync(join(dir, "labels.ts"), generateRouteMap(spec, { header: () => "", withQueries: true, responses: "inline" }).typescript);
  const file = join(dir, "labels-read.mts");
  const lines = [
    'import type { ResponseOf } from "rest-endpoint";',
    'import type { Routes } from "./labels.js";',
    'declare const response: Extract<ResponseOf<Routes, "POST /labels">, { status: 200 }>;',
    "export const read: unknown = response.data.labels?.other;",
    "export const wrong: string | undefined = response.data.labels?.other;",
  ];
  writeFileSync(file, [...lines, ""].join("\n"));
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], compilerOptions));
  expect(diagnostics.map((d) => [d.file!.getLineAndCharacterOfPosition(d.start!).line + 1, d.code])).toEqual([[5, 2322]]);
}, 120_000);
