/**
 * ASCII character classes, each named by the ABNF rule it implements, in one lookup table.
 * Code points of 0x80 and above belong to none of them.
 */

/** RFC 3986 section 2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`. */
export const UNRESERVED = 1;
/** RFC 9110 section 5.6.2: `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`. */
export const TCHAR = 2;
/** RFC 6570 section 2.3: `varchar = ALPHA / DIGIT / "_" / pct-encoded`, plus `-`, which GitHub's routes use (`{enterprise-team}`). */
export const VARCHAR = 4;
/** ALPHA and `_`: where a `:name` placeholder may start. */
export const NAME_START = 16;

const table = new Uint8Array(128);
const mark = (bits: number, chars: string): void => {
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)]! |= bits;
};
const DIGIT = "0123456789";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALPHA = UPPER + UPPER.toLowerCase();
mark(UNRESERVED | TCHAR | VARCHAR, ALPHA + DIGIT + "-_");
mark(NAME_START, ALPHA + "_");
mark(UNRESERVED | TCHAR, ".~");
mark(TCHAR, "!#$%&'*+^`|");

/** Whether the character code `code` is in the class `bits`. */
export function is(bits: number, code: number): boolean {
  return code < 128 && (table[code]! & bits) !== 0;
}

/** Whether every character of `text` is in the class `bits` (true for `""`). */
export function all(bits: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!is(bits, text.charCodeAt(i))) return false;
  return true;
}

/** RFC 9110 section 5.6.2: `token = 1*tchar`, e.g. a method or a field name. */
export function isToken(text: string): boolean {
  return text !== "" && all(TCHAR, text);
}

/**
 * The first character of `text` that RFC 9110 section 5.5 does not allow in a field value
 * (`field-vchar = VCHAR / obs-text`, with SP and HTAB between them), or -1 when every one is allowed.
 */
export function invalidFieldValueAt(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 ? code !== 0x09 : code === 0x7f || code > 0xff) return i;
  }
  return -1;
}

/**
 * `text` as an RFC 6570 variable name (section 2.3), one that a query expansion sends as `text`
 * itself: kept when it is {@link VARCHAR}s with single dots between them (`page-size`,
 * `filter.state`), else every character outside ALPHA, DIGIT, `-` and `_` percent-encoded as UTF-8
 * (`statuses[]` as `statuses%5B%5D`; a `%` too, which a server would otherwise decode).
 *
 * @throws URIError when `text` holds a lone surrogate, which has no UTF-8 form
 */
export function percentEncodeName(text: string): string {
  if (text.split(".").every((part) => part !== "" && all(VARCHAR, part))) return text;
  return encodeURIComponent(text).replace(/[!'()*.~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
