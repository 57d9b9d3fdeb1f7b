import type { TemplateContext } from "./compile-url-template.js";
import type { ParameterMap } from "./expand-url.js";
import { isUnreserved, isWellFormed, toExpand, toTemplateValue, withUrlForm, type TemplateValue } from "./template-values.js";

/**
 * Appends query parameters to a URL, before its fragment, each encoded exactly as RFC 6570
 * form-style query expansion `{?name}` encodes it (names too).
 */
export function appendQuery(url: string, query: ParameterMap, names: readonly string[]): string {
  let search = "";
  // Names and values, in the order name, value, …, that need url-template to encode them. Once one
  // pair does, every later pair joins it, so that the query keeps the parameters' order.
  let items: TemplateValue[] | undefined;
  for (const name of names) {
    const value = toTemplateValue(query[name], name);
    if (value === undefined) continue;
    if (items === undefined && typeof value === "string" && isUnreserved(name) && isUnreserved(value)) {
      // Fast path, no arrays: both are their own expansion.
      search += `&${name}=${value}`;
    } else {
      (items ??= []).push(name, value);
    }
  }
  if (items !== undefined) {
    const pairs = items;
    const encoded = withUrlForm(
      () => encodeSimple(pairs),
      () => {
        const at = pairs.findIndex((item) => !isWellFormed(item));
        return pairs[at - (at % 2)] as string;
      },
    );
    for (let i = 0; i < encoded.length; i += 2) search += `&${encoded[i] as string}=${encoded[i + 1] as string}`;
  }
  if (search === "") return url;
  const hash = url.indexOf("#");
  const end = hash === -1 ? url.length : hash;
  const question = url.lastIndexOf("?", end - 1);
  const last = url[end - 1];
  // Join with "&" when the URL has a query already, and nothing when it ends with "?" or "&".
  search = question === -1 ? `?${search.slice(1)}` : last === "?" || last === "&" ? search.slice(1) : search;
  return url.slice(0, end) + search + url.slice(end);
}

const BATCH = 64;

const batches: ((context: TemplateContext) => string)[] = [];

/**
 * RFC 6570 simple string expansion of each value (`encodeURIComponent` plus `!'()*`; lists and
 * objects comma-joined). Values (and lists of values) made only of unreserved characters are their
 * own expansion; the others go to url-template together, as one path-segment expression `{/v0,v1,…}` per 64 values:
 * it encodes each value exactly as simple expansion does and puts an unencoded "/" before each,
 * which no encoded value contains.
 */
function encodeSimple(values: readonly TemplateValue[]): string[] {
  const result: string[] = [];
  const pending: number[] = [];
  for (const value of values) {
    if (typeof value === "string" && isUnreserved(value)) result.push(value);
    // A list of unreserved items expands to them comma-joined (RFC 6570 section 3.2.2).
    else if (Array.isArray(value) && value.every(isUnreserved)) result.push(value.join(","));
    else {
      pending.push(result.length);
      result.push("");
    }
  }
  for (let start = 0; start < pending.length; start += BATCH) {
    const chunk = pending.slice(start, start + BATCH);
    const context: Record<string, TemplateValue> = {};
    chunk.forEach((index, i) => (context[`v${i}`] = values[index] as TemplateValue));
    const expand = (batches[chunk.length] ??= toExpand(`{/${chunk.map((_, i) => `v${i}`).join(",")}}`));
    expand(context)
      .slice(1)
      .split("/")
      .forEach((text, i) => (result[chunk[i] as number] = text));
  }
  return result;
}
