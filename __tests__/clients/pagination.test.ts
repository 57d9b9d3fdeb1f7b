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

/**
 * A list of five events in three pages on 127.0.0.1, paged as Sentry pages
 * (https://docs.sentry.io/api/pagination/): every page links to a `previous` and a `next` one, each
 * with `results` and `cursor` parameters, and the last page's `next` says `results="false"`.
 */
async function startMarkedServer(): Promise<{ url: string; arrivals: string[]; close: () => Promise<void> }> {
  const arrivals: string[] = [];
  const server = createServer((request, response) => {
    arrivals.push(request.url ?? "");
    const cursor = new URL(request.url ?? "", "http://x").searchParams.get("cursor") ?? "0:0:0";
    const offset = Number(cursor.split(":")[1]);
    const events = [1, 2, 3, 4, 5].slice(offset, offset + 2);
    const link = (rel: string, at: number, results: boolean): string =>
      `<http://${request.headers.host}/repos/o/r/issues?per_page=2&cursor=0:${at}:${rel == "previous" ? 1 : 0}>; rel="${rel}"; results="${results}"; cursor="0:${at}:${rel == "previous" ? 1 : 0}"`;
    response.setHeader("content-type", "application/json");
    response.setHeader("link", `${link("previous", Math.max(offset - 2, 0), offset > 0)}, ${link("next", offset + 2, offset + 2 < 5)}`);
    response.end(JSON.stringify(events));
  });
  return { ...(await listening(server)), arrivals };
}

describe('each real client pages to the end of an API that always links to a next page and marks the last with results="false"', () => {
  test.each(["fetch", "undici", "axios", "got", "ky", "node:http"])(
    "%s",
    async (client) => {
      const server = await startMarkedServer();
      let run: { stdout: string; stderr: string };
      try {
        run = await promisify(execFile)(process.execPath, [join(__dirname, "paginate.mjs"), client, server.url, "results"], {
          timeout: 100_000,
        });
      } finally {
        await server.close();
      }
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout)).toEqual([1, 2, 3, 4, 5]);
      expect(server.arrivals).toEqual([
        "/repos/o/r/issues?per_page=2",
        "/repos/o/r/issues?per_page=2&cursor=0:2:0",
        "/repos/o/r/issues?per_page=2&cursor=0:4:0",
      ]);
    },
    120_000,
  );
});
