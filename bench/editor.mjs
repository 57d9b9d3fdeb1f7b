// npm run bench:editor: what an editor waits for. Completion on `data[0].` of a call's response, right
// after an edit of the same file, through TypeScript 5.9's language service (the engine tsserver
// runs for editors), in two programs with the same 20 calls and the same probe:
// - the README's wrapper ("Typed by GitHub's description"), taken from README.md as written, over
//   the map with responses it imports, and
// - @octokit/types' `RequestInterface` (octokit's per-route request and response types).
// Each round edits the probe's `owner` (same length, so the position holds), then asks for the
// completions at `data[0].`; the two programs take turns, round by round, in one process. Building
// and checking each program first is the warm-up, printed apart. TypeScript 7 has no
// language service API in JavaScript (its editor server speaks LSP): not measured here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const root = process.cwd();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const calls = JSON.parse(readFileSync(join(root, "__tests__", "fixtures", "github-rest-calls.json"), "utf8"))
  .filter((call) => call.method === "GET" && call.server === undefined && Object.keys(call.pathParams).length > 0)
  .slice(0, 20);

/** The README's wrapper: its first TypeScript block up to the end of `function request`, imports pointed at dist/. */
function readmeWrapper() {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]).find((code) => code.includes("function request<"));
  if (block === undefined) throw new Error("README.md: no TypeScript block defines `function request<`");
  const end = block.indexOf("\n}\n", block.indexOf("function request<")) + 3;
  const dist = (path) => JSON.stringify(join(root, "dist", `${path}.js`));
  return block.slice(0, end).replace(/"rest-endpoint(?:\/([^"]+))?"/g, (_, path) => dist(path === undefined ? "index" : path));
}

const probeRoute = "GET /repos/{owner}/{repo}/issues";
const callLines = (fn) =>
  calls.map(
    (call, n) => `const r${n} = await ${fn}(${JSON.stringify(`GET ${call.path}`)}, ${JSON.stringify(call.pathParams)});\nvoid r${n};`,
  );
const programs = {
  "README's wrapper": [
    readmeWrapper(),
    ...callLines("request"),
    `const probe = await request(${JSON.stringify(probeRoute)}, { owner: "o0", repo: "r" });`,
    "if (probe.status === 200) probe.data[0]!.",
  ].join("\n"),
  "@octokit/types": [
    'import type { RequestInterface } from "@octokit/types";',
    "declare const request: RequestInterface;",
    ...callLines("request"),
    `const probe = await request(${JSON.stringify(probeRoute)}, { owner: "o0", repo: "r" });`,
    "probe.data[0]!.",
  ].join("\n"),
};

/** A language service over one in-memory file (in the repository, so that node_modules resolves), edited by `edit`. */
function service(name, text) {
  const file = join(root, ".tmp", "bench-editor", `${name.replace(/\W+/g, "-")}.ts`);
  let version = 0;
  const options = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    skipLibCheck: true,
  };
  const host = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [file],
    getScriptVersion: (path) => (path === file ? String(version) : "0"),
    getScriptSnapshot: (path) =>
      path === file
        ? ts.ScriptSnapshot.fromString(text)
        : ts.sys.fileExists(path)
          ? ts.ScriptSnapshot.fromString(ts.sys.readFile(path))
          : undefined,
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: (path) => path === file || ts.sys.fileExists(path),
    readFile: (path) => (path === file ? text : ts.sys.readFile(path)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const languageService = ts.createLanguageService(host, ts.createDocumentRegistry());
  const position = () => text.length;
  return {
    /** Edits the probe's owner (`o0` ↔ `o1`), then times completion at the end of the file; returns ms and the entries' names. */
    complete() {
      text = text.replace(/owner: "o(\d)"/, (_, digit) => `owner: "o${1 - Number(digit)}"`);
      version += 1;
      const start = performance.now();
      const completions = languageService.getCompletionsAtPosition(file, position(), {});
      const ms = performance.now() - start;
      return { ms, names: new Set(completions?.entries.map((entry) => entry.name) ?? []) };
    },
    errors: () => languageService.getSemanticDiagnostics(file).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
  };
}

const services = Object.fromEntries(Object.entries(programs).map(([name, text]) => [name, service(name, text)]));
const warm = {};
for (const [name, it] of Object.entries(services)) {
  // Both programs type-check (the probe left open at `data[0].` is a syntax error only): else the
  // timing would be of an error path. Building and checking the program is the warm-up.
  const start = performance.now();
  const errors = it.errors();
  warm[name] = performance.now() - start;
  if (errors.length > 0) throw new Error(`${name}: ${errors.join("; ")}`);
  const { names } = it.complete();
  // Completion must offer the issue's properties: else the timing is of nothing.
  for (const property of ["title", "number", "state"])
    if (!names.has(property))
      throw new Error(`${name}: completion at data[0]. lacks \`${property}\` (${[...names].slice(0, 8).join(", ")}…)`);
}
const times = Object.fromEntries(Object.keys(services).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) for (const [name, it] of Object.entries(services)) times[name].push(it.complete().ms);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(
  `completion on data[0]. after an edit, TypeScript ${ts.version} language service, median of ${ROUNDS} interleaved rounds (building and checking the program apart)\n`,
);
for (const name of Object.keys(services))
  console.log(
    `  ${name.padEnd(18)} ${median(times[name]).toFixed(1).padStart(7)} ms   (building and checking the program first: ${warm[name].toFixed(0)} ms)`,
  );
const ratio = median(times["README's wrapper"]) / median(times["@octokit/types"]);
console.log(`\nREADME's wrapper against @octokit/types: ${ratio.toFixed(2)}× (target ≤ 0.50×): ${ratio <= 0.5 ? "met" : "not met"}`);
