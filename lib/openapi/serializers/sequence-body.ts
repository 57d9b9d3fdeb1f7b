/**
 * A body that is a sequence of JSON texts (OpenAPI 3.2, Sequential JSON: `itemSchema` on
 * `application/jsonl`, `application/x-ndjson` or `application/json-seq`).
 */
import { fail } from "../../core/errors.js";
import type { RequestOptions } from "../../core/types.js";
import { isArray } from "../../core/values.js";
import { sequenceSeparator } from "../sequences.js";
import { checkedJsonText } from "./json-text.js";

/**
 * The request options with a list body sent as a sequence of JSON texts (OpenAPI 3.2, Sequential
 * JSON): each item's JSON text followed by LF, after U+001E for `application/json-seq` (RFC 7464
 * section 2.2); which one the request's `content-type` says. A body that is no list (the caller's
 * own text) is sent as it is.
 *
 * @throws `EndpointError` `INVALID_HEADER_VALUE` when the `content-type` is no sequential JSON
 *   media type; `INVALID_PARAMETER` for an item whose JSON text would not say what it holds
 *   ({@link checkedJsonText}: `undefined`, a function, a BigInt, a cycle, `NaN`, a `Map`, …) and a
 *   hole in the list
 */
export function withSequence(options: RequestOptions): RequestOptions {
  if (!isArray(options.body)) return options;
  // endpoint() gives a list body a content-type (JSON's where neither the call nor the table sets one).
  const type = options.headers["content-type"]!;
  const separator = sequenceSeparator(type);
  if (separator === undefined)
    return fail(
      "INVALID_HEADER_VALUE",
      "headers.content-type",
      "must be a sequential JSON media type (application/jsonl, application/x-ndjson, application/json-seq) for a list of items",
      type,
    );
  let body = "";
  // An index loop, not map(): a hole in a sparse list is refused, where map() would skip it.
  for (let index = 0; index < options.body.length; index++) {
    if (!(index in options.body)) fail("INVALID_PARAMETER", `data.${index}`, "is a hole in a sparse list, which JSON would send as null");
    body += `${separator}${checkedJsonText(options.body[index], `data.${index}`)}\n`;
  }
  return { ...options, body };
}
