import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createEndpoint, endpoint, gheCom, ghes, githubCom, githubTarget } from "../../lib/index.js";
import { BODY_METHODS } from "../../lib/core/request.js";
import { startRecordingServer } from "../helpers/recording-server.js";
import { errorOf } from "../helpers/errors.js";
import { userAgent } from "../helpers/defaults.js";

const UPLOAD = "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets";
const asset = { owner: "o", repo: "r", release_id: 1, name: "a.zip", label: "A", data: "…" };

describe("GitHub's targets", () => {
  test("each target's defaults: its baseUrl, GitHub's accept, a user-agent", () => {
    for (const [target, baseUrl] of [
      [githubCom, "https://api.github.com"],
      [gheCom("octocorp"), "https://api.octocorp.ghe.com"],
      [ghes("https://ghe.example", "3.19"), "https://ghe.example/api/v3"],
      [ghes("http://127.0.0.1:8080", "3.21"), "http://127.0.0.1:8080/api/v3"],
      // One trailing "/", as baseUrl takes it (a fresh user's review).
      [ghes("https://ghe.example/", "3.19"), "https://ghe.example/api/v3"],
    ] as const) {
      expect(createEndpoint({}, target).DEFAULTS).toEqual({
        method: "GET",
        baseUrl,
        headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent },
        mediaType: { format: "", previews: [] },
      });
    }
    expect(endpoint.DEFAULTS).toEqual(createEndpoint({}, githubCom).DEFAULTS);
  });

  // [target, where the maps' upload route goes]
  test.each([
    [githubCom, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=A"],
    [gheCom("octocorp"), "https://uploads.octocorp.ghe.com/repos/o/r/releases/1/assets?name=a.zip&label=A"],
    [ghes("https://ghe.example", "3.19"), "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.zip&label=A"],
    [ghes("https://ghe.example:8443", "3.22"), "https://ghe.example:8443/api/uploads/repos/o/r/releases/1/assets?name=a.zip&label=A"],
    [
      githubTarget({ name: "test", baseUrl: "http://127.0.0.1:3000", uploadsUrl: "http://127.0.0.1:3001/up/" }),
      "http://127.0.0.1:3001/up/repos/o/r/releases/1/assets?name=a.zip&label=A",
    ],
  ])("%# the upload route of the api.github.com map goes to the target's uploads: %s", (target, url) => {
    expect(createEndpoint({}, target)(UPLOAD, asset)).toMatchObject({ method: "post", url, body: "…" });
  });

  // Without `origin`, the upload route was joined to baseUrl: …/api/v3/api/uploads/… (a fresh user's review).
  test("under ghes(), a leading {origin} the call leaves out is the instance's origin; elsewhere it is joined to baseUrl", () => {
    const token = { headers: { authorization: "token ghp_0123" } };
    const github = createEndpoint(token, ghes("https://ghe.example/", "3.19"));
    // Typed `string`: a route's own template types `origin` as required (JavaScript callers leave it out).
    const upload: string = "POST {origin}/api/uploads/repos/{owner}/{repo}/releases/{release_id}/assets";
    const nodes: string = "GET {origin}/manage/v1/config/nodes";
    expect(github(upload, asset)).toMatchObject({
      url: "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.zip&label=A",
      headers: { authorization: "token ghp_0123" },
    });
    expect(github(upload, { ...asset, origin: null }).url).toBe(
      "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.zip&label=A",
    );
    expect(github(nodes).url).toBe("https://ghe.example/manage/v1/config/nodes");
    // A call's own origin wins (the Manage API on :8443); another target keeps @octokit/endpoint's reading.
    // An origin with a path, even "/", is no origin: the message says so (a fresh user's review).
    expect(errorOf(() => github(upload, { ...asset, origin: "https://ghe.example/" })).message).toBe(
      '`origin` must be an http(s) origin: scheme, host and port, with no path, not even /; received "https://ghe.example/" (string). See docs/errors.md#invalid_url',
    );
    expect(github(nodes, { origin: "https://ghe.example:8443" }).url).toBe("https://ghe.example:8443/manage/v1/config/nodes");
    expect(
      createEndpoint({ baseUrl: "https://uploads.github.com" }, githubCom)(
        "POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name}" as string,
        asset,
      ).url,
    ).toBe("https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=A");
  });

  test("a declared query goes before the route's fragment, a `?` in that fragment begins no query (RFC 3986 section 3.5)", () => {
    const upload = "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets";
    const call = { owner: "o", repo: "r", release_id: 1, name: "a.zip", label: "A", data: "…" };
    expect(endpoint(`${upload}#a?b`, call).url).toBe("https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=A#a?b");
    expect(endpoint(`${upload}?x=1#a?b`, call).url).toBe(
      "https://uploads.github.com/repos/o/r/releases/1/assets?x=1&name=a.zip&label=A#a?b",
    );
    expect(endpoint(`${upload}{#f}`, { ...call, f: "a?b" }).url).toBe(
      "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=A#a?b",
    );
  });

  test("GHES's {origin} routes with a declared query send it to the query (the maps' keys as written)", () => {
    const github = createEndpoint({}, ghes("https://ghe.example", "3.19"));
    expect(
      github("POST {origin}/api/uploads/repos/{owner}/{repo}/releases/{release_id}/assets", { origin: "https://ghe.example", ...asset }),
    ).toMatchObject({ url: "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.zip&label=A", body: "…" });
    expect(
      github("PUT {origin}/manage/v1/config/license", { origin: "https://ghe.example:8443", license: "L", apply: true }),
    ).toMatchObject({
      url: "https://ghe.example:8443/manage/v1/config/license?apply=true",
      body: { license: "L" },
    });
    // Through `endpoint` too: the tables are GitHub's, whatever the origin.
    expect(endpoint("PUT {origin}/manage/v1/config/license", { origin: "https://ghe.example:8443", license: "L", apply: true }).url).toBe(
      "https://ghe.example:8443/manage/v1/config/license?apply=true",
    );
  });

  /** Every route of every shipped map that sends a body and declares a query: [map, route, query names]. */
  const declared = readdirSync(join(__dirname, "..", "..", "dist", "routes"))
    .filter((file) => /^[a-z\d.-]+\.json$/.test(file) && !/\.\d{4}-\d{2}-\d{2}\.json$/.test(file))
    .flatMap((file) => {
      const { target, routes } = JSON.parse(readFileSync(join(__dirname, "..", "..", "dist", "routes", file), "utf8")) as {
        target: string;
        routes: Record<string, [string, ...[string, string, string, number][]]>;
      };
      return Object.entries(routes)
        .filter(
          ([route, [, ...parameters]]) =>
            BODY_METHODS.has(route.split(" ")[0]!.toLowerCase()) && parameters.some(([, place]) => place === "query"),
        )
        .map(([route, [, ...parameters]]) => [target, route, parameters] as const);
    });

  test("the maps hold write routes with a declared query on every target", () => {
    expect(new Set(declared.map(([target]) => target))).toEqual(new Set(["api.github.com", "ghec", "ghes-3.17", "ghes-3.18", "ghes-3.19"]));
  });

  test.each(declared)("%s: %s sends its query parameters to the query under its target", (map, route, parameters) => {
    const target = map.startsWith("ghes-") ? ghes("https://ghe.example", map.slice(5)) : map === "ghec" ? gheCom("octocorp") : githubCom;
    const github = createEndpoint({}, target);
    const values: Record<string, unknown> = {};
    for (const [name, place] of parameters) values[name] = name === "origin" ? "https://ghe.example" : place === "path" ? "p" : "v";
    const { url, body } = github(route as "POST /", values);
    const search = new URL(url).searchParams;
    for (const [name, place] of parameters) if (place === "query") expect([name, search.get(name)]).toEqual([name, "v"]);
    for (const [name, place] of parameters) if (place === "body") expect(body).toHaveProperty([name], "v");
  });

  test("an upload reaches a test server's uploads origin, its query as the map declares", async () => {
    const server = await startRecordingServer();
    try {
      const github = createEndpoint(
        {},
        githubTarget({ name: "test", baseUrl: `${server.url}/api/v3`, uploadsUrl: `${server.url}/api/uploads` }),
      );
      const { method, url, headers, body } = github(UPLOAD, { ...asset, headers: { "content-type": "application/zip" } });
      const response = await fetch(url, { method: method.toUpperCase(), headers, body: body as string });
      expect(response.status).toBe(200);
      expect(server.arrivals.map(({ method, target }) => [method, target])).toEqual([
        ["POST", "/api/uploads/repos/o/r/releases/1/assets?name=a.zip&label=A"],
      ]);
    } finally {
      await server.close();
    }
  }, 120_000);

  test.each([
    [() => ghes("https://ghe.example/api/v3", "3.19"), "origin"],
    [() => ghes("ghe.example", "3.19"), "origin"],
    [() => ghes("https://ghe.example//", "3.19"), "origin"],
    [() => ghes(undefined as unknown as string, "3.19"), "origin"],
    [() => ghes("https://ghe.example", "3"), "release"],
    [() => ghes("https://ghe.example", "4.0"), "release"],
    [() => ghes("https://ghe.example", 3.19 as unknown as string), "release"],
    [() => gheCom("octo.corp"), "subdomain"],
    [() => gheCom("-octo"), "subdomain"],
    [() => githubTarget({ name: "t", baseUrl: "https://h.example?x", uploadsUrl: "https://h.example" }), "baseUrl"],
    [() => githubTarget({ name: "t", baseUrl: "https://h.example", uploadsUrl: "ftp://h.example" }), "uploadsUrl"],
  ])("%# a target of a wrong shape is INVALID_BASE_URL naming %s", (make, argument) => {
    expect(errorOf(make)).toMatchObject({ code: "INVALID_BASE_URL", argument });
  });
});

describe("docs/github-enterprise.md gives each mapped GHES release its support status", () => {
  const page = readFileSync(join(__dirname, "..", "..", "docs", "github-enterprise.md"), "utf8");
  /** The support table's rows: release, GitHub's deprecation date, status. */
  const rows = new Map(
    [...page.matchAll(/^\| (3\.\d+) +\|[^|\n]*\| ([\d-]*) *\|([^|\n]*)\|$/gm)].map(([, release, date, status]) => [
      release!,
      { date: date!, status: status! },
    ]),
  );
  const mapped = readdirSync(join(__dirname, "..", "..", "dist", "routes"))
    .map((file) => /^ghes-(3\.\d+)\.json$/.exec(file)?.[1])
    .filter((release) => release !== undefined);

  test("the shipped maps are 3.17 to 3.19, and 3.20 to 3.22 have their rows", () => {
    expect(mapped.sort()).toEqual(["3.17", "3.18", "3.19"]);
    expect([...rows.keys()]).toEqual(["3.17", "3.18", "3.19", "3.20", "3.21", "3.22"]);
  });

  // Fails as time passes: a release past its date needs its note.
  test.each(["3.17", "3.18", "3.19"])("GHES %s: a date, and past it, a note that it is deprecated", (release) => {
    const row = rows.get(release)!;
    expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (new Date().toISOString().slice(0, 10) > row.date) expect(row.status).toContain("deprecated");
  });
});
