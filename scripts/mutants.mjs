// `npm run mutants`: a mutation run over hand-made mutants of the library's rules (scripts/mutants.json).
// Each mutant replaces one text of one file of lib/ (which must occur there exactly once), runs the
// test files it names (the fast project when it names none) and puts the file back. A mutant is
// killed when a test fails, survived when all pass, stale when its text is no longer in the file.
// A run whose jest wrote no results counts as survived (nothing shows a test failed). Exits 1 unless
// every mutant is killed. Not part of `npm test`: about a minute a mutant on a
// loaded 2-core machine. `npm run mutants -- cache` runs the mutants whose name holds "cache".
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const mutants = JSON.parse(readFileSync(join("scripts", "mutants.json"), "utf8"));
const filter = process.argv[2] ?? "";
const jest = join("node_modules", "jest", "bin", "jest.js");
const results = join(".tmp", "mutant-results.json");
mkdirSync(".tmp", { recursive: true });

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

const outcomes = [];
for (const mutant of mutants.filter(({ name }) => name.includes(filter))) {
  const { name, file, search, replace, tests = [] } = mutant;
  const text = readFileSync(file, "utf8");
  const count = text.split(search).length - 1;
  if (count !== 1) {
    outcomes.push({ name, outcome: "stale", detail: `${JSON.stringify(search)} occurs ${count} times in ${file}` });
    console.log(`stale     ${name}: its text occurs ${count} times in ${file}`);
    continue;
  }
  pending = { file, text };
  const started = Date.now();
  try {
    writeFileSync(
      file,
      text.replace(search, () => replace),
    );
    rmSync(results, { force: true });
    const args = tests.length > 0 ? tests : ["--selectProjects", "fast"];
    // Asynchronous, so that Ctrl-C (SIGINT) puts the file back before the run ends.
    await new Promise((resolve) => {
      spawn(process.execPath, [jest, "--silent", "--json", `--outputFile=${results}`, ...args], { stdio: "ignore" }).on("close", resolve);
    });
  } finally {
    restore();
  }
  let killer;
  let passed;
  try {
    const report = JSON.parse(readFileSync(results, "utf8"));
    passed = report.success === true;
    const failure = report.testResults.flatMap((suite) => suite.assertionResults).find(({ status }) => status === "failed");
    const suite = report.testResults.find(({ status }) => status === "failed");
    killer =
      failure?.fullName ??
      suite?.message
        .split("\n")
        .find((line) => line.trim() !== "")
        ?.trim() ??
      "";
  } catch {
    killer = "jest wrote no results";
    passed = true;
  }
  const outcome = passed ? "survived" : "killed";
  const seconds = Math.round((Date.now() - started) / 1000);
  outcomes.push({ name, outcome, detail: killer, seconds });
  console.log(`${outcome.padEnd(9)} ${name} (${seconds} s)${killer === "" ? "" : `: ${killer.slice(0, 160)}`}`);
}
const count = (outcome) => outcomes.filter((result) => result.outcome === outcome).length;
console.log(`\n${count("killed")} killed, ${count("survived")} survived, ${count("stale")} stale, of ${outcomes.length} mutants`);
process.exitCode = count("killed") === outcomes.length && outcomes.length > 0 ? 0 : 1;
