/**
 * The one module that calls url-template (RFC 6570 expansion); it also converts parameter values
 * into the forms RFC 6570 expands. Each defect of url-template 3.1.1 worked around here is listed
 * with the test that pins it, so that its workaround can go when url-template is fixed upstream.
 * The tests are in `__tests__/expand-url.test.ts` unless named otherwise.
 *
 * 1. A prefix modifier counts UTF-16 code units and can split a character, which then throws
 *    URIError: such expressions are expanded one variable at a time, truncated here by code points.
 *    ("a prefix modifier counts characters, not UTF-16 code units, and never splits one")
 * 2. A `%` followed by one hex digit (`"%4 x"`) leaves the whole value unencoded under `+` and `#`:
 *    such a `%` is encoded here first. ("a lone % in a reserved expansion is encoded, …")
 * 3. An empty list or object under `?`, `;`, `&` gives `?list=` instead of nothing (RFC 6570 section
 *    2.3 calls them undefined): they become `undefined` here. ("an empty list or object is
 *    undefined in ? ; & expansions")
 * 4. A pct-encoded variable name is encoded again under `?`, `;`, `&` (`%41` becomes `%2541`): such
 *    expressions are expanded under a stand-in name. ("a pct-encoded variable name is written as it
 *    is in ? ; & expansions")
 * 5. A prefix modifier on a list or object is silently ignored: it is an error here (RFC 6570
 *    section 2.4.1). ("a prefix modifier on a list or object is rejected")
 * 6. Variables are read through the prototype chain (`{constructor}`): every variable is set in the
 *    context, which has no prototype when a name is `__proto__`. ("variables named like
 *    Object.prototype's members")
 * 7. A lone UTF-16 surrogate throws URIError: it becomes `INVALID_PARAMETER` naming the parameter.
 *    ("a lone surrogate has no URL form")
 * 8. An exploded list of some 100,000 items overflows the stack (`push.apply`) as a RangeError: it
 *    becomes `INVALID_PARAMETER` naming the parameter. (`hostile.test.ts`: "200,000 items exploded")
 */
import { parseTemplate } from "url-template";
import { all, UNRESERVED } from "./chars.js";
import { fail, unreadable } from "./errors.js";
import { isPlainRecord, toIsoString } from "./values.js";

/** An RFC 6570 operator (section 2.2); `""` is simple string expansion. */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One variable of an expression with its modifier (RFC 6570 section 2.4). */
export interface VarSpec {
  readonly name: string;
  readonly explode: boolean;
  /** Prefix modifier length in characters (code points); 0 when there is none. */
  readonly prefix: number;
}

/** A parameter value in the form RFC 6570 expands: a string, a list or an associative array. */
export type TemplateValue = string | string[] | Record<string, string>;

type Expand = (context: Record<string, TemplateValue | undefined>) => string;

/** An expression compiled for {@link expandExpression}. */
export interface CompiledExpression {
  readonly operator: Operator;
  readonly varspecs: readonly VarSpec[];
  /** Defects 1 and 4: expanded one variable at a time. */
  readonly perVariable: boolean;
  /** Defect 6: a variable is named `__proto__`. */
  readonly protoName: boolean;
  readonly expand: Expand;
}

function toExpand(source: string): Expand {
  const template = parseTemplate(source);
  // url-template's own type has no `undefined`; it skips undefined variables (RFC 6570 section 2.3).
  return (context) => template.expand(context as Parameters<typeof template.expand>[0]);
}

/** A literal part of a template, encoded as RFC 6570 section 3.1 says (pct-encoded triplets kept). */
export function encodeLiteral(text: string): string {
  return parseTemplate(text).expand({});
}

export function compileExpression(operator: Operator, varspecs: readonly VarSpec[]): CompiledExpression {
  const keyed = operator === ";" || operator === "?" || operator === "&";
  let source = "";
  for (const { name, explode } of varspecs) source += `,${name}${explode ? "*" : ""}`;
  return {
    operator,
    varspecs,
    perVariable: varspecs.some(({ name, prefix }) => prefix > 0 || (keyed && name.includes("%"))),
    protoName: varspecs.some(({ name }) => name === "__proto__"),
    expand: toExpand(`{${operator}${source.slice(1)}}`),
  };
}

/**
 * Expands an expression with the values of its variables (`values[i]` for `varspecs[i]`),
 * `undefined` for those without one.
 */
export function expandExpression(expression: CompiledExpression, values: readonly (TemplateValue | undefined)[]): string {
  const { operator, varspecs } = expression;
  // Defect 6: every variable set, `undefined` included.
  const context: Record<string, TemplateValue | undefined> = expression.protoName ? (Object.create(null) as Record<string, undefined>) : {};
  for (let i = 0; i < varspecs.length; i++) {
    const { name, prefix } = varspecs[i]!;
    let value = values[i];
    if (value !== undefined) {
      // Defect 5.
      if (prefix > 0 && typeof value !== "string") {
        fail("INVALID_PARAMETER", name, `has the prefix modifier :${prefix}, which RFC 6570 section 2.4.1 allows for strings only`, value);
      }
      // Defect 2.
      if (operator === "+" || operator === "#") value = encodeLonePercents(value);
    }
    context[name] = value;
  }
  return run(
    () => (expression.perVariable ? expandPerVariable(expression, context) : expression.expand(context)),
    values,
    (at) => varspecs[at]!.name,
  );
}

/**
 * RFC 6570 simple string expansion of each value (`encodeURIComponent` plus `!'()*`; lists and
 * objects comma-joined): values of unreserved characters as they are, the others through
 * url-template together, as one path-segment expression `{/v0,v1,…}` per 64 values. It puts an
 * unencoded "/" before each value, which no encoded value contains.
 */
export function encodeComponents(values: readonly TemplateValue[], nameOf: (index: number) => string): string[] {
  const result: string[] = [];
  const pending: number[] = [];
  for (const value of values) {
    if (typeof value === "string" && all(UNRESERVED, value)) result.push(value);
    // A list of unreserved items expands to them comma-joined (RFC 6570 section 3.2.2).
    else if (Array.isArray(value) && value.every((item) => all(UNRESERVED, item))) result.push(value.join(","));
    else {
      pending.push(result.length);
      result.push("");
    }
  }
  for (let start = 0; start < pending.length; start += BATCH) {
    const chunk = pending.slice(start, start + BATCH);
    const context: Record<string, TemplateValue> = {};
    for (let i = 0; i < chunk.length; i++) context[`v${i}`] = values[chunk[i]!]!;
    const expand = (batches[chunk.length] ??= toExpand(`{/${chunk.map((_, i) => `v${i}`).join(",")}}`));
    const texts = run(() => expand(context), values, nameOf).split("/");
    for (let i = 0; i < chunk.length; i++) result[chunk[i]!] = texts[i + 1]!;
  }
  return result;
}

const BATCH = 64;
const batches: Expand[] = [];

/**
 * Runs url-template; defects 7 and 8 become `INVALID_PARAMETER` naming the culprit: the value with
 * a lone surrogate, else the first one (`nameOf(index)` of `values`).
 */
function run(expand: () => string, values: readonly (TemplateValue | undefined)[], nameOf: (index: number) => string): string {
  try {
    return expand();
  } catch (error) {
    const surrogate = error instanceof URIError;
    const name = nameOf(surrogate ? values.findIndex((value) => !isWellFormed(value)) : 0);
    fail(
      "INVALID_PARAMETER",
      name,
      surrogate
        ? "holds a lone UTF-16 surrogate, which has no URL form"
        : `could not be expanded (${String(error).slice(0, 60)}); pass fewer items`,
    );
  }
}

const FIRST: Record<Operator, string> = { "": "", "+": "", "#": "#", ".": ".", "/": "/", ";": ";", "?": "?", "&": "&" };
const SEPARATOR: Record<Operator, string> = { "": ",", "+": ",", "#": ",", ".": ".", "/": "/", ";": ";", "?": "&", "&": "&" };
const single = new Map<string, Expand>();

/**
 * Defects 1 and 4: each variable expanded alone under the stand-in name `v`, whose keys are then
 * replaced by the name as written.
 */
function expandPerVariable(expression: CompiledExpression, context: Record<string, TemplateValue | undefined>): string {
  const { operator } = expression;
  const keyed = operator === ";" || operator === "?" || operator === "&";
  const pieces: string[] = [];
  for (const { name, explode, prefix } of expression.varspecs) {
    const value = context[name];
    if (value === undefined) continue;
    const source = `{${operator}v${explode ? "*" : ""}}`;
    let expand = single.get(source);
    if (expand === undefined) single.set(source, (expand = toExpand(source)));
    let piece = expand({ v: prefix > 0 ? truncate(value as string, prefix) : value }).slice(FIRST[operator].length);
    if (keyed && !(explode && !Array.isArray(value) && typeof value === "object")) {
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

function isWellFormed(value: TemplateValue | undefined): boolean {
  if (value === undefined || typeof value === "string") return value?.isWellFormed() ?? true;
  if (Array.isArray(value)) return value.every(isWellFormed);
  return Object.keys(value).every((key) => key.isWellFormed() && isWellFormed(value[key]));
}

function encodeLonePercents(value: TemplateValue): TemplateValue {
  if (typeof value === "string") return value.includes("%") ? value.replace(/%(?![\dA-F]{2})/gi, "%25") : value;
  if (Array.isArray(value)) return value.map((item) => encodeLonePercents(item) as string);
  const map: Record<string, string> = {};
  for (const key of Object.keys(value)) map[key] = encodeLonePercents(value[key]!) as string;
  return map;
}

/**
 * Converts a parameter value to the form RFC 6570 expands, or `undefined` when it has none to give
 * (`undefined`, `null`, empty lists and objects: RFC 6570 section 2.3, defect 3). Caller arrays are
 * read by index, never through their iterator or `Symbol.species`.
 *
 * @throws {@link EndpointError} `INVALID_PARAMETER` for a value with no URL form
 */
export function toTemplateValue(value: unknown, name: string): TemplateValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object") return toText(value, name);
  try {
    return fromObject(value, name);
  } catch (error) {
    throw unreadable(error, name);
  }
}

function fromObject(value: object, name: string): TemplateValue | undefined {
  if (Array.isArray(value)) {
    const list: string[] = [];
    const items = value as unknown[];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
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
    case "object": {
      const iso = toIsoString(value);
      if (iso !== undefined) return iso;
    }
  }
  fail(
    "INVALID_PARAMETER",
    name,
    "has no URL form: pass a string, a finite number, a boolean, a bigint, a Date, or a flat list or object of those",
    value,
  );
}
