import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

// The caches' bounds as a caller sees them: the heap a process keeps after many calls with distinct
// routes, templates and baseUrls, measured after a forced GC in a fresh Node process. The library
// is bundled from lib/ (not dist/), so that no build is needed and a change to lib/ is what is run.
const root = join(__dirname, "..", "..");
const dir = join(root, ".tmp", `memory-${process.pid}`);
const bundle = join(dir, "index.mjs");

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  await build({
    entryPoints: [join(root, "lib", "index.ts")],
    outfile: bundle,
    bundle: true,
    format: "esm",
    platform: "node",
    define: { __VERSION__: JSON.stringify(version) },
    logLevel: "error",
  });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** MB the heap grew by over `calls` (a script using `endpoint`), forced GC before and after. */
function retainedMegabytes(calls: string): number {
  const script = `
    const { endpoint } = await import(${JSON.stringify(bundle)});
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    ${calls}
    globalThis.gc();
    console.log((process.memoryUsage().heapUsed - before) / 2 ** 20);`;
  const { stdout, stderr, status } = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 240_000,
  });
  expect({ stderr, status }).toEqual({ stderr: "", status: 0 });
  return Number(stdout);
}

describe("caches are bounded in entries and in memory", () => {
  test.each([
    // Each route and template just light enough to be kept (a route weighs 4 bytes a character, at
    // most 1/16 of its cache's 1 MiB): kept without a bound, they would hold about 2,000 × 48 KB.
    [
      "2,000 distinct routes of 16,000 characters",
      16,
      'for (let i = 0; i < 2000; i++) endpoint("GET /" + String(i).padStart(16_000, "a"));',
    ],
    // 100,000 short routes: past the 1,000 entries of the route and template caches long before their bytes.
    ["100,000 distinct short routes", 4, 'for (let i = 0; i < 100_000; i++) endpoint("GET /r" + i);'],
    // Each baseUrl light enough to be kept (at most 1/16 of the 256 KiB of its cache).
    [
      "5,000 distinct baseUrls of 4,000 characters",
      8,
      'for (let i = 0; i < 5000; i++) endpoint("GET /x/{a}", { baseUrl: "https://h" + i + ".example/" + "b".repeat(4000), a: 1 });',
    ],
    // Too heavy to keep at all: computed again each time.
    [
      "1,000 routes of 256 KB and 1,000 baseUrls of 64 KB",
      16,
      'for (let i = 0; i < 1000; i++) endpoint("GET /" + String(i).padStart(256 * 1024, "a"));' +
        'for (let i = 0; i < 1000; i++) endpoint("GET /x/{a}", { baseUrl: "https://h" + i + ".example/" + "b".repeat(64 * 1024), a: 1 });',
    ],
    // Weighed by what they compile to (about 1 KB an expression), not by their characters.
    [
      "60 templates of 5,300 expressions and 1,000 of 240",
      16,
      'const dense = (prefix, expressions) => "GET /" + prefix + "/{a}".repeat(expressions);' +
        'for (let i = 0; i < 60; i++) endpoint(dense(i, 5300), { a: "x" });' +
        'for (let i = 0; i < 1000; i++) endpoint(dense(i, 240), { a: "x" });',
    ],
  ])("%s keep less than %d MB", (_case, megabytes, calls) => {
    expect(retainedMegabytes(calls)).toBeLessThan(megabytes);
  });
});
