/**
 * The names of a call's options (docs/usage.md, "Options"): every other key of an options object
 * is a parameter. The one list: `OPTIONS` (options.ts) has a reader for each, the route-map
 * generator never gives a parameter one of them, `withQueries` leaves them alone.
 */
export const OPTION_NAMES = ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"] as const;

/** An option's name: `method`, `url`, `baseUrl`, `headers`, `mediaType`, `data`, `request`. */
export type OptionName = (typeof OPTION_NAMES)[number];

/** Whether `key` names an option. */
export const isOptionName = (key: string): key is OptionName => (OPTION_NAMES as readonly string[]).includes(key);
