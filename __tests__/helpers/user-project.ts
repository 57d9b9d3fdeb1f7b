// What the response tests compile with, as a user's project would: TypeScript 5.9 in process over
// files, TypeScript 5.9 or 7 as a command over a tsconfig.json.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { strictProject } from "./examples.js";

const root = join(__dirname, "..", "..");
/** TypeScript 7's command (the `typescript-7` devDependency). */
export const tsc7 = join(root, "node_modules", "typescript-7", "bin", "tsc");

/** TypeScript 5.9's messages for `files`, strict as a user's project, each with its file's path under `dir` and its line. */
export function diagnosticsIn(dir: string, files: string[], options: ts.CompilerOptions = strictProject(["lib.es2022.d.ts"])): string[] {
  return ts
    .getPreEmitDiagnostics(ts.createProgram(files, options))
    .map(
      (d) =>
        `${d.file === undefined ? "" : `${d.file.fileName.slice(dir.length + 1)}:${String(d.file.getLineAndCharacterOfPosition(d.start!).line + 1)} `}${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
    );
}

/** A compiler's output for a tsconfig.json (`project`, a folder): "" when it passes. */
export async function tscOutput(compiler: string, project: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [compiler, "-p", project, "--pretty", "false"]).catch(
    (error: unknown) => error as { stdout: string },
  );
  return stdout;
}

/** A strict tsconfig.json over `files`, with `options` added, as a user's project has it. */
export function userTsconfig(
  files: string[],
  options: Record<string, unknown>,
): { compilerOptions: Record<string, unknown>; files: string[] } {
  return {
    compilerOptions: {
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      lib: ["ES2022", "DOM", "DOM.Iterable"],
      strict: true,
      exactOptionalPropertyTypes: true,
      types: [],
      skipLibCheck: false,
      ...options,
    },
    files,
  };
}
