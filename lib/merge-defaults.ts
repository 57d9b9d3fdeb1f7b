import deepmerge from "deepmerge";
import { isPlainObject } from "is-plain-object";
import { readMediaType } from "./media-type.js";
import type { MediaType } from "./types.js";
import { copyPlain, isPlainRecord, type NormalizedOptions } from "./normalize-options.js";

/** Defaults as an endpoint function keeps them: deeply frozen, so that no later edit can change them. */
export type FrozenDefaults = Readonly<Record<string, unknown>>;

const DEEPMERGE_OPTIONS: deepmerge.Options = {
  // Only plain objects merge; Buffers, streams, AbortSignals and Dates are values, not containers.
  // Arrays are not mergeable either, so an array from the call replaces the one from the defaults
  // (deepmerge's default would concatenate them); `mediaType.previews` are united separately.
  isMergeableObject: isPlainObject,
  // Nothing is cloned here: what leaves the library is copied on the way out (`thaw`, `parseOptions`).
  clone: false,
};

/**
 * Overlays normalised options on defaults (spec §4.2 rules 10 and 11): header fields from the
 * options replace those of the defaults, nested plain objects merge key by key through deepmerge,
 * arrays and other values replace, `data` is taken whole, and `mediaType.previews` are united
 * (defaults first, each once).
 *
 * @returns merged options, which may share frozen objects with `defaults`: `thaw()` them before
 *   handing them out
 */
export function mergeDefaults(defaults: FrozenDefaults, options: NormalizedOptions): NormalizedOptions {
  const merged: NormalizedOptions = { ...defaults };
  for (const key of Object.keys(options)) {
    const value = options[key];
    const base = Object.hasOwn(merged, key) ? merged[key] : undefined;
    if (key === "headers") {
      // Normalised headers are flat, lowercase and own: a spread is their merge.
      merged.headers = base === undefined ? value : { ...(base as object), ...(value as object) };
    } else if (key === "mediaType") {
      merged.mediaType = mergeMediaType(base as MediaType | undefined, value as MediaType);
    } else if (key !== "data" && isPlainRecord(base) && isPlainRecord(value)) {
      // deepmerge asks `key in target`: a target without prototype keeps a polluted
      // Object.prototype from hiding keys of the options.
      merged[key] = deepmerge(withoutPrototypes(base), value, DEEPMERGE_OPTIONS);
    } else {
      merged[key] = value;
    }
  }
  return merged;
}

/** A fresh deep copy of merged options to hand out: it shares no mutable object with the defaults. */
export function thaw(merged: NormalizedOptions): NormalizedOptions {
  const result: NormalizedOptions = {};
  for (const key of Object.keys(merged)) result[key] = key === "data" ? merged[key] : copyPlain(merged[key], key);
  return result;
}

function withoutPrototypes(value: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    const item = value[key];
    copy[key] = isPlainRecord(item) ? withoutPrototypes(item) : item;
  }
  return copy;
}

function mergeMediaType(base: MediaType | undefined, value: MediaType): { format: string; previews: string[] } {
  const from = readMediaType(base);
  const to = readMediaType(value);
  return { format: to.format ?? from.format ?? "", previews: [...new Set([...from.previews, ...to.previews])] };
}

/** Deep-copies options into frozen objects: the defaults an endpoint function keeps and shows. */
export function freezeDefaults(options: NormalizedOptions): FrozenDefaults {
  return freeze(options, true) as FrozenDefaults;
}

function freeze(value: unknown, top: boolean): unknown {
  if (Array.isArray(value)) return Object.freeze(value.map((item) => freeze(item, false)));
  if (!isPlainRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // `data` is the caller's body (possibly a stream or Buffer): it is kept, not frozen or copied.
    copy[key] = top && key === "data" ? value[key] : freeze(value[key], false);
  }
  return Object.freeze(copy);
}
