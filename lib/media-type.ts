import { describeValue, EndpointError } from "./errors.js";
import type { MediaType } from "./types.js";

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
  if (accept.toLowerCase().includes("application/octet-stream")) return accept;
  if (previews.length > 0) {
    const names = new Set<string>();
    for (const range of accept.split(",")) {
      const type = range.trim();
      const at = type.indexOf(PREVIEW);
      if (type.startsWith(`${GITHUB}.`) && at > GITHUB.length + 1) names.add(type.slice(GITHUB.length + 1, at));
    }
    for (const name of previews) names.add(name);
    const suffix = format === "" ? "+json" : `.${format}`;
    return [...names].map((name) => `${GITHUB}.${name}${PREVIEW}${suffix}`).join(",");
  }
  if (format === "") return accept;
  return accept
    .split(",")
    .map((range) => {
      const type = range.trim();
      if (!type.startsWith(GITHUB)) return range;
      // Keep the version GitHub was asked for, if any; drop any previous format.
      return `${GITHUB}${type.startsWith(`${GITHUB}.v3`) ? ".v3" : ""}.${format}`;
    })
    .join(",");
}

/**
 * Checks a `mediaType` option and returns it normalised: `format` a string (`""` for none),
 * `previews` a fresh array of names without a trailing `-preview`.
 *
 * @throws {@link EndpointError} `INVALID_MEDIA_TYPE` for a wrong shape or a name outside
 * `[A-Za-z0-9][A-Za-z0-9.+_-]*`
 */
export function normalizeMediaType(mediaType: unknown, argument: string): { format?: string; previews?: string[] } {
  if (mediaType === null || typeof mediaType !== "object" || Array.isArray(mediaType)) {
    throw mediaTypeError(argument, mediaType, 'must be an object such as { format: "raw", previews: ["mercy"] }');
  }
  const result: { format?: string; previews?: string[] } = {};
  if (Object.hasOwn(mediaType, "format")) {
    const format: unknown = (mediaType as { format: unknown }).format;
    if (format !== undefined) {
      if (typeof format !== "string" || (format !== "" && !isMediaTypeName(format))) {
        throw mediaTypeError(`${argument}.format`, format, 'must be a media type format such as "raw", "diff" or "text+json"');
      }
      result.format = format;
    }
  }
  if (Object.hasOwn(mediaType, "previews")) {
    const previews: unknown = (mediaType as { previews: unknown }).previews;
    if (previews !== undefined) {
      if (!Array.isArray(previews))
        throw mediaTypeError(`${argument}.previews`, previews, 'must be an array of preview names such as ["mercy"]');
      result.previews = (previews as unknown[]).map((name) => {
        if (typeof name !== "string" || !isMediaTypeName(name)) {
          throw mediaTypeError(`${argument}.previews`, name, 'must hold preview names such as "mercy" or "symmetra"');
        }
        return name.endsWith(PREVIEW) && name.length > PREVIEW.length ? name.slice(0, -PREVIEW.length) : name;
      });
    }
  }
  return result;
}

/** A normalised `mediaType`'s own `format` and `previews`, never read through the prototype chain. */
export function readMediaType(mediaType: MediaType | undefined): {
  format: string | undefined;
  previews: readonly string[];
} {
  if (mediaType === undefined) return { format: undefined, previews: [] };
  return {
    format: Object.hasOwn(mediaType, "format") ? mediaType.format : undefined,
    previews: (Object.hasOwn(mediaType, "previews") ? mediaType.previews : undefined) ?? [],
  };
}

/** `[A-Za-z0-9][A-Za-z0-9.+_-]*`, scanned without a regular expression. */
function isMediaTypeName(name: string): boolean {
  if (name === "") return false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    const alphanumeric = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
    if (!alphanumeric && (i === 0 || (code !== 0x2e && code !== 0x2b && code !== 0x5f && code !== 0x2d))) return false;
  }
  return true;
}

function mediaTypeError(argument: string, received: unknown, rule: string): EndpointError {
  return new EndpointError("INVALID_MEDIA_TYPE", argument, `\`${argument}\` ${rule}; received ${describeValue(received)}`);
}
