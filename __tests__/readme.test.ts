import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { runInThisContext } from "node:vm";
import { getUserAgent } from "universal-user-agent";
import { toFetch } from "../lib/clients/index.js";
import { endpoint } from "../lib/index.js";
import { examplesWithOutput, fencedBlocks, runBlock, titleOf, typeCheckBlock } from "./helpers/examples.js";
import { listening, startRecordingServer } from "./helpers/recording-server.js";
import ts from "typescript";

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

describe("README: the typed wrapper reads each answer as its media type says", () => {
  // The README's `bodyOf`, as written, compiled to JavaScript and run on the answers of a real
  // server: a JSON body, a diff (GitHub's `application/vnd.github.diff`), text, bytes, a 204 and a 304.
  const start = readme.indexOf("async function bodyOf");
  const source = readme.slice(start, readme.indexOf("\n}\n", start) + 2);
  const compiled = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  const bodyOf = runInThisContext(`(${compiled.trim().replace(/;$/, "")})`) as (response: Response) => Promise<unknown>;
  const answers: Record<string, [number, string | undefined, string]> = {
    "/json": [200, "application/json; charset=utf-8", '{"title":"Found a bug"}'],
    "/diff": [200, "application/vnd.github.diff; charset=utf-8", "diff --git a/README.md b/README.md\n"],
    "/text": [200, "text/plain", "ok"],
    "/raw": [200, "application/vnd.github.v3.raw; charset=utf-8", "# README\n"],
    "/raw-json": [200, "application/vnd.github.raw+json; charset=utf-8", '{"content":"IyBSRUFETUU="}'],
    "/object": [200, "application/vnd.github.v3.object; charset=utf-8", '{"type":"dir","entries":[]}'],
    "/bytes": [200, "application/octet-stream", "PK"],
    "/none": [204, undefined, ""],
    "/same": [304, "application/json; charset=utf-8", ""],
  };

  test("JSON as parsed, text as a string, bytes as a Uint8Array, no content as undefined", async () => {
    expect(source).toContain("async function bodyOf(response: Response): Promise<unknown>");
    const server = await listening(
      createServer((request, response) => {
        const [status, type, body] = answers[request.url ?? ""]!;
        if (type !== undefined) response.setHeader("content-type", type);
        response.writeHead(status).end(body);
      }),
    );
    try {
      const read: Record<string, unknown> = {};
      for (const path of Object.keys(answers)) read[path] = await bodyOf(await fetch(server.url + path));
      expect(read).toEqual({
        "/json": { title: "Found a bug" },
        "/diff": "diff --git a/README.md b/README.md\n",
        "/text": "ok",
        "/raw": "# README\n",
        "/raw-json": { content: "IyBSRUFETUU=" },
        "/object": { type: "dir", entries: [] },
        "/bytes": new Uint8Array([80, 75]),
        "/none": undefined,
        "/same": undefined,
      });
    } finally {
      await server.close();
    }
  });
});

describe("README: typed by the route", () => {
  const typed = blocks.filter(({ lang }) => lang === "ts");

  test("has the template-typed example and the route-map example", () => {
    expect(typed.map(({ code }) => code.includes("rest-endpoint/routes/api.github.com"))).toEqual([true, false]);
  });

  // README: "a route of a page not imported is a type error where its response is read (…); the call itself compiles".
  test("the wrapper's call of a route whose page is not imported compiles; reading its response is the refusal", async () => {
    const wrapper = typed.find(({ code }) => code.includes("rest-endpoint/routes/api.github.com"))!.code;
    const lines = [
      'const user = await request("GET /user", {});',
      "// @ts-expect-error the Refusal of a page not imported (users/users), which has no status",
      "void user.status;",
    ];
    await expect(typeCheckBlock(`${wrapper}\n${lines.join("\n")}\n`)).resolves.toBe("");
    // The same read with the page imported is no error, so the one above is the refusal's.
    const imported = wrapper.replace(
      'import "rest-endpoint/routes/api.github.com.responses/issues/issues";',
      'import "rest-endpoint/routes/api.github.com.responses/issues/issues";\nimport "rest-endpoint/routes/api.github.com.responses/users/users";',
    );
    expect(imported).not.toBe(wrapper);
    await expect(typeCheckBlock(`${imported}\n${lines.filter((line) => !line.startsWith("//")).join("\n")}\n`)).resolves.toBe("");
  }, 300_000);

  test.each(typed.map(({ code }, index) => [index, code]))(
    "typed example %i type-checks, its @ts-expect-error lines being errors",
    async (_index, code) => {
      expect(code).toContain("// @ts-expect-error");
      await expect(typeCheckBlock(code)).resolves.toBe("");
    },
    300_000,
  );
});
