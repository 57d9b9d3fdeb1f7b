import { spawnSync } from "node:child_process";
import { join } from "node:path";

// scripts/github-versions.mjs's applyDescribedChanges: the changes GitHub's description carries for
// each version (`x-github-breaking-changes`), applied as JSON Merge Patch (RFC 7396) or JSON Patch
// (RFC 6902) to the node they are on. Run in a node process of its own (the script is an ES module).
const script = join(__dirname, "..", "..", "scripts", "github-versions.mjs");
const apply = (spec: unknown, version: string) => {
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { applyDescribedChanges } from ${JSON.stringify(script)};
       try { console.log(JSON.stringify(applyDescribedChanges(${JSON.stringify(spec)}, ${JSON.stringify(version)}))); }
       catch (error) { console.log(JSON.stringify({ error: error.message })); }`,
    ],
    { encoding: "utf8" },
  );
  if (status !== 0) throw new Error(stderr);
  return JSON.parse(stdout) as { spec?: unknown; changesets?: string[]; error?: string };
};
const KEY = "x-github-breaking-changes";

test("a merge patch removes (null), replaces and merges; a JSON Patch removes by path and index; later versions wait; no annotation is left", () => {
  const spec = {
    paths: {
      "/gists": {
        get: {
          responses: { "200": { description: "ok" }, "204": { description: "none" } },
          [KEY]: [
            { changeset: "status", version: "2026-03-10", patch: { responses: { "202": { description: "queued" }, "204": null } } },
            { changeset: "later", version: "2027-01-01", patch: { responses: { "200": null } } },
          ],
        },
      },
    },
    components: {
      schemas: {
        gist: {
          properties: { id: { type: "string" }, forks: { type: "array" }, history: { type: "array" }, list: { items: { $ref: "#/a" } } },
          required: ["id", "forks", "history"],
          [KEY]: [
            {
              changeset: "forks",
              version: "2026-03-10",
              patch: [
                { op: "remove", path: "/properties/forks" },
                { op: "remove", path: "/required/1" },
              ],
            },
            { changeset: "history", version: "2026-03-10", patch: { properties: { history: null, list: { items: { $ref: "#/b" } } } } },
          ],
        },
      },
    },
  };
  expect(apply(spec, "2026-03-10")).toEqual({
    spec: {
      paths: { "/gists": { get: { responses: { "200": { description: "ok" }, "202": { description: "queued" } } } } },
      components: {
        schemas: {
          gist: { properties: { id: { type: "string" }, list: { items: { $ref: "#/b" } } }, required: ["id", "history"] },
        },
      },
    },
    changesets: ["status", "forks", "history"],
  });
  // The unversioned description (2022-11-28): nothing applied, the description as it is (no copy
  // made; the generator reads its unversioned map from it, annotations and all).
  expect(apply(spec, "2022-11-28")).toEqual({ spec, changesets: [] });
});

test.each([
  [
    "a JSON Patch through a path that is not there",
    [{ op: "remove", path: "/properties/gone/type" }],
    /JSON Patch remove \/properties\/gone\/type does not apply/,
  ],
  [
    "a JSON Patch replace of what is not there",
    [{ op: "replace", path: "/properties/gone", value: 1 }],
    /JSON Patch replace \/properties\/gone does not apply/,
  ],
  ["a JSON Patch operation GitHub's descriptions do not use", [{ op: "move", from: "/a", path: "/properties/id" }], /JSON Patch move/],
  [
    "a merge patch beside a $ref, which would be ignored",
    { properties: { ref: { description: "x" } } },
    /JSON Merge Patch into #\/components\/schemas\/other/,
  ],
])("%s stops the build, naming where", (_, patch, message) => {
  const spec = {
    components: {
      schemas: {
        s: {
          properties: { id: { type: "string" }, ref: { $ref: "#/components/schemas/other" } },
          [KEY]: [{ changeset: "c", version: "2026-03-10", patch }],
        },
      },
    },
  };
  const { error } = apply(spec, "2026-03-10");
  expect(error).toMatch(message);
  expect(error).toContain("#/components/schemas/s (c)");
});

test.each([
  ["a remove of a member that is not there", [{ op: "remove", path: "/properties/gone" }]],
  ["a remove past the end of a list", [{ op: "remove", path: "/required/1" }]],
  ["an add past the end of a list", [{ op: "add", path: "/required/2", value: "x" }]],
  ["an index that is not a number", [{ op: "add", path: "/required/x", value: "x" }]],
  ["an index with a leading zero", [{ op: "remove", path: "/required/00" }]],
  ["a remove of the end of a list (-)", [{ op: "remove", path: "/required/-" }]],
])("a JSON Patch path as RFC 6902 does not resolve it, %s, stops the build", (_, patch) => {
  const spec = {
    components: { schemas: { s: { properties: { id: {} }, required: ["id"], [KEY]: [{ changeset: "c", version: "2026-03-10", patch }] } } },
  };
  expect(apply(spec, "2026-03-10").error).toMatch(
    /^#\/components\/schemas\/s \(c\): JSON Patch (remove|add) \/(properties|required)\/\S+ does not apply$/,
  );
});

test.each([
  ["a removal of a key that is not there", { properties: { gone: null } }, /JSON Merge Patch removes gone, which is not there$/],
  [
    "a removal inside a member that is not there (the schema became an allOf)",
    { properties: { list: { items: { properties: { bundle: null } } } } },
    /JSON Merge Patch reaches into list, which is not there$/,
  ],
  ["a patch that is not an object", null, /a patch that is neither a JSON Patch nor a JSON Merge Patch of the node$/],
  ["an empty merge patch", {}, /a patch that is neither a JSON Patch nor a JSON Merge Patch of the node$/],
  ["an empty JSON Patch", [], /an empty JSON Patch$/],
  [
    "a JSON Patch path without its leading /",
    [{ op: "remove", path: "properties/id" }],
    /JSON Patch remove properties\/id does not apply$/,
  ],
])("%s stops the build (stricter than RFC 7396, which never fails)", (_, patch, message) => {
  const spec = { components: { schemas: { s: { properties: { id: {} }, [KEY]: [{ changeset: "c", version: "2026-03-10", patch }] } } } };
  const { error } = apply(spec, "2026-03-10");
  expect(error).toMatch(message);
  expect(error).toMatch(/^#\/components\/schemas\/s/);
});

test("a merge patch adds a member that is not there when it removes nothing inside it", () => {
  const patch = { properties: { added: { type: "string", description: "not null" } } };
  const spec = { components: { schemas: { s: { properties: { id: {} }, [KEY]: [{ changeset: "c", version: "2026-03-10", patch }] } } } };
  expect(apply(spec, "2026-03-10").spec).toEqual({
    components: { schemas: { s: { properties: { id: {}, added: { type: "string", description: "not null" } } } } },
  });
});

test("a JSON Patch replaces a list's item in place", () => {
  const patch = [{ op: "replace", path: "/required/0", value: "name" }];
  const spec = { components: { schemas: { s: { required: ["id", "url"], [KEY]: [{ changeset: "c", version: "2026-03-10", patch }] } } } };
  expect(apply(spec, "2026-03-10").spec).toEqual({ components: { schemas: { s: { required: ["name", "url"] } } } });
});

test("a JSON Patch adds at an index, at the end (-) and to an object", () => {
  const patch = [
    { op: "add", path: "/required/0", value: "first" },
    { op: "add", path: "/required/-", value: "last" },
    { op: "add", path: "/properties/new", value: { type: "string" } },
  ];
  const spec = {
    components: { schemas: { s: { properties: { id: {} }, required: ["id"], [KEY]: [{ changeset: "c", version: "2026-03-10", patch }] } } },
  };
  expect(apply(spec, "2026-03-10").spec).toEqual({
    components: { schemas: { s: { properties: { id: {}, new: { type: "string" } }, required: ["first", "id", "last"] } } },
  });
});

test("a change without a version stops the build, rather than applying to every version", () => {
  const spec = {
    components: { schemas: { s: { properties: { id: {} }, [KEY]: [{ changeset: "c", patch: { properties: { id: null } } }] } } },
  };
  expect(apply(spec, "2022-11-28").error).toBe("#/components/schemas/s (c): no version");
});
