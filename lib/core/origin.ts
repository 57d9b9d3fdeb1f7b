/**
 * Origins and authorities (RFC 3986 section 3.2): what a template's literal origin, an expansion of
 * its leading origin variable and a baseUrl must be. Used by the template compiler (template.ts),
 * the URL stage (url.ts) and the host check (request.ts).
 */
import { fail } from "./errors.js";

/**
 * Where the authority of `url` that begins at `from` ends: at its first "/", "?" or "#", or at the
 * URL's end (RFC 3986 section 3.2).
 */
export function authorityEnd(url: string, from: number): number {
  const at = url.slice(from).search(/[/?#]/);
  return at === -1 ? url.length : from + at;
}

/**
 * An origin (`https://host[:port]`, user info allowed) must parse with a host and hold no path,
 * query, fragment or backslash (RFC 3986 section 3.2): `https://ghe.example|` and an expansion
 * `example.com/x` of `https://{+host}` are not origins.
 *
 * @throws {@link EndpointError} `INVALID_URL` naming `argument`
 */
export function checkOrigin(origin: string, argument: string): void {
  if (!isOrigin(origin)) fail("INVALID_URL", argument, "must begin with an http(s) origin", origin);
}

/** Whether `text` begins with `http://` or `https://` (any case): a full URL rather than a path. */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

/**
 * What neither an origin nor a baseUrl may hold, as a character class's contents: "\", white space,
 * a C0 control or DEL. The WHATWG parser strips controls and white space at either end ("basic URL
 * parser") and reads "\" as "/", so that `URL.canParse("https://h.example\x01")` says yes to a URL
 * no client sends as written.
 */
export const UNSENDABLE = "\\\\\\s\\x00-\\x1f\\x7f";
/** `http(s)://` and an authority: no "/", "?", "#" or {@link UNSENDABLE} character. */
const ORIGIN = new RegExp(`^https?://[^/?#${UNSENDABLE}]+$`, "i");

/** Whether `origin` is one, as {@link checkOrigin} requires: {@link ORIGIN}, which a URL parser accepts. */
export function isOrigin(origin: string): boolean {
  return ORIGIN.test(origin) && canParse(origin);
}

/**
 * Whether a WHATWG URL parser reads `url`. `URL.canParse` alone is not enough: on Node 20, once V8
 * has optimised it (some 20,000 calls), it answers `false` for a URL holding a non-ASCII character
 * (`https://api.öctocorp.example`) that `new URL` reads; such a URL is asked of `new URL` too.
 */
export function canParse(url: string): boolean {
  if (URL.canParse(url)) return true;
  // eslint-disable-next-line no-control-regex -- ASCII is U+0000 to U+007F
  if (!/[^\x00-\x7f]/.test(url)) return false;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}
