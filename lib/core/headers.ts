import { NOT_FIELD_VCHAR, TOKEN } from "./chars.js";
import { fail } from "./errors.js";
import { isPlainRecord, PROTO_KEY } from "./values.js";

/**
 * Lowercases header field names and checks them (RFC 9110 section 5.1 token); drops `undefined`
 * values; turns numbers into strings and lists into one comma-joined value (RFC 9110 section 5.3);
 * checks each value against RFC 9110 section 5.5. Returns `base` overlaid with them.
 */
export function readHeaders(base: Readonly<Record<string, string>>, headers: unknown, argument: string): Record<string, string> {
  if (!isPlainRecord(headers)) fail("INVALID_OPTIONS", argument, "must be a plain object", headers);
  // Object.assign, not a spread, for the reason readCall gives (lib/core/options.ts).
  const result: Record<string, string> = Object.assign({}, base);
  const names = Object.keys(headers);
  // Names that differ only in case: possible only where a name is not lowercase already.
  let seen: Set<string> | undefined;
  for (const name of names) {
    const value = headers[name];
    if (value === undefined || name === PROTO_KEY) continue;
    if (!TOKEN.test(name)) fail("INVALID_HEADER_NAME", argument, "has a name not an RFC 9110 token", name);
    const lower = name.toLowerCase();
    if (lower !== name) {
      seen ??= new Set(names.filter((other) => other === other.toLowerCase() && headers[other] !== undefined));
      if (seen.has(lower)) fail("INVALID_HEADER_NAME", argument, `has "${lower}" twice`);
      seen.add(lower);
    }
    result[lower] = headerValue(value, argument, lower);
  }
  return result;
}

function headerValue(value: unknown, argument: string, name: string): string {
  if (!Array.isArray(value)) return fieldValue(value, argument, name, value);
  const items = value as unknown[];
  let text = "";
  for (let i = 0; i < items.length; i++) text += (i === 0 ? "" : ", ") + fieldValue(items[i], argument, name, value);
  return text;
}

/** A field value (RFC 9110 section 5.5); the argument `<argument>.<name>` is named only when it fails. */
function fieldValue(value: unknown, argument: string, name: string, received: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") fail("INVALID_HEADER_VALUE", `${argument}.${name}`, "must be a string or number", received);
  const at = value.search(NOT_FIELD_VCHAR);
  if (at !== -1)
    fail(
      "INVALID_HEADER_VALUE",
      `${argument}.${name}`,
      `holds U+${value.codePointAt(at)!.toString(16).toUpperCase().padStart(4, "0")}`,
      value,
    );
  return value;
}
