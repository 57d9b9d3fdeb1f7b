import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { endpoint, VERSION } from "../lib/index.js";
import type { CorpusCall } from "./helpers/corpus.js";
import { readFixture } from "./helpers/fixtures.js";
import { runCases, type Outcome } from "./browser/cases.js";

// A real browser: Debian's Chromium (it cannot download one of its own), driven by playwright-core.
jest.setTimeout(120_000);

/** Outcomes without the user-agent, which names the platform and so differs by design. */
function withoutUserAgent(outcomes: Outcome[]): Outcome[] {
  return JSON.parse(JSON.stringify(outcomes, (key, value: unknown) => (key === "user-agent" ? undefined : value))) as Outcome[];
}

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
  const server = createServer((request, response) => {
    if (request.url === "/page.js") {
      response.setHeader("content-type", "text/javascript");
      response.end(script);
    } else {
      response.setHeader("content-type", "text/html");
      response.end('<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const profile = mkdtempSync(join(tmpdir(), "rest-endpoint-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  try {
    const page = await context.newPage();
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
    await context.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(profile, { recursive: true, force: true });
  }
});
