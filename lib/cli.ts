import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { $RefParser } from "@apidevtools/json-schema-ref-parser";
import { quote as shellQuote } from "shlex";
import { EndpointError, quote } from "./errors.js";
import { endpoint, VERSION } from "./index.js";
import { toFetch } from "./clients.js";
import { frame } from "./framing.js";
import { generateRouteMap } from "./generate.js";
import { compileTemplate } from "./template.js";
import type { EndpointParameters, RequestOptions } from "./types.js";

const USAGE = `Usage: rest-endpoint [--base-url URL] [--format json|curl|fetch] "<METHOD> <URL>" [ITEM ...]
       rest-endpoint --routes TARGET|FILE.d.ts ["<METHOD> <URL>"]
       rest-endpoint generate DESCRIPTION --out FILE.d.ts

Prints the request options for a route (as JSON, a curl command or a fetch snippet). Sends nothing.

Items (HTTPie's conventions):
  name=value     a string parameter             owner=octokit
  name:=json     a JSON parameter (number, boolean, array, object, null)   per_page:=100
  Header:value   a header field                 authorization:"token abc"

Options:
  --base-url URL  address a relative URL is joined to (default https://api.github.com)
  --format F      json (default): the request options; curl: a curl command to paste;
                  fetch: a JavaScript snippet that sends them with fetch
  --routes T      check that a route is an operation of T and list its parameters; without a
                  route, list T's routes. T is a GitHub target (api.github.com, ghec,
                  ghes-3.19, …) or a map FILE.d.ts that generate wrote
  --out FILE.d.ts with generate: where the route map of an OpenAPI 3.0/3.1 description (JSON
                  or YAML, $refs to other files followed) goes; FILE.js gets its queries for
                  rest-endpoint/queries, FILE.json its listing for --routes
  --help          print this help
  --version       print the version

Examples:
  rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open
  rest-endpoint --routes ghes-3.19 "GET /repos/{owner}/{repo}/issues"
  rest-endpoint generate openapi.yaml --out api.d.ts
  rest-endpoint --routes api.d.ts "GET /v2/droplets"`;

/** A CLI usage error: printed on one line, exit status 2. */
class UsageError extends Error {}

/**
 * Splits one item at its first separator: `:=` (JSON parameter), `=` (string parameter), or `:`
 * (header field), as HTTPie does.
 */
function readItem(item: string, parameters: EndpointParameters, headers: Record<string, string>): void {
  const equals = item.indexOf("=");
  const colon = item.indexOf(":");
  if (colon > 0 && (equals === -1 || colon < equals)) {
    if (item[colon + 1] === "=") {
      const text = item.slice(colon + 2);
      try {
        parameters[item.slice(0, colon)] = JSON.parse(text) as unknown;
      } catch {
        throw new UsageError(`the item ${quote(item)} is not valid JSON after ":="; write e.g. per_page:=100 or labels:='["bug"]'`);
      }
      return;
    }
    headers[item.slice(0, colon)] = item.slice(colon + 1).trimStart();
    return;
  }
  if (equals > 0) {
    parameters[item.slice(0, equals)] = item.slice(equals + 1);
    return;
  }
  throw new UsageError(`the item ${quote(item)} is not name=value, name:=json or Header:value`);
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

/**
 * A route map's listing, written beside the map by scripts/generate-routes.mjs (GitHub's targets) or
 * by `generate` (FILE.json beside FILE.d.ts): each route as its documentation URL (after the prefix
 * `docs`, unless it is a whole URL) and its parameters.
 */
interface Listing {
  source: string;
  docs: string;
  routes: Record<string, [docs: string, ...parameters: [name: string, place: string, type: string, required: 0 | 1][]]>;
}

const ROUTES = new URL("./routes/", import.meta.url);

/**
 * A route with its placeholders and any `{?…}` query declaration taken out, so that
 * `GET /repos/:owner/:repo`, `GET /repos/{o}/{r}`, `/repos/{o}/{r}` (a URL alone means GET) and the
 * map's `GET /repos/{owner}/{repo}` match.
 */
function routeShape(route: string): string {
  const [first = "", second] = route.trim().split(/\s+/, 2);
  const [method, url] = second === undefined ? ["GET", first] : [first, second];
  // The runtime's own template compiler reads the placeholders, `:name` included: one grammar.
  const path = compileTemplate(url)
    .parts.map((part) => (typeof part === "string" ? part : part.operator === "?" || part.operator === "&" ? "" : "{}"))
    .join("");
  return `${method.toUpperCase()} ${path}`;
}

/** The listing of a GitHub target (dist/routes/) or of a map FILE.d.ts that `generate` wrote. */
function readListing(target: string): Listing {
  if (target.endsWith(".d.ts")) {
    const file = `${target.slice(0, -".d.ts".length)}.json`;
    try {
      return JSON.parse(readFileSync(file, "utf8")) as Listing;
    } catch (error) {
      throw new UsageError(`--routes ${target}: cannot read ${file}, which generate writes beside it (${(error as Error).message})`);
    }
  }
  const targets = readdirSync(ROUTES)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
  if (!targets.includes(target))
    throw new UsageError(`--routes must be one of ${targets.join(", ")} or a FILE.d.ts that generate wrote; received ${quote(target)}`);
  return JSON.parse(readFileSync(new URL(`${target}.json`, ROUTES), "utf8")) as Listing;
}

/** `--routes TARGET [route]`: lists TARGET's routes, or checks one route and lists its parameters. */
function listRoutes(target: string, route: string | undefined, items: readonly string[]): string {
  const [item] = items;
  if (item !== undefined) throw new UsageError(`--routes lists a route's parameters and takes no items; received ${quote(item)}`);
  const listing = readListing(target);
  const routes = Object.keys(listing.routes);
  if (route === undefined) return routes.join("\n");
  const shape = routeShape(route);
  const found = routes.find((known) => routeShape(known) === shape);
  if (found === undefined) {
    // The same path by another method, or from another origin (GitHub's uploads, GHES's Manage API).
    const path = shape.slice(shape.indexOf(" ") + 1);
    const near = routes.filter((known) => routeShape(known).endsWith(path)).map((known) => JSON.stringify(known));
    const others = near.length > 0 ? `; it has ${near.join(", ")}` : "";
    throw new UsageError(`${quote(route)} is not a route of ${target} (${listing.source})${others}`);
  }
  const [docs, ...parameters] = listing.routes[found]!;
  const rows = parameters.map(([name, place, type, required]) => [name, place, required === 1 ? "required" : "optional", type]);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => `  ${row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join("  ")}`);
  return [
    `${found} (${target}, ${listing.source})`,
    ...(docs === "" ? [] : [`  ${docs.startsWith("https://") ? docs : listing.docs + docs}`]),
    ...(lines.length > 0 ? lines : ["  no parameters"]),
  ].join("\n");
}

const FORMATS: Record<string, ((options: RequestOptions) => string) | undefined> = {
  json: (options) => JSON.stringify(options, null, 2),
  curl: toCurl,
  fetch: toFetchSnippet,
};

/** What `generate` reads of a description before the generator reads the rest. */
interface Description {
  swagger?: unknown;
  openapi?: unknown;
  paths?: unknown;
  servers?: { url?: unknown }[];
  info?: { title?: string; version?: string };
}

/**
 * Reads an OpenAPI description, JSON or YAML, one file or several joined by `$ref`
 * (json-schema-ref-parser bundles them into one document whose `$ref`s all point inside it).
 * A file that cannot be read or parsed, a `$ref` to nowhere, Swagger 2.0 or a document that is not
 * OpenAPI 3.0 or 3.1 is a one-line usage error naming the file and the JSON pointer.
 */
async function readDescription(file: string): Promise<Description> {
  let spec: unknown;
  try {
    spec = await new $RefParser().bundle(file);
  } catch (error) {
    const { message, source, path } = error as { message: string; source?: string; path?: string[] | null };
    throw new UsageError(`${source ?? file}${path ? `#/${path.join("/")}` : ""}: ${message.split("\n")[0]!}`);
  }
  if (typeof spec !== "object" || spec === null) throw new UsageError(`${file}#: is not an OpenAPI description`);
  const { swagger, openapi, paths } = spec as Description;
  if (typeof swagger === "string")
    throw new UsageError(`${file}#/swagger: is Swagger ${swagger}; convert it to OpenAPI 3 first (e.g. with swagger2openapi)`);
  if (typeof openapi !== "string" || !/^3\.[01]\./.test(openapi))
    throw new UsageError(`${file}#/openapi: must be "3.0.x" or "3.1.x"; received ${JSON.stringify(openapi)}`);
  if (typeof paths !== "object" || paths === null) throw new UsageError(`${file}#/paths: is missing`);
  return spec;
}

/**
 * `generate DESCRIPTION --out FILE.d.ts`: writes the description's route map (docs/any-api.md) to
 * FILE.d.ts, its run-time `queries` to FILE.js and its listing for `--routes` to FILE.json.
 */
async function generate(description: string | undefined, output: string | undefined, rest: readonly string[]): Promise<string> {
  if (description === undefined || output === undefined || !output.endsWith(".d.ts"))
    throw new UsageError("generate needs a description and --out FILE.d.ts, e.g. generate openapi.yaml --out api.d.ts");
  if (rest.length > 0) throw new UsageError(`generate takes one description; received also ${quote(rest[0]!)}`);
  const spec = await readDescription(description);
  const server = spec.servers?.[0]?.url;
  const baseUrl = typeof server === "string" ? server : undefined;
  const title = `${spec.info?.title ?? basename(description)} ${spec.info?.version ?? ""}`.trim();
  const name = basename(output, ".d.ts");
  const header = (): string => `// Generated by rest-endpoint generate from ${basename(description)} (${title}): do not edit.

/**
 * The request parameters of ${title}'s operations, by route: path parameters (required), query
 * parameters and JSON body properties; a body of another media type goes under \`data\`.
 * The servers' first URL, the \`baseUrl\` to use: ${baseUrl === undefined ? "none given" : `\`${baseUrl}\``}.
 *
 * \`\`\`ts
 * import { endpoint, type EndpointInterface } from "rest-endpoint";
 * import { withQueries } from "rest-endpoint/queries";
 * import { queries, type Routes } from "./${name}.js";
 * const api: EndpointInterface<Routes> = withQueries(
 *   endpoint.defaults({ baseUrl: ${JSON.stringify(baseUrl ?? "https://api.example.com")}, headers: { accept: "application/json" } }),
 *   queries,
 * );
 * \`\`\`
 */`;
  const map = generateRouteMap(spec, { header, withQueries: true });
  const stem = output.slice(0, -".d.ts".length);
  writeFileSync(output, map.declarations);
  writeFileSync(`${stem}.js`, map.module);
  writeFileSync(`${stem}.json`, JSON.stringify({ target: name, source: title, docs: "", routes: map.listing }));
  return `${output}: ${map.count} operations of ${title}${baseUrl === undefined ? "" : `, baseUrl ${baseUrl}`}`;
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
    if (route === "generate") {
      out(await generate(items[0], values.out, items.slice(1)));
      return 0;
    }
    if (values.routes !== undefined) {
      out(listRoutes(values.routes, route, items));
      return 0;
    }
    if (route === undefined) throw new UsageError('a route is required, e.g. "GET /repos/{owner}/{repo}/issues" (see --help)');
    const parameters: EndpointParameters = {};
    const headers: Record<string, string> = {};
    for (const item of items) readItem(item, parameters, headers);
    if (Object.keys(headers).length > 0) parameters.headers = headers;
    if (values["base-url"] !== undefined) parameters.baseUrl = values["base-url"];
    const options = endpoint(route as `${string} ${string}`, parameters);
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
    if (error instanceof UsageError || error instanceof EndpointError || (error instanceof TypeError && "code" in error)) {
      // One line whatever the input held: control characters are escaped.
      err(`rest-endpoint: ${error.message.replace(/\p{Cc}/gu, (character) => JSON.stringify(character).slice(1, -1))}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2), console.log, console.error);
