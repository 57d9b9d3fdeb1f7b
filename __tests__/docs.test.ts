import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { openAsBlob } from "node:fs";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { marked, type Tokens } from "marked";
import ts from "typescript";
import { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici } from "../lib/clients/index.js";
import { endpoint, type RequestOptions } from "../lib/index.js";
import { codeOf } from "./helpers/errors.js";
import { examplesWithOutput, fencedBlocks, runBlock, titleOf, typeCheckBlock } from "./helpers/examples.js";
import { startRecordingServer } from "./helpers/recording-server.js";

const root = join(__dirname, "..");
const read = (file: string): string => readFileSync(join(root, file), "utf8");

describe("docs", () => {
  test("docs/errors.md documents exactly the codes of EndpointErrorCode", () => {
    const union = read("lib/core/errors.ts").slice(read("lib/core/errors.ts").indexOf("export type EndpointErrorCode"));
    const declared = [...union.slice(0, union.indexOf(";")).matchAll(/"([A-Z_]+)"/g)].map(([, code]) => code).sort();
    const documented = [...read("docs/errors.md").matchAll(/^### `([A-Z_]+)`$/gm)].map(([, code]) => code).sort();
    expect(documented).toEqual(declared);
    expect(declared.length).toBeGreaterThan(10);
  });

  // That each documented code is thrown, with its argument, by a call: __tests__/core/error-codes.test.ts.

  test("docs/index.md's stage table names exactly the files of lib/ and its folders", () => {
    const table = [...read("docs/index.md").matchAll(/^\|[^|\n]+\|\s*`([\w/-]+\.ts)`\s*\|$/gm)].map(([, file]) => file!);
    const files = readdirSync(join(root, "lib"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
    expect(table.sort()).toEqual(files.sort());
  });

  test("every test file the README names as a guarantee's proof exists", () => {
    const section = read("README.md").slice(read("README.md").indexOf("## Errors and guarantees"));
    const named = [...section.slice(0, section.indexOf("\n## ", 5)).matchAll(/`([\w-]+\.test\.ts)`/g)].map(([, file]) => file!);
    expect(named.length).toBeGreaterThan(5);
    const tests = readdirSync(join(root, "__tests__"), { recursive: true, encoding: "utf8" }).map((file) => file.split(/[\\/]/).pop());
    for (const file of named) expect(tests).toContain(file);
  });

  // docs/any-api.md's example imports a generated map: generate.test.ts checks it against one.
  const typed = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md") && name !== "any-api.md")
    .flatMap((name) => fencedBlocks(read(`docs/${name}`)).flatMap(({ lang, code }) => (lang === "ts" ? [[name, code] as const] : [])));

  test("has TypeScript examples in errors.md, usage.md and github-enterprise.md", () => {
    expect([...new Set(typed.map(([name]) => name))].sort()).toEqual(["errors.md", "github-enterprise.md", "usage.md"]);
  });

  test.each(typed)(
    "the TypeScript example of %s type-checks, its @ts-expect-error lines being errors",
    async (_name, code) => {
      await expect(typeCheckBlock(code)).resolves.toBe("");
    },
    300_000,
  );

  // A project with lib DOM and @types/node (both declare fetch): docs/usage.md's "Pagination"
  // examples (a Link header, typed responses, typed responses in a helper generic over the route, a route map with axios, a link marking the end, a cursor in the body), where `response` used in its own loop's condition was implicitly any (TS7022).
  const usage = read("docs/usage.md");
  const pagination = usage.slice(usage.indexOf("\n## Pagination"), usage.indexOf("\n## ", usage.indexOf("\n## Pagination") + 1));
  const paging = fencedBlocks(pagination).filter(({ lang }) => lang === "ts");

  test("usage.md's Pagination section has its six TypeScript examples", () => {
    expect(paging.map(({ code }) => /fetch\(|axios\.|send\(/.exec(code)?.[0])).toEqual([
      "fetch(",
      "send(",
      "send(",
      "axios.",
      "fetch(",
      "fetch(",
    ]);
  });

  test.each(paging.map(({ code }, index) => [index, code] as const))(
    "usage.md's Pagination example %i type-checks with lib DOM and @types/node",
    async (_index, code) => {
      await expect(typeCheckBlock(code, ["node"])).resolves.toBe("");
    },
    60_000,
  );

  test("README and docs link to pages that exist", () => {
    for (const file of ["README.md", "docs/index.md"]) {
      for (const [, target] of read(file).matchAll(/\]\(((?:docs\/)?(?:api\/)?[\w-]+\.md)\)/g)) {
        const path = file.startsWith("docs/") && !target!.startsWith("docs/") ? `docs/${target!}` : target!;
        expect(() => read(path)).not.toThrow();
      }
    }
  });
});

describe("the Markdown renders: every heading is one, every anchor linked exists", () => {
  const pages = [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((file) => file.endsWith(".md"))
      .map((file) => `docs/${file}`),
  ];
  /** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen, a repeat numbered. */
  const anchorsOf = (file: string): Set<string> => {
    const seen = new Map<string, number>();
    const anchors = new Set<string>();
    for (const token of marked.lexer(read(file)))
      if (token.type === "heading") {
        const base = token.text
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s_-]/gu, "")
          .trim()
          .replace(/\s/g, "-");
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        anchors.add(count === 0 ? base : `${base}-${count}`);
      }
    return anchors;
  };

  test.each(pages)("%s: no heading is swallowed by a code block (a fence out of place)", (file) => {
    const swallowed = marked
      .lexer(read(file))
      .flatMap((token) => (token.type === "code" ? [(token as Tokens.Code).text] : []))
      .flatMap((text) => text.split("\n").filter((line) => /^#{1,6} \S/.test(line) && !/^# [a-z]/.test(line)));
    expect(swallowed).toEqual([]);
  });

  test.each(pages)("%s: each link to an anchor, on this page or another, finds its heading", (file) => {
    const broken: string[] = [];
    for (const [, page, anchor] of read(file).matchAll(/\]\(((?:[\w./-]+\.md)?)#([\w-]+)\)/g)) {
      const target = page === "" ? file : join(dirname(file), page!);
      if (!anchorsOf(target).has(anchor!)) broken.push(`${page!}#${anchor!}`);
    }
    expect(broken).toEqual([]);
  });

  test("docs/performance.md has its eight headings, the title and seven sections", () => {
    expect(marked.lexer(read("docs/performance.md")).filter((token) => token.type === "heading")).toHaveLength(8);
  });
});

describe("docs/github-enterprise.md", () => {
  const page = read("docs/github-enterprise.md");
  const examples = examplesWithOutput(page);

  test("has its examples", () => {
    expect(examples).toHaveLength(4);
  });

  test.each(examples.map(([code, output]) => [titleOf(code), code, output] as const))("%s", (_title, code, output) => {
    expect(runBlock(code)).toEqual(JSON.parse(output));
  });

  test("the --routes example prints what is shown", async () => {
    const blocks = fencedBlocks(page);
    const index = blocks.findIndex(({ lang, code }) => lang === "sh" && code.includes("--routes"));
    const args = [...blocks[index]!.code.matchAll(/"[^"]*"|\S+/g)].map(([word]) => word.replace(/^"|"$/g, "")).slice(2);
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, "dist", "cli.js"), ...args]);
    expect([blocks[index + 1]!.lang, stdout]).toEqual(["text", blocks[index + 1]!.code]);
  });

  test("the CLI example prints the url shown", async () => {
    const [command] = fencedBlocks(page).filter(({ lang }) => lang === "sh");
    const args = [...command!.code.matchAll(/"[^"]*"|\S+/g)].map(([word]) => word.replace(/^"|"$/g, "")).slice(2);
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, "dist", "cli.js"), ...args]);
    const url = (JSON.parse(stdout) as { url: string }).url;
    expect(page).toContain(`whose \`url\` is \`${url}\``);
    expect(url).toBe("https://ghe.example/api/v3/repos/octokit/rest.js/branches/release/1.x");
  });
});

describe("docs/authentication.md", () => {
  const page = read("docs/authentication.md");
  // The example through a generated map (its imports) runs in security.slow.test.ts, with Zapier's map.
  const examples = examplesWithOutput(page).filter(([code]) => !code.includes("./nla.js"));

  test("has its GitHub examples, and the README links it", () => {
    expect(examples).toHaveLength(5);
    expect(read("README.md")).toContain("(docs/authentication.md)");
  });

  test.each(examples.map(([code, output]) => [titleOf(code), code, output] as const))("%s", (_title, code, output) => {
    expect(runBlock(code)).toEqual(JSON.parse(output));
  });
});

describe("docs/clients.md", () => {
  const recipes = [...read("docs/clients.md").matchAll(/^## (.+)\n[\s\S]*?^```js\n([\s\S]*?)^```$/gm)].map(
    ([, title, code]) => [title!, code!] as const,
  );

  test("has a recipe for fetch, undici, axios, got, ky and node:http", () => {
    expect(recipes.map(([title]) => title)).toEqual(["fetch (and `Request`)", "undici", "axios", "got", "ky", "node:http and node:https"]);
  });

  test.each(recipes)("the %s recipe sends the request options as they are", async (_title, code) => {
    const server = await startRecordingServer();
    const file = join(root, ".tmp", `recipe-${process.pid}-${Math.random().toString(36).slice(2)}.mjs`);
    try {
      const options = endpoint("POST /repos/{owner}/{repo}/issues", { baseUrl: server.url, owner: "o", repo: "r", title: "Bug" });
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `const options = ${JSON.stringify(options)};\n${code}`);
      await promisify(execFile)(process.execPath, [file], { timeout: 120_000 });
    } finally {
      await server.close();
      rmSync(file, { force: true });
    }
    expect(server.arrivals.map(({ method, target, body, headers }) => ({ method, target, body, type: headers["content-type"] }))).toEqual([
      {
        method: "POST",
        target: "/repos/o/r/issues",
        body: Buffer.from('{"title":"Bug"}').toString("hex"),
        type: "application/json; charset=utf-8",
      },
    ]);
  });
});

describe("docs/clients.md's recipes, typed", () => {
  // Each converter's result spread into its client as the recipe does must be assignable to the
  // client's own declared options (installed: undici 7, axios 1, got 14, ky 1): undici declares its
  // body `string | Buffer | Uint8Array | Readable | null | FormData`, got its method a union of eight
  // and no `Blob` body, ky (fetch's `RequestInit`) `Uint8Array<ArrayBuffer>` under lib DOM.
  const recipes = [...read("docs/clients.md").matchAll(/^## .+\n[\s\S]*?^```js\n([\s\S]*?)^```$/gm)].map(([, code]) => code!);

  test("type-check against the installed clients, each a module of one project, with lib DOM and @types/node", async () => {
    expect(recipes).toHaveLength(6);
    const modules = recipes.map(
      (recipe) => `import type { RequestOptions } from "rest-endpoint";\ndeclare const options: RequestOptions;\n${recipe}export {};\n`,
    );
    await expect(typeCheckBlock(modules, ["node"])).resolves.toBe("");
  }, 60_000);
});

describe("docs/clients.md's node:http and node:https recipe", () => {
  test("speaks TLS to an https URL: the server's first bytes are a TLS handshake record", async () => {
    const code = [...read("docs/clients.md").matchAll(/^## node:http and node:https\n[\s\S]*?^```js\n([\s\S]*?)^```$/gm)][0]![1]!;
    const received: Buffer[] = [];
    const server = createNetServer((socket) => {
      socket.once("data", (chunk: Buffer) => {
        received.push(chunk);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const file = join(root, ".tmp", `recipe-https-${process.pid}.mjs`);
    try {
      const options = endpoint("GET /user", { baseUrl: `https://127.0.0.1:${port}` });
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `const options = ${JSON.stringify(options)};\n${code}`);
      // The handshake cannot complete (the server is not TLS): the recipe's promise rejects.
      await expect(promisify(execFile)(process.execPath, [file], { timeout: 30_000 })).rejects.toThrow();
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(file, { force: true });
    }
    // 0x16: a TLS handshake record (RFC 8446 section 5.1), the ClientHello; plain HTTP would begin "GET ".
    expect(received[0]![0]).toBe(0x16);
  });
});

describe("docs/errors.md's rules at the edges", () => {
  const section = read("docs/errors.md").slice(read("docs/errors.md").indexOf("## Rules at the edges"));
  const rows = [...section.slice(0, section.indexOf("\n## ", 5)).matchAll(/^\| `(.+)` +\| `(.+)` +\|$/gm)].map(
    ([, code, outcome]) => [code!, outcome!] as const,
  );

  test("has its rows", () => {
    expect(rows).toHaveLength(10);
  });

  test.each(rows.map(([code, outcome]) => [titleOf(code), outcome, code] as const))("%s: %s", (_title, outcome, code) => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the documentation's own code is the point
    const call = new Function("endpoint", `return (${code});`) as (e: typeof endpoint) => unknown;
    if (/^[A-Z_]+$/.test(outcome)) expect(codeOf(() => call(endpoint))).toBe(outcome);
    else expect(call(endpoint)).toEqual(JSON.parse(outcome));
  });
});

describe("docs/clients.md's framing table", () => {
  const section = read("docs/clients.md").slice(read("docs/clients.md").indexOf("## Framing"));
  const rows = [...section.matchAll(/^\| `(.+)` +\| (sent, `content-length: 3`|`[A-Z_]+`) +\|$/gm)].map(
    ([, code, outcome]) => [code!, outcome!] as const,
  );
  const converters = { toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp };
  let fileBlob: Blob;
  beforeAll(async () => {
    const file = join(root, ".tmp", `blob-${process.pid}.txt`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "abc");
    fileBlob = await openAsBlob(file);
  });
  afterAll(() => {
    rmSync(join(root, ".tmp", `blob-${process.pid}.txt`), { force: true });
  });

  test("has its rows", () => {
    expect(rows).toHaveLength(11);
  });

  test.each(rows.map(([code, outcome]) => [titleOf(code), outcome, code] as const))("%s: %s", (_title, outcome, code) => {
    const helpers = {
      stream: () => Readable.from(["abc"]),
      iterable: () => Readable.from([new TextEncoder().encode("abc")])[Symbol.asyncIterator](),
      form: () => new FormData(),
    };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the documentation's own code is the point
    const make = new Function("endpoint", "stream", "iterable", "form", "fileBlob", `return (${code});`) as (
      ...args: unknown[]
    ) => RequestOptions;
    const options = make(endpoint, helpers.stream, helpers.iterable, helpers.form, fileBlob);
    const withoutFraming = {
      ...options,
      headers: Object.fromEntries(
        Object.entries(options.headers).filter(([name]) => !/^(?:content-length|transfer-encoding)$/i.test(name)),
      ),
    };
    for (const [name, convert] of Object.entries(converters)) {
      // A client that cannot send the body's kind at all refuses it first.
      let unsendable = false;
      try {
        convert(withoutFraming);
      } catch (error) {
        unsendable = (error as { code?: string }).code === "INVALID_OPTIONS" && outcome !== "`INVALID_OPTIONS`";
      }
      if (unsendable) {
        expect([name, codeOf(() => convert(options))]).toEqual([name, "INVALID_OPTIONS"]);
      } else if (outcome.startsWith("sent")) {
        const result = convert(options);
        const sent = (Array.isArray(result) ? result[1] : result) as { headers: Record<string, unknown> };
        // toFetch and toKy leave it to fetch, which counts the same 3 bytes (clients.test.ts sends it).
        expect([name, sent.headers["content-length"]]).toEqual([name, name === "toFetch" || name === "toKy" ? undefined : "3"]);
      } else {
        expect([name, codeOf(() => convert(options))]).toEqual([name, outcome.slice(1, -1)]);
      }
    }
  });
});

describe("docs/api", () => {
  jest.setTimeout(300_000);
  const entries = { "rest-endpoint": "lib/index.ts", clients: "lib/clients/index.ts", queries: "lib/openapi/queries.ts" };
  /** Text as Markdown shows it, for comparing: backticks, emphasis and links reduced to their words, white space to one space. */
  const plain = (text: string): string =>
    text
      .replace(/\{@link ([^}|]+)(?:\|[^}]*)?\}/g, "$1")
      .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
      .replace(/[`*_\\]/g, "")
      .replace(/\s+/g, " ")
      .trim();

  test("TypeDoc generates it from the current TSDoc without a warning, the same pages as committed", async () => {
    const out = join(root, ".tmp", `api-${process.pid}`);
    try {
      // treatWarningsAsErrors (typedoc.json): an undocumented export or a broken link fails the run.
      await promisify(execFile)(process.execPath, [join(root, "node_modules", "typedoc", "bin", "typedoc"), "--out", out], { cwd: root });
      const files = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
      expect(files(out)).toEqual(files(join(root, "docs", "api")));
      // Each page as committed, word for word: a TSDoc change without `npm run docs:api` is stale docs.
      const stale = files(out).filter(
        (file) => file.endsWith(".md") && readFileSync(join(out, file), "utf8") !== readFileSync(join(root, "docs", "api", file), "utf8"),
      );
      expect(stale).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test.each(Object.entries(entries))(
    "each export of %s has its page, with its summary and its example as the source writes them",
    (entry, source) => {
      const program = ts.createProgram([join(root, source)], {
        strict: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
      });
      const checker = program.getTypeChecker();
      const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(join(root, source))!)!);
      const pages = readdirSync(join(root, "docs", "api", entry), { recursive: true, encoding: "utf8" });
      let checked = 0;
      for (const exported of exports) {
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        const summary = plain(ts.displayPartsToString(symbol.getDocumentationComment(checker))).split(/(?<=[.:])\s/)[0]!;
        const page = pages.find((file) => file.endsWith(`/${exported.name}.md`));
        expect([exported.name, page === undefined]).toEqual([exported.name, false]);
        const text = plain(read(join("docs", "api", entry, page!)));
        expect([exported.name, text.includes(summary)]).toEqual([exported.name, true]);
        const example = symbol.getJsDocTags(checker).find(({ name }) => name === "example");
        const firstLine =
          example === undefined
            ? undefined
            : ts
                .displayPartsToString(example.text)
                .split("\n")
                .find((line) => line.trim() !== "" && !line.startsWith("```"));
        if (firstLine !== undefined) expect([exported.name, text.includes(plain(firstLine))]).toEqual([exported.name, true]);
        checked++;
      }
      expect(checked).toBeGreaterThan(entry === "rest-endpoint" ? 10 : 1);
    },
  );
});
