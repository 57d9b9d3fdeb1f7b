/**
 * The public types, one module per idea (lib/core/types/): the request options and what a call
 * gives (`request.ts`), a route's parameters read from its template
 * (`parameters.ts`), route maps and their versions (`maps.ts`), the endpoint function's interface
 * (`endpoint.ts`), a response's `Link` header field (`link.ts`) and the responses a map types
 * (`responses.ts`). This file only re-exports them.
 */
export type {
  Defaults,
  EndpointOptions,
  EndpointParameters,
  HeaderValue,
  MediaType,
  MergedOptions,
  Platform,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
  Route,
  Url,
} from "./types/request.js";
export type {
  MappedParameters,
  OptionalParameters,
  ParameterValue,
  Refusal,
  RequiredKeys,
  RequiredParameters,
  RouteParameters,
} from "./types/parameters.js";
export type {
  ApiVersioned,
  ArgumentsOf,
  DataRule,
  FormatOption,
  OptionsOf,
  ParametersOf,
  RouteMap,
  UnmappedRoutes,
  VersionOf,
  VersionSent,
} from "./types/maps.js";
export type { EndpointInterface } from "./types/endpoint.js";
export type { Link, ResponseHeaders } from "./types/link.js";
export type {
  Responding,
  ResponseFor,
  ResponseHeaderFields,
  ResponseIn,
  ResponseOf,
  TypedRequestOptions,
  UntypedResponse,
} from "./types/responses.js";
