import type { Document } from "../../lib/openapi/document.js";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readDescription } from "../../lib/openapi/read.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap, headerOf } from "../../lib/openapi/write.js";
import { serverUrl } from "../../lib/openapi/queries.js";

// Edge forms of a description, each through the generator, in process: the map's text it gives
// (or the refusal naming the pointer). Found by branch coverage over lib/openapi.
const describe_ = (paths: object, extra: object = {}): Document =>
  checkShapes({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths, ...extra }, "edge.json");
const routes = (spec: Document): string => {
  const text = generateRouteMap(spec, { header: () => "", withQueries: true }).typescript;
  return /export interface Routes \{\n([\s\S]*?)\n\}/.exec(text)?.[1] ?? "";
};
const body = (schema: object, type = "application/json") => ({ requestBody: { content: { [type]: { schema } } } });
const post = (schema: object, extra: object = {}) => describe_({ "/a": { post: body(schema) } }, extra);

describe("generateRouteMap: edge forms", () => {
  test("an x- key among paths is no route", () => {
    expect(routes(describe_({ "x-note": {}, "/a": { get: {} } }))).toBe('  "GET /a": {};');
  });

  test.each([
    [
      "allOf parts adding properties",
      { allOf: [{ type: "object", properties: { a: { type: "string" } } }, { properties: { b: { type: "integer" } } }] },
    ],
    ["a property two allOf parts declare", { allOf: [{ properties: { a: { type: "string" } } }, { properties: { a: { minLength: 1 } } }] }],
    [
      "oneOf of objects",
      {
        oneOf: [
          { type: "object", properties: { a: { type: "string" } } },
          { type: "object", properties: { b: { type: "string" } } },
        ],
      },
    ],
    [
      "oneOf beside own properties",
      {
        type: "object",
        properties: { c: { type: "boolean" } },
        oneOf: [{ properties: { a: { type: "string" } } }, { properties: { b: { type: "string" } } }],
      },
    ],
    ["anyOf with a non-object", { anyOf: [{ type: "string" }, { type: "object", properties: { a: { type: "string" } } }] }],
    ["enums in allOf", { allOf: [{ enum: ["a", "b"] }, { enum: ["b", "c"] }] }],
    [
      "nullable enums in anyOf",
      {
        anyOf: [
          { enum: ["a"], nullable: true },
          { enum: ["a"], nullable: true },
        ],
      },
    ],
    ["const and enum", { anyOf: [{ const: "a" }, { enum: ["a", 1] }] }],
    ["true and false schemas", { type: "object", properties: { a: true, b: false } }],
    ["items only", { items: { type: "string" } }],
    ["a list of types", { type: ["object", "null"], properties: { a: { type: "string" } } }],
  ])("%s", (_name, schema) => {
    expect(routes(post(schema))).toMatchSnapshot();
  });

  test.each([
    [{ anyOf: [{ const: "a" }, { enum: ["a", 1] }] }, '"a" | 1'],
    [{ oneOf: [{ enum: ["a", "b"] }, { enum: ["b", "c"] }] }, '"a" | "b" | "c"'],
    [{ anyOf: [{ const: "a", nullable: true }, { const: null }] }, '"a" | null'],
    [{ anyOf: [{ const: { a: 1 } }, { const: { a: 1 } }, { enum: [[1], [1]] }] }, '{"a":1} | [1]'],
    [{ anyOf: [{ $ref: "#/components/schemas/E" }, { const: "y" }] }, '"x" | "y"'],
    [{ anyOf: [{ enum: [] }, { const: "a" }] }, '"a"'],
    // neighbours: other variants are written as before, beside the values
    [{ anyOf: [{ const: "a" }, { type: "string" }] }, '"a" | string'],
    [{ anyOf: [{ enum: ["a"] }, { type: "integer" }, { type: "integer" }] }, '"a" | number'],
  ])("a oneOf or anyOf of values writes each value once: %j is %s", (schema, type) => {
    const components = { schemas: { E: { enum: ["x", "y"] } } };
    expect(routes(post(schema, { components }))).toBe(`  "POST /a": {\n    data?: ${type};\n  };`);
  });

  const param = (name: string, place: string, schema: object = { type: "string" }) => ({
    name,
    in: place,
    required: place === "path",
    schema,
  });
  test.each([
    ["a path variable no parameter declares, named oddly", { "/a/{b.c}/{d-}/{..}/{é}": { get: {} } }],
    [
      "header parameters of enum, array, boolean, number and no type",
      {
        "/h": {
          get: {
            parameters: [
              param("X-E", "header", { enum: ["a", 1, true] }),
              param("X-A", "header", { type: "array", items: { type: "integer" } }),
              param("X-B", "header", { type: "boolean" }),
              param("X-N", "header", { type: ["number", "string"] }),
              param("X-U", "header", {}),
              param("X-T", "header", { type: "array", items: [{ type: "string" }] }),
            ],
          },
        },
      },
    ],
    [
      "a query on a POST, with deepObject and pipe-delimited lists",
      {
        "/q": {
          post: {
            parameters: [
              {
                ...param("filter", "query", { type: "object", properties: { a: { type: "string" } } }),
                style: "deepObject",
                explode: true,
              },
              { ...param("ids", "query", { type: "array", items: { type: "string" } }), style: "pipeDelimited", explode: false },
              { ...param("r", "query"), allowReserved: true },
            ],
          },
        },
      },
    ],
    [
      "a form body and a multipart body",
      {
        "/f": {
          post: body({ type: "object", properties: { a: { type: "string" } } }, "application/x-www-form-urlencoded"),
          put: body(
            {
              type: "object",
              properties: { f: { type: "string", format: "binary" }, l: { type: "array", items: { type: "string", format: "binary" } } },
            },
            "multipart/form-data",
          ),
        },
      },
    ],
    [
      "a body of another media type, and one with no schema",
      {
        "/o": {
          post: body({ type: "string" }, "text/plain"),
          put: { requestBody: { content: { "application/json": {} } } },
          patch: { requestBody: { content: {} } },
        },
      },
    ],
    [
      "a required body of optional fields",
      {
        "/r": {
          post: {
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: { type: "object", properties: { a: { type: "string", readOnly: true } }, required: ["a"] } },
              },
            },
          },
        },
      },
    ],
    [
      "a path variable that is no identifier, parameters without schema, a body without content",
      {
        "/b/{9}": {
          post: {
            parameters: [
              { name: "X-S", in: "header" },
              { name: "q", in: "query" },
            ],
            requestBody: { description: "none" },
          },
        },
      },
    ],
    ["a fragment in the path key", { "/t#refresh": { post: {} } }],
  ])("%s", (_name, paths) => {
    const map = generateRouteMap(describe_(paths), { header: () => "", withQueries: true });
    expect([routes(describe_(paths)), map.module.split("export const queries")[1] ?? ""]).toMatchSnapshot();
  });

  test.each([
    ["the root server", [{ url: "https://api.example.com/v1" }], undefined],
    ["another server", [{ url: "https://api.example.com/v1" }], [{ url: "https://other.example.com/v2/" }]],
    [
      "the root URL with other defaults",
      [{ url: "https://{h}/v1", variables: { h: { default: "a.example" } } }],
      [{ url: "https://{h}/v1", variables: { h: { default: "b.example" } } }],
    ],
    [
      "the root URL, a variable without default",
      [{ url: "https://{h}/{v}", variables: { h: { default: "a.example" } } }],
      [{ url: "https://{h}/{v}", variables: { h: { default: "a.example" }, v: { enum: ["1"] } } }],
    ],
    [
      "GitHub's origin",
      undefined,
      [{ url: "{protocol}://{hostname}/api/v3", variables: { protocol: { default: "https" }, hostname: { default: "h" } } }],
    ],
  ])("operation servers: %s", (_name, root, servers) => {
    const spec = describe_({ "/a": { get: servers === undefined ? {} : { servers } } }, root === undefined ? {} : { servers: root });
    expect(routes(spec)).toMatchSnapshot();
  });

  test("two operations that are one route are refused", () => {
    expect(() => routes(describe_({ "/{a b}": { get: {} }, "/{a_b}": { get: {} } }))).toThrow('two operations are the route "GET /{a_b}"');
  });

  test("without queries, a query parameter named like an option is refused", () => {
    const spec = describe_({ "/a": { get: { parameters: [param("url", "query")] } } });
    expect(() => generateRouteMap(spec, { header: () => "", withQueries: false })).toThrow(
      '"GET /a": a query parameter is named like an option or a path variable',
    );
  });

  const components = {
    schemas: {
      Tree: {
        type: "object",
        properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/Tree" } } },
      },
      Long: {
        type: "object",
        properties: {
          alpha: { type: "string" },
          bravo: { type: "string" },
          charlie: { type: "string" },
          delta: { type: "string" },
          echo: { type: "string" },
        },
      },
      Pet: {
        type: "object",
        required: ["kind"],
        properties: { kind: { type: "string" } },
        discriminator: {
          propertyName: "kind",
          mapping: { dog: "Dog", doggo: "#/components/schemas/Dog", cat: "Cat", self: "Pet", none: "Missing" },
        },
      },
      Dog: { allOf: [{ $ref: "#/components/schemas/Pet" }, { properties: { bark: { type: "boolean" } } }] },
      Cat: { allOf: [{ $ref: "#/components/schemas/Pet" }, { properties: { kind: { const: "cat" }, meow: { type: "boolean" } } }] },
      Bird: { type: "object", properties: { kind: { enum: ["bird"] }, wings: { type: "integer" } } },
      Fish: { type: "object", properties: { kind: { type: "string" } } },
      Loop: { oneOf: [{ $ref: "#/components/schemas/Loop" }, { type: "object", properties: { a: { type: "string" } } }] },
      Self: { allOf: [{ $ref: "#/components/schemas/Self" }, { properties: { s: { type: "string" } } }] },
    },
  };
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  test.each([
    ["a recursive schema, twice", { type: "object", properties: { a: ref("Tree"), b: ref("Tree") } }],
    ["a long schema reached twice", { type: "object", properties: { a: ref("Long"), b: { type: "array", items: ref("Long") } } }],
    ["a discriminator's allOf form", ref("Pet")],
    [
      "a discriminated oneOf",
      {
        oneOf: [ref("Dog"), ref("Cat"), ref("Bird"), ref("Fish"), { type: "object", properties: { kind: { type: "string" } } }],
        discriminator: { propertyName: "kind", mapping: { d: "Dog" } },
      },
    ],
    [
      "a discriminated oneOf in a property",
      {
        type: "object",
        properties: {
          pet: {
            oneOf: [ref("Dog"), ref("Cat"), ref("Bird"), ref("Fish"), { type: "object", properties: { kind: { type: "string" } } }],
            discriminator: { propertyName: "kind", mapping: { d: "Dog" } },
          },
          pets: { anyOf: [ref("Fish"), ref("Bird")], discriminator: { propertyName: "kind" } },
        },
      },
    ],
    [
      "allOf of schemas that say nothing, and a mapping to no schema",
      {
        type: "object",
        properties: {
          one: { allOf: [{}] },
          two: { allOf: [{}, { description: "d" }] },
          m: { type: "object", properties: { k: { type: "string" } }, discriminator: { propertyName: "k", mapping: { x: "Missing" } } },
          s: { oneOf: [ref("Self"), ref("Fish")], discriminator: { propertyName: "kind" } },
        },
      },
    ],
    [
      "variants that only require, beside the base's properties",
      { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, oneOf: [{ required: ["a"] }, { required: ["b"] }] },
    ],
    [
      "boolean schemas in variants and allOf parts",
      {
        oneOf: [
          { type: "object", properties: { a: true } },
          { type: "object", properties: { a: true, b: { allOf: [true, true] } } },
        ],
        allOf: [{ properties: { c: true } }, { properties: { c: true } }],
      },
    ],
    ["a union that contains itself", ref("Loop")],
    ["an allOf that contains itself", ref("Self")],
    [
      "additional properties",
      {
        type: "object",
        properties: {
          m: { type: "object", additionalProperties: { type: "integer" } },
          n: { type: "object", additionalProperties: true, properties: { x: { type: "string" } } },
          o: { type: "object", additionalProperties: false },
          p: { type: "object", patternProperties: { "^x": { type: "string" } } },
        },
      },
    ],
    [
      "arrays of arrays in allOf",
      {
        type: "object",
        properties: {
          g: {
            allOf: [
              { type: "array", items: { type: "array", items: { type: "string" } } },
              { type: "array", items: { type: "array", items: { minLength: 1 } } },
            ],
          },
        },
      },
    ],
    [
      "a date-time, null and a tuple",
      {
        type: "object",
        properties: {
          t: { type: "string", format: "date-time" },
          z: { type: "null" },
          u: { type: "array", items: [{ type: "string" }] },
          w: { type: "whatever" },
        },
      },
    ],
  ])("schemas: %s", (_name, schema) => {
    const map = generateRouteMap(describe_({ "/a": { post: body(schema) } }, { components }), { header: () => "", withQueries: true });
    expect([
      routes(describe_({ "/a": { post: body(schema) } }, { components })),
      /\n(type [\s\S]*?)\n\n/.exec(map.typescript)?.[1] ?? "",
      map.listing,
    ]).toMatchSnapshot();
  });

  test("a property declared more than 256 ways is refused, naming the schema's pointer", () => {
    const variants = Array.from({ length: 257 }, (_, i) => ({ type: "object", properties: { a: { type: "string", maxLength: i } } }));
    const spec = describe_(
      { "/a": { post: body({ $ref: "#/components/schemas/Many" }) } },
      { components: { schemas: { Many: { oneOf: variants } } } },
    );
    expect(() => routes(spec)).toThrow(
      "edge.json#/components/schemas/Many: its oneOf/anyOf/allOf graph declares one property more than 256 ways",
    );
  });

  test.each([
    [{ file: "d.json", title: undefined, version: undefined, baseUrl: undefined, name: "d" }, "from d.json (d.json)", "none given"],
    [
      { file: "d.json", title: "Okta", version: "5", baseUrl: "https://{yourOktaDomain}/api/v1", name: "okta" },
      "from d.json (Okta 5)",
      "whose variables `baseUrl()` fills",
    ],
    [{ file: "d.json", title: "R", version: undefined, baseUrl: "/api/v2", name: "r" }, "from d.json (R)", "a relative URL"],
  ])("headerOf %#", (given, source, base) => {
    const header = headerOf(given);
    expect(header).toContain(source);
    expect(header).toContain(base);
  });
});

describe("readDescription and checkShapes refusals, serverUrl, a map without queries", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "branches-"));
    mkdirSync(join(dir, "folder.json"));
    const spec = (ref: string) => JSON.stringify({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths: { "/a": { $ref: ref } } });
    writeFileSync(join(dir, "missing.json"), spec("gone.json#/x"));
    writeFileSync(join(dir, "folder-ref.json"), spec("folder.json#/x"));
    writeFileSync(join(dir, "broken.json"), '{ "openapi": ');
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test.each([
    ["no-such.json", /no-such\.json: ENOENT/],
    ["missing.json", /missing\.json#.*: \$ref "gone\.json" names no file; a \$ref may name/],
    ["folder-ref.json", /folder-ref\.json#.*: \$ref "folder\.json" names something that is not a regular file/],
    ["broken.json", /broken\.json/],
  ])("%s", async (name, message) => {
    await expect(readDescription(join(dir, name))).rejects.toThrow(message);
  });

  test.each([
    // OpenAPI 3.0: json-schema-ref-parser gives the pointer with the file
    ["3.0.3", { paths: { "/a": { $ref: "gone.json#/x" } } }, "#/paths/~1a", "gone.json", "names no file"],
    // OpenAPI 3.1 scopes by $id: it gives the file alone, and the message repeated its path for the pointer
    ["3.1.0", { paths: { "/a": { $ref: "gone.json#/x" } } }, "#/paths/~1a", "gone.json", "names no file"],
    [
      "3.1.0",
      { info: { title: "T", version: "1", description: { $ref: "gone.json" } } },
      "#/info/description",
      "gone.json",
      "names no file",
    ],
    [
      "3.1.0",
      { paths: { "/a": { $ref: "https://example.com/a.json" } } },
      "#/paths/~1a",
      "https://example.com/a.json",
      "is a URL (https:), which generate does not follow",
    ],
    ["3.1.0", { paths: { "/a": { $ref: "/etc/passwd" } } }, "#/paths/~1a", "/etc/passwd", "is an absolute path"],
    // under an $id the scope is no file: the $ref is found in the description
    [
      "3.1.0",
      {
        paths: {
          "/a": { get: { parameters: [{ name: "q", in: "query", schema: { $id: "https://example.com/s.json", $ref: "gone.json" } }] } },
        },
      },
      "#/paths/~1a/get/parameters/0/schema",
      "gone.json",
      "names no file",
    ],
  ])("OpenAPI %s: a refused $ref is named with the JSON pointer where it stands (%j)", async (openapi, fields, pointer, ref, problem) => {
    const file = join(dir, `pointer-${openapi}.json`);
    writeFileSync(file, JSON.stringify({ openapi, info: { title: "T", version: "1" }, paths: {}, ...fields }));
    await expect(readDescription(file)).rejects.toThrow(
      `${file}${pointer}: $ref ${JSON.stringify(ref)} ${problem}; a $ref may name a .json, .yaml or .yml file in the description's folder or below`,
    );
  });

  test("a $ref in a file another file names is named in that file, with its pointer; a $ref that names a file is read", async () => {
    const file = join(dir, "nested.json");
    const paths = join(dir, "nested-paths.json");
    const parameter = join(dir, "nested-parameter.json");
    writeFileSync(
      file,
      JSON.stringify({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths: { "/a": { $ref: "nested-paths.json#/p" } } }),
    );
    writeFileSync(paths, JSON.stringify({ p: { get: { parameters: [{ $ref: "nested-parameter.json" }] } } }));
    await expect(readDescription(file)).rejects.toThrow(`${paths}#/p/get/parameters/0: $ref "nested-parameter.json" names no file;`);
    writeFileSync(parameter, JSON.stringify({ name: "q", in: "query", schema: { type: "string" } }));
    const { files } = await readDescription(file);
    expect(files).toEqual([file, paths, parameter].map((path) => realpathSync(path)));
  });

  test("without queries, the map has no queries and no Queries import", () => {
    const map = generateRouteMap(describe_({ "/a": { get: {} } }), { header: () => "// header", withQueries: false });
    expect(map.typescript).toBe('// header\n\nexport interface Routes {\n  "GET /a": {};\n}\n');
  });

  test("a refused value over 60 characters is shown cut", () => {
    const type = `application/json\u0001${"x".repeat(70)}`;
    expect(() => describe_({ "/a": { post: body({}, type) } })).toThrow(
      `edge.json#/paths/~1a/post/requestBody/content/${type.replace("/", "~1")}: must be a media type, which holds no control character (RFC 9110 section 5.5); received ${JSON.stringify(type).slice(0, 59)}…`,
    );
  });

  test.each([
    [{ url: "https://api.example.com/v1", variables: {} }, undefined, "https://api.example.com/v1"],
    [{ url: "https://{h}/v1", variables: { h: { default: "a.example" } } }, undefined, "https://a.example/v1"],
    [{ url: "https://{h}/v1", variables: {} }, {}, "INVALID_BASE_URL"],
  ])("serverUrl %#", (server, variables, expected) => {
    const run = () => (variables === undefined ? serverUrl(server) : serverUrl(server, variables));
    if (expected.startsWith("https:")) expect(run()).toBe(expected);
    else expect(run).toThrow(expect.objectContaining({ code: expected }));
  });
});
