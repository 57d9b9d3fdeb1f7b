/**
 * GitHub's targets (lib/core/target.ts): api.github.com, a GHE.com subdomain, a GHES instance by
 * release, or any origin that serves GitHub's API (a test server). Each carries GitHub's route
 * tables, media types, API-version check, and its own upload URL.
 */
import { fail } from "../core/errors.js";
import { isOrigin } from "../core/origin.js";
import { parsedOrigin, type Target } from "../core/target.js";
import { applyMediaType } from "./media-type.js";
import { githubRouteRules, KNOWN_VERSIONS, versionCheck } from "./routes.js";

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
 * for requests to either origin.
 *
 * @param options - `{ name, baseUrl, uploadsUrl, versions? }`
 * @returns a {@link Target} for `createEndpoint(defaults, target)`
 * @throws {@link EndpointError} `INVALID_BASE_URL` when `baseUrl` or `uploadsUrl` is not an http(s) URL without query or fragment
 *
 * @example
 * ```ts
 * import { createEndpoint, githubTarget } from "rest-endpoint";
 * const test = createEndpoint({}, githubTarget({ name: "test server", baseUrl: "http://127.0.0.1:3000", uploadsUrl: "http://127.0.0.1:3001" }));
 * test("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "…" }).url;
 * // "http://127.0.0.1:3001/repos/o/r/releases/1/assets?name=a.zip"
 * ```
 */
export function githubTarget({ name, baseUrl, uploadsUrl, versions = KNOWN_VERSIONS }: GitHubTargetOptions): Target {
  const own = new Set([checkUrl(baseUrl, "baseUrl"), checkUrl(uploadsUrl, "uploadsUrl")]);
  const uploads = uploadsUrl.endsWith("/") ? uploadsUrl.slice(0, -1) : uploadsUrl;
  return targetOf(name, baseUrl, uploads, versions, (origin) => own.has(origin));
}

function targetOf(
  name: string,
  baseUrl: string,
  uploadsUrl: string,
  versions: readonly string[],
  isOwn: (origin: string) => boolean,
): Target {
  return {
    name,
    // Version 3 of GitHub's media type (https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types).
    defaults: { baseUrl, headers: { accept: "application/vnd.github.v3+json" }, mediaType: { format: "" } },
    uploadsUrl,
    rebase: uploadsUrl === UPLOADS ? undefined : (origin) => (origin.toLowerCase() === UPLOADS ? uploadsUrl : undefined),
    routeRules: githubRouteRules,
    applyMediaType,
    checkHeaders: versionCheck(name, versions, isOwn),
  };
}

/** An http(s) base URL's origin as {@link parsedOrigin} reads it. */
function checkUrl(url: string, argument: string): string {
  const origin = typeof url === "string" && !/[?#]/.test(url) ? url.split("/", 3).join("/") : "";
  if (!isOrigin(origin)) fail("INVALID_BASE_URL", argument, "must be an http(s) URL without query or fragment", url);
  return parsedOrigin(origin)!;
}

/**
 * GitHub's REST API at api.github.com, `endpoint`'s target: uploads at `https://uploads.github.com`;
 * the API versions api.github.com serves, checked there and on GHE.com's `api.SUBDOMAIN.ghe.com`,
 * which serve the same.
 */
export const githubCom: Target = /* @__PURE__ */ targetOf("api.github.com", "https://api.github.com", UPLOADS, KNOWN_VERSIONS, (origin) =>
  /^https:\/\/(?:api\.github\.com|uploads\.github\.com|api\.[a-z\d-]+\.ghe\.com)$/.test(origin),
);

/**
 * GitHub Enterprise Cloud with data residency: the enterprise's subdomain of GHE.com, its API at
 * `https://api.SUBDOMAIN.ghe.com` and its uploads at `https://uploads.SUBDOMAIN.ghe.com`
 * (docs/github-enterprise.md), serving the versions api.github.com serves.
 *
 * @param subdomain - the enterprise's subdomain, a DNS label (`octocorp`)
 * @throws {@link EndpointError} `INVALID_BASE_URL` when `subdomain` is not a DNS label
 *
 * @example
 * ```ts
 * createEndpoint({}, gheCom("octocorp"))("GET /user").url;
 * // "https://api.octocorp.ghe.com/user"
 * ```
 */
export function gheCom(subdomain: string): Target {
  if (typeof subdomain !== "string" || !/^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/i.test(subdomain))
    fail("INVALID_BASE_URL", "subdomain", "must be a DNS label", subdomain);
  const host = `${subdomain.toLowerCase()}.ghe.com`;
  return githubTarget({ name: `GHE.com ${host}`, baseUrl: `https://api.${host}`, uploadsUrl: `https://uploads.${host}` });
}

/**
 * GitHub Enterprise Server: the instance at `origin`, of `release`. Its REST API is served under
 * `/api/v3`, its uploads under `/api/uploads` (GitHub's description: `{protocol}://{hostname}/api/v3`,
 * and "Upload a release asset" from `…/api/uploads`); a release serves `2022-11-28`, and from 3.21
 * `2026-03-10` too (docs/github-enterprise.md).
 *
 * @param origin - the instance's origin, `https://ghe.example` (a port allowed, one trailing `/`; no path)
 * @param release - the feature release, `"3.19"`
 * @throws {@link EndpointError} `INVALID_BASE_URL` for an origin that is not one, or a release not `3.<n>`
 *
 * @example
 * ```ts
 * const github = createEndpoint({ headers: { authorization: "token ghp_0123" } }, ghes("https://ghe.example", "3.19"));
 * github("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "…" }).url;
 * // "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.zip"
 * ```
 */
export function ghes(origin: string, release: string): Target {
  // One trailing "/" is the origin still, as `baseUrl` takes it (`https://ghe.example/`).
  const given = typeof origin === "string" && origin.endsWith("/") ? origin.slice(0, -1) : origin;
  if (typeof given !== "string" || !isOrigin(given)) fail("INVALID_BASE_URL", "origin", "must be an http(s) origin, without path", origin);
  const minor = typeof release === "string" ? /^3\.(\d{1,3})$/.exec(release)?.[1] : undefined;
  if (minor === undefined) fail("INVALID_BASE_URL", "release", 'must be a GHES feature release, "3.<n>"', release);
  return ghesAt(
    given,
    `GHES ${release} at ${given}`,
    KNOWN_VERSIONS.filter((version) => version === "2022-11-28" || Number(minor) >= 21),
  );
}

/**
 * The GHES instance at `origin` (an origin, unchecked here): its API under `/api/v3`, its uploads
 * under `/api/uploads`, and its origin that of the maps' `{origin}/api/uploads/…` and
 * `{origin}/manage/v1/…` routes called without `origin`. {@link ghes} for a release; the CLI's
 * `--base-url ORIGIN/api/v3`, whose release is unknown, with every version this package knows.
 */
export function ghesAt(origin: string, name = `GHES at ${origin}`, versions = KNOWN_VERSIONS): Target {
  return { ...githubTarget({ name, baseUrl: `${origin}/api/v3`, uploadsUrl: `${origin}/api/uploads`, versions }), origin };
}
