import { EndpointError } from "./errors.js";
import { appendQuery } from "./append-query.js";
import { expandUrl, type ParameterMap } from "./expand-url.js";
import { applyMediaType, readMediaType } from "./media-type.js";
import { copyPlain, isPlainRecord, type NormalizedOptions } from "./normalize-options.js";
import type { MediaType, RequestMeta, RequestOptions } from "./types.js";

/** Methods whose requests carry content (spec §2.2); all others put parameters in the query. */
const BODY_METHODS = new Set(["post", "put", "patch", "delete"]);

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Turns merged, normalised options into request options (spec §4.2).
 *
 * Parameters named by the URL template fill it; for GET, HEAD and other methods without content
 * the rest become the query string, for POST, PUT, PATCH and DELETE the keys of a JSON body.
 *
 * @throws {@link EndpointError} see `docs/errors.md`
 */
export function parseOptions(options: NormalizedOptions): RequestOptions {
  let method = "GET";
  let url = "/";
  let baseUrl: string | undefined;
  let headers: Record<string, string> = {};
  let format = "";
  let previews: readonly string[] = [];
  let data: unknown;
  let hasData = false;
  let request: RequestMeta | undefined;
  const parameters: ParameterMap = {};
  const names: string[] = [];
  // Own keys only, read once: a polluted Object.prototype cannot add `data` or `headers`.
  for (const key of Object.keys(options)) {
    const value = options[key];
    switch (key) {
      case "method":
        method = value as string;
        break;
      case "url":
        url = value as string;
        break;
      case "baseUrl":
        baseUrl = value as string;
        break;
      case "headers":
        headers = value as Record<string, string>;
        break;
      case "mediaType":
        ({ format = "", previews } = readMediaType(value as MediaType));
        break;
      case "data":
        data = value;
        hasData = true;
        break;
      case "request":
        request = value as RequestMeta;
        break;
      default:
        parameters[key] = value;
        names.push(key);
    }
  }
  // The method was checked where it entered: parseRoute, or normalizeOptions (calls, defaults, parse()).
  const lowerMethod = method.toLowerCase();
  const expanded = expandUrl(url, baseUrl, parameters);
  const remaining = names.filter((name) => !expanded.names.has(name));
  const result: RequestOptions = { method: lowerMethod, url: expanded.url, headers: { ...headers } };

  if (BODY_METHODS.has(lowerMethod)) {
    let body: unknown;
    if (hasData) {
      if (remaining.length > 0) throw lostParameters(remaining);
      body = data;
    } else if (remaining.length > 0) {
      const content: Record<string, unknown> = {};
      // Copied: a value from the defaults (frozen) or the caller must not be shared with the result.
      for (const name of remaining) content[name] = copyPlain(parameters[name], name);
      body = content;
    }
    if (body === undefined) {
      // GitHub answers 411 to a PUT or PATCH without Content-Length: an empty body makes clients send 0.
      if (lowerMethod === "put" || lowerMethod === "patch") result.body = "";
    } else {
      result.body = body;
      if ((Array.isArray(body) || isPlainRecord(body)) && !Object.hasOwn(result.headers, "content-type")) {
        result.headers["content-type"] = JSON_CONTENT_TYPE;
      }
    }
  } else {
    if (hasData) {
      throw new EndpointError(
        "INVALID_OPTIONS",
        "data",
        `\`data\` is a request body, but ${method} requests have none. Pass the values as parameters, or use POST, PUT, PATCH or DELETE`,
      );
    }
    result.url = appendQuery(result.url, parameters, remaining);
  }

  if (format !== "" || previews.length > 0) {
    const accept = applyMediaType(Object.hasOwn(result.headers, "accept") ? (result.headers.accept as string) : "", format, previews);
    if (accept !== "") result.headers.accept = accept;
  }
  if (request !== undefined) result.request = copyPlain(request, "request") as RequestMeta;
  return result;
}

function lostParameters(names: readonly string[]): EndpointError {
  const list = names.slice(0, 5).join("`, `") + (names.length > 5 ? "`, …" : "`");
  return new EndpointError(
    "INVALID_OPTIONS",
    names[0] as string,
    `the parameters \`${list} are not in the url template while \`data\` is the body, so they would be lost. Declare them in the url (e.g. "{?${names[0] as string}}") or put them into \`data\``,
  );
}
