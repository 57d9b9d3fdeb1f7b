/**
 * `allowReserved: true` (OpenAPI 3.1 section 4.8.12.2): a query parameter whose value keeps RFC
 * 3986's reserved characters, written as RFC 6570's reserved expansion writes it.
 */
import { fail } from "../../core/errors.js";
import { encodeReservedComponent } from "../../core/url-template.js";
import { isArray } from "../../core/values.js";

/**
 * The `name=value` pairs of an allowReserved parameter: a list as a pair per item where `exploded`,
 * else one pair of its items joined with `,`; each value as RFC 6570's reserved expansion writes it
 * (url-template), but `#`, which would end the query, as `%23`; `null` and `undefined` send nothing.
 */
export function reservedPairs(key: string, value: unknown, argument: string, exploded: boolean): string[] {
  if (value == null) return [];
  const text = (item: unknown): string => {
    if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean")
      return fail("INVALID_PARAMETER", argument, "must be a string, number or boolean, or a list of them (allowReserved)", item);
    return encodeReservedComponent(String(item), argument).replaceAll("#", "%23");
  };
  if (!isArray(value)) return [`${key}=${text(value)}`];
  const items = value.filter((item) => item != null).map(text);
  if (items.length === 0) return [];
  return exploded ? items.map((item) => `${key}=${item}`) : [`${key}=${items.join(",")}`];
}
