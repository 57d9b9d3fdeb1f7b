import { getUserAgent } from "universal-user-agent";
import { withDefaults } from "./endpoint.js";
import { fail } from "./errors.js";
import { NO_DEFAULTS, readDefaults } from "./options.js";
import { freezeTarget, readTarget, type Target } from "./target.js";
import type { EndpointInterface, EndpointParameters, VersionSent } from "./types.js";
import { VERSION } from "./version.js";

/** The target of an endpoint function for any API: nothing beside RFC 6570 (lib/core/target.ts). */
const ANY_API: Target = /* @__PURE__ */ freezeTarget({ name: "this target (RFC 6570 alone)", defaults: {} });

/**
 * Makes an endpoint function for any REST API (docs/any-api.md): RFC 6570 expansion and the
 * library's checks, and nothing of any service's (no route table, media type or header check, no
 * `accept`). With a `target` (lib/core/target.ts; GitHub's: `ghes()`, `gheCom()`,
 * `githubTarget()`), that target's knowledge instead. Its defaults are `target.defaults`, a
 * `user-agent` unless those set one, then `defaults` over them, as `endpoint.defaults()` reads
 * options.
 *
 * Typed as `endpoint.defaults(defaults)` is: the parameter names `defaults` give, and those the
 * target's type says its route step fills (`origin` under `ghes()`), are optional in every call, and the `x-github-api-version` they send, else the version the target's type names
 * (GitHub's: the one GitHub serves without the header), is the version a versioned route map must
 * describe to be annotated on it; a target that names none (the default), any version.
 *
 * @param defaults - the options every call starts from (`baseUrl`, `headers`, parameters, …)
 * @param target - the service's knowledge; by default none
 * @returns an endpoint function: `(route, options?)`, `defaults()`, `merge()`, `parse()`, `DEFAULTS`
 * @throws {@link EndpointError} `INVALID_BASE_URL` when neither `defaults` nor the target give a
 *   `baseUrl`; `INVALID_OPTIONS` (argument `target` or `target.<field>`) for a target that is no
 *   object of {@link Target}'s shape; any code `endpoint.defaults()` throws for `defaults`
 *
 * @example
 * ```ts
 * import { createEndpoint } from "rest-endpoint";
 * const api = createEndpoint({ baseUrl: "https://api.example.com", headers: { accept: "application/json" } });
 * api("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "a/b" }).url;
 * // "https://api.example.com/repos/o/r/contents/a%2Fb"
 * ```
 */
export function createEndpoint<
  // No defaults given: no parameter name given, no version sent (the empty object is meant).
  // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type
  const O extends EndpointParameters = Record<never, never>,
  Version extends string = string,
  Given extends string = never,
>(
  defaults?: O,
  // No target: no version named, `string`, and no parameter given (a caller who names them names a target too).
  target: Target<Version, Given> = ANY_API as Target<Version, Given>,
): EndpointInterface<object, Extract<keyof O, string> | Given, VersionSent<O["headers"], Version>> {
  // Its own fields, read once into a frozen record: a later write to the target, or a field inherited
  // from a polluted Object.prototype, changes no request (docs/usage.md, "Targets").
  const record = readTarget(target);
  let base = readDefaults(NO_DEFAULTS, record.defaults);
  // A client names itself (RFC 9110 section 10.1.5): this library and the platform, as universal-user-agent gives it.
  if (!Object.hasOwn(base.headers, "user-agent"))
    base = readDefaults(base, { headers: { "user-agent": `rest-endpoint/${VERSION} ${getUserAgent()}` } });
  const call = readDefaults(base, defaults);
  if (call.baseUrl === undefined) fail("INVALID_BASE_URL", "defaults.baseUrl", "must be given: the URL relative routes are joined to");
  // The types are the caller's defaults', which the run time does not track (`defaults()` likewise).
  return withDefaults(call, record) as EndpointInterface<object, Extract<keyof O, string> | Given, VersionSent<O["headers"], Version>>;
}
