/*
 * Pagination: followLink (lib/core/link.ts; docs/usage.md, "Pagination").
 */

/**
 * A response's header fields, as HTTP clients give them: anything with `get(name)` (fetch's and
 * undici's `Headers`, axios' `AxiosHeaders`), or an object or a `Map` of fields whose names are in
 * any case and whose values are strings or lists of strings (node:http's and got's
 * `IncomingHttpHeaders`, undici's `request()` headers, a plain object). Not a list (node's
 * `rawHeaders`, an array of pairs): a type error, and `INVALID_OPTIONS` at run time.
 *
 * @example
 * ```ts
 * const fromFetch: ResponseHeaders = new Headers({ link: '</x?page=2>; rel="next"' });
 * const fromNode: ResponseHeaders = { link: ['</x?page=2>; rel="next"'] };
 * ```
 */
export type ResponseHeaders =
  | {
      /** The field's value: fetch's `Headers#get` joins several with ", " and answers `null` for none. */
      get(name: string): unknown;
    }
  | { readonly [name: string]: unknown };

/**
 * One link of a response's `Link` header field (RFC 8288 section 2: a link target, its relation
 * types and its target attributes), as `followLink` passes it to a `rel` predicate so that an API
 * marking its last page in a link parameter can be paged to the end: Sentry writes a `next` link on
 * every page, `results="false"` on the last (https://docs.sentry.io/api/pagination/).
 *
 * @example
 * ```ts
 * // <https://sentry.io/api/0/issues/1/events/?&cursor=0:100:0>; rel="next"; results="false"; cursor="0:100:0"
 * const link: Link = {
 *   target: "https://sentry.io/api/0/issues/1/events/?&cursor=0:100:0",
 *   rel: ["next"],
 *   attributes: { results: "false", cursor: "0:100:0" },
 * };
 * ```
 */
export interface Link {
  /** The link target, the URI reference between `<` and `>` as the field writes it (not yet resolved). */
  readonly target: string;
  /** The relation types of its first `rel` parameter (RFC 8288 section 3.3), lowercase, in order; `[]` without one. */
  readonly rel: readonly string[];
  /**
   * Its target attributes (RFC 8288 section 2.2): every parameter but `rel`, `rev` and `anchor`,
   * by name in lowercase, the first of a name kept (section 3.4.1); a value is the token or the
   * quoted-string's content with each quoted-pair read as its character, `""` for a parameter
   * without one; an extended value such as `title*=UTF-8'de'n%c3%a4chstes` as written (RFC 8187).
   * An object without a prototype: `attributes.results` is the field's or `undefined`.
   */
  readonly attributes: Readonly<Record<string, string>>;
}
