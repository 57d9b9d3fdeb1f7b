import { closeSync, openSync, readSync, statSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { printable, quote } from "../core/errors.js";
import { readDescription } from "../openapi/read.js";
import { GENERATED, generateRouteMap, headerOf } from "../openapi/write.js";
import { UsageError } from "./usage.js";

/**
 * `generate DESCRIPTION --out FILE.d.ts [--listing LISTING.json] [--strict] [--force]`: writes the description's
 * route map (docs/any-api.md) to FILE.d.ts, its run-time `queries` to FILE.js and its listing for
 * `--routes` to FILE.json, or to the file `--listing` names (a description beside its map,
 * `src/x.json` with `--out src/x.ts`, takes FILE.json's name). Without `--strict` (`strict` false),
 * a part of the description whose shape is wrong (an operation, a parameter, a media type) is left
 * out, each named on one line through `warn` and in the listing's `leftOut`. It never writes over a file it read, whatever the name it is reached by (a path, a
 * symbolic or a hard link: files are compared by device and inode), and over any other file only
 * when `generate` wrote it (it begins with the marker {@link GENERATED}) or `--force` is given.
 */
export async function generate(
  description: string | undefined,
  output: string | undefined,
  rest: readonly string[],
  force: boolean,
  listingFile: string | undefined,
  strict: boolean,
  warn: (line: string) => void,
): Promise<string> {
  if (description === undefined || output === undefined)
    throw new UsageError("generate needs a description and --out FILE.d.ts or FILE.ts, e.g. generate openapi.yaml --out api.d.ts");
  if (!output.endsWith(".ts")) throw new UsageError(`--out must end in .d.ts or .ts (the map is TypeScript); received ${quote(output)}`);
  if (listingFile !== undefined && !listingFile.endsWith(".json"))
    throw new UsageError(`--listing must end in .json (the listing is JSON); received ${quote(listingFile)}`);
  if (rest.length > 0) throw new UsageError(`generate takes one description; received also ${quote(rest[0]!)}`);
  // Without --strict, unusable parts are left out, each named on one line of stderr and in the listing.
  const leftOut: string[] | undefined = strict ? undefined : [];
  const { spec, files } = await readDescription(description, leftOut);
  for (const line of leftOut ?? []) warn(printable(line));
  const info = spec.info ?? {};
  const baseUrl = spec.servers?.[0]?.url;
  // FILE.ts: one module, types and queries, that tsc compiles with the app; FILE.d.ts: with FILE.js beside it.
  const typescript = !output.endsWith(".d.ts");
  const name = basename(output, typescript ? ".ts" : ".d.ts");
  const title = `${info.title ?? basename(description)} ${info.version ?? ""}`.trim();
  const header = (): string => headerOf({ file: basename(description), title: info.title, version: info.version, baseUrl, name });
  const map = generateRouteMap(spec, { header, withQueries: true, responses: "inline" });
  const stem = output.slice(0, -(typescript ? ".ts" : ".d.ts").length);
  const listing: [string, string] = [
    listingFile ?? `${stem}.json`,
    JSON.stringify({
      generated: GENERATOR,
      target: name,
      source: title,
      docs: "",
      routes: map.listing,
      ...(leftOut === undefined || leftOut.length === 0 ? {} : { leftOut }),
    }),
  ];
  const writes: [string, string][] = typescript
    ? [[output, map.typescript], listing]
    : [[output, map.declarations], [`${stem}.js`, map.module], listing];
  const read = new Set(files.map(identity));
  for (const [file] of writes) {
    const written = identityIfAny(file);
    if (written === undefined) continue;
    if (read.has(written))
      throw new UsageError(
        `--out ${output} would write over ${file}, which the description is read from${file === listing[0] && listingFile === undefined ? `; name the listing with --listing, e.g. --listing ${stem}.routes.json` : ""}`,
      );
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
  const omitted =
    leftOut === undefined || leftOut.length === 0 ? "" : ` (${leftOut.length} ${leftOut.length === 1 ? "part" : "parts"} left out)`;
  return printable(`${output}: ${map.count} operations of ${title}${baseUrl === undefined ? "" : `, baseUrl ${baseUrl}`}${omitted}`);
}

/** A file's identity, its device and inode: the same for every path, symbolic link or hard link that reaches it. */
function identity(file: string): string {
  const { dev, ino } = statSync(file, { bigint: true });
  return `${dev}:${ino}`;
}

/** {@link identity} of `file`, or undefined when there is no such file. */
function identityIfAny(file: string): string | undefined {
  try {
    return identity(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new UsageError(`cannot read ${file} (${(error as Error).message})`);
  }
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
