/**
 * Header parameters (OpenAPI 3.1 section 4.8.12.1, `in: header`): which key of a call is one, in
 * any case (a field name is case-insensitive, RFC 9110 section 5.1), and the header fields they are
 * sent in, layered as headers are. A list is joined with `, ` by the core (RFC 9110 section 5.3).
 */
import { fail, quote } from "../../core/errors.js";
import { readHeaders } from "../../core/headers.js";
import { isOptionName } from "../../core/option-names.js";
import { isOriginIn } from "../../core/target.js";
import type { Defaults, RequestOptions } from "../../core/types.js";
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

/**
 * The header fields the header parameters of `defaults` are sent in (an API key given once to
 * `defaults()`, docs/any-api.md "Header parameters"), by lower-case name, each with its value as
 * sent; `shared` gives each header parameter's field by its lower-case name. A value the core would
 * refuse is left out: the call refuses it.
 */
export function givenFieldsOf(defaults: Defaults, shared: ReadonlyMap<string, string>): Map<string, string> {
  const given = new Map<string, string>();
  for (const name of Object.keys(defaults)) {
    const field = isOptionName(name) ? undefined : shared.get(name.toLowerCase())?.toLowerCase();
    if (field === undefined || defaults[name] == null) continue;
    try {
      given.set(field, readHeaders({}, { [field]: defaults[name] }, "defaults")[field]!);
    } catch {
      // The call gives the error.
    }
  }
  return given;
}

/**
 * `options` without the header fields whose value is the one the defaults' header parameters give
 * (`given`, {@link givenFieldsOf}) where its URL is on none of the `home` origins. The map cannot tell
 * an API key from another field, so each such field is kept home as the core keeps an
 * `authorization` the defaults hold (docs/authentication.md, "What never leaves the target's
 * origins"); a value the call gives itself is sent.
 */
export function keepGivenFieldsHome(
  options: RequestOptions,
  given: ReadonlyMap<string, string>,
  home: ReadonlySet<string>,
): RequestOptions {
  const { headers } = options;
  const sent = (field: string, value: string): boolean => given.get(field) === value;
  if (!Object.keys(headers).some((field) => sent(field, headers[field]!)) || isOriginIn(options.url, home)) return options;
  const kept: Record<string, string> = {};
  for (const field of Object.keys(headers)) if (!sent(field, headers[field]!)) kept[field] = headers[field]!;
  return { ...options, headers: kept };
}
