import { parseArgs } from "node:util";
import { EndpointError, printable, quote } from "../core/errors.js";
import type { EndpointInterface } from "../core/types.js";
import { githubTargetOf } from "../github/target.js";
import { createEndpoint, endpoint, VERSION } from "../index.js";
import { DescriptionError } from "../openapi/read.js";
import { generate } from "./generate.js";
import { readItems, withQueryItems } from "./items.js";
import { listRoutes } from "./listing.js";
import { FORMATS } from "./output.js";
import { readRoute } from "./route.js";
import { didYouMean, USAGE, UsageError } from "./usage.js";
import { versionsDiff } from "./versions.js";

/** Where the CLI writes, and where the GitHub targets' listings are (dist/routes/, beside the bin). */
interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  routes: URL;
}

/** The CLI's options (node's util.parseArgs reads them); anything else that begins with `-` is a usage error. */
const OPTIONS = {
  "base-url": { type: "string" },
  routes: { type: "string" },
  out: { type: "string" },
  listing: { type: "string" },
  format: { type: "string" },
  help: { type: "boolean" },
  version: { type: "boolean" },
  force: { type: "boolean" },
  strict: { type: "boolean" },
  target: { type: "string" },
} as const;
type Values = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]["type"] extends "string" ? string : boolean };

/** The sub-commands; any other first word that is not a route is a usage error. */
const COMMANDS = ["generate", "versions"];
/** Options that belong to one sub-command. */
const OWNED: [option: keyof typeof OPTIONS, command: string][] = [
  ["out", "generate"],
  ["listing", "generate"],
  ["force", "generate"],
  ["strict", "generate"],
  ["target", "versions"],
];

/** The options and positionals of a command line, every option checked against {@link OPTIONS}. */
function readArguments(args: readonly string[]): { values: Values; positionals: string[] } {
  const { values, positionals, tokens } = parseArgs({
    args: [...args],
    options: OPTIONS,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const option = Object.hasOwn(OPTIONS, token.name) ? OPTIONS[token.name as keyof typeof OPTIONS] : undefined;
    if (option === undefined)
      throw new UsageError(
        `unknown option ${quote(token.rawName)}${didYouMean(
          token.rawName,
          Object.keys(OPTIONS).map((name) => `--${name}`),
        )}`,
      );
    if (option.type === "string" && token.value === undefined) throw new UsageError(`${token.rawName} needs a value`);
    if (option.type === "boolean" && token.value !== undefined)
      throw new UsageError(`${token.rawName} takes no value; received ${quote(token.value)}`);
  }
  return { values: values as Values, positionals };
}

/** Runs the CLI with the given arguments, writing to `io`; returns the exit status: 0, or 2 after one line on `err`. */
export async function main(args: readonly string[], io: Io): Promise<number> {
  try {
    io.out(await run(args, io.routes, io.err));
    return 0;
  } catch (error) {
    // One line whatever the input held: control characters are escaped. An error of another kind
    // is a defect of this command, said so on one line too.
    const known = error instanceof UsageError || error instanceof DescriptionError || error instanceof EndpointError;
    const message = error instanceof Error ? error.message : String(error);
    io.err(
      `rest-endpoint: ${printable(known || (error instanceof TypeError && "code" in error) ? message : `${error instanceof Error ? error.name : "Error"}: ${message} (a defect of rest-endpoint: please report it)`)}`,
    );
    return 2;
  }
}

/**
 * The endpoint function for `--base-url` (docs/github-enterprise.md, "From the command line"): the
 * URL is parsed (`https://API.x.ghe.com:443/` too), and a GitHub one is its target
 * (lib/github/target.ts, `githubTargetOf`): a GHE.com API (`https://api.SUBDOMAIN.ghe.com`) is
 * `gheCom(SUBDOMAIN)`, a GHES API (`ORIGIN/api/v3`) the instance at that origin, so that the maps'
 * upload routes go to its uploads and credentials stay on it, as in code; any other URL is another
 * API's, `createEndpoint({ baseUrl })` (RFC 6570 alone: `path=a/b` is encoded, no GitHub `accept`).
 */
function endpointFor(baseUrl: string | undefined): EndpointInterface {
  if (baseUrl === undefined) return endpoint;
  const target = githubTargetOf(baseUrl);
  return target === undefined ? createEndpoint({ baseUrl }) : createEndpoint({}, target);
}

/** What the command line prints. */
async function run(args: readonly string[], routes: URL, err: (text: string) => void): Promise<string> {
  const { values, positionals } = readArguments(args);
  if (values.help === true) return USAGE;
  if (values.version === true) return VERSION;
  const format = FORMATS[values.format ?? "json"];
  if (format === undefined)
    throw new UsageError(
      `--format must be json, curl or fetch; received ${quote(values.format!)}${didYouMean(values.format!, Object.keys(FORMATS))}`,
    );
  const [first, ...items] = positionals;
  for (const [option, command] of OWNED)
    if (values[option] !== undefined && first !== command) throw new UsageError(`--${option} goes with ${command} (see --help)`);
  if (first === "versions") return versionsDiff(items, values.target ?? "api.github.com", routes);
  if (first === "generate")
    return generate(items[0], values.out, items.slice(1), values.force === true, values.listing, values.strict === true, (line) => {
      err(`rest-endpoint: ${line}`);
    });
  if (values.routes !== undefined) return listRoutes(values.routes, first, items, routes);
  if (first === undefined) throw new UsageError('a route is required, e.g. "GET /repos/{owner}/{repo}/issues" (see --help)');
  // A word that is no route and no method alone ("version" for "versions", "zen" for "/zen").
  if (/^[a-z][\w-]*$/i.test(first) && !/^[A-Z]+$/.test(first))
    throw new UsageError(
      `${quote(first)} is neither a command (${COMMANDS.join(", ")}) nor a route ("<METHOD> <URL>")${didYouMean(first, COMMANDS)}`,
    );
  readRoute(first);
  const read = readItems(items);
  const { parameters, headers, body } = read;
  const route = withQueryItems(first, read);
  if (Object.keys(headers).length > 0) parameters.headers = headers;
  if (body !== undefined) parameters.data = body.bytes;
  const options = endpointFor(values["base-url"])(route as `${string} ${string}`, parameters);
  try {
    return format(options, body?.file);
  } catch (error) {
    // `data` is never walked, so it may nest deeper than JSON.stringify can print.
    if (!(error instanceof RangeError)) throw error;
    throw new UsageError(`the request options nest too deeply to print (${error.message})`);
  }
}
