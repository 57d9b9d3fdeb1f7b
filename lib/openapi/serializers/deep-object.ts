/**
 * `style: deepObject` (OpenAPI 3.1 section 4.8.12.4) in the query: an object as `name[key]=value`,
 * one level, a list as `name[]=value` per item. Each key becomes an RFC 6570 variable of its own
 * (`created%5Bgte%5D`), added to the route's query expression, so that url-template encodes the values.
 */
import { fail } from "../../core/errors.js";
import { percentEncodeName } from "../../core/chars.js";
import { isArray, isPlainRecord } from "../../core/values.js";

/** {@link percentEncodeName}, with an error that names the parameter. */
export function variableOf(text: string, argument: string): string {
  try {
    return percentEncodeName(text);
  } catch {
    return fail("INVALID_PARAMETER", argument, "must be well-formed Unicode (a lone surrogate has no UTF-8 form)", text);
  }
}

/**
 * The variables a deepObject parameter `name` (sent under `variable`, its RFC 6570 name) writes for
 * `value`, a list or a plain object: each variable's varspec, name and value, and the argument that
 * names it in an error.
 *
 * @throws `EndpointError` `INVALID_PARAMETER` for a list or an object under a key (deepObject has
 *   one level) and for a key that is not well-formed Unicode
 */
export function deepObjectVariables(
  name: string,
  variable: string,
  value: readonly unknown[] | Readonly<Record<string, unknown>>,
): { varspec: string; key: string; value: unknown; argument: string }[] {
  const prefix = `${variable}%5B`;
  if (isArray(value)) return [{ varspec: `${prefix}%5D*`, key: `${prefix}%5D`, value, argument: name }];
  return Object.entries(value).map(([key, item]) => {
    const argument = `${name}.${key}`;
    if (isArray(item) || isPlainRecord(item))
      fail(
        "INVALID_PARAMETER",
        argument,
        "must be a string, number or boolean: deepObject sends one level (OpenAPI 3.1 section 4.8.12.4)",
        item,
      );
    const variable = `${prefix}${variableOf(key, argument)}%5D`;
    return { varspec: variable, key: variable, value: item, argument };
  });
}
