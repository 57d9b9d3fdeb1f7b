import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { percentEncodeName } from "../core/chars.js";
import { holdsSecret, quote } from "../core/errors.js";
import { compileTemplate, withQueryVariables } from "../core/template.js";
import type { EndpointParameters } from "../core/types.js";
import { readRoute } from "./route.js";
import { UsageError } from "./usage.js";

/**
 * HTTPie's item separators (https://httpie.io/docs/cli/request-items): an item splits at its first
 * separator, the longest one where two begin at the same place: `==` a query parameter, `:=@` JSON
 * read from a file, `:=` a JSON parameter, `=@` a string read from a file, `=` a string parameter,
 * `:` a header field.
 */
const SEPARATOR = /==|:=@|:=|=@|=|:/;

/** The items of a call, read: its parameters, its header fields, its query items and its raw body. */
interface Items {
  parameters: EndpointParameters;
  headers: Record<string, string>;
  /** `name==value` items: name and value, in order. */
  query: [string, string][];
  /** An `@file` item: the file's name as written, and its bytes, the request's body as they are. */
  body?: { file: string; bytes: Uint8Array };
}

/**
 * The most bytes a file item reads: 64 MiB. A file item reads a regular file only, never a pipe,
 * a device (`/dev/zero`, `/dev/stdin`) or a directory, which could make it wait for a writer or read
 * without end; a file that grows past the bound while it is read is refused too.
 */
export const FILE_LIMIT = 64 * 1024 * 1024;

/** Reads UTF-8 strictly: bytes that are no UTF-8 (a binary file) throw rather than become U+FFFD. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * An item for a message: quoted, but a header item (`X-Api-Key:…`, any field, as the library's
 * errors show no header value) or one whose name (up to its separator or a space) is a field or an
 * argument that holds secrets (`Authorization token …`, the same rule as the library's errors) by
 * that name and its length alone, and a query item by its name: a usage error's text reaches logs.
 */
function shownItem(item: string): string {
  const name = /^[\w-]*/.exec(item)![0];
  if (SEPARATOR.exec(item)?.[0] === ":" || holdsSecret(name.toLowerCase()))
    return `${quote(`${name}…`)} (of ${item.length} characters, not shown)`;
  // A query item (`name==value`) is the URL's query, shown as an error shows a URL's: its name alone.
  const query = /^[^=:@]+==(?=.)/s.exec(item);
  return quote(query === null ? item : `${query[0]}…`);
}

/** The bytes of the file an `=@`, `:=@` or `@` item names: a regular file of at most {@link FILE_LIMIT} bytes. */
function readItemBytes(item: string, file: string): Uint8Array {
  const cannot = (reason: string): UsageError => new UsageError(`the item ${shownItem(item)} reads ${quote(file)}, which ${reason}`);
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO to read would wait for a writer (open(2)); it is refused below.
    // Windows has no such flag, and no FIFO that open() waits on.
    fd = openSync(file, constants.O_RDONLY | ((constants as Partial<typeof constants>).O_NONBLOCK ?? 0));
  } catch (error) {
    // Every error openSync throws carries Node's code (ENOENT, EACCES, ERR_INVALID_ARG_VALUE…).
    throw cannot(`cannot be read (${(error as NodeJS.ErrnoException).code as string})`);
  }
  try {
    // The opened file's own kind, not its name's: nothing can swap it between a check and the read.
    if (!fstatSync(fd).isFile())
      throw cannot("is not a regular file (a pipe, a device or a directory); a file item reads a regular file of at most 64 MiB");
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = new Uint8Array(1 << 20);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > FILE_LIMIT) throw cannot("is larger than 64 MiB, the most a file item reads");
      chunks.push(chunk.subarray(0, read));
    }
    // A plain Uint8Array, as `data` takes bytes: a Buffer would print as `{ type: "Buffer", data }`.
    const bytes = new Uint8Array(total);
    chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.byteLength), 0);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** The text of the file an `=@` or `:=@` item names, as UTF-8. */
function readItemFile(item: string, file: string): string {
  const bytes = readItemBytes(item, file);
  try {
    return UTF8.decode(bytes);
  } catch {
    // A string parameter is text: a binary file would be sent with each bad byte replaced.
    throw new UsageError(
      `the item ${shownItem(item)} reads ${quote(file)}, which is not UTF-8 text (a binary file cannot be a parameter; send it as the body with @${file})`,
    );
  }
}

/** JSON text parsed, refusing what is not JSON and an integer JSON.parse would round. */
function readJson(item: string, name: string, json: string, fromFile: boolean): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json) as unknown;
  } catch {
    throw new UsageError(
      fromFile
        ? `the item ${shownItem(item)} reads a file that is not valid JSON`
        : `the item ${shownItem(item)} is not valid JSON after ":="; write e.g. per_page:=100 or labels:='["bug"]'`,
    );
  }
  const rounded = unsafeInteger(json);
  if (rounded !== undefined)
    throw new UsageError(
      `the item ${shownItem(item)} holds ${rounded}, past 2^53 - 1, which JSON numbers here would round; write it as a string: ${name}=${rounded}`,
    );
  return parsed;
}

/**
 * Reads the command line's items. `@file` is the request's body, the file's bytes as they are
 * (curl's `--data-binary @file`); it is the `data` parameter, so `data=…` beside it is a name
 * given twice. An item without a name, a name given twice (parameters,
 * header fields in any case, query items), JSON that is not valid or holds an integer past
 * 2^53 - 1 (which JSON.parse would round: `12345678901234567890` becomes `12345678901234567000`),
 * a file that cannot be read is a usage error.
 */
export function readItems(items: readonly string[]): Items {
  const result: Items = { parameters: {}, headers: {}, query: [] };
  const seen = new Set<string>();
  const once = (key: string, item: string): void => {
    if (seen.has(key))
      throw new UsageError(`the item ${shownItem(item)} sets ${quote(key.slice(key.indexOf(" ") + 1))} again; give each name once`);
    seen.add(key);
  };
  for (const item of items) {
    if (item.startsWith("@")) {
      once("parameter data", item);
      const file = item.slice(1);
      result.body = { file, bytes: readItemBytes(item, file) };
      continue;
    }
    const match = SEPARATOR.exec(item);
    if (match === null)
      throw new UsageError(
        `the item ${shownItem(item)} is not name=value, name:=json, name=@file, name:=@file, name==value, Header:value or @file`,
      );
    const separator = match[0];
    const name = item.slice(0, match.index);
    const value = item.slice(match.index + separator.length);
    if (name === "") throw new UsageError(`the item ${shownItem(item)} has no name before ${JSON.stringify(separator)}`);
    if (separator === "==") {
      once(`query ${name}`, item);
      result.query.push([name, value]);
    } else if (separator === ":") {
      once(`header ${name.toLowerCase()}`, item);
      result.headers[name] = value.trimStart();
    } else {
      once(`parameter ${name}`, item);
      const fromFile = separator.endsWith("@");
      const text = fromFile ? readItemFile(item, value) : value;
      result.parameters[name] = separator.startsWith(":") ? readJson(item, name, text, fromFile) : text;
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
 * expression (`{&…}` when the route has a query already: RFC 6570 section 3.2.9) before its
 * fragment (`withQueryVariables`), so that they go to the query whatever the method; the items
 * under those variables' names.
 */
export function withQueryItems(route: string, { query, parameters }: Items): string {
  const { method, url } = readRoute(route);
  if (query.length === 0) return `${method} ${url}`;
  const template = compileTemplate(url);
  const variables = query.map(([name, value]) => {
    const variable = percentEncodeName(name);
    if (template.names.has(variable) || Object.hasOwn(parameters, variable))
      throw new UsageError(`the query item ${shownItem(`${name}==${value}`)} is named like a parameter of the route or another item`);
    parameters[variable] = value;
    return variable;
  });
  return `${method} ${withQueryVariables(url, variables)}`;
}
