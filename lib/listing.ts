/**
 * A route map's listing: the routes and parameters `--routes` and `versions diff` print, written
 * beside each map by scripts/generate-routes.mjs (GitHub's targets and their API versions) or by
 * `generate` (FILE.json beside FILE.d.ts).
 */

/** A parameter's row: name, place (`path`, `query`, `body`, `data`), shallow type, required. */
export type Parameter = [name: string, place: string, type: string, required: 0 | 1];

/** Each route as its documentation URL (after the prefix `docs`, unless it is a whole URL) and its parameters. */
export interface Listing {
  source: string;
  docs: string;
  routes: Record<string, [docs: string, ...parameters: Parameter[]]>;
}

/**
 * What the listing of a GitHub API version (`api.github.com.2026-03-10`) holds: only what differs
 * from its target's unversioned listing, `base`, and the CHANGELOG entries that make the difference
 * (https://docs.github.com/rest/about-the-rest-api/api-versions).
 */
export interface VersionedListing extends Listing {
  /** The unversioned target whose listing this one changes. */
  base: string;
  /** The routes the version removes. */
  removed: string[];
  /** The request-side changes from the unversioned listing, each citing GitHub's CHANGELOG. */
  changes: { cites: string; routes?: string[]; removeRoutes?: string[] }[];
}

/**
 * The listing `name` as a whole: `read(name)`, and for an API version's listing its target's
 * routes with the version's changes over them.
 */
export function resolveListing(name: string, read: (name: string) => Listing): Listing {
  const listing = read(name) as Listing & Partial<VersionedListing>;
  if (listing.base === undefined) return listing;
  const removed = new Set(listing.removed);
  const routes = Object.entries({ ...read(listing.base).routes, ...listing.routes }).filter(([route]) => !removed.has(route));
  return { ...listing, routes: Object.fromEntries(routes) };
}
