import { readFileSync } from "node:fs";
import { getUserAgent } from "universal-user-agent";

/** The version in package.json, read independently of the library. */
export const packageVersion = (
  JSON.parse(readFileSync(new URL("../../package.json", `file://${__filename}`), "utf8")) as { version: string }
).version;

export const userAgent = `rest-endpoint/${packageVersion} ${getUserAgent()}`;

/** The default request headers with `extra` added after them. */
export function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { accept: "application/vnd.github.v3+json", "user-agent": userAgent, ...extra };
}

export const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };
