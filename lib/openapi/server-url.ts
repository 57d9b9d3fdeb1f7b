/**
 * A description's server URL filled with its variables (OpenAPI 3.1 section 4.8.5): what a
 * generated module's `baseUrl()` returns. Exported by `rest-endpoint/queries`.
 */
import { isDotSegment } from "../core/chars.js";
import { fail, quote, unreadable } from "../core/errors.js";
import { encodeComponent } from "../core/url-template.js";
import { isPlainRecord } from "../core/values.js";

/** A description's server (OpenAPI 3.1 section 4.8.5): its URL template and its variables. */
export interface Server {
  /** The URL, with `{name}` for each variable, e.g. `"https://{yourOktaDomain}/api/v1"`. */
  readonly url: string;
  /** Each variable's default and, where the description limits it, the values it may take. */
  readonly variables: Readonly<
    Record<
      string,
      {
        /** The value used when a call gives none. */
        readonly default?: string;
        /** The values the variable may take, where the description limits them. */
        readonly enum?: readonly string[];
      }
    >
  >;
}

/** Where a server variable stands in its URL: each part has its own rule for a value (RFC 3986 section 3). */
type Part = "scheme" | "authority" | "path" | "query";

/**
 * The part of `url` (a server URL template) that the text at `at` belongs to: before `://` the
 * scheme; then, up to the first `/`, `?` or `#` outside a `{name}`, the authority; then the path, and
 * the query after a `?`. A template without `://` (a relative server URL) has only path and query.
 */
function partAt(url: string, at: number): Part {
  const scheme = url.indexOf("://");
  let depth = 0;
  let part: Part = scheme === -1 ? "path" : "authority";
  for (let i = scheme === -1 ? 0 : scheme + 3; i < at; i++) {
    const c = url[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (depth === 0 && part === "authority" && (c === "/" || c === "?" || c === "#")) part = c === "/" ? "path" : "query";
    else if (depth === 0 && part === "path" && c === "?") part = "query";
  }
  return scheme !== -1 && at < scheme ? "scheme" : part;
}

/** RFC 3986 section 3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`. */
const SCHEME = /^[a-z][\w+.-]*$/i;

/**
 * The characters a value given for a variable in the authority may hold: RFC 3986's unreserved
 * characters (section 2.3), those of a DNS label and its dots, without `%`, the sub-delims, `:`,
 * `@`, `[`, `]`, `/`, `?`, `#`, with which a value would change the host or the port (RFC 3986
 * section 3.2), nor any character beyond ASCII, which a URL parser maps (IDNA) to others.
 */
const HOST_TEXT = /^[\w.~-]+$/;

/**
 * A server's URL with its variables: each given value, else the variable's default (OpenAPI 3.1
 * section 4.8.6). The `baseUrl` functions `rest-endpoint generate` writes call it: one rule for
 * both (docs/errors.md, `INVALID_BASE_URL`). A value the description names (the variable's
 * default, or one of its `enum`) is written as it is; any other value keeps the URL where its
 * template points: in the authority (`https://{tenant}.example.com`) it may hold only letters,
 * digits, `-`, `.`, `_` and `~`, so that it can change neither the host the template names nor the
 * port, and only left of the host's last two labels, which the template writes whole: a variable in
 * them or right of them (`https://api.example.{tld}/v1`, `https://example.com{suffix}`,
 * `https://example{x}.com`) takes the values the description names only, where `com.evil.example` or
 * `.evil.example` would choose another registrable domain. The rule needs no public-suffix list: the
 * last two labels are taken as the domain, and a template whose literal right part is a public
 * suffix of two labels (`{tenant}.co.uk`) lets its variable name the domain, as its author wrote it.
 * A variable that is the whole host (`{scheme}://{host}:{port}`) or the whole authority
 * (`{protocol}://{hostname}/api`) is the caller's host, and the whole authority may end in a port
 * (`127.0.0.1:8080`); one after the host's `:` is a port, digits; in the path or the query it is percent-encoded as one component (RFC 6570 simple string
 * expansion), and may not be a dot-segment (`.`, `..`) that a URL parser would resolve; before
 * `://`, it must be a scheme.
 *
 * @param server - the description's first server, as the generated module holds it
 * @param variables - values for the server's variables, by name
 * @returns the URL, e.g. `"https://acme.okta.com/api/v1"`
 * @throws `EndpointError` (rest-endpoint's) `INVALID_BASE_URL`, the argument `variables.<name>`,
 *   when a variable has neither a value nor a default, a value is not one of its `enum`, is not a
 *   string, or holds a lone surrogate; when the description's own value, or any value before the
 *   path, holds `?`, `#`, `@`, a space or a control character (which would move the URL's query,
 *   fragment or host); when a value the description does not name would change
 *   the authority (`"evil.example/"`, `"evil.example:443"`, `"[::1]"`, `""`) or the domain the
 *   template writes (a variable in or right of the host's last two labels), is a dot-segment in the
 *   path, or is no scheme before `://`; or when a name is no variable of the server
 * @example
 * ```ts
 * serverUrl({ url: "https://{yourOktaDomain}/api/v1", variables: { yourOktaDomain: { default: "subdomain.okta.com" } } }, { yourOktaDomain: "acme.okta.com" });
 * // "https://acme.okta.com/api/v1"
 * serverUrl({ url: "https://{tenant}.example.com/v1", variables: { tenant: { default: "demo" } } }, { tenant: "evil.example/" });
 * // throws INVALID_BASE_URL: `variables.tenant` is in the URL's authority, …
 * ```
 */
export function serverUrl(server: Server, variables: Readonly<Record<string, unknown>> = {}): string {
  if (!isPlainRecord(variables)) fail("INVALID_OPTIONS", "variables", "must be a plain object of the server's variables", variables);
  try {
    return fillServerUrl(server, variables);
  } catch (error) {
    // A getter of the caller's that throws: INVALID_OPTIONS naming the argument.
    throw unreadable(error, "variables");
  }
}

/** {@link serverUrl} once `variables` is known to be a plain object; each field read as an own one. */
function fillServerUrl(server: Server, variables: Readonly<Record<string, unknown>>): string {
  for (const name of Object.keys(variables))
    if (!Object.hasOwn(server.variables, name)) fail("INVALID_BASE_URL", `variables.${name}`, `is no variable of ${quote(server.url)}`);
  // A server URL's `{name}` is OpenAPI's own substitution (OpenAPI 3.1 section 4.8.5.1), not an
  // RFC 6570 expression: it is filled here, before any template is compiled.
  return server.url.replace(/\{([^{}]+)\}/g, (expression: string, name: string, at: number) => {
    // Own fields only: a `default` or an `enum` of a polluted Object.prototype is none of the description's.
    const declared = Object.hasOwn(server.variables, name) ? server.variables[name]! : undefined;
    const variable =
      declared === undefined
        ? undefined
        : {
            default: Object.hasOwn(declared, "default") ? declared.default : undefined,
            enum: Object.hasOwn(declared, "enum") ? declared.enum : undefined,
          };
    const argument = `variables.${name}`;
    const given = Object.hasOwn(variables, name) ? variables[name] : undefined;
    const value = given ?? variable?.default;
    if (value === undefined) return fail("INVALID_BASE_URL", argument, `is needed by ${quote(server.url)}, which has no default for it`);
    if (typeof value !== "string") return fail("INVALID_BASE_URL", argument, "must be a string", value);
    if (variable?.enum !== undefined && !variable.enum.includes(value))
      return fail("INVALID_BASE_URL", argument, `must be one of ${variable.enum.map(quote).join(", ")}`, value);
    if (!value.isWellFormed()) return fail("INVALID_BASE_URL", argument, "must not hold a lone surrogate", value);
    // The description's own values (its enum was checked above) are its URL as it writes it.
    const named = variable?.enum !== undefined || value === variable?.default;
    const part = partAt(server.url, at);
    // In the path or the query, a value the description does not name is percent-encoded.
    if ((named || part === "scheme" || part === "authority") && /[?#@\s\p{Cc}]/u.test(value))
      return fail("INVALID_BASE_URL", argument, "must not hold ?, #, @, a space or a control character", value);
    if (named) return value;
    if (part === "scheme")
      return SCHEME.test(value)
        ? value
        : fail("INVALID_BASE_URL", argument, "is the URL's scheme, and must be one (RFC 3986 section 3.1)", value);
    if (part === "authority") {
      const before = server.url.slice(0, at);
      // After the host's ":", the port (RFC 3986 section 3.2.3): digits.
      if (before.endsWith(":") && !before.endsWith("://"))
        return /^\d{1,5}$/.test(value)
          ? value
          : fail("INVALID_BASE_URL", argument, "is the URL's port, and must be digits (RFC 3986 section 3.2.3)", value);
      const after = server.url.slice(at + expression.length);
      // The rest of the host after the variable, up to the port, path, query or fragment.
      const rest = after.slice(0, after.search(/[:/?#]|$/));
      // The whole host (`{scheme}://{host}:{port}`) or authority (`{protocol}://{hostname}/api`): the
      // host is the caller's, and in the whole authority a port may follow it.
      const wholeHost = before.endsWith("://") && rest === "";
      const whole = wholeHost && /^(?:[/?#]|$)/.test(after);
      // Part of a host the template writes: it writes the domain too, its last two labels, which a
      // value it does not name may not change (a variable right of them would choose the domain).
      if (!wholeHost && !/\.[^.]+\.[^.]+$/.test(rest))
        return fail(
          "INVALID_BASE_URL",
          argument,
          `is in the domain ${quote(server.url)} writes (the host's last two labels): only a value the description names, its default or one of its enum`,
          value,
        );
      if (HOST_TEXT.test(whole ? value.replace(/:\d{1,5}$/, "") : value)) return value;
      return fail(
        "INVALID_BASE_URL",
        argument,
        whole
          ? `is the URL's whole authority in ${quote(server.url)}: a host of letters, digits, "-", ".", "_" and "~" (an IDN as its A-label, xn--…), then a port if any (":8080")`
          : `is in the URL's authority, whose host and port ${quote(server.url)} names: it may hold only letters, digits, "-", ".", "_" and "~" (an IDN as its A-label, xn--…)`,
        value,
      );
    }
    const written = encodeComponent(value, argument);
    if (part === "path" && isDotSegment(written))
      return fail("INVALID_BASE_URL", argument, "is in the URL's path, and must not be a dot-segment (RFC 3986 section 5.2.4)", value);
    return written;
  });
}
