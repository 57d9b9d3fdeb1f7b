// GitHub's response types by tag, for scripts/generate-routes.mjs. A map's responses module
// (lib/openapi/responses.ts' text: `interface Responses` with a line per route, then the components)
// is split so that a program loads the responses of the routes it calls, not the target's 0.4 MB:
//
// - `<map>.responses/base`: the map with an empty `Responses`, and which tag holds each route
//   (`RouteTags`), read by `ResponseOf`'s refusal to name the module a route's responses are in;
// - `<map>.responses/<tag>`: one per first OpenAPI `tags` entry of the operations (GitHub's docs
//   categories, https://docs.github.com/rest/<tag>), whose routes it adds to the base's `Responses`
//   by module augmentation, with the components that only its routes reach;
// - `<map>.responses/components-<hash>`: the components that several tags reach, one file per set
//   of tags that reach them, so that a tag's module loads only what its routes name;
// - `<map>.responses`: the base and every tag, the whole map as 0.4.0 shipped it.
//
// Every file has its `.d.ts` (re-exporting the `.d.cts`) and empty `.js`/`.cjs` beside it, so that
// the package's `./routes/*` export reaches each one in both module systems: an SDK's declarations
// may name any component through the file that declares it.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A responses module's text (lib/openapi/responses.ts) as its parts: each route's line, each component's declaration (with its comment). */
export function responseParts(text) {
  const open = "export interface Responses {\n";
  const start = text.indexOf(open);
  const end = text.indexOf("\n}\n", start);
  const routes = new Map();
  for (const line of text.slice(start + open.length, end).split("\n")) {
    const [, key] = /^ {2}("(?:[^"\\]|\\.)*"): /.exec(line) ?? [];
    if (key === undefined) throw new Error(`a route line of no known form: ${line.slice(0, 100)}`);
    routes.set(JSON.parse(key), line);
  }
  const components = new Map();
  let comment = [];
  for (const line of text.slice(end + 3).split("\n")) {
    const [, name] = /^export (?:interface|type) (\w+)/.exec(line) ?? [];
    if (name !== undefined) {
      components.set(name, [...comment, line].join("\n"));
      comment = [];
    } else if (line !== "") comment.push(line);
  }
  return { routes, components };
}

/** The identifiers a declaration's code names, outside its comments and string literals (a route's key, a literal type). */
function namesIn(text) {
  const code = text.replace(/\/\*\*?(?:[^*]|\*(?!\/))*\*\//g, " ").replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return new Set(code.match(/\b[a-z_]\w*\b/gi) ?? []);
}

/**
 * The components of a version (`after`) that differ from its target's (`before`): those whose
 * declaration differs, and every one that names such a component, however deep.
 */
export function changedComponents(before, after) {
  const changed = new Set([...after].filter(([component, text]) => before.get(component) !== text).map(([component]) => component));
  const names = new Map(
    [...after].map(([component, text]) => [component, [...namesIn(text)].filter((word) => word !== component && after.has(word))]),
  );
  for (let grown = true; grown;) {
    grown = false;
    for (const [component, named] of names)
      if (!changed.has(component) && named.some((word) => changed.has(word))) {
        changed.add(component);
        grown = true;
      }
  }
  return changed;
}

/** Each route's tag: the first `tags` entry of its operation in the description, `other` for none. */
export function tagsOf(spec) {
  const tags = new Map();
  for (const [path, item] of Object.entries(spec.paths ?? {}))
    for (const [method, operation] of Object.entries(item ?? {}))
      if (typeof operation === "object" && operation !== null && "responses" in operation) {
        const tag = operation.tags?.[0] ?? "other";
        if (!/^[a-z][a-z0-9-]*$/.test(tag) || tag === "base" || tag.startsWith("components-"))
          throw new Error(`a tag of no usable name: ${tag}`);
        tags.set(`${method.toUpperCase()} ${path}`, tag);
      }
  return tags;
}

/** The tag of a route written with its origin: that of the operation whose method and path end it. */
function tagByPath(tags, route) {
  const [method] = route.split(" ", 1);
  const found = [...tags].filter(([key]) => key.startsWith(`${method} /`) && route.endsWith(key.slice(method.length + 1)));
  return found.sort(([a], [b]) => b.length - a.length)[0]?.[1];
}

const write = (dir, file, declarations) => {
  writeFileSync(join(dir, `${file}.d.cts`), declarations);
  writeFileSync(join(dir, `${file}.d.ts`), `export type * from "./${file}.cjs";\n`);
  writeFileSync(join(dir, `${file}.js`), "export {};\n");
  writeFileSync(join(dir, `${file}.cjs`), '"use strict";\n');
};

/** `import type { … } from …` lines for the names a file uses, by the module (a `.cjs` specifier) that declares each. */
const imports = (names, home, self) => {
  const by = new Map();
  for (const name of [...names].sort()) {
    const module = home.get(name);
    if (module === undefined || module === self) continue;
    by.set(module, [...(by.get(module) ?? []), name]);
  }
  return [...by].map(([module, list]) => `import type { ${list.join(", ")} } from "${module}";`);
};

/**
 * Writes `<out>/<name>.responses/` and `<name>.responses` for one map.
 *
 * - `parts`: the map's routes and components (`responseParts`);
 * - `own`: the components this map declares (all of them for a target, what a version changes);
 * - `external`: for a version, the module (from its folder, `../<target>.responses/<file>.cjs`) of
 *   each component it takes from its target unchanged;
 * - `tags`: each route's tag (`tagsOf`);
 * - `target`: for a version, its target's name: its base imports the target's `RouteTags` and its
 *   ESM declarations extend the version's ESM map; undefined for a target;
 * - `header`: the comment line each file starts with.
 *
 * Returns the module of each component it declares, for the map's versions.
 */
export function writeResponsesByTag({
  out,
  name,
  parts,
  own = new Set(parts.components.keys()),
  external = new Map(),
  tags,
  target,
  header,
}) {
  const dir = join(out, `${name}.responses`);
  mkdirSync(dir, { recursive: true });
  const byTag = new Map();
  for (const route of parts.routes.keys()) {
    // A route of an operation with servers of its own (uploads.github.com, GHES' `{origin}/manage`) is written with its origin.
    const tag = tags.get(route) ?? tagByPath(tags, route);
    if (tag === undefined) throw new Error(`${name}: ${route} has no operation in the description`);
    byTag.set(tag, [...(byTag.get(tag) ?? []), route]);
  }
  const named = new Map(
    [...parts.components].map(([component, text]) => [
      component,
      [...namesIn(text)].filter((word) => word !== component && parts.components.has(word)),
    ]),
  );
  // The tags that reach each of the map's own components, through routes and components.
  const reach = new Map([...own].map((component) => [component, new Set()]));
  for (const [tag, routes] of byTag) {
    const stack = routes.flatMap((route) => [...namesIn(parts.routes.get(route))].filter((word) => reach.has(word)));
    while (stack.length > 0) {
      const component = stack.pop();
      const tagged = reach.get(component);
      if (tagged === undefined || tagged.has(tag)) continue;
      tagged.add(tag);
      stack.push(...named.get(component));
    }
  }
  // Each own component's file: its tag's module when one tag reaches it, else the file of its set of tags.
  const home = new Map(external);
  const files = new Map();
  for (const [component, tagged] of reach) {
    if (tagged.size === 0) continue;
    const set = [...tagged].sort();
    const file = set.length === 1 ? set[0] : `components-${createHash("sha256").update(set.join(" ")).digest("hex").slice(0, 8)}`;
    home.set(component, `./${file}.cjs`);
    files.set(file, [...(files.get(file) ?? []), component]);
  }
  /** The components a set of names reaches, however deep. */
  const reached = (names) => {
    const seen = new Set();
    const stack = [...names];
    while (stack.length > 0) {
      const component = stack.pop();
      if (!home.has(component) || seen.has(component)) continue;
      seen.add(component);
      stack.push(...(named.get(component) ?? []));
    }
    return seen;
  };
  for (const [file, components] of files) {
    if (byTag.has(file)) continue;
    const declared = components.map((component) => parts.components.get(component));
    write(dir, file, `${header}\n${imports(namesIn(declared.join("\n")), home, `./${file}.cjs`).join("\n")}\n\n${declared.join("\n")}\n`);
  }
  const modulePrefix = `rest-endpoint/routes/${name}.responses`;
  for (const [tag, routes] of byTag) {
    const lines = routes.map((route) => parts.routes.get(route));
    const declared = (files.get(tag) ?? []).map((component) => parts.components.get(component));
    const used = namesIn([...lines, ...declared].join("\n"));
    // The components of every file its routes reach, by this module's name too: an SDK's declarations name them through it.
    // Each of this map's files whole; a target's component (in a version) by name, since the version declares some of its file's again.
    const reachable = [...reached(used)];
    const reexported = [
      ...[...new Set(reachable.filter((component) => reach.has(component)).map((component) => home.get(component)))]
        .filter((module) => module !== `./${tag}.cjs`)
        .sort()
        .map((module) => `export type * from "${module}";`),
      ...[...new Set(reachable.filter((component) => !reach.has(component)).map((component) => home.get(component)))].sort().map(
        (module) =>
          `export type { ${reachable
            .filter((component) => home.get(component) === module && !reach.has(component))
            .sort()
            .join(", ")} } from "${module}";`,
      ),
    ];
    write(
      dir,
      tag,
      `${header}
${imports(used, home, `./${tag}.cjs`).join("\n")}
${reexported.join("\n")}

${declared.join("\n")}

declare module "./base.cjs" {
  /** The responses of the ${routes.length} routes of tag ${tag} (https://docs.github.com/rest/${tag}). */
  interface Responses {
${lines.map((line) => `  ${line}`).join("\n")}
  }
}
`,
    );
  }
  const tagNames = [...byTag.keys()].sort();
  write(
    dir,
    "base",
    `${header}
import type { Responding } from "../../index.cjs";
import type { Routes as Requests } from "../${name}.cjs";
${target === undefined ? "" : `import type { RouteTags } from "../${target}.responses/base.cjs";\n`}
/**
 * The map's routes, with the responses of the tags a program imports: \`ResponseOf<Routes, R>\` reads
 * them. Import each tag whose routes the program calls, \`import "${modulePrefix}/<tag>"\`, or every
 * tag, \`${modulePrefix}\`.
 */
export interface Routes extends Requests, Responding<Responses> {}

/**
 * Each route's responses, by status, as the tag modules (\`${modulePrefix}/<tag>\`) add them. The call
 * signature is no route: it tells \`ResponseOf\` which module holds a route that is not loaded.
 */
export interface Responses {
  (module: "${modulePrefix}", tags: RouteTags): never;
}
${
  target === undefined
    ? `
/** Each tag's routes (the first OpenAPI \`tags\` entry of their operations, GitHub's docs category, https://docs.github.com/rest/<tag>): the module of a route that is not loaded, \`${modulePrefix}/<tag>\`. */
export interface RouteTags {
${[...byTag]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([tag, routes]) => `  "${tag}": ${routes.map((route) => JSON.stringify(route)).join(" | ")};`)
  .join("\n")}
}
`
    : ""
}`,
  );
  writeFull(
    out,
    name,
    tagNames.map((tag) => `./${name}.responses/${tag}.cjs`),
    header,
  );
  if (target !== undefined) writeVersionEsm(out, name, header);
  return {
    home: new Map(
      [...home]
        .filter(([component]) => reach.has(component))
        .map(([component, module]) => [component, module.replace("./", `../${name}.responses/`)]),
    ),
    tags: tagNames,
  };
}

/** `<map>.responses`: the base's map and every tag's module, the whole map in one import. */
function writeFull(out, name, modules, header) {
  writeFileSync(
    join(out, `${name}.responses.d.cts`),
    `${header}
export type { Routes, Responses } from "./${name}.responses/base.cjs";
${modules.map((module) => `export type * from "${module}";`).join("\n")}
`,
  );
  writeFileSync(join(out, `${name}.responses.d.ts`), `export type * from "./${name}.responses.cjs";\n`);
  writeFileSync(join(out, `${name}.responses.js`), "export {};\n");
  writeFileSync(join(out, `${name}.responses.cjs`), '"use strict";\n');
}

/**
 * A version's base and whole module in ESM: its \`Routes\` extends the ESM map of the version, whose
 * \`ApiVersioned\` marker is a unique symbol of the ESM declarations, with the same \`Responses\`.
 */
function writeVersionEsm(out, name, header) {
  writeFileSync(
    join(out, `${name}.responses`, "base.d.ts"),
    `${header}
import type { Responding } from "../../index.js";
import type { Routes as Requests } from "../${name}.js";
import type { Responses } from "./base.cjs";

export type { Responses } from "./base.cjs";

/** The map of this API version with the responses of the tags a program imports (the CommonJS declarations' \`Routes\`, over the ESM map). */
export interface Routes extends Requests, Responding<Responses> {}
`,
  );
  writeFileSync(
    join(out, `${name}.responses.d.ts`),
    `${header}
export type { Routes } from "./${name}.responses/base.js";
export type * from "./${name}.responses.cjs";
`,
  );
}

/**
 * Writes `<out>/<name>.responses/` and `<name>.responses` for a version that changes no response:
 * its base is its own map with its target's `Responses`, each tag module its target's.
 */
export function writeSharedResponses({ out, name, target, tags, header }) {
  const dir = join(out, `${name}.responses`);
  mkdirSync(dir, { recursive: true });
  write(
    dir,
    "base",
    `${header}
import type { Responding } from "../../index.cjs";
import type { Routes as Requests } from "../${name}.cjs";
import type { Responses } from "../${target}.responses/base.cjs";

export type { Responses } from "../${target}.responses/base.cjs";

/** The map of this API version with ${target}'s responses, those of the tags a program imports (\`rest-endpoint/routes/${name}.responses/<tag>\`, each the target's). */
export interface Routes extends Requests, Responding<Responses> {}
`,
  );
  for (const tag of tags) write(dir, tag, `${header}\nexport type * from "../${target}.responses/${tag}.cjs";\n`);
  writeFull(out, name, [`./${target}.responses.cjs`], header);
  writeVersionEsm(out, name, header);
}
