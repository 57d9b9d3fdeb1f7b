import { endpoint } from "../../lib/index.js";

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
 * blocks use only `endpoint`, which is passed in.
 */
export function runBlock(code: string): unknown {
  const lines = code
    .trimEnd()
    .split("\n")
    .filter((line) => !line.startsWith("import "));
  const last = lines.findLastIndex((line) => /^[$A-Z_]/i.test(line));
  lines[last] = `return ${lines[last]!}`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the documentation's own code is the point
  return (new Function("endpoint", lines.join("\n")) as (e: typeof endpoint) => unknown)(endpoint);
}
