import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Runs the first TSDoc `@example` of a file of lib/ with `bindings` in scope, and gives what its
 * last line evaluates to beside the value its closing `// …` comment shows (JSON), so that a test
 * asserts the example's printed output.
 */
export function runTsDocExample(file: string, bindings: Readonly<Record<string, unknown>>): { result: unknown; shown: unknown } {
  const source = readFileSync(join(__dirname, "..", "..", "lib", file), "utf8");
  const lines = /@example\n \* ```ts\n([^`]*) \* ```/
    .exec(source)![1]!
    .split("\n")
    .map((line) => line.replace(/^ \* ?/, ""))
    .filter((line) => line !== "");
  const shown = JSON.parse(lines.pop()!.replace(/^\/\/ /, "")) as unknown;
  lines[lines.length - 1] = `return ${lines.at(-1)!}`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the documentation's own code is the point
  const run = new Function(...Object.keys(bindings), lines.join("\n")) as (...values: unknown[]) => unknown;
  return { result: run(...Object.values(bindings)), shown };
}
