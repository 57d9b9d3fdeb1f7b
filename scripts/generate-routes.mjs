// Writes dist/routes/: one route map per target in the pinned @octokit/openapi (api.github.com,
// GHEC, each GHES version), run by scripts/build.mjs. For each target:
//
// - `<target>.d.cts`: `export interface Routes`, each REST operation's route mapped to its request
//   parameters (path, query, JSON body), with no response types; `<target>.d.ts` re-exports it.
//   Types only: the `.js`/`.cjs` beside them are empty modules, so that `import type` resolves in
//   every module system.
// - `<target>.json`: the same routes, each as its documentation URL (after the prefix `docs` most
//   share) and each parameter's `[name, place, shallow type, required]`, read by the CLI's `--routes`.
//
// Route keys are the routes that send each operation's request as documented:
// - `"<METHOD> <path>"`, the path as GitHub writes it;
// - a query on a method that sends a body (POST, PUT, PATCH, DELETE) is declared in the template,
//   `{?name,label}`, since parameters not in the template go to the body there (spec §2.2);
// - an operation served from another origin keeps it: `https://uploads.github.com/…` where it is a
//   literal, `{origin}/…` where it depends on the installation (GHES's `{protocol}://{hostname}`).
//
// Parameter types follow each parameter's JSON schema: `integer` is `number`, `date-time` strings
// also take a `Date` (sent as ISO 8601), arrays are `readonly`, and query parameters GitHub documents
// as comma-separated take `string | readonly string[]` (the runtime joins a list with ","). A body
// of several object shapes (`oneOf`) takes the properties of all, merged. A body that is not a
// JSON object, or whose keys clash with an option name or a template variable, goes under `data`,
// as the runtime requires.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { OPENAPI_VERSION, readTarget, TARGETS } from "./openapi.mjs";

const OUT = join(process.cwd(), "dist", "routes");
/**
 * The options of a call, read from their one table, `OPTIONS` in lib/options.ts: a body key of that
 * name would be read as the option.
 */
const OPTION_NAMES = (() => {
  const source = readFileSync(new URL("../lib/options.ts", import.meta.url), "utf8");
  const table = source.slice(source.indexOf("export const OPTIONS = {"));
  const names = [...table.slice(0, table.indexOf("\n};")).matchAll(/^ {2}(\w+)\(/gm)].map(([, name]) => name);
  if (!names.includes("data")) throw new Error("lib/options.ts: the OPTIONS table was not found");
  return new Set(names);
})();
/**
 * How deep a schema is written out; past it, `unknown`. It bounds recursive schemas (a `$ref` cycle);
 * the deepest of GitHub's request parameters needs 8 (writing them with 40 changes no file).
 */
const MAX_DEPTH = 10;
/**
 * The longest parameter description written, in characters: a first sentence longer than this is
 * cut with "…". On api.github.com (@octokit/openapi 23.0.2) 3 of 4,550 are; their median is 47.
 */
const DOC_LENGTH = 200;

const key = (name) => (/^[A-Z_$][\w$]*$/i.test(name) ? name : JSON.stringify(name));
const literal = (value) => (value === null ? "null" : JSON.stringify(value));
const union = (types) => {
  const unique = [...new Set(types)];
  return unique.includes("unknown") ? "unknown" : unique.join(" | ");
};
const parenthesized = (type) => (/[|&]/.test(type) ? `(${type})` : type);

/**
 * A TypeScript type for a JSON schema (OpenAPI 3.0/3.1 subset GitHub uses: `type` (or a list of
 * types), `enum`, `const`, `nullable`, `oneOf`/`anyOf`, `allOf`, `items`, `properties`, `required`,
 * `additionalProperties`). `shallow` writes nested objects as `object`, for the CLI's listing.
 */
function typeOf(schema, resolve, depth = 0, shallow = false) {
  schema = resolve(schema);
  if (schema === undefined || depth > MAX_DEPTH) return "unknown";
  const inner = (child) => typeOf(child, resolve, depth + 1, shallow);
  let type;
  if (Array.isArray(schema.enum)) type = union(schema.enum.map(literal));
  else if ("const" in schema) type = literal(schema.const);
  else if (schema.oneOf !== undefined || schema.anyOf !== undefined) type = union((schema.oneOf ?? schema.anyOf).map(inner));
  else if (schema.allOf !== undefined) type = schema.allOf.map((part) => parenthesized(inner(part))).join(" & ");
  else {
    const types = [schema.type ?? (schema.properties ? "object" : schema.items ? "array" : [])].flat();
    type = types.length === 0 ? "unknown" : union(types.map((name) => typeOfName(name, schema, depth, shallow, inner)));
  }
  return schema.nullable === true ? union([type, "null"]) : type;
}

/** The type for one of a schema's `type` names. */
function typeOfName(name, schema, depth, shallow, inner) {
  switch (name) {
    case "integer":
    case "number":
      return "number";
    case "string":
      return schema.format === "date-time" ? "string | Date" : "string";
    case "boolean":
    case "null":
      return name;
    case "array":
      return `readonly ${parenthesized(schema.items === undefined ? "unknown" : inner(schema.items))}[]`;
    case "object":
      return shallow && depth > 0 ? "object" : objectType(schema, inner);
    default:
      return "unknown";
  }
}

/**
 * An object schema's type: its properties, and an index signature where other keys are allowed
 * (`additionalProperties` true or a schema, or no properties at all). Beside properties the index
 * signature is `unknown`, since TypeScript requires every property to fit it.
 */
function objectType(schema, inner) {
  const required = new Set(schema.required ?? []);
  const members = Object.entries(schema.properties ?? {}).map(
    ([name, property]) => `${key(name)}${required.has(name) ? "" : "?"}: ${inner(property)}`,
  );
  const extra = schema.additionalProperties;
  const open = extra === undefined ? members.length === 0 : extra !== false;
  if (open) members.push(`[key: string]: ${members.length === 0 && typeof extra === "object" ? inner(extra) : "unknown"}`);
  return members.length === 0 ? "Record<string, never>" : `{ ${members.join("; ")} }`;
}

/**
 * The object shapes a JSON body schema allows: the schema itself when it has `properties`, each
 * variant of its `oneOf`/`anyOf` when every one has them, `[]` for an object of any keys (only
 * `additionalProperties`), else `undefined` (an array, a string, a mix): such a body goes under `data`.
 */
function objectShapes(json, resolve) {
  const variants = json.oneOf ?? json.anyOf;
  if (variants !== undefined) {
    const shapes = variants.map(resolve);
    return shapes.every((shape) => shape.properties !== undefined && (shape.type ?? "object") === "object") ? shapes : undefined;
  }
  if (json.properties !== undefined && (json.type ?? "object") === "object") return [json];
  return json.type === "object" ? [] : undefined;
}

/**
 * A parameter's TSDoc, what an editor shows on hover: the first sentence of GitHub's description
 * (Markdown links reduced to their text; at most DOC_LENGTH characters) and `@deprecated` where
 * GitHub marks it. "" when there is neither.
 */
function docOf({ description, deprecated } = {}) {
  let text = (description ?? "")
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  const end = text.search(/[.!?](?:\s|$)/);
  if (end !== -1) text = text.slice(0, end + 1);
  if (text.length > DOC_LENGTH) text = `${text.slice(0, DOC_LENGTH - 1)}…`;
  const parts = [text.replaceAll("*/", "*\\/"), deprecated === true ? "@deprecated" : ""].filter((part) => part !== "");
  return parts.length === 0 ? "" : `/** ${parts.join(" ")} */ `;
}

/**
 * A route's parameters as rows `[name, place, type, required, doc]`, place being path, query, body
 * or data, doc the TSDoc of {@link docOf}.
 */
function parametersOf({ method, operation, parameters }, route, resolve, shallow) {
  const rows = route.includes(" {origin}/")
    ? [["origin", "path", "string", true, "/** The installation's origin, e.g. `https://github.example.com`. */ "]]
    : [];
  const variables = new Set(["origin"]);
  for (const parameter of parameters) {
    if (parameter.in !== "path" && parameter.in !== "query") continue;
    let type = typeOf(parameter.schema, resolve, 0, shallow);
    if (parameter.in === "query" && /comma[- ]separated/i.test(parameter.description ?? "")) type = "string | readonly string[]";
    const schema = resolve(parameter.schema) ?? {};
    rows.push([
      parameter.name,
      parameter.in,
      type,
      parameter.in === "path" || parameter.required === true,
      docOf({ description: parameter.description ?? schema.description, deprecated: parameter.deprecated ?? schema.deprecated }),
    ]);
    if (parameter.in === "path" || method !== "GET") variables.add(parameter.name);
  }
  const body = resolve(operation.requestBody);
  if (body === undefined) return rows;
  const json = resolve(body.content?.["application/json"]?.schema);
  const shapes = json === undefined ? undefined : objectShapes(json, resolve);
  if (
    shapes === undefined ||
    shapes.some((shape) => Object.keys(shape.properties).some((name) => OPTION_NAMES.has(name) || variables.has(name)))
  ) {
    return [
      ...rows,
      ["data", "data", json === undefined ? "unknown" : typeOf(json, resolve, 0, shallow), body.required === true, docOf(body)],
    ];
  }
  // Several shapes (GitHub's oneOf) merge into one: a property takes the union of its types in the
  // shapes, and is required when every shape requires it. A union of one parameter object per shape
  // would be exact, but it made TypeScript weigh every route of the map on a call's first check
  // (4× the map's check time in npm run bench:types).
  const types = new Map();
  const docs = new Map();
  for (const shape of shapes) {
    for (const [name, schema] of Object.entries(shape.properties)) {
      types.set(name, [...(types.get(name) ?? []), typeOf(schema, resolve, 0, shallow)]);
      if (!docs.has(name)) docs.set(name, docOf(resolve(schema)));
    }
  }
  const required = (name) => shapes.every((shape) => shape.required?.includes(name) === true);
  return [...rows, ...[...types].map(([name, list]) => [name, "body", union(list), required(name), docs.get(name)])];
}

/** The route that sends the operation's request as documented (see the header). */
function routeOf({ method, template, operation, parameters }, spec) {
  const server = operation.servers?.[0]?.url;
  const origin =
    server === undefined || server === spec.servers?.[0]?.url
      ? ""
      : server.replace(/^(?:\{protocol\}:\/\/\{hostname\}|https:\/\/HOSTNAME)/, "{origin}");
  const query = parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
  const declared = method !== "GET" && method !== "HEAD" && query.length > 0 ? `{?${query.join(",")}}` : "";
  return `${method} ${origin}${template}${declared}`;
}

mkdirSync(OUT, { recursive: true });
const counts = [];
for (const target of TARGETS) {
  const { spec, resolve, operations } = readTarget(target);
  const lines = [];
  const listing = {};
  const prefixCounts = new Map();
  for (const { operation } of operations) {
    const prefix = /^https:\/\/[^#]*?\/rest\//.exec(operation.externalDocs?.url ?? "")?.[0] ?? "";
    prefixCounts.set(prefix, (prefixCounts.get(prefix) ?? 0) + 1);
  }
  const [[prefix]] = [...prefixCounts].sort(([, a], [, b]) => b - a);
  for (const operation of operations) {
    const route = routeOf(operation, spec);
    const members = parametersOf(operation, route, resolve, false).map(
      ([name, , type, required, doc]) => `${doc}${key(name)}${required ? "" : "?"}: ${type}`,
    );
    // One member a line: TypeScript attaches a TSDoc comment to what follows it only from a line's start.
    lines.push(
      `  ${JSON.stringify(route)}: {${members.map((member) => `\n    ${member};`).join("")}${members.length === 0 ? "" : "\n  "}};`,
    );
    // The documentation URL, without the prefix most of the target's share.
    const docs = operation.operation.externalDocs?.url ?? "";
    listing[route] = [
      docs.startsWith(prefix) ? docs.slice(prefix.length) : docs,
      ...parametersOf(operation, route, resolve, true).map(([name, place, type, required]) => [name, place, type, required ? 1 : 0]),
    ];
  }
  const declarations = `// Generated by scripts/generate-routes.mjs from @octokit/openapi ${OPENAPI_VERSION} (${target}): do not edit.

/**
 * The request parameters of each of ${target}'s ${operations.length} REST operations, by route: path parameters
 * (required), query parameters and JSON body properties. Give it to \`EndpointInterface\` to type calls by it:
 * \`const github: EndpointInterface<Routes> = endpoint.defaults({ baseUrl })\`. Routes not listed here are
 * typed from their template.
 */
export interface Routes {
${lines.join("\n")}
}
`;
  // One declaration file, for both module systems: the ESM one re-exports it (an ES module may
  // import a CommonJS one's types; the converse needs a resolution-mode attribute).
  writeFileSync(join(OUT, `${target}.d.cts`), declarations);
  writeFileSync(join(OUT, `${target}.d.ts`), `export type { Routes } from "./${target}.cjs";\n`);
  writeFileSync(join(OUT, `${target}.js`), "export {};\n");
  writeFileSync(join(OUT, `${target}.cjs`), '"use strict";\n');
  writeFileSync(
    join(OUT, `${target}.json`),
    JSON.stringify({ target, source: `@octokit/openapi ${OPENAPI_VERSION}`, docs: prefix, routes: listing }),
  );
  counts.push(`${target} ${operations.length}`);
}
console.log(`dist/routes: ${counts.join(", ")} operations (@octokit/openapi ${OPENAPI_VERSION})`);
