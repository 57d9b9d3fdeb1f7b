import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { Document } from "../../lib/openapi/document.js";
import { DescriptionError, readDescription } from "../../lib/openapi/read.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { headerOf } from "../../lib/openapi/write.js";
import { endpoint } from "../../lib/index.js";
import { withQueries, type Queries } from "../../lib/openapi/queries.js";
import { schemaForms } from "../helpers/examples.js";

// Issue 39, causes 1–8, and issue 36, items 5 and 9: each with a minimal description, the map it
// gives, and calls type-checked through that map (positives, then negatives) with tsc, strict.
const { dir, describe_, json, map, refused, compilerOptions } = schemaForms("schema-forms");
const queriesOf = (spec: Document): Queries => JSON.parse(`{${/\{\n([\s\S]*),\n\};/.exec(map(spec).module)?.[1] ?? ""}}`) as Queries;

const schemas = {
  App: {
    type: "object",
    required: ["signOnMode"],
    properties: { signOnMode: { type: "string" }, label: { type: "string" } },
    discriminator: {
      propertyName: "signOnMode",
      mapping: { BOOKMARK: "#/components/schemas/BookmarkApp", LINK: "BookmarkApp", BASIC_AUTH: "BasicApp", SELF: "App", NONE: "Missing" },
    },
  },
  BookmarkApp: {
    allOf: [
      { $ref: "#/components/schemas/App" },
      { properties: { settings: { type: "object", properties: { url: { type: "string" } } } } },
    ],
  },
  BasicApp: { allOf: [{ $ref: "#/components/schemas/App" }, { properties: { credentials: { type: "string" } } }] },
  UserMessage: { type: "object", required: ["role"], properties: { role: { type: "string", enum: ["user"] }, text: { type: "string" } } },
  ToolMessage: { type: "object", required: ["role"], properties: { role: { const: "tool" }, tool: { type: "string" } } },
  OtherMessage: { type: "object", properties: { role: { type: "string" }, other: { type: "string" } } },
  // Its own value in an allOf part.
  AssistantMessage: {
    allOf: [
      { type: "object", properties: { said: { type: "string" } } },
      { properties: { role: { type: "string", enum: ["assistant"] } } },
    ],
  },
};

describe("39.1 the allOf form of a discriminator: a union over its mapping, the base alone for other values", () => {
  const spec = describe_(
    {
      "/apps": { post: json({ $ref: "#/components/schemas/App" }) },
      "/wrapped": { post: json({ type: "object", properties: { app: { $ref: "#/components/schemas/App" } } }) },
    },
    { components: { schemas } },
  );
  test("a body and a property typed App take each mapped schema's fields; a misspelt field, a wrong type do not", () => {
    expect(
      refused("discriminator-allof", spec, [
        'api("POST /apps", { signOnMode: "BOOKMARK", label: "l", settings: { url: "https://a.example" } });',
        'api("POST /apps", { signOnMode: "BASIC_AUTH", credentials: "c" });',
        'api("POST /apps", { signOnMode: "OTHER" });',
        'api("POST /wrapped", { app: { signOnMode: "BOOKMARK", settings: { url: "u" } } });',
        'api("POST /wrapped", { app: { signOnMode: "OTHER", label: "x" } });',
        'api("POST /wrapped", { app: { signOnMode: "LINK", settings: { url: "u" } } });',
        'api("POST /apps", { signOnMode: "BOOKMARK", setings: {} });',
        'api("POST /apps", { signOnMode: "BOOKMARK", settings: { url: 1 } });',
        'api("POST /wrapped", { app: { signOnMode: "BOOKMARK", setings: {} } });',
        'api("POST /apps", { label: "no signOnMode" });',
      ]),
    ).toEqual([7, 8, 9, 10]);
    expect(map(spec).declarations).toContain(
      'app?: ({ signOnMode: string; label?: string } & { settings?: { url?: string } }) & { signOnMode: "BOOKMARK" | "LINK" } | ({ signOnMode: string; label?: string } & { credentials?: string }) & { signOnMode: "BASIC_AUTH" } | { signOnMode: string; label?: string };',
    );
  }, 60_000);
});

describe("39.2 allOf parts that declare one property: every part applies, not the last", () => {
  const rules = (items: object) => ({ type: "object", properties: { rules: { type: "array", items } } });
  const spec = describe_({
    "/policy": {
      post: json({
        allOf: [
          rules({ type: "object", properties: { label: { type: "string" } } }),
          rules({ type: "object", properties: { actions: { type: "array", items: { type: "string" } } } }),
          { type: "object", properties: { mode: { type: "string", enum: ["a", "b", "c"] } } },
          { type: "object", properties: { mode: { type: "string", enum: ["b", "c", "d"] } } },
        ],
      }),
    },
  });
  test("the map intersects them: arrays item by item, enums value by value", () => {
    expect(map(spec).declarations).toContain(
      '"POST /policy": {\n    rules?: readonly ({ label?: string } & { actions?: readonly string[] })[];\n    mode?: "b" | "c";\n  };',
    );
  });
  test("a rule with both parts' fields compiles; a misspelt field, a value one part forbids do not", () => {
    expect(
      refused("allof-same-property", spec, [
        'api("POST /policy", { rules: [{ label: "l", actions: ["x"] }], mode: "b" });',
        'api("POST /policy", { rules: [{ label: "l", actionz: ["x"] }] });',
        'api("POST /policy", { mode: "a" });',
      ]),
    ).toEqual([2, 3]);
  }, 60_000);
});

describe("39.3 a oneOf discriminator without mapping: the variant's own enum or const, else its name", () => {
  const spec = describe_(
    {
      "/messages": {
        post: json({
          type: "object",
          properties: {
            message: {
              oneOf: ["UserMessage", "ToolMessage", "OtherMessage"].map((name) => ({ $ref: `#/components/schemas/${name}` })),
              discriminator: { propertyName: "role" },
            },
          },
        }),
      },
    },
    { components: { schemas } },
  );
  test("a variant whose allOf part declares the value takes it", () => {
    const spec = describe_(
      {
        "/said": {
          post: json({
            type: "object",
            properties: {
              message: {
                oneOf: [{ $ref: "#/components/schemas/AssistantMessage" }],
                discriminator: { propertyName: "role" },
              },
            },
          }),
        },
      },
      { components: { schemas } },
    );
    expect(map(spec).declarations).toContain('message?: { said?: string; role?: "assistant" };');
  });
  test("role is user, tool, or for the variant without one, its name", () => {
    expect(map(spec).declarations).toContain(
      'message?: { role: "user"; text?: string } | { role: "tool"; tool?: string } | { role?: string; other?: string } & { role: "OtherMessage" };',
    );
    expect(
      refused("discriminator-own", spec, [
        'api("POST /messages", { message: { role: "user", text: "hi" } });',
        'api("POST /messages", { message: { role: "tool", tool: "t" } });',
        'api("POST /messages", { message: { role: "OtherMessage", other: "o" } });',
        'api("POST /messages", { message: { role: "UserMessage", text: "hi" } });',
        'api("POST /messages", { message: { role: "user", tool: "t" } });',
      ]),
    ).toEqual([4, 5]);
  }, 60_000);
});

describe("39.4 a body key named origin is a body key, except on GitHub's {origin} routes", () => {
  test("POST /links { origin, target } is typed field by field and sent as JSON", () => {
    const spec = describe_({
      "/links": {
        post: json({ type: "object", required: ["origin"], properties: { origin: { type: "string" }, target: { type: "string" } } }),
      },
    });
    expect(map(spec).declarations).toContain('"POST /links": {\n    origin: string;\n    target?: string;\n  };');
    const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queriesOf(spec));
    expect(api("POST /links", { origin: "a", target: "b" })).toMatchObject({
      url: "https://h.example/links",
      body: { origin: "a", target: "b" },
    });
  });
  test("on a route that begins with {origin} (GitHub's uploads), origin is the installation's and a body key of that name goes under data", () => {
    const spec = describe_(
      {
        "/assets": {
          post: {
            servers: [{ url: "{protocol}://{hostname}/api/uploads" }],
            ...json({ type: "object", properties: { origin: { type: "string" } } }),
          },
        },
      },
      { servers: [{ url: "https://api.example" }] },
    );
    expect(map(spec).declarations).toContain(
      "/** The installation's origin, e.g. `https://github.example.com`. */ origin: string;\n    data?: { origin?: string };",
    );
  });
});

describe("39.5 JSON media types beside application/json: text/json, application/x-json, …+json", () => {
  test.each(["text/json", "application/x-json", "application/vnd.api+json", "text/json; charset=utf-8"])(
    "%s is typed field by field",
    (type) => {
      const spec = describe_({
        "/t": {
          post: {
            requestBody: { content: { [type]: { schema: { type: "object", required: ["a"], properties: { a: { type: "integer" } } } } } },
          },
        },
      });
      expect(map(spec).declarations).toContain('"POST /t": {\n    a: number;\n  };');
      const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queriesOf(spec));
      expect(api("POST /t", { a: 1 })).toMatchObject({ body: { a: 1 }, headers: { "content-type": type } });
    },
  );
  test.each(["application/json-seq", "application/jsonl", "text/plain"])("%s is not JSON: data", (type) => {
    const spec = describe_({
      "/t": { post: { requestBody: { content: { [type]: { schema: { type: "object", properties: { a: { type: "integer" } } } } } } } },
    });
    expect(map(spec).declarations).toContain('"POST /t": {\n    data?: unknown;\n  };');
  });
});

describe("39.6 a required body whose fields are all optional: its fields stay keys, and a call that gives none sends {}", () => {
  const optional = { type: "object", properties: { name: { type: "string" } } };
  const spec = describe_({
    "/tags": { post: json(optional, true) },
    "/tags/{id}": {
      put: { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], ...json(optional, true) },
    },
    "/optional": { post: json(optional) },
    "/has-required": {
      post: json({ type: "object", required: ["a"], properties: { a: { type: "string" }, b: { type: "string" } } }, true),
    },
    // A required field that is readOnly is optional in the map (a request "SHOULD NOT" send it).
    "/read-only": {
      post: json({ type: "object", required: ["id"], properties: { id: { type: "string", readOnly: true }, b: { type: "string" } } }, true),
    },
    "/form": {
      post: {
        requestBody: {
          required: true,
          content: { "application/x-www-form-urlencoded": { schema: optional } },
        },
      },
    },
  });
  const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queriesOf(spec));
  const plain = { accept: "application/vnd.github.v3+json", "user-agent": expect.any(String) as string };
  const json_ = { ...plain, "content-type": "application/json; charset=utf-8" };
  test("the map keeps the fields, all optional; the queries table flags only the required bodies a call may leave empty", () => {
    const { declarations } = map(spec);
    expect(declarations).toContain('"POST /tags": {\n    name?: string;\n  };');
    expect(declarations).toContain('"POST /optional": {\n    name?: string;\n  };');
    expect(declarations).toContain('"POST /has-required": {\n    a: string;\n    b?: string;\n  };');
    expect(queriesOf(spec)).toEqual({
      "POST /tags": { template: "POST /tags", requiredBody: true },
      "PUT /tags/{id}": { template: "PUT /tags/{id}", requiredBody: true },
      "POST /read-only": { template: "POST /read-only", requiredBody: true },
      "POST /form": {
        template: "POST /form",
        contentType: "application/x-www-form-urlencoded",
        form: { mediaType: "application/x-www-form-urlencoded" },
        requiredBody: true,
      },
    });
  });
  test("through withQueries: no field sends {}, fields are sent as given; an optional body stays unsent", () => {
    expect(api("POST /tags", {})).toEqual({ method: "post", url: "https://h.example/tags", headers: json_, body: {} });
    expect(api("POST /tags")).toEqual({ method: "post", url: "https://h.example/tags", headers: json_, body: {} });
    expect(api("POST /tags", { name: "x" })).toEqual({
      method: "post",
      url: "https://h.example/tags",
      headers: json_,
      body: { name: "x" },
    });
    expect(api("POST /tags", { data: { name: "y" } })).toEqual({
      method: "post",
      url: "https://h.example/tags",
      headers: json_,
      body: { name: "y" },
    });
    // PUT without a body is "" for endpoint() (Content-Length: 0); a required one is {}.
    expect(api("PUT /tags/{id}", { id: "1" })).toEqual({ method: "put", url: "https://h.example/tags/1", headers: json_, body: {} });
    // The call's own `data`, even "", is sent as given.
    expect(api("PUT /tags/{id}", { id: "1", data: "" })).toEqual({
      method: "put",
      url: "https://h.example/tags/1",
      headers: plain,
      body: "",
    });
    expect(api("POST /read-only", {})).toEqual({ method: "post", url: "https://h.example/read-only", headers: json_, body: {} });
    expect(api("POST /optional", {})).toEqual({ method: "post", url: "https://h.example/optional", headers: plain });
    expect(api("POST /optional", { name: "x" })).toEqual({
      method: "post",
      url: "https://h.example/optional",
      headers: json_,
      body: { name: "x" },
    });
    const form = api("POST /form", {});
    expect(form).toEqual({
      method: "post",
      url: "https://h.example/form",
      headers: { ...plain, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(),
    });
    expect(String(form.body)).toBe("");
    // Without withQueries nothing forces a body (docs/any-api.md).
    expect(endpoint("POST /tags", { baseUrl: "https://h.example" })).toEqual({
      method: "post",
      url: "https://h.example/tags",
      headers: plain,
    });
  });
  test("the type takes the call with no field and with fields; a misspelt field, data, and a missing required field are refused", () => {
    expect(
      refused("required-body", spec, [
        'api("POST /tags", {});',
        'api("POST /tags");',
        'api("POST /tags", { name: "x" });',
        'api("PUT /tags/{id}", { id: "1" });',
        'api("POST /read-only", { b: "x" });',
        'api("POST /tags", { nme: "x" });',
        'api("POST /tags", { data: {} });',
        'api("POST /has-required", {});',
      ]),
    ).toEqual([6, 7, 8]);
  }, 60_000);
});

describe("39.7 an operation's server with the root's URL text but other variable defaults is another server", () => {
  const server = (region: string) => [{ url: "https://{region}.api.example/v1", variables: { region: { default: region } } }];
  test("its route names the URL its defaults fill; the same defaults are the root's", () => {
    const spec = describe_(
      { "/eu": { get: { servers: server("eu") } }, "/us": { get: { servers: server("us") } }, "/plain": { get: {} } },
      { servers: server("us") },
    );
    expect(Object.keys(map(spec).listing)).toEqual(["GET https://eu.api.example/v1/eu", "GET /us", "GET /plain"]);
  });
});

describe("39.8 a $ref inside literal data (example, default, enum, an Example Object's value) is data, not a reference", () => {
  test("the description is read and mapped; a $ref to another file elsewhere is still followed", async () => {
    const ref = { $ref: "https://elsewhere.example/x.json" };
    const file = join(dir, "examples.json");
    writeFileSync(join(dir, "name.json"), JSON.stringify({ type: "string" }));
    writeFileSync(
      file,
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "T", version: "1" },
        paths: {
          "/a": {
            post: {
              requestBody: {
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { link: { type: "object", example: ref, default: ref, examples: [ref] } } },
                    examples: { one: { value: { link: ref } } },
                  },
                },
              },
            },
          },
        },
      }),
    );
    const { spec } = await readDescription(file);
    expect(map(spec).declarations).toContain('"POST /a": {\n    link?: { [key: string]: unknown };\n  };');
  });
});

describe("36.5 the map types only what the run time sends", () => {
  test("a header parameter whose name is no RFC 9110 token is refused on one line naming its pointer", () => {
    expect(() => describe_({ "/h": { get: { parameters: [{ name: "X Bad", in: "header", schema: { type: "string" } }] } } })).toThrow(
      new DescriptionError(
        'forms.json#/paths/~1h/get/parameters/0/name: must be a header field name, an RFC 9110 token (section 5.1); received "X Bad"',
      ),
    );
    // The same name in the query is a query parameter's: sent percent-encoded.
    expect(() => describe_({ "/h": { get: { parameters: [{ name: "X Bad", in: "query", schema: { type: "string" } }] } } })).not.toThrow();
  });
  test("a media type holding CR or LF is refused on one line naming its pointer", () => {
    expect(() =>
      describe_({ "/m": { post: { requestBody: { content: { "application/json\r\nx-evil: 1": { schema: { type: "object" } } } } } } }),
    ).toThrow(
      /^forms\.json#\/paths\/~1m\/post\/requestBody\/content\/application~1json\r\nx-evil: 1: must be a media type, which holds no control character/,
    );
  });
  test("boolean, object, date-time and list header values are typed as the run time sends them, and sent", () => {
    const parameter = (name: string, schema: object) => ({ name, in: "header", required: true, schema });
    const spec = describe_({
      "/h": {
        get: {
          parameters: [
            parameter("X-Flag", { type: "boolean" }),
            parameter("X-Object", { type: "object", properties: { a: { type: "string" } } }),
            parameter("X-Since", { type: "string", format: "date-time" }),
            parameter("X-Ids", { type: "array", items: { type: "integer" } }),
            parameter("X-Mode", { type: "string", enum: ["a", "b"] }),
          ],
        },
      },
    });
    expect(map(spec).declarations).toContain(
      '"GET /h": {\n    "X-Flag": "true" | "false";\n    "X-Object": string;\n    "X-Since": string;\n    "X-Ids": readonly number[];\n    "X-Mode": "a" | "b";\n  };',
    );
    const api = withQueries(endpoint.defaults({ baseUrl: "https://h.example" }), queriesOf(spec));
    expect(
      api("GET /h", { "X-Flag": "true", "X-Object": "a,1", "X-Since": "2026-01-01T00:00:00Z", "X-Ids": [1, 2], "X-Mode": "a" }).headers,
    ).toMatchObject({
      "x-flag": "true",
      "x-object": "a,1",
      "x-since": "2026-01-01T00:00:00Z",
      "x-ids": "1, 2",
      "x-mode": "a",
    });
    expect(
      refused("header-values", spec, [
        'api("GET /h", { "X-Flag": "true", "X-Object": "a,1", "X-Since": "s", "X-Ids": [1], "X-Mode": "b" });',
        'api("GET /h", { "X-Flag": true, "X-Object": "a,1", "X-Since": "s", "X-Ids": [1], "X-Mode": "b" });',
        'api("GET /h", { "X-Flag": "true", "X-Object": { a: "1" }, "X-Since": "s", "X-Ids": [1], "X-Mode": "b" });',
        'api("GET /h", { "X-Flag": "true", "X-Object": "a,1", "X-Since": new Date(), "X-Ids": [1], "X-Mode": "b" });',
      ]),
    ).toEqual([2, 3, 4]);
  }, 60_000);
});

describe("a relative server URL: the generated header's example gives the API's origin", () => {
  test.each([
    ["/api/{version}", { version: { default: "v2" } }, 'new URL(baseUrl(), "https://api.example.com").href'],
    ["/api/v2", undefined, 'new URL("/api/v2", "https://api.example.com").href'],
  ])(
    "%s: the example, type-checked and run as the header writes it, builds https://api.example.com/api/v2/things",
    (url, variables, given) => {
      const spec = describe_({ "/things": { get: {} } }, { servers: [{ url, ...(variables === undefined ? {} : { variables }) }] });
      const name = `relative-${variables === undefined ? "plain" : "variables"}`;
      const header = headerOf({ file: "r.json", title: "R", version: "1", baseUrl: url, name });
      expect(header).toContain(`createEndpoint({ baseUrl: ${given}, headers: { accept: "application/json" } })`);
      expect(header).toContain("a relative URL (OpenAPI 3.1 section 4.8.5.1), resolved against the API's origin");
      const example = /```ts\n([\s\S]*?)\n \* ```/.exec(header)![1]!.replace(/^ \* ?/gm, "");
      const { declarations, module } = map(spec);
      writeFileSync(join(dir, `${name}.d.ts`), declarations);
      writeFileSync(join(dir, `${name}.js`), module);
      const file = join(dir, `${name}-example.mts`);
      const source = `${example}\nconsole.log(JSON.stringify(api("GET /things")));\n`;
      writeFileSync(file, source);
      expect(
        ts.getPreEmitDiagnostics(ts.createProgram([file], compilerOptions)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")),
      ).toEqual([]);
      const js = join(dir, `${name}-example.mjs`);
      writeFileSync(
        js,
        ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText,
      );
      const ran = spawnSync(process.execPath, [js], { encoding: "utf8", timeout: 120_000 });
      expect({ stderr: ran.stderr, request: JSON.parse(ran.stdout || "null") as unknown }).toEqual({
        stderr: "",
        request: {
          method: "get",
          url: "https://api.example.com/api/v2/things",
          headers: { accept: "application/json", "user-agent": expect.any(String) },
        },
      });
    },
    120_000,
  );
});

describe("36.9 server variables named __proto__ or constructor", () => {
  const spec = describe_(
    { "/a": { get: {} } },
    {
      servers: [
        {
          url: "https://{__proto__}.example/{constructor}",
          // Parsed, as a description is: an own key `__proto__`, which an object literal here would not make.
          variables: JSON.parse('{"__proto__": {"default": "api"}, "constructor": {"default": "v1", "enum": ["v1", "v2"]}}') as object,
        },
      ],
    },
  );
  test("the .ts module compiles and keeps both defaults", () => {
    const { typescript, module } = map(spec);
    expect(module).toContain(
      'serverUrl({"url":"https://{__proto__}.example/{constructor}","variables":{["__proto__"]:{"default":"api"},"constructor":{"default":"v1","enum":["v1","v2"]}}}, variables)',
    );
    writeFileSync(join(dir, "proto.ts"), typescript);
    const file = join(dir, "proto-calls.mts");
    writeFileSync(file, 'import { baseUrl } from "./proto.js";\nexport const urls = [baseUrl(), baseUrl({ constructor: "v2" })];\n');
    expect(
      ts.getPreEmitDiagnostics(ts.createProgram([file], compilerOptions)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")),
    ).toEqual([]);
    // The module as it runs, in its own process (the defaults lost to a `__proto__` literal showed here).
    writeFileSync(join(dir, "proto.mjs"), `${module}\nconsole.log(JSON.stringify([baseUrl(), baseUrl({ constructor: "v2" })]));\n`);
    const ran = spawnSync(process.execPath, [join(dir, "proto.mjs")], { encoding: "utf8", timeout: 120_000 });
    expect({ stdout: ran.stdout, stderr: ran.stderr }).toEqual({
      stdout: '["https://api.example/v1","https://api.example/v2"]\n',
      stderr: "",
    });
  }, 60_000);
});

describe("39.9 OpenAPI 3.2: read and mapped (oas32.test.ts and oas32.slow.test.ts test each form)", () => {
  const v32 = (paths: object): Document => checkShapes({ openapi: "3.2.0", info: { title: "T", version: "1" }, paths }, "forms.json");
  test("a 3.2 description of GET and POST operations is mapped", () => {
    expect(map(v32({ "/a": { get: {}, post: json({ type: "object", properties: { x: { type: "string" } } }) } })).declarations).toContain(
      '"POST /a": {\n    x?: string;\n  };',
    );
  });
  test("what generate refused before: the QUERY operation, additionalOperations, querystring and itemSchema are routes", () => {
    const { listing } = map(
      v32({
        "/s": {
          query: json({ type: "object", properties: { x: { type: "string" } } }),
          additionalOperations: { PURGE: {} },
          get: { parameters: [{ name: "q", in: "querystring", content: { "application/json": { schema: { type: "object" } } } }] },
          post: { requestBody: { content: { "application/jsonl": { itemSchema: { type: "object" } } } } },
        },
      }),
    );
    expect(listing).toEqual({
      "GET /s": ["", ["q", "querystring", "{ [key: string]: unknown }", 0]],
      "POST /s": ["", ["data", "data", "readonly { [key: string]: unknown }[]", 0]],
      "QUERY /s": ["", ["x", "body", "string", 0]],
      "PURGE /s": [""],
    });
  });
});
