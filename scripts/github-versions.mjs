// GitHub's API versions (https://docs.github.com/rest/about-the-rest-api/api-versions): the
// request-side and response-side changes each version makes, from scripts/github-api-versions.json
// (itself from GitHub's CHANGELOG.md files, with provenance), applied to an OpenAPI description so
// that the generator writes that version's map and its responses. Shared by scripts/generate-routes.mjs and
// scripts/descriptions-update.mjs.
import { readFileSync } from "node:fs";

/** scripts/github-api-versions.json. */
export const VERSIONS = JSON.parse(readFileSync(new URL("github-api-versions.json", import.meta.url), "utf8"));

/** The versions a target serves, oldest first: `["2022-11-28", "2026-03-10"]`. */
export const servedBy = (target) => VERSIONS.served[target] ?? [VERSIONS.unversioned];

/**
 * The changes that lead from the unversioned description of `target` to `version`, in order: the
 * request side's (`side` "changes") or the response side's ("responseChanges").
 */
export function changesFor(target, version, side = "changes") {
  return Object.entries(VERSIONS.versions)
    .filter(([date]) => date <= version)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([, { [side]: changes = [] }]) => changes.filter((change) => change.targets.includes(target)));
}

/** The value a local `$ref` (`#/components/schemas/x`) points at in `spec`. */
function pointAt(spec, ref) {
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce((value, part) => value?.[part], spec);
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
 * `spec` with `changes` applied, as a copy: parameters removed from the query and the JSON body of
 * each change's routes, parameters narrowed, routes removed. Also each change and route that found
 * nothing to change in `spec` (`/hub`, which the description no longer has), for the reports.
 */
export function applyChanges(spec, changes) {
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

/** Removes `change`'s properties and enum values from a component schema, through `allOf`, `oneOf` and `anyOf`; whether it applied. */
function changeComponent(schema, change) {
  if (typeof schema !== "object" || schema === null) return false;
  let applied = removeProperties(schema, change.removeProperties);
  for (const [name, values] of Object.entries(change.removeEnumValues ?? {})) {
    const property = schema.properties?.[name];
    // The enum of the property, or of its items (a list of values).
    const holder = Array.isArray(property?.enum) ? property : property?.items;
    if (!Array.isArray(holder?.enum)) continue;
    holder.enum = holder.enum.filter((value) => !values.includes(value));
    applied = true;
  }
  for (const list of ["allOf", "oneOf", "anyOf"]) for (const part of schema[list] ?? []) applied = changeComponent(part, change) || applied;
  return applied;
}

/**
 * `spec` with the response-side `changes` applied, as a copy: properties and enum values removed
 * from the component schemas each change names (every response that names the component changes
 * with it, as GitHub's CHANGELOG describes the resource), a status code renamed in the responses of
 * each change's routes. Also each change, schema and route that found nothing to change.
 */
export function applyResponseChanges(spec, changes) {
  const copy = JSON.parse(JSON.stringify(spec));
  const unmatched = [];
  for (const change of changes) {
    for (const name of change.schemas ?? [])
      if (!changeComponent(copy.components?.schemas?.[name], change)) unmatched.push(`${change.cites}: ${name}`);
    for (const route of change.routes ?? []) {
      const [method, path] = route.split(" ");
      const responses = copy.paths[path]?.[method.toLowerCase()]?.responses;
      const renames = Object.entries(change.renameStatus ?? {}).filter(([from]) => responses?.[from] !== undefined);
      if (renames.length === 0) unmatched.push(`${change.cites}: ${route}`);
      for (const [from, to] of renames) {
        responses[to] = responses[from];
        Reflect.deleteProperty(responses, from);
      }
    }
  }
  return { spec: copy, unmatched };
}
