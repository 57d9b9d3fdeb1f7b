import { fail } from "../core/errors.js";
import { isPlainRecord } from "../core/values.js";

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
 * Checks a `mediaType` option: `format` a string (`""` for none), `previews` names without a
 * trailing `-preview`. Own keys only; caller arrays read by index.
 *
 * @throws {@link EndpointError} `INVALID_MEDIA_TYPE` for a wrong shape or a name outside
 * `[A-Za-z0-9][A-Za-z0-9.+_-]*`
 */
export function normalizeMediaType(mediaType: unknown, argument: string): { format: string | undefined; previews: string[] } {
  // A plain object, as every object option is (values.ts isPlainRecord): a Map or a class instance
  // would be read as having no format and no previews.
  if (!isPlainRecord(mediaType)) fail("INVALID_MEDIA_TYPE", argument, "must be a plain object", mediaType);
  const own = (key: string): unknown => (Object.hasOwn(mediaType, key) ? mediaType[key] : undefined);
  const format = own("format");
  const given = own("previews");
  if (format !== undefined && format !== "") checkName(format, `${argument}.format`);
  if (given !== undefined && !Array.isArray(given)) fail("INVALID_MEDIA_TYPE", `${argument}.previews`, "must be an array", given);
  const list: readonly unknown[] = given ?? [];
  const previews: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const name = checkName(list[i], `${argument}.previews`);
    previews.push(name.endsWith(PREVIEW) && name.length > PREVIEW.length ? name.slice(0, -PREVIEW.length) : name);
  }
  return { format: format as string | undefined, previews };
}

/** A media type name: `[A-Za-z0-9][A-Za-z0-9.+_-]*`. */
function checkName(name: unknown, argument: string): string {
  if (typeof name === "string" && /^[\da-z][\w+.-]*$/i.test(name)) return name;
  fail("INVALID_MEDIA_TYPE", argument, "must be a media type name", name);
}
