import { readFileSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

/** @type {import("jest").Config} */
export default {
  testEnvironment: "node",
  roots: ["<rootDir>/__tests__"],
  testMatch: ["**/*.test.ts"],
  // url-template 3 and universal-user-agent 7 ship only ES modules; ts-jest compiles them to
  // CommonJS together with our TypeScript so that jest can load them without --experimental-vm-modules.
  transform: {
    "^.+\\.[tj]s$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }],
  },
  transformIgnorePatterns: ["/node_modules/(?!(url-template|universal-user-agent|@octokit/endpoint|@apidevtools/json-schema-ref-parser)/)"],
  // packages/octokit imports rest-endpoint by name: here, its source.
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1", "^rest-endpoint$": "<rootDir>/lib/index.ts" },
  // The user-agent's version is injected at build time (esbuild `define`, scripts/build.mjs); jest does the same from package.json.
  globals: { __VERSION__: version },
  // The CLI runs as the built dist/cli.js in child processes (cli.test.ts, generate.test.ts); the
  // generator behind it (lib/openapi/) is also run in process, by the tests of descriptions.
  collectCoverageFrom: ["lib/**/*.ts", "!lib/cli/**"],
  coverageThreshold: { global: { lines: 100, functions: 100, branches: 95 } },
};
