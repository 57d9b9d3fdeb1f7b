import { schemaForms } from "../helpers/examples.js";

// Schema forms that company descriptions write and the generator mistyped (issue 39, item 4: found
// by running their own request examples through the map, docs/any-api.md): each with a minimal
// description, the map it gives, and calls type-checked through that map with tsc, strict.
const { describe_, json, map, refused } = schemaForms("corpus-forms");

describe("properties beside a oneOf/anyOf apply with it (JSON Schema core 10.2.1), not the union alone", () => {
  // Xero Payroll UK's NICategory: its fields, and a oneOf whose variants narrow `letter` and require one field each.
  const Category = {
    type: "object",
    required: ["letter", "postcode"],
    properties: { letter: { type: "string", enum: ["A", "F", "I", "V"] }, postcode: { type: "string" }, since: { type: "string" } },
    oneOf: [
      { required: ["postcode"], properties: { letter: { enum: ["F", "I"] } } },
      { required: ["since"], properties: { letter: { enum: ["V"] } } },
    ],
  };
  const spec = describe_(
    {
      "/employments": {
        post: json({
          type: "object",
          properties: {
            categories: { type: "array", items: { $ref: "#/components/schemas/Category" } },
            // allOf parts beside the union apply too; nullable is the whole schema's.
            note: {
              nullable: true,
              allOf: [{ type: "object", properties: { text: { type: "string" } } }],
              anyOf: [{ type: "object", properties: { lang: { type: "string" } } }],
            },
            // A bare `type: object` beside the union adds no index signature: keys stay exact.
            kind: { type: "object", oneOf: [{ properties: { a: { type: "string" } } }, { properties: { b: { type: "string" } } }] },
          },
        }),
      },
    },
    { components: { schemas: { Category } } },
  );
  test("the map intersects the schema's own shape with its union", () => {
    expect(map(spec).declarations).toContain(
      [
        '"POST /employments": {',
        '    categories?: readonly (({ letter: "A" | "F" | "I" | "V"; postcode: string; since?: string }) & ({ letter?: "F" | "I" } | { letter?: "V" }))[];',
        "    note?: { text?: string } & { lang?: string } | null;",
        "    kind?: { a?: string } | { b?: string };",
        "  };",
      ].join("\n"),
    );
  });
  test("a category with its fields compiles; a letter no variant allows, a misspelt field, a missing required one do not", () => {
    expect(
      refused("beside-union", spec, [
        'api("POST /employments", { categories: [{ letter: "I", postcode: "SW1A 1AA", since: "2020-05-01" }, { letter: "V", postcode: "x" }] });',
        'api("POST /employments", { note: { text: "t", lang: "en" }, kind: { a: "x" } });',
        'api("POST /employments", { note: null, kind: { b: "y" } });',
        'api("POST /employments", { categories: [{ letter: "A", postcode: "SW1A 1AA" }] });',
        'api("POST /employments", { categories: [{ letter: "I", postcod: "SW1A 1AA" }] });',
        'api("POST /employments", { categories: [{ letter: "I" }] });',
        'api("POST /employments", { note: { text: "t", lnag: "en" } });',
        'api("POST /employments", { kind: { c: "z" } });',
      ]),
    ).toEqual([4, 5, 6, 7, 8]);
  }, 60_000);
});

describe("a body whose one allOf part is a oneOf is that union's fields, as the oneOf alone gives them", () => {
  // InfluxDB's PostCheck (`allOf: [CheckDiscriminator]`) went under `data` where the oneOf alone
  // gave fields (a fresh user's review); docs/any-api.md merges a body's oneOf variants into fields.
  const schemas = {
    U: { oneOf: [{ $ref: "#/components/schemas/P" }, { $ref: "#/components/schemas/Q" }] },
    V: { oneOf: [{ $ref: "#/components/schemas/P" }, { $ref: "#/components/schemas/Q" }] },
    P: { type: "object", required: ["p"], properties: { p: { type: "string" } } },
    Q: { type: "object", required: ["q"], properties: { q: { type: "string" } } },
  };
  const spec = describe_(
    {
      "/alone": { post: json({ $ref: "#/components/schemas/U" }) },
      "/wrapped": { post: json({ allOf: [{ $ref: "#/components/schemas/U" }] }) },
      "/beside": {
        post: json({ allOf: [{ $ref: "#/components/schemas/U" }, { type: "object", properties: { n: { type: "integer" } } }] }),
      },
      "/two": { post: json({ allOf: [{ $ref: "#/components/schemas/U" }, { $ref: "#/components/schemas/V" }] }) },
    },
    { components: { schemas } },
  );
  test("the map: the same fields for the union and its one-part allOf; another part's fields added; two unions stay data", () => {
    const { declarations } = map(spec);
    for (const route of ["alone", "wrapped"]) expect(declarations).toContain(`"POST /${route}": {\n    p?: string;\n    q?: string;\n  };`);
    expect(declarations).toContain('"POST /beside": {\n    n?: number;\n    p?: string;\n    q?: string;\n  };');
    expect(declarations).toMatch(/"POST \/two": \{\n {4}data\?: /);
  });
  test("fields compile through the wrapped union; a misspelt one and a wrong type do not", () => {
    expect(
      refused("wrapped-union", spec, [
        'api("POST /wrapped", { p: "x" });',
        'api("POST /beside", { q: "y", n: 1 });',
        'api("POST /wrapped", { r: "x" });',
        'api("POST /beside", { n: "1" });',
      ]),
    ).toEqual([3, 4]);
  }, 60_000);
});

describe("a body that is a discriminated oneOf: its property takes the values that select a variant", () => {
  // It was typed `kind: string` where the same union under a property took the mapping's keys (a
  // fresh user's review; OpenAPI 3.1 section 4.8.25).
  const schemas = {
    Cat: { type: "object", required: ["kind", "meow"], properties: { kind: { type: "string" }, meow: { type: "boolean" } } },
    Dog: { type: "object", required: ["kind", "bark"], properties: { kind: { type: "string" }, bark: { type: "integer" } } },
  };
  const union = { oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }] };
  const spec = describe_(
    {
      "/mapped": {
        post: json({ ...union, discriminator: { propertyName: "kind", mapping: { meower: "#/components/schemas/Cat", barker: "Dog" } } }),
      },
      "/named": { post: json({ ...union, discriminator: { propertyName: "kind" } }) },
      "/plain": { post: json(union) },
    },
    { components: { schemas } },
  );
  test("the map: the mapping's keys, else the schemas' names; without a discriminator the declared type", () => {
    const { declarations } = map(spec);
    expect(declarations).toContain(
      '"POST /mapped": {\n    kind: string & "meower" | string & "barker";\n    meow?: boolean;\n    bark?: number;\n  };',
    );
    expect(declarations).toContain('"POST /named": {\n    kind: string & "Cat" | string & "Dog";');
    expect(declarations).toContain('"POST /plain": {\n    kind: string;');
  });
  test("a selecting value compiles; another does not", () => {
    expect(
      refused("discriminated-body", spec, [
        'api("POST /mapped", { kind: "meower", meow: true });',
        'api("POST /named", { kind: "Dog", bark: 1 });',
        'api("POST /plain", { kind: "anything", meow: true });',
        'api("POST /mapped", { kind: "cat", meow: true });',
        'api("POST /named", { kind: "meower", bark: 1 });',
      ]),
    ).toEqual([4, 5]);
  }, 60_000);
});
