import { BoundedCache, stringBytes } from "../core/cache.js";
import { fail } from "../core/errors.js";
import type { MediaTypeFields } from "../core/target.js";
import type { RequestOptions } from "../core/types.js";

const GITHUB = "application/vnd.github";
const PREVIEW = "-preview";

/**
 * Applies GitHub's media-type rules to an `accept` header value
 * (https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types).
 *
 * - `format` turns every `application/vnd.github…` media range into
 *   `application/vnd.github[.v3].<format>` (`application/vnd.github.v3+json` with `raw` gives
 *   `application/vnd.github.v3.raw`).
 * - Previews replace the value with one `application/vnd.github.<name>-preview+json` (or
 *   `…-preview.<format>`) per preview, comma-joined: first those already in `accept`, then the given
 *   ones, each once.
 * - An `application/octet-stream` accept (binary downloads) is never changed.
 */
export function applyMediaType(accept: string, format: string, previews: readonly string[]): string {
  if (/application\/octet-stream/i.test(accept)) return accept;
  const ranges = accept.split(",");
  if (previews.length > 0) {
    const names = new Set<string>();
    for (const range of ranges) {
      const name = /^\s*application\/vnd\.github\.(.+?)-preview/.exec(range)?.[1];
      if (name !== undefined) names.add(name);
    }
    for (const name of previews) names.add(name);
    return [...names].map((name) => `${GITHUB}.${name}${PREVIEW}${format === "" ? "+json" : `.${format}`}`).join(",");
  }
  if (format === "") return accept;
  return ranges
    .map((range) => {
      // Keep the version GitHub was asked for, if any; drop any previous format.
      const github = /^\s*application\/vnd\.github(\.v3)?/.exec(range);
      return github === null ? range : `${GITHUB}${github[1] ?? ""}.${format}`;
    })
    .join(",");
}

/**
 * GitHub's request step (lib/core/target.ts, `request`): the `mediaType` option, `format` a string
 * (`""` for none) and `previews` a list of names, each with or without `-preview`, applied to
 * `accept` ({@link applyMediaType}); then `check`, the API-version check. Own fields only.
 *
 * @throws {@link EndpointError} `INVALID_MEDIA_TYPE` for a `format` that is a list or `previews`
 *   that are a string; what `check` throws
 */
export function mediaTypeStep(
  check: (headers: Readonly<Record<string, string>>, url: string) => void,
): (request: RequestOptions, mediaType: MediaTypeFields) => RequestOptions {
  return (request, mediaType) => {
    const format = Object.hasOwn(mediaType, "format") ? mediaType.format! : "";
    const given = Object.hasOwn(mediaType, "previews") ? mediaType.previews! : NONE;
    if (typeof format !== "string") fail("INVALID_MEDIA_TYPE", "options.mediaType.format", "must be a string", format);
    if (typeof given === "string") fail("INVALID_MEDIA_TYPE", "options.mediaType.previews", "must be an array", given);
    if (format !== "" || given.length > 0) {
      const previews = new Set<string>();
      for (const name of given)
        previews.add(name.endsWith(PREVIEW) && name.length > PREVIEW.length ? name.slice(0, -PREVIEW.length) : name);
      const accept = acceptFor(request.headers.accept ?? "", format, [...previews]);
      if (accept !== "") request.headers.accept = accept;
    }
    check(request.headers, request.url);
    return request;
  };
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * The `accept` values {@link applyMediaType} gave, by its three arguments joined by NUL, which no
 * header value (RFC 9110 section 5.5) or media type name holds: an endpoint function asks the same
 * few each time, and the rules' regular expressions cost a call a fifth of its time.
 */
const accepts = new BoundedCache<string>({ entries: 100, maxBytes: 64 * 1024, bytesOf: (key, accept) => stringBytes(key + accept) });

/** {@link applyMediaType}, its answer kept ({@link accepts}); a NUL in an argument (a direct call of the step) is not kept. */
function acceptFor(accept: string, format: string, previews: readonly string[]): string {
  const pieces = [accept, format, ...previews];
  if (pieces.some((piece) => piece.includes("\0"))) return applyMediaType(accept, format, previews);
  return accepts.get(pieces.join("\0"), () => applyMediaType(accept, format, previews));
}
