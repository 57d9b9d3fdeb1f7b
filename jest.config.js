import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

/**
 * A test file is slow when its name ends in `.slow.test.ts` (or it is one of {@link HEAVY}), or when it imports what costs seconds
 * (a child process, the TypeScript compiler, a bundler, a browser, the helpers that run tsc or a
 * browser) or reads the build (`dist/`). Every other test file is fast: it tests the behaviour of
 * lib/ in process, and needs no build. A new file lands in its project by this rule, with no list
 * to keep; the fast project's guard (__tests__/setup/fast.ts) fails a test that starts a process
 * anyway, through a helper the rule cannot see, and says how to make its file slow.
 */
const SLOW_SOURCE =
  /from "(?:node:child_process|typescript|playwright-core|esbuild|@rollup\/[\w-]+|@sparticuz\/chromium)"|from "[./]+\/helpers\/(?:examples|browser)\.js"|"dist"|\/dist\//;

/**
 * Files that test lib/ in process but run long: 10,000 runs of each property (fast-check). New ones
 * are named *.slow.test.ts; these were named before the rule and keep their names.
 */
const HEAVY = ["core/properties.test.ts"];

const tests = readdirSync(new URL("./__tests__/", import.meta.url), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => file.split("\\").join("/"))
  .sort();
const slow = tests.filter(
  (file) =>
    file.endsWith(".slow.test.ts") ||
    HEAVY.includes(file) ||
    SLOW_SOURCE.test(readFileSync(new URL(`./__tests__/${file}`, import.meta.url), "utf8")),
);
/** A path as a jest path pattern (a regular expression matched against the whole path). */
const pattern = (file) => `/__tests__/${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;

/** What both projects share. */
const common = {
  testEnvironment: "node",
  roots: ["<rootDir>/__tests__"],
  // url-template 3 and universal-user-agent 7 ship only ES modules; ts-jest compiles them to
  // CommonJS together with our TypeScript so that jest can load them without --experimental-vm-modules.
  transform: {
    "^.+\\.[tj]s$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
  },
  transformIgnorePatterns: [
    "/node_modules/(?!(url-template|universal-user-agent|@octokit/endpoint|@apidevtools/json-schema-ref-parser|shlex)/)",
  ],
  // packages/octokit imports rest-endpoint by name: here, its source.
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1", "^rest-endpoint$": "<rootDir>/lib/index.ts" },
  // The user-agent's version is injected at build time (esbuild `define`, scripts/build.mjs); jest does the same from package.json.
  globals: { __VERSION__: version },
};

/** @type {import("jest").Config} */
export default {
  // jest's default is one worker fewer than the cores: one worker on a 2-core machine, where most
  // test time is waiting for a child process or tsc. Two let both cores work (README, "Contributing").
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      ...common,
      displayName: "fast",
      testMatch: ["**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", ...slow.map(pattern)],
      setupFilesAfterEnv: ["<rootDir>/__tests__/setup/fast.ts"],
    },
    {
      ...common,
      displayName: "slow",
      // An empty list would match every file: `$^` matches none.
      testRegex: slow.length > 0 ? slow.map(pattern) : ["$^"],
      setupFilesAfterEnv: ["<rootDir>/__tests__/setup/slow.ts"],
    },
  ],
  // lib/cli/index.ts is the bin's two lines, run by cli.test.ts in child processes; what it runs,
  // lib/cli/main.ts, is tested in process (cli/main.test.ts).
  collectCoverageFrom: ["lib/**/*.ts", "!lib/cli/index.ts"],
  coverageThreshold: { global: { lines: 100, functions: 100, branches: 95 } },
};
