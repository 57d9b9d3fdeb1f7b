/**
 * TypeScript text for the generator's modules: a property name, a literal type, a union, a value as
 * an object literal, and a description's text in a comment (each escaped for where it lands, as the
 * description is untrusted input).
 */
import { printable, shorten } from "../core/errors.js";

/** The longest description written, in characters: a longer first sentence is cut with "…" ({@link shorten}). */
const DOC_LENGTH = 200;

/** A property name as TypeScript writes it: as it is where it is an identifier, else quoted. */
export const key = (name: string): string => (/^[A-Z_$][\w$]*$/i.test(name) ? name : JSON.stringify(name));
/** A JSON value as a TypeScript literal type. */
export const literal = (value: unknown): string => (value === null ? "null" : JSON.stringify(value));
/**
 * A JSON value as a JavaScript expression for a generated module: JSON's text, but a `__proto__`
 * key written computed (`["__proto__"]`), which an object literal would otherwise read as the
 * object's prototype (ECMAScript 2024 section 13.2.5.1, `__proto__: value`), losing the entry.
 */
export const objectLiteral = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(objectLiteral).join(",")}]`;
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return `{${entries.map(([name, item]) => `${name === "__proto__" ? '["__proto__"]' : JSON.stringify(name)}:${objectLiteral(item)}`).join(",")}}`;
};
/** The union of `types`: `never` for none (`enum: []` allows no value), `unknown` when one is. */
export const union = (types: readonly string[]): string => {
  const unique = [...new Set(types)];
  return unique.length === 0 ? "never" : unique.includes("unknown") ? "unknown" : unique.join(" | ");
};
/** A type in parentheses where an array or intersection of it needs them. */
export const parenthesized = (type: string): string => (/[|&]|^readonly /.test(type) ? `(${type})` : type);

/**
 * Text from a description for a comment, `//` or a block comment: no line terminator (which would
 * end a line comment), no `*` `/` pair (which would end a block comment), control characters
 * escaped as JSON escapes them. The one function for every place a description's text lands in a
 * comment; strings land through `JSON.stringify`, property names through `key`.
 */
export function commentText(value: string): string {
  return printable(value.replace(/[\r\n\u2028\u2029]+/g, " ")).replaceAll("*/", "*\\/");
}

/**
 * A TSDoc comment, what an editor shows on hover: the first sentence of the description (Markdown
 * links reduced to their text; at most DOC_LENGTH characters) and `@deprecated` where marked.
 */
export function docOf({
  description,
  deprecated,
}: { readonly description?: string | undefined; readonly deprecated?: boolean | undefined } = {}): string {
  let text = (description ?? "")
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  const end = text.search(/[.!?](?:\s|$)/);
  if (end !== -1) text = text.slice(0, end + 1);
  text = shorten(text, DOC_LENGTH);
  const parts = [commentText(text), deprecated === true ? "@deprecated" : ""].filter((part) => part !== "");
  return parts.length === 0 ? "" : `/** ${parts.join(" ")} */ `;
}
