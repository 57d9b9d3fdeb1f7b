// `npm run mutants`: a mutation run over hand-made mutants of the library's rules (scripts/mutants.json,
// each `{ name, file, search, replace, why, tests, note? }`: `note` says what to do when it goes stale).
// Each mutant replaces one text (`search`, which must occur exactly once in `file`) by `replace`,
// runs the fast project against it and puts the file back:
//
// - first the fast test files it names (`tests`), in one jest run: killed when one fails;
// - if none fails, every other file of the fast project: killed when one fails (then the report
//   says to name that file), survived when all pass.
//
// So every mutant is tried against the whole fast project, and the common case costs only its own
// tests. The fast project alone must kill every mutant: a rule that runs in process is tested in
// process (README, "Contributing"). A mutant is **stale** when it no longer applies: its file is
// gone, its text occurs there 0 or 2+ times, or a test it names is missing or in the slow project;
// the report says which and where its text went (another file that holds it, or the closest line).
// A mutant is **invalid** when the mutated file does not parse, an **error** when jest wrote no
// results. Exits 1 unless every mutant is killed.
//
// npm run mutants                      every mutant
// npm run mutants -- cache             the mutants whose name holds "cache"
// npm run mutants -- --check           only whether each applies (no jest): seconds, for refreshing
//                                      mutants after lib/ changed; exits 1 if one is stale
// npm run mutants -- --json=FILE       also writes each outcome to FILE
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
const checkOnly = args.includes("--check");
const jsonOut = args.find((arg) => arg.startsWith("--json="))?.slice("--json=".length);
const filter = args.find((arg) => !arg.startsWith("--")) ?? "";
const mutants = JSON.parse(readFileSync(join("scripts", "mutants.json"), "utf8"));
const jest = join("node_modules", "jest", "bin", "jest.js");
const results = join(".tmp", "mutant-results.json");
mkdirSync(".tmp", { recursive: true });

/** The fast project's test files, relative to the root (jest.config.js chooses them). */
const fast = JSON.parse(
  spawnSync(process.execPath, [jest, "--selectProjects", "fast", "--listTests", "--json"], { encoding: "utf8" }).stdout,
).map((file) =>
  file
    .slice(process.cwd().length + 1)
    .split("\\")
    .join("/"),
);

/** The file being mutated and its text, to put back on exit, Ctrl-C included. */
let pending;
const restore = () => {
  if (pending !== undefined) writeFileSync(pending.file, pending.text);
  pending = undefined;
};
process.on("SIGINT", () => {
  restore();
  process.exit(130);
});

/** Source files a mutant's text may have moved to. */
const sources = ["lib", "packages"].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((file) => `${folder}/${file.split("\\").join("/")}`)
    .filter((file) => file.endsWith(".ts") && !file.includes("/dist/") && !file.includes("node_modules")),
);

/** Why `mutant` does not apply, with where its text went; undefined when it applies. */
function staleness({ file, search, tests = [] }) {
  for (const test of tests) {
    if (!existsSync(test)) return `it names ${test}, which does not exist`;
    if (!fast.includes(test)) return `it names ${test}, which is in the slow project: name a fast test that kills it`;
  }
  const text = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  const count = text === undefined ? 0 : text.split(search).length - 1;
  if (count === 1) return undefined;
  if (count > 1) {
    const lines = [];
    for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) lines.push(text.slice(0, at).split("\n").length);
    return `its text occurs ${count} times in ${file} (lines ${lines.join(", ")}): lengthen \`search\` until it is unique`;
  }
  const moved = sources.filter((other) => other !== file && readFileSync(other, "utf8").includes(search));
  const where = text === undefined ? `${file} does not exist` : `its text is not in ${file}`;
  if (moved.length > 0) return `${where}; it is in ${moved.join(", ")}: set \`file\``;
  return text === undefined ? where : `${where}; the closest line: ${closestLine(text, search, file)}`;
}

/** The line of `text` that shares the most words with `search`'s longest line, as `file:line: text`. */
function closestLine(text, search, file) {
  const words = (line) => new Set(line.split(/\W+/).filter((word) => word !== ""));
  const wanted = words(search.split("\n").reduce((a, b) => (b.trim().length > a.trim().length ? b : a), ""));
  let best = { score: -1, line: 0, content: "" };
  text.split("\n").forEach((content, i) => {
    const have = words(content);
    const shared = [...wanted].filter((word) => have.has(word)).length;
    const score = shared / (wanted.size + have.size - shared || 1);
    if (score > best.score) best = { score, line: i + 1, content: content.trim() };
  });
  return `${file}:${best.line}: ${best.content.slice(0, 120)}`;
}

/**
 * Runs jest on `files` (paths) against the mutated tree; the first failure, or undefined when all
 * pass. Without --bail: a run that bails writes no results.
 */
async function firstFailure(files) {
  rmSync(results, { force: true });
  const patterns = files.map((file) => `/${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  // Asynchronous, so that Ctrl-C (SIGINT) puts the file back before the run ends.
  const code = await new Promise((done) => {
    spawn(
      process.execPath,
      [jest, "--selectProjects", "fast", "--silent", "--coverage=false", "--json", `--outputFile=${results}`, ...patterns],
      { stdio: "ignore" },
    ).on("close", done);
  });
  let report;
  try {
    report = JSON.parse(readFileSync(results, "utf8"));
  } catch {
    // Nothing shows what ran: neither killed nor survived.
    return { error: `jest wrote no results (exit ${code})` };
  }
  if (report.success === true) return undefined;
  const suite = report.testResults.find(({ status }) => status === "failed");
  const failed = suite?.assertionResults.find(({ status }) => status === "failed");
  const test = suite === undefined ? "" : suite.name.slice(process.cwd().length + 1);
  const message =
    suite?.message
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? "";
  return { test, title: failed?.fullName ?? message, message: suite?.message ?? "" };
}

const outcomes = [];
for (const mutant of mutants.filter(({ name }) => name.includes(filter))) {
  const { name, file, search, replace, tests = [] } = mutant;
  const stale = staleness(mutant);
  if (stale !== undefined) {
    outcomes.push({ name, outcome: "stale", detail: stale });
    console.log(`stale     ${name}: ${stale}`);
    continue;
  }
  if (checkOnly) {
    outcomes.push({ name, outcome: "applies" });
    continue;
  }
  const text = readFileSync(file, "utf8");
  pending = { file, text };
  const started = Date.now();
  let failure;
  let named = true;
  try {
    writeFileSync(
      file,
      text.replace(search, () => replace),
    );
    failure = tests.length > 0 ? await firstFailure(tests) : undefined;
    if (failure === undefined) {
      named = false;
      failure = await firstFailure(fast.filter((test) => !tests.includes(test)));
    }
  } finally {
    restore();
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  let outcome;
  let detail;
  if (failure?.error !== undefined) {
    outcome = "error";
    detail = failure.error;
  } else if (failure === undefined) {
    outcome = "survived";
    detail = "every test of the fast project passes";
  } else if (/SyntaxError|error TS\d+/.test(failure.message) && failure.message.includes(file)) {
    outcome = "invalid";
    detail = `${file} does not parse with the mutant: ${failure.title}`;
  } else {
    outcome = "killed";
    detail = `${named ? "" : `not among its tests: add ${failure.test}; `}${failure.test}: ${failure.title}`;
  }
  outcomes.push({ name, outcome, detail, seconds });
  console.log(`${outcome.padEnd(9)} ${name} (${seconds} s): ${detail.slice(0, 240)}`);
}
if (jsonOut !== undefined) writeFileSync(resolve(jsonOut), `${JSON.stringify(outcomes, null, 2)}\n`);
const count = (outcome) => outcomes.filter((result) => result.outcome === outcome).length;
const good = checkOnly ? "applies" : "killed";
console.log(
  `\n${count(good)} ${checkOnly ? "apply" : "killed by the fast project"}, ${checkOnly ? "" : `${count("survived")} survived, ${count("invalid")} invalid, ${count("error")} errors, `}${count("stale")} stale, of ${outcomes.length} mutants`,
);
process.exitCode = count(good) === outcomes.length && outcomes.length > 0 ? 0 : 1;
