import deepmerge from "deepmerge";
import { isPlainObject } from "is-plain-object";
import { readMediaType } from "./media-type.js";
import { copyPlain, isPlainRecord, type NormalizedOptions } from "./normalize-options.js";

/**
 * Defaults as an endpoint function keeps them: deeply frozen and without prototypes, so that no
 * later edit, and no polluted `Object.prototype`, can change them or how they merge.
 */
export type FrozenDefaults = Readonly<Record<string, unknown>>;

const DEEPMERGE_OPTIONS: deepmerge.Options = {
  // Only plain objects merge; Buffers, streams, AbortSignals and Dates are values, not containers.
  // Arrays are not mergeable either, so an array from the call replaces the one from the defaults
  // (deepmerge's default would concatenate them); `mediaType.previews` are united separately.
  isMergeableObject: isPlainObject,
  // Both sides are copied afterwards by `copyPlain`; cloning here would read keys through the
  // prototype chain of fresh `{}` objects.
  clone: false,
};

/**
 * Overlays normalised options on defaults (spec §4.2 rules 10 and 11): nested plain objects merge
 * key by key through deepmerge, arrays and other values from the options replace those of the
 * defaults, `data` is taken whole, and `mediaType.previews` are united (defaults first, each once).
 *
 * @returns fresh merged options sharing no mutable object with `defaults`
 */
export function mergeDefaults(defaults: FrozenDefaults, options: NormalizedOptions): NormalizedOptions {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) merged[key] = defaults[key];
  for (const key of Object.keys(options)) {
    const value = options[key];
    const base = Object.hasOwn(merged, key) ? merged[key] : undefined;
    if (key === "mediaType") {
      merged[key] = mergeMediaType(base as MediaTypeOption | undefined, value as MediaTypeOption);
    } else if (key !== "data" && isPlainRecord(base) && isPlainRecord(value)) {
      merged[key] = deepmerge(base as object, value as object, DEEPMERGE_OPTIONS);
    } else {
      merged[key] = value;
    }
  }
  const result: NormalizedOptions = {};
  for (const key of Object.keys(merged)) {
    result[key] = key === "data" ? merged[key] : copyPlain(merged[key], key, 1, []);
  }
  return result;
}

interface MediaTypeOption {
  format?: string;
  previews?: readonly string[];
}

function mergeMediaType(base: MediaTypeOption | undefined, value: MediaTypeOption): { format: string; previews: string[] } {
  const from = readMediaType(base);
  const to = readMediaType(value);
  return { format: to.format ?? from.format ?? "", previews: [...new Set([...from.previews, ...to.previews])] };
}

/**
 * Deep-copies options into frozen objects. With `prototypes: false` the objects have no
 * prototype (the form kept for merging); with `true` they are ordinary objects (`DEFAULTS`).
 */
export function freezeDefaults(options: NormalizedOptions, prototypes: boolean): FrozenDefaults {
  return freeze(options, prototypes, true) as FrozenDefaults;
}

function freeze(value: unknown, prototypes: boolean, top: boolean): unknown {
  if (Array.isArray(value)) return Object.freeze(value.map((item) => freeze(item, prototypes, false)));
  if (!isPlainRecord(value)) return value;
  const copy: Record<string, unknown> = prototypes ? {} : (Object.create(null) as Record<string, unknown>);
  for (const key of Object.keys(value)) {
    const item = value[key];
    // `data` is the caller's body (possibly a stream or Buffer): it is kept, not frozen or copied.
    copy[key] = top && key === "data" ? item : freeze(item, prototypes, false);
  }
  return Object.freeze(copy);
}
