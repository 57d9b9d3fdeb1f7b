/**
 * JSON pointers inside one document, as an OpenAPI description's `$ref`s write them (RFC 6901 in a
 * URI fragment, section 6: `#/components/schemas/a~1b`, percent-encoded). The description reader
 * (description.ts) and the generator (generate.ts) follow `$ref`s with these, one reading.
 */

/** The most `$ref`s {@link follow} follows from one value: a longer chain is refused (shapes.ts's checkShapes). */
export const MAX_HOPS = 32;

/** Whether `value` is a Reference Object: an object whose `$ref` is a string (OpenAPI 3.1 section 4.8.23). */
export const isReference = (value: unknown): value is { $ref: string } =>
  typeof value === "object" && value !== null && typeof (value as { $ref?: unknown }).$ref === "string";

/**
 * Follows `$ref`s from `value`, which stands at `pointer` (`/paths/~1a`), inside `document`: the value
 * reached and its pointer; or, with `stuck`, the `$ref` that names no part of the document
 * (`"missing"`), or points outside it or past {@link MAX_HOPS} hops (`"outside"`), and its pointer.
 */
export function follow(
  document: unknown,
  value: unknown,
  pointer: string,
): [value: unknown, pointer: string, stuck?: "outside" | "missing"] {
  for (let hops = 0; isReference(value); hops++) {
    if (!value.$ref.startsWith("#") || hops === MAX_HOPS) return [value, pointer, "outside"];
    const target = pointerTarget(document, value.$ref);
    if (target === undefined) return [value, pointer, "missing"];
    [value, pointer] = [target, value.$ref.slice(1)];
  }
  return [value, pointer];
}

/** A key as a pointer writes it (RFC 6901 section 3): `~` as `~0`, `/` as `~1`. */
export const pointerToken = (key: string | number): string => String(key).replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * What the fragment pointer `ref` (`#`, `#/a/b`) names in `document`; `undefined` where nothing is.
 * A `%` that begins no UTF-8 escape is read as itself.
 */
function pointerTarget(document: unknown, ref: string): unknown {
  if (ref === "#") return document;
  let at = document;
  for (const token of ref.slice(2).split("/")) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[decodeToken(token)];
  }
  return at;
}

export function decodeToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // a "%" that begins no escape is itself
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * The shortest pointer (`#/components/schemas/L8`) at which `document` holds `target` (or a value
 * `target` accepts), found breadth first, each object visited once; `#` where it holds it nowhere.
 * For messages only.
 */
export function pointerOf(document: unknown, target: object | ((value: unknown) => boolean)): string {
  const matches = typeof target === "function" ? (target as (value: unknown) => boolean) : (value: unknown) => value === target;
  const seen = new Set<unknown>([document]);
  let level: [value: unknown, pointer: string][] = [[document, "#"]];
  let found: string | undefined;
  while (level.length > 0 && found === undefined) {
    const next: [unknown, string][] = [];
    for (const [value, pointer] of level) {
      if (matches(value)) found ??= pointer;
      if (typeof value !== "object" || value === null) continue;
      for (const [key, child] of Object.entries(value)) {
        if (typeof child !== "object" || child === null || seen.has(child)) continue;
        seen.add(child);
        next.push([child, `${pointer}/${pointerToken(key)}`]);
      }
    }
    level = next;
  }
  return found ?? "#";
}
