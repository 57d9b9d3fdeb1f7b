// `npm run check:package`: packs the built package once, without `prepack` (npm test has just built
// dist/; `attw --pack` ran `npm pack`, whose `prepack` built it a second time), then checks the
// tarball's types for every module system (attw) and its package.json against what it ships
// (publint), and the wrapper (packages/octokit), which publint packs with its scripts ignored.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const out = join(".tmp", "check-package");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const [{ filename }] = JSON.parse(
  // maxBuffer: the listing names every file, some 10,000 with the responses by docs page (over the default 1 MB).
  execFileSync(npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", out, "--loglevel=error"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }),
);
const tarball = join(out, filename);
const bin = (name) => join("node_modules", ".bin", process.platform === "win32" ? `${name}.cmd` : name);
// The route maps are subpaths of the `./routes/*` pattern, which attw does not expand: each map the
// build wrote (every target and every API version of it) is named, with the base of its responses by
// docs page (`<map>.responses/base`), and the pages of one category (`issues/*`) in each form the
// build writes them: a target's, a version's own (2026-03-10), a version's that are its target's
// (2022-11-28). Every page, some 2,000 entries, took attw five minutes; the component files are
// reached through the pages.
const sampled = ["api.github.com", "api.github.com.2026-03-10", "api.github.com.2022-11-28"].map((map) => `${map}.responses/issues/`);
const routes = readdirSync(join("dist", "routes"), { recursive: true, encoding: "utf8" })
  .filter(
    (file) =>
      file.endsWith(".d.ts") &&
      (!file.includes("/") || file.endsWith(".responses/base.d.ts") || sampled.some((folder) => file.startsWith(folder))),
  )
  .map((file) => file.slice(0, -".d.ts".length))
  .sort();
for (const [command, args] of [
  [bin("attw"), [tarball, "--include-entrypoints", ...routes.map((target) => `./routes/${target}`)]],
  [bin("publint"), ["run", tarball]],
  [bin("publint"), ["run", "packages/octokit"]],
]) {
  try {
    execFileSync(command, args, { stdio: "inherit" });
  } catch {
    process.exit(1);
  }
}
rmSync(out, { recursive: true, force: true });
