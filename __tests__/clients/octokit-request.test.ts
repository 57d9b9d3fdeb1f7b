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
