import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

// lib/github/tables.ts is generated (npm run generate): the check runs the generator, a child
// process, so it is in the slow project; what the tables mean is tested in process
// (multi-segment.test.ts, the fast project).
describe("GitHub's multi-segment parameters (x-multi-segment)", () => {
  test("lib/github/tables.ts is what npm run generate makes from the pinned @octokit/openapi", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(__dirname, "..", "..", "scripts", "generate-github-tables.mjs"),
      "--check",
    ]);
    expect(stdout).toMatch(
      /^lib\/github\/tables\.ts matches @octokit\/openapi [\d.]+ \(39 multi-segment templates in 22 entries, 9 declared queries\)/,
    );
  }, 300_000);
});
