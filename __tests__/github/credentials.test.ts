import { createEndpoint, endpoint, gheCom, ghes, type EndpointInterface } from "../../lib/index.js";
import { startRecordingServer } from "../helpers/recording-server.js";

const credentials = { authorization: "token A", cookie: "c=1" };
const github = endpoint.defaults({ headers: credentials }) as EndpointInterface;
const upload = { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "…" };
const ORIGIN_UPLOAD = "POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets";

/** Which credential fields a call sends: both, or none. */
const sent = (call: EndpointInterface, route: string, options: Record<string, unknown> = {}): string[] => {
  const { headers } = call(route as "GET /", options);
  const named = ["authorization", "cookie"].filter((name) => headers[name] !== undefined);
  // parse(merge()) gives the same: the rule reads the values, which merge() keeps.
  expect(call.parse(call.merge(route as "GET /", options)).headers).toEqual(headers);
  return named;
};
const BOTH = ["authorization", "cookie"];

describe("the defaults' credentials go only to the target's own origins", () => {
  // [case, route, options, fields sent]; each URL as the hostile batteries write hosts.
  test.each([
    ["a path, joined to the defaults' baseUrl", "GET /user", {}, BOTH],
    ["the baseUrl's origin written out", "GET https://api.github.com/user", {}, BOTH],
    ["its default port", "GET https://api.github.com:443/user", {}, BOTH],
    ["upper-case host", "GET https://API.GitHub.com/user", {}, BOTH],
    ["a trailing dot", "GET https://api.github.com./user", {}, BOTH],
    ["user info before the host", "GET https://x@api.github.com/user", {}, BOTH],
    ["a pct-encoded letter (%68)", "GET https://api.git%68ub.com/user", {}, BOTH],
    ["fullwidth letters", "GET https://api.\uff47\uff49\uff54\uff48\uff55\uff42.com/user", {}, BOTH],
    [
      "the uploads origin of api.github.com",
      "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
      upload,
      BOTH,
    ],
    ["an {origin} value, the uploads origin", ORIGIN_UPLOAD, { ...upload, origin: "https://uploads.github.com" }, BOTH],
    ["an {origin} value, the uploads origin with :443", ORIGIN_UPLOAD, { ...upload, origin: "https://uploads.github.com:443" }, BOTH],
    // Elsewhere: left out.
    ["another port", "GET https://api.github.com:8443/user", {}, []],
    ["http", "GET http://api.github.com/user", {}, []],
    ["the host as user info", "GET https://api.github.com@evil.example/user", {}, []],
    ["a suffix", "GET https://api.github.com.evil.example/user", {}, []],
    ["a trailing dot and a port", "GET https://api.github.com.:8443/user", {}, []],
    ["an IDN look-alike", "GET https://api.\u0261ithub.com/user", {}, []],
    ["gist.github.com", "GET https://gist.github.com/user", {}, []],
    ["an {origin} value elsewhere", ORIGIN_UPLOAD, { ...upload, origin: "https://evil.example" }, []],
    ["an {origin} value with user info", ORIGIN_UPLOAD, { ...upload, origin: "https://uploads.github.com@evil.example" }, []],
    ["an {origin} value of another port", ORIGIN_UPLOAD, { ...upload, origin: "https://uploads.github.com:8443" }, []],
    ["a call's own baseUrl", "GET /user", { baseUrl: "https://evil.example" }, []],
    ["a call's baseUrl the same as the defaults'", "GET /user", { baseUrl: "https://api.github.com/" }, BOTH],
    // A call's own values go where it sends them; a value the defaults hold counts as the defaults'.
    ["a call's own credentials", "GET https://evil.example/user", { headers: { authorization: "token B", cookie: "d=2" } }, BOTH],
    ["a call's own authorization only", "GET https://evil.example/user", { headers: { Authorization: "token B" } }, ["authorization"]],
    ["a call naming the defaults' value", "GET https://evil.example/user", { headers: credentials }, []],
  ])("%s: %s", (_case, route, options, fields) => {
    expect(sent(github, route, options)).toEqual(fields);
  });

  test("the other header fields are sent everywhere", () => {
    expect(github("GET https://evil.example/user").headers).toEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": endpoint.DEFAULTS.headers["user-agent"],
    });
  });

  test.each([
    [
      "GHES: its uploads",
      ghes("https://ghe.example", "3.19"),
      "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
      upload,
      BOTH,
    ],
    [
      "GHES: its {origin}/api/uploads",
      ghes("https://ghe.example", "3.19"),
      "POST {origin}/api/uploads/repos/{owner}/{repo}/releases/{release_id}/assets",
      { ...upload, origin: "https://ghe.example" },
      BOTH,
    ],
    [
      "GHES: the Manage API on another port",
      ghes("https://ghe.example", "3.19"),
      "GET {origin}/manage/v1/version",
      { origin: "https://ghe.example:8443" },
      [],
    ],
    ["GHES: github.com", ghes("https://ghe.example", "3.19"), "GET https://api.github.com/user", {}, []],
    [
      "GHE.com: its uploads",
      gheCom("octocorp"),
      "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
      upload,
      BOTH,
    ],
    ["GHE.com: an IDN subdomain is another host", gheCom("octocorp"), "GET https://api.\u00f6ctocorp.ghe.com/user", {}, []],
  ])("%s", (_case, target, route, options, fields) => {
    expect(sent(createEndpoint({ headers: credentials }, target), route, options)).toEqual(fields);
  });

  test("endpoint with a GHES baseUrl: an upload to uploads.github.com does not take the GHES token (issue 38, Why 3)", () => {
    const legacy = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: credentials }) as EndpointInterface;
    expect(sent(legacy, "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", upload)).toEqual([]);
    expect(sent(legacy, "GET /user")).toEqual(BOTH);
  });

  test("a foreign host receives no authorization on the wire", async () => {
    const server = await startRecordingServer();
    try {
      for (const url of [`${server.url}/a`, `${server.url.replace("127.0.0.1", "localhost")}/b`]) {
        const { method, url: sentUrl, headers } = github(`GET ${url}` as "GET /");
        await fetch(sentUrl, { method: method.toUpperCase(), headers });
      }
      const home = createEndpoint({ baseUrl: server.url, headers: credentials });
      const { url, headers } = home("GET /c");
      await fetch(url, { headers });
      expect(server.arrivals.map(({ target, headers }) => [target, headers.authorization, headers.cookie])).toEqual([
        ["/a", undefined, undefined],
        ["/b", undefined, undefined],
        ["/c", "token A", "c=1"],
      ]);
    } finally {
      await server.close();
    }
  }, 120_000);
});
