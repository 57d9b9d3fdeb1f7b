/**
 * A target: what a service adds to the generic builder (docs/usage.md, "Targets"). An endpoint
 * function carries one with its defaults, and `defaults()` and `parse()` keep it; it is never chosen
 * by looking at a URL. The generic factory's target adds nothing: RFC 6570 alone.
 *
 * A target is five fields, none named after a service's feature: a name, defaults, the origins its
 * credentials may go to, a step that turns a route into a route, and a step that turns request
 * options into request options. `createEndpoint` reads them once, own properties only, into a frozen
 * record ({@link readTarget}): nothing written to a target later, nor inherited from
 * `Object.prototype`, changes a request.
 */
import { BoundedCache } from "./cache.js";
import { fail, unreadable } from "./errors.js";
import { canParse, isOrigin } from "./origin.js";
import type { RequestOptions } from "./types.js";
import { isPlainRecord } from "./values.js";

/** A route as a target's route step reads and writes it. */
export interface TargetRoute {
  /** The method, lowercase (`"post"`). */
  readonly method: string;
  /** The URL template (RFC 6570): the route's, or the step's rewrite of it. */
  readonly url: string;
  /**
   * The variable that holds several path segments (GitHub's `x-multi-segment`: `path` of
   * `/repos/{owner}/{repo}/contents/{path}`), where it fills a segment: its value's `/` separate
   * segments, each encoded as RFC 6570 simple string expansion encodes a value. RFC 6570 has no
   * operator for it: the one rule a target adds inside the expander.
   */
  readonly multiSegment?: string | undefined;
  /**
   * The value of the template's leading origin variable (`{origin}/manage/v1/…`) when a call gives
   * none; without it, such a template is joined to `baseUrl`, as @octokit/endpoint joins it.
   */
  readonly origin?: string | undefined;
}

/** A `mediaType` option as the core keeps it: string fields (the last given wins) and lists of names (united). */
export type MediaTypeFields = Readonly<Record<string, string | readonly string[]>>;

/** Types only: the key of {@link Target}'s version marker. */
declare const unversioned: unique symbol;

/**
 * A service's knowledge, given to the generic builder (lib/core imports nothing of any service).
 * Only `name` and `defaults` are required: a target without the others is RFC 6570 alone.
 * For the types only, `Version` is the API version the service serves to a request that names
 * none (`string`, any, by default), and `Given` the parameters its route step fills when a call
 * leaves them out (GHES's `origin`): `createEndpoint` types its function with both.
 *
 * @example
 * ```ts
 * const target: Target = { name: "a test server", defaults: { baseUrl: "http://127.0.0.1:3000" } };
 * createEndpoint({}, target)("GET /items/{id}", { id: 1 }).url;
 * // "http://127.0.0.1:3000/items/1"
 * ```
 */
export interface Target<Version extends string = string, Given extends string = never> {
  /** How messages and docs name it (`"api.github.com"`). */
  readonly name: string;
  /**
   * The options an endpoint function of this target starts from (`baseUrl`, `headers`, …), read as
   * `endpoint.defaults()` reads options.
   */
  readonly defaults: Readonly<Record<string, unknown>>;
  /**
   * The origins (`https://host[:port]`) the target serves, where the credentials of its endpoint
   * functions may go while their `baseUrl` is on one of them (docs/usage.md, "Credentials"); the
   * `baseUrl`'s own origin always is one.
   */
  readonly origins?: readonly string[] | undefined;
  /**
   * Its step from a route to a route, asked once per method and URL template and its answer kept
   * (so it must answer the same each time): a rewrite of the template (a declared query as
   * `{?name}`, a literal origin sent elsewhere), a multi-segment variable, a default origin.
   */
  readonly route?: ((route: TargetRoute) => TargetRoute) | undefined;
  /**
   * Its step from request options to request options, run last on every request: it may change
   * the fresh options it is given (headers from `mediaType`, a header check) and returns them;
   * it throws an EndpointError to refuse. `mediaType` is the call's merged `mediaType` option
   * (`{}` for none). A target without one refuses a `mediaType` that is not empty.
   */
  readonly request?: ((request: RequestOptions, mediaType: MediaTypeFields) => RequestOptions) | undefined;
  /**
   * Types only, no such property, read by nothing: `Version` and `Given`, for `createEndpoint`'s
   * types (a function, so that any target is a `Target`).
   */
  readonly [unversioned]?: (given: Given) => Version;
}

/** What an endpoint function keeps of its target: its own fields, read once, frozen. */
export interface TargetRecord {
  readonly name: string;
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The origins of {@link Target.origins} as {@link parsedOrigin} reads them. */
  readonly origins: ReadonlySet<string>;
  /** The route step's answer for a method and URL template (`"post /x"`): asked once each. */
  readonly route: ((method: string, url: string) => TargetRoute) | undefined;
  readonly request: Target["request"];
}

/** The answers of a route step kept: at most 1,000, weighing at most 1 MiB (the key is `"<method> <url>"`). */
const ROUTE_BOUNDS = {
  entries: 1000,
  maxBytes: 1024 * 1024,
  bytesOf: (key: string, answer: TargetRoute) => 4 * (key.length + answer.url.length),
};

/**
 * Reads a target's own fields once into a frozen record (docs/usage.md, "Targets"): nothing
 * inherited is read, and a later write to the target changes nothing.
 *
 * @throws {@link EndpointError} `INVALID_OPTIONS` naming `target` or `target.<field>` for a target
 *   of another shape
 */
export function readTarget(target: unknown): TargetRecord {
  const { name, defaults, origins, route, request } = readFields(target, "target", TARGET_FIELDS) as unknown as Target;
  if (!isPlainRecord(defaults)) fail("INVALID_OPTIONS", "target.defaults", "must be a plain object", defaults);
  if (origins !== undefined && !Array.isArray(origins)) fail("INVALID_OPTIONS", "target.origins", "must be an array of origins", origins);
  const list: readonly unknown[] = origins ?? [];
  const set = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const origin = list[i];
    if (typeof origin !== "string" || !isOrigin(origin))
      fail("INVALID_OPTIONS", `target.origins[${i}]`, "must be an http(s) origin", origin);
    set.add(parsedOrigin(origin)!);
  }
  return Object.freeze({ name, defaults, origins: set, route: route && answers(route), request });
}

/** A target's fields and the `typeof` of each; `?` when it may be left out. */
const TARGET_FIELDS = { name: "string", defaults: "object", origins: "object?", route: "function?", request: "function?" };
/** A route step's answer's fields, as {@link TARGET_FIELDS}. */
const ROUTE_FIELDS = { method: "string", url: "string", multiSegment: "string?", origin: "string?" };

/**
 * The own fields of a plain object that `types` names, each read once and of its `typeof`
 * (`"string"`, `"function?"` when it may be undefined), in a new object: nothing inherited read.
 *
 * @throws {@link EndpointError} `INVALID_OPTIONS` naming `argument` for no plain object, or
 *   `argument.<field>` (`fieldArgument` if given) for a field of another type
 */
export function readFields(
  value: unknown,
  argument: string,
  types: Readonly<Record<string, string>>,
  fieldArgument?: string,
): Record<string, unknown> {
  if (!isPlainRecord(value)) fail("INVALID_OPTIONS", argument, "must be a plain object", value);
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(types)) {
    const type = types[key]!;
    const field = Object.hasOwn(value, key) ? value[key] : undefined;
    if (typeof field !== type.replace("?", "") && (field !== undefined || !type.endsWith("?")))
      fail("INVALID_OPTIONS", fieldArgument ?? `${argument}.${key}`, `must be of type ${type}`, field);
    fields[key] = field;
  }
  return fields;
}

/**
 * A route step's answers, kept by method and template for this record alone (never on a template
 * shared by every target) in a {@link BoundedCache}, each weighed as its template and its answer's,
 * UTF-16; and the last answer, for a route called again (a loop, pages), by two comparisons.
 */
function answers(step: NonNullable<Target["route"]>): (method: string, url: string) => TargetRoute {
  const kept = new BoundedCache<TargetRoute>(ROUTE_BOUNDS);
  let lastMethod = "";
  let lastUrl = "";
  let last: TargetRoute | undefined;
  return (method, url) => {
    if (url !== lastUrl || method !== lastMethod) {
      last = kept.get(`${method} ${url}`, () => {
        try {
          return readRoute(step({ method, url }));
        } catch (error) {
          // The target's own code: what it throws is the target's error, as a getter's is (errors.ts, unreadable).
          throw unreadable(error, "target.route");
        }
      });
      lastMethod = method;
      lastUrl = url;
    }
    return last!;
  };
}

/** A route step's answer, its own fields read once and checked. */
function readRoute(answer: unknown): TargetRoute {
  return Object.freeze(readFields(answer, "target.route", ROUTE_FIELDS, "target.route") as unknown as TargetRoute);
}

/**
 * Freezes a target and every object and array it holds (a service's targets are shared by every
 * caller): an assignment to one then throws in strict mode and changes nothing otherwise.
 */
export function freezeTarget<T extends object>(value: T): T {
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === "object") freezeTarget(item);
  }
  return Object.freeze(value);
}

/**
 * Whether `url` begins with `prefix`, as written, and a path, query or fragment or nothing follows
 * (`https://h.example/v1?x` begins with `https://h.example/v1`; `https://h.example/v1x` does not).
 */
export const beginsWith = (url: string, prefix: string): boolean => url.startsWith(prefix) && "/?#".includes(url.charAt(prefix.length)); // "" is in every string

/**
 * Whether `url`'s origin ({@link parsedOrigin}) is one of `origins`. A URL that {@link beginsWith}
 * one of them as written (`https://api.github.com/…`) is, as a URL parser reads such a beginning as
 * that origin (each origin is a parser's own output); any other URL is parsed.
 */
export function isOriginIn(url: string, origins: ReadonlySet<string | undefined>): boolean {
  for (const origin of origins) if (origin !== undefined && beginsWith(url, origin)) return true;
  return origins.has(parsedOrigin(url));
}

/**
 * A URL's origin as a WHATWG URL parser reads it (scheme, host, port; user info dropped, `%68`,
 * fullwidth letters and IDN mapped, the default port left out), with a trailing dot of the host
 * removed (`api.github.com.` names the DNS name `api.github.com`); `undefined` when it does not parse.
 */
export function parsedOrigin(url: string): string | undefined {
  if (!canParse(url)) return undefined;
  const { protocol, hostname, port } = new URL(url);
  return `${protocol}//${hostname.endsWith(".") ? hostname.slice(0, -1) : hostname}${port === "" ? "" : `:${port}`}`;
}
