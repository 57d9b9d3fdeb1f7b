import { fail } from "./errors.js";
import { isPlainRecord } from "./values.js";

/** The suffix GitHub's preview names carry in `accept`, which a preview name may be given with. */
const PREVIEW = "-preview";

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
