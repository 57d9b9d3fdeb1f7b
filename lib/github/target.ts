/**
 * GitHub's targets (lib/core/target.ts): api.github.com, a GHE.com subdomain, a GHES instance by
 * release, or any origin that serves GitHub's API (a test server). Each is the five fields of a
 * target: its name; its defaults (`baseUrl`, GitHub's v3 media type in `accept`, `mediaType`); its
 * origins, the REST API's and the uploads'; a route step (the maps' upload origin sent to the
 * target's uploads, GitHub's declared queries written into the template as `{?name}`, multi-segment
 * parameters, and GHES's own origin for `{origin}/…` routes); and a request step (the `mediaType`
 * option, the API-version check). Every one is deeply frozen.
 */
import { fail } from "../core/errors.js";
import { canParse, isOrigin } from "../core/origin.js";
import { freezeTarget, parsedOrigin, readFields, type Target, type TargetRoute } from "../core/target.js";
import { compileTemplate, withQueryVariables } from "../core/template.js";
import { mediaTypeStep } from "./media-type.js";
import { GHES_API, GHES_UPLOADS, githubRouteRules, KNOWN_VERSIONS, versionCheck } from "./routes.js";

/**
 * A GitHub target, typed with `"2022-11-28"`, the API version GitHub serves to a request without
 * `x-github-api-version` (https://docs.github.com/rest/about-the-rest-api/api-versions), which
 * `createEndpoint(defaults, target)` types its function with.
 */
export type GitHubTarget = Target<"2022-11-28">;
/**
 * A GHES instance's target ({@link ghes}): a {@link GitHubTarget} whose route step fills `origin`,
 * the leading variable of GHES's upload and Manage API routes, when a call leaves it out; so that
 * under `createEndpoint(defaults, ghes(…))` the GHES maps type `origin` as optional.
 */
export type GhesTarget = Target<"2022-11-28", "origin">;

/** The upload origin GitHub's route maps write (`POST https://uploads.github.com/repos/…/assets`). */
const UPLOADS = "https://uploads.github.com";

/** What a GitHub target is made of ({@link githubTarget}). */
export interface GitHubTargetOptions {
  /** How messages name it, e.g. `"GHES 3.19 at https://ghe.example"`. */
  readonly name: string;
  /** The REST API's base URL: `https://api.github.com`, `https://ghe.example/api/v3`. */
  readonly baseUrl: string;
  /** The upload API's base URL: `https://uploads.github.com`, `https://ghe.example/api/uploads`. */
  readonly uploadsUrl: string;
  /** The API versions it serves, by date; by default every version this package knows. */
  readonly versions?: readonly string[];
}

/**
 * A GitHub target for any origin: GitHub's rules, `baseUrl` and `uploadsUrl` its own. A route
 * written with GitHub's upload origin (`POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets`,
 * as the maps write it) goes to `uploadsUrl`; `x-github-api-version` is checked against `versions`
 * for requests to either origin (a version after every one this package knows is GitHub's to judge).
 *
 * @param options - `{ name, baseUrl, uploadsUrl, versions? }`
 * @returns a deeply frozen {@link Target} for `createEndpoint(defaults, target)`
 * @throws {@link EndpointError} `INVALID_OPTIONS` naming `options`, `options.name` or
 *   `options.versions` for options of another shape; `INVALID_BASE_URL` when `baseUrl` or `uploadsUrl` is not an http(s) URL
 *   without user info, query or fragment
 *
 * @example
 * ```ts
 * import { createEndpoint, githubTarget } from "rest-endpoint";
 * const test = createEndpoint({}, githubTarget({ name: "test server", baseUrl: "http://127.0.0.1:3000", uploadsUrl: "http://127.0.0.1:3001" }));
 * test("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "…" }).url;
 * // "http://127.0.0.1:3001/repos/o/r/releases/1/assets?name=a.zip"
 * ```
 */
export function githubTarget(options: GitHubTargetOptions): GitHubTarget {
  const { name, versions = KNOWN_VERSIONS } = readFields(options, "options", { name: "string", versions: "object?" }) as {
    name: string;
    versions?: unknown;
  };
  if (!Array.isArray(versions) || !versions.every((version) => typeof version === "string"))
    fail("INVALID_OPTIONS", "options.versions", "must be an array of API versions", versions);
  // The URLs keep their own code and names, INVALID_BASE_URL naming `baseUrl` and `uploadsUrl`.
  return targetOf(name, checkUrl(options.baseUrl, "baseUrl"), checkUrl(options.uploadsUrl, "uploadsUrl"), versions, true);
}

/**
 * A GitHub target: `baseUrl` and `uploadsUrl` checked, without a trailing "/"; `open` when a
 * version after every one this package knows may be served (api.github.com and GHE.com, a
 * server of unknown release), not for a fixed GHES release; `origin` for GHES's `{origin}/…` routes.
 */
function targetOf(
  name: string,
  baseUrl: string,
  uploadsUrl: string,
  versions: readonly string[],
  open: boolean,
  origin?: string,
  isOwn?: (origin: string) => boolean,
): GitHubTarget {
  const origins = [parsedOrigin(baseUrl)!, parsedOrigin(uploadsUrl)!];
  return freezeTarget({
    name,
    // Version 3 of GitHub's media type (https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types).
    defaults: { baseUrl, headers: { accept: "application/vnd.github.v3+json" }, mediaType: { format: "", previews: [] } },
    origins,
    route: routeStep(uploadsUrl === UPLOADS ? undefined : uploadsUrl, origin),
    request: mediaTypeStep(versionCheck(name, versions, isOwn ?? ((given) => origins.includes(given)), open)),
  });
}

/**
 * GitHub's step from a route to a route: the maps' upload origin (`https://uploads.github.com`, in
 * any case) sent to `uploads` where the target has its own; the query GitHub declares for a path
 * on a method with a body written into the template (`…/assets{?name,label}`); the path's
 * multi-segment parameter; and `origin` as the value of a leading origin variable a call leaves out.
 */
function routeStep(uploads: string | undefined, origin: string | undefined): (route: TargetRoute) => TargetRoute {
  return ({ method, url }) => {
    // GitHub's tables are read by the route's own path, before its origin is sent elsewhere.
    const template = compileTemplate(url);
    const { multiSegment, declaredQuery } = githubRouteRules(template.path);
    let rewritten = url;
    if (uploads !== undefined && url.slice(0, UPLOADS.length).toLowerCase() === UPLOADS && "/?#".includes(url[UPLOADS.length] ?? "/"))
      rewritten = uploads + url.slice(UPLOADS.length);
    if (declaredQuery !== undefined && declaredQuery.method === method) {
      rewritten = withQueryVariables(
        rewritten,
        declaredQuery.names.filter((name) => !template.names.has(name)),
      );
    }
    return { method, url: rewritten, multiSegment, origin };
  };
}

/** An http(s) base URL, checked, without a trailing "/". */
function checkUrl(url: unknown, argument: string): string {
  const origin = typeof url === "string" && !/[?#]/.test(url) ? url.split("/", 3).join("/") : "";
  if (!isTargetOrigin(origin)) fail("INVALID_BASE_URL", argument, "must be an http(s) URL without user info, query or fragment", url);
  return (url as string).endsWith("/") ? (url as string).slice(0, -1) : (url as string);
}

/** GHE.com's host shape (docs/github-enterprise.md): `api.SUBDOMAIN.ghe.com`, `uploads.SUBDOMAIN.ghe.com`. */
const GHE_COM = /^(api|uploads)\.([a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)\.ghe\.com$/;

/** The URL of a GHE.com subdomain's API or uploads: its one spelling. */
const gheComUrl = (kind: "api" | "uploads", subdomain: string): string => `https://${kind}.${subdomain}.ghe.com`;

/**
 * GitHub's REST API at api.github.com, `endpoint`'s target: uploads at `https://uploads.github.com`;
 * the API versions api.github.com serves, checked there and on GHE.com's `api.SUBDOMAIN.ghe.com`,
 * which serve the same.
 */
export const githubCom: GitHubTarget = /* @__PURE__ */ targetOf(
  "api.github.com",
  "https://api.github.com",
  UPLOADS,
  KNOWN_VERSIONS,
  true,
  undefined,
  (origin) =>
    origin === "https://api.github.com" ||
    origin === UPLOADS ||
    (origin.startsWith("https://") && GHE_COM.exec(origin.slice(8))?.[1] === "api"),
);

/**
 * GitHub Enterprise Cloud with data residency: the enterprise's subdomain of GHE.com, its API at
 * `https://api.SUBDOMAIN.ghe.com` and its uploads at `https://uploads.SUBDOMAIN.ghe.com`
 * (docs/github-enterprise.md), serving the versions api.github.com serves.
 *
 * @param subdomain - the enterprise's subdomain, a DNS label (`octocorp`)
 * @returns a deeply frozen {@link Target}
 * @throws {@link EndpointError} `INVALID_BASE_URL` when `subdomain` is not a DNS label
 *
 * @example
 * ```ts
 * createEndpoint({}, gheCom("octocorp"))("GET /user").url;
 * // "https://api.octocorp.ghe.com/user"
 * ```
 */
export function gheCom(subdomain: string): GitHubTarget {
  const label = typeof subdomain === "string" ? subdomain.toLowerCase() : "";
  if (GHE_COM.exec(`api.${label}.ghe.com`)?.[2] !== label) fail("INVALID_BASE_URL", "subdomain", "must be a DNS label", subdomain);
  return targetOf(`GHE.com ${label}.ghe.com`, gheComUrl("api", label), gheComUrl("uploads", label), KNOWN_VERSIONS, true);
}

/**
 * GitHub Enterprise Server: the instance at `origin`, of `release`. Its REST API is served under
 * `/api/v3`, its uploads under `/api/uploads` (GitHub's description: `{protocol}://{hostname}/api/v3`,
 * and "Upload a release asset" from `…/api/uploads`); a release serves `2022-11-28`, and from 3.21
 * `2026-03-10` too (docs/github-enterprise.md). A fixed release serves no version after those: a
 * later one is refused, where api.github.com may serve versions newer than this package.
 *
 * @param origin - the instance's origin, `https://ghe.example` (a port allowed, one trailing `/`; no path)
 * @param release - the feature release, `"3.19"`
 * @returns a deeply frozen {@link Target}
 * @throws {@link EndpointError} `INVALID_BASE_URL` for an origin that is not one or holds user info, or a release not `3.<n>`
 *
 * @example
 * ```ts
 * const github = createEndpoint({ headers: { authorization: "token ghp_0123" } }, ghes("https://ghe.example", "3.19"));
 * github("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "…" }).url;
 * // "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.zip"
 * ```
 */
export function ghes(origin: string, release: string): GhesTarget {
  const minor = typeof release === "string" ? /^3\.(\d{1,3})$/.exec(release)?.[1] : undefined;
  const at = ghesOrigin(origin, "origin");
  if (minor === undefined) fail("INVALID_BASE_URL", "release", 'must be a GHES feature release, "3.<n>"', release);
  return ghesAt(
    at,
    `GHES ${release} at ${at}`,
    KNOWN_VERSIONS.filter((version) => version === KNOWN_VERSIONS[0] || Number(minor) >= 21),
  );
}

/** A GHES origin as given, one trailing "/" allowed (as `baseUrl` takes it: `https://ghe.example/`). */
function ghesOrigin(origin: unknown, argument: string): string {
  const given = typeof origin === "string" && origin.endsWith("/") ? origin.slice(0, -1) : origin;
  if (typeof given !== "string" || !isTargetOrigin(given))
    fail("INVALID_BASE_URL", argument, "must be an http(s) origin, without user info or path", origin);
  return given;
}

/**
 * Whether `origin` is one a target's URLs may be made of: an origin ({@link isOrigin}) without user
 * info, whose `@` would make the text before it no host at all (`https://ghe.example@evil.example`
 * is evil.example's: RFC 3986 section 3.2.1), and which fetch refuses to send (WHATWG Fetch, "Request").
 */
const isTargetOrigin = (origin: string): boolean => isOrigin(origin) && !origin.includes("@");

/**
 * The GHES instance at `origin` (checked): its API under `/api/v3`, its uploads under
 * `/api/uploads`, and its origin that of the maps' `{origin}/api/uploads/…` and `{origin}/manage/v1/…`
 * routes called without `origin`. {@link ghes} for a release (closed at the top); without
 * `versions`, a release unknown, every version this package knows, and any after them.
 */
export function ghesAt(origin: string, name = `GHES at ${origin}`, versions?: readonly string[]): GhesTarget {
  // Its route step fills `origin` (targetOf's last argument): the types say so.
  return targetOf(name, origin + GHES_API, origin + GHES_UPLOADS, versions ?? KNOWN_VERSIONS, versions === undefined, origin) as GhesTarget;
}

/**
 * The target a GitHub base URL names (the CLI's `--base-url`, docs/github-enterprise.md), read as
 * a URL parser reads it (`https://API.x.ghe.com:443/` too): `https://api.SUBDOMAIN.ghe.com` is
 * {@link gheCom}, `ORIGIN/api/v3` a GHES instance of unknown release ({@link ghesAt}),
 * `https://api.github.com` {@link githubCom}; any other URL `undefined`.
 */
export function githubTargetOf(baseUrl: string): GitHubTarget | undefined {
  if (!canParse(baseUrl)) return undefined;
  const { protocol, host, pathname, search, hash } = new URL(baseUrl);
  if (search !== "" || hash !== "") return undefined;
  const path = pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  const origin = parsedOrigin(baseUrl)!;
  if (path === GHES_API) return ghesAt(origin);
  if (path !== "" || protocol !== "https:") return undefined;
  if (origin === "https://api.github.com") return githubCom;
  // gheCom() checks the label: a malformed one is its refusal, not another API.
  return host.startsWith("api.") && host.endsWith(".ghe.com") ? gheCom(host.slice(4, -8)) : undefined;
}
