import { parseArgs } from "node:util";
import { quote } from "shell-quote";
import { EndpointError } from "./errors.js";
import { endpoint, VERSION } from "./index.js";
import { toFetch } from "./clients.js";
import type { EndpointParameters, RequestOptions } from "./types.js";

const USAGE = `Usage: rest-endpoint [--base-url URL] [--format json|curl|fetch] "<METHOD> <URL>" [ITEM ...]

Prints the request options for a route (as JSON, a curl command or a fetch snippet). Sends nothing.

Items (HTTPie's conventions):
  name=value     a string parameter             owner=octokit
  name:=json     a JSON parameter (number, boolean, array, object, null)   per_page:=100
  Header:value   a header field                 authorization:"token abc"

Options:
  --base-url URL  address a relative URL is joined to (default https://api.github.com)
  --format F      json (default): the request options; curl: a curl command to paste;
                  fetch: a JavaScript snippet that sends them with fetch
  --help          print this help
  --version       print the version

Example:
  rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open`;

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
        throw new UsageError(`the item "${item}" is not valid JSON after ":="; write e.g. per_page:=100 or labels:='["bug"]'`);
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
  throw new UsageError(`the item "${item}" is not name=value, name:=json or Header:value`);
}

/**
 * A curl command for request options, every word quoted by shell-quote. An empty body is sent as
 * `--data-binary ''` with curl's default content-type removed (`-H 'content-type:'`).
 */
function toCurl(options: RequestOptions): string {
  const words = ["curl", "--silent", "--show-error"];
  const method = options.method.toUpperCase();
  if (method === "HEAD") words.push("--head");
  else if (method !== "GET") words.push("--request", method);
  for (const [name, value] of Object.entries(options.headers)) words.push("--header", `${name}: ${value}`);
  if (options.body !== undefined) {
    if (options.body === "" && !Object.hasOwn(options.headers, "content-type")) words.push("--header", "content-type:");
    words.push("--data-binary", typeof options.body === "string" ? options.body : JSON.stringify(options.body));
  }
  words.push(options.url);
  return quote(words);
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

const FORMATS: Record<string, ((options: RequestOptions) => string) | undefined> = {
  json: (options) => JSON.stringify(options, null, 2),
  curl: toCurl,
  fetch: toFetchSnippet,
};

/** Runs the CLI with the given arguments; returns the exit status. */
export function main(args: readonly string[], out: (text: string) => void, err: (text: string) => void): number {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        "base-url": { type: "string" },
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
    if (format === undefined) throw new UsageError(`--format must be json, curl or fetch; received "${values.format}"`);
    const [route, ...items] = positionals;
    if (route === undefined) throw new UsageError('a route is required, e.g. "GET /repos/{owner}/{repo}/issues" (see --help)');
    const parameters: EndpointParameters = {};
    const headers: Record<string, string> = {};
    for (const item of items) readItem(item, parameters, headers);
    if (Object.keys(headers).length > 0) parameters.headers = headers;
    if (values["base-url"] !== undefined) parameters.baseUrl = values["base-url"];
    out(format(endpoint(route as `${string} ${string}`, parameters)));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof EndpointError || (error instanceof TypeError && "code" in error)) {
      err(`rest-endpoint: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2), console.log, console.error);
