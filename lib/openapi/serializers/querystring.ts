/**
 * OpenAPI 3.2's querystring parameter (Parameter Object, `in: querystring`): the whole query, from
 * one value, as its one media type writes it: a form, a JSON text, or a string.
 */
import { fail } from "../../core/errors.js";
import { encodeComponent } from "../../core/url-template.js";
import { isPlainRecord } from "../../core/values.js";
import type { Querystring } from "../query.js";
import { formFields } from "./form-body.js";
import { checkedJsonText } from "./json-text.js";

/**
 * The query OpenAPI 3.2's querystring parameter writes from `value` ({@link Querystring}); `""` for
 * `null`, `undefined` or a form without fields.
 *
 * @throws `EndpointError` `INVALID_PARAMETER` for a form value that is not an object or a field
 *   with no form ({@link formFields}), a JSON value whose JSON text would not say what it holds
 *   ({@link checkedJsonText}: `NaN`, `Infinity`, a `Map`, a `Set`, a function, a hole in a list, …,
 *   named with its path inside the value), a string value that is not a string, and a lone surrogate
 */
export function querystringText(querystring: Querystring, value: unknown): string {
  const { name, as } = querystring;
  if (value == null) return "";
  if (as === "form") {
    if (!isPlainRecord(value)) return fail("INVALID_PARAMETER", name, "must be an object, the form of the whole query", value);
    const fields = formFields({ mediaType: "application/x-www-form-urlencoded", ...querystring }, value) as [string, string][];
    return new URLSearchParams(fields).toString();
  }
  if (as === "string") {
    if (typeof value !== "string") return fail("INVALID_PARAMETER", name, "must be a string, the whole query", value);
    return encodeComponent(value, name);
  }
  return encodeComponent(checkedJsonText(value, name, ", the whole query"), name);
}
