// Issue 44, class 1: targets no one can redirect. One battery, run on the library's source
// (target-pollution.test.ts, rest-endpoint-octokit included) and on its production build
// (target-pollution.slow.test.ts, `dist/index.production.js`): a field of Object.prototype named
// like any field a target has or had, or a write to a target after it was made, never changes a
// request, nor sends `authorization` to another origin. CommonJS, so that jest's CommonJS runtime
// and a child process's ES module both load it as written.
"use strict";
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as the header says
const fc = require("fast-check");

const EVIL = "https://evil.example";
/** Every field a target has (lib/core/target.ts) or had, the route step's answer's, the options a reader could fall through to, and a header the factory adds. */
const FIELDS = [
  "name",
  "defaults",
  "origins",
  "route",
  "request",
  "uploadsUrl",
  "origin",
  "rebase",
  "routeRules",
  "applyMediaType",
  "checkHeaders",
  "multiSegment",
  "format",
  "previews",
  "baseUrl",
  "headers",
  "mediaType",
  // A header the factory adds unless the defaults set one (a fresh user's review: a polluted
  // "user-agent" left every endpoint made meanwhile without one).
  "user-agent",
];
/** What a polluter sets: an origin, a list of them, steps that send elsewhere, options. */
const VALUES = [
  EVIL,
  [EVIL],
  () => EVIL,
  (route) => ({ ...route, url: `${EVIL}/x`, origin: EVIL, multiSegment: "path" }),
  (request) => ({ ...request, url: EVIL }),
  { baseUrl: EVIL, headers: { authorization: "evil" } },
  "raw",
  ["raw"],
];
const TOKEN = "token T0";
const headers = { authorization: TOKEN };
const repo = { owner: "o", repo: "r" };
/** The calls: each of a target's rules, and the credentials rule. */
const CALLS = [
  ["GET /repos/{owner}/{repo}/contents/{path}", { ...repo, path: "a/b" }],
  [
    "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
    { ...repo, release_id: 1, name: "a.zip", data: "x" },
  ],
  ["POST {origin}/api/uploads/repos/{owner}/{repo}/releases/{release_id}/assets", { ...repo, release_id: 1, name: "a.zip", data: "x" }],
  ["GET /user", { mediaType: { format: "raw", previews: ["mercy"] } }],
  ["GET /user", { headers: { "x-github-api-version": "2099-01-01" } }],
  ["POST /user/packages/{package_type}/{package_name}/restore", { package_type: "npm", package_name: "p", token: "t" }],
  [`GET ${EVIL}/x`, {}],
];

/**
 * The setups: name, the target it is made on (or none), and how to make the endpoint function from
 * it. `targets()` makes fresh targets each time, so that a write to one is seen by no other case.
 */
function setups(lib, octokit) {
  const { endpoint, createEndpoint, ghes, gheCom, githubTarget } = lib;
  const list = [
    ["endpoint", () => lib.githubCom, () => endpoint.defaults({ headers })],
    ["createEndpoint", () => undefined, () => createEndpoint({ baseUrl: "https://api.example.com", headers })],
    ["ghes()", () => ghes("https://ghe.example", "3.19"), (target) => createEndpoint({ headers }, target)],
    ["gheCom()", () => gheCom("octocorp"), (target) => createEndpoint({ headers }, target)],
    [
      "githubTarget()",
      () => githubTarget({ name: "test", baseUrl: "http://127.0.0.1:3000", uploadsUrl: "http://127.0.0.1:3001" }),
      (target) => createEndpoint({ headers }, target),
    ],
    [
      "a hand-built target",
      () => ({
        name: "hand",
        defaults: { baseUrl: "https://hand.example", headers: { accept: "text/plain" } },
        origins: ["https://hand.example"],
      }),
      (target) => createEndpoint({ headers }, target),
    ],
  ];
  if (octokit !== undefined) list.push(["rest-endpoint-octokit", () => lib.githubCom, () => octokit.defaults({ headers })]);
  return list;
}

/** What a call gives: its request options as JSON, or its error's code and argument. */
function outcome(make, target, call) {
  try {
    const fn = make(target);
    return JSON.stringify(fn(call[0], structuredClone(call[1])));
  } catch (error) {
    return error instanceof Error && "code" in error ? `${error.code} ${error.argument}` : `not an EndpointError: ${String(error)}`;
  }
}

/** Runs `body` with `Object.prototype[field]` set to `value`, and removes it whatever happens. */
function polluted(field, value, body) {
  const had = Object.getOwnPropertyDescriptor(Object.prototype, field);
  Object.defineProperty(Object.prototype, field, { value, writable: true, configurable: true, enumerable: false });
  try {
    return body();
  } finally {
    if (had === undefined) Reflect.deleteProperty(Object.prototype, field);
    else Object.defineProperty(Object.prototype, field, had);
  }
}

/** A path into a target and what a write sets there. */
const WRITES = [
  [["uploadsUrl"], EVIL],
  [["origin"], EVIL],
  [["rebase"], () => EVIL],
  [["name"], "evil"],
  [["origins"], [EVIL]],
  [["origins", 0], EVIL],
  [["defaults", "baseUrl"], EVIL],
  [["defaults", "headers", "accept"], "text/evil"],
  [["defaults", "mediaType", "format"], "raw"],
  [["route"], (route) => ({ ...route, url: `${EVIL}/x` })],
  [["request"], (request) => ({ ...request, url: EVIL })],
];

/** Writes `value` at `path` of `target`; whether the write threw a TypeError (strict mode, frozen). */
function write(target, path, value) {
  let holder = target;
  for (const key of path.slice(0, -1)) holder = holder?.[key];
  if (holder === null || typeof holder !== "object") return "no such object";
  try {
    holder[path[path.length - 1]] = value;
    return "written";
  } catch (error) {
    return error instanceof TypeError ? "refused" : `threw ${String(error)}`;
  }
}

/** Whether a value and everything it holds is frozen. */
function deeplyFrozen(value) {
  if (value === null || typeof value !== "object") return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

/**
 * The battery: returns what failed (`[]` when nothing did): the counterexamples of the two
 * properties, and each of the library's targets that is not deeply frozen.
 */
function targetBattery(lib, { octokit, numRuns = 300 } = {}) {
  const failures = [];
  const list = setups(lib, octokit);
  const clean = list.map(([, target, make]) => CALLS.map((call) => outcome(make, target(), call)));
  // No clean outcome sends authorization to an origin the setup does not own.
  const owned = {
    endpoint: ["https://api.github.com", "https://uploads.github.com"],
    createEndpoint: ["https://api.example.com"],
    "ghes()": ["https://ghe.example"],
    "gheCom()": ["https://api.octocorp.ghe.com", "https://uploads.octocorp.ghe.com"],
    "githubTarget()": ["http://127.0.0.1:3000", "http://127.0.0.1:3001"],
    "a hand-built target": ["https://hand.example"],
    "rest-endpoint-octokit": ["https://api.github.com", "https://uploads.github.com"],
  };
  list.forEach(([name], s) =>
    clean[s].forEach((text) => {
      if (!text.startsWith("{")) return;
      const request = JSON.parse(text);
      if (request.headers.authorization !== undefined && !owned[name].includes(new URL(request.url).origin))
        failures.push(`${name} sends authorization to ${request.url}`);
    }),
  );
  for (const [name, target] of list) {
    const made = target();
    if (made !== undefined && name !== "a hand-built target" && !deeplyFrozen(made)) failures.push(`${name}'s target is not deeply frozen`);
  }
  const index = (length) => fc.integer({ min: 0, max: length - 1 });
  const pollution = fc.check(
    fc.property(
      fc.constantFrom(...FIELDS),
      index(VALUES.length),
      index(list.length),
      index(CALLS.length),
      fc.boolean(),
      (field, value, s, c, madeBefore) => {
        const [, target, make] = list[s];
        // The endpoint function made before the pollution, or while it holds.
        const fn = madeBefore ? make(target()) : undefined;
        const got = polluted(field, VALUES[value], () => outcome(fn === undefined ? make : () => fn, target(), CALLS[c]));
        return got === clean[s][c];
      },
    ),
    // Besides the random draws, every field once on every setup (the value a string, the function
    // made while the pollution holds): a field drawn 1 time in 25 could escape 300 runs (the
    // mutant of createEndpoint's own-`user-agent` test survived one run of `npm run mutants` so).
    { numRuns, examples: FIELDS.flatMap((field) => list.map((_, s) => [field, 0, s, 0, false])) },
  );
  if (pollution.failed) failures.push(`pollution: ${fc.stringify(pollution.counterexample)}`);
  const writes = fc.check(
    fc.property(index(WRITES.length), index(list.length), index(CALLS.length), fc.boolean(), (w, s, c, madeBefore) => {
      const [name, target, make] = list[s];
      const made = target();
      if (made === undefined) return true;
      const fn = madeBefore ? make(made) : undefined;
      const result = write(made, ...WRITES[w]);
      // A target the library returns refuses the write; a hand-built one, read when the function was made, ignores it.
      if (name !== "a hand-built target" && result === "written") return false;
      return !madeBefore || outcome(() => fn, made, CALLS[c]) === clean[s][c];
    }),
    { numRuns },
  );
  if (writes.failed) failures.push(`a write: ${fc.stringify(writes.counterexample)}`);
  return failures;
}

module.exports = { targetBattery };
