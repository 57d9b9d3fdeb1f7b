import sparticuz from "@sparticuz/chromium";
import { chromium, type Browser } from "playwright-core";

/**
 * Launches headless Chromium: the one that comes with `npm ci` inside @sparticuz/chromium (its
 * `executablePath()` unpacks it into the system's temp directory once), or `executablePath` when
 * given. A launch that fails rejects within `timeout` ms with a message that says what to do, and
 * leaves no process behind (playwright kills what it started).
 */
export async function launchChromium(executablePath?: string, timeout = 30_000): Promise<Browser> {
  const path = executablePath ?? (await sparticuz.executablePath());
  try {
    return await chromium.launch({ executablePath: path, args: sparticuz.args, headless: true, timeout });
  } catch (error) {
    throw new Error(
      `could not launch Chromium from ${path}: ${(error as Error).message.split("\n")[0] ?? ""}. ` +
        "It is installed by npm ci (@sparticuz/chromium); run npm ci again if node_modules is incomplete.",
      { cause: error },
    );
  }
}
