import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { Document } from "../../lib/openapi/document.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { identifierOf } from "../../lib/openapi/responses.js";
import { generateRouteMap } from "../../lib/openapi/write.js";
import { strictProject } from "../helpers/examples.js";

// Response types in the maps `rest-endpoint generate` writes (lib/openapi/responses.ts; docs/any-api.md,
// "Responses"): each operation's responses as a union discriminated by `status`, data typed by media
// type, declared headers typed, components named once; and a description's own response examples
// compile as their data through `ResponseOf`, while what its schemas rule out is refused.

const dir = join(__dirname, "..", "..", ".tmp", `openapi-responses-${process.pid}`);
beforeAll(() => mkdirSync(dir, { recursive: true }));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object, example?: unknown) => ({
  "application/json": { schema, ...(example === undefined ? {} : { example }) },
});

/** A pet shop answering with a oneOf and its discriminator, an allOf, the allOf form of a discriminator, and each kind of content. */
const SHOP = {
  openapi: "3.2.0",
  info: { title: "Shop", version: "1" },
  paths: {
    "/pets/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: {
          "200": {
            description: "a pet",
            headers: { "X-Rate-Limit": { required: true, schema: { type: "integer" } }, ETag: { schema: { type: "string" } } },
            content: json(ref("Pet"), { kind: "cat", name: "Tom", lives: 9 }),
          },
          "404": {
            description: "none",
            content: { "application/problem+json": { schema: ref("Problem"), example: { title: "Not Found" } } },
          },
          default: { description: "an error", content: json(ref("Problem")) },
        },
      },
      delete: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "204": { description: "deleted" } },
      },
    },
    "/owners/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: {
          "200": { description: "an owner", content: json(ref("Owner"), { id: 1, name: "Ann", since: "2020-01-01T00:00:00Z" }) },
        },
      },
    },
    "/animals": {
      get: {
        responses: {
          "200": { description: "animals", content: json({ type: "array", items: ref("Animal") }, [{ type: "bird", wings: 2 }]) },
        },
      },
    },
    "/pets/{id}/photo": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "200": { description: "a photo", content: { "image/png": { schema: { type: "string", format: "binary" } } } } },
      },
    },
    "/readme": { get: { responses: { "200": { description: "text", content: { "text/markdown": {} } } } } },
    "/events": {
      get: { responses: { "200": { description: "a stream", content: { "application/jsonl": { itemSchema: ref("Event") } } } } },
    },
  },
  components: {
    schemas: {
      Pet: {
        oneOf: [ref("Cat"), ref("Dog")],
        discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" } },
      },
      Cat: {
        type: "object",
        required: ["kind", "name"],
        properties: { kind: { type: "string" }, name: { type: "string" }, lives: { type: "integer" } },
      },
      Dog: {
        type: "object",
        required: ["kind", "name"],
        properties: { kind: { type: "string" }, name: { type: "string" }, good: { type: "boolean" } },
      },
      Named: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
      Owner: {
        allOf: [
          ref("Named"),
          {
            type: "object",
            required: ["id"],
            properties: { id: { type: "integer", readOnly: true }, since: { type: "string", format: "date-time" } },
          },
        ],
      },
      Animal: {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string" } },
        discriminator: { propertyName: "type", mapping: { bird: "#/components/schemas/Bird" } },
      },
      Bird: { allOf: [ref("Animal"), { type: "object", properties: { wings: { type: "integer" } } }] },
      Problem: {
        type: "object",
        required: ["title"],
        properties: { title: { type: "string" }, status: { type: "integer", nullable: true } },
      },
      Event: { type: "object", required: ["at"], properties: { at: { type: "string" } } },
    },
  },
};

const spec = (): Document => checkShapes(structuredClone(SHOP), "shop.json");

test("each operation's responses, by status; components named once, in the order first used", () => {
  const { typescript } = generateRouteMap(spec(), { header: () => "", withQueries: true, responses: "inline" });
  const responses = typescript.slice(
    typescript.indexOf("/** Each route's responses"),
    typescript.indexOf("\n/**\n * The routes whose query"),
  );
  expect(responses).toBe(`/** Each route's responses, by status (\`ResponseOf<Routes, R>\` reads them). */
export interface Responses {
  "GET /pets/{id}": Response<200, Pet, { "x-rate-limit": string; etag?: string } & HeaderFields> | Response<404, Problem> | Response<number, Problem>;
  "DELETE /pets/{id}": Response<204, undefined>;
  "GET /owners/{id}": Response<200, Owner>;
  "GET /animals": Response<200, Animal[]>;
  "GET /pets/{id}/photo": Response<200, Uint8Array>;
  "GET /readme": Response<200, string>;
  "GET /events": Response<200, Event[]>;
}

/** A response's header fields (names lowercase), as the client gives them. */
export type HeaderFields = { [name: string]: string | undefined };
/** A response (RFC 9110 section 3.4): its status code, its content as \`data\`, its header fields. */
export type Response<Status extends number, Data, Headers = HeaderFields> = { status: Status; data: Data; headers: Headers };
export interface Cat { kind: string; name: string; lives?: number }
export interface Dog { kind: string; name: string; good?: boolean }
export type Pet = Cat & { kind?: "cat" } | Dog & { kind?: "dog" };
export interface Problem { title: string; status?: number | null }
export interface Named { name: string }
export type Owner = Named & { id: number; since?: string };
export type Bird = { type: string } & { wings?: number };
export type Animal = Bird & { type?: "bird" } | { type: string };
export interface Event { at: string }
`);
  // The map marks itself as holding them.
  expect(typescript).toContain("export interface Routes extends Responding<Responses> {");
});

test.each([
  ["full-repository", "FullRepository"],
  ["simple_user", "SimpleUser"],
  ["2fa-method", "_2faMethod"],
  ["---", "Schema"],
])("a component named %j is the type %s", (name, identifier) => {
  expect(identifierOf(name)).toBe(identifier);
});

test("a component named as what the module declares, or twice after cleaning, gets a number", () => {
  const named = checkShapes(
    {
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: {
        "/x": {
          get: {
            responses: {
              "200": {
                description: "x",
                content: json({
                  type: "array",
                  items: {
                    oneOf: [ref("Routes"), ref("a-b"), ref("a_b"), ref("Schema1"), ref("Credentials"), ref("Security"), ref("Response")],
                  },
                }),
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Routes: { type: "string" },
          "a-b": { type: "integer" },
          a_b: { type: "boolean" },
          Schema1: { type: "null" },
          // What a module with security schemes declares and imports (a fresh user's review: TS2440, TS2300).
          Credentials: { type: "string" },
          Security: { type: "string" },
          // The generic type of each response member.
          Response: { type: "number" },
        },
      },
    },
    "t.json",
  );
  const { typescript } = generateRouteMap(named, { header: () => "", withQueries: true, responses: "inline" });
  expect(typescript).toContain('"GET /x": Response<200, (Routes2 | AB | AB2 | Schema1_ | Credentials2 | Security2 | Response2)[]>;');
});

test("the description's response examples compile as their data; what its schemas rule out is refused, each on its line", () => {
  writeFileSync(join(dir, "shop.ts"), generateRouteMap(spec(), { header: () => "", withQueries: true, responses: "inline" }).typescript);
  const lines = [
    'import type { ResponseOf } from "rest-endpoint";',
    'import type { Routes } from "./shop.js";',
    "type Data<R extends keyof Routes, S> = Extract<ResponseOf<Routes, R>, { status: S }> extends { data: infer D } ? D : never;",
    // The examples, as the description gives them.
    'export const pet: Data<"GET /pets/{id}", 200> = { kind: "cat", name: "Tom", lives: 9 };',
    'export const missing: Data<"GET /pets/{id}", 404> = { title: "Not Found" };',
    'export const owner: Data<"GET /owners/{id}", 200> = { id: 1, name: "Ann", since: "2020-01-01T00:00:00Z" };',
    'export const animals: Data<"GET /animals", 200> = [{ type: "bird", wings: 2 }];',
    'export const nothing: Data<"DELETE /pets/{id}", 204> = undefined;',
    'export const photo: Data<"GET /pets/{id}/photo", 200> = new Uint8Array(1);',
    'export const readme: Data<"GET /readme", 200> = "# Shop";',
    'export const events: Data<"GET /events", 200> = [{ at: "now" }];',
    'declare const response: ResponseOf<Routes, "GET /pets/{id}">;',
    // `default` answers any status: a 200 may be it, whose headers declare nothing.
    'export const limit: string | undefined = response.status === 200 ? response.headers["x-rate-limit"] : "";',
    'export const declared = (ok: Extract<typeof response, { status: 200 }>): string => ok.headers["x-rate-limit"];',
    // Refused: a cat whose lives are text, an owner without a name, a dog with a cat's kind, a photo as text.
    'export const wrong1: Data<"GET /pets/{id}", 200> = { kind: "cat", name: "Tom", lives: "nine" };',
    'export const wrong2: Data<"GET /owners/{id}", 200> = { id: 1 };',
    'export const wrong3: Data<"GET /pets/{id}", 200> = { kind: "cat", name: "Rex", good: true };',
    'export const wrong4: Data<"GET /pets/{id}/photo", 200> = "png";',
    'export const wrong5: Data<"DELETE /pets/{id}", 204> = {};',
    "export const wrong6 = response.status === 200 ? response.data.lifes : 0;",
    'export const wrong7: Data<"GET /events", 200> = [{ when: "now" }];',
    "",
  ];
  const file = join(dir, "shop-examples.mts");
  writeFileSync(file, lines.join("\n"));
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], strictProject(["lib.es2022.d.ts"])));
  const refused = [...new Set(diagnostics.map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1))];
  expect(refused).toEqual([15, 16, 17, 18, 19, 20, 21]);
}, 120_000);

test("edge forms: a key with a quote, properties beside a oneOf, an open object, a response by $ref, no responses, a status range", () => {
  const edges = checkShapes(
    {
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          get: {
            responses: {
              "2XX": { $ref: "#/components/responses/Quoted" },
              "x-note": { description: "an extension, not a response" },
              "400": {
                description: "x",
                headers: { "Content-Type": { schema: { type: "string" } }, Link: { $ref: "#/components/headers/Link" } },
                content: { "application/json": { schema: true } },
              },
            },
          },
        },
        "/b": { get: {} },
        "/c": {
          get: {
            responses: {
              "200": {
                description: "x",
                content: {
                  "application/json": {
                    schema: {
                      properties: { id: { type: "integer" } },
                      oneOf: [
                        { type: "object", properties: { a: { const: 1 } } },
                        { type: "object", additionalProperties: { type: "string" } },
                      ],
                    },
                  },
                  "text/csv": {},
                  "application/octet-stream": { schema: { type: "string", format: "binary" } },
                },
              },
            },
          },
        },
        "/d": {
          get: {
            responses: {
              "200": {
                description: "x",
                content: { "text/csv": {}, "application/octet-stream": { schema: { type: "string", format: "binary" } } },
              },
            },
          },
        },
      },
      components: {
        responses: { Quoted: { description: "x", content: { "application/json": { schema: ref("Quoted") } } } },
        headers: { Link: { description: "Pages.", schema: { type: "string" } } },
        schemas: {
          Quoted: {
            type: "object",
            properties: { 'say "}"': { type: "string" }, tags: { type: ["array", "null"], items: [] }, blob: { type: "file" } },
          },
        },
      },
    },
    "edges.json",
  );
  const { typescript } = generateRouteMap(edges, { header: () => "", withQueries: true, responses: "inline" });
  expect(typescript.slice(typescript.indexOf("export interface Responses"), typescript.indexOf("\n/**\n * The routes whose query"))).toBe(
    `export interface Responses {
  "GET /a": Response<400, unknown, { /** Pages. */ link?: string } & HeaderFields> | Response<number, Quoted>;
  "GET /b": Response<number, unknown>;
  "GET /c": Response<200, { id?: number } & ({ a?: 1 } | { [key: string]: string }) | string | Uint8Array>;
  "GET /d": Response<200, string | Uint8Array>;
}

/** A response's header fields (names lowercase), as the client gives them. */
export type HeaderFields = { [name: string]: string | undefined };
/** A response (RFC 9110 section 3.4): its status code, its content as \`data\`, its header fields. */
export type Response<Status extends number, Data, Headers = HeaderFields> = { status: Status; data: Data; headers: Headers };
export interface Quoted { "say \\"}\\""?: string; tags?: unknown[] | null; blob?: unknown }
`,
  );
});

test("GitHub's form: the map requests only, and a module of its own with the map, the marker and the responses", () => {
  const map = generateRouteMap(spec(), {
    header: () => "",
    withQueries: false,
    responses: { map: "./shop.cjs", library: "../index.cjs" },
  });
  expect(map.declarations).toContain("\nexport interface Routes {\n");
  expect(map.declarations).not.toContain("Respon");
  expect(map.responses).toMatch(
    /^import type \{ Responding \} from "\.\.\/index\.cjs";\nimport type \{ Routes as Requests \} from "\.\/shop\.cjs";\n\n\/\*\* The map's routes, with their responses: `ResponseOf<Routes, R>` reads them\. \*\/\nexport interface Routes extends Requests, Responding<Responses> \{\}\n\n\/\*\* Each route's responses, by status \(`ResponseOf<Routes, R>` reads them\)\. \*\/\nexport interface Responses \{\n {2}"GET \/pets\/\{id\}": /,
  );
});
