import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { listingChanges, resolveListing, type Listing, type Parameter } from "../../lib/openapi/listing.js";
import { strictProject } from "../helpers/examples.js";

// GitHub's API versions (https://docs.github.com/rest/about-the-rest-api/api-versions): the
// request-side changes of scripts/github-api-versions.json (from GitHub's CHANGELOG.md files), the
// maps the build writes for each target and version (scripts/generate-routes.mjs), their types, and
// the CLI's `--routes TARGET.VERSION` and `versions diff`. The check of the version a call sends,
// which runs in process, is tested in api-version-check.test.ts (the fast project).
const root = join(__dirname, "..", "..");
const routes = join(root, "dist", "routes");
const dir = join(root, ".tmp", `api-versions-${process.pid}`);
const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, "dist", "cli.js"), ...args], { encoding: "utf8" });

interface Change {
  targets: string[];
  cites: string;
  removeParameters?: string[];
  narrowParameters?: Record<string, unknown>;
  removeRoutes?: string[];
  routes?: string[];
}
interface Versions {
  provenance: { repository: string; licence: string; files: Record<string, { path: string; commit: string }> };
  served: Record<string, string[]>;
  unversioned: string;
  versions: Record<
    string,
    {
      changes: Change[];
      described: Record<string, string>;
      notApplied: string[];
    }
  >;
}
const VERSIONS = JSON.parse(readFileSync(join(root, "scripts", "github-api-versions.json"), "utf8")) as Versions;
const listing = (name: string): Listing => JSON.parse(readFileSync(join(routes, `${name}.json`), "utf8")) as Listing;
/** A target's routes in a version: its unversioned listing with the version's listing over it. */
const routesOf = (name: string): Listing["routes"] => resolveListing(name, listing).routes;

beforeAll(() => mkdirSync(dir, { recursive: true }));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the request-side changes of each version, from GitHub's CHANGELOG", () => {
  test("the file names its source: repository, licence, and for each target the CHANGELOG and its commit", () => {
    expect(VERSIONS.provenance).toMatchObject({
      repository: "https://github.com/github/rest-api-description",
      licence: "MIT",
      files: {
        "api.github.com": { path: "descriptions/api.github.com/CHANGELOG.md", commit: expect.stringMatching(/^[\da-f]{40}$/) as string },
        ghec: { path: "descriptions/ghec/CHANGELOG.md", commit: expect.stringMatching(/^[\da-f]{40}$/) as string },
      },
    });
  });

  test("every target of @octokit/openapi serves the unversioned version; only api.github.com and GHEC serve 2026-03-10", () => {
    expect(VERSIONS.served).toEqual({
      "api.github.com": ["2022-11-28", "2026-03-10"],
      ghec: ["2022-11-28", "2026-03-10"],
      "ghes-3.17": ["2022-11-28"],
      "ghes-3.18": ["2022-11-28"],
      "ghes-3.19": ["2022-11-28"],
    });
  });

  test("each of the version's 27 CHANGELOG entries is a request-side change, a changeset the description carries, or listed as not applied, each cited once", () => {
    const { changes, described, notApplied } = VERSIONS.versions["2026-03-10"]!;
    const cited = changes.map(({ cites }) => cites);
    const carried = Object.values(described);
    expect(new Set(cited).size).toBe(cited.length);
    expect(new Set(carried).size).toBe(carried.length);
    // An entry both apply: the request side removes a parameter the description also removes, or a
    // route whose operation the description changes.
    expect(carried.filter((heading) => cited.includes(heading))).toEqual([
      "Remove deprecated `permission` property from request when a team is created",
      "Remove deprecated `use_squash_pr_title_as_default` property from repo settings endpoints",
      "Remove `secret_scanning_push_protection_custom_link_enabled` from the organization request and response",
      "Change workflow dispatch response from `204` to `200` with workflow run details",
      'Remove deprecated singular "assignee" field from Issue and Pull Request endpoints',
      "Change custom repository role endpoint paths to be more descriptive about the resource",
    ]);
    expect(notApplied.filter((heading) => cited.includes(heading) || carried.includes(heading))).toEqual([]);
    expect(new Set([...cited, ...carried, ...notApplied]).size).toBe(27);
    expect([cited.length, carried.length, notApplied.length]).toEqual([8, 24, 1]);
  });

  test("every changeset a target's description carries for the version is named, and applied to that target's map", () => {
    const { described } = VERSIONS.versions["2026-03-10"]!;
    for (const target of ["api.github.com", "ghec"]) {
      const carried = new Set<string>();
      const visit = (node: unknown): void => {
        if (typeof node !== "object" || node === null) return;
        for (const [key, value] of Object.entries(node))
          if (key === "x-github-breaking-changes")
            for (const { changeset, version } of value as { changeset: string; version: string }[]) {
              if (version === "2026-03-10") carried.add(changeset);
            }
          else visit(value);
      };
      visit(JSON.parse(readFileSync(join(root, "node_modules", "@octokit", "openapi", "generated", `${target}.json`), "utf8")));
      expect([...carried].filter((changeset) => !Object.hasOwn(described, changeset))).toEqual([]);
      const written = JSON.parse(readFileSync(join(routes, `${target}.2026-03-10.json`), "utf8")) as {
        unmatched: string[];
        describedChanges: string[];
      };
      expect(written.describedChanges.sort()).toEqual([...carried].sort());
      expect(written.unmatched).toEqual(["Remove deprecated `/hub` endpoint: POST /hub"]);
    }
  });

  test("each route a change names is a route of each target it applies to, but /hub, which GitHub's description no longer has", () => {
    const missing = VERSIONS.versions["2026-03-10"]!.changes.flatMap(({ targets, routes: named = [], removeRoutes = [] }) =>
      targets.flatMap((target) =>
        [...named, ...removeRoutes].filter((route) => !Object.hasOwn(listing(target).routes, route)).map((route) => `${target}: ${route}`),
      ),
    );
    expect(missing).toEqual(["api.github.com: POST /hub", "ghec: POST /hub"]);
  });
});

describe("the maps of each target and version", () => {
  test.each(Object.entries(VERSIONS.served).flatMap(([target, served]) => served.map((version) => [target, version])))(
    "%s %s: the unversioned map with exactly the version's changes",
    (target, version) => {
      const unversioned = listing(target).routes;
      const versioned = routesOf(`${target}.${version}`);
      const changes = VERSIONS.versions[version]?.changes.filter(({ targets }) => targets.includes(target)) ?? [];
      const removedRoutes = new Set(changes.flatMap(({ removeRoutes = [] }) => removeRoutes));
      const expected = Object.fromEntries(
        Object.entries(unversioned)
          .filter(([route]) => !removedRoutes.has(route))
          .map(([route, [docs, ...rows]]) => {
            const named = changes.filter(({ routes: list = [] }) => list.includes(route));
            const removed = named.flatMap(({ removeParameters = [] }) => removeParameters);
            const narrowed = named.flatMap(({ narrowParameters = {} }) => Object.keys(narrowParameters));
            const kept = rows
              .filter(([name]) => !removed.includes(name))
              .map(([name, place, type, required]): Parameter => [
                name,
                place,
                narrowed.includes(name) ? "readonly number[]" : type,
                required,
              ]);
            return [route, [docs, ...kept]];
          }),
      );
      expect(versioned).toEqual(expected);
    },
  );

  test("a version's map is a file of what differs: the package holds no copy of the unversioned map", () => {
    const sizes = ["api.github.com", "api.github.com.2026-03-10", "api.github.com.2022-11-28"].map(
      (name) => readFileSync(join(routes, `${name}.d.cts`)).length + readFileSync(join(routes, `${name}.json`)).length,
    );
    expect(sizes[1]! / sizes[0]!).toBeLessThan(0.02);
    expect(sizes[2]! / sizes[0]!).toBeLessThan(0.01);
  });

  test("a version's responses by docs page declare what differs: the components it changes, the others imported from the target's files", () => {
    for (const target of ["api.github.com", "ghec"]) {
      const folder = join(routes, `${target}.2026-03-10.responses`);
      const read = (dir: string) =>
        readdirSync(dir, { recursive: true, encoding: "utf8" })
          .filter((file) => file.endsWith(".d.cts"))
          .map((file) => readFileSync(join(dir, file), "utf8"))
          .join("\n");
      const declarations = read(folder);
      const unversioned = read(join(routes, `${target}.responses`));
      const declared = (text: string) => (text.match(/^export (?:interface|type) \w+/gm) ?? []).length;
      // Each component it declares is one the version changes, or one that names such a one: a tenth of
      // api.github.com's components at most (ghec's own files declare only those that differ from
      // api.github.com's, and import the others).
      expect(declared(declarations) / declared(read(join(routes, "api.github.com.responses")))).toBeLessThan(0.1);
      expect(declared(declarations)).toBeLessThanOrEqual(declared(unversioned));
      expect(declarations).toContain(`${target}.responses/`);
      expect(declarations).toMatch(/^export interface FullRepository /m);
      expect(declarations).not.toMatch(/^export interface SimpleUser /m);
    }
  });
});

describe("listingChanges: the one comparison of listings (versions diff, the versioned maps, descriptions:update)", () => {
  test("a route only on one side, and each parameter removed, added or retyped, with its rows", () => {
    const before: Listing["routes"] = {
      "GET /a": ["", ["x", "query", "string", 0]],
      "GET /gone": [""],
      "POST /b": ["", ["id", "path", "number", 1], ["old", "body", "string", 0], ["ids", "body", "readonly (string | number)[]", 0]],
    };
    const after: Listing["routes"] = {
      "GET /a": ["", ["x", "query", "string", 0]],
      "POST /b": ["", ["ids", "body", "readonly number[]", 0], ["id", "path", "number", 1], ["new", "body", "boolean", 1]],
      "GET /new": [""],
    };
    expect(listingChanges(before, after)).toEqual([
      { route: "GET /gone", before: [""], after: undefined },
      {
        route: "POST /b",
        before: before["POST /b"],
        after: after["POST /b"],
        parameters: [
          { name: "old", before: ["old", "body", "string", 0], after: undefined },
          { name: "ids", before: ["ids", "body", "readonly (string | number)[]", 0], after: ["ids", "body", "readonly number[]", 0] },
          { name: "new", before: undefined, after: ["new", "body", "boolean", 1] },
        ],
      },
      { route: "GET /new", before: undefined, after: [""] },
    ]);
  });

  test("between api.github.com and its 2026-03-10 map: the 8 routes the version changes, each with what it removes or narrows", () => {
    const changes = listingChanges(listing("api.github.com").routes, routesOf("api.github.com.2026-03-10"));
    const expected = VERSIONS.versions["2026-03-10"]!.changes.flatMap(
      ({ routes: named = [], removeParameters = [], narrowParameters = {} }) =>
        named.map((route) => [route, [...removeParameters, ...Object.keys(narrowParameters)]]),
    );
    expect(changes.map(({ route, parameters }) => [route, parameters?.map(({ name }) => name)]).sort()).toEqual(expected.sort());
  });
});

describe("the breaks are caught before sending: each request-side change is a type error under the version's map", () => {
  const program = (lines: string[]): string[][] => {
    const header = [
      'import { createEndpoint, endpoint, gheCom, ghes, type EndpointInterface } from "rest-endpoint";',
      'import type { Routes as Unversioned } from "rest-endpoint/routes/api.github.com";',
      'import type { Routes as V2022 } from "rest-endpoint/routes/api.github.com.2022-11-28";',
      'import type { Routes as V2026 } from "rest-endpoint/routes/api.github.com.2026-03-10";',
      'import type { Routes as Ghec2026 } from "rest-endpoint/routes/ghec.2026-03-10";',
      'import type { Routes as Ghes319 } from "rest-endpoint/routes/ghes-3.19.2022-11-28";',
      'const v2022: EndpointInterface<V2022> = endpoint.defaults({ headers: { "x-github-api-version": "2022-11-28" } });',
      'const v2026: EndpointInterface<V2026> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });',
      'const ghec: EndpointInterface<Ghec2026> = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });',
    ];
    const file = join(dir, `calls-${Math.random().toString(36).slice(2)}.mts`);
    writeFileSync(file, [...header, ...lines, "export { v2022, v2026, ghec };", ""].join("\n"));
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], strictProject(["lib.es2022.d.ts"])));
    return lines.map((_, index) =>
      diagnostics
        .filter((diagnostic) => diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start!).line === header.length + index)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")),
    );
  };
  const owner = 'owner: "o", repo: "r"';
  // One call per route a change names, with the parameter it removes or narrows.
  const CALLS: [route: string, parameters: string, message: string][] = [
    ["POST /orgs/{org}/teams", '{ org: "o", name: "t", permission: "push" }', "'permission' does not exist"],
    [
      "PATCH /repos/{owner}/{repo}",
      `{ ${owner}, use_squash_pr_title_as_default: true }`,
      "'use_squash_pr_title_as_default' does not exist",
    ],
    [
      "POST /orgs/{org}/repos",
      '{ org: "o", name: "r", use_squash_pr_title_as_default: true }',
      "'use_squash_pr_title_as_default' does not exist",
    ],
    [
      "PATCH /orgs/{org}",
      '{ org: "o", secret_scanning_push_protection_custom_link_enabled: true }',
      "'secret_scanning_push_protection_custom_link_enabled' does not exist",
    ],
    [
      "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches",
      `{ ${owner}, workflow_id: 1, ref: "main", return_run_details: true }`,
      "'return_run_details' does not exist",
    ],
    ["POST /repos/{owner}/{repo}/issues", `{ ${owner}, title: "Bug", assignee: "octocat" }`, "'assignee' does not exist"],
    [
      "PATCH /repos/{owner}/{repo}/issues/{issue_number}",
      `{ ${owner}, issue_number: 1, assignee: "octocat" }`,
      "'assignee' does not exist",
    ],
    [
      "PUT /orgs/{org}/dependabot/secrets/{secret_name}",
      '{ org: "o", secret_name: "S", visibility: "selected", selected_repository_ids: ["1296269"] }',
      "Type 'string' is not assignable to type 'number'",
    ],
  ];

  test("every route a change names is covered by a call here", () => {
    const named = VERSIONS.versions["2026-03-10"]!.changes.flatMap(({ routes: list = [] }) => list);
    expect(CALLS.map(([route]) => route).sort()).toEqual([...new Set(named)].sort());
  });

  test("each call compiles under 2022-11-28's map and fails under 2026-03-10's, naming the parameter", () => {
    const lines = CALLS.flatMap(([route, parameters]) => [
      `v2022(${JSON.stringify(route)}, ${parameters});`,
      `v2026(${JSON.stringify(route)}, ${parameters});`,
    ]);
    const errors = program(lines);
    expect(CALLS.map(([route], index) => [route, errors[2 * index], errors[2 * index + 1]!.join(" ")])).toEqual(
      CALLS.map(([route, , message]) => [route, [], expect.stringContaining(message) as string]),
    );
  }, 300_000);

  test("a route the version removes is not a route of its map (GHEC's custom repository roles)", () => {
    const [removed, kept] = program([
      'ghec("GET /organizations/{organization_id}/custom_roles", { organization_id: "1" });',
      'ghec("GET /orgs/{org}/custom-repository-roles", { org: "o" });',
    ]);
    expect([removed!.join(" "), kept]).toEqual([expect.stringContaining("is not a route of the map") as string, []]);
  }, 300_000);

  test("a header and a map that disagree do not compile; no header means 2022-11-28", () => {
    const errors = program([
      'const a: EndpointInterface<V2026> = endpoint.defaults({ headers: { "x-github-api-version": "2022-11-28" } });',
      "const b: EndpointInterface<V2026> = endpoint;",
      "const c: EndpointInterface<V2022> = endpoint;",
      "const d: EndpointInterface<Unversioned> = endpoint.defaults({ headers: { 'X-GitHub-Api-Version': '2026-03-10' } });",
      'v2026.defaults({ headers: { "X-GitHub-Api-Version": "2022-11-28" } });',
      'const e: EndpointInterface<Ghes319> = endpoint.defaults({ baseUrl: "https://github.example.com/api/v3" });',
      'e.defaults({ headers: { "x-github-api-version": "2026-03-10" } });',
      "export { a, b, c, d };",
      // Every spelling of the name, and a one-item list, is the version it sends (issue 36, item 6).
      'v2026.defaults({ headers: { "X-GITHUB-API-VERSION": "2022-11-28" } });',
      'v2026.defaults({ headers: { "x-GitHub-API-version": "2026-03-10" } });',
      'const f: EndpointInterface<V2026> = endpoint.defaults({ headers: { "X-GITHUB-API-VERSION": ["2026-03-10"] } });',
      'const g: EndpointInterface<V2026> = endpoint.defaults({ headers: { "X-GITHUB-API-VERSION": ["2022-11-28"] } });',
      'v2026.defaults({ headers: { "X-Github-Api-Version": ["2022-11-28"] } });',
      "export { f, g };",
    ]);
    expect(
      errors.map((messages) =>
        messages.map((message) => /Type '"[\d-]+"' is not assignable to type '"[\d-]+"'/.exec(message)?.[0] ?? message),
      ),
    ).toEqual([
      [`Type '"2022-11-28"' is not assignable to type '"2026-03-10"'`],
      [`Type '"2022-11-28"' is not assignable to type '"2026-03-10"'`],
      [],
      [],
      [`Type '"2022-11-28"' is not assignable to type '"2026-03-10"'`],
      [],
      [`Type '"2026-03-10"' is not assignable to type '"2022-11-28"'`],
      [],
      [expect.stringContaining('"x-github-api-version"') as unknown],
      [],
      [],
      [`Type '"2022-11-28"' is not assignable to type '"2026-03-10"'`],
      [expect.stringContaining('"x-github-api-version"') as unknown],
      [],
    ]);
  }, 300_000);
  test("a call's own headers that name another version than its map's do not compile (issue 44, class 6: they did)", () => {
    const issue = '{ owner: "o", repo: "r", title: "Bug", assignee: "octocat", headers: { "x-github-api-version": "2026-03-10" } }';
    const errors = program([
      `v2022("POST /repos/{owner}/{repo}/issues", ${issue});`,
      `v2022("POST /repos/{owner}/{repo}/issues", ${issue.replace('"x-github-api-version"', '"X-GitHub-Api-Version"')});`,
      `v2022("POST /repos/{owner}/{repo}/issues", ${issue.replace("2026-03-10", "2022-11-28")});`,
      'v2026("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug", headers: { "x-github-api-version": "2026-03-10" } });',
      'v2026("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", headers: { "x-github-api-version": "2022-11-28", authorization: "token x" } });',
      'ghec("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", headers: { authorization: "token x" } });',
    ]);
    expect(
      errors.map((messages) =>
        messages.map((message) => /Type '"[\d-]+"' is not assignable to type '"[\d-]+"'/.exec(message)?.[0] ?? message),
      ),
    ).toEqual([
      [`Type '"2026-03-10"' is not assignable to type '"2022-11-28"'`],
      [`Type '"2026-03-10"' is not assignable to type '"2022-11-28"'`],
      [],
      [],
      [`Type '"2022-11-28"' is not assignable to type '"2026-03-10"'`],
      [],
    ]);
  }, 300_000);

  test("createEndpoint is typed as endpoint.defaults() is: its defaults' version and parameter names", () => {
    const errors = program([
      'const h: EndpointInterface<Ghec2026> = createEndpoint({ headers: { "x-github-api-version": "2026-03-10" } }, gheCom("octocorp"));',
      'const i: EndpointInterface<Ghes319> = createEndpoint({}, ghes("https://ghe.example", "3.19"));',
      'const j: EndpointInterface<Ghes319> = createEndpoint(undefined, ghes("https://ghe.example", "3.19"));',
      'const k: EndpointInterface<Ghec2026> = createEndpoint({}, gheCom("octocorp"));',
      'const l: EndpointInterface<Ghes319> = createEndpoint({ headers: { "X-GitHub-Api-Version": "2026-03-10" } });',
      'createEndpoint({ baseUrl: "https://a.example", owner: "o" })("GET /repos/{owner}/{repo}", { repo: "r" });',
      'createEndpoint({ baseUrl: "https://a.example" })("GET /repos/{owner}/{repo}", { repo: "r" });',
      "export { h, i, j, k, l };",
    ]);
    expect(
      errors.map((messages) =>
        messages.map(
          (message) => /Type '"[\d-]+"' is not assignable to type '"[\d-]+"'|Property 'owner' is missing/.exec(message)?.[0] ?? message,
        ),
      ),
    ).toEqual([
      [],
      [],
      [],
      [`Type '"2022-11-28"' is not assignable to type '"2026-03-10"'`],
      [`Type '"2026-03-10"' is not assignable to type '"2022-11-28"'`],
      [],
      ["Property 'owner' is missing"],
      [],
    ]);
  }, 300_000);
});

describe("the CLI", () => {
  test("--routes api.github.com.2026-03-10 lists the version's parameters: no assignee", () => {
    const { status, stdout } = cli("--routes", "api.github.com.2026-03-10", "POST /repos/{owner}/{repo}/issues");
    expect([status, stdout.split("\n")[0], /\bassignee\b/.test(stdout), /\bassignees\b/.test(stdout)]).toEqual([
      0,
      "POST /repos/{owner}/{repo}/issues (api.github.com.2026-03-10, @octokit/openapi 23.0.2 and API version 2026-03-10)",
      false,
      true,
    ]);
    expect(/\bassignee\b/.test(cli("--routes", "api.github.com.2022-11-28", "POST /repos/{owner}/{repo}/issues").stdout)).toBe(true);
  });

  test("versions diff 2022-11-28 2026-03-10 prints each request-side change of the CHANGELOG, and the entries it comes from", () => {
    const { status, stdout } = cli("versions", "diff", "2022-11-28", "2026-03-10");
    const changes = VERSIONS.versions["2026-03-10"]!.changes.filter(({ targets }) => targets.includes("api.github.com"));
    const expected = changes
      .flatMap(({ removeParameters = [], narrowParameters = {}, routes: named = [] }) =>
        named.flatMap((route) => [
          ...removeParameters.map((name) => `${route}: ${name} (body) removed`),
          ...Object.keys(narrowParameters).map((name) => `${route}: ${name} (body) readonly (string | number)[] -> readonly number[]`),
        ]),
      )
      .sort();
    const lines = stdout.trimEnd().split("\n");
    expect(status).toBe(0);
    expect(lines[0]).toBe(`api.github.com 2022-11-28 -> 2026-03-10: ${expected.length} request-side changes`);
    expect(lines.slice(1, expected.length + 1).sort()).toEqual(expected);
    expect(lines.slice(expected.length + 2)).toEqual(["From GitHub's CHANGELOG:", ...changes.map(({ cites }) => `- ${cites}`)]);
  });

  test("versions diff for the routes given, on another target", () => {
    expect(cli("versions", "diff", "2022-11-28", "2026-03-10", "--target", "ghec", "post /repos/:owner/:repo/issues").stdout).toBe(
      [
        "ghec 2022-11-28 -> 2026-03-10: 1 request-side change",
        "POST /repos/{owner}/{repo}/issues: assignee (body) removed",
        "",
        "From GitHub's CHANGELOG:",
        '- Remove deprecated singular "assignee" field from Issue and Pull Request endpoints',
        "",
      ].join("\n"),
    );
  });

  test.each([
    [
      ["versions", "diff", "2022-11-28", "2026-03-10", "--target", "ghes-3.19"],
      'ghes-3.19 serves API versions 2022-11-28; received "2026-03-10"',
    ],
    [["versions", "diff", "2022-11-28"], "versions takes diff FROM TO"],
    [
      ["versions", "diff", "2022-11-28", "2026-03-10", "--target", "gitlab"],
      'must be a GitHub target, such as api.github.com; received "gitlab"',
    ],
    [
      ["versions", "diff", "2022-11-28", "2026-03-10", "GET /nope"],
      '"GET /nope" is a route of neither api.github.com.2022-11-28 nor api.github.com.2026-03-10',
    ],
  ])("%j is a usage error", (args, message) => {
    const { status, stderr } = cli(...args);
    expect([status, stderr]).toEqual([2, expect.stringContaining(message) as string]);
  });
});

describe("npm run descriptions:update DIR: ready for GitHub's versioned descriptions", () => {
  const update = (folder: string) =>
    spawnSync(process.execPath, [join(root, "scripts", "descriptions-update.mjs"), folder, "--out", join(dir, "out")], {
      encoding: "utf8",
      cwd: root,
    });
  const openapi = join(root, "node_modules", "@octokit", "openapi", "generated");

  test("on the descriptions we have, named as GitHub names its versioned files, the maps match", () => {
    const folder = join(dir, "descriptions");
    mkdirSync(folder, { recursive: true });
    copyFileSync(join(openapi, "api.github.com.json"), join(folder, "api.github.com.2022-11-28.json"));
    copyFileSync(join(openapi, "ghes-3.17.json"), join(folder, "ghes-3.17.2022-11-28.json"));
    expect(update(folder)).toMatchObject({
      status: 0,
      stdout: [
        "api.github.com.2022-11-28: matches the CHANGELOG-derived map (1223 routes)",
        "ghes-3.17.2022-11-28: matches the CHANGELOG-derived map (966 routes)",
        `wrote 2 maps and the table of 39 multi-segment parameters to ${join(dir, "out")}`,
        "",
      ].join("\n"),
    });
  }, 300_000);

  test("a description that differs from the CHANGELOG-derived map is reported, route by route, exit 1", () => {
    const folder = join(dir, "descriptions-2026");
    mkdirSync(folder, { recursive: true });
    // A 2026-03-10 description that still takes `assignee` when an issue is updated, and no longer takes `labels`.
    const spec = JSON.parse(readFileSync(join(openapi, "api.github.com.json"), "utf8")) as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>
      >;
    };
    const body = (path: string, method: string) => spec.paths[path]![method]!.requestBody.content["application/json"]!.schema.properties;
    delete body("/repos/{owner}/{repo}/issues", "post").assignee;
    delete body("/repos/{owner}/{repo}/issues", "post").labels;
    for (const [path, method] of [
      ["/orgs/{org}/teams", "post"],
      ["/repos/{owner}/{repo}", "patch"],
      ["/orgs/{org}/repos", "post"],
      ["/orgs/{org}", "patch"],
      ["/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches", "post"],
    ] as const)
      for (const name of [
        "permission",
        "use_squash_pr_title_as_default",
        "secret_scanning_push_protection_custom_link_enabled",
        "return_run_details",
      ])
        Reflect.deleteProperty(body(path, method), name);
    body("/orgs/{org}/dependabot/secrets/{secret_name}", "put").selected_repository_ids = { type: "array", items: { type: "integer" } };
    writeFileSync(join(folder, "api.github.com.2026-03-10.json"), JSON.stringify(spec));
    const { status, stdout } = update(folder);
    expect([status, stdout.split("\n").slice(0, 3)]).toEqual([
      1,
      [
        "api.github.com.2026-03-10: 2 differences from the CHANGELOG-derived map",
        expect.stringMatching(
          /^ {2}POST \/repos\/\{owner\}\/\{repo\}\/issues: labels \[.*\] in the CHANGELOG-derived map, absent in api\.github\.com\.2026-03-10\.json$/,
        ) as string,
        expect.stringMatching(
          /^ {2}PATCH \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}: assignee absent in the CHANGELOG-derived map, \[.*\] in api\.github\.com\.2026-03-10\.json$/,
        ) as string,
      ],
    ]);
  }, 300_000);
});
