// `npm run build`: runs scripts/build.mjs unless dist/ is what it would write. After each build it
// records a digest of the build's inputs (every file of INPUTS) and one of its outputs (every file
// of OUTPUTS) in .tmp/build.json; the next run rebuilds unless both digests are unchanged. So
// `npm test` after the quick start's `npm run build` tests that build without making it again, and
// never a stale one: an edited source, script, package.json or lock file, or an edited or deleted
// file of dist/, makes it build. Content, not modification times (a clone or checkout resets those).
// `npm run build -- --force` always builds; `prepack` always builds (scripts/build.mjs itself).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What scripts/build.mjs reads (besides node_modules, which the lock file pins). */
const INPUTS = [
  "lib",
  "scripts",
  "packages/octokit/src",
  "packages/octokit/package.json",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];
/** What it writes. */
const OUTPUTS = ["dist", "packages/octokit/dist"];
const STAMP = join(".tmp", "build.json");

/** Every file under `paths` (files or folders), sorted. */
function filesOf(paths) {
  return paths
    .filter((path) => existsSync(path))
    .flatMap((path) =>
      statSync(path).isDirectory()
        ? readdirSync(path, { recursive: true, encoding: "utf8" })
            .map((file) => join(path, file))
            .filter((file) => statSync(file).isFile())
        : [path],
    )
    .map((file) => file.split("\\").join("/"))
    .sort();
}

/** A digest of the names and contents of every file under `paths`. */
function digest(paths) {
  const hash = createHash("sha256");
  for (const file of filesOf(paths)) hash.update(`${file}\0`).update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

const inputs = digest(INPUTS);
let recorded;
try {
  recorded = JSON.parse(readFileSync(STAMP, "utf8"));
} catch {
  recorded = undefined;
}
if (!process.argv.includes("--force") && recorded?.inputs === inputs && existsSync("dist") && recorded.outputs === digest(OUTPUTS)) {
  console.log(`dist/ is current: built from these sources (${STAMP}), not built again; \`npm run build -- --force\` builds anyway`);
} else {
  const { status } = spawnSync(process.execPath, [join("scripts", "build.mjs")], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(STAMP, `${JSON.stringify({ inputs, outputs: digest(OUTPUTS) }, null, 2)}\n`);
}
