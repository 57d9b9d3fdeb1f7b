import { checkDotSegments, hasHost, resolveBaseUrl } from "./check-url.js";
import { compileUrlTemplate, type Expression, type Operator, type TemplateContext } from "./compile-url-template.js";
import { describeValue, EndpointError } from "./errors.js";
import {
  encodeLonePercents,
  isUnreserved,
  isWellFormed,
  toExpand,
  toTemplateValue,
  withUrlForm,
  type TemplateValue,
} from "./template-values.js";

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
        throw pathSegmentError(part, `expands to an empty path segment ("//")`, "a non-empty value");
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

function expandExpression(expression: Expression, parameters: ParameterMap): string {
  const expanded = expandUnreserved(expression, parameters) ?? expandWithTemplate(expression, parameters);
  // An empty expansion is expandUrl's concern (a dropped last segment, or an error).
  if (expression.segment !== "partial" && (expanded === "." || expanded === "..")) {
    throw pathSegmentError(expression, `expands to the dot-segment "${expanded}", which would walk the path`, "another value");
  }
  return expanded;
}

/**
 * The fast path, with no context object and no url-template call: a simple expression of one
 * string made only of unreserved characters expands to itself. `undefined` otherwise.
 */
function expandUnreserved(expression: Expression, parameters: ParameterMap): string | undefined {
  const { varspecs } = expression;
  if (varspecs.length !== 1 || expression.operator !== "" || expression.perVariable) return undefined;
  const { name } = varspecs[0] as (typeof varspecs)[0];
  const value = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
  return typeof value === "string" && isUnreserved(value) ? value : undefined;
}

function expandWithTemplate(expression: Expression, parameters: ParameterMap): string {
  const { operator, varspecs } = expression;
  // Every variable is set, `undefined` included, so that url-template never reads one through the
  // prototype chain (`{constructor}`, or a polluted Object.prototype).
  const context: Record<string, TemplateValue | undefined> = expression.protoName ? (Object.create(null) as Record<string, undefined>) : {};
  let defined = false;
  for (const { name, prefix } of varspecs) {
    let value = toTemplateValue(Object.hasOwn(parameters, name) ? parameters[name] : undefined, name);
    if (value !== undefined) {
      if (prefix > 0 && typeof value !== "string") {
        throw new EndpointError(
          "INVALID_PARAMETER",
          name,
          `the parameter \`${name}\` has a prefix modifier (:${prefix}) in the url, which RFC 6570 section 2.4.1 does not allow for lists or objects; received ${describeValue(parameters[name])}. Pass a string, or remove the modifier`,
        );
      }
      // url-template leaves "%4 x" unencoded in reserved expansions: encode a "%" that starts no triplet.
      if (operator === "+" || operator === "#") value = encodeLonePercents(value);
      defined = true;
    }
    context[name] = value;
  }
  if (!defined && expression.segment !== "partial") {
    const names = varspecs.map((varspec) => varspec.name).join("`, `");
    throw new EndpointError(
      "MISSING_PARAMETER",
      varspecs[0]?.name ?? "",
      `the url needs the parameter \`${names}\` for a whole path segment, but it is undefined or null. Pass a value for it`,
    );
  }
  return withUrlForm(
    () => (expression.perVariable ? expandPerVariable(expression, context) : expression.expand(context as TemplateContext)),
    () => varspecs.find(({ name }) => !isWellFormed(context[name]))?.name,
  );
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
    const source = `{${operator}v${explode ? "*" : ""}}`;
    let expand = single.get(source);
    if (expand === undefined) single.set(source, (expand = toExpand(source)));
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

/** The first `length` characters (code points, RFC 6570 section 2.4.1) of `text`. */
function truncate(text: string, length: number): string {
  let end = 0;
  for (let count = 0; count < length && end < text.length; count++) {
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return text.slice(0, end);
}

function pathSegmentError(expression: Expression, problem: string, fix: string): EndpointError {
  const name = expression.varspecs.map((varspec) => varspec.name).join(",");
  return new EndpointError(
    "INVALID_PATH_SEGMENT",
    name,
    `the parameter \`${name}\` fills a whole path segment but ${problem}. Pass ${fix}`,
  );
}
