/**
 * A release's `upload_url` read as the route GitHub's maps write for "Upload a release asset", so
 * that a call through a map is typed without a cast.
 */
import { fail } from "../core/errors.js";

/**
 * `…/repos/{owner}/{repo}/releases/{release_id}/assets`, then GitHub's query expression
 * `{?name,label}` or nothing: the path of the upload route (https://docs.github.com/rest/releases/assets#upload-a-release-asset),
 * after whatever prefix the instance has (`/api/uploads` on GHES). `owner` and `repo` are one path
 * segment each (RFC 3986 `segment`, no "/", "?", "#", "{", "}"); `release_id` digits.
 */
const UPLOAD_PATH = /\/repos\/([^/?#{}]+)\/([^/?#{}]+)\/releases\/(\d+)\/assets(?:\{\?name,label\})?$/;

/**
 * Reads a release's `upload_url` (https://docs.github.com/rest/releases/releases#get-a-release,
 * e.g. `https://uploads.github.com/repos/octokit/rest.js/releases/1/assets{?name,label}`, an RFC
 * 6570 template) as the parameters of the route GitHub's maps write for uploading a release asset,
 * `POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets`
 * (https://docs.github.com/rest/releases/assets#upload-a-release-asset). Under a map, the call is
 * then typed by that route: `name` required, `label` optional, where `` `POST ${upload_url}` `` is
 * a route no map has. The request goes where that route goes for the endpoint's target
 * (uploads.github.com for `endpoint`, the instance's uploads for `ghes()`), with the defaults'
 * credentials, as every call of the route does: the URL's own origin is not used, so a response
 * cannot send credentials elsewhere. (A GHES map writes the route `POST {origin}/api/uploads/…`:
 * the same parameters, with the instance's `origin`.)
 *
 * @param uploadUrl - the release's `upload_url`: an http(s) URL whose path ends with
 *   `/repos/{owner}/{repo}/releases/{release_id}/assets`, followed by `{?name,label}` or nothing
 * @returns `{ owner, repo, release_id }`: `owner` and `repo` percent-decoded (the route encodes them
 *   again), `release_id` a number
 * @throws {@link EndpointError} `INVALID_URL` (argument `upload_url`) for anything else: not a
 *   string, no http(s) URL, another path, a query or fragment, a `release_id` past 2^53 - 1
 * @example
 * ```ts
 * import { endpoint, parseUploadUrl, type EndpointInterface } from "rest-endpoint";
 * import type { Routes } from "rest-endpoint/routes/api.github.com";
 * const github: EndpointInterface<Routes> = endpoint.defaults({ headers: { authorization: "token ghp_0123456789" } });
 * const release = { upload_url: "https://uploads.github.com/repos/octokit/rest.js/releases/1/assets{?name,label}" };
 * github("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets", {
 *   ...parseUploadUrl(release.upload_url),
 *   name: "a.zip",
 *   data: new Uint8Array([80, 75]),
 *   headers: { "content-type": "application/zip" },
 * }).url;
 * // "https://uploads.github.com/repos/octokit/rest.js/releases/1/assets?name=a.zip"
 * ```
 */
export function parseUploadUrl(uploadUrl: string): {
  /** The account owner of the repository, percent-decoded. */
  owner: string;
  /** The name of the repository, percent-decoded. */
  repo: string;
  /** The unique identifier of the release. */
  release_id: number;
} {
  const refuse = (): never =>
    fail(
      "INVALID_URL",
      "upload_url",
      "must be a release's upload_url, https://HOST/…/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
      uploadUrl,
    );
  if (typeof uploadUrl != "string" || !/^https?:\/\//i.test(uploadUrl)) return refuse();
  const match = UPLOAD_PATH.exec(uploadUrl);
  // What comes before the path: an origin and the instance's prefix, no query, fragment or expression.
  const before = match === null ? "" : uploadUrl.slice(0, match.index);
  if (match === null || /[?#{}]/.test(before) || !URL.canParse(before)) return refuse();
  const release_id = Number(match[3]);
  if (!Number.isSafeInteger(release_id)) return refuse();
  try {
    return { owner: decodeURIComponent(match[1]!), repo: decodeURIComponent(match[2]!), release_id };
  } catch {
    return refuse(); // a "%" that begins no percent-encoding
  }
}
