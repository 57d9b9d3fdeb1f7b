import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getUserAgent } from "universal-user-agent";
import { toFetch } from "../lib/clients/index.js";
import { endpoint } from "../lib/index.js";
import { examplesWithOutput, fencedBlocks, runBlock, titleOf, typeCheckBlock } from "./helpers/examples.js";
import { startRecordingServer } from "./helpers/recording-server.js";

const root = join(__dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** Each fenced block of the README with its language, in order. */
const blocks = fencedBlocks(readme);

/** The JSON block that follows the block holding `code`. */
function outputAfter(code: string): unknown {
  const index = blocks.findIndex((block) => block.code.includes(code));
  expect(index).toBeGreaterThanOrEqual(0);
  const next = blocks[index + 1]!;
  expect(next.lang).toBe("json");
  return JSON.parse(next.code);
}

/** The README shows the user-agent of Node.js 20.20.2 on Linux x64; use this machine's. */
function asShown(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(getUserAgent(), "Node.js/20.20.2 (linux; x64)"));
}

describe("README: the first screen is for users", () => {
  test("it says how to install, shows a call with its output and how to send it, before any contributor command", () => {
    const firstScreen = readme.slice(0, readme.indexOf("## Usage"));
    expect(firstScreen).toContain("```sh\nnpm install rest-endpoint\n```");
    expect(firstScreen).toContain("fetch(...toFetch(endpoint(");
    expect(firstScreen).toContain('import type { Routes } from "rest-endpoint/routes/api.github.com.responses/base";');
    expect(firstScreen).not.toContain("npm ci");
    expect(readme.indexOf("npm ci")).toBeGreaterThan(readme.indexOf("## Contributing: quick start"));
  });
});

describe("README examples give the output shown", () => {
  const examples = examplesWithOutput(readme);

  test("there are examples with output", () => {
    expect(examples).toHaveLength(3);
  });

  test.each(examples.map(([code, output]) => [titleOf(code), code, output] as const))("%s", (_title, code, output) => {
    expect(asShown(runBlock(code))).toEqual(JSON.parse(output));
  });

  test("the CLI example prints the JSON shown", () => {
    const args = ["GET /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "state=open"];
    const printed = execFileSync(process.execPath, [join(root, "dist", "cli.js"), ...args], { encoding: "utf8" });
    expect(asShown(JSON.parse(printed))).toEqual(
      outputAfter(`npx rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open`),
    );
  });

  test("the number of mutants it names is scripts/mutants.json's", () => {
    const mutants = JSON.parse(readFileSync(join(root, "scripts", "mutants.json"), "utf8")) as unknown[];
    expect(/It holds (\d+) mutants/.exec(readme)?.[1]).toBe(String(mutants.length));
  });

  test("the quick start is exactly the two commands", () => {
    const quickStart = readme.slice(readme.indexOf("## Contributing: quick start"), readme.indexOf("## Licence"));
    expect(quickStart).toContain(
      '```sh\nnpm ci && npm run build && npx rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open\nnpm test\n```',
    );
  });

  test("the error example throws the code shown", () => {
    let message = "";
    try {
      // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
      endpoint("GET /repos/{owner}/{repo}", { repo: "rest.js" });
    } catch (error) {
      expect(error).toMatchObject({ name: "EndpointError", code: "MISSING_PARAMETER" });
      message = (error as Error).message;
    }
    expect(readme).toContain(`// EndpointError: ${message}\n`);
  });
});

describe("README: handing the result to fetch", () => {
  test("the fetch recipe sends the method, headers and JSON body that arrive at a real server", async () => {
    expect(readme).toContain('const response = await fetch(...toFetch(endpoint("POST /markdown", { text: "Hello **world**" })));');
    const server = await startRecordingServer();
    try {
      const response = await fetch(...toFetch(endpoint("POST /markdown", { text: "Hello **world**", baseUrl: server.url })));
      expect(await response.text()).toBe('{"ok":true}');
    } finally {
      await server.close();
    }
    expect(server.arrivals.map(({ method, target, headers, body }) => ({ method, target, type: headers["content-type"], body }))).toEqual([
      {
        method: "POST",
        target: "/markdown",
        type: "application/json; charset=utf-8",
        body: Buffer.from('{"text":"Hello **world**"}').toString("hex"),
      },
    ]);
  });
});

describe("README: typed by the route", () => {
  const typed = blocks.filter(({ lang }) => lang === "ts");

  test("has the template-typed example and the route-map example", () => {
    expect(typed.map(({ code }) => code.includes("rest-endpoint/routes/api.github.com"))).toEqual([true, false]);
  });

  test.each(typed.map(({ code }, index) => [index, code]))(
    "typed example %i type-checks, its @ts-expect-error lines being errors",
    async (_index, code) => {
      expect(code).toContain("// @ts-expect-error");
      await expect(typeCheckBlock(code)).resolves.toBe("");
    },
    300_000,
  );
});
