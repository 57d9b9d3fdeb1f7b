import { parseTemplate } from "url-template";
import type { TemplateContext } from "./compile-url-template.js";
import { describeValue, EndpointError } from "./errors.js";
import { isPlainRecord } from "./normalize-options.js";

/** A parameter value in the form RFC 6570 expands: a string, a list or an associative array. */
export type TemplateValue = string | string[] | Record<string, string>;

/**
 * Converts a parameter value to the form RFC 6570 expands, or `undefined` when it has none to
 * give (`undefined`, `null`, empty lists and objects: RFC 6570 section 2.3).
 *
 * @throws {@link EndpointError} `INVALID_PARAMETER` for a value with no URL form
 */
export function toTemplateValue(value: unknown, name: string): TemplateValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    const list: string[] = [];
    for (const item of value as unknown[]) {
      if (item !== undefined && item !== null) list.push(toText(item, name));
    }
    return list.length === 0 ? undefined : list;
  }
  if (isPlainRecord(value)) {
    const map: Record<string, string> = {};
    let empty = true;
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === undefined || item === null) continue;
      map[key] = toText(item, name);
      empty = false;
    }
    return empty ? undefined : map;
  }
  return toText(value, name);
}

/** One scalar as text: strings as they are, finite numbers, booleans, bigints, valid Dates (ISO 8601). */
function toText(value: unknown, name: string): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      if (Number.isFinite(value)) return String(value);
      break;
    case "boolean":
    case "bigint":
      return String(value);
    case "object":
      // GitHub's timestamps are ISO 8601 (https://docs.github.com/rest/overview/resources-in-the-rest-api#timezones).
      // Brand check, not instanceof: a Date from another realm (a vm context, structuredClone) counts.
      if (Object.prototype.toString.call(value) === "[object Date]") {
        const time = Date.prototype.getTime.call(value);
        if (!Number.isNaN(time)) return new Date(time).toISOString();
      }
  }
  throw new EndpointError(
    "INVALID_PARAMETER",
    name,
    `the parameter \`${name}\` has no URL form: received ${describeValue(value)}. Pass a string, a finite number, a boolean, a bigint, a Date, or a flat list or object of those`,
  );
}

/**
 * Runs a url-template expansion. url-template throws a URIError (from encodeURIComponent) on a lone
 * UTF-16 surrogate, which has no URL form: that becomes `INVALID_PARAMETER` naming the parameter.
 * Checking every string beforehand would cost each call far more than this rare failure does.
 */
export function withUrlForm<T>(expand: () => T, culprit: () => string | undefined): T {
  try {
    return expand();
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    const name = culprit() ?? "";
    throw new EndpointError(
      "INVALID_PARAMETER",
      name,
      `the parameter \`${name}\` holds a lone UTF-16 surrogate, which has no URL form. Pass well-formed text`,
    );
  }
}

/** Whether every string of a value (list items, object keys and values) has no lone surrogate. */
export function isWellFormed(value: TemplateValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === "string") return value.isWellFormed();
  if (Array.isArray(value)) return value.every(isWellFormed);
  return Object.keys(value).every((key) => key.isWellFormed() && isWellFormed(value[key]));
}

/** Encodes as `%25` each `%` that starts no pct-encoded triplet, in every string of a value. */
export function encodeLonePercents(value: TemplateValue): TemplateValue {
  if (typeof value === "string") return value.includes("%") ? value.replace(/%(?![\dA-F]{2})/gi, "%25") : value;
  if (Array.isArray(value)) return value.map((item) => encodeLonePercents(item) as string);
  const map: Record<string, string> = {};
  for (const key of Object.keys(value)) map[key] = encodeLonePercents(value[key] as string) as string;
  return map;
}

/** True when every character is in RFC 3986's unreserved set, so encoding leaves it unchanged. */
export function isUnreserved(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!(
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === 0x2d ||
      code === 0x2e ||
      code === 0x5f ||
      code === 0x7e
    )) {
      return false;
    }
  }
  return true;
}

/** url-template's expansion of `template`, as a function of its variables. */
export function toExpand(template: string): (context: TemplateContext) => string {
  const compiled = parseTemplate(template);
  return (context) => compiled.expand(context);
}
