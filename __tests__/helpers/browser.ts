import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sparticuz from "@sparticuz/chromium";
import { chromium, type BrowserContext } from "playwright-core";

/**
 * Launches headless Chromium: the one that comes with `npm ci` inside @sparticuz/chromium (its
 * `executablePath()` unpacks it into the system's temp directory once), or `executablePath` when
 * given. Its profile and playwright's artifacts go into one directory of this launch, removed when
 * the browser closes or the launch fails (playwright makes its own before spawning the browser and
 * leaves them when the spawn fails). A launch that fails rejects within `timeout` ms with a message
 * that says what to do, and leaves no process behind (playwright kills what it started).
 */
export async function launchChromium(executablePath?: string, timeout = 30_000): Promise<BrowserContext> {
  const path = executablePath ?? (await sparticuz.executablePath());
  const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-chromium-"));
  const remove = (): void => {
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const context = await chromium.launchPersistentContext(join(scratch, "profile"), {
      executablePath: path,
      args: sparticuz.args,
      headless: true,
      timeout,
      // Not in playwright's typed options, but in its launch protocol: where its artifacts go.
      ...({ artifactsDir: join(scratch, "artifacts") } as object),
    });
    context.on("close", remove);
    return context;
  } catch (error) {
    remove();
    throw new Error(
      `could not launch Chromium from ${path}: ${(error as Error).message.split("\n")[0] ?? ""}. ` +
        "It is installed by npm ci (@sparticuz/chromium); run npm ci again if node_modules is incomplete.",
      { cause: error },
    );
  }
}
