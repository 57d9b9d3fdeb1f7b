/**
 * ASCII character classes, each named by the ABNF rule it implements, as regular expressions that
 * match a whole string of them. Code points of 0x80 and above belong to none of them.
 */

/**
 * RFC 6570 section 2.3: `varchar = ALPHA / DIGIT / "_" / pct-encoded`, plus `-`, which GitHub's routes
 * use (`{enterprise-team}`); pct-encoded triplets aside. A character class, for the regular
 * expressions of a variable name: the template's (`{name}`, `:name`) and {@link percentEncodeName}'s.
 */
export const VARCHAR = "[\\w-]";

/** ALPHA and `_`: where a `:name` placeholder may start. A character class, as {@link VARCHAR}. */
export const NAME_START = "[A-Za-z_]";

/** RFC 3986 section 2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`; true for `""`. */
export const UNRESERVED = /^[\w.~-]*$/;

/**
 * RFC 9110 section 5.6.2: `token = 1*tchar`, `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" /
 * "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`, e.g. a method or a field name.
 */
export const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/;

/** RFC 3986 section 2.1: a `%` that begins no pct-encoded triplet (two hex digits do not follow it). */
export const LONE_PERCENT = /%(?![\da-f]{2})/i;

/**
 * RFC 3986 section 3.3: whether a path segment as written is a dot-segment, `.` or `..`, a dot also
 * pct-encoded (`%2e`, `%2E`): a URL parser resolves it away (section 5.2.4).
 */
export const isDotSegment = (segment: string): boolean =>
  // Every dot-segment begins with "%" (U+0025) or "." (U+002E), so sorts before "/": a segment
  // that begins with a letter, a digit or any character after "/" (most) skips the regex.
  segment < "/" && DOT_SEGMENT.test(segment);
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * RFC 9110 section 5.5: a character not allowed in a field value (`field-vchar = VCHAR / obs-text`,
 * with SP and HTAB between them).
 */
export const NOT_FIELD_VCHAR = /[^\t\x20-\x7e\x80-\xff]/;

/** Varchars with single dots between them, without pct-encoded triplets: a variable name a call can use as it is. */
export const PLAIN_NAME = /* @__PURE__ */ new RegExp(`^${VARCHAR}+(?:\\.${VARCHAR}+)*$`);

/**
 * `text` as an RFC 6570 variable name (section 2.3), one that a query expansion sends as `text`
 * itself: kept when it is {@link VARCHAR}s with single dots between them (`page-size`, `filter.state`), else every character outside ALPHA, DIGIT,
 * `-` and `_` percent-encoded as UTF-8 (`statuses[]` as `statuses%5B%5D`; a `%` too, which a server
 * would otherwise decode).
 *
 * @throws URIError when `text` holds a lone surrogate, which has no UTF-8 form
 */
export function percentEncodeName(text: string): string {
  if (PLAIN_NAME.test(text)) return text;
  return encodeURIComponent(text).replace(/[!'()*.~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
