import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Reads a JSON file of __tests__/fixtures (see its README for where each comes from). */
export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, "..", "fixtures", name), "utf8"));
}
