/**
 * The adapter around url-template 3.1.1, the one module that calls it: it expands expressions and
 * encodes literals and components. Each defect of url-template worked around here is listed with
 * the test that pins it (in `__tests__/core/url.test.ts` unless named otherwise), so that its workaround
 * can go when url-template is fixed upstream.
 *
 * 1. A prefix modifier counts UTF-16 code units and can split a character, which then throws
 *    URIError: such expressions are expanded one variable at a time, truncated here by code points.
 *    ("a prefix modifier counts characters, not UTF-16 code units, and never splits one")
 * 2. A `%` followed by one hex digit (`"%4 x"`) leaves the whole value unencoded under `+` and `#`:
 *    such a `%` is encoded here first. ("a lone % in a reserved expansion is encoded, …")
 * 3. A pct-encoded variable name is encoded again under `?`, `;`, `&` (`%41` becomes `%2541`): such
 *    expressions are expanded one variable at a time under a stand-in name. ("a pct-encoded
 *    variable name is written as it is in ? ; & expansions")
 * 4. A prefix modifier on a list or object is silently ignored: it is an error here (RFC 6570
 *    section 2.4.1). ("a prefix modifier on a list or object is rejected")
 * 5. Variables are read through the prototype chain (`{constructor}`): every variable is set in the
 *    context, which has no prototype when one is named `__proto__`. ("variables named like
 *    Object.prototype's members")
 * 6. A lone UTF-16 surrogate throws URIError, and an exploded list of some 100,000 items overflows
 *    the stack (`push.apply`): both become `INVALID_PARAMETER` naming the parameter. ("a lone
 *    surrogate has no URL form"; `hostile.test.ts`: "200,000 items exploded")
 *
 * An empty list or object, which url-template expands as `?list=` (RFC 6570 section 2.3 calls it
 * undefined), never reaches it: `toTemplateValue` (values.ts) makes it `undefined`.
 */
import { parseTemplate } from "url-template";
import { LONE_PERCENT, UNRESERVED } from "./chars.js";
import { fail } from "./errors.js";
import type { TemplateValue } from "./values.js";

/** An RFC 6570 operator (section 2.2); `""` is simple string expansion. */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One variable of an expression with its modifier (RFC 6570 section 2.4). */
export interface VarSpec {
  readonly name: string;
  readonly explode: boolean;
  /** Prefix modifier length in characters (code points); 0 when there is none. */
  readonly prefix: number;
}

/** Expands an expression with `values[i]` for its `i`-th variable, `undefined` for those without one. */
export type Expand = (values: readonly (TemplateValue | undefined)[]) => string;

type Context = Record<string, TemplateValue | undefined>;
type Expander = (context: Context) => string;

function toExpander(source: string): Expander {
  const template = parseTemplate(source);
  // url-template's own type has no `undefined`; it skips undefined variables (RFC 6570 section 2.3).
  return (context) => template.expand(context as Parameters<typeof template.expand>[0]);
}

/** A literal part of a template, encoded as RFC 6570 section 3.1 says (pct-encoded triplets kept). */
export function encodeLiteral(text: string): string {
  return parseTemplate(text).expand({});
}

const simple = toExpander("{v}");

/**
 * One value as simple string expansion writes it (RFC 6570 section 3.2.2: everything but
 * unreserved characters pct-encoded; a list or object comma-joined): a query name or value, a
 * segment of a multi-segment parameter.
 *
 * @throws {@link EndpointError} `INVALID_PARAMETER` naming `name` (defect 6)
 */
export function encodeComponent(value: TemplateValue, name: string): string {
  return run(() => simple({ v: value }), [value], [name]);
}

const reserved = /* @__PURE__ */ toExpander("{+v}");

/**
 * One value as reserved expansion writes it (RFC 6570 section 3.2.3): RFC 3986's reserved
 * characters and pct-encoded triplets as they are, everything else pct-encoded (a lone `%` too,
 * defect 2): an OpenAPI `allowReserved` query value.
 *
 * @throws {@link EndpointError} `INVALID_PARAMETER` naming `name` (defect 6)
 */
export function encodeReservedComponent(value: string, name: string): string {
  return run(() => reserved({ v: encodeLonePercents(value) }), [value], [name]);
}

/**
 * Strings as simple string expansion writes each ({@link encodeComponent}), in one url-template
 * call: simple string expansion encodes character by character (RFC 6570 section 3.2.1), so the
 * strings joined by a separator expand to their expansions joined by the separator's, `%7F`, which
 * no other character expands to. Should a string hold the separator (DEL), the list `{v}` is
 * expanded instead, whose items url-template joins with `,`, which no encoded item holds. A query
 * of many values that need encoding costs one call, not one each, and the list's per-item work
 * in url-template (a quarter of a call of GitHub's issue search, measured) is spared.
 *
 * @throws {@link EndpointError} `INVALID_PARAMETER` naming the value's name in `names` (defect 6)
 */
export function encodeComponents(values: readonly string[], names: readonly string[]): string[] {
  if (values.some((value) => value.includes(SEPARATOR))) return run(() => simple({ v: values as string[] }), values, names).split(",");
  return run(() => simple({ v: values.join(SEPARATOR) }), values, names).split(ENCODED_SEPARATOR);
}
const SEPARATOR = "\x7F";
const ENCODED_SEPARATOR = "%7F";

/** Compiles one expression, `{operator varspecs}`, for url-template. */
export function compileExpression(operator: Operator, varspecs: readonly VarSpec[]): Expand {
  const keyed = operator === ";" || operator === "?" || operator === "&";
  const reserved = operator === "+" || operator === "#";
  const names = varspecs.map(({ name }) => name);
  // A form-style query of names without modifiers (`{?name,label}`, the query expression routes
  // write), written here as RFC 6570 section 3.2.8 writes it: each defined variable's `name=value`,
  // joined by "&", the value as simple string expansion writes it; url-template is asked to encode a
  // value only, where its whole expansion parses the expression again at every call. A name is
  // written as it is, pct-encoded ones too (defect 3 does not arise).
  if ((operator === "?" || operator === "&") && varspecs.every(({ explode, prefix }) => !explode && !prefix))
    return (values) => {
      let text = "";
      values.forEach((value, i) => {
        if (value !== undefined)
          text += `${text === "" ? operator : "&"}${names[i]}=${typeof value === "string" && UNRESERVED.test(value) ? value : encodeComponent(value, names[i]!)}`;
      });
      return text;
    };
  // What url-template reads each value as: a keyed expansion writes the name, any other takes the
  // stand-in `v<i>`, since a name may come twice with two prefixes (`{/var:1,var}`).
  const keys = keyed ? names : names.map((_, i) => `v${i}`);
  const whole = toExpander(`{${operator}${varspecs.map(({ explode }, i) => keys[i]! + (explode ? "*" : "")).join(",")}}`);
  // Defect 3, and a keyed name that comes twice: each variable expanded alone under the stand-in
  // name `v`, then keyed by its name as written.
  const alone =
    keyed && (names.some((name) => name.includes("%")) || new Set(names).size < names.length)
      ? varspecs.map(({ explode }) => toExpander(`{${operator}v${explode ? "*" : ""}}`))
      : undefined;
  // Defect 5: every variable is set in the context, so none is read through its prototype; only a
  // variable named `__proto__` needs a context without one (slower to fill, so only then).
  const protoName = keys.includes("__proto__");
  return (values) => {
    const context: Context = protoName ? (Object.create(null) as Context) : {};
    // The values as url-template reads them, by position, for an expression expanded one variable at a time.
    const given: (TemplateValue | undefined)[] | undefined = alone === undefined ? undefined : [];
    for (let i = 0; i < varspecs.length; i++) {
      const { name, prefix } = varspecs[i]!;
      let value = values[i];
      if (prefix > 0 && value !== undefined) {
        // Defect 4; and defect 1: the prefix is applied here, by code points, never by url-template.
        if (typeof value !== "string") fail("INVALID_PARAMETER", name, `is not a string: :${prefix} needs one`, value);
        value = truncate(value, prefix);
      }
      if (reserved && value !== undefined) value = encodeLonePercents(value); // defect 2
      context[keys[i]!] = value;
      if (given !== undefined) given[i] = value;
    }
    return run(() => (given === undefined ? whole(context) : expandAlone(operator, varspecs, alone!, given)), values, names);
  };
}

/** Runs url-template; defect 6 becomes `INVALID_PARAMETER` naming the value with a lone surrogate, else the first. */
function run(expand: () => string, values: readonly (TemplateValue | undefined)[], names: readonly string[]): string {
  try {
    return expand();
  } catch (error) {
    const surrogate = error instanceof URIError;
    const at = values.findIndex(
      (value) => value !== undefined && !(typeof value === "string" ? value : Object.entries(value).join()).isWellFormed(),
    );
    fail("INVALID_PARAMETER", names[surrogate ? at : 0]!, surrogate ? "has a lone surrogate" : "has too many items");
  }
}

/**
 * A keyed expansion (`;`, `?`, `&`) one variable at a time, each under the stand-in name `v`, then keyed
 * by its name as written: for a pct-encoded name (defect 3) or a name that comes twice (`{?v:1,v}`).
 */
function expandAlone(
  operator: Operator,
  varspecs: readonly VarSpec[],
  alone: readonly Expander[],
  values: readonly (TemplateValue | undefined)[],
): string {
  const separator = operator === "?" ? "&" : operator;
  const pieces: string[] = [];
  varspecs.forEach(({ name, explode }, i) => {
    const value = values[i];
    if (value === undefined) return;
    // An exploded object's keys are its own; every other piece begins with the stand-in `v`.
    const piece = alone[i]!({ v: value }).slice(1);
    pieces.push(
      explode && typeof value === "object" && !Array.isArray(value)
        ? piece
        : piece
            .split(separator)
            .map((item) => name + item.slice(1))
            .join(separator),
    );
  });
  return pieces.length === 0 ? "" : operator + pieces.join(separator);
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

/** Every {@link LONE_PERCENT}. */
const LONE_PERCENTS = /* @__PURE__ */ new RegExp(LONE_PERCENT, "gi");

function encodeLonePercents(value: TemplateValue): TemplateValue {
  if (typeof value === "string") return value.replace(LONE_PERCENTS, "%25");
  if (Array.isArray(value)) return value.map((item) => encodeLonePercents(item) as string);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encodeLonePercents(item) as string]));
}
