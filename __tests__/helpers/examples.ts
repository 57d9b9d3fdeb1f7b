import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import * as library from "../../lib/index.js";
import type { Document } from "../../lib/openapi/document.js";
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap } from "../../lib/openapi/write.js";

/** A test title made of code: its lines joined, shortened to 150 characters (a title is read in a report, not run). */
export function titleOf(code: string): string {
  const line = code
    .trim()
    .split("\n")
    .map((part) => part.trim())
    .join(" ");
  return line.length > 150 ? `${line.slice(0, 149)}…` : line;
}

/** Each fenced block of a Markdown page with its language, in order. */
export function fencedBlocks(markdown: string): { lang: string; code: string }[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, lang, code]) => ({ lang: lang!, code: code! }));
}

/** Each JavaScript block followed by a JSON block: the code and the output it must give. */
export function examplesWithOutput(markdown: string): [code: string, output: string][] {
  const blocks = fencedBlocks(markdown);
  return blocks.flatMap((block, index) =>
    block.lang === "js" && blocks[index + 1]?.lang === "json" ? [[block.code, blocks[index + 1]!.code]] : [],
  );
}

/**
 * Runs a documentation block: import lines dropped, the last top-level statement returned. The
 * blocks use the main entry's functions (`endpoint`, `createEndpoint`, `ghes`, …), which are passed in.
 */
export function runBlock(code: string): unknown {
  const lines = code
    .trimEnd()
    .split("\n")
    .filter((line) => !line.startsWith("import "));
  const last = lines.findLastIndex((line) => /^[$A-Z_]/i.test(line));
  lines[last] = `return ${lines[last]!}`;
  // The main entry's exports a documentation block may use, as `import { … } from "rest-endpoint"` gives them.
  const names = Object.keys(library).filter((name) => /^[a-z]\w*$/i.test(name));
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the documentation's own code is the point
  return (new Function(...names, lines.join("\n")) as (...values: unknown[]) => unknown)(
    ...names.map((name) => library[name as keyof typeof library]),
  );
}

/**
 * Type-checks a TypeScript documentation block as a user's project would (strict, NodeNext), in a
 * scratch directory inside the package so that `rest-endpoint` and `rest-endpoint/routes/…`
 * resolve through package.json's exports to the build, with lib DOM and the `@types` packages
 * `types` names (`["node"]`: a project with both, where `fetch` is declared twice). Several blocks
 * are several modules of one project. Returns tsc's output: "" when it passes.
 */
export async function typeCheckBlock(code: string | string[], types: string[] = []): Promise<string> {
  const root = join(__dirname, "..", "..");
  const dir = join(root, ".tmp", `types-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  try {
    // One block is example.ts, as tests read tsc's positions in it; several are example0.ts, example1.ts, ….
    const files =
      typeof code == "string" ? { "example.ts": code } : Object.fromEntries(code.map((text, index) => [`example${index}.ts`, text]));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          lib: ["ES2024", "DOM"],
          strict: true,
          exactOptionalPropertyTypes: true,
          noEmit: true,
          types,
        },
        files: Object.keys(files),
      }),
    );
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    try {
      return (await promisify(execFile)(process.execPath, [tsc, "-p", dir])).stdout;
    } catch (error) {
      // tsc exits 2 with its diagnostics on stdout.
      return (error as { stdout: string }).stdout;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Compiler options of a strict user project, for `ts.createProgram` over a file that imports the
 * package by name: NodeNext resolution, `exactOptionalPropertyTypes`, no ambient types, `lib` as given.
 */
export function strictProject(lib: string[]): ts.CompilerOptions {
  return {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib,
    types: [],
  };
}

/** {@link strictProject}'s options as a tsconfig.json over `file`, for `tsc -p` (TypeScript 7 has no API). */
export function strictTsconfig(file: string): object {
  return {
    compilerOptions: {
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      lib: ["ES2022"],
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      types: [],
      skipLibCheck: false,
    },
    files: [file],
  };
}

/**
 * An example whose expressions are each followed by their value as a comment on the next line
 * (`// "…"`), rewritten to print each of those expressions: the code to run and the values shown.
 */
export function printingShown(code: string): { printing: string; shown: unknown[] } {
  const lines = code.trimEnd().split("\n");
  const shown: unknown[] = [];
  const printing = lines.map((line, index) => {
    const value = /^\/\/ (".*")$/.exec(lines[index + 1] ?? "")?.[1];
    if (value === undefined) return line;
    shown.push(JSON.parse(value));
    return `console.log(JSON.stringify(${line.replace(/;$/, "")}));`;
  });
  return { printing: printing.join("\n"), shown };
}

/** The route maps the package ships: each target, and each API version it serves (scripts/github-api-versions.json). */
export const SHIPPED_MAPS = [
  "api.github.com",
  "api.github.com.2022-11-28",
  "api.github.com.2026-03-10",
  "ghec",
  "ghec.2022-11-28",
  "ghec.2026-03-10",
  ...["ghes-3.17", "ghes-3.18", "ghes-3.19"].flatMap((target) => [target, `${target}.2022-11-28`]),
];

/**
 * Runs a TypeScript example that prints one JSON line per result, transpiled to `script`, in a fresh
 * node process: its exit status, standard error and printed values.
 */
export function runPrinting(code: string, script: string): { status: number | null; stderr: string; printed: unknown[] } {
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  writeFileSync(script, outputText);
  const { status, stdout, stderr } = spawnSync(process.execPath, [script], { encoding: "utf8" });
  const printed = stdout
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as unknown);
  return { status, stderr, printed };
}

/** A TypeScript language service over one file, as an editor runs it, with `options`. */
export function languageService(file: string, options: ts.CompilerOptions): ts.LanguageService {
  return ts.createLanguageService(
    {
      getCompilationSettings: () => options,
      getScriptFileNames: () => [file],
      getScriptVersion: () => "1",
      getScriptSnapshot: (name) => {
        const content = ts.sys.readFile(name);
        return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
      },
      getCurrentDirectory: () => join(file, ".."),
      getDefaultLibFileName: (compilerOptions) => ts.getDefaultLibFilePath(compilerOptions),
      fileExists: (name) => ts.sys.fileExists(name),
      readFile: (name) => ts.sys.readFile(name),
    },
    ts.createDocumentRegistry(),
  );
}

/**
 * The tools of a test of schema forms (issues 36, 39: a minimal description, the map it gives, calls
 * type-checked through it with tsc, strict), in a folder `.tmp/<prefix>-<pid>` inside the package
 * (so that `rest-endpoint` in a generated map resolves to the build), made before and removed after
 * the file's tests.
 */
export function schemaForms(prefix: string) {
  const dir = join(__dirname, "..", "..", ".tmp", `${prefix}-${process.pid}`);
  beforeAll(() => mkdirSync(dir, { recursive: true }));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  /** A 3.0.3 description of `paths`, and `extra` top-level fields, checked as generate reads it. */
  const describe_ = (paths: object, extra: object = {}): Document =>
    checkShapes({ openapi: "3.0.3", info: { title: "T", version: "1" }, paths, ...extra }, "forms.json");
  /** An operation whose JSON request body has `schema`. */
  const json = (schema: object, required = false) => ({
    requestBody: { ...(required ? { required: true } : {}), content: { "application/json": { schema } } },
  });
  const map = (spec: Document) => generateRouteMap(spec, { header: () => "", withQueries: true });
  const compilerOptions = strictProject(["lib.es2022.d.ts", "lib.dom.d.ts"]);
  /** Writes the map as `name.ts` and type-checks `calls` through it: each refused line's number (from 1). */
  const refused = (name: string, spec: Document, calls: string[]): number[] => {
    writeFileSync(join(dir, `${name}.ts`), map(spec).typescript);
    const header = [
      `import type { Routes } from "./${name}.js";`,
      'import { endpoint, type EndpointInterface } from "rest-endpoint";',
      "const api: EndpointInterface<Routes> = endpoint;",
    ];
    const file = join(dir, `${name}-calls.mts`);
    writeFileSync(file, [...header, ...calls, ""].join("\n"));
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], compilerOptions));
    return [...new Set(diagnostics.map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1 - header.length))];
  };
  return { dir, describe_, json, map, refused, compilerOptions };
}
