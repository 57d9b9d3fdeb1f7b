// Trims a public OpenAPI description to the operations the tests need, for __tests__/fixtures/openapi/
// (each folder's PROVENANCE.md says which description, commit and operations):
//
//   node scripts/trim-description.mjs <root file> <out dir> "<METHOD> <path>" …
//
// The root file keeps `openapi`, `info`, `servers` and the named operations' path items (only those
// methods); every file a kept `$ref` reaches is copied as it is, at the same relative place, and
// `#/components/…` entries of the root that are reached are kept. Responses and code samples are
// left out of the operations (the route maps read requests only).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parse, stringify } from "yaml";

const [rootFile, outDir, ...routes] = process.argv.slice(2);
const read = (file) =>
  file.endsWith(".json") ? JSON.parse(readFileSync(file, "utf8")) : parse(readFileSync(file, "utf8"), { maxAliasCount: -1 });
const write = (file, value) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    file.endsWith(".json") ? `${JSON.stringify(value, null, 2)}\n` : stringify(value, { lineWidth: 120, aliasDuplicateObjects: false }),
  );
};
const base = dirname(resolve(rootFile));
const root = read(rootFile);
const strip = (operation) =>
  Object.fromEntries(Object.entries(operation).filter(([key]) => key !== "responses" && key !== "x-codeSamples"));
const paths = {};
for (const route of routes) {
  const [method, path] = route.split(" ");
  const item = root.paths[path];
  if (item?.[method.toLowerCase()] === undefined) throw new Error(`${rootFile}: no operation ${route}`);
  paths[path] ??= Object.fromEntries(Object.entries(item).filter(([key]) => !/^(?:get|head|post|put|patch|delete|options)$/.test(key)));
  paths[path][method.toLowerCase()] = item[method.toLowerCase()].$ref ? item[method.toLowerCase()] : strip(item[method.toLowerCase()]);
}
const trimmed = { openapi: root.openapi, info: { title: root.info.title, version: root.info.version }, servers: root.servers, paths };
const components = {};
const files = new Map();
const pending = [[trimmed, resolve(rootFile)]];
const seenPointers = new Set();
while (pending.length > 0) {
  const [node, file] = pending.pop();
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    if (typeof value.$ref === "string") {
      const [target, pointer = ""] = value.$ref.split("#");
      const targetFile = target === "" ? file : resolve(dirname(file), target);
      if (targetFile === resolve(rootFile)) {
        const key = pointer;
        if (!seenPointers.has(key) && pointer.startsWith("/components/")) {
          seenPointers.add(key);
          const [, , section, name] = pointer.split("/");
          const entry = root.components[section][name.replaceAll("~1", "/")];
          (components[section] ??= {})[name] = entry;
          pending.push([entry, targetFile]);
        }
      } else if (!files.has(targetFile)) {
        let content = read(targetFile);
        if (content && typeof content === "object" && "operationId" in content) content = strip(content);
        files.set(targetFile, content);
        pending.push([content, targetFile]);
      }
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
}
if (Object.keys(components).length > 0) trimmed.components = components;
write(join(outDir, relative(base, resolve(rootFile))), trimmed);
for (const [file, content] of files) write(join(outDir, relative(base, file)), content);
console.log(`${outDir}: ${routes.length} operations, ${files.size + 1} files`);
