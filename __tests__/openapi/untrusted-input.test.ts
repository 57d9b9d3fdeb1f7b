import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import ts from "typescript";
import type { Document } from "../../lib/openapi/document.js";
import { DescriptionError, readDescription } from "../../lib/openapi/read.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap, headerOf } from "../../lib/openapi/write.js";
import { endpoint } from "../../lib/index.js";
import { serverUrl, withQueries, type Queries, type Server } from "../../lib/openapi/queries.js";
import { errorOf } from "../helpers/errors.js";
import { strictProject } from "../helpers/examples.js";

// The edges a description, a listing or a command line reaches: `generate` (lib/openapi/read.ts,
// lib/openapi/write.ts), `withQueries`, the CLI's items and `--routes`, and the core's inputs that the
// fourth hostile battery found (issue "Reliability 4"). Each class has its test here.
const root = join(__dirname, "..", "..");
const cli = join(root, "dist", "cli.js");
// Inside the package, so that `rest-endpoint/queries` in a generated map resolves to the build.
const dir = join(root, ".tmp", `untrusted-${process.pid}`);
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", cwd: dir, timeout: 240_000 });
const write = (file: string, value: unknown): string => {
  const path = join(dir, file);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
};
/** A description as the generator reads it, checked as `generate` checks what it reads (read.ts). */
const checked = (spec: object): Document => checkShapes(spec as Record<string, unknown>, "description.json");
const describeWith = (extra: object = {}, paths: object = { "/a": { get: {} } }) => ({
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths,
  ...extra,
});
/** The one line a failing run prints, and that it printed nothing else and wrote no map. */
const refusal = (result: ReturnType<typeof run>, out = "never"): string => {
  expect({ status: result.status, stdout: result.stdout, lines: result.stderr.trimEnd().split("\n").length }).toEqual({
    status: 2,
    stdout: "",
    lines: 1,
  });
  expect(existsSync(join(dir, `${out}.d.ts`))).toBe(false);
  return result.stderr;
};
/** What each top-level statement of a declaration file declares: the map may declare Routes, its named schemas and queries only. */
const declared = (file: string, text: string): string[] =>
  ts
    .createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
    .statements.map((statement) =>
      ts.isImportDeclaration(statement)
        ? "import"
        : ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isFunctionDeclaration(statement)
          ? (statement.name?.text ?? "")
          : ts.isVariableStatement(statement)
            ? statement.declarationList.declarations.map((declaration) => declaration.name.getText()).join()
            : ts.SyntaxKind[statement.kind],
    );
const compilerOptions = { ...strictProject(["lib.es2022.d.ts"]), skipLibCheck: false };
/** tsc's messages for the files, "" each when they compile. */
const typeCheck = (files: string[]): string[] =>
  ts.getPreEmitDiagnostics(ts.createProgram(files, compilerOptions)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  write("secret.json", { token: "SECRET-OUTSIDE" });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("1. generate follows a $ref only to a .json/.yaml/.yml file in the description's folder or below", () => {
  beforeAll(() => {
    write("api/schemas/name.json", { type: "string", description: "A name." });
    write("api/notes.txt", "SECRET-TEXT");
    symlinkSync(join(dir, "secret.json"), join(dir, "api", "link.json"));
  });

  test.each([
    ["/proc/self/environ", "is an absolute path"],
    ["/etc/passwd", "is an absolute path"],
    ["/dev/zero", "is an absolute path"],
    ["../secret.json", "leaves the description's folder"],
    ["schemas/../../secret.json", "leaves the description's folder"],
    ["link.json", "leaves the description's folder"],
    ["file:///etc/passwd", "is a URL (file:)"],
    ["https://example.com/schema.json", "is a URL (https:)"],
    ["notes.txt", "names a file that is not .json, .yaml or .yml"],
    ["schemas", "names a file that is not .json"],
    ["missing.json", "names no file"],
  ])("$ref %j is refused naming it and where it stands", async (ref, problem) => {
    const description = write("api/openapi.json", describeWith({ info: { title: "T", version: "1", description: { $ref: ref } } }));
    const refused = await readDescription(description).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DescriptionError);
    const { message } = refused as Error;
    expect(message.startsWith(`${description}#/info/description: $ref ${JSON.stringify(ref)} ${problem}`)).toBe(true);
    expect(message.endsWith("; a $ref may name a .json, .yaml or .yml file in the description's folder or below")).toBe(true);
  });

  test("the CLI prints the refusal on one line, exit 2, and writes nothing", () => {
    const description = write(
      "api/openapi.json",
      describeWith({ info: { title: "T", version: "1", description: { $ref: "/proc/self/environ" } } }),
    );
    expect(refusal(run("generate", description, "--out", "never.d.ts"))).toMatch(
      /^rest-endpoint: \S+#\/info\/description: \$ref "\/proc\/self\/environ" is an absolute path;/,
    );
  });

  test("a $ref to a file below the folder is followed, and `..` that stays inside is too", () => {
    const schema = { $ref: "schemas/../schemas/name.json" };
    const description = write(
      "api/openapi.json",
      describeWith({}, { "/u/{name}": { get: { parameters: [{ name: "name", in: "path", required: true, schema }] } } }),
    );
    expect(run("generate", description, "--out", "inside.d.ts")).toMatchObject({ status: 0, stderr: "" });
    expect(readFileSync(join(dir, "inside.d.ts"), "utf8")).toContain('"GET /u/{name}": {\n    /** A name. */ name: string;\n  };');
  });
});

describe("2. text from a description lands in a comment, a string or a name, escaped for that place", () => {
  const hostile = "T */ declare global { var PWNED: 1 } /*\n// and a new line\u2028\u001b[2J";

  test("info.title, info.version, servers[0].url and descriptions stay inside comments: the map declares only its own names", () => {
    const description = write(
      "hostile.json",
      describeWith(
        { info: { title: hostile, version: hostile }, servers: [{ url: hostile }] },
        {
          "/a": {
            get: { description: hostile, parameters: [{ name: hostile, in: "query", description: hostile, schema: { enum: [hostile] } }] },
          },
        },
      ),
    );
    expect(run("generate", description, "--out", "hostile-map.d.ts")).toMatchObject({ status: 0, stderr: "" });
    const file = join(dir, "hostile-map.d.ts");
    // The hostile URL holds `{ var PWNED: 1 }`, a server variable: `baseUrl` takes it as a quoted key.
    expect(declared(file, readFileSync(file, "utf8"))).toEqual([
      "import",
      "import",
      "Routes",
      "Responses",
      "HeaderFields",
      "Response",
      "queries",
      "baseUrl",
    ]);
    expect(typeCheck([file])).toEqual([]);
  }, 300_000);

  test("property: any title, version, server URL, description, parameter name, property name and enum value give a map that compiles and declares only Routes, queries and baseUrl", () => {
    // Any text, and the pieces that end a comment, a line or a string, alone and inside other text.
    const pieces = fc.constantFrom("*/", "/*", "\n", "\r", "\u2028", "\u2029", '"', "`", "\\", "${", "}", "\u001b[2J", "\ud800");
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { maxLength: 6 }).map((parts) => parts.join("")),
    );
    const files: string[] = [];
    fc.assert(
      fc.property(text, text, text, text, text, text, text, (title, version, url, words, name, property, value) => {
        const spec = describeWith(
          { info: { title, version }, servers: [{ url }] },
          {
            "/a/{id}": {
              post: {
                description: words,
                parameters: [
                  { name: "id", in: "path", required: true, schema: { type: "string" } },
                  { name, in: "query", description: words, style: "deepObject", schema: { type: "object" } },
                ],
                requestBody: {
                  content: {
                    "application/json": { schema: { type: "object", properties: { [property]: { enum: [value], description: words } } } },
                  },
                },
              },
            },
          },
        );
        const header = () => headerOf({ file: words, title, version, baseUrl: url, name: words });
        const { declarations } = generateRouteMap(checked(spec), { header, withQueries: true });
        const file = join(dir, `property-${files.length}.d.ts`);
        writeFileSync(file, declarations);
        // A server URL with variables ({name}) also gets the function that fills them.
        expect(declared(file, declarations)).toEqual(["import", "Routes", "queries", ...(/\{[^{}]+\}/.test(url) ? ["baseUrl"] : [])]);
        files.push(file);
      }),
      { numRuns: 60 },
    );
    // One program for every run's map: each must type-check (a syntax error would hide other errors).
    expect(typeCheck(files)).toEqual([]);
  }, 300_000);
});

describe("3. an option's name is never a parameter's: the map renames, the run time sends it under its own name", () => {
  test("a deepObject query parameter `headers`, a query `url` and a path variable `{url}`", () => {
    const spec = describeWith(
      {},
      {
        "/search": {
          get: {
            parameters: [
              { name: "headers", in: "query", style: "deepObject", schema: { type: "object" } },
              { name: "url", in: "query", schema: { type: "string" } },
            ],
          },
        },
        "/links/{url}": { get: { parameters: [{ name: "url", in: "path", required: true, schema: { type: "string" } }] } },
      },
    );
    const map = generateRouteMap(checked(spec), { header: () => "", withQueries: true });
    expect(map.declarations).toContain('"GET /search": {\n    headers_?: { [key: string]: unknown };\n    url_?: string;\n  };');
    expect(map.declarations).toContain('"GET /links/{url_}": {\n    url_: string;\n  };');
    const queries = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(map.module)![1]!}}`) as Queries;
    const api = withQueries(endpoint, queries);
    const options = api("GET /search", { headers: { authorization: "Bearer T" }, headers_: { a: 1 }, url_: "https://x.example/" });
    expect(options.headers.authorization).toBe("Bearer T");
    expect([...new URL(options.url).searchParams]).toEqual([
      ["url", "https://x.example/"],
      ["headers[a]", "1"],
    ]);
    expect(api("GET /links/{url_}", { url_: "x" }).url).toBe("https://api.github.com/links/x");
  });

  test("a description whose query parameter needs a new name cannot make a map without run-time queries (GitHub's)", () => {
    const spec = describeWith({}, { "/a": { get: { parameters: [{ name: "url", in: "query", schema: { type: "string" } }] } } });
    expect(() => generateRouteMap(checked(spec), { header: () => "", withQueries: false })).toThrow(
      "named like an option or a path variable",
    );
  });
});

describe("4. --routes prints a listing's control characters escaped", () => {
  test("ESC, BEL and a new line in a route, a parameter and the source stay on their line, visible", () => {
    const routes = { "GET /a\u001b[2J\u0007\nGET /fake": [""], "GET /b": ["", ["n\u001b[31m", "query", "string\n", 0]] };
    write("evil.json", { generated: "rest-endpoint generate", target: "evil", source: "S\u001b]0;title\u0007", docs: "", routes });
    const all = run("--routes", "evil.d.ts");
    expect(all).toMatchObject({ status: 0, stdout: "GET /a\\u001b[2J\\u0007\\nGET /fake\nGET /b\n" });
    const one = run("--routes", "evil.d.ts", "GET /b");
    expect(one.stdout).not.toMatch(/\p{Cc}(?<!\n)/u);
    expect(one.stdout.split("\n")).toHaveLength(3);
    // A route endpoint() refuses (a second space) is refused by --routes too, on one line, escaped.
    const refused = run("--routes", "evil.d.ts", "GET /a\u001b[2J\u0007\nGET /fake");
    expect(refused).toMatchObject({ status: 2, stdout: "" });
    expect(refused.stderr).toMatch(
      /^rest-endpoint: `route` has a second space; received "GET \/a\\u001b\[2J\\u0007\\nGET \/fake" \(string\)/,
    );
    expect(refused.stderr.split("\n")).toHaveLength(2);
  });
});

describe("5. generate's time and output grow with the description, not with the paths through it", () => {
  test("a self-referencing schema is one named type", () => {
    const node = {
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } },
    };
    const spec = describeWith(
      { components: { schemas: { Node: node } } },
      { "/n": { post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } } } } },
    );
    const { declarations } = generateRouteMap(checked(spec), { header: () => "", withQueries: true });
    expect(declarations).toContain('"POST /n": {\n    name?: string;\n    children?: readonly Schema1[];\n  };');
    expect(declarations).toContain("type Schema1 = { name?: string; children?: readonly Schema1[] };");
  });

  test("a list of lists is written so that TypeScript reads it (`readonly readonly number[][]` is TS1354)", () => {
    const matrix = { type: "array", items: { type: "array", items: { type: "number" } } };
    const spec = describeWith(
      {},
      { "/m": { post: { requestBody: { content: { "application/json": { schema: { type: "object", properties: { matrix } } } } } } } },
    );
    const { declarations } = generateRouteMap(checked(spec), { header: () => "", withQueries: true });
    expect(declarations).toContain("matrix?: readonly (readonly number[])[];");
  });

  test("a chain of $refs that doubles at each of 40 levels writes a map of kilobytes, and it compiles", () => {
    const schemas: Record<string, object> = { S0: { type: "string" } };
    for (let i = 1; i <= 40; i++)
      schemas[`S${i}`] = {
        type: "object",
        properties: { a: { $ref: `#/components/schemas/S${i - 1}` }, b: { $ref: `#/components/schemas/S${i - 1}` } },
      };
    const description = write(
      "chain.json",
      describeWith(
        { components: { schemas } },
        { "/c": { post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/S40" } } } } } } },
      ),
    );
    expect(run("generate", description, "--out", "chain-map.d.ts")).toMatchObject({ status: 0 });
    const map = readFileSync(join(dir, "chain-map.d.ts"), "utf8");
    expect(map.length).toBeLessThan(50_000);
    // Written out past 2,000 characters, a schema reached by $ref is a named type (docs/any-api.md).
    expect(map).toMatch(/^type Schema1 = \{ a\?: /m);
    expect(typeCheck([join(dir, "chain-map.d.ts")])).toEqual([]);
  }, 300_000);

  test("a YAML description that shares a parameter by alias is read; each use is the parameter", async () => {
    const description = write(
      "aliases.yaml",
      [
        "openapi: 3.0.3",
        "info: {title: T, version: '1'}",
        "paths:",
        "  /a:",
        "    get:",
        "      parameters:",
        "        - &page {name: page, in: query, schema: {type: integer}}",
        ...["/b", "/c", "/d", "/e"].flatMap((path) => [`  ${path}:`, "    get:", "      parameters: [*page]"]),
        "",
      ].join("\n"),
    );
    const { spec } = await readDescription(description);
    const { listing } = generateRouteMap(checked(spec), { header: () => "", withQueries: true });
    expect(Object.values(listing).map(([, ...rows]) => rows)).toEqual(Array(5).fill([["page", "query", "number", 0]]));
  });

  test("a YAML alias bomb is refused on one line", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${"bcdefghij"[i - 1]}: &${"bcdefghij"[i - 1]} [${Array(9)
          .fill(`*${"abcdefghij"[i - 1]}`)
          .join(", ")}]`,
      );
    const description = write("bomb.yaml", `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n${levels.join("\n")}\n`);
    expect(refusal(run("generate", description, "--out", "never.d.ts"))).toMatch(/alias/i);
  });
});

describe("13. a description of the wrong shape is one line naming the JSON pointer, never a stack trace", () => {
  test.each([
    [
      "parameters that are not a list",
      { "/a": { get: { parameters: { length: 3 } } } },
      "#/paths/~1a/get/parameters: must be an array; received an object",
    ],
    ["a null parameter", { "/a": { get: { parameters: [null] } } }, "#/paths/~1a/get/parameters/0: must be an object; received null"],
    [
      "oneOf that is not a list",
      { "/a": { get: { parameters: [{ name: "q", in: "query", schema: { oneOf: "x" } }] } } },
      '#/paths/~1a/get/parameters/0/schema/oneOf: must be an array; received "x"',
    ],
    [
      "required that is not a list",
      { "/a": { post: { requestBody: { content: { "application/json": { schema: { type: "object", required: 5 } } } } } } },
      "#/paths/~1a/post/requestBody/content/application~1json/schema/required: must be an array; received 5",
    ],
    [
      "a parameter without a name",
      { "/a": { get: { parameters: [{ in: "query" }] } } },
      "#/paths/~1a/get/parameters/0/name: must be a string; received nothing",
    ],
  ])("%s", async (_name, paths, message) => {
    const description = write("shape.json", describeWith({}, paths));
    await expect(readDescription(description)).rejects.toThrow(new DescriptionError(`${description}${message}`));
  });

  test.each([
    [
      "a $ref to a pointer that is not there",
      { "/a": { $ref: "#/components/pathItems/a" } },
      '#/paths/~1a/$ref: must point to a part of the description; received "#/components/pathItems/a"',
    ],
    ["a $ref cycle", { "/a": { $ref: "#/paths/~1b" }, "/b": { $ref: "#/paths/~1a" } }, "/$ref: must point inside the description"],
    ["a path item that is a list", { "/a": [] }, "#/paths/~1a: must be an object; received an array"],
    ["servers without a url", { "/a": { get: { servers: [{}] } } }, "#/paths/~1a/get/servers/0/url: must be a string; received nothing"],
    [
      "a type list with a number",
      { "/a": { get: { parameters: [{ name: "q", in: "query", schema: { type: ["string", 1] } }] } } },
      "#/paths/~1a/get/parameters/0/schema/type/1: must be a string; received 1",
    ],
    // Every field the generator reads has its shape checked (read.ts), so that it reads what document.ts types.
    [
      "a description that is no string",
      { "/a": { get: { parameters: [{ name: "q", in: "query", description: 5 }] } } },
      "#/paths/~1a/get/parameters/0/description: must be a string; received 5",
    ],
    [
      "explode that is no boolean",
      { "/a": { get: { parameters: [{ name: "q", in: "query", explode: "yes" }] } } },
      '#/paths/~1a/get/parameters/0/explode: must be true or false; received "yes"',
    ],
    [
      "a discriminator without its property name",
      { "/a": { post: { requestBody: { content: { "application/json": { schema: { oneOf: [], discriminator: {} } } } } } } },
      "#/paths/~1a/post/requestBody/content/application~1json/schema/discriminator/propertyName: must be a string; received nothing",
    ],
    [
      "a discriminator mapping to a number",
      {
        "/a": {
          post: {
            requestBody: { content: { "application/json": { schema: { discriminator: { propertyName: "k", mapping: { x: 1 } } } } } },
          },
        },
      },
      "#/paths/~1a/post/requestBody/content/application~1json/schema/discriminator/mapping/x: must be a string; received 1",
    ],
    [
      "patternProperties holding a number",
      { "/a": { post: { requestBody: { content: { "application/json": { schema: { patternProperties: { "^x": 1 } } } } } } } },
      "#/paths/~1a/post/requestBody/content/application~1json/schema/patternProperties/^x: must be an object; received 1",
    ],
    [
      "a form field's encoding style that is no string",
      {
        "/a": {
          post: { requestBody: { content: { "application/x-www-form-urlencoded": { encoding: { f: { style: 1 } } } } } },
        },
      },
      "#/paths/~1a/post/requestBody/content/application~1x-www-form-urlencoded/encoding/f/style: must be a string; received 1",
    ],
    [
      "a multipart field's encoding contentType that is no string",
      {
        "/a": {
          post: { requestBody: { content: { "multipart/form-data": { encoding: { f: { contentType: ["image/png"] } } } } } },
        },
      },
      "#/paths/~1a/post/requestBody/content/multipart~1form-data/encoding/f/contentType: must be a string; received an array",
    ],
    [
      "a server variable's default that is no string",
      { "/a": { get: { servers: [{ url: "https://{host}", variables: { host: { default: 443 } } }] } } },
      "#/paths/~1a/get/servers/0/variables/host/default: must be a string; received 443",
    ],
    [
      "externalDocs without a string url",
      { "/a": { get: { externalDocs: { url: 1 } } } },
      "#/paths/~1a/get/externalDocs/url: must be a string; received 1",
    ],
  ])("%s", async (_name, paths, message) => {
    const description = write("shape.json", describeWith({}, paths));
    const error = await readDescription(description).catch((caught: unknown) => caught);
    expect((error as Error).message).toContain(message);
  });

  /** Path items `/a0` … `/a{hops}`, each a `$ref` to the next, the last one `{ get: {} }`: `hops` hops from `/a0`. */
  const chain = (hops: number): Record<string, unknown> =>
    Object.fromEntries(Array.from({ length: hops + 1 }, (_, i) => [`/a${i}`, i === hops ? { get: {} } : { $ref: `#/paths/~1a${i + 1}` }]));

  test("a chain of 32 $refs (MAX_HOPS, lib/openapi/json-pointer.ts) is read and mapped; 33 are refused at the 33rd", async () => {
    const description = write("hops-32.json", describeWith({}, chain(32)));
    const { spec } = await readDescription(description);
    expect(generateRouteMap(spec, { header: () => "", withQueries: true }).count).toBe(33);
    const longer = write("hops-33.json", describeWith({}, chain(33)));
    await expect(readDescription(longer)).rejects.toThrow(
      new DescriptionError(`${longer}#/paths/~1a32/$ref: must point inside the description; received "#/paths/~1a33"`),
    );
  });

  test.each([
    ["swagger.json", '{"swagger": "2.0", "paths": {}}', "#/swagger: is Swagger 2.0; convert it to OpenAPI 3 first"],
    ["old.json", '{"openapi": "2.5.0", "paths": {}}', '#/openapi: must be "3.0.x", "3.1.x" or "3.2.x"; received "2.5.0"'],
    ["list.json", "[1]", "#: is not an OpenAPI description"],
    ["broken.yaml", "openapi: 3.0.0\npaths: [unclosed\n", "broken.yaml"],
    ["nowhere.json", undefined, "nowhere.json: ENOENT"],
  ])("%s", async (file, text, message) => {
    const description = text === undefined ? join(dir, file) : write(file, text);
    const error = await readDescription(description).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DescriptionError);
    expect((error as Error).message).toContain(message);
  });

  test("a file over 64 MiB is not read", async () => {
    const description = write("huge.json", "");
    truncateSync(description, 64 * 1024 * 1024 + 1);
    await expect(readDescription(description)).rejects.toThrow("is over 64 MiB");
  });

  test("JSON Schema's true, a schema reached twice and pointer tokens with ~0, ~1 and %25 are read", async () => {
    const schemas = { "a/b~c": { type: "string" }, yes: true };
    const parameter = (name: string, $ref: string) => ({ name, in: "query", schema: { $ref } });
    const description = write(
      "tokens.json",
      describeWith(
        { components: { schemas } },
        {
          "/a": {
            parameters: [{ name: "o", in: "query", schema: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] } }],
            get: {
              requestBody: {
                content: {
                  "application/json": {
                    schema: {
                      type: "object",
                      required: ["a"],
                      properties: { a: { type: "string" } },
                      additionalProperties: { type: "string" },
                    },
                  },
                },
              },
              parameters: [
                parameter("p", "#/components/schemas/a~1b~0c"),
                parameter("q", "#/components/schemas/a~1b~0c"),
                parameter("r", "#/components/schemas/yes"),
              ],
            },
          },
        },
      ),
    );
    const { files } = await readDescription(description);
    expect(files).toEqual([realpathSync(description)]);
  });

  test("a specification extension among the paths (x-…) is no path: it is skipped, not refused", async () => {
    const description = write("extension.json", describeWith({}, { "x-codegen-contextRoot": "/apis/registry/v2", "/a": { get: {} } }));
    const { spec } = await readDescription(description);
    expect(Object.keys(generateRouteMap(checked(spec), { header: () => "", withQueries: true }).listing)).toEqual(["GET /a"]);
  });

  test("a description that nests deeper than generate reads", async () => {
    let schema: object = { type: "string" };
    for (let i = 0; i < 300; i++) schema = { type: "array", items: schema };
    const description = write("deep.json", describeWith({}, { "/a": { get: { parameters: [{ name: "q", in: "query", schema }] } } }));
    await expect(readDescription(description)).rejects.toThrow("nests over 200 levels");
  });

  test("the CLI prints a wrong shape on one line under --strict, exit 2", () => {
    const description = write("shape.json", describeWith({}, { "/a": { get: { parameters: [null] } } }));
    expect(refusal(run("generate", description, "--strict", "--out", "never.d.ts"))).toBe(
      `rest-endpoint: ${description}#/paths/~1a/get/parameters/0: must be an object; received null\n`,
    );
  });

  test("--out into a folder that does not exist", () => {
    const description = write("fine.json", describeWith());
    expect(refusal(run("generate", description, "--out", "missing/dir/api.d.ts"))).toMatch(
      /^rest-endpoint: --out missing\/dir\/api\.d\.ts: cannot write/,
    );
  });

  test.each([["null"], ['{"routes": null}'], ['{"source": "s", "docs": "", "routes": {"GET /a": [1]}}']])(
    "--routes on the listing %s",
    (text) => {
      write("malformed.json", text);
      expect(refusal(run("--routes", "malformed.d.ts"))).toBe(
        `rest-endpoint: --routes: malformed.json is not a listing that generate wrote\n`,
      );
    },
  );
});

describe("14. generate writes over no file it did not write, and never over the description", () => {
  test("a hand-written api.js beside --out api.d.ts is kept unless --force; generate's own files are replaced", () => {
    const description = write("own.json", describeWith());
    write("api.js", "// mine\n");
    expect(refusal(run("generate", description, "--out", "api.d.ts"), "api")).toBe(
      "rest-endpoint: --out api.d.ts would write over api.js, which generate did not write; give --force to replace it\n",
    );
    expect(readFileSync(join(dir, "api.js"), "utf8")).toBe("// mine\n");
    expect(run("generate", description, "--out", "api.d.ts", "--force")).toMatchObject({ status: 0 });
    expect(run("generate", description, "--out", "api.d.ts")).toMatchObject({ status: 0 });
  });

  test("--out x.d.ts beside the description x.json is refused, --force or not", () => {
    const description = write("x.json", describeWith());
    const before = readFileSync(description, "utf8");
    for (const force of [[], ["--force"]]) {
      expect(refusal(run("generate", "x.json", "--out", "x.d.ts", ...force), "x")).toBe(
        "rest-endpoint: --out x.d.ts would write over x.json, which the description is read from; name the listing with --listing, e.g. --listing x.routes.json\n",
      );
    }
    expect(readFileSync(description, "utf8")).toBe(before);
  });
});

describe("10, 11. maps that the run time can send: a query in the path key, names the grammar lacks, a path variable not declared", () => {
  const spec = describeWith(
    {},
    {
      "/search?type=user": {
        get: { parameters: [{ name: "filter", in: "query", style: "deepObject", schema: { type: "object" } }] },
        post: { parameters: [{ name: "q", in: "query", schema: { type: "string" } }] },
      },
      "/items/{$id}/{user id}/{undeclared}": {
        get: {
          parameters: [
            { name: "$id", in: "path", required: true, schema: { type: "integer" } },
            { name: "user id", in: "path", required: true, schema: { type: "string" } },
          ],
        },
      },
      "/things/{id}": {
        get: {
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "integer" } },
            { name: "id", in: "query", schema: { type: "string" } },
          ],
        },
      },
    },
  );
  const map = generateRouteMap(checked(spec), { header: () => "", withQueries: true });
  const queries = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(map.module)![1]!}}`) as Queries;
  const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queries);

  test("the routes and their parameters, as a call writes them", () => {
    expect(Object.keys(map.listing)).toEqual([
      "GET /search?type=user",
      "POST /search?type=user",
      "GET /items/{_id}/{user_id}/{undeclared}",
      "GET /things/{id}",
    ]);
    expect(map.declarations).toContain(
      '"GET /items/{_id}/{user_id}/{undeclared}": {\n    _id: number;\n    user_id: string;\n    undeclared: string | number;\n  };',
    );
    expect(map.declarations).toContain('"GET /things/{id}": {\n    id: number;\n    id_?: string;\n  };');
    const file = write("names-map.d.ts", map.declarations);
    expect(typeCheck([file])).toEqual([]);
  }, 300_000);

  test.each([
    ["GET /search?type=user", { filter: { a: 1 } }, "https://h.example/search?type=user&filter%5Ba%5D=1"],
    ["POST /search?type=user", { q: "x" }, "https://h.example/search?type=user&q=x"],
    ["POST /search?type=user{&q}", { q: "x" }, "https://h.example/search?type=user&q=x"],
    ["GET /items/{_id}/{user_id}/{undeclared}", { _id: 1, user_id: "u", undeclared: 3 }, "https://h.example/items/1/u/3"],
    ["GET /things/{id}", { id: 5, id_: "q" }, "https://h.example/things/5?%69d=q"],
  ])("%s sends one query, each parameter once", (route, parameters, url) => {
    expect(api(route, parameters).url).toBe(url);
    expect(new URL(url).search.split("?")).toHaveLength(url.includes("?") ? 2 : 1);
  });
});

describe("12. the CLI's items follow HTTPie's syntax, and nothing is silently dropped or changed", () => {
  const json = (...args: string[]) => JSON.parse(run(...args).stdout) as { url: string; body?: unknown };

  test.each([
    [["a=1", "a=2"], 'the item "a=2" sets "a" again'],
    [["a:=1", "a=2"], 'the item "a=2" sets "a" again'],
    [["X-A:1", "x-a:2"], 'the item "x-a…" (of 5 characters, not shown) sets "x-a" again'],
    [["id:=12345678901234567890"], "holds 12345678901234567890, past 2^53 - 1"],
    [["ids:=[1, 99999999999999999999]"], "holds 99999999999999999999"],
    [[":=1"], 'the item ":=1" has no name before ":="'],
    [["=x"], "has no name"],
    [["==x"], "has no name"],
  ])("%j is a usage error", (items, message) => {
    expect(refusal(run("POST /x", ...items))).toContain(message);
  });

  test("an integer within 2^53 - 1, and a long digit string inside a JSON string, are kept", () => {
    expect(json("POST /x", "id:=9007199254740991", 'n:={"s": "12345678901234567890"}').body).toEqual({
      id: 9007199254740991,
      n: { s: "12345678901234567890" },
    });
  });

  test("name==value is a query parameter whatever the method: a==b sends a=b", () => {
    expect(json("GET /x", "a==b").url).toBe("https://api.github.com/x?a=b");
    expect(json("POST /x", "a==b", "c=d")).toMatchObject({ url: "https://api.github.com/x?a=b", body: { c: "d" } });
    expect(json("POST /x?y=1", "a b==c").url).toBe("https://api.github.com/x?y=1&a%20b=c");
    expect(json("GET /x{?p}", "p=1", "a==b").url).toBe("https://api.github.com/x?p=1&a=b");
    expect(refusal(run("GET /repos/{owner}", "owner==x"))).toContain("is named like a parameter of the route");
  });
});

// 8. baseUrl's own path: __tests__/core/url.test.ts, "baseUrl must be an absolute http(s) URL without query or fragment".
describe("the core: two names a server reads as one, Map and Set in a JSON body, empty path segments", () => {
  test("7. a parameter beside a pct-encoded template variable of the same name is INVALID_OPTIONS; two spellings in one template are INVALID_URL_TEMPLATE", () => {
    expect(errorOf(() => endpoint("GET /x{?a%20b}", { "a%20b": "1", "a b": "2" }))).toMatchObject({
      code: "INVALID_OPTIONS",
      argument: "a b",
    });
    expect(endpoint("GET /x{?a%20b}", { "a%20b": "1" }).url).toBe("https://api.github.com/x?a%20b=1");
    expect(endpoint("GET /x{?a%20b}", { "a b": "2" }).url).toBe("https://api.github.com/x?a%20b=2");
    expect(errorOf(() => endpoint("GET /x{?a%62,ab}", {}))).toMatchObject({ code: "INVALID_URL_TEMPLATE" });
  });

  test.each([
    ["a Map", { m: new Map([["a", 1]]) }, "m"],
    ["a Set", { s: new Set([1]) }, "s"],
    ["a Map inside an object", { o: { m: new Map() } }, "o"],
    ["a WeakMap inside a list", { l: [new WeakMap()] }, "l"],
  ])("9. %s in a JSON body is INVALID_PARAMETER, never {} on the wire", (_name, parameters, argument) => {
    expect(errorOf(() => endpoint("POST /x", parameters))).toMatchObject({ code: "INVALID_PARAMETER", argument });
  });

  test("9. a Map as data is the caller's body, sent as given", () => {
    const data = new Map();
    expect(endpoint("POST /x", { data }).body).toBe(data);
  });

  test.each([
    ["/x{/a*}", ["", "b"]],
    ["/x{/a*}", ["a", "", "b"]],
    ["/x/{/a*}", ["b"]],
  ])("15. %s with %j is INVALID_PATH_SEGMENT, as an empty segment is everywhere else", (url, a) => {
    expect(errorOf(() => endpoint(`GET ${url}`, { a }))).toMatchObject({ code: "INVALID_PATH_SEGMENT", argument: "a" });
  });

  test("15. {/a*} and {/a,b} with non-empty segments", () => {
    expect(endpoint("GET /x{/a*}", { a: ["p", "q"] }).url).toBe("https://api.github.com/x/p/q");
    expect(endpoint("GET /x{/a,b}", { a: "p" }).url).toBe("https://api.github.com/x/p");
    expect(errorOf(() => endpoint("GET /x{/a,b}", { a: "", b: "q" }))).toMatchObject({ code: "INVALID_PATH_SEGMENT" });
    // A trailing "/" stays, as RFC 6570 section 3.2.6 writes `{/var,empty}`.
    expect(endpoint("GET /x{/a,b}", { a: "p", b: "" }).url).toBe("https://api.github.com/x/p/");
  });
});

describe("every schema form of OpenAPI 3.0 and 3.1 has a written type that says what the description allows", () => {
  const schemas = {
    Cat: { type: "object", required: ["kind", "meows"], properties: { kind: { type: "string" }, meows: { type: "boolean" } } },
    Dog: { type: "object", required: ["kind", "barks"], properties: { kind: { type: "string" }, barks: { type: "integer" } } },
    Audit: { type: "object", properties: { id: { type: "string", readOnly: true }, created: { type: "string", readOnly: true } } },
    Status: { type: "string", enum: ["open", "closed"] },
  };
  const body = (schema: object) => ({ requestBody: { content: { "application/json": { schema } } } });
  const spec = describeWith(
    { components: { schemas } },
    {
      "/fields": {
        get: {
          parameters: [
            {
              name: "opt_fields",
              in: "query",
              description:
                "This endpoint returns a resource which excludes some properties by default. A comma-separated list of the properties to include.",
              schema: { type: "array", items: { type: "string", enum: ["name", "notes"] } },
            },
          ],
        },
      },
      "/forms": {
        post: body({
          type: "object",
          properties: {
            none: { type: "string", enum: [] },
            fixed: { const: "v1" },
            grid: { type: "array", items: { type: "array", items: { type: "number" } } },
            labels: { type: "object", patternProperties: { "^x-": { type: "string" } } },
            counts: { type: "object", additionalProperties: { type: "integer" } },
            maybe: { type: ["string", "null"] },
            legacy: { type: "string", nullable: true },
            status: { allOf: [{ $ref: "#/components/schemas/Status" }, { readOnly: false, description: "described" }] },
            pet: {
              oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
              discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat", dog: "Dog" } },
            },
            item: {
              allOf: [
                { $ref: "#/components/schemas/Audit" },
                { type: "object", required: ["name"], properties: { name: { type: "string" } } },
              ],
            },
            // Swagger 2.0's `file`, no type of OpenAPI 3: any value.
            upload: { type: "file" },
          },
        }),
      },
    },
  );
  const { declarations } = generateRouteMap(checked(spec), { header: () => "", withQueries: true });

  test("a comma-separated list keeps its items' enum (Asana's opt_fields), and also takes one item alone", () => {
    expect(declarations).toContain('opt_fields?: "name" | "notes" | readonly ("name" | "notes")[];');
  });

  test("each property's type", () => {
    const members = /"POST \/forms": \{\n([\s\S]*?)\n {2}\};/
      .exec(declarations)![1]!
      .split("\n")
      .map((line) => line.trim());
    expect(members).toEqual([
      "none?: never;",
      'fixed?: "v1";',
      "grid?: readonly (readonly number[])[];",
      "labels?: { [key: string]: string };",
      "counts?: { [key: string]: number };",
      "maybe?: string | null;",
      "legacy?: string | null;",
      'status?: "open" | "closed";',
      'pet?: { kind: string; meows: boolean } & { kind: "cat" } | { kind: string; barks: number } & { kind: "dog" };',
      // readOnly properties are optional (a request "SHOULD NOT" send them): the part intersects as any other.
      "item?: { id?: string; created?: string; name: string };",
      "upload?: unknown;",
    ]);
  });

  test("it compiles, valid values are taken, and each value the description does not allow is a type error", () => {
    const file = write("forms-map.d.ts", declarations);
    const calls = [
      'api("POST /forms", { fixed: "v1", grid: [[1, 2]], labels: { "x-a": "b" }, maybe: null, status: "open", pet: { kind: "cat", meows: true }, item: { name: "n" } });',
      'api("POST /forms", { pet: { kind: "dog", barks: 3 } });',
      'api("POST /forms", { none: "anything" });',
      'api("POST /forms", { fixed: "v2" });',
      'api("POST /forms", { status: "shut" });',
      'api("POST /forms", { pet: { kind: "dog", meows: true } });',
      'api("POST /forms", { item: { id: "x" } });',
      'api("POST /forms", { grid: [1, 2] });',
      'api("GET /fields", { opt_fields: ["nmae"] });',
    ];
    const program = write(
      "forms-calls.mts",
      [
        'import type { Routes } from "./forms-map.js";',
        'import { endpoint, type EndpointInterface } from "rest-endpoint";',
        "const api: EndpointInterface<Routes> = endpoint;",
        ...calls,
        "",
      ].join("\n"),
    );
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([program, file], compilerOptions));
    const lines = diagnostics.map((diagnostic) => diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line - 3);
    expect([...new Set(lines)].sort()).toEqual([2, 3, 4, 5, 6, 7, 8]);
  }, 300_000);
});

describe("a body is sent with the media type its description declares", () => {
  const body = (type: string, schema: object) => ({ requestBody: { required: true, content: { [type]: { schema } } } });
  const id = [{ name: "id", in: "path", required: true, schema: { type: "integer" } }];
  const spec = describeWith(
    {},
    {
      "/items/{id}": {
        patch: {
          parameters: id,
          ...body("application/json-patch+json", { type: "array", items: { type: "object", properties: { op: { type: "string" } } } }),
        },
      },
      "/docs/{id}": {
        patch: { parameters: id, ...body("application/merge-patch+json", { type: "object", properties: { title: { type: "string" } } }) },
      },
      "/tokens": { post: body("application/x-www-form-urlencoded", { type: "object", properties: { grant_type: { type: "string" } } }) },
      "/files": { post: body("multipart/form-data", { type: "object", properties: { purpose: { type: "string" } } }) },
      "/things": { post: body("application/json", { type: "object", properties: { name: { type: "string" } } }) },
      // Several types, as Kubernetes' PATCH declares them: the call chooses.
      "/pods/{id}": {
        patch: {
          parameters: id,
          requestBody: {
            content: {
              "application/json-patch+json": { schema: { type: "object" } },
              "application/merge-patch+json": { schema: { type: "object" } },
            },
          },
        },
      },
    },
  );
  const map = generateRouteMap(checked(spec), { header: () => "", withQueries: true });
  const queries = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(map.module)![1]!}}`) as Queries;
  const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queries);

  test("the run-time table names each media type endpoint() would not give; multipart's boundary is the client's, and so is the choice among several", () => {
    expect(Object.fromEntries(Object.entries(queries).map(([route, { contentType }]) => [route, contentType]))).toEqual({
      "PATCH /items/{id}": "application/json-patch+json",
      "PATCH /docs/{id}": "application/merge-patch+json",
      "POST /tokens": "application/x-www-form-urlencoded",
    });
  });

  test.each([
    ["PATCH /items/{id}", { id: 1, data: [{ op: "remove" }] }, "application/json-patch+json"],
    ["PATCH /docs/{id}", { id: 1, title: "t" }, "application/merge-patch+json"],
    ["POST /tokens", { data: "grant_type=client_credentials" }, "application/x-www-form-urlencoded"],
    ["POST /things", { name: "n" }, "application/json; charset=utf-8"],
    ["PATCH /docs/{id}", { id: 1, title: "t", headers: { "content-type": "application/json" } }, "application/json"],
    [
      "PATCH /pods/{id}",
      { id: 1, data: { metadata: { labels: null } }, headers: { "content-type": "application/merge-patch+json" } },
      "application/merge-patch+json",
    ],
  ])("%s %j goes out as %s", (route, parameters, contentType) => {
    expect(api(route, parameters).headers["content-type"]).toBe(contentType);
  });
});

describe("header parameters are typed and sent in their header fields", () => {
  const spec = describeWith(
    {},
    {
      "/items": {
        get: {
          parameters: [
            { name: "X-Request-Id", in: "header", required: true, schema: { type: "string" } },
            { name: "Accept", in: "header", schema: { type: "string" } },
            { name: "x-page", in: "header", schema: { type: "integer" } },
            { name: "q", in: "query", schema: { type: "string" } },
          ],
        },
      },
    },
  );
  const map = generateRouteMap(checked(spec), { header: () => "", withQueries: true });
  const queries = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(map.module)![1]!}}`) as Queries;
  const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queries);

  test("the map types them beside the query (Accept ignored, as OpenAPI 3.1 section 4.8.12.1 says); the table names their fields", () => {
    expect(map.declarations).toContain('"GET /items": {\n    "X-Request-Id": string;\n    "x-page"?: number;\n    q?: string;\n  };');
    expect(queries).toEqual({
      "GET /items": { template: "GET /items{?q}", headers: { "X-Request-Id": "X-Request-Id", "x-page": "x-page" } },
    });
  });

  test("a call sends them as header fields, not in the query", () => {
    const { url, headers } = api("GET /items", { "X-Request-Id": "r1", "x-page": 2, q: "a" });
    expect([url, headers["x-request-id"], headers["x-page"]]).toEqual(["https://h.example/items?q=a", "r1", "2"]);
    // A list, as any header field value is: joined with ", " (RFC 9110 section 5.3); null leaves the field out.
    expect(api("GET /items", { "X-Request-Id": ["r1", "r2"], "x-page": null }).headers).toMatchObject({ "x-request-id": "r1, r2" });
    expect(Object.hasOwn(api("GET /items", { "X-Request-Id": "r1", "x-page": null }).headers, "x-page")).toBe(false);
  });
});

describe("a server URL with variables: typed, defaults applied, a missing one an error before anything is built", () => {
  const spec = describeWith({
    servers: [
      {
        url: "https://{yourOktaDomain}/api/{version}",
        variables: { yourOktaDomain: { default: "subdomain.okta.com" }, version: { default: "v1", enum: ["v1", "v2"] } },
      },
    ],
  });
  const map = generateRouteMap(checked(spec), { header: () => "", withQueries: true });

  test("the map declares baseUrl(variables), each variable typed by its enum", () => {
    expect(map.declarations).toContain(
      'export declare function baseUrl(variables?: { yourOktaDomain?: string; version?: "v1" | "v2" }): string;',
    );
    expect(map.module).toContain(
      'export function baseUrl(variables = {}) {\n  return serverUrl({"url":"https://{yourOktaDomain}/api/{version}","variables":{"yourOktaDomain":{"default":"subdomain.okta.com"},"version":{"default":"v1","enum":["v1","v2"]}}}, variables);\n}',
    );
  });

  const server: Server = {
    url: "https://{yourOktaDomain}/api/{version}",
    variables: { yourOktaDomain: { default: "subdomain.okta.com" }, version: { enum: ["v1", "v2"] } },
  };
  test.each([
    [{ version: "v1" }, "https://subdomain.okta.com/api/v1"],
    [{ yourOktaDomain: "acme.okta.com", version: "v2" }, "https://acme.okta.com/api/v2"],
  ])("%j gives %s", (variables, url) => {
    expect(serverUrl(server, variables)).toBe(url);
    expect(endpoint.defaults({ baseUrl: serverUrl(server, variables) })("GET /users").url).toBe(`${url}/users`);
  });

  test.each([
    [{}, "variables.version", "is needed by"],
    [{ version: "v3" }, "variables.version", 'must be one of "v1", "v2"'],
    [{ version: "v1", yourOktaDomain: "evil.com#" }, "variables.yourOktaDomain", "must not hold ?, #, @"],
    [{ version: "v1", domain: "x" }, "variables.domain", "is no variable of"],
    [{ version: 1 }, "variables.version", "must be a string"],
  ])("%j is INVALID_BASE_URL naming %s", (variables, argument, rule) => {
    const error = errorOf(() => serverUrl(server, variables));
    expect(error).toMatchObject({ code: "INVALID_BASE_URL", argument });
    expect(error.message).toContain(rule);
  });

  // A fresh-eyes battery: `enum` and `default` were read through the prototype, so that a polluted
  // Object.prototype chose the host (and a query credential went there).
  test.each([
    ["enum", { enum: ["evil.example/"] }, { tenant: "evil.example/" }, "variables.tenant", "is in the URL's authority"],
    ["default", { default: "evil.example/" }, {}, "variables.tenant", "which has no default for it"],
  ])("a polluted Object.prototype.%s is none of the description's", (_name, pollution, variables, argument, rule) => {
    const tenant = { url: "https://{tenant}.example.com/v1", variables: { tenant: {} } } as Server;
    Object.assign(Object.prototype, pollution);
    try {
      const error = errorOf(() => serverUrl(tenant, variables));
      expect(error).toMatchObject({ code: "INVALID_BASE_URL", argument });
      expect(error.message).toContain(rule);
    } finally {
      for (const key of Object.keys(pollution)) Reflect.deleteProperty(Object.prototype, key);
    }
  });

  test.each([
    ["null", null, "INVALID_OPTIONS", "variables"],
    ["a string", "acme", "INVALID_OPTIONS", "variables"],
    [
      "a getter that throws",
      Object.defineProperty({}, "version", {
        enumerable: true,
        get() {
          throw new Error("no");
        },
      }),
      "INVALID_OPTIONS",
      "variables",
    ],
  ])("variables given as %s: an EndpointError naming them", (_name, variables, code, argument) => {
    expect(errorOf(() => serverUrl(server, variables as never))).toMatchObject({ code, argument });
  });
});

describe("every style a description may declare for a query is sent as declared: OpenAPI 3.1's own style examples", () => {
  // OpenAPI 3.1 section 4.8.12.4, "Style Examples": color = ["blue", "black", "brown"] and
  // { R: 100, G: 200, B: 150 }, as a server decodes the query.
  const ROWS: [style: string, explode: boolean, value: unknown, decoded: string][] = [
    ["form", false, ["blue", "black", "brown"], "color=blue,black,brown"],
    ["form", true, ["blue", "black", "brown"], "color=blue&color=black&color=brown"],
    ["spaceDelimited", false, ["blue", "black", "brown"], "color=blue black brown"],
    ["spaceDelimited", true, ["blue", "black", "brown"], "color=blue&color=black&color=brown"],
    ["pipeDelimited", false, ["blue", "black", "brown"], "color=blue|black|brown"],
    ["pipeDelimited", true, ["blue", "black", "brown"], "color=blue&color=black&color=brown"],
    ["form", false, { R: 100, G: 200, B: 150 }, "color=R,100,G,200,B,150"],
    ["form", true, { R: 100, G: 200, B: 150 }, "R=100&G=200&B=150"],
    ["deepObject", true, { R: 100, G: 200, B: 150 }, "color[R]=100&color[G]=200&color[B]=150"],
    ["form", true, "blue", "color=blue"],
    ["spaceDelimited", false, "blue", "color=blue"],
  ];
  const paths = Object.fromEntries(
    ROWS.map(([style, explode, value], index) => [
      `/styles/${index}`,
      {
        get: {
          parameters: [
            {
              name: "color",
              in: "query",
              style,
              explode,
              schema: Array.isArray(value)
                ? { type: "array", items: { type: "string" } }
                : typeof value === "object"
                  ? { type: "object" }
                  : { type: "string" },
            },
          ],
        },
      },
    ]),
  );
  const map = generateRouteMap(checked(describeWith({}, paths)), { header: () => "", withQueries: true });
  const queries = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(map.module)![1]!}}`) as Queries;
  const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queries);

  test.each(ROWS.map((row, index) => [index, ...row] as const))(
    "%i: %s, explode %s, %j is decoded as %s",
    (index, _style, _explode, value, decoded) => {
      const { url } = api(`GET /styles/${index}`, { color: value as string });
      expect([...new URL(url).searchParams].map(([name, text]) => `${name}=${text}`).join("&")).toBe(decoded);
    },
  );

  test("a form body's encoding: deepObject fields in brackets, `explode: false` lists joined; the table says so", () => {
    const form = generateRouteMap(
      checked(
        describeWith(
          {},
          {
            "/orders": {
              post: {
                requestBody: {
                  content: {
                    "application/x-www-form-urlencoded": {
                      schema: {
                        type: "object",
                        properties: {
                          meta: { type: "object" },
                          tags: { type: "array", items: { type: "string" } },
                          note: { type: "string" },
                        },
                      },
                      encoding: { meta: { style: "deepObject", explode: true }, tags: { explode: false } },
                    },
                  },
                },
              },
            },
          },
        ),
      ),
      { header: () => "", withQueries: true },
    );
    const table = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(form.module)![1]!}}`) as Queries;
    expect(table).toEqual({
      "POST /orders": {
        template: "POST /orders",
        contentType: "application/x-www-form-urlencoded",
        form: { mediaType: "application/x-www-form-urlencoded", deepObject: ["meta"], joined: ["tags"] },
      },
    });
    const orders = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table);
    expect(String(orders("POST /orders", { meta: { a: 1 }, tags: ["x", "y"], note: "n" }).body)).toBe("meta%5Ba%5D=1&tags=x%2Cy&note=n");
  });

  test("a multipart body's encoding: each field's contentType in the table (only those that have one), applied to a file without a type", () => {
    const upload = generateRouteMap(
      checked(
        describeWith(
          {},
          {
            "/files": {
              post: {
                requestBody: {
                  content: {
                    "multipart/form-data": {
                      schema: {
                        type: "object",
                        properties: {
                          file: { type: "string", format: "binary" },
                          image: { type: "string", format: "binary" },
                          name: { type: "string" },
                        },
                      },
                      encoding: {
                        file: { contentType: "application/zip" },
                        image: { contentType: "image/*, image/png, image/jpeg" },
                        name: {},
                      },
                    },
                  },
                },
              },
            },
          },
        ),
      ),
      { header: () => "", withQueries: true },
    );
    const table = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(upload.module)![1]!}}`) as Queries;
    expect(table).toEqual({
      "POST /files": {
        template: "POST /files",
        form: { mediaType: "multipart/form-data", contentType: { file: "application/zip", image: "image/*, image/png, image/jpeg" } },
      },
    });
    const files = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table);
    const { body } = files("POST /files", { file: new Blob(["PK"]), image: new File(["GIF"], "a.gif"), name: "n" });
    expect(
      [...(body as Iterable<[string, string | File]>)].map(([name, value]) => [
        name,
        typeof value === "string" ? value : [value.name, value.type],
      ]),
    ).toEqual([
      ["file", ["file", "application/zip"]],
      ["image", ["a.gif", "image/png"]],
      ["name", "n"],
    ]);
  });

  test("allowReserved: a value's reserved characters are sent as they are, the rest percent-encoded", () => {
    const reserved = generateRouteMap(
      checked(
        describeWith(
          {},
          {
            "/files": {
              get: {
                parameters: [
                  { name: "path", in: "query", allowReserved: true, schema: { type: "string" } },
                  { name: "q", in: "query", schema: { type: "string" } },
                ],
              },
            },
          },
        ),
      ),
      { header: () => "", withQueries: true },
    );
    const table = JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(reserved.module)![1]!}}`) as Queries;
    expect(table).toEqual({ "GET /files": { template: "GET /files{?path,q}", allowReserved: ["path"] } });
    const files = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), table);
    expect(files("GET /files", { path: "/a/b:c d", q: "/a/b:c d" }).url).toBe("https://h.example/files?path=/a/b:c%20d&q=%2Fa%2Fb%3Ac%20d");
  });
});
