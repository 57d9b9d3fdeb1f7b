import { execFile } from "node:child_process";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import { headers } from "../helpers/defaults.js";
import { listening } from "../helpers/recording-server.js";

/**
 * A list of six issues in three pages on 127.0.0.1, each page's Link header written as servers
 * write them: absolute targets (page 1), relative ones in two header lines (page 2, which undici's
 * `request()` gives as a list), and a last page without `next`.
 */
async function startPagedServer(): Promise<{
  url: string;
  arrivals: { target: string; headers: IncomingHttpHeaders }[];
  close: () => Promise<void>;
}> {
  const arrivals: { target: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    arrivals.push({ target: request.url ?? "", headers: request.headers });
    const url = new URL(request.url ?? "", `http://${request.headers.host}`);
    const page = Number(url.searchParams.get("page") ?? "1");
    const path = "/repos/o/r/issues";
    const links: Record<number, string[]> = {
      1: [
        `<http://${request.headers.host}${path}?per_page=2&page=2>; rel="next", <http://${request.headers.host}${path}?per_page=2&page=3>; rel="last"`,
      ],
      2: [`<${path}?per_page=2&page=1>; rel="prev"`, `<?per_page=2&page=3>; rel="next"`],
      3: [`<${path}?per_page=2&page=2>; rel="prev", <${path}?per_page=2&page=1>; rel="first"`],
    };
    response.setHeader("content-type", "application/json");
    response.setHeader("link", links[page]!);
    response.end(JSON.stringify([page * 2 - 1, page * 2]));
  });
  return { ...(await listening(server)), arrivals };
}

describe("each real client pages through a list on 127.0.0.1 with followLink, in a fresh process", () => {
  test.each(["fetch", "undici", "axios", "got", "ky", "node:http"])(
    "%s",
    async (client) => {
      const server = await startPagedServer();
      let run: { stdout: string; stderr: string };
      try {
        // Asynchronous, so that this process's event loop keeps serving the requests.
        run = await promisify(execFile)(process.execPath, [join(__dirname, "paginate.mjs"), client, server.url], { timeout: 100_000 });
      } finally {
        await server.close();
      }
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout)).toEqual([1, 2, 3, 4, 5, 6]);
      // Every page was asked for with the first request's header fields: credentials, media type, API version.
      const expected = headers({
        accept: "application/vnd.github.v3.raw",
        authorization: "token ghp_0123456789",
        "x-github-api-version": "2022-11-28",
      });
      expect(
        server.arrivals.map(({ target, headers: received }) => ({
          target,
          headers: Object.fromEntries(Object.keys(expected).map((name) => [name, received[name]])),
        })),
      ).toEqual(
        ["/repos/o/r/issues?per_page=2", "/repos/o/r/issues?per_page=2&page=2", "/repos/o/r/issues?per_page=2&page=3"].map((target) => ({
          target,
          headers: expected,
        })),
      );
    },
    120_000,
  );
});
