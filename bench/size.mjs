// npm run size: min+gzip size of an esbuild bundle that imports and uses `endpoint` (so it is not
// tree-shaken away), with its dependencies, for rest-endpoint and for @octokit/endpoint; and the
// installed package's size, route maps included.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import ts from "typescript";
import { deepmergeAsEsm } from "../scripts/deepmerge-as-esm.mjs";
import { INTERNAL_FIELDS, productionPlugins } from "../scripts/production.mjs";

// Issue "a thin core": at most 8.0 KB min+gzip for each entry, every check kept.
const TARGET = 8.0 * 1024;
const CALL = 'globalThis.options = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });';
/** An esbuild bundle of `contents`, minified for a browser, as the size of a consumer's bundle is measured. */
const bundle = (contents, plugins = [], options = {}) =>
  build({
    stdin: { contents, resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    plugins,
    ...options,
  });
/** min+gzip bytes of a bundle's output. */
const gzipped = (result) => gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
const rows = [];
for (const [name, contents] of [
  ["rest-endpoint (import { endpoint })", `import { endpoint } from "./dist/index.js";\n${CALL}`],
  ["rest-endpoint (CommonJS entry, required whole)", `const { endpoint } = require("./dist/index.cjs");\n${CALL}`],
  // What webpack and Vite bundle in production builds: package.json's `production` condition.
  ["rest-endpoint (import { endpoint }, production condition)", `import { endpoint } from "./dist/index.production.js";\n${CALL}`],
  ["@octokit/endpoint", `import { endpoint } from "@octokit/endpoint";\n${CALL}`],
  // The generic factory alone (docs/any-api.md): none of GitHub's tables, media types or version check.
  [
    "rest-endpoint (import { createEndpoint }, production condition)",
    `import { createEndpoint } from "./dist/index.production.js";\nglobalThis.options = createEndpoint({ baseUrl: "https://api.example.com" })("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });`,
  ],
  // What `require("rest-endpoint")` gives under the production condition (package.json's exports).
  ["rest-endpoint (CommonJS production entry, required whole)", `const { endpoint } = require("./dist/index.production.cjs");\n${CALL}`],
]) {
  const result = await bundle(contents);
  const code = result.outputFiles[0].contents;
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  rows.push({ name, min: code.length, gzip: gzipped(result), inputs });
}
console.log("| bundle | min | min+gzip |\n| --- | ---: | ---: |");
for (const { name, min, gzip } of rows) console.log(`| ${name} | ${(min / 1024).toFixed(2)} KB | ${(gzip / 1024).toFixed(2)} KB |`);
console.log("\nminified bytes by input:");
for (const { name, inputs } of rows) {
  console.log(`  ${name}`);
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) if (bytesInOutput > 0) console.log(`    ${file}: ${bytesInOutput}`);
}
// Where the production build's bytes are, for each import the budgets bound: its minified bytes by
// source file (esbuild's metafile, bytesInOutput with minify on), built from lib/ with the
// production build's plugins and mangled fields (scripts/production.mjs), largest first.
for (const name of ["createEndpoint", "endpoint"]) {
  const result = await bundle(`import { ${name} } from "./lib/index.ts";\nglobalThis.used = ${name};`, productionPlugins, {
    mangleProps: INTERNAL_FIELDS,
    mainFields: ["module", "main"],
    define: { __VERSION__: '"0.0.0"' },
  });
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0);
  console.log(`\nproduction build, import { ${name} }: ${result.outputFiles[0].contents.length} B minified, by source file:`);
  for (const [file, { bytesInOutput }] of inputs.sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput))
    console.log(`  ${String(bytesInOutput).padStart(6)}  ${file.replace(/^(?:\.\.\/)+(?:[^/]+\/)*node_modules\//, "node_modules/")}`);
}
console.log("");
for (const { name, gzip } of rows.slice(0, 3)) {
  console.log(
    `${name}: ${(gzip / 1024).toFixed(2)} KB min+gzip (target ≤ ${(TARGET / 1024).toFixed(1)} KB): ${gzip <= TARGET ? "met" : "not met"}`,
  );
}

// Issue 38's targets for the two production builds: the generic factory ≤ 8 KB (moonshot 7,500 B),
// GitHub's endpoint no larger than before targets (9,854 B; moonshot 9,300 B).
const generic = rows[4].gzip;
console.log(
  `rest-endpoint (import { createEndpoint }, production condition): ${generic} B (target ≤ ${TARGET} B: ${generic <= TARGET ? "met" : "not met"}; moonshot ≤ 7500 B: ${generic <= 7500 ? "met" : "not met"})`,
);
console.log(
  `rest-endpoint (import { endpoint }, production condition): ${rows[2].gzip} B (target ≤ 9854 B: ${rows[2].gzip <= 9854 ? "met" : "not met"}; moonshot ≤ 9300 B: ${rows[2].gzip <= 9300 ? "met" : "not met"}); @octokit/endpoint ${rows[3].gzip} B`,
);
// GitHub's own part of its production build: what `endpoint` adds to the generic factory.
console.log(`GitHub's target, tables and rules in the production build: ${rows[2].gzip - generic} B`);

// What followLink (docs/usage.md, "Pagination") adds to a bundle that imports and uses it beside
// endpoint, and that a bundle that does not import it holds none of it (package.json's
// "sideEffects": false; its one string "responseHeaders.link" marks its code).
const FOLLOW = "globalThis.next = followLink(globalThis.options, globalThis.headers);";
for (const [row, file] of [
  [rows[0], "index.js"],
  [rows[2], "index.production.js"],
]) {
  const withFollow = await bundle(`import { endpoint, followLink } from "./dist/${file}";\n${CALL}\n${FOLLOW}`);
  const added = gzipped(withFollow) - row.gzip;
  const without = (await bundle(`import { endpoint } from "./dist/${file}";\n${CALL}`)).outputFiles[0].text;
  console.log(
    `followLink (dist/${file}): +${added} B min+gzip to a bundle that uses it (target ≤ 400 B: ${added <= 400 ? "met" : "not met"}); ` +
      `a bundle that does not import it holds ${without.includes("responseHeaders.link") ? "some of it" : "none of it"}`,
  );
}

// What GitHub's multi-segment table costs in the bundle: the same bundle with the table emptied.
const withoutTable = {
  name: "without-multi-segment-table",
  setup(plugins) {
    plugins.onLoad({ filter: /dist[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const contents = source.replace(/var MULTI_SEGMENT_TABLE = "(?:[^"\\]|\\.)*";/, 'var MULTI_SEGMENT_TABLE = "";');
      // Fail loudly rather than report a table of 0 bytes if the build names it otherwise.
      if (contents === source) throw new Error("dist/index.js holds no MULTI_SEGMENT_TABLE to empty");
      return { contents, loader: "js" };
    });
  },
};
const emptied = await bundle(
  `import { endpoint } from "./dist/index.js";
${CALL}`,
  [withoutTable],
);
const tableBytes = rows[0].gzip - gzipped(emptied);
console.log(
  `GitHub's multi-segment table: ${tableBytes} B of the min+gzip bundle (target ≤ 300 B): ${tableBytes <= 300 ? "met" : "not met"}`,
);

// What the target leaves for rest-endpoint's own code: the four design-card dependencies bundled
// alone (each called, so that none is tree-shaken away; deepmerge converted by the build's own
// plugin) and GitHub's multi-segment table cost what they cost whatever our code does.
const dependencies = await bundle(
  [
    'import { parseTemplate } from "url-template";',
    'import deepmerge from "deepmerge";',
    'import { isPlainObject } from "is-plain-object";',
    'import { getUserAgent } from "universal-user-agent";',
    'globalThis.used = [parseTemplate("{a}").expand({ a: 1 }), deepmerge({}, {}, { isMergeableObject: isPlainObject }), getUserAgent()];',
  ].join("\n"),
  [deepmergeAsEsm],
  // Resolved as scripts/build.mjs resolves them.
  { mainFields: ["module", "main"] },
);
const dependencyBytes = gzipped(dependencies);
/** What the target leaves for rest-endpoint's own code. */
const left = TARGET - dependencyBytes - tableBytes;
console.log(
  `of the ${rows[0].gzip} B: url-template, deepmerge, is-plain-object and universal-user-agent bundled alone ${dependencyBytes} B, ` +
    `the table ${tableBytes} B; left for rest-endpoint's own code under the target: ${left} B, ` +
    `used: about ${rows[0].gzip - dependencyBytes - tableBytes} B`,
);
// The same split of the production build, whose messages have no rules.
const ownProduction = rows[2].gzip - dependencyBytes - tableBytes;
console.log(
  `of the ${rows[2].gzip} B of the production condition: rest-endpoint's own code about ${ownProduction} B, ` +
    `${ownProduction - left} B above what the target leaves it`,
);

// What the error sentences cost: the same bundle with every string of dist/index.js that holds a
// space (the rules of the messages, and a few others) replaced by "x".
const withoutSentences = {
  name: "without-sentences",
  setup(plugins) {
    plugins.onLoad({ filter: /dist[\\/]index\.js$/ }, (args) => {
      let source = readFileSync(args.path, "utf8");
      const file = ts.createSourceFile(args.path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
      const edits = [];
      const visit = (node) => {
        const piece = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node);
        if (piece && node.text.includes(" ")) {
          const text = node.getText();
          edits.push([
            node.getStart(),
            node.getEnd(),
            text[0] + "x" + text.slice(-(ts.isTemplateHead(node) || ts.isTemplateMiddle(node) ? 2 : 1)),
          ]);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      for (const [start, end, text] of edits.reverse()) source = source.slice(0, start) + text + source.slice(end);
      return { contents: source, loader: "js" };
    });
  },
};
const silent = await bundle(
  `import { endpoint } from "./dist/index.js";
${CALL}`,
  [withoutSentences],
);
const silentBytes = gzipped(silent);
console.log(`without every string that holds a space (the error sentences): ${silentBytes} B, ${rows[0].gzip - silentBytes} B less`);

// The installed package (`npm pack --dry-run`, the files a user's npm install unpacks), and the
// share of the route maps (dist/routes/).
const [pack] = JSON.parse(
  // maxBuffer: the listing names every file, some 10,000 with the responses by docs page (over the default 1 MB).
  execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--loglevel=error"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }),
);
const maps = pack.files.filter((file) => file.path.startsWith("dist/routes/")).reduce((sum, file) => sum + file.size, 0);
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
console.log(
  `\npackage: ${(pack.size / 1024).toFixed(0)} KB packed, ${megabytes(pack.unpackedSize)} unpacked, ${pack.entryCount} files; ` +
    `route maps ${megabytes(maps)} of it, the rest ${megabytes(pack.unpackedSize - maps)}`,
);

// The gate (issue 46: "a target that only prints 'not met' is a wish"): each bundle of
// bench/size-budget.json past its budget fails the run. The budget is what the repository holds
// today, so that no change grows a bundle unseen; the target is the issue's, where the budget goes.
const budgets = JSON.parse(readFileSync(new URL("./size-budget.json", import.meta.url), "utf8"));
const measured = {
  "import { createEndpoint }, production condition": rows[4].gzip,
  "import { endpoint }, production condition": rows[2].gzip,
  "CommonJS production entry / ES module production entry": Number((rows[5].gzip / rows[2].gzip).toFixed(3)),
};
let over = 0;
console.log("\nbudgets (bench/size-budget.json):");
for (const [name, value] of Object.entries(measured)) {
  const { budget, target } = budgets[name];
  const verdict = value <= budget ? "within" : "OVER";
  if (value > budget) over++;
  console.log(`  ${name}: ${value} (budget ${budget}: ${verdict}; target ${target}: ${value <= target ? "met" : "not met"})`);
}
if (over > 0) {
  console.error(`npm run size: ${over} bundle(s) over budget`);
  process.exitCode = 1;
}
