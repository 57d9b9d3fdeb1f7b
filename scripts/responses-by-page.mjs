// GitHub's response types by docs page, for scripts/generate-routes.mjs. A map's responses module
// (lib/openapi/responses.ts' text: `interface Responses` with a line per route, then the components)
// is split so that a program loads the responses of the routes it calls, not the target's 0.4 MB:
//
// - `<map>.responses/base`: the map with an empty `Responses`, and which page holds each route
//   (`RoutePages`), read by `ResponseOf`'s refusal to name the module a route's responses are in;
// - `<map>.responses/<category>/<subcategory>`: one per page of GitHub's REST docs that documents
//   routes, as the operation's `externalDocs` URL names it (https://docs.github.com/rest/issues/comments#…
//   is `issues/comments`), whose routes it adds to the base's `Responses` by module augmentation,
//   with the components that only its routes reach;
// - `<map>.responses/components-<hash>`: the components that several pages reach, one file per set
//   of pages that reach them, so that a page's module loads only what its routes name; a component
//   whose declaration (and that of each component it names) is an earlier target's, in one of its
//   components files, is declared there only, which a later target's pages import (scripts/generate-routes.mjs);
// - `<map>.responses`: the base and every page, the whole map as 0.4.0 shipped it.
//
// Every file has its `.d.ts` (re-exporting the `.d.cts`) and empty `.js`/`.cjs` beside it, so that
// the package's `./routes/*` export reaches each one in both module systems: an SDK's declarations
// may name any component through the file that declares it.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";

/**
 * The `Responding<Responses>` marker (lib/core/types/responses.ts) as a base writes it: its construct
 * signature, where an import of `Responding` from `../../index.cjs` made a program that imports the
 * library's ESM declarations load its CommonJS ones too (index.d.cts, 67 KB: 1 MB of TypeScript 5.9's
 * memory, 0.7 MB of TypeScript 7's, in bench:types' program of 0 calls; a version's map still imports
 * them, for its `ApiVersioned` marker). The marker's parameter is a literal type, so the two agree by
 * structure; the response tests type calls through every base.
 */
const RESPONDING = 'new (marker: "the responses of the map\'s routes"): Responses;';

/** How the name of a file of components several pages reach begins (`components-1a2b3c4d`), which no docs page's does. */
const COMPONENTS = "components-";

/**
 * Whether `file` (`../<map>.responses/<file>`, as {@link writeResponsesByPage} returns them) is a file
 * of components, not a page's module: a page's is `<category>/<subcategory>`, whose category never
 * begins so ({@link pagesOf}).
 */
export const isComponentsFile = (file) => file?.includes(`.responses/${COMPONENTS}`) === true;

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

/**
 * Each route's docs page, `<category>/<subcategory>`: the path of its operation's `externalDocs` URL
 * after `/rest/` (GitHub's REST docs, https://docs.github.com/rest/<category>/<subcategory>#<operation>).
 * A few operations still link the docs' old one-page-per-category layout (`/rest/reference/checks#create-a-check-run`,
 * which GitHub's docs redirect to the page that documents it now): theirs is the page of the
 * operation whose path shares the longest beginning with theirs (`POST /repos/{owner}/{repo}/check-runs`:
 * `…/check-runs/{check_run_id}`'s, `checks/runs`; an operation of the same path first).
 */
export function pagesOf(spec) {
  const pages = new Map();
  const old = [];
  for (const [path, item] of Object.entries(spec.paths ?? {}))
    for (const [method, operation] of Object.entries(item ?? {}))
      if (typeof operation === "object" && operation !== null && "responses" in operation) {
        const url = operation.externalDocs?.url ?? "";
        const [, page] = /\/rest\/([a-z0-9-]+\/[a-z0-9-]+)\/?(?:#|$)/.exec(url) ?? [];
        if (page === undefined || page.startsWith(COMPONENTS)) throw new Error(`${method} ${path}: a docs URL of no usable page: ${url}`);
        if (page.startsWith("reference/")) old.push([`${method.toUpperCase()} ${path}`, path]);
        else pages.set(`${method.toUpperCase()} ${path}`, page);
      }
  const shared = (a, b) => {
    let length = 0;
    while (length < a.length && a[length] === b[length]) length++;
    return length;
  };
  for (const [route, path] of old) {
    const [, page] = [...pages]
      .map(([other, otherPage]) => [shared(path, pathOf(other)), otherPage])
      .reduce((best, next) => (next[0] > best[0] ? next : best), [0, undefined]);
    pages.set(route, page);
  }
  return pages;
}

/** A route's path template, after its method: `/repos/{owner}/{repo}` of `GET /repos/{owner}/{repo}`. */
const pathOf = (route) => route.slice(route.indexOf(" ") + 1);

/** The page of a route written with its origin (uploads.github.com, GHES' `{origin}/manage`): that of the operation whose method and path end it. */
function pageByPath(pages, route) {
  const [method] = route.split(" ", 1);
  const found = [...pages].filter(([key]) => key.startsWith(`${method} /`) && route.endsWith(key.slice(method.length + 1)));
  return found.sort(([a], [b]) => b.length - a.length)[0]?.[1];
}

/** The specifier of module `to` from module `from`, both paths in a map's folder (`actions/cache`, `components-1a2b3c4d`, `../<target>.responses/…`). */
const specifier = (from, to) => {
  const path = posix.relative(posix.dirname(from), to);
  return `${path.startsWith(".") ? "" : "./"}${path}.cjs`;
};

/** Writes a module's four files: its declarations, the ESM declarations re-exporting them, and the empty modules. */
const write = (dir, file, declarations) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  const own = `./${posix.basename(file)}.cjs`;
  writeFileSync(join(dir, `${file}.d.cts`), declarations);
  writeFileSync(join(dir, `${file}.d.ts`), `export type * from "${own}";\n`);
  writeFileSync(join(dir, `${file}.js`), "export {};\n");
  writeFileSync(join(dir, `${file}.cjs`), '"use strict";\n');
};

/**
 * Writes `<out>/<name>.responses/` and `<name>.responses` for one map.
 *
 * - `parts`: the map's routes and components (`responseParts`);
 * - `own`: the components this map declares (all of them for the first target, api.github.com; for
 *   a later target those that differ from every earlier target's; for a version those it changes);
 * - `external`: the file (from its folder, `../<map>.responses/<file>`) of each component it takes
 *   unchanged from another map (a target from an earlier target, a version from its target);
 * - `pages`: each route's docs page (`pagesOf`);
 * - `target`: for a version, its target's name: its base imports the target's `RoutePages` and its
 *   ESM declarations extend the version's ESM map; undefined for a target;
 * - `header`: the comment line each file starts with.
 *
 * Returns the file of each component it declares or takes (from a sibling folder) and the pages, for the map's versions.
 */
export function writeResponsesByPage({
  out,
  name,
  parts,
  own = new Set(parts.components.keys()),
  external = new Map(),
  pages,
  target,
  header,
}) {
  const dir = join(out, `${name}.responses`);
  mkdirSync(dir, { recursive: true });
  const byPage = new Map();
  for (const route of parts.routes.keys()) {
    const page = pages.get(route) ?? pageByPath(pages, route);
    if (page === undefined) throw new Error(`${name}: ${route} has no operation in the description`);
    byPage.set(page, [...(byPage.get(page) ?? []), route]);
  }
  const named = new Map(
    [...parts.components].map(([component, text]) => [
      component,
      [...namesIn(text)].filter((word) => word !== component && parts.components.has(word)),
    ]),
  );
  // The pages that reach each of the map's own components, through routes and components.
  const reach = new Map([...own].map((component) => [component, new Set()]));
  for (const [page, routes] of byPage) {
    const stack = routes.flatMap((route) => [...namesIn(parts.routes.get(route))].filter((word) => reach.has(word)));
    while (stack.length > 0) {
      const component = stack.pop();
      const reaching = reach.get(component);
      if (reaching === undefined || reaching.has(page)) continue;
      reaching.add(page);
      stack.push(...named.get(component));
    }
  }
  // Each own component's file: its page's module when one page reaches it, else the file of its set of pages.
  const home = new Map(external);
  const files = new Map();
  for (const [component, reaching] of reach) {
    if (reaching.size === 0) continue;
    const set = [...reaching].sort();
    const file = set.length === 1 ? set[0] : `${COMPONENTS}${createHash("sha256").update(set.join(" ")).digest("hex").slice(0, 8)}`;
    home.set(component, file);
    files.set(file, [...(files.get(file) ?? []), component]);
  }
  /** `import type { … } from …` lines for the names file `self` uses, by the file that declares each. */
  const imports = (names, self) => {
    const by = new Map();
    for (const word of [...names].sort()) {
      const file = home.get(word);
      if (file === undefined || file === self) continue;
      by.set(file, [...(by.get(file) ?? []), word]);
    }
    return [...by].map(([file, list]) => `import type { ${list.join(", ")} } from "${specifier(self, file)}";`);
  };
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
    if (byPage.has(file)) continue;
    const declared = components.map((component) => parts.components.get(component));
    write(dir, file, `${header}\n${imports(namesIn(declared.join("\n")), file).join("\n")}\n\n${declared.join("\n")}\n`);
  }
  const modulePrefix = `rest-endpoint/routes/${name}.responses`;
  for (const [page, routes] of byPage) {
    const lines = routes.map((route) => parts.routes.get(route));
    const declared = (files.get(page) ?? []).map((component) => parts.components.get(component));
    const used = namesIn([...lines, ...declared].join("\n"));
    // The components its routes reach, by this module's name too: an SDK's declarations name them
    // through it. This map's files whole; a target's component (in a version) by name, since the
    // version declares some of its file's again.
    const reachable = [...reached(used)];
    const fileOf = (mine) => [
      ...new Set(reachable.filter((component) => reach.has(component) === mine).map((component) => home.get(component))),
    ];
    const reexported = [
      ...fileOf(true)
        .filter((file) => file !== page)
        .sort()
        .map((file) => `export type * from "${specifier(page, file)}";`),
      ...fileOf(false)
        .sort()
        .map(
          (file) =>
            `export type { ${reachable
              .filter((component) => home.get(component) === file)
              .sort()
              .join(", ")} } from "${specifier(page, file)}";`,
        ),
    ];
    write(
      dir,
      page,
      `${header}
${imports(used, page).join("\n")}
${reexported.join("\n")}

${declared.join("\n")}

declare module "${specifier(page, "base")}" {
  /** The responses of the ${routes.length === 1 ? "route" : `${routes.length} routes`} of https://docs.github.com/rest/${page}. */
  interface Responses {
${lines.map((line) => `  ${line}`).join("\n")}
  }
}
`,
    );
  }
  const pageNames = [...byPage.keys()].sort();
  write(
    dir,
    "base",
    `${header}
import type { Routes as Requests } from "../${name}.cjs";
${target === undefined ? "" : `import type { RoutePages } from "../${target}.responses/base.cjs";\n`}
/**
 * The map's routes, with the responses of the pages a program imports: \`ResponseOf<Routes, R>\`
 * reads them. Import the module of each docs page whose routes the program calls,
 * \`import "${modulePrefix}/<category>/<subcategory>"\` for https://docs.github.com/rest/<category>/<subcategory>,
 * or every page, \`${modulePrefix}\`.
 */
export interface Routes extends Requests {
  ${RESPONDING}
}

/**
 * Each route's responses, by status, as the page modules (\`${modulePrefix}/<category>/<subcategory>\`)
 * add them. The call signature is no route: it tells \`ResponseOf\` which module holds a route that is not loaded.
 */
export interface Responses {
  (module: "${modulePrefix}", pages: RoutePages): never;
}
${
  target === undefined
    ? `
/**
 * Each docs page's routes (https://docs.github.com/rest/<category>/<subcategory>), by their path
 * templates (a path on several pages by its routes): the module of a route that is not loaded,
 * \`${modulePrefix}/<category>/<subcategory>\`.
 */
export interface RoutePages {
${pageIndex(byPage)}
}
`
    : ""
}`,
  );
  writeFull(
    out,
    name,
    pageNames.map((page) => `./${name}.responses/${page}.cjs`),
    header,
  );
  if (target !== undefined) writeVersionEsm(out, name, header);
  return {
    home: new Map([...home].map(([component, file]) => [component, reach.has(component) ? `../${name}.responses/${file}` : file])),
    pages: pageNames,
  };
}

/**
 * The page index's members (`RoutePages`), a line per page: the path template of each of its routes,
 * once, where every route of that path is on this page (about a third fewer bytes than the
 * routes), else the route itself. `PageOf` (lib/core/types/responses.ts) matches a route, then its
 * path.
 */
function pageIndex(byPage) {
  const pagesOfPath = new Map();
  for (const [page, routes] of byPage)
    for (const path of routes.map(pathOf)) {
      if (!pagesOfPath.has(path)) pagesOfPath.set(path, new Set());
      pagesOfPath.get(path).add(page);
    }
  const entry = (route) => JSON.stringify(pagesOfPath.get(pathOf(route)).size === 1 ? pathOf(route) : route);
  return [...byPage]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([page, routes]) => `  "${page}": ${[...new Set(routes.map(entry))].join(" | ")};`)
    .join("\n");
}

/** `<map>.responses`: the base's map and every page's module, the whole map in one import. */
function writeFull(out, name, modules, header) {
  write(
    out,
    `${name}.responses`,
    `${header}
export type { Routes, Responses } from "./${name}.responses/base.cjs";
${modules.map((module) => `export type * from "${module}";`).join("\n")}
`,
  );
}

/**
 * A version's base and whole module in ESM: its \`Routes\` extends the ESM map of the version, whose
 * \`ApiVersioned\` marker is a unique symbol of the ESM declarations, with the same \`Responses\`.
 */
function writeVersionEsm(out, name, header) {
  writeFileSync(
    join(out, `${name}.responses`, "base.d.ts"),
    `${header}
import type { Routes as Requests } from "../${name}.js";
import type { Responses } from "./base.cjs";

export type { Responses } from "./base.cjs";

/** The map of this API version with the responses of the pages a program imports (the CommonJS declarations' \`Routes\`, over the ESM map). */
export interface Routes extends Requests {
  ${RESPONDING}
}
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
 * its base is its own map with its target's `Responses`, each page's module its target's.
 */
export function writeSharedResponses({ out, name, target, pages, header }) {
  const dir = join(out, `${name}.responses`);
  mkdirSync(dir, { recursive: true });
  write(
    dir,
    "base",
    `${header}
import type { Routes as Requests } from "../${name}.cjs";
import type { Responses } from "../${target}.responses/base.cjs";

export type { Responses } from "../${target}.responses/base.cjs";

/** The map of this API version with ${target}'s responses, those of the pages a program imports (\`rest-endpoint/routes/${name}.responses/<category>/<subcategory>\`, each its target's). */
export interface Routes extends Requests {
  ${RESPONDING}
}
`,
  );
  for (const page of pages) write(dir, page, `${header}\nexport type * from "${specifier(page, `../${target}.responses/${page}`)}";\n`);
  writeFull(out, name, [`./${target}.responses.cjs`], header);
  writeVersionEsm(out, name, header);
}
