// GitHub's API versions (https://docs.github.com/rest/about-the-rest-api/api-versions): the changes
// each version makes, applied to an OpenAPI description so that the generator writes that version's
// map and its responses. The description carries most of them itself (`x-github-breaking-changes`,
// applyDescribedChanges); scripts/github-api-versions.json (from GitHub's CHANGELOG.md files, with
// provenance) holds the request-side changes, some of which the description does not carry. Used by
// scripts/generate-routes.mjs.
import { readFileSync } from "node:fs";

/** scripts/github-api-versions.json. */
export const VERSIONS = JSON.parse(readFileSync(new URL("github-api-versions.json", import.meta.url), "utf8"));

/** The versions a target serves, oldest first: `["2022-11-28", "2026-03-10"]`. */
export const servedBy = (target) => VERSIONS.served[target] ?? [VERSIONS.unversioned];

/** The request-side changes of scripts/github-api-versions.json that lead from the unversioned description of `target` to `version`, in order. */
export function changesFor(target, version) {
  return Object.entries(VERSIONS.versions)
    .filter(([date]) => date <= version)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([, { changes = [] }]) => changes.filter((change) => change.targets.includes(target)));
}

/** The reference tokens of a JSON Pointer (RFC 6901 section 3, `/a~1b` or a local `$ref`'s `#/a~1b`): `["a/b"]`. */
const tokensOf = (pointer) =>
  pointer
    .split("/")
    .slice(1)
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));

/** The value a local `$ref` (`#/components/schemas/x`) points at in `spec`. */
function pointAt(spec, ref) {
  return tokensOf(ref).reduce((value, part) => value?.[part], spec);
}

/** `holder[key]` with a `$ref` there replaced by a copy of its target, so that changing it changes no other operation. */
function own(spec, holder, key) {
  let value = holder[key];
  while (value?.$ref !== undefined) value = pointAt(spec, value.$ref);
  holder[key] = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  return holder[key];
}

/** Removes the properties `names` (and their `required` entries) from `schema`; whether any was there. */
function removeProperties(schema, names = []) {
  let applied = false;
  for (const name of names) {
    if (schema.properties?.[name] === undefined) continue;
    Reflect.deleteProperty(schema.properties, name);
    if (Array.isArray(schema.required)) schema.required = schema.required.filter((required) => required !== name);
    applied = true;
  }
  return applied;
}

/** Applies `change` to a JSON body schema held at `holder[key]`, through `allOf`, `oneOf` and `anyOf`; whether it applied. */
function changeSchema(spec, holder, key, change) {
  const schema = own(spec, holder, key);
  if (schema === undefined || schema === null) return false;
  let applied = removeProperties(schema, change.removeParameters);
  for (const [name, narrowed] of Object.entries(change.narrowParameters ?? {})) {
    if (schema.properties?.[name] === undefined) continue;
    const { description } = own(spec, schema.properties, name);
    schema.properties[name] = { ...narrowed, ...(description === undefined ? {} : { description }) };
    applied = true;
  }
  for (const list of ["allOf", "oneOf", "anyOf"])
    for (let index = 0; index < (schema[list]?.length ?? 0); index++) applied = changeSchema(spec, schema[list], index, change) || applied;
  return applied;
}

/**
 * `spec` with `changes` applied, as a copy (`spec` itself when there is none): parameters removed from the query and the JSON body of
 * each change's routes, parameters narrowed, routes removed. Also each change and route that found
 * nothing to change in `spec` (`/hub`, which the description no longer has), for the reports.
 */
export function applyChanges(spec, changes) {
  // No change, no copy: the 2022-11-28 maps, and every GHES one.
  if (changes.length === 0) return { spec, unmatched: [] };
  const copy = JSON.parse(JSON.stringify(spec));
  const unmatched = [];
  for (const change of changes) {
    for (const route of change.removeRoutes ?? []) {
      const [method, path] = route.split(" ");
      if (copy.paths[path]?.[method.toLowerCase()] === undefined) unmatched.push(`${change.cites}: ${route}`);
      else Reflect.deleteProperty(copy.paths[path], method.toLowerCase());
    }
    for (const route of change.routes ?? []) {
      const [method, path] = route.split(" ");
      const operation = copy.paths[path]?.[method.toLowerCase()];
      if (operation === undefined) {
        unmatched.push(`${change.cites}: ${route}`);
        continue;
      }
      let applied = false;
      const removed = new Set(change.removeParameters ?? []);
      if (Array.isArray(operation.parameters)) {
        const before = operation.parameters.length;
        operation.parameters = operation.parameters.filter((parameter) => {
          let resolved = parameter;
          while (resolved?.$ref !== undefined) resolved = pointAt(copy, resolved.$ref);
          return !(resolved.in === "query" && removed.has(resolved.name));
        });
        applied = operation.parameters.length < before;
      }
      if (operation.requestBody !== undefined) {
        const body = own(copy, operation, "requestBody");
        const json = Object.keys(body.content ?? {}).find((type) => /json/i.test(type));
        if (json !== undefined) applied = changeSchema(copy, body.content[json], "schema", change) || applied;
      }
      if (!applied) unmatched.push(`${change.cites}: ${route}`);
    }
  }
  return { spec: copy, unmatched };
}

/** The key under which GitHub's descriptions carry each version's changes to the node it is on. */
const DESCRIBED = "x-github-breaking-changes";

/** Whether a JSON Merge Patch holds a `null` (a removal) at any depth. */
const removes = (patch) =>
  typeof patch === "object" &&
  patch !== null &&
  !Array.isArray(patch) &&
  Object.values(patch).some((value) => value === null || removes(value));

/**
 * RFC 7396 (JSON Merge Patch) of `patch` over `target`: an object merged key by key, `null` removing
 * a key, anything else replacing. Stricter than the RFC, which never fails, so that a patch the
 * description changed under stops the build: a `null` must remove a key that is there, a patch may
 * reach into a member that is not there only to add (no `null` below it), and a patch beside a
 * `$ref` must replace the `$ref` (what it added beside one would be ignored).
 */
function mergePatch(target, patch, where) {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) return patch;
  const merged = typeof target === "object" && target !== null && !Array.isArray(target) ? target : {};
  if (merged.$ref !== undefined && patch.$ref === undefined) throw new Error(`${where}: a JSON Merge Patch into ${merged.$ref}`);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null && !Object.hasOwn(merged, key)) throw new Error(`${where}: a JSON Merge Patch removes ${key}, which is not there`);
    if (value !== null && !Object.hasOwn(merged, key) && removes(value))
      throw new Error(`${where}: a JSON Merge Patch reaches into ${key}, which is not there`);
    if (value === null) Reflect.deleteProperty(merged, key);
    else merged[key] = mergePatch(merged[key], value, `${where}/${key}`);
  }
  return merged;
}

/**
 * RFC 6902 (JSON Patch) `operations` on `node`, in order: `remove`, `replace` and `add`, the ones
 * GitHub's descriptions use. A path must resolve as the RFC says (a member that is there, an array
 * index `0` to the last, or to the length and `-` for `add`); one that does not throws, so that a
 * description that changed under a patch stops the build.
 */
function jsonPatch(node, operations, where) {
  if (operations.length === 0) throw new Error(`${where}: an empty JSON Patch`);
  for (const { op, path, value } of operations) {
    if (typeof path !== "string" || !path.startsWith("/")) throw new Error(`${where}: JSON Patch ${op} ${path} does not apply`);
    const tokens = tokensOf(path);
    const last = tokens.pop();
    const parent = tokens.reduce((at, token) => (typeof at === "object" && at !== null ? at[token] : undefined), node);
    const fails = () => new Error(`${where}: JSON Patch ${op} ${path} does not apply`);
    if (!["remove", "replace", "add"].includes(op) || typeof parent !== "object" || parent === null || last === undefined) throw fails();
    if (Array.isArray(parent)) {
      const index = last === "-" && op === "add" ? parent.length : /^(?:0|[1-9]\d*)$/.test(last) ? Number(last) : -1;
      if (index < 0 || index > parent.length || (index === parent.length && op !== "add")) throw fails();
      if (op === "remove") parent.splice(index, 1);
      else if (op === "add") parent.splice(index, 0, value);
      else parent[index] = value;
    } else {
      if (op !== "add" && !Object.hasOwn(parent, last)) throw fails();
      if (op === "remove") Reflect.deleteProperty(parent, last);
      else parent[last] = value;
    }
  }
}

/**
 * Calls `visit(node, pointer)` on each node inside `node` that carries changes (`x-github-breaking-changes`),
 * a node after the nodes inside it; `keys` is the pointer's keys so far.
 */
function forEachAnnotated(node, visit, keys = ["#"]) {
  if (typeof node !== "object" || node === null) return;
  for (const [key, value] of Object.entries(node))
    if (key !== DESCRIBED && typeof value === "object" && value !== null) {
      keys.push(key);
      forEachAnnotated(value, visit, keys);
      keys.pop();
    }
  if (!Array.isArray(node) && node[DESCRIBED] !== undefined) visit(node, keys.join("/"));
}

/**
 * `spec` with the changes its own nodes describe (`x-github-breaking-changes`: on an operation, a
 * component schema or example, a list of `{ changeset, patch, version }`) of every version up to
 * `version` applied to the node they are on, as a copy (`spec` itself, annotations and all, when
 * none is of `version` or before): a `patch` object is a JSON Merge Patch (RFC 7396), a list a JSON
 * Patch (RFC 6902). This is how GitHub's descriptions hold a version's breaking changes (the
 * changesets of GitHub's CHANGELOG for that version); the copy has no such annotation left. Also the
 * names of the changesets applied, in order.
 */
export function applyDescribedChanges(spec, version) {
  const applies = (change, where) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(change.version)) throw new Error(`${where} (${change.changeset}): no version`);
    return change.version <= version;
  };
  // No change of the version, no copy: the 2022-11-28 maps, and every GHES one.
  let any = false;
  forEachAnnotated(spec, (node, where) => {
    if (node[DESCRIBED].filter((change) => applies(change, where)).length > 0) any = true;
  });
  if (!any) return { spec, changesets: [] };
  const copy = JSON.parse(JSON.stringify(spec));
  const changesets = new Set();
  forEachAnnotated(copy, (node, where) => {
    for (const change of node[DESCRIBED]) {
      if (!applies(change, where)) continue;
      if (Array.isArray(change.patch)) jsonPatch(node, change.patch, `${where} (${change.changeset})`);
      else if (typeof change.patch === "object" && change.patch !== null && Object.keys(change.patch).length > 0)
        mergePatch(node, change.patch, `${where} (${change.changeset})`);
      else throw new Error(`${where} (${change.changeset}): a patch that is neither a JSON Patch nor a JSON Merge Patch of the node`);
      changesets.add(change.changeset);
    }
    Reflect.deleteProperty(node, DESCRIBED);
  });
  return { spec: copy, changesets: [...changesets] };
}
