import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { languageService, strictProject } from "../helpers/examples.js";
import { endpoint, type EndpointParameters } from "../../lib/index.js";
import { resolveListing, type Listing } from "../../lib/openapi/listing.js";
import type { CorpusCall } from "../helpers/corpus.js";
import { readFixture } from "../helpers/fixtures.js";

// The route maps of dist/routes/ (scripts/generate-routes.mjs, run by the build): their JSON
// listings, read by the CLI's --routes, hold the same routes and parameters as the declarations.

const root = join(__dirname, "..", "..");
const openapi = join(root, "node_modules", "@octokit", "openapi", "generated");
const targets = readdirSync(openapi)
  .filter((file) => file.endsWith(".json") && !file.endsWith(".deref.json"))
  .map((file) => file.slice(0, -".json".length));
const listing = (target: string): Listing => JSON.parse(readFileSync(join(root, "dist", "routes", `${target}.json`), "utf8")) as Listing;
const calls = readFixture("github-rest-calls.json") as CorpusCall[];
/** Each target and each of its API versions' maps (`api.github.com.2026-03-10`, scripts/github-api-versions.json). */
const versioned = readdirSync(join(root, "dist", "routes"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.slice(0, -".json".length))
  .sort();
/** A map's routes: a version's listing holds what differs from its target's (lib/openapi/listing.ts). */
const routesOf = (name: string): Listing["routes"] => resolveListing(name, listing).routes;
const api = listing("api.github.com");
/** The map's route for a corpus call: its method, server and path, as GitHub documents the route. */
const routeOf = (call: CorpusCall): string => {
  const written = `${call.method} ${call.server ?? ""}${call.path}`;
  if (!Object.hasOwn(api.routes, written)) throw new Error(`no route for ${written}`);
  return written;
};
/** A corpus call's parameters placed as the map says: body properties at the top, or the whole body under `data`. */
const parametersOf = (call: CorpusCall, route: string): EndpointParameters => {
  const [, ...rows] = api.routes[route]!;
  const viaData = rows.some(([, place]) => place === "data");
  const body = call.body ?? undefined;
  return { ...call.pathParams, ...call.queryParams, ...(body === undefined ? {} : viaData ? { data: body } : body) };
};

describe("route maps", () => {
  test("the build wrote one map per target of the pinned @octokit/openapi, one route per operation", () => {
    const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];
    const counts = targets.map((target) => {
      const spec = JSON.parse(readFileSync(join(openapi, `${target}.json`), "utf8")) as { paths: Record<string, object> };
      const operations = Object.values(spec.paths).flatMap((item) => Object.keys(item).filter((key) => METHODS.includes(key)));
      return [target, Object.keys(listing(target).routes).length, operations.length];
    });
    expect(counts.map(([target, routes]) => [target, routes])).toEqual(counts.map(([target, , operations]) => [target, operations]));
    expect(counts.map(([target]) => target)).toEqual(["api.github.com", "ghec", "ghes-3.17", "ghes-3.18", "ghes-3.19"]);
    // npm run check:package (scripts/check-package.mjs) checks each map the build wrote with attw.
  });

  test("each of GitHub's 1,223 operations, called by its route in the api.github.com map, gives the corpus's URL and body", () => {
    const outcomes = calls.map((call) => {
      const route = routeOf(call);
      const options = endpoint(route as `${string} ${string}`, { ...parametersOf(call, route), headers: call.headers });
      return { route, url: options.url, body: options.body };
    });
    expect(outcomes).toEqual(
      calls.map((call) => ({
        route: routeOf(call),
        url: call.expectedUrlSlashesKept ?? call.expectedUrl,
        body: call.body ?? (call.method === "PUT" || call.method === "PATCH" ? "" : undefined),
      })),
    );
  });

  test("each generator rule gives the declaration shown", () => {
    const declarations = (target: string): Map<string, string> =>
      new Map(
        [
          ...readFileSync(join(root, "dist", "routes", `${target}.d.cts`), "utf8").matchAll(
            /^ {2}("[^"\n]+"): \{((?:\n {4}.+;)*)(?:\n {2})?\};$/gm,
          ),
        ].map(
          // One member a line, read back as one type literal; the TSDoc of each parameter has a test of its own, below.
          ([, route, body]) => {
            const members = [...body!.matchAll(/^ {4}(?:\/\*\* (?:[^*]|\*(?!\/))* \*\/ )?(.+);$/gm)].map(([, member]) => member!);
            return [JSON.parse(route!) as string, members.length === 0 ? "{}" : `{ ${members.join("; ")} }`];
          },
        ),
      );
    const api = declarations("api.github.com");
    const ghes = declarations("ghes-3.19");
    const rules: [map: Map<string, string>, route: string, declaration: string][] = [
      // path parameters required, integer as number, a multi-segment parameter a plain string
      [api, "GET /repos/{owner}/{repo}/contents/{path}", "{ owner: string; repo: string; path: string; ref?: string }"],
      // enums, comma-separated (a list too), date-time (a Date too), optional query parameters
      [
        api,
        "GET /repos/{owner}/{repo}/issues",
        '{ owner: string; repo: string; milestone?: string; state?: "open" | "closed" | "all"; assignee?: string; type?: string; ' +
          "creator?: string; mentioned?: string; issue_field_values?: string | readonly string[]; labels?: string | readonly string[]; " +
          'sort?: "created" | "updated" | "comments"; direction?: "asc" | "desc"; since?: string | Date; per_page?: number; page?: number }',
      ],
      // a query on DELETE: the route as GitHub documents it (the query goes to the query at run time);
      // a required one stays required; nullable
      [api, "DELETE /repos/{owner}/{repo}/actions/caches", "{ owner: string; repo: string; key: string; ref?: string }"],
      [
        api,
        "DELETE /repos/{owner}/{repo}/code-scanning/analyses/{analysis_id}",
        "{ owner: string; repo: string; analysis_id: number; confirm_delete?: string | null }",
      ],
      // another origin is kept: a literal one, and GHES's own origin as {origin}; a binary body under `data`
      [
        api,
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
        "{ owner: string; repo: string; release_id: number; name: string; label?: string; data?: unknown }",
      ],
      [ghes, "GET {origin}/manage/v1/access/ssh", "{ origin: string }"],
      // body keys that clash with an option (`url`) or a path parameter (`name`): the body under `data`
      [
        api,
        "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config",
        "{ owner: string; repo: string; hook_id: number; data?: { url?: string; content_type?: string; secret?: string; insecure_ssl?: string | number } }",
      ],
      [
        api,
        "PATCH /repos/{owner}/{repo}/actions/variables/{name}",
        "{ owner: string; repo: string; name: string; data: { name?: string; value?: string } }",
      ],
      // a text body
      [api, "POST /markdown/raw", "{ data?: unknown }"],
      // a body of two shapes (oneOf), merged; readonly lists
      [
        api,
        "PUT /repos/{owner}/{repo}/issues/{issue_number}/labels",
        "{ owner: string; repo: string; issue_number: number; labels?: readonly string[] | readonly { name: string }[] }",
      ],
    ];
    expect(rules.map(([map, route]) => map.get(route))).toEqual(rules.map(([, , declaration]) => declaration));
  });

  test.each(versioned)("every route of %s builds with its required parameters", (target) => {
    const sample = (type: string): unknown =>
      type.startsWith("number") ? 1 : type === "boolean" ? true : type.startsWith("readonly") ? ["a"] : type.startsWith("{") ? {} : "a";
    const baseUrl = target.startsWith("ghes") ? "https://github.example.com/api/v3" : "https://api.github.com";
    // A version's map is typed for calls that send its version.
    const version = /\.(\d{4}-\d{2}-\d{2})$/.exec(target)?.[1];
    const failures: string[] = [];
    for (const [route, [, ...rows]] of Object.entries(routesOf(target))) {
      const parameters: EndpointParameters = {
        baseUrl,
        ...(version === undefined ? {} : { headers: { "x-github-api-version": version } }),
      };
      for (const [name, , type, required] of rows)
        if (required === 1) parameters[name] = name === "origin" ? "https://github.example.com" : sample(type);
      try {
        const { url } = endpoint(route as `${string} ${string}`, parameters);
        if (!/^https:\/\/(?:api\.github\.com|uploads\.github\.com|github\.example\.com)\//.test(url)) failures.push(`${route}: ${url}`);
      } catch (error) {
        failures.push(`${route}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  describe("types", () => {
    const dir = join(root, ".tmp", "route-maps");
    const compilerOptions = strictProject(["lib.es2022.d.ts"]);
    const header = [
      'import type { Routes } from "rest-endpoint/routes/api.github.com";',
      'import { endpoint, type EndpointInterface } from "rest-endpoint";',
      "const github: EndpointInterface<Routes> = endpoint;",
    ];
    beforeAll(() => mkdirSync(dir, { recursive: true }));
    afterAll(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    // Six of GitHub's own request examples disagree with its schemas; the map follows the schemas:
    // a key the schema does not have is a type error, as it would be sent as written.
    const DISAGREE: [route: string, message: string][] = [
      ["PUT /orgs/{org}/copilot-spaces/{space_number}", `'"id"' does not exist`],
      ["POST /orgs/{org}/issue-fields", "Property 'priority' is missing"],
      ["POST /repos/{owner}/{repo}/pulls/{pull_number}/codespaces", `'"repository_id"' does not exist`],
      ["PUT /user/codespaces/secrets/{secret_name}/repositories", "Type 'string' is not assignable to type 'number'"],
      ["POST /user/codespaces/{codespace_name}/publish", `'"repository"' does not exist`],
      ["PUT /users/{username}/copilot-spaces/{space_number}", `'"id"' does not exist`],
    ];
    test.each([
      ["api.github.com", "endpoint", DISAGREE],
      // API version 2026-03-10 refuses the examples that use what it removed: GitHub's examples are 2022-11-28's.
      [
        "api.github.com.2026-03-10",
        'endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } })',
        [
          ...DISAGREE.slice(0, 2),
          ["POST /orgs/{org}/teams", `'"permission"' does not exist`],
          ["PUT /orgs/{org}/dependabot/secrets/{secret_name}", "Type 'string' is not assignable to type 'number'"],
          ...DISAGREE.slice(2),
        ],
      ],
    ] as const)(
      "every corpus call type-checks under the %s map, as a user would write it",
      (map, github, expected) => {
        const file = join(dir, `corpus-${map}.mts`);
        const lines = calls.map(
          (call) => `github(${JSON.stringify(routeOf(call))}, ${JSON.stringify(parametersOf(call, routeOf(call)))});`,
        );
        const head = [
          `import type { Routes } from "rest-endpoint/routes/${map}";`,
          'import { endpoint, type EndpointInterface } from "rest-endpoint";',
          `const github: EndpointInterface<Routes> = ${github};`,
        ];
        writeFileSync(file, [...head, ...lines, ""].join("\n"));
        const program = ts.createProgram([file], compilerOptions);
        const refused = new Map<string, string>();
        for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
          const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? 0;
          const call = calls[line - head.length];
          refused.set(call ? routeOf(call) : `line ${line}`, ts.flattenDiagnosticMessageText(diagnostic.messageText, " "));
        }
        // In the map's route order, as the expectations list them.
        expect(
          [...refused]
            .map(([route, message]) => [
              route,
              /'"?\w+"?' does not exist|Property '\w+' is missing|Type 'string' is not assignable to type 'number'/.exec(message)?.[0],
            ])
            .sort(([a], [b]) => a!.localeCompare(b!)),
        ).toEqual([...expected].sort(([a], [b]) => a.localeCompare(b)));
      },
      300_000,
    );

    test("each parameter carries GitHub's description (its first sentence) and deprecation as TSDoc, which an editor shows on hover", () => {
      const declarations = readFileSync(join(root, "dist", "routes", "api.github.com.d.cts"), "utf8");
      expect(declarations).toContain(
        '"GET /repos/{owner}/{repo}/issues": {\n    /** The account owner of the repository. */ owner: string;\n    /** The name of the repository without the `.git` extension. */ repo: string;',
      );
      expect(declarations).toContain(
        "\n    /** **Endpoint closing down notice.** Please use code security configurations instead. @deprecated */ advanced_security_enabled_for_new_repositories?: boolean;",
      );
      const file = join(dir, "hover.mts");
      const call = 'github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 1 });';
      const text = [
        ...header,
        call,
        'github("PATCH /orgs/{org}", { org: "o", advanced_security_enabled_for_new_repositories: true });',
        "",
      ].join("\n");
      writeFileSync(file, text);
      const service = languageService(file, compilerOptions);
      const hover = (name: string) => {
        const info = service.getQuickInfoAtPosition(file, text.indexOf(name) + 1);
        return [ts.displayPartsToString(info?.documentation), info?.tags?.map((tag) => tag.name) ?? []];
      };
      expect(hover("per_page")).toEqual(["The number of results per page (max 100).", []]);
      expect(hover("advanced_security_enabled_for_new_repositories")).toEqual([
        "**Endpoint closing down notice.** Please use code security configurations instead.",
        ["deprecated"],
      ]);
    });

    test("editors complete the map's routes", () => {
      const file = join(dir, "complete.mts");
      const text = [...header, 'github("', ""].join("\n");
      writeFileSync(file, text);
      const service = languageService(file, compilerOptions);
      const completions = service.getCompletionsAtPosition(file, text.indexOf('github("') + 'github("'.length, {});
      const names = new Set(completions?.entries.map((entry) => entry.name));
      expect(Object.keys(api.routes).filter((route) => !names.has(route))).toEqual([]);
      // Besides them only "": TypeScript offers it for the route parameter of the signature that
      // types every call, whose type parameter is constrained to `string`.
      expect([...names].filter((name) => !Object.hasOwn(api.routes, name))).toEqual([""]);
      expect(names.size).toBe(1224);
    }, 300_000);
  });
});
