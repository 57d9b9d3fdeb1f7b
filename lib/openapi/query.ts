/**
 * The table `rest-endpoint generate` writes for `rest-endpoint/queries` (a generated module's
 * `queries`): for each route, how its query, header parameters and body are sent. Types only; the
 * generator (routes.ts) writes it, `withQueries` (queries.ts) reads it.
 */
/**
 * How one route's query is sent, as `rest-endpoint generate` writes it for each route whose
 * description declares its query in another form than the library's default (comma-joined lists,
 * GitHub's form). OpenAPI 3.1 section 4.8.12.4 defines the styles.
 */
export interface Query {
  /**
   * The route's full RFC 6570 template: `style: form` exploded, OpenAPI's default, is `{?ids*}`
   * (`ids=1&ids=2`); unexploded, `{?ids}` (`ids=1,2`). E.g.
   * `"GET /v2/apps/{app_id}/deployments{?page,deployment_types*}"`.
   */
  readonly template: string;
  /**
   * The `style: deepObject` parameters: an object is sent as `name[key]=value` (one level, as
   * OpenAPI defines it), a list as `name[]=value` for each item, anything else as `name=value`.
   */
  readonly deepObject?: readonly string[];
  /**
   * Parameters whose names RFC 6570 section 2.3 cannot write as a variable (`statuses[]`), each with
   * the percent-encoded variable name (`statuses%5B%5D`) that `template` holds.
   */
  readonly renamed?: Readonly<Record<string, string>>;
  /**
   * The `spaceDelimited` (`" "`) and `pipeDelimited` (`"|"`) parameters: a list is sent as one value,
   * its items joined with the delimiter (OpenAPI 3.1 section 4.8.12.4), then encoded.
   */
  readonly delimited?: Readonly<Record<string, string>>;
  /**
   * The media type the body is sent with, where the description declares one `endpoint()` would
   * not give (`application/json-patch+json`, a form): set as `content-type` unless the call sets one.
   */
  readonly contentType?: string;
  /**
   * The parameters of `allowReserved: true` (OpenAPI 3.1 section 4.8.12.2): their values are sent
   * as RFC 6570's reserved expansion writes them (RFC 3986's reserved characters and pct-encoded
   * triplets as they are: `path=/a/b:c`), all others percent-encoded, and `#`, which would end the
   * query, as `%23`.
   */
  readonly allowReserved?: readonly string[];
  /**
   * Where the body is a form whose fields the call gives as keys: how {@link withQueries} builds it
   * from the body `endpoint()` made of them.
   */
  readonly form?: Form;
  /**
   * `true` where the operation requires a body (OpenAPI 3.1 section 4.8.13.1, `required: true`) and
   * the map types its fields as keys, none of them required: a call that gives none sends the body
   * `{}` (as `data: {}` would), where `endpoint()` alone would send none (`""` on PUT and PATCH).
   */
  readonly requiredBody?: true;
  /**
   * The header parameters: each call key (as the map types it) with the header field it is sent
   * in (OpenAPI 3.1 section 4.8.12.1, `in: header`), a list joined with `, ` (RFC 9110 section 5.3).
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The body fields whose names a header parameter of some operation has, in some case: sent in the
   * body on this route, where a key of that name (in any case) is else a header ({@link headers}).
   */
  readonly bodyFields?: readonly string[];
  /**
   * OpenAPI 3.2's querystring parameter (Parameter Object, `in: querystring`): the call key whose
   * value is the whole query, and how it is written ({@link Querystring}).
   */
  readonly querystring?: Querystring;
  /**
   * `true` where the body is a sequence of JSON texts (OpenAPI 3.2's `itemSchema` on
   * `application/jsonl`, `application/x-ndjson` or `application/json-seq`): `data`, a list, is sent
   * as one JSON text per item, each followed by LF, and for `json-seq` (RFC 7464) after a record
   * separator (U+001E); which one the request's `content-type` says.
   */
  readonly sequence?: true;
}

/**
 * How OpenAPI 3.2's querystring parameter is written as the URL's whole query (Parameter Object,
 * `in: querystring`, and its Parameter Object examples).
 */
export interface Querystring {
  /** The call key that holds the value. */
  readonly name: string;
  /**
   * `form` (`application/x-www-form-urlencoded`): the object's properties as a form
   * (`foo=a+%2B+b&bar=true`), built as a form body is ({@link Form}); `json` (a JSON media type): the
   * JSON text, percent-encoded (`%7B%22flag%22%3Anull%7D`); `string` (any other media type, whose
   * schema is a string): the string, percent-encoded (`%24.a.b%5B1%3A1%5D`).
   */
  readonly as: "form" | "json" | "string";
  /** For `form`: the fields of `style: deepObject`, as {@link Form}'s. */
  readonly deepObject?: readonly string[];
  /** For `form`: the fields of `explode: false`, as {@link Form}'s. */
  readonly joined?: readonly string[];
}

/**
 * A form body built from the call's keys (OpenAPI 3.1 section 4.8.15, the Encoding Object): a
 * string, number or boolean is one field; a list is a field per item (or, in `joined`, one field of
 * its items joined with `,`); a `Date` is its ISO 8601 text; `null` and `undefined` are left out.
 */
export interface Form {
  /**
   * `application/x-www-form-urlencoded`: the body is `URLSearchParams`, an object's properties each a
   * field of their own (style `form`, exploded); `multipart/form-data`: the body is `FormData`, a
   * `Blob` a file part (a `File` under its own name, a plain `Blob` under its field's, not
   * FormData's `blob`), an object one part of its JSON (RFC 7578; the client writes the boundary,
   * so the request's `content-type` is left to it: a call may set `multipart/form-data` alone, any
   * other is `INVALID_HEADER_VALUE`, docs/clients.md).
   */
  readonly mediaType: "application/x-www-form-urlencoded" | "multipart/form-data";
  /**
   * The fields of `style: deepObject`: an object's keys and a list's indexes in brackets, at any
   * depth, as Stripe reads them: `metadata[order]=6735`, `items[0][price]=price_1`.
   */
  readonly deepObject?: readonly string[];
  /** The fields of `explode: false`: a list is one field, its items joined with `,`. */
  readonly joined?: readonly string[];
  /**
   * For `multipart/form-data`: each field's `encoding.<field>.contentType` as the description writes
   * it (OpenAPI 3.1 section 4.8.15.1: a media type, a range such as `image/*`, or a comma-separated
   * list of them), only for fields that have one. A file part (a `Blob`) without a type of its own
   * is sent with the first media type of the list that is not a range; one whose own type the list
   * does not allow is `INVALID_PARAMETER`. A text part carries no content-type (FormData writes none).
   */
  readonly contentType?: Readonly<Record<string, string>>;
}

/** A generated map's queries: route (as the map writes it) to {@link Query}. */
export type Queries = Readonly<Record<string, Query>>;
