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

/**
 * What differs between two listings' routes, route by route, in `before`'s order then `after`'s:
 * a route only in one (`before` or `after` undefined), or the parameters of a route in both that
 * differ, each with its row on either side (undefined where it is absent).
 */
type ListingChange =
  | { route: string; before: Listing["routes"][string] | undefined; after: Listing["routes"][string] | undefined; parameters?: undefined }
  | { route: string; before: Listing["routes"][string]; after: Listing["routes"][string]; parameters: ParameterChange[] };

/** A parameter that differs: its name, and its row before and after (undefined where it is absent). */
interface ParameterChange {
  name: string;
  before: Parameter | undefined;
  after: Parameter | undefined;
}

/**
 * The routes whose parameters differ between `before` and `after` (place, type or whether
 * required), and the routes only one has. The one comparison of listings: `versions diff`, the
 * versioned maps of the build and `npm run descriptions:update` read it.
 */
export function listingChanges(before: Listing["routes"], after: Listing["routes"]): ListingChange[] {
  const changes: ListingChange[] = [];
  const rows = (entry: Listing["routes"][string]) => new Map((entry.slice(1) as Parameter[]).map((row) => [row[0], row] as const));
  for (const route of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, is] = [before[route], after[route]];
    if (was === undefined || is === undefined) {
      changes.push({ route, before: was, after: is });
      continue;
    }
    const [old, now] = [rows(was), rows(is)];
    const parameters = [...new Set([...old.keys(), ...now.keys()])]
      .filter((name) => JSON.stringify(old.get(name)) !== JSON.stringify(now.get(name)))
      .map((name) => ({ name, before: old.get(name), after: now.get(name) }));
    if (parameters.length > 0) changes.push({ route, before: was, after: is, parameters });
  }
  return changes;
}
