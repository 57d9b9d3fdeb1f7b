/**
 * A description's operations as routes (docs/any-api.md): each operation with the parameters of its
 * path item and its own, its route, and the names its parameters take in a call. Its parameters as
 * rows of the map are parameters.ts's, its request body's kind request-bodies.ts's, and the run-time
 * `Query` that sends it as the description declares it query-table.ts's; write.ts writes the map.
 */
import { PLAIN_NAME, percentEncodeName } from "../core/chars.js";
import { OPTION_NAMES as NAMES } from "../core/option-names.js";
import type { Document, Operation, Parameter, PathItem, Reference, Resolve } from "./document.js";
import { follow } from "./json-pointer.js";
import type { BodyPlan } from "./request-bodies.js";
import type { Fields } from "./fields.js";

/**
 * The methods a path item may hold an operation for (OpenAPI 3.1 section 4.8.9.1), as its keys write
 * them, and OpenAPI 3.2's `query` (Path Item Object), the QUERY method (RFC 10008), which the core
 * sends with content as it does POST (docs/usage.md).
 */
export const METHODS = ["get", "head", "post", "put", "patch", "delete", "options", "query"] as const;
/** The options of a call (lib/core/options.ts): a body key of that name would be read as the option. */
const OPTION_NAMES: ReadonlySet<string> = new Set(NAMES);

/** One operation, with the parameters of its path item and its own (`$ref`s resolved). */
export interface PathOperation {
  /** The method, upper case: `GET`. */
  readonly method: string;
  /** The path key as the description writes it: `/repos/{owner}/{repo}`. */
  readonly template: string;
  readonly operation: Operation;
  readonly parameters: readonly Parameter[];
}

/**
 * Follows `$ref`s inside `spec` ({@link follow}); `undefined` for one that names nothing (shapes.ts's
 * checkShapes refused the rest, before the generator reads the description).
 */
function resolverOf(spec: Document): Resolve {
  return <T extends object>(value: T | Reference | undefined): T | undefined => {
    const [node, , stuck] = follow(spec, value, "");
    return stuck === undefined ? (node as T | undefined) : undefined;
  };
}

/** A description's operations, and `resolve`, which follows a `$ref` inside it. */
export function operationsOf(spec: Document): { resolve: Resolve; operations: PathOperation[] } {
  const resolve = resolverOf(spec);
  const operations: PathOperation[] = [];
  for (const [template, value] of Object.entries(spec.paths ?? {})) {
    if (template.startsWith("x-")) continue; // a specification extension (OpenAPI 3.1 section 4.9)
    const item = resolve<PathItem>(value);
    if (item === undefined) continue;
    // OpenAPI 3.2's additionalOperations: each key is the method as sent (shapes.ts checked it: an
    // upper-case RFC 9110 token that no fixed field names).
    const entries: [method: string, operation: Operation | Reference | undefined][] = [
      ...METHODS.map((method): [string, Operation | Reference | undefined] => [method.toUpperCase(), item[method]]),
      ...Object.entries(item.additionalOperations ?? {}),
    ];
    for (const [method, given] of entries) {
      const operation = resolve<Operation>(given);
      if (operation === undefined) continue;
      // An operation's parameter replaces its path item's of the same name and place (OpenAPI 3.1 section 4.8.9.1).
      const byKey = new Map<string, Parameter>();
      for (const given of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = resolve<Parameter>(given);
        if (parameter !== undefined) byKey.set(`${parameter.in} ${parameter.name}`, parameter);
      }
      operations.push({ method, template, operation, parameters: [...byKey.values()] });
    }
  }
  return { resolve, operations };
}

/** A path variable, query or header parameter of an operation, with the name a call gives it. */
export interface Named {
  /** The parameter; `undefined` for a path variable the description forgot to declare. */
  readonly parameter: Parameter | undefined;
  /** The key of the call's parameters, as the map types it. */
  readonly call: string;
  /** For a query parameter, the RFC 6570 variable that sends it under its own name (its wire name). */
  readonly variable: string;
}

/** The names of an operation's parameters in a call, and its path as the route writes it. */
export interface Names {
  readonly path: string;
  readonly variables: readonly Named[];
  readonly query: readonly Named[];
  readonly headers: readonly Named[];
  /** OpenAPI 3.2's `in: querystring` parameter (at most one, shapes.ts checked it): the whole query. */
  readonly querystring: Named | undefined;
}

/**
 * The names an operation's parameters take in a call (docs/any-api.md, "Parameter names"):
 *
 * - a path variable keeps its name when it is a plain RFC 6570 variable name and not an option's
 *   (`url`, `headers`, …); else each other character becomes `_` (`{user id}` is `{user_id}`) and
 *   an option's name gets a trailing `_` (`{url}` is `{url_}`). Path variables are not sent by
 *   name, so the route is written with these names. A variable the description forgot to declare
 *   is still one.
 * - a query parameter keeps its name unless an option or a path variable has it: then it is
 *   `name_` in the call, and sent as `name` by a variable whose first character is percent-encoded
 *   (`%75rl` for `url`), which servers decode to `url` (RFC 3986 section 2.1) and which no call key
 *   can be mistaken for.
 * - a header parameter keeps its name, as a query parameter's call name does (`withHeaders` only).
 */
function namesOf(operation: PathOperation, withHeaders: boolean): Names {
  const taken = new Set(OPTION_NAMES);
  const free = (name: string): string => {
    let call = name;
    while (taken.has(call)) call += "_";
    taken.add(call);
    return call;
  };
  const declared = new Map<string, Parameter>();
  for (const parameter of operation.parameters) if (parameter.in === "path") declared.set(parameter.name, parameter);
  const variables = new Map<string, Named>();
  // OpenAPI path templating (OpenAPI 3.1 section 4.8.8.2): `{name}`, any characters but braces.
  const at = operation.template.indexOf("?");
  const pathPart = at === -1 ? operation.template : operation.template.slice(0, at);
  const path =
    pathPart.replace(/\{([^{}]*)\}/g, (_, name: string) => {
      let named = variables.get(name);
      if (named === undefined) {
        const plain = name.replace(/[^\w.-]/g, "_").replace(/\.(?=\.|$)|^\./g, "_");
        named = { parameter: declared.get(name), call: free(PLAIN_NAME.test(plain) ? plain : "_"), variable: "" };
        variables.set(name, named);
      }
      return `{${named.call}}`;
    }) + (at === -1 ? "" : operation.template.slice(at));
  const query = operation.parameters
    .filter((parameter) => parameter.in === "query")
    .map((parameter): Named => {
      const name = parameter.name.toWellFormed();
      const call = free(name);
      let variable = percentEncodeName(name);
      if (call !== name && variable === name)
        variable = `%${name.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}${name.slice(1)}`;
      return { parameter, call, variable };
    });
  // Header parameters, sent in the header field they name; `Accept`, `Content-Type` and
  // `Authorization` are ignored, as OpenAPI 3.1 section 4.8.12.1 says.
  const headers = withHeaders
    ? operation.parameters
        .filter((parameter) => parameter.in === "header" && !/^(?:accept|content-type|authorization)$/i.test(parameter.name))
        .map((parameter): Named => ({ parameter, call: free(parameter.name.toWellFormed()), variable: "" }))
    : [];
  // OpenAPI 3.2's querystring (Parameter Object): the whole query, from the one media type of its `content`.
  const given = operation.parameters.find((parameter) => parameter.in === "querystring");
  const querystring = given === undefined ? undefined : { parameter: given, call: free(given.name.toWellFormed()), variable: "" };
  return { path, variables: [...variables.values()], query, headers, querystring };
}

/** An operation with its route and the names its parameters take in a call. */
export interface RoutedOperation {
  readonly operation: PathOperation;
  readonly names: Names;
  /** `"<METHOD> <origin><path>"`: {@link routeOf}. */
  readonly route: string;
  /**
   * The header fields of every operation of the description, lower-case (RFC 9110 section 5.1): a
   * call key of one of them (in any case) is sent as a header on a route that does not declare it
   * otherwise (`rest-endpoint/queries`), so a route that does is written in the table.
   */
  readonly headerNames: ReadonlySet<string>;
}

/**
 * Each operation of a description with its route and the names its parameters take in a call, as
 * the map writes them; header parameters only `withHeaders` (GitHub's maps have none).
 */
export function routesOf(spec: Document, withHeaders: boolean): { resolve: Resolve; routes: RoutedOperation[] } {
  const { resolve, operations } = operationsOf(spec);
  const named = operations.map((operation) => ({ operation, names: namesOf(operation, withHeaders) }));
  const headerNames = new Set(named.flatMap(({ names }) => names.headers.map(({ parameter }) => parameter!.name.toLowerCase())));
  const routes = named.map(({ operation, names }): RoutedOperation => ({
    operation,
    names,
    route: `${operation.method} ${originOf(operation, spec)}${names.path}`,
    headerNames,
  }));
  return { resolve, routes };
}

/**
 * The origin an operation is served from when it is not the description's (`https://uploads.github.com`,
 * or `{origin}` where it depends on the installation); `""` for the description's own. A query is
 * not part of a route: on a method that sends a body, the run-time `queries` (query-table.ts's `queryOf`) send
 * it to the query, and GitHub's table does for GitHub's maps.
 */
function originOf({ operation }: PathOperation, spec: Document): string {
  const server = operation.servers?.[0];
  if (server === undefined) return "";
  const root = spec.servers?.[0];
  // The same URL text with other variable defaults is another server (OpenAPI 3.1 section 4.8.6):
  // its route names the URL those defaults fill, which the root's baseUrl() would not. A variable
  // without a default (which checkShapes lets a description leave out) stays as written.
  const filled = ({ url, variables = {} }: NonNullable<typeof root>): string =>
    url.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
      Object.hasOwn(variables, name) ? ((variables[name] as { readonly default?: string }).default ?? whole) : whole,
    );
  if (server.url === root?.url && filled(server) === filled(root)) return "";
  const url = server.url === root?.url ? filled(server) : server.url;
  // The server URL's own text (OpenAPI 3.1 section 4.8.5.1), before it is a route's template.
  return url.replace(/^(?:\{protocol\}:\/\/\{hostname\}|https:\/\/HOSTNAME)/, "{origin}").replace(/\/$/, "");
}

/**
 * The names parameters have in a call: a body key of one of them would be read as that parameter;
 * `origin` only where the route begins with GitHub's `{origin}` (an installation's origin), which
 * no other description's route does.
 */
export const takenBy = ({ variables, query, headers, querystring }: Names, route: string): Set<string> =>
  new Set([
    ...(isOriginRoute(route) ? ["origin"] : []),
    ...[variables, query, headers, querystring === undefined ? [] : [querystring]].flat().map(({ call }) => call),
  ]);

/** Whether a route's template begins with `{origin}` ({@link originOf}): `POST {origin}/repos/…`. */
export const isOriginRoute = (route: string): boolean => route.includes(" {origin}/");

/**
 * The fields of a body whose keys a call gives beside its parameters: `undefined` when the body is
 * no object, or a key is an option's name or a parameter's (`taken`), and the body goes under `data`.
 */
export function callFields(plan: BodyPlan | undefined, taken: ReadonlySet<string>): Fields | undefined {
  const fields = plan?.fields;
  if (fields === undefined) return undefined;
  const free = (name: string): boolean => !OPTION_NAMES.has(name) && !taken.has(name);
  return [...fields.properties.keys()].every(free) ? fields : undefined;
}
