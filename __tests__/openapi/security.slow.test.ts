import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { readDescription } from "../../lib/openapi/read.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap } from "../../lib/openapi/write.js";
import { fencedBlocks, strictProject } from "../helpers/examples.js";
import { startRecordingServer } from "../helpers/recording-server.js";

// Security schemes through the build: a generated map's `credentials()` type-checked (positives and
// misspelt or mistyped credentials), and each request on the wire through two real clients in
// fresh processes (__tests__/clients/security.mjs).
const root = join(__dirname, "..", "..");
// Inside the package, so that a map's `rest-endpoint/queries` resolves to the build.
const dir = join(root, ".tmp", `security-${process.pid}`);
beforeAll(() => mkdirSync(dir, { recursive: true }));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const fixtures = join(root, "__tests__", "fixtures", "openapi", "security");
const secured = () =>
  generateRouteMap(checkShapes(JSON.parse(readFileSync(join(fixtures, "secured.json"), "utf8")), "secured.json"), {
    header: () => "",
    withQueries: true,
  });

test("credentials() is typed by the description's schemes: a misspelt name or a wrong shape is a type error", () => {
  writeFileSync(join(dir, "secured.ts"), secured().typescript);
  const header = [
    'import { createEndpoint, type EndpointInterface } from "rest-endpoint";',
    'import { withQueries } from "rest-endpoint/queries";',
    'import { credentials, queries, type Routes } from "./secured.js";',
    "declare const fromEnvironment: string | undefined;",
  ];
  const calls = [
    'const api: EndpointInterface<Routes> = withQueries(createEndpoint({ baseUrl: "https://api.example.com" }), queries, credentials({ key: "k" }));',
    'credentials({ basic: { username: "u", password: "p" }, bearer: "t", queryKey: "q", session: "s", oauth: "o", oidc: "i" });',
    "credentials({ bearer: fromEnvironment });",
    "credentials({});",
    'api("GET /default").headers;',
    // Negatives, one a line from here (line 6 on).
    'credentials({ kye: "k" });',
    'credentials({ basic: "u:p" });',
    'credentials({ basic: { username: "u" } });',
    "credentials({ key: 1 });",
    'credentials({ tls: "x" });',
    'withQueries(createEndpoint({ baseUrl: "https://api.example.com" }), queries, { schemes: ["key"] });',
  ];
  const file = join(dir, "calls.mts");
  writeFileSync(file, [...header, ...calls, ""].join("\n"));
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], strictProject(["lib.es2022.d.ts", "lib.dom.d.ts"])));
  const refused = [...new Set(diagnostics.map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1 - header.length))];
  expect(refused).toEqual([6, 7, 8, 9, 10, 11]);
}, 120_000);

describe.each(["undici", "axios"])("each request on the wire through %s", (client) => {
  /** Runs security.mjs with `client` against a recording server: what arrived, by target. */
  const run = async (module: string, credentials: object, calls: [string, object?][]) => {
    const server = await startRecordingServer();
    try {
      const { stderr } = await promisify(execFile)(
        process.execPath,
        [
          join(root, "__tests__", "clients", "security.mjs"),
          client,
          server.url,
          module,
          JSON.stringify(credentials),
          JSON.stringify(calls),
        ],
        { timeout: 120_000 },
      );
      expect(stderr).toBe("");
    } finally {
      await server.close();
    }
    return server.arrivals.map(({ method, target, headers }) => ({
      method,
      target,
      credentials: Object.fromEntries(
        ["authorization", "x-api-key", "cookie"].filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]),
      ),
    }));
  };

  test("each scheme kind and combination", async () => {
    const module = join(dir, `secured-${client}.mjs`);
    writeFileSync(module, secured().module);
    // A credential for every scheme, as security.test.ts gives them.
    const all = JSON.parse(readFileSync(join(__dirname, "..", "fixtures", "openapi", "security", "credentials.json"), "utf8")) as object;
    const routes = [
      "GET /default",
      "GET /public",
      "POST /both",
      "GET /either",
      "GET /cookie",
      "GET /oauth",
      "DELETE /oidc",
      "GET /optional",
      "GET /tls",
    ];
    expect(
      await run(
        module,
        all,
        routes.map((route) => [route]),
      ),
    ).toEqual([
      { method: "GET", target: "/default", credentials: { "x-api-key": "k1" } },
      { method: "GET", target: "/public", credentials: {} },
      { method: "POST", target: "/both", credentials: { "x-api-key": "k1", authorization: "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==" } },
      { method: "GET", target: "/either", credentials: { authorization: "Bearer t0k.en" } },
      { method: "GET", target: "/cookie", credentials: { cookie: "SESSION=s1" } },
      { method: "GET", target: "/oauth", credentials: { authorization: "Bearer oauth-token" } },
      { method: "DELETE", target: "/oidc", credentials: { authorization: "Bearer oidc-token" } },
      { method: "GET", target: "/optional", credentials: { authorization: "Bearer t0k.en" } },
      { method: "GET", target: "/tls", credentials: {} },
    ]);
    // The other alternative of `GET /either`: the key in the query.
    expect(await run(module, { queryKey: "q/1 2" }, [["GET /either"]])).toEqual([
      { method: "GET", target: "/either?api_key=q%2F1%202", credentials: {} },
    ]);
  }, 120_000);

  test("Zapier's NLA API (APIs.guru): its example calls with each alternative", async () => {
    const { spec } = await readDescription(join(fixtures, "zapier.com__nla.json"));
    const module = join(dir, `zapier-${client}.mjs`);
    writeFileSync(module, generateRouteMap(spec, { header: () => "", withQueries: true }).module);
    const calls: [string, object?][] = [
      ["GET /api/v1/check/"],
      [
        "POST /api/v1/exposed/{exposed_app_action_id}/execute/",
        { exposed_app_action_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV", instructions: "Send an email" },
      ],
    ];
    const check = "/api/v1/check/";
    const execute = "/api/v1/exposed/01ARZ3NDEKTSV4RRFFQ69G5FAV/execute/";
    for (const [credentials, query, sent] of [
      [{ AccessPointApiKeyHeader: "sk-1" }, "", { "x-api-key": "sk-1" }],
      [{ AccessPointApiKeyQuery: "sk-1" }, "?api_key=sk-1", {}],
      [{ SessionAuth: "abc123" }, "", { cookie: "sessionid=abc123" }],
      [{ AccessPointOAuth: "oauth.token" }, "", { authorization: "Bearer oauth.token" }],
    ] as const)
      expect(await run(module, credentials, calls)).toEqual([
        { method: "GET", target: `${check}${query}`, credentials: sent },
        { method: "POST", target: `${execute}${query}`, credentials: sent },
      ]);
  }, 240_000);
});

test("docs/authentication.md's example through Zapier's map runs as shown", async () => {
  const { spec } = await readDescription(join(fixtures, "zapier.com__nla.json"));
  writeFileSync(join(dir, "nla.js"), generateRouteMap(spec, { header: () => "", withQueries: true }).module);
  const blocks = fencedBlocks(readFileSync(join(root, "docs", "authentication.md"), "utf8"));
  const index = blocks.findIndex(({ lang, code }) => lang === "js" && code.includes('from "./nla.js"'));
  const lines = blocks[index]!.code.trimEnd().split("\n");
  // The last statement, one line, printed as JSON.
  lines.push(`console.log(JSON.stringify(${lines.pop()!.replace(/;$/, "")}));`);
  writeFileSync(join(dir, "doc.mjs"), lines.join("\n"));
  const { stdout } = await promisify(execFile)(process.execPath, [join(dir, "doc.mjs")]);
  expect(blocks[index + 1]!.lang).toBe("json");
  expect(JSON.parse(stdout)).toEqual(JSON.parse(blocks[index + 1]!.code));
}, 60_000);
