/**
 * Route maps from an OpenAPI 3.0, 3.1 or 3.2 description (docs/any-api.md): `"METHOD /path"` mapped to
 * each operation's request parameters, as `EndpointInterface<Routes>` reads them, and the run-time
 * `queries` that send each query as the description declares it (`rest-endpoint/queries`). GitHub's
 * maps (`dist/routes/`, scripts/generate-routes.mjs) come from this code too. Used by the CLI
 * (`rest-endpoint generate`) and the build, never by the library's entries. The last of three
 * steps: read.ts reads the description, schema.ts and routes.ts map it, this file writes the map.
 */
import type { Query } from "./queries.js";
import { DescriptionError, readFrom, type Document } from "./document.js";
import { TooManyShapes } from "./fields.js";
import { pointerOf } from "./json-pointer.js";
import { securityOf } from "./requirements.js";
import { writeResponses } from "./responses.js";
import { parametersOf } from "./parameters.js";
import { queryOf, serverOf } from "./query-table.js";
import { routesOf } from "./routes.js";
import { isQueryKeyed } from "../core/template.js";
import { TypeWriter } from "./schema.js";
import { commentText, key, literal, objectLiteral, union } from "./typescript.js";

/** A generated map: its declaration file (`Routes`, `queries`), its run-time module, both as one TypeScript module, and its listing. */
interface GeneratedMap {
  /** The declaration file: `Routes`, and `queries` declared. */
  readonly declarations: string;
  /** The run-time module beside it: `queries`. */
  readonly module: string;
  /** Both as one TypeScript module, which `tsc` compiles with the app. */
  readonly typescript: string;
  readonly listing: Record<string, [docs: string, ...parameters: [name: string, place: string, type: string, required: 0 | 1][]]>;
  readonly count: number;
  /** With `responses: { map, library }`, the responses' own module: `Routes` with the marker, `Responses` and the components it names (lib/openapi/responses.ts). */
  readonly responses?: string;
}

/**
 * Where a map's response types go: `"inline"`, in the map's own module, whose `Routes` holds the
 * `Responding` marker; `{ map, library }`, in a module of their own ({@link GeneratedMap.responses}),
 * whose `Routes` is the map's (imported by the specifier `map`) with the marker (from `library`),
 * while the map stays requests only (GitHub's maps: a program that reads no response loads none);
 * none without the option.
 */
export type ResponsesOption = "inline" | { readonly map: string; readonly library: string };

/**
 * Generates a route map from a description: `header` opens the declaration file, given the count of
 * operations; `withQueries` adds the run-time `queries` of {@link queryOf} (GitHub's maps have none:
 * comma-joined lists are what GitHub documents, and a map without them may rename no query parameter).
 *
 * @throws Error when two operations give one route, or, without `withQueries`, a query parameter
 *   needs another name in the call than on the wire
 * @throws {@link DescriptionError} naming the body schema's JSON pointer when its `oneOf`/`anyOf`/`allOf`
 *   graph would declare one property more than `MAX_DECLARATIONS` (256) ways (lib/openapi/fields.ts)
 */
export function generateRouteMap(
  spec: Document,
  {
    header,
    withQueries,
    responses: where,
    defaultMediaType,
  }: {
    header: (count: number) => string;
    withQueries: boolean;
    responses?: ResponsesOption | undefined;
    /** The media type a request that names none is answered with (GitHub's maps: `application/json`): a response that declares it is typed by it alone. */
    defaultMediaType?: string | undefined;
  },
): GeneratedMap {
  const { resolve, routes } = routesOf(spec, withQueries);
  // Security schemes (lib/openapi/requirements.ts), where the map has a run-time module.
  const security = withQueries ? securityOf(spec, routes) : undefined;
  const responses = where === undefined ? undefined : writeResponses(resolve, routes, defaultMediaType);
  /** The import of the marker and the responses, the heritage clause of `Routes`, and what the module itself holds. */
  const responding =
    where === "inline"
      ? {
          imports: 'import type { Responding } from "rest-endpoint";\n',
          heritage: " extends Responding<Responses>",
          inline: `\n${responses!}`,
        }
      : { imports: "", heritage: "", inline: "" };
  const types = new TypeWriter(resolve, false);
  const shallow = new TypeWriter(resolve, true);
  const lines: string[] = [];
  const queries: Record<string, Query> = {};
  const listing: GeneratedMap["listing"] = {};
  const writeRoute = (entry: (typeof routes)[number]): void => {
    const { operation, names, route } = entry;
    if (Object.hasOwn(listing, route)) throw new Error(`two operations are the route ${JSON.stringify(route)}`);
    if (!withQueries && names.query.some(({ call, variable }) => call !== variable))
      throw new Error(`${JSON.stringify(route)}: a query parameter is named like an option or a path variable`);
    const members = parametersOf(entry, types).map(([name, , type, required, doc]) => `${doc}${key(name)}${required ? "" : "?"}: ${type}`);
    // One member a line: TypeScript attaches a TSDoc comment to what follows it only from a line's start.
    const required = security?.docs[route];
    lines.push(
      `${required === undefined ? "" : `  /** Security: ${required}. */\n`}  ${JSON.stringify(route)}: {${members.map((member) => `\n    ${member};`).join("")}${members.length === 0 ? "" : "\n  "}};`,
    );
    listing[route] = [
      operation.operation.externalDocs?.url ?? "",
      ...parametersOf(entry, shallow).map(([name, place, type, required]): [string, string, string, 0 | 1] => [
        name,
        place,
        type,
        required ? 1 : 0,
      ]),
    ];
    const query = withQueries ? queryOf(entry, resolve) : undefined;
    // An operation keyed by a query has its entry, its own route where it adds nothing (template.ts, isQueryKeyed).
    if (query !== undefined) queries[route] = query;
    else if (withQueries && isQueryKeyed(route)) queries[route] = { template: route };
  };
  try {
    for (const entry of routes) writeRoute(entry);
  } catch (error) {
    if (!(error instanceof TooManyShapes)) throw error;
    throw new DescriptionError(`${readFrom.get(spec) ?? "description"}${pointerOf(spec, error.schema)}: ${error.message}`);
  }
  const queryLines = Object.entries(queries).map(([route, query]) => `  ${JSON.stringify(route)}: ${objectLiteral(query)},`);
  /** The map's text, with `queries` written as `queriesStatement`, and the run time's names imported as `runtime`. */
  const text = (
    queriesStatement: string,
    runtime = 'import type { Queries } from "rest-endpoint/queries";',
  ): string => `${header(routes.length)}
${withQueries ? `${runtime}\n` : ""}${lines.some((line) => line.includes('Platform<"')) ? 'import type { Platform } from "rest-endpoint";\n' : ""}${responding.imports}
export interface Routes${responding.heritage} {
${lines.join("\n")}
}
${types.aliases.length === 0 ? "" : `\n${types.aliases.join("\n")}\n`}${responding.inline}${
    withQueries
      ? `
/**
 * The routes whose query the description declares in another form than the library's default,
 * or on a method that sends a body, for \`withQueries\` of \`rest-endpoint/queries\`.
 */
${queriesStatement}
`
      : ""
  }`;
  const queriesObject = `{\n${queryLines.join("\n")}\n}`;
  // The first server's variables (OpenAPI 3.1 section 4.8.6): `baseUrl(variables?)` fills them, the
  // same function in each form, declared or defined.
  const server = serverOf(spec);
  let baseUrl = { declared: "", typed: "", defined: "" };
  if (server !== undefined) {
    const type = `{ ${Object.entries(server.variables)
      .map(([name, { enum: values }]) => `${key(name)}?: ${values === undefined ? "string" : union(values.map(literal))}`)
      .join("; ")} }`;
    const doc = `\n/**
 * The description's first server, ${commentText(JSON.stringify(server.url))}, with its variables: each given value, else
 * its default. For \`createEndpoint({ baseUrl: ${
   isRelative(server.url) ? 'new URL(baseUrl({ … }), "https://api.example.com").href' : "baseUrl({ … })"
 } })\`${isRelative(server.url) ? ", with the API's origin: the URL is relative" : ""}.
 */\n`;
    const body = `{\n  return serverUrl(${objectLiteral(server)}, variables);\n}`;
    baseUrl = {
      declared: `\n${doc}export declare function baseUrl(variables?: ${type}): string;`,
      // No `= {}`: `{}` is no `{ constructor?: "a" }` (it has Object's), and serverUrl takes none.
      typed: `\n${doc}export function baseUrl(variables?: ${type}): string ${body}`,
      defined: `export function baseUrl(variables = {}) ${body}\n`,
    };
  }
  // The security schemes' credentials (lib/openapi/security.ts): `credentials(given)`, for withQueries' third argument.
  let credentials = { declared: "", typed: "", defined: "" };
  if (security !== undefined) {
    const doc = `\n/**
 * The credentials of the description's security schemes, by scheme name: each given once, and sent
 * where its scheme says on the routes whose requirement names it, to the endpoint's \`baseUrl\` origin
 * only (docs/authentication.md).
 */\nexport type Credentials = {\n  ${security.members.join("\n  ")}\n};
/**
 * Binds credentials to the description's security schemes, for \`withQueries(endpoint, queries, credentials({ … }))\`.
 */\n`;
    const body = `{\n  return securityOf(${objectLiteral(security.table)}, given);\n}`;
    credentials = {
      declared: `${doc}export declare function credentials(given: Credentials): Security;`,
      typed: `${doc}export function credentials(given: Credentials): Security ${body}`,
      defined: `export function credentials(given) ${body}\n`,
    };
  }
  /** The run time's names a module imports: serverUrl for baseUrl(), securityOf for credentials(). */
  const imported = [...(server === undefined ? [] : ["serverUrl"]), ...(security === undefined ? [] : ["securityOf"])];
  const typeNames = security === undefined ? "type Queries" : "type Queries, type Security";
  const runtime =
    imported.length === 0 && security === undefined
      ? undefined
      : `import { ${[...imported, typeNames].join(", ")} } from "rest-endpoint/queries";`;
  const declarations = text(
    `export declare const queries: Queries;${baseUrl.declared}${credentials.declared}`,
    `import type { Queries${security === undefined ? "" : ", Security"} } from "rest-endpoint/queries";`,
  );
  const typescript = text(`export const queries: Queries = ${queriesObject};${baseUrl.typed}${credentials.typed}`, runtime);
  const module = `${GENERATED}: do not edit.\n${imported.length === 0 ? "" : `import { ${imported.join(", ")} } from "rest-endpoint/queries";\n`}export const queries = ${queriesObject};\n${baseUrl.defined}${credentials.defined}`;
  return {
    declarations,
    module,
    typescript,
    listing,
    count: routes.length,
    ...(responses === undefined || where === "inline"
      ? {}
      : {
          responses: `import type { Responding } from ${JSON.stringify(where!.library)};
import type { Routes as Requests } from ${JSON.stringify(where!.map)};

/** The map's routes, with their responses: \`ResponseOf<Routes, R>\` reads them. */
export interface Routes extends Requests, Responding<Responses> {}

${responses}`,
        }),
  };
}

/**
 * Whether a server URL is relative (no `://`, as serverUrl reads it): OpenAPI 3.1 section 4.8.5.1
 * resolves it against where the description is served, which a map does not know, and
 * `endpoint()`'s `baseUrl` must be an absolute http(s) URL (docs/errors.md, `INVALID_BASE_URL`).
 */
const isRelative = (url: string): boolean => !url.includes("://");

/** How every file `generate` writes begins: the marker that lets it write over the file again. */
export const GENERATED = "// Generated by rest-endpoint generate";

/**
 * The comment that opens a generated declaration file: where it comes from, what it holds, the
 * `baseUrl` the description names and an example of use. Every text from the description in it
 * passes {@link commentText}.
 */
export function headerOf({
  file,
  title,
  version,
  baseUrl,
  name,
}: {
  file: string;
  title: string | undefined;
  version: string | undefined;
  baseUrl: string | undefined;
  name: string;
}): string {
  const source = commentText(`${title ?? file} ${version ?? ""}`.trim());
  // A URL with variables ({yourOktaDomain}) is no baseUrl as it is: the module's baseUrl() fills them.
  const variables = baseUrl !== undefined && /\{[^{}]+\}/.test(baseUrl);
  // A relative URL (`/api/v2`) is no baseUrl either: resolved against the API's origin, which the caller gives.
  const relative = baseUrl !== undefined && isRelative(baseUrl);
  const given = variables ? "baseUrl()" : commentText(JSON.stringify(baseUrl ?? "https://api.example.com"));
  return `${GENERATED} from ${commentText(file)} (${source}): do not edit.

/**
 * The request parameters of ${source}'s operations, by route: path parameters (required), query
 * and header parameters, and the fields of a JSON, form or multipart body; another body goes under \`data\`.
 * The servers' first URL, the \`baseUrl\` to use: ${baseUrl === undefined ? "none given" : `\`${commentText(baseUrl)}\``}${
   variables ? ", whose variables `baseUrl()` fills" : ""
 }${relative ? "; a relative URL (OpenAPI 3.1 section 4.8.5.1), resolved against the API's origin, which the example names `https://api.example.com`: give yours" : ""}.
 *
 * \`\`\`ts
 * import { createEndpoint, type EndpointInterface } from "rest-endpoint";
 * import { withQueries } from "rest-endpoint/queries";
 * import { ${variables ? "baseUrl, " : ""}queries, type Routes } from ${commentText(JSON.stringify(`./${name}.js`))};
 * const api: EndpointInterface<Routes> = withQueries(
 *   createEndpoint({ baseUrl: ${relative ? `new URL(${given}, "https://api.example.com").href` : given}, headers: { accept: "application/json" } }),
 *   queries,
 * );
 * \`\`\`
 */`;
}
