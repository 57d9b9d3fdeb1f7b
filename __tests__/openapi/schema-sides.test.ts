import type { Schema } from "../../lib/openapi/document.js";
import { ResponseWriter } from "../../lib/openapi/responses.js";
import { operationsOf } from "../../lib/openapi/routes.js";
import { TypeWriter } from "../../lib/openapi/schema.js";
import { checkShapes } from "../../lib/openapi/shapes.js";

// One schema writer for both messages (lib/openapi/schema.ts, `SchemaWriter`), told which one it
// writes for (`Side`): each rule that differs between a request's parameters and a response's data,
// one row, both sides' types whole. The responses' writer names each component it reaches by
// `$ref` (`Pet`); the request's writes it in place.
const components: Record<string, object> = {
  Pet: {
    type: "object",
    required: ["kind"],
    properties: { kind: { type: "string" } },
    discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat" } },
  },
  Letters: { enum: ["a", "b"] },
  Cat: { allOf: [{ $ref: "#/components/schemas/Pet" }, { type: "object", properties: { meows: { type: "boolean" } } }] },
};
const { resolve } = operationsOf(
  checkShapes({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths: {}, components: { schemas: components } }, "sides.json"),
);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const cases: { rule: string; schema: object; request: string; response: string }[] = [
  {
    rule: "a date-time takes a Date in a request (the core sends its ISO form), is a string in a response",
    schema: { type: "string", format: "date-time" },
    request: "string | Date",
    response: "string",
  },
  {
    rule: "a request's lists are readonly, a response's mutable",
    schema: { type: "array", items: { type: "integer" } },
    request: "readonly number[]",
    response: "number[]",
  },
  {
    rule: "a variant of values reached by $ref: its values, each once, in a request; its component's name in a response",
    schema: { oneOf: [ref("Letters"), { const: "b" }, { const: "c" }, { enum: ["c"] }] },
    request: '"a" | "b" | "c"',
    response: 'Letters | "b" | "c"',
  },
  {
    rule: "a readOnly property listed in required is optional in a request, required in a response (OpenAPI 3.1 section 4.8.24)",
    schema: { type: "object", required: ["id", "name"], properties: { id: { type: "integer", readOnly: true }, name: { type: "string" } } },
    request: "{ id?: number; name: string }",
    response: "{ id: number; name: string }",
  },
  {
    rule: "patternProperties without additionalProperties: a request sends what the patterns describe, a response may hold any value (JSON Schema core 10.3.2.3)",
    schema: { type: "object", patternProperties: { "^x-": { type: "string" } } },
    request: "{ [key: string]: string }",
    response: "{ [key: string]: unknown }",
  },
  {
    rule: "a discriminator's property is required in a request (it selects the variant), optional in a response",
    schema: { oneOf: [ref("Cat")], discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat" } } },
    request: '({ kind: string } & { meows?: boolean }) & { kind: "cat" }',
    response: 'Cat & { kind?: "cat" }',
  },
  {
    rule: "an allOf of plain objects is one object in a request (issue 47), the parts' intersection in a response",
    schema: {
      allOf: [
        { type: "object", properties: { a: { type: "string" } } },
        { type: "object", properties: { b: { type: "number" } } },
      ],
    },
    request: "{ a?: string; b?: number }",
    response: "{ a?: string } & { b?: number }",
  },
  {
    rule: "a discriminator's base (the allOf form) is each schema its mapping names, or itself: in place in a request, named in a response",
    schema: ref("Pet"),
    request: '({ kind: string } & { meows?: boolean }) & { kind: "cat" } | { kind: string }',
    response: "Pet",
  },
];

// Rules that do not differ: each row once, the same type on both sides. The literals of a union's
// variants are written once (both sides wrote `"a" | "a" | 1` in a response); the keys no pattern
// matches take what additionalProperties says (JSON Schema core 10.3.2.3: `true` any value, `false`
// none), where a response typed them as the patterns' union and a request took any value for `false`.
const same: { rule: string; schema: object; type: string }[] = [
  {
    rule: "a const and an enum that repeats it: each literal once",
    schema: { anyOf: [{ const: "a" }, { enum: ["a", 1] }] },
    type: '"a" | 1',
  },
  {
    rule: "literals repeated across oneOf variants, one nullable, beside a string: each once, order kept",
    schema: { oneOf: [{ enum: [2, "b"] }, { const: "b" }, { enum: [2, "c"], nullable: true }, { type: "string" }] },
    type: '2 | "b" | "c" | null | string',
  },
  {
    rule: "patternProperties beside additionalProperties: true: other keys take any value",
    schema: { type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties: true },
    type: "{ [key: string]: unknown }",
  },
  {
    rule: "patternProperties beside additionalProperties: false: every key takes the patterns' values",
    schema: { type: "object", patternProperties: { "^x-": { type: "string" }, "^n-": { type: "integer" } }, additionalProperties: false },
    type: "{ [key: string]: string | number }",
  },
  {
    rule: "patternProperties beside an additionalProperties schema: its values and the patterns'",
    schema: { type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties: { type: "boolean" } },
    type: "{ [key: string]: boolean | string }",
  },
  {
    rule: "additionalProperties: false beside properties: no other key",
    schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    type: "{ a?: string }",
  },
  {
    rule: "additionalProperties: false, no properties: nothing to send",
    schema: { type: "object", additionalProperties: false },
    type: "Record<string, never>",
  },
];

describe("a schema's type, for a request and for a response", () => {
  test.each(same)("both sides: $rule", ({ schema, type }) => {
    expect({
      request: new TypeWriter(resolve, false).typeOf(schema as Schema),
      response: new ResponseWriter(resolve).typeOf(schema as Schema),
    }).toEqual({ request: type, response: type });
  });

  test.each(cases)("$rule", ({ schema, request, response }) => {
    expect({
      request: new TypeWriter(resolve, false).typeOf(schema as Schema),
      response: new ResponseWriter(resolve).typeOf(schema as Schema),
    }).toEqual({ request, response });
  });

  test("beside properties the other keys are unknown, and the response side declares no component for them", () => {
    const writer = new ResponseWriter(resolve);
    const schema = { type: "object", required: ["key"], properties: { key: { type: "string" } }, additionalProperties: ref("Letters") };
    expect(writer.typeOf(schema as Schema)).toBe("{ key: string; [key: string]: unknown }");
    // After HeaderFields' and Response's two lines each.
    expect(writer.declarations().split("\n").slice(4)).toEqual([]);
  });

  test("the response side declares the components it names, the discriminator's property optional", () => {
    const writer = new ResponseWriter(resolve);
    expect(writer.typeOf(ref("Pet"))).toBe("Pet");
    // After HeaderFields' and Response's two lines each; Cat is declared first, as Pet's writing reached it.
    expect(writer.declarations().split("\n").slice(4)).toEqual([
      "export type Cat = { kind: string } & { meows?: boolean };",
      'export type Pet = Cat & { kind?: "cat" } | { kind: string };',
    ]);
  });
});
