import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { getUserAgent } from "universal-user-agent";
import { endpoint } from "../lib/index.js";

const root = join(__dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** Each fenced block of the README with its language, in order. */
const blocks = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, lang, code]) => ({ lang, code: code! }));

/** The JSON block that follows the block holding `code`. */
function outputAfter(code: string): unknown {
  const index = blocks.findLastIndex((block) => block.code.includes(code));
  expect(index).toBeGreaterThanOrEqual(0);
  const next = blocks[index + 1]!;
  expect(next.lang).toBe("json");
  return JSON.parse(next.code);
}

/** The README shows the user-agent of Node.js 20.20.2 on Linux x64; use this machine's. */
function asShown(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(getUserAgent(), "Node.js/20.20.2 (linux; x64)"));
}

/**
 * Runs a README JavaScript block: import lines dropped, the last top-level statement returned.
 * The blocks use only `endpoint`, which is passed in.
 */
function runBlock(code: string): unknown {
  const lines = code
    .trimEnd()
    .split("\n")
    .filter((line) => !line.startsWith("import "));
  const last = lines.findLastIndex((line) => /^[$A-Z_]/i.test(line));
  lines[last] = `return ${lines[last]!}`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the README's own code is the point
  return (new Function("endpoint", lines.join("\n")) as (e: typeof endpoint) => unknown)(endpoint);
}

describe("README examples give the output shown", () => {
  const examples = blocks.flatMap((block, index) =>
    block.lang === "js" && blocks[index + 1]?.lang === "json" ? [[block.code, blocks[index + 1]!.code]] : [],
  );

  test("there are examples with output", () => {
    expect(examples).toHaveLength(3);
  });

  test.each(examples)("%s", (code, output) => {
    expect(asShown(runBlock(code))).toEqual(JSON.parse(output));
  });

  test("the CLI example prints the JSON shown", () => {
    const args = ["GET /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "state=open"];
    const printed = execFileSync(process.execPath, [join(root, "dist", "cli.js"), ...args], { encoding: "utf8" });
    expect(asShown(JSON.parse(printed))).toEqual(
      outputAfter(`npx rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open`),
    );
  });

  test("the quick start is exactly the two commands", () => {
    const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Usage"));
    expect(quickStart).toContain(
      '```sh\nnpm ci && npx rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open\nnpm test\n```',
    );
  });

  test("the error example throws the code shown", () => {
    expect(() => endpoint("GET /repos/{owner}/{repo}", { repo: "rest.js" })).toThrow(
      expect.objectContaining({ name: "EndpointError", code: "MISSING_PARAMETER" }),
    );
    expect(readme).toContain("EndpointError [MISSING_PARAMETER]: the url needs the parameter `owner` for a whole path segment");
  });
});

describe("README: handing the result to fetch", () => {
  test("the fetch recipe sends the method, headers and JSON body that arrive at a real server", async () => {
    expect(readme).toContain(
      'await fetch(url, { method: method.toUpperCase(), headers, body: typeof body === "object" ? JSON.stringify(body) : body });',
    );
    const arrived: { method: string | undefined; url: string | undefined; contentType: string | undefined; body: string }[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        arrived.push({ method: request.method, url: request.url, contentType: request.headers["content-type"], body });
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { method, url, headers, body } = endpoint("POST /markdown", { text: "Hello **world**", baseUrl: `http://127.0.0.1:${port}` });
      const response = await fetch(url, {
        method: method.toUpperCase(),
        headers,
        body: typeof body === "object" ? JSON.stringify(body) : (body as string),
      });
      expect(await response.text()).toBe("ok");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(arrived).toEqual([
      { method: "POST", url: "/markdown", contentType: "application/json; charset=utf-8", body: '{"text":"Hello **world**"}' },
    ]);
  });
});
