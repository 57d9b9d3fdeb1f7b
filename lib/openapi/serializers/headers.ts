/**
 * Header parameters (OpenAPI 3.1 section 4.8.12.1, `in: header`): which key of a call is one, in
 * any case (a field name is case-insensitive, RFC 9110 section 5.1), and the header fields they are
 * sent in, layered as headers are. A list is joined with `, ` by the core (RFC 9110 section 5.3).
 */
import { fail, quote } from "../../core/errors.js";
import type { Defaults } from "../../core/types.js";
import { isArray } from "../../core/values.js";

/**
 * Header fields by the lower-case spelling of each name a call may give them under: the field's
 * own name and the call key the map types (`url_` for a header `url`), from `headers` (call key to
 * field, as a table writes them). The first field of a spelling is kept.
 */
export function headerNamesOf(headers: Readonly<Record<string, string>>): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [call, field] of Object.entries(headers))
    for (const name of [call, field]) if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), field);
  return byName;
}

/** A header parameter the call (or its defaults) gives: the key it is given under, its field, its value. */
export interface HeaderParameter {
  readonly name: string;
  readonly field: string;
  readonly value: unknown;
}

/**
 * The header fields the header parameters `given` are sent in (OpenAPI 3.1 section 4.8.12.1, `in:
 * header`), layered as headers are (docs/any-api.md, "Header parameters"): the call's beats the
 * defaults'. A header parameter and a `headers` field of the same name (in any case, RFC 9110
 * section 5.1) from one layer (both the call's, or both the defaults') are refused, as are two
 * header parameters sent in one field; across layers the call's wins. A value is the call's where it
 * differs from the defaults' (`defaults`, as `DEFAULTS` shows them). Values go as given: merged
 * options' headers are read as any are.
 *
 * @throws `EndpointError` `INVALID_OPTIONS` for the two clashes above
 */
export function headerFields(
  given: readonly HeaderParameter[],
  headers: Readonly<Record<string, string>>,
  defaults: Defaults,
): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  /** Each field a header parameter is sent in, and that parameter's name. */
  const byField = new Map<string, string>();
  for (const { name, field: declared, value } of given) {
    const field = declared.toLowerCase();
    const other = byField.get(field);
    if (other !== undefined)
      fail("INVALID_OPTIONS", name, `is sent in the header field ${quote(field)}, which the parameter ${quote(other)} is too`);
    byField.set(field, name);
    const parameterFromCall = !(Object.hasOwn(defaults, name) && sameValue(defaults[name], value));
    if (!Object.hasOwn(headers, field)) {
      sent[field] = value;
      continue;
    }
    const headerFromCall = headers[field] !== (Object.hasOwn(defaults.headers, field) ? defaults.headers[field] : undefined);
    if (parameterFromCall === headerFromCall)
      fail(
        "INVALID_OPTIONS",
        name,
        `is a header parameter sent in ${quote(field)}, which the ${parameterFromCall ? "call's" : "defaults'"} \`headers\` set too: give one`,
      );
    if (parameterFromCall) sent[field] = value;
  }
  return sent;
}

/** Whether two parameter values are the same: one value, or lists of the same items. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return isArray(a) && isArray(b) && a.length === b.length && a.every((item, index) => item === b[index]);
}
