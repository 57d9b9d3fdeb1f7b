/**
 * The JSON text (RFC 8259) of a value sent as JSON where the caller cannot see it: OpenAPI 3.2's
 * querystring of a JSON media type, and each item of a sequence body. `JSON.stringify` writes some
 * values as others without a word (`NaN` and `Infinity` as `null`, a `Map` or a `Set` as `{}`, a
 * function or `undefined` in a list and a hole in a sparse list as `null`, a function property not
 * at all): each of those is refused here, naming where in the value it stands.
 */
import { fail } from "../../core/errors.js";
import { isArray, isPlainRecord, toIsoString } from "../../core/values.js";

/** The deepest nesting read: past it a value is refused, as the call stack would end the walk anyway. */
const MAX_DEPTH = 256;

/**
 * The JSON text of `value`, after checking that it says exactly what `value` holds: `null`,
 * booleans, strings, finite numbers, a valid `Date` (its ISO 8601 text, as `toJSON` writes it), lists
 * without holes and plain objects of those; an object's property whose value is `undefined` is left
 * out, as a parameter given `undefined` is.
 *
 * @param argument - the parameter's name, to which the path inside the value is appended (`filter.ids.1`)
 * @param role - what the value is, said when it has no JSON text at all (`", the whole query"`)
 * @throws `EndpointError` `INVALID_PARAMETER` naming the path of a `NaN` or infinite number, a
 *   `Map`, a `Set`, a function, a symbol, a BigInt, `undefined` in a list or alone, a hole in a
 *   list, an invalid `Date`, another object that is no plain object, a cycle, or nesting past 256 levels
 */
export function checkedJsonText(value: unknown, argument: string, role = ""): string {
  /** The objects on the path from the value to the one being read: a cycle has no JSON text. */
  const path = new Set<object>();
  const check = (item: unknown, at: string, depth: number): void => {
    if (item === null || typeof item === "string" || typeof item === "boolean") return;
    if (typeof item === "number") {
      if (!Number.isFinite(item))
        fail(
          "INVALID_PARAMETER",
          at,
          "must be a finite number: JSON has no NaN or Infinity (RFC 8259 section 6), and would send null",
          item,
        );
      return;
    }
    if (typeof item !== "object") return fail("INVALID_PARAMETER", at, `must have a JSON text${at === argument ? role : ""}`, item);
    if (toIsoString(item) !== undefined) return;
    if (depth > MAX_DEPTH) fail("INVALID_PARAMETER", at, `nests deeper than ${MAX_DEPTH} levels`);
    if (path.has(item)) fail("INVALID_PARAMETER", at, "holds itself (a cycle), which has no JSON text");
    path.add(item);
    if (isArray(item))
      for (let index = 0; index < item.length; index++) {
        if (!(index in item)) fail("INVALID_PARAMETER", `${at}.${index}`, "is a hole in a sparse list, which JSON would send as null");
        check(item[index], `${at}.${index}`, depth + 1);
      }
    else if (isPlainRecord(item)) {
      for (const [key, property] of Object.entries(item)) if (property !== undefined) check(property, `${at}.${key}`, depth + 1);
    } else
      fail(
        "INVALID_PARAMETER",
        at,
        item instanceof Map || item instanceof Set || item instanceof Date
          ? `is ${item instanceof Date ? "an invalid Date" : `a ${item instanceof Map ? "Map" : "Set"}`}, which JSON would send as ${item instanceof Date ? "null" : "{}"}: give ${item instanceof Set ? "a list" : item instanceof Map ? "a plain object (Object.fromEntries)" : "a valid Date"}`
          : "must be a plain object, a list, a string, a number, a boolean or null: JSON would send another object as its own enumerable properties",
        item,
      );
    path.delete(item);
  };
  check(value, argument, 0);
  return JSON.stringify(value);
}
