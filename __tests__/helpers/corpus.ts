import type { EndpointParameters } from "../../lib/index.js";

/** One corpus entry (see __tests__/fixtures/README-corpus.md). */
export interface CorpusCall {
  operationId: string;
  method: string;
  path: string;
  server?: string;
  pathParams: Record<string, unknown>;
  queryParams: Record<string, unknown>;
  body?: unknown;
  headers: Record<string, string>;
  expectedUrl: string;
  expectedUrlSlashesKept?: string;
  multiSegmentParams?: string[];
  variant?: string;
}

const OPTION_NAMES = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]);

/**
 * Builds the `endpoint()` arguments for a corpus call as the corpus README says: GET puts query
 * parameters among the parameters; other methods declare them in the template ({?name,…}). A body goes through `data` when it is not a JSON object, when it must share the
 * request with a query, or when one of its keys collides with an option or a path parameter.
 */
export function toEndpointCall(call: CorpusCall, template = call.path): [route: string, parameters: EndpointParameters] {
  const query = Object.keys(call.queryParams);
  const hasBody = call.body !== undefined && call.body !== null;
  const parameters: EndpointParameters = { ...call.pathParams, headers: call.headers };
  let route = `${call.method} ${call.server ?? ""}${template}`;
  if (query.length > 0 && call.method !== "GET" && call.method !== "HEAD") route += `{?${query.join(",")}}`;
  Object.assign(parameters, call.queryParams);
  if (hasBody) {
    const body = call.body;
    const viaData =
      typeof body !== "object" ||
      Array.isArray(body) ||
      query.length > 0 ||
      Object.keys(body as object).some((key) => OPTION_NAMES.has(key) || Object.hasOwn(parameters, key));
    if (viaData) parameters.data = body;
    else Object.assign(parameters, body);
  }
  return [route, parameters];
}
