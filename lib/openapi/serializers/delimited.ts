/**
 * `style: spaceDelimited` and `style: pipeDelimited` (OpenAPI 3.1 section 4.8.12.4), unexploded: a
 * list is one value, its items joined with `" "` or `"|"`, which RFC 6570's expansion then
 * percent-encodes (`%20`, `%7C`). Exploded, they are `style: form`'s `ids=1&ids=2`, which the
 * template's explode modifier writes (`{?ids*}`), as it writes `style: form` itself.
 */
import { isArray } from "../../core/values.js";

/** The value sent for a delimited parameter: a list's items (but `null` and `undefined`) joined with `delimiter`; anything else as given. */
export const joinDelimited = (value: unknown, delimiter: string): unknown =>
  isArray(value)
    ? value
        .filter((item) => item != null)
        .map(String)
        .join(delimiter)
    : value;
