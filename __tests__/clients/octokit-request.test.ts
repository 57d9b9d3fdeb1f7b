import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { startRecordingServer } from "../helpers/recording-server.js";

/**
 * Why rest-endpoint-octokit exists (docs/octokit.md, "Why not rest-endpoint itself"): the real
 * @octokit/request with rest-endpoint itself swapped in for @octokit/endpoint by a resolve hook
 * (what npm's `overrides` does in a user's project) sends a lowercase PATCH.
 */
describe("inside the real @octokit/request", () => {
  const send = async (mode: "plain" | "upper-case") => {
    const server = await startRecordingServer();
    try {
      const dir = join(__dirname, "..", "octokit");
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--no-warnings", "--import", join(dir, "swap-endpoint.mjs"), join(dir, "patch.mjs"), server.url, mode],
        { timeout: 120_000 },
      );
      return { printed: JSON.parse(stdout) as unknown, arrivals: server.arrivals };
    } finally {
      await server.close();
    }
  };

  test("a PATCH goes out as `patch`, which Node's server refuses with 400 before any handler sees it", async () => {
    const { printed, arrivals } = await send("plain");
    expect(printed).toEqual({ swapped: true, status: 400 });
    expect(arrivals).toEqual([]);
  });

  test("with the fetch that upper-cases the method, the server receives PATCH and the body", async () => {
    const { printed, arrivals } = await send("upper-case");
    expect(printed).toEqual({ swapped: true, status: 200 });
    expect(arrivals.map(({ method, target, body }) => ({ method, target, body: Buffer.from(body, "hex").toString() }))).toEqual([
      { method: "PATCH", target: "/repos/octokit/rest.js/issues/1", body: '{"state":"closed"}' },
    ]);
  });
});

/**
 * docs/octokit.md, "What changes for an Octokit user": what a swapped Octokit refuses where stock
 * sends, and what it sends as stock does, through the real @octokit/request, stock and with
 * rest-endpoint-octokit (packages/octokit) in @octokit/endpoint's place, to a recording fetch.
 */
describe("docs/octokit.md's rows on empty path segments and paginate's links", () => {
  const run = async (swapped: boolean): Promise<unknown> => {
    const dir = join(__dirname, "..", "octokit");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--no-warnings", ...(swapped ? ["--import", join(dir, "swap-octokit.mjs")] : []), join(dir, "calls.mjs")],
      { timeout: 60_000 },
    );
    return JSON.parse(stdout);
  };
  const token = "token ghp_0123";

  test("stock sends each", async () => {
    expect(await run(false)).toEqual({
      "getContent /a": { sent: [["GET", "https://api.github.com/repos/o/r/contents/%2Fa", token]] },
      "getContent a//b": { sent: [["GET", "https://api.github.com/repos/o/r/contents/a%2F%2Fb", token]] },
      "paginate <?page=3>": { sent: [["GET", "https://api.github.com?page=3", token]] },
      "paginate another origin": { sent: [["GET", "https://evil.example/next?page=2", token]] },
    });
  }, 120_000);

  test("swapped: the empty segments and the relative link refused; the other origin requested without the defaults' token (rest-endpoint's credentials rule)", async () => {
    expect(await run(true)).toEqual({
      "getContent /a": { sent: [], code: "INVALID_PATH_SEGMENT" },
      "getContent a//b": { sent: [], code: "INVALID_PATH_SEGMENT" },
      "paginate <?page=3>": { sent: [], code: "INVALID_URL" },
      "paginate another origin": { sent: [["GET", "https://evil.example/next?page=2", null]] },
    });
  }, 120_000);
});
