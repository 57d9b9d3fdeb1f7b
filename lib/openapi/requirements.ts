/**
 * A description's security, as the generator reads it (docs/authentication.md): its security schemes
 * (`components.securitySchemes`, OpenAPI 3.1 section 4.8.27) and each operation's requirement
 * (`security`, section 4.8.30: the operation's own, else the description's; `[]` none), written as
 * the table that a generated module's `credentials()` gives to `securityOf` (lib/openapi/security.ts),
 * and as the type of the credentials it takes.
 */
import { TOKEN } from "../core/chars.js";
import { DescriptionError, readFrom, type Document, type Operation } from "./document.js";
import { follow, pointerToken } from "./json-pointer.js";
import { commentText, key } from "./typescript.js";
import { isQueryKeyed } from "../core/template.js";
import type { SecurityScheme, SecurityTable } from "./security.js";

/** What the generator writes of a description's security; `undefined` where it declares no scheme a request can carry. */
export interface SecurityPlan {
  /** The run-time table: schemes by name, and each route's alternatives. */
  readonly table: SecurityTable;
  /** The members of the `Credentials` type, one a line with its TSDoc. */
  readonly members: readonly string[];
  /** Each route's requirement as TSDoc text (`` `api_key`, or `bearer` and `basic` ``), by route. */
  readonly docs: Readonly<Record<string, string>>;
}

/** Where a shape is wrong: one line naming the file and the JSON pointer. */
function problem(spec: Document, pointer: string, rule: string, value: unknown): never {
  const shown = typeof value === "string" ? JSON.stringify(value) : Array.isArray(value) ? "an array" : typeof value;
  throw new DescriptionError(`${readFrom.get(spec) ?? "description"}#${pointer}: ${rule}; received ${shown}`);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The scheme at `pointer` as the run time holds it; `undefined` for `mutualTLS`, which is the
 * client's TLS configuration, not a part of the request options.
 *
 * @throws {@link DescriptionError} for a wrong shape: an `apiKey` without a `name`, or an `in` other
 *   than `header`, `query` or `cookie`; a header or cookie name that is no RFC 9110 token; an `http`
 *   `scheme` that is no token (RFC 9110 section 11.1); a `type` OpenAPI does not define
 */
export function schemeOf(spec: Document, given: unknown, pointer: string): SecurityScheme | undefined {
  const [value, at, stuck] = follow(spec, given, pointer);
  if (stuck !== undefined || !isObject(value)) return problem(spec, at, "must be a Security Scheme Object", value);
  const { type } = value;
  if (type === "apiKey") {
    const { name, in: where } = value;
    if (where !== "header" && where !== "query" && where !== "cookie")
      return problem(spec, `${at}/in`, 'must be "header", "query" or "cookie"', where);
    if (typeof name !== "string" || name === "") return problem(spec, `${at}/name`, "must be a non-empty string", name);
    if (where !== "query" && !TOKEN.test(name))
      problem(spec, `${at}/name`, `must be a ${where} name, an RFC 9110 token (section 5.1)`, name);
    return { type, in: where, name };
  }
  if (type === "http") {
    const { scheme } = value;
    if (typeof scheme !== "string" || !TOKEN.test(scheme))
      return problem(spec, `${at}/scheme`, "must be an HTTP authentication scheme, a token (RFC 9110 section 11.1)", scheme);
    return { type, scheme };
  }
  if (type === "oauth2" || type === "openIdConnect") return { type };
  if (type === "mutualTLS") return undefined;
  return problem(spec, `${at}/type`, 'must be "apiKey", "http", "mutualTLS", "oauth2" or "openIdConnect"', type);
}

/** A requirement (`security`) at `pointer`: its alternatives, each the scheme names it lists. */
export function requirementOf(spec: Document, value: unknown, at: () => string): string[][] {
  // The pointer is found only for a message: an operation's is a search of the description.
  if (!Array.isArray(value)) return problem(spec, at(), "must be an array of Security Requirement Objects", value);
  return value.map((alternative, index) => {
    if (!isObject(alternative)) return problem(spec, `${at()}/${index}`, "must be a Security Requirement Object", alternative);
    for (const [name, scopes] of Object.entries(alternative))
      if (!Array.isArray(scopes)) problem(spec, `${at()}/${index}/${pointerToken(name)}`, "must be an array of scopes or roles", scopes);
    return Object.keys(alternative);
  });
}

/** How the credential of a scheme is written in TypeScript, with its TSDoc. */
function memberOf(name: string, scheme: SecurityScheme): string {
  const [where, type] =
    scheme.type === "apiKey"
      ? [
          `an API key, sent in the ${scheme.in === "header" ? "header field" : scheme.in === "query" ? "query parameter" : "cookie"} \`${commentText(scheme.name)}\``,
          "string",
        ]
      : scheme.type === "http" && scheme.scheme.toLowerCase() === "basic"
        ? ["a user name and password, sent as `authorization: Basic …` (RFC 7617)", "{ username: string; password: string }"]
        : scheme.type === "http" && scheme.scheme.toLowerCase() !== "bearer"
          ? [`the credentials of \`authorization: ${commentText(scheme.scheme)} …\``, "string"]
          : [
              `${scheme.type === "http" ? "a bearer token" : `an access token obtained by ${scheme.type === "oauth2" ? "OAuth 2.0" : "OpenID Connect"}`}, sent as \`authorization: Bearer …\` (RFC 6750)`,
              "string",
            ];
  return `/** \`${commentText(name)}\`: ${where}. */\n  ${key(name)}?: ${type} | undefined;`;
}

/**
 * Reads a description's security schemes and each routed operation's requirement.
 *
 * @param routes - each operation with its route, as the map writes it
 * @returns what the generator writes, or `undefined` when the description declares no scheme that a
 *   request carries (none, or `mutualTLS` alone)
 * @throws {@link DescriptionError} naming the JSON pointer of a wrong scheme ({@link schemeOf}); the
 *   requirements are read as checkShapes (shapes.ts) checked them, with {@link requirementOf}
 */
export function securityOf(
  spec: Document,
  routes: readonly { operation: { operation: Operation }; route: string }[],
): SecurityPlan | undefined {
  const declared: unknown = (spec.components as Record<string, unknown> | undefined)?.securitySchemes;
  if (declared === undefined) return undefined;
  if (!isObject(declared)) return problem(spec, "/components/securitySchemes", "must be an object", declared);
  const schemes: Record<string, SecurityScheme> = {};
  for (const [name, value] of Object.entries(declared)) {
    const scheme = schemeOf(spec, value, `/components/securitySchemes/${pointerToken(name)}`);
    if (scheme !== undefined) schemes[name] = scheme;
  }
  if (Object.keys(schemes).length === 0) return undefined;
  // checkShapes (shapes.ts) checked every requirement with requirementOf: each is a list of objects.
  const namesOf = (requirement: unknown): string[][] =>
    (requirement as Record<string, unknown>[]).map((alternative) => Object.keys(alternative));
  const fallback = spec.security === undefined ? [] : namesOf(spec.security);
  const table: Record<string, string[][]> = {};
  const docs: Record<string, string> = {};
  for (const { operation, route } of routes) {
    const own: unknown = operation.operation.security;
    const given = own === undefined ? fallback : namesOf(own);
    // Names no scheme declares, or a mutualTLS scheme's, are no part of a request: an alternative
    // that names an undeclared scheme cannot be met, and is left out; mutualTLS is the client's.
    const alternatives = given
      .filter((names) => names.every((name) => Object.hasOwn(declared, name)))
      .map((names) => names.filter((name) => Object.hasOwn(schemes, name)));
    // An operation keyed by a query has its entry, none where it needs none (template.ts, isQueryKeyed).
    if (alternatives.some((names) => names.length > 0)) table[route] = alternatives;
    else if (isQueryKeyed(route)) table[route] = [];
    if (given.length > 0)
      docs[route] = given
        .map((names) => (names.length === 0 ? "none" : names.map((name) => `\`${commentText(name)}\``).join(" and ")))
        .join(", or ");
  }
  const members = Object.entries(schemes).map(([name, scheme]) => memberOf(name, scheme));
  return { table: { schemes, routes: table }, members, docs };
}
