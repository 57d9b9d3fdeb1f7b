import { parseTemplate } from "url-template";
import { checkDotSegments, compileUrlTemplate, type Expression, type Operator, type TemplateContext } from "./compile-url-template.js";
import { describeValue, EndpointError } from "./errors.js";
import { isPlainRecord } from "./normalize-options.js";

/** A parameter value in the form RFC 6570 expands: a string, a list or an associative array. */
type TemplateValue = string | string[] | Record<string, string>;

/** Parameters by name: own keys only, read through `Object.hasOwn`. */
export type ParameterMap = Record<string, unknown>;

/**
 * Expands a URL template with the given parameters and joins it to `baseUrl`, then appends
 * `query` parameters (form-style, RFC 6570 section 3.2.8) before any fragment.
 *
 * @returns the full URL and the names of the variables the template used
 * @throws {@link EndpointError} see `docs/errors.md`
 */
export function expandUrl(
  template: string,
  baseUrl: string | undefined,
  parameters: ParameterMap,
): { url: string; names: ReadonlySet<string> } {
  const compiled = compileUrlTemplate(template);
  const { parts, pathStart } = compiled;
  let url = "";
  let pathOffset = 0;
  for (let index = 0; index < parts.length; index++) {
    if (index === pathStart) pathOffset = url.length;
    const part = parts[index] as string | Expression;
    if (typeof part === "string") {
      url += part;
      continue;
    }
    const expanded = expandExpression(part, parameters);
    if (part.segment !== "partial" && expanded === "") {
      if (part.segment === "whole") {
        throw pathSegmentError(part, `expands to an empty path segment ("//")`);
      }
      // An empty last segment drops its "/": `…/contents/{path}` with path "" is `…/contents`.
      url = url.slice(0, -1);
    }
    url += expanded;
  }
  // Literal-only paths were checked when the template was compiled.
  if (compiled.hasPathExpression) checkDotSegments(url, pathOffset);
  if (compiled.absolute) {
    if (compiled.hasAuthorityExpression && !hasHost(url)) {
      throw new EndpointError(
        "INVALID_URL",
        "url",
        `the \`url\` template's expansion is not a valid http(s) URL: ${describeValue(url)}. Check the parameters that fill its host`,
      );
    }
    return { url, names: compiled.names };
  }
  if (url !== "" && !"/?#".includes(url[0] as string)) {
    throw new EndpointError(
      "URL_LEAVES_BASE_URL",
      "url",
      `the relative \`url\` template expands to ${describeValue(url)}, which would change the host of \`baseUrl\`. Give the full URL instead, or a parameter value that begins with "/"`,
    );
  }
  return { url: resolveBaseUrl(baseUrl) + url, names: compiled.names };
}

/**
 * Appends query parameters to a URL, before its fragment, each encoded exactly as RFC 6570
 * form-style query expansion `{?name}` encodes it (names too).
 */
export function appendQuery(url: string, query: ParameterMap, names: readonly string[]): string {
  let search = "";
  // Names and values, in the order name, value, …, that need url-template to encode them.
  let items: TemplateValue[] | undefined;
  for (const name of names) {
    const value = toTemplateValue(query[name], name);
    if (value === undefined) continue;
    if (items === undefined && typeof value === "string" && isUnreserved(name) && isUnreserved(value)) {
      // Fast path, no arrays: both are their own expansion.
      search += `&${name}=${value}`;
    } else {
      (items ??= []).push(name, value);
    }
  }
  if (items !== undefined) {
    const pairs = items;
    const encoded = withUrlForm(
      () => encodeSimple(pairs),
      () => {
        const at = pairs.findIndex((item) => !isWellFormed(item));
        return pairs[at - (at % 2)] as string;
      },
    );
    for (let i = 0; i < encoded.length; i += 2) search += `&${encoded[i] as string}=${encoded[i + 1] as string}`;
  }
  if (search === "") return url;
  const hash = url.indexOf("#");
  const end = hash === -1 ? url.length : hash;
  const question = url.lastIndexOf("?", end - 1);
  const last = url[end - 1];
  // Join with "&" when the URL has a query already, and nothing when it ends with "?" or "&".
  search = question === -1 ? `?${search.slice(1)}` : last === "?" || last === "&" ? search.slice(1) : search;
  return url.slice(0, end) + search + url.slice(end);
}

function expandExpression(expression: Expression, parameters: ParameterMap): string {
  const { operator, varspecs } = expression;
  // Fast path, no context object: a simple expression of one string made only of unreserved
  // characters expands to itself.
  if (varspecs.length === 1 && operator === "" && !expression.perVariable) {
    const { name } = varspecs[0] as (typeof varspecs)[0];
    const value = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
    if (
      typeof value === "string" &&
      value !== "." &&
      value !== ".." &&
      isUnreserved(value) &&
      (value !== "" || expression.segment === "partial")
    ) {
      return value;
    }
  }
  // Every variable is set, `undefined` included, so that url-template never reads one through the
  // prototype chain (`{constructor}`, or a polluted Object.prototype).
  const context: Record<string, TemplateValue | undefined> = expression.protoName ? (Object.create(null) as Record<string, undefined>) : {};
  let defined = false;
  for (const { name, prefix } of varspecs) {
    let value = toTemplateValue(Object.hasOwn(parameters, name) ? parameters[name] : undefined, name);
    context[name] = value;
    if (value === undefined) continue;
    if (prefix > 0 && typeof value !== "string") {
      throw new EndpointError(
        "INVALID_PARAMETER",
        name,
        `the parameter \`${name}\` has a prefix modifier (:${prefix}) in the url, which RFC 6570 section 2.4.1 does not allow for lists or objects; received ${describeValue(parameters[name])}. Pass a string, or remove the modifier`,
      );
    }
    // url-template leaves "%4 x" unencoded in reserved expansions: encode a "%" that starts no triplet.
    if (operator === "+" || operator === "#") value = encodeLonePercents(value);
    context[name] = value;
    defined = true;
  }
  if (!defined && expression.segment !== "partial") {
    const names = varspecs.map((varspec) => varspec.name).join("`, `");
    throw new EndpointError(
      "MISSING_PARAMETER",
      varspecs[0]?.name ?? "",
      `the url needs the parameter \`${names}\` for a whole path segment, but it is undefined or null. Pass a value for it`,
    );
  }
  const expanded = withUrlForm(
    () => (expression.perVariable ? expandPerVariable(expression, context) : expression.expand(context as TemplateContext)),
    () => varspecs.find(({ name }) => !isWellFormed(context[name]))?.name,
  );
  if (expression.segment !== "partial" && (expanded === "." || expanded === "..")) {
    throw pathSegmentError(expression, `expands to the dot-segment "${expanded}", which would walk the path`);
  }
  return expanded;
}

const FIRST: Record<Operator, string> = { "": "", "+": "", "#": "#", ".": ".", "/": "/", ";": ";", "?": "?", "&": "&" };
const SEPARATOR: Record<Operator, string> = { "": ",", "+": ",", "#": ",", ".": ".", "/": "/", ";": ";", "?": "&", "&": "&" };
const single = new Map<string, (context: TemplateContext) => string>();

/**
 * Expands an expression one variable at a time through url-template, for the two cases it gets
 * wrong: a prefix modifier (it counts UTF-16 code units and can split a character) and a
 * pct-encoded variable name under `;`, `?`, `&` (it encodes the `%` again). Each variable is
 * expanded under the stand-in name `v`, whose own keys are then replaced by the name as written.
 */
function expandPerVariable(expression: Expression, context: Record<string, TemplateValue | undefined>): string {
  const { operator } = expression;
  const pieces: string[] = [];
  for (const { name, explode, prefix } of expression.varspecs) {
    const value = context[name];
    if (value === undefined) continue;
    const key = `${operator}${explode ? "*" : ""}`;
    const expand = single.get(key) ?? toExpand(`{${operator}v${explode ? "*" : ""}}`);
    single.set(key, expand);
    const input = prefix > 0 ? truncate(value as string, prefix) : value;
    let piece = expand({ v: input }).slice(FIRST[operator].length);
    if ((operator === ";" || operator === "?" || operator === "&") && !(explode && !Array.isArray(value) && typeof value === "object")) {
      piece = piece
        .split(SEPARATOR[operator])
        .map((item) => name + item.slice(1))
        .join(SEPARATOR[operator]);
    }
    pieces.push(piece);
  }
  return pieces.length === 0 ? "" : FIRST[operator] + pieces.join(SEPARATOR[operator]);
}

function toExpand(template: string): (context: TemplateContext) => string {
  const compiled = parseTemplate(template);
  return (context) => compiled.expand(context);
}

const BATCH = 64;
const batches: ((context: TemplateContext) => string)[] = [];

/**
 * RFC 6570 simple string expansion of each value (`encodeURIComponent` plus `!'()*`; lists and
 * objects comma-joined). Values (and lists of values) made only of unreserved characters are their
 * own expansion; the others go to url-template together, as one path-segment expression `{/v0,v1,…}` per 64 values:
 * it encodes each value exactly as simple expansion does and puts an unencoded "/" before each,
 * which no encoded value contains.
 */
function encodeSimple(values: readonly TemplateValue[]): string[] {
  const result: string[] = [];
  const pending: number[] = [];
  for (const value of values) {
    if (typeof value === "string" && isUnreserved(value)) result.push(value);
    // A list of unreserved items expands to them comma-joined (RFC 6570 section 3.2.2).
    else if (Array.isArray(value) && value.every(isUnreserved)) result.push(value.join(","));
    else {
      pending.push(result.length);
      result.push("");
    }
  }
  for (let start = 0; start < pending.length; start += BATCH) {
    const chunk = pending.slice(start, start + BATCH);
    const context: Record<string, TemplateValue> = {};
    chunk.forEach((index, i) => (context[`v${i}`] = values[index] as TemplateValue));
    const expand = (batches[chunk.length] ??= toExpand(`{/${chunk.map((_, i) => `v${i}`).join(",")}}`));
    expand(context)
      .slice(1)
      .split("/")
      .forEach((text, i) => (result[chunk[i] as number] = text));
  }
  return result;
}

/**
 * Converts a parameter value to the form RFC 6570 expands, or `undefined` when it has none to
 * give (`undefined`, `null`, empty lists and objects: RFC 6570 section 2.3).
 *
 * @throws {@link EndpointError} `INVALID_PARAMETER` for a value with no URL form
 */
function toTemplateValue(value: unknown, name: string): TemplateValue | undefined {
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
function withUrlForm<T>(expand: () => T, culprit: () => string | undefined): T {
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

function isWellFormed(value: TemplateValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === "string") return value.isWellFormed();
  if (Array.isArray(value)) return value.every(isWellFormed);
  return Object.keys(value).every((key) => key.isWellFormed() && isWellFormed(value[key]));
}

function encodeLonePercents(value: TemplateValue): TemplateValue {
  if (typeof value === "string") return value.includes("%") ? value.replace(/%(?![\dA-F]{2})/gi, "%25") : value;
  if (Array.isArray(value)) return value.map((item) => encodeLonePercents(item) as string);
  const map: Record<string, string> = {};
  for (const key of Object.keys(value)) map[key] = encodeLonePercents(value[key] as string) as string;
  return map;
}

/** The first `length` characters (code points, RFC 6570 section 2.4.1) of `text`. */
function truncate(text: string, length: number): string {
  let end = 0;
  for (let count = 0; count < length && end < text.length; count++) {
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return text.slice(0, end);
}

/** True when every character is in RFC 3986's unreserved set, so encoding leaves it unchanged. */
function isUnreserved(text: string): boolean {
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

function pathSegmentError(expression: Expression, problem: string): EndpointError {
  const name = expression.varspecs.map((varspec) => varspec.name).join(",");
  return new EndpointError(
    "INVALID_PATH_SEGMENT",
    name,
    `the parameter \`${name}\` fills a whole path segment but ${problem}. Pass a non-empty value`,
  );
}

function hasHost(url: string): boolean {
  const rest = url.indexOf("//") + 2;
  return URL.canParse(url) && !"/?#".includes(url[rest] ?? "/");
}

const MAX_BASE_URLS = 100;
const baseUrls = new Map<string, string>();

/**
 * Checks `baseUrl` once per distinct value: an absolute http(s) URL without query, fragment,
 * white space or backslash. Returns it without a trailing "/".
 */
function resolveBaseUrl(baseUrl: string | undefined): string {
  const known = baseUrl === undefined ? undefined : baseUrls.get(baseUrl);
  if (known !== undefined) return known;
  if (typeof baseUrl !== "string" || !/^https?:\/\/[^\s#?\\]+$/i.test(baseUrl) || !URL.canParse(baseUrl) || !hasHost(baseUrl)) {
    throw new EndpointError(
      "INVALID_BASE_URL",
      "baseUrl",
      `\`baseUrl\` must be an absolute http(s) URL without query or fragment; received ${describeValue(baseUrl)}. Use e.g. "https://api.github.com" or "https://ghe.example/api/v3"`,
    );
  }
  const resolved = baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
  if (baseUrls.size >= MAX_BASE_URLS) baseUrls.clear();
  baseUrls.set(baseUrl, resolved);
  return resolved;
}
