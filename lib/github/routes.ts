/**
 * What `endpoint()` knows of GitHub's routes without a route map, from the tables
 * scripts/generate-github-tables.mjs writes (lib/github/tables.ts). Each table is decoded on the
 * first lookup.
 */
import { fail } from "../core/errors.js";
import { parsedOrigin } from "../core/target.js";
import { API_VERSIONS, DECLARED_QUERY_TABLE, MULTI_SEGMENT_TABLE } from "./tables.js";

/**
 * Reads a multi-segment table as lib/github/tables.ts writes it: the lookup of a path template's
 * multi-segment parameter. An entry that ends with the parameter covers every template beneath it
 * (`/repos/{owner}/{repo}/branches/{branch}` covers `…/{branch}/protection`); an entry ending in `$`
 * covers its own template only. scripts/generate-github-tables.mjs reads the table it writes back
 * through this function.
 */
export function readMultiSegmentTable(table: string): (template: string) => string | undefined {
  /** The entries, `{+` written `{`, each with its parameter; a whole template's key ends in `$`. */
  const entries = new Map<string, string>();
  let previous = "";
  for (const entry of table.split(",")) {
    // Front coding: the first character counts, from "0", the characters shared with the entry before.
    previous = previous.slice(0, entry.charCodeAt(0) - 48) + entry.slice(1);
    const at = previous.indexOf("{+");
    entries.set(previous.replace("{+", "{"), previous.slice(at + 2, previous.indexOf("}", at)));
  }
  return (template) => {
    let name = entries.get(`${template}$`);
    // The template up to each expression that ends a path segment, shortest first.
    for (let end = template.indexOf("}"); name === undefined && end !== -1; end = template.indexOf("}", end + 1))
      if (end + 1 === template.length || template[end + 1] === "/") name = entries.get(template.slice(0, end + 1));
    return name;
  };
}

/** GHES's layout (GitHub's description: `{protocol}://{hostname}/api/v3`): the REST API's path. */
export const GHES_API = "/api/v3";
/** GHES's layout: the path of its uploads ("Upload a release asset" from `…/api/uploads`). */
export const GHES_UPLOADS = "/api/uploads";

/** A route's declared query: the method that sends it (lowercase) and the query parameters' names. */
export interface DeclaredQuery {
  readonly method: string;
  readonly names: readonly string[];
}

/** What GitHub's tables tell of one path template. */
export interface RouteRules {
  /** Its multi-segment parameter (`x-multi-segment`). */
  readonly multiSegment: string | undefined;
  /** The query GitHub declares for it on a method that sends a body. */
  readonly declaredQuery: DeclaredQuery | undefined;
}

const NO_RULES: RouteRules = Object.freeze({ multiSegment: undefined, declaredQuery: undefined });

let multiSegment: ((template: string) => string | undefined) | undefined;

/**
 * The multi-segment parameter of a GitHub path template (`/repos/{owner}/{repo}/contents/{path}`
 * gives `"path"`), or `undefined`: GitHub's OpenAPI description marks it `x-multi-segment`
 * ("supports multiple URL segments"). The table is read on the first lookup.
 */
export function multiSegmentParameter(template: string): string | undefined {
  multiSegment ??= readMultiSegmentTable(MULTI_SEGMENT_TABLE);
  return multiSegment(template);
}

let queries: Map<string, DeclaredQuery> | undefined;

/**
 * The query GitHub declares for a path template on a method that sends a body, or `undefined`:
 * `POST /user/packages/{package_type}/{package_name}/restore` takes `token` in the query, where
 * every parameter the template does not name would go to the body
 * (https://docs.github.com/rest/packages/packages#restore-a-package-for-the-authenticated-user).
 */
export function declaredQuery(template: string): DeclaredQuery | undefined {
  if (queries === undefined) {
    queries = new Map();
    for (const entry of DECLARED_QUERY_TABLE.split(",")) {
      const [method, path, ...names] = entry.split(" ");
      queries.set(path!, { method: method!.toLowerCase(), names });
    }
  }
  return queries.get(template);
}

/**
 * GitHub's route tables for a path template (read by its targets' route step, lib/github/target.ts): its multi-segment
 * parameter and its declared query. A GHES path under `/api/v3` (the REST API) or `/api/uploads`
 * (uploads: GitHub's description serves them from `{origin}/api/uploads`) is looked up without it.
 */
export function githubRouteRules(path: string): RouteRules {
  const own = path.startsWith(`${GHES_API}/`)
    ? path.slice(GHES_API.length)
    : path.startsWith(`${GHES_UPLOADS}/`)
      ? path.slice(GHES_UPLOADS.length)
      : path;
  const multiSegment = multiSegmentParameter(own);
  const query = declaredQuery(own);
  return multiSegment === undefined && query === undefined ? NO_RULES : { multiSegment, declaredQuery: query };
}

/** The API versions this package knows (api.github.com's, by date), oldest first. */
export const KNOWN_VERSIONS: readonly string[] = /* @__PURE__ */ API_VERSIONS.split(" ");

/**
 * GitHub's check of `x-github-api-version` under a target that serves `served`, whose own origins
 * `isOwn` tells (https://docs.github.com/rest/about-the-rest-api/api-versions): the value must be a
 * date `YYYY-MM-DD` anywhere; to one of the target's origins (the URL as a WHATWG parser reads it:
 * `https://api.github.com:443`, `https://api.github.com.`, `https://x@api.git%68ub.com` alike), a
 * version the target serves, or one newer than every version this package knows (GitHub decides:
 * it may serve versions released after this package), unless `open` is false (a fixed GHES release
 * serves none after those it names). An older one, or one between known versions that the
 * target does not serve, is refused there.
 *
 * @throws {@link EndpointError} `INVALID_HEADER_VALUE`
 */
export function versionCheck(
  name: string,
  served: readonly string[],
  isOwn: (origin: string) => boolean,
  open: boolean,
): (headers: Readonly<Record<string, string>>, url: string) => void {
  const set = new Set(served);
  const newest = KNOWN_VERSIONS[KNOWN_VERSIONS.length - 1]!;
  return (headers, url) => {
    // An own field only (not one of a polluted Object.prototype); asked with hasOwn, which on request
    // headers of many shapes is a look-up among their own fields, where a load of a missing one
    // walks the prototype chain (2.5 times the cost of the check in \`npm run bench\`'s POST).
    if (!Object.hasOwn(headers, "x-github-api-version")) return;
    const version = headers["x-github-api-version"]!;
    // The common case, checked in one look-up: a version the target serves goes anywhere.
    if (set.has(version)) return;
    const argument = "options.headers.x-github-api-version";
    // A calendar date: 2026-02-30 reads back as another day, 2026-13-01 as no time at all.
    const time = /^\d{4}-\d{2}-\d{2}$/.test(version) ? Date.parse(`${version}T00:00:00Z`) : NaN;
    if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== version)
      fail("INVALID_HEADER_VALUE", argument, "must be a date YYYY-MM-DD, an API version", version);
    if (open && version > newest) return;
    const origin = parsedOrigin(url);
    if (origin !== undefined && isOwn(origin))
      fail(
        "INVALID_HEADER_VALUE",
        argument,
        `must be an API version ${name} serves (${served.join(", ")})${open ? ` or one after ${newest}` : ""}`,
        version,
      );
  };
}
