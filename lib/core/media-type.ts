import { fail } from "./errors.js";
import type { MediaTypeFields } from "./target.js";
import { isPlainRecord, PROTO_KEY } from "./values.js";

/**
 * The `mediaType` of a call that gives none: one object. A plain one, as every `mediaType` the core
 * makes (V8 reads and copies those fast, where an object without prototype is a hash table): their
 * readers read own fields only.
 */
export const NO_MEDIA_TYPE: MediaTypeFields = Object.freeze({});

/**
 * Reads a `mediaType` option over the one of `base` (docs/usage.md, "Options"): a plain object
 * whose fields are each a string, `""` or a media type name (RFC 6838 section 4.2,
 * `[A-Za-z0-9][A-Za-z0-9.+_-]*`), which replaces the one before, or an array of names, united with
 * the one before (each name once). What the fields mean is the target's (lib/core/target.ts,
 * `request`); a target without a request step refuses any that is not empty. Own keys only
 * (never `__proto__`), caller arrays read by index.
 *
 * @throws {@link EndpointError} `INVALID_MEDIA_TYPE` for a wrong shape or a name outside the grammar
 */
export function readMediaType(base: MediaTypeFields, value: unknown, argument: string): MediaTypeFields {
  // A plain object, as every object option is (values.ts isPlainRecord): a Map or a class instance
  // would be read as having no fields.
  if (!isPlainRecord(value)) fail("INVALID_MEDIA_TYPE", argument, "must be a plain object", value);
  const fields: Record<string, string | readonly string[]> = { ...base };
  for (const key of Object.keys(value)) {
    const given = value[key];
    if (given === undefined || key === PROTO_KEY) continue;
    if (typeof given === "string") {
      fields[key] = given === "" ? given : checkName(given, `${argument}.${key}`);
      continue;
    }
    if (!Array.isArray(given)) fail("INVALID_MEDIA_TYPE", `${argument}.${key}`, "must be a string or an array of names", given);
    const before = Object.hasOwn(fields, key) ? fields[key] : undefined;
    const names = new Set(Array.isArray(before) ? (before as readonly string[]) : []);
    const list: readonly unknown[] = given;
    for (let i = 0; i < list.length; i++) names.add(checkName(list[i], `${argument}.${key}`));
    fields[key] = [...names];
  }
  return fields;
}

/** Whether a `mediaType` asks for anything: a field that is a name, or a list that holds one. */
export const asksForMediaType = (fields: MediaTypeFields): boolean => Object.values(fields).some((value) => value.length > 0);

/** A media type name: `[A-Za-z0-9][A-Za-z0-9.+_-]*`. */
function checkName(name: unknown, argument: string): string {
  if (typeof name === "string" && /^[\da-z][\w+.-]*$/i.test(name)) return name;
  fail("INVALID_MEDIA_TYPE", argument, "must be a media type name", name);
}
