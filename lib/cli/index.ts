import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, realpathSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { quote as shellQuote } from "shlex";
import { percentEncodeName } from "../core/chars.js";
import { DescriptionError, readDescription } from "../openapi/read.js";
import { EndpointError, quote } from "../core/errors.js";
import { endpoint, VERSION } from "../index.js";
import { toFetch } from "../clients/index.js";
import { frame } from "../clients/framing.js";
import { GENERATED, generateRouteMap, headerOf } from "../openapi/write.js";
import { listingChanges, resolveListing, type Listing, type Parameter, type VersionedListing } from "../openapi/listing.js";
import { parseRoute } from "../core/route.js";
import { compileTemplate, hasQuery, queryExpression, routeShape } from "../core/template.js";
import type { EndpointParameters, RequestOptions } from "../core/types.js";

const USAGE = `Usage: rest-endpoint [--base-url URL] [--format json|curl|fetch] "<METHOD> <URL>" [ITEM ...]
       rest-endpoint --routes TARGET|FILE.d.ts ["<METHOD> <URL>"]
       rest-endpoint generate DESCRIPTION --out FILE.d.ts|FILE.ts [--force]
       rest-endpoint versions diff FROM TO [--target T] ["<METHOD> <URL>" ...]

Prints the request options for a route (as JSON, a curl command or a fetch snippet). Sends nothing.

Items (HTTPie's conventions; each name once):
  name=value     a string parameter             owner=octokit
  name:=json     a JSON parameter (number, boolean, array, object, null)   per_page:=100
  name==value    a query parameter, whatever the method                    sort==created
  Header:value   a header field                 authorization:"token abc"

Options:
  --base-url URL  address a relative URL is joined to (default https://api.github.com)
  --format F      json (default): the request options; curl: a curl command to paste;
                  fetch: a JavaScript snippet that sends them with fetch
  --routes T      check that a route is an operation of T and list its parameters; without a
                  route, list T's routes. T is a GitHub target (api.github.com, ghec,
                  ghes-3.19, …) or a map FILE.d.ts or FILE.ts that generate wrote
  --out FILE.d.ts with generate: where the route map of an OpenAPI 3.0/3.1 description (JSON
                  or YAML; $refs followed to .json/.yaml/.yml files in its folder) goes;
                  FILE.js gets its queries for rest-endpoint/queries, FILE.json its listing
                  for --routes; --out FILE.ts writes the map and its queries as one module
                  that tsc compiles with the app
  --force         with generate: write over files that generate did not write (never over
                  the description)
  --target T      with versions diff: the GitHub target (default api.github.com)
  --help          print this help
  --version       print the version

Examples:
  rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open
  rest-endpoint --routes ghes-3.19 "GET /repos/{owner}/{repo}/issues"
  rest-endpoint generate openapi.yaml --out api.d.ts
  rest-endpoint --routes api.d.ts "GET /v2/droplets"
  rest-endpoint versions diff 2022-11-28 2026-03-10 "POST /repos/{owner}/{repo}/issues"`;

/** A CLI usage error: printed on one line, exit status 2. */
class UsageError extends Error {}

/** Control characters of text from outside (a listing, a description) escaped as JSON escapes them: terminal output is never steered by its input. */
function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, (character) => JSON.stringify(character).slice(1, -1));
}

/**
 * HTTPie's item separators (https://httpie.io/docs/cli/request-items): an item splits at its first
 * separator, the longest one where two begin at the same place: `==` a query parameter, `:=` a
 * JSON parameter, `=` a string parameter, `:` a header field.
 */
const SEPARATOR = /==|:=|=|:/;

/** The items of a call, read: its parameters, its header fields, and its query items. */
interface Items {
  parameters: EndpointParameters;
  headers: Record<string, string>;
  /** `name==value` items: name and value, in order. */
  query: [string, string][];
}

/**
 * Reads the command line's items. An item without a name, a name given twice (parameters,
 * header fields in any case, query items), JSON that is not valid or holds an integer past
 * 2^53 - 1 (which JSON.parse would round: `12345678901234567890` becomes `12345678901234567000`)
 * is a usage error.
 */
function readItems(items: readonly string[]): Items {
  const result: Items = { parameters: {}, headers: {}, query: [] };
  const seen = new Set<string>();
  const once = (key: string, item: string): void => {
    if (seen.has(key))
      throw new UsageError(`the item ${quote(item)} sets ${quote(key.slice(key.indexOf(" ") + 1))} again; give each name once`);
    seen.add(key);
  };
  for (const item of items) {
    const match = SEPARATOR.exec(item);
    if (match === null) throw new UsageError(`the item ${quote(item)} is not name=value, name:=json, name==value or Header:value`);
    const name = item.slice(0, match.index);
    const value = item.slice(match.index + match[0].length);
    if (name === "") throw new UsageError(`the item ${quote(item)} has no name before ${JSON.stringify(match[0])}`);
    switch (match[0]) {
      case "==":
        once(`query ${name}`, item);
        result.query.push([name, value]);
        break;
      case ":=": {
        once(`parameter ${name}`, item);
        let parsed: unknown;
        try {
          parsed = JSON.parse(value) as unknown;
        } catch {
          throw new UsageError(`the item ${quote(item)} is not valid JSON after ":="; write e.g. per_page:=100 or labels:='["bug"]'`);
        }
        const rounded = unsafeInteger(value);
        if (rounded !== undefined)
          throw new UsageError(
            `the item ${quote(item)} holds ${rounded}, past 2^53 - 1, which JSON numbers here would round; write it as a string: ${name}=${rounded}`,
          );
        result.parameters[name] = parsed;
        break;
      }
      case "=":
        once(`parameter ${name}`, item);
        result.parameters[name] = value;
        break;
      default:
        once(`header ${name.toLowerCase()}`, item);
        result.headers[name] = value.trimStart();
    }
  }
  return result;
}

/** The first integer of a JSON text past `Number.MAX_SAFE_INTEGER` (strings skipped), if any. */
function unsafeInteger(json: string): string | undefined {
  for (const [token] of json.matchAll(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi))
    if (/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) return token;
  return undefined;
}

/**
 * The route with the query items declared in its template, each as a variable of a `{?…}`
 * expression (`{&…}` when the route has a query already: RFC 6570 section 3.2.9), so that they go
 * to the query whatever the method; the items under those variables' names.
 */
function withQueryItems(route: string, { query, parameters }: Items): string {
  if (query.length === 0) return route;
  const { method, url } = parseRoute(route);
  const template = compileTemplate(url);
  const variables = query.map(([name, value]) => {
    const variable = percentEncodeName(name);
    if (template.names.has(variable) || Object.hasOwn(parameters, variable))
      throw new UsageError(`the query item ${quote(`${name}==${value}`)} is named like a parameter of the route or another item`);
    parameters[variable] = value;
    return variable;
  });
  return `${method} ${url}${queryExpression(hasQuery(template.parts), variables)}`;
}

/** curl sends `Expect: 100-continue` and waits for the server before a body this large. */
const CURL_EXPECT_THRESHOLD = 1024 * 1024;

/**
 * Linux takes one argument of at most 128 KiB (MAX_ARG_STRLEN): a larger body is piped to curl
 * by the shell's own `printf`, which no exec limit applies to.
 */
const ARGUMENT_LIMIT = 100 * 1024;

/**
 * A curl command that sends exactly the request the options describe, framed by the same rules as
 * the client converters (`frame`: no `transfer-encoding`, a `content-length` only when it is the
 * body's length), each word quoted as a browser's "Copy as cURL" quotes it (single quotes around a
 * whole word that needs them):
 *
 * - `--globoff`, so that `[`, `]`, `{`, `}` in the URL are not curl globs;
 * - `--data-raw`, so that a body beginning with `@` is not read as a file name; a body of 100 KiB or
 *   more comes from the shell's `printf` through a pipe (`--data-binary @-`), as no argument may be
 *   that long;
 * - `--header 'name;'` for an empty field value, which `--header 'name: '` would drop;
 * - `--header 'content-type:'` for a body without a content-type, where curl would add
 *   `application/x-www-form-urlencoded`, and `--header 'expect:'` for a body of 1 MiB or more.
 *
 * A body holding NUL is refused: no shell word can carry it, and curl would send the body cut short.
 */
function toCurl(options: RequestOptions): string {
  const { method, headers, body, length = 0 } = frame(options, "curl");
  const words = ["curl", "--silent", "--show-error", "--globoff"];
  if (method === "HEAD") words.push("--head");
  else if (method !== "GET") words.push("--request", method);
  for (const [name, value] of Object.entries(headers)) words.push("--header", value === "" ? `${name};` : `${name}: ${value}`);
  if (body === undefined) {
    words.push(options.url);
    return words.map((word) => shellQuote(word)).join(" ");
  }
  if (typeof body !== "string") throw new UsageError("a binary body cannot be printed as a curl command; use --format fetch");
  if (body.includes("\0")) {
    throw new UsageError("the body holds NUL (U+0000), which no shell word can carry (curl would send it cut short); use --format fetch");
  }
  if (!Object.hasOwn(headers, "content-type")) words.push("--header", "content-type:");
  if (length >= CURL_EXPECT_THRESHOLD && !Object.hasOwn(headers, "expect")) words.push("--header", "expect:");
  const piped = length >= ARGUMENT_LIMIT;
  words.push(...(piped ? ["--data-binary", "@-"] : ["--data-raw", body]));
  words.push(options.url);
  const command = words.map((word) => shellQuote(word)).join(" ");
  return piped ? `printf %s ${shellQuote(body)} | ${command}` : command;
}

/** A JavaScript module that sends the request options with fetch, through `toFetch`. */
function toFetchSnippet(options: RequestOptions): string {
  const [url, init] = toFetch(options);
  return [
    `// ${init.method ?? "GET"} ${url}`,
    'import { toFetch } from "rest-endpoint/clients";',
    "",
    `const options = ${JSON.stringify(options, null, 2)};`,
    "const response = await fetch(...toFetch(options));",
    "console.log(response.status, await response.text());",
  ].join("\n");
}

const ROUTES = new URL("./routes/", import.meta.url);

/**
 * A route with its placeholders and any `{?…}` query declaration taken out, so that
 * `GET /repos/:owner/:repo`, `GET /repos/{o}/{r}`, `/repos/{o}/{r}` (a URL alone means GET) and the
 * map's `GET /repos/{owner}/{repo}` match.
 */
function routeShapeOf(route: string): string {
  const [first = "", second] = route.trim().split(/\s+/, 2);
  const [method, url] = second === undefined ? ["GET", first] : [first, second];
  return routeShape(method, url);
}

/** The listing of a GitHub target (dist/routes/) or of a map FILE.d.ts that `generate` wrote. */
function readListing(target: string): Listing {
  if (target.endsWith(".ts")) {
    const file = `${target.slice(0, -(target.endsWith(".d.ts") ? ".d.ts" : ".ts").length)}.json`;
    let listing: unknown;
    try {
      listing = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new UsageError(`--routes ${target}: cannot read ${file}, which generate writes beside it (${(error as Error).message})`);
    }
    return checkListing(listing, file);
  }
  const targets = readdirSync(ROUTES)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
  if (!targets.includes(target))
    throw new UsageError(
      `--routes must be one of ${targets.join(", ")} or a FILE.d.ts or FILE.ts that generate wrote; received ${quote(target)}`,
    );
  return resolveListing(target, (name) => JSON.parse(readFileSync(new URL(`${name}.json`, ROUTES), "utf8")) as Listing);
}

/**
 * A listing as `generate` writes it, checked: `source` and `docs` strings, and `routes` mapping
 * each route to its documentation URL and `[name, place, type, 0 | 1]` rows.
 */
function checkListing(listing: unknown, file: string): Listing {
  const { source, docs, routes } = (listing ?? {}) as Record<string, unknown>;
  const row = (entry: unknown): boolean =>
    Array.isArray(entry) &&
    entry.length === 4 &&
    entry.slice(0, 3).every((cell) => typeof cell === "string") &&
    (entry[3] === 0 || entry[3] === 1);
  const valid =
    typeof listing === "object" &&
    listing !== null &&
    typeof source === "string" &&
    typeof docs === "string" &&
    typeof routes === "object" &&
    routes !== null &&
    Object.values(routes).every((entry: unknown) => Array.isArray(entry) && typeof entry[0] === "string" && entry.slice(1).every(row));
  if (!valid) throw new UsageError(`--routes: ${file} is not a listing that generate wrote`);
  return listing as Listing;
}

/** `--routes TARGET [route]`: lists TARGET's routes, or checks one route and lists its parameters. */
function listRoutes(target: string, route: string | undefined, items: readonly string[]): string {
  const [item] = items;
  if (item !== undefined) throw new UsageError(`--routes lists a route's parameters and takes no items; received ${quote(item)}`);
  const listing = readListing(target);
  const routes = Object.keys(listing.routes);
  if (route === undefined) return routes.map(printable).join("\n");
  const shape = routeShapeOf(route);
  const found = routes.find((known) => routeShapeOf(known) === shape);
  if (found === undefined) {
    // The same path by another method, or from another origin (GitHub's uploads, GHES's Manage API).
    const path = shape.slice(shape.indexOf(" ") + 1);
    const near = routes.filter((known) => routeShapeOf(known).endsWith(path)).map((known) => JSON.stringify(known));
    const others = near.length > 0 ? `; it has ${near.join(", ")}` : "";
    throw new UsageError(`${quote(route)} is not a route of ${target} (${listing.source})${others}`);
  }
  const [docs, ...parameters] = listing.routes[found]!;
  const rows = parameters.map(([name, place, type, required]) =>
    [name, place, required === 1 ? "required" : "optional", type].map(printable),
  );
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => `  ${row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join("  ")}`);
  return [
    printable(`${found} (${target}, ${listing.source})`),
    ...(docs === "" ? [] : [printable(`  ${docs.startsWith("https://") ? docs : listing.docs + docs}`)]),
    ...(lines.length > 0 ? lines : ["  no parameters"]),
  ].join("\n");
}

const FORMATS: Record<string, ((options: RequestOptions) => string) | undefined> = {
  json: (options) => JSON.stringify(options, null, 2),
  curl: toCurl,
  fetch: toFetchSnippet,
};

/**
 * `generate DESCRIPTION --out FILE.d.ts [--force]`: writes the description's route map
 * (docs/any-api.md) to FILE.d.ts, its run-time `queries` to FILE.js and its listing for `--routes`
 * to FILE.json. It never writes over a file it read, and over any other file only when `generate`
 * wrote it (it begins with the marker {@link GENERATED}) or `--force` is given.
 */
async function generate(
  description: string | undefined,
  output: string | undefined,
  rest: readonly string[],
  force: boolean,
): Promise<string> {
  if (description === undefined || output === undefined || !output.endsWith(".ts"))
    throw new UsageError("generate needs a description and --out FILE.d.ts or FILE.ts, e.g. generate openapi.yaml --out api.d.ts");
  if (rest.length > 0) throw new UsageError(`generate takes one description; received also ${quote(rest[0]!)}`);
  const { spec, files } = await readDescription(description);
  const info = spec.info ?? {};
  const baseUrl = spec.servers?.[0]?.url;
  // FILE.ts: one module, types and queries, that tsc compiles with the app; FILE.d.ts: with FILE.js beside it.
  const typescript = !output.endsWith(".d.ts");
  const name = basename(output, typescript ? ".ts" : ".d.ts");
  const title = `${info.title ?? basename(description)} ${info.version ?? ""}`.trim();
  const header = (): string => headerOf({ file: basename(description), title: info.title, version: info.version, baseUrl, name });
  const map = generateRouteMap(spec, { header, withQueries: true });
  const stem = output.slice(0, -(typescript ? ".ts" : ".d.ts").length);
  const listing: [string, string] = [
    `${stem}.json`,
    JSON.stringify({ generated: GENERATOR, target: name, source: title, docs: "", routes: map.listing }),
  ];
  const writes: [string, string][] = typescript
    ? [[output, map.typescript], listing]
    : [[output, map.declarations], [`${stem}.js`, map.module], listing];
  for (const [file] of writes) {
    if (!existsSync(file)) continue;
    if (files.includes(realpathSync(file)))
      throw new UsageError(`--out ${output} would write over ${file}, which the description is read from`);
    if (!force && !writtenByGenerate(file))
      throw new UsageError(`--out ${output} would write over ${file}, which generate did not write; give --force to replace it`);
  }
  for (const [file, text] of writes) {
    try {
      writeFileSync(file, text);
    } catch (error) {
      throw new UsageError(`--out ${output}: cannot write ${file} (${(error as Error).message})`);
    }
  }
  return printable(`${output}: ${map.count} operations of ${title}${baseUrl === undefined ? "" : `, baseUrl ${baseUrl}`}`);
}

/** The value of a listing's first key, `generated`, which marks it as generate's, as {@link GENERATED} marks the other files. */
const GENERATOR = "rest-endpoint generate";
/** How a listing that `generate` writes begins. */
const LISTING_MARKER = JSON.stringify({ generated: GENERATOR }).slice(0, -1);

/** Whether `file` begins with generate's marker; only its first bytes are read. */
function writtenByGenerate(file: string): boolean {
  const start = Buffer.alloc(64);
  const descriptor = openSync(file, "r");
  try {
    const text = start.subarray(0, readSync(descriptor, start, 0, start.length, 0)).toString("utf8");
    return text.startsWith(GENERATED) || text.startsWith(LISTING_MARKER);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * `versions diff FROM TO [--target T] [routes…]`: the request-side differences between two GitHub
 * API versions of target T, for every route or the routes given (matched as `--routes` matches
 * them): routes removed and added, parameters removed, added and retyped, one line each, and the
 * CHANGELOG entries that cause them (https://docs.github.com/rest/about-the-rest-api/api-versions).
 */
function versionsDiff(items: readonly string[], target: string): string {
  const [command, from, to, ...routes] = items;
  if (command !== "diff" || from === undefined || to === undefined)
    throw new UsageError("versions takes diff FROM TO, e.g. versions diff 2022-11-28 2026-03-10");
  const served = readdirSync(ROUTES)
    .filter((file) => file.startsWith(`${target}.`) && /^\d{4}-\d{2}-\d{2}\.json$/.test(file.slice(target.length + 1)))
    .map((file) => file.slice(target.length + 1, -".json".length))
    .sort();
  if (served.length === 0) throw new UsageError(`--target must be a GitHub target, such as api.github.com; received ${quote(target)}`);
  for (const version of [from, to])
    if (!served.includes(version)) throw new UsageError(`${target} serves API versions ${served.join(", ")}; received ${quote(version)}`);
  const before = readListing(`${target}.${from}`);
  const after = readListing(`${target}.${to}`);
  const shapes = routes.map(routeShapeOf);
  const chosen = (route: string): boolean => shapes.length === 0 || shapes.includes(routeShapeOf(route));
  for (const [index, shape] of shapes.entries())
    if (![...Object.keys(before.routes), ...Object.keys(after.routes)].some((route) => routeShapeOf(route) === shape))
      throw new UsageError(`${quote(routes[index]!)} is a route of neither ${target}.${from} nor ${target}.${to}`);
  const shown = (row: Parameter): string => `${printable(row[2])}${row[3] === 1 ? " required" : ""}`;
  const lines = listingChanges(before.routes, after.routes)
    .filter(({ route }) => chosen(route))
    .flatMap(({ route, before: was, parameters }) =>
      parameters === undefined
        ? [`${printable(route)}: route ${was === undefined ? "added" : "removed"}`]
        : parameters.map(
            ({ name, before: old, after: now }) =>
              `${printable(route)}: ${printable(name)} (${(old ?? now)![1]}) ${
                now === undefined ? "removed" : old === undefined ? "added" : `${shown(old)} -> ${shown(now)}`
              }`,
          ),
    );
  // The CHANGELOG entries of the versions after FROM up to TO that name a route shown.
  const changes = (after as Partial<VersionedListing>).changes ?? [];
  const known = new Set(((before as Partial<VersionedListing>).changes ?? []).map(({ cites }) => cites));
  const citing = [
    ...new Set(
      changes
        .filter(({ cites }) => !known.has(cites))
        .filter(({ routes: named = [], removeRoutes = [] }) => [...named, ...removeRoutes].some(chosen))
        .map(({ cites }) => cites),
    ),
  ];
  return [
    `${target} ${from} -> ${to}: ${lines.length} request-side change${lines.length === 1 ? "" : "s"}`,
    ...lines,
    ...(citing.length === 0 ? [] : ["", "From GitHub's CHANGELOG:", ...citing.map((cites) => `- ${printable(cites)}`)]),
  ].join("\n");
}

/** Runs the CLI with the given arguments; returns the exit status. */
export async function main(args: readonly string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        "base-url": { type: "string" },
        routes: { type: "string" },
        out: { type: "string" },
        format: { type: "string", default: "json" },
        help: { type: "boolean" },
        version: { type: "boolean" },
        force: { type: "boolean" },
        target: { type: "string" },
      },
    });
    if (values.help === true) {
      out(USAGE);
      return 0;
    }
    if (values.version === true) {
      out(VERSION);
      return 0;
    }
    const format = FORMATS[values.format];
    if (format === undefined) throw new UsageError(`--format must be json, curl or fetch; received ${quote(values.format)}`);
    const [route, ...items] = positionals;
    if (route === "versions") {
      out(versionsDiff(items, values.target ?? "api.github.com"));
      return 0;
    }
    if (route === "generate") {
      out(await generate(items[0], values.out, items.slice(1), values.force === true));
      return 0;
    }
    if (values.routes !== undefined) {
      out(listRoutes(values.routes, route, items));
      return 0;
    }
    if (route === undefined) throw new UsageError('a route is required, e.g. "GET /repos/{owner}/{repo}/issues" (see --help)');
    const read = readItems(items);
    const { parameters, headers } = read;
    const routeWithQuery = withQueryItems(route, read);
    if (Object.keys(headers).length > 0) parameters.headers = headers;
    if (values["base-url"] !== undefined) parameters.baseUrl = values["base-url"];
    const options = endpoint(routeWithQuery as `${string} ${string}`, parameters);
    let text: string;
    try {
      text = format(options);
    } catch (error) {
      // `data` is never walked, so it may nest deeper than JSON.stringify can print.
      if (!(error instanceof RangeError)) throw error;
      throw new UsageError(`the request options nest too deeply to print (${error.message})`);
    }
    out(text);
    return 0;
  } catch (error) {
    // One line whatever the input held: control characters are escaped. An error of another kind
    // is a defect of this command, said so on one line too.
    const known = error instanceof UsageError || error instanceof DescriptionError || error instanceof EndpointError;
    const message = error instanceof Error ? error.message : String(error);
    err(
      `rest-endpoint: ${printable(known || (error instanceof TypeError && "code" in error) ? message : `${error instanceof Error ? error.name : "Error"}: ${message} (a defect of rest-endpoint: please report it)`)}`,
    );
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2), console.log, console.error);
