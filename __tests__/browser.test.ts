import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { endpoint, VERSION } from "../lib/index.js";
import { launchChromium } from "./helpers/browser.js";
import type { CorpusCall } from "./helpers/corpus.js";
import { readFixture } from "./helpers/fixtures.js";
import { runCases, type Outcome } from "./browser/cases.js";

// A real browser: the headless Chromium that npm ci installs (@sparticuz/chromium), driven by playwright-core.
jest.setTimeout(300_000);

/** Outcomes without the user-agent, which names the platform and so differs by design. */
function withoutUserAgent(outcomes: Outcome[]): Outcome[] {
  return JSON.parse(JSON.stringify(outcomes, (key, value: unknown) => (key === "user-agent" ? undefined : value))) as Outcome[];
}

/** Command lines of this machine's processes (Linux /proc). */
function commandLines(): string[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ")];
      } catch {
        return []; // the process ended meanwhile
      }
    });
}

test("a browser that cannot launch fails within seconds, says what to do, and leaves no process or directory behind", async () => {
  const missing = join(__dirname, "no-such-chromium");
  // playwright keeps each browser's profile and artifacts in temporary directories.
  const profiles = (): string[] => readdirSync(tmpdir()).filter((name) => /^(?:playwright|rest-endpoint-chromium-)/.test(name));
  const before = profiles();
  const started = Date.now();
  await expect(launchChromium(missing, 5_000)).rejects.toThrow(`could not launch Chromium from ${missing}`);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(commandLines().filter((line) => line.includes(missing))).toEqual([]);
  // What this launch made is gone; another process on the machine may remove its own meanwhile.
  expect(profiles().filter((name) => !before.includes(name))).toEqual([]);
});

test("the browser bundle gives the same request options as Node, user-agent aside", async () => {
  const bundle = await build({
    entryPoints: [join(__dirname, "browser", "page.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "error",
  });
  const script = bundle.outputFiles[0]!.text;
  // The browser first: if it cannot start, there is no server or directory to clean up.
  const browser = await launchChromium();
  const server = createServer((request, response) => {
    if (request.url === "/page.js") {
      response.setHeader("content-type", "text/javascript");
      response.end(script);
    } else {
      response.setHeader("content-type", "text/html");
      response.end('<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>');
    }
  });
  try {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => "results" in globalThis);
    const results = (await page.evaluate(() => (globalThis as { results?: unknown }).results)) as {
      userAgent: string;
      outcomes: Outcome[];
    };
    const browserUserAgent = await page.evaluate(() => navigator.userAgent);
    expect(errors).toEqual([]);
    expect(results.userAgent).toBe(`rest-endpoint/${VERSION} ${browserUserAgent}`);
    const inNode = runCases(endpoint, readFixture("github-rest-calls.json") as CorpusCall[]);
    expect(inNode).toHaveLength(1230);
    expect(results.outcomes).toHaveLength(inNode.length);
    expect(withoutUserAgent(results.outcomes)).toEqual(withoutUserAgent(inNode));
  } finally {
    await browser.close();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  }
});
