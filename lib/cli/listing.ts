import { readdirSync, readFileSync } from "node:fs";
import { printable, quote } from "../core/errors.js";
import { resolveListing, type Listing } from "../openapi/listing.js";
import { splitRoute } from "../core/route.js";
import { byRouteShape, routeShape } from "../core/template.js";
import { routeShapeOf, shownRoute } from "./route.js";
import { UsageError } from "./usage.js";

/**
 * The listing of a GitHub target (`routes`, the folder of dist/routes/*.json that the build writes
 * beside the bin), of a map FILE.d.ts or FILE.ts that `generate` wrote (FILE.json beside it), or
 * a listing LISTING.json it wrote (`generate --listing`).
 */
export function readListing(target: string, routes: URL): Listing {
  // A listing named by `generate --listing`, or a map's, FILE.json beside FILE.d.ts or FILE.ts.
  if (target.endsWith(".ts") || target.endsWith(".json")) {
    const file = target.endsWith(".json") ? target : `${target.slice(0, -(target.endsWith(".d.ts") ? ".d.ts" : ".ts").length)}.json`;
    let listing: unknown;
    try {
      listing = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new UsageError(
        `--routes ${target}: cannot read ${file}${file === target ? "" : ", which generate writes beside it"} (${(error as Error).message})`,
      );
    }
    return checkListing(listing, file);
  }
  const targets = readdirSync(routes)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
  if (!targets.includes(target))
    throw new UsageError(
      `--routes must be one of ${targets.join(", ")} or a FILE.d.ts, FILE.ts or LISTING.json that generate wrote; received ${quote(target)}`,
    );
  // A versioned listing builds on its base (`api.github.com.2026-03-10` on `api.github.com`),
  // which may be missing from a folder that has the versioned one.
  return resolveListing(target, (name) => {
    try {
      return JSON.parse(readFileSync(new URL(`${name}.json`, routes), "utf8")) as Listing;
    } catch (error) {
      throw new UsageError(`${quote(target)} builds on the listing ${quote(name)}, which cannot be read: ${(error as Error).message}`);
    }
  });
}

/**
 * A listing as `generate` writes it, checked: `source` and `docs` strings, and `routes` mapping
 * each route to its documentation URL and `[name, place, type, 0 | 1]` rows.
 */
function checkListing(listing: unknown, file: string): Listing {
  const { source, docs, routes } = (listing ?? {}) as Record<string, unknown>;
  const row = (entry: unknown): boolean =>
    Array.isArray(entry) &&
    entry.length === 4 &&
    entry.slice(0, 3).every((cell) => typeof cell === "string") &&
    (entry[3] === 0 || entry[3] === 1);
  const valid =
    typeof listing === "object" &&
    listing !== null &&
    typeof source === "string" &&
    typeof docs === "string" &&
    typeof routes === "object" &&
    routes !== null &&
    Object.values(routes).every((entry: unknown) => Array.isArray(entry) && typeof entry[0] === "string" && entry.slice(1).every(row));
  if (!valid) throw new UsageError(`--routes: ${file} is not a listing that generate wrote`);
  return listing as Listing;
}

/**
 * {@link routeShapeOf} of a listed route, any method its map names (OpenAPI 3.2's `COPY`), or
 * undefined for one no call could name (a listing is read from outside).
 */
export function listedShape(route: string): string | undefined {
  try {
    const { method, url } = splitRoute(route);
    return routeShape(method, url);
  } catch {
    return undefined;
  }
}

/** `--routes TARGET [route]`: lists TARGET's routes, or checks one route and lists its parameters. */
export function listRoutes(target: string, route: string | undefined, items: readonly string[], routesFolder: URL): string {
  const [item] = items;
  if (item !== undefined) throw new UsageError(`--routes lists a route's parameters and takes no items; received ${quote(item)}`);
  const listing = readListing(target, routesFolder);
  const routes = Object.keys(listing.routes);
  if (route === undefined) return routes.map(printable).join("\n");
  const shapes = routes.map(listedShape);
  // A method the map lists is one the CLI knows here (`--routes api.ts "COPY /pets/{id}"`).
  const shape = routeShapeOf(
    route,
    shapes.flatMap((known) => known?.slice(0, known.indexOf(" ")) ?? []),
  );
  // The first route of a shape, as the listing orders them.
  const byShape = new Map<string, string>();
  for (const [i, known] of routes.entries()) if (shapes[i] !== undefined && !byShape.has(shapes[i])) byShape.set(shapes[i], known);
  const found = byRouteShape(byShape, shape);
  if (found === undefined) {
    // The same path by another method, or from another origin (GitHub's uploads, GHES's Manage API).
    const path = shape.slice(shape.indexOf(" ") + 1);
    const near = routes.filter((_, i) => shapes[i]?.endsWith(path)).map((known) => JSON.stringify(known));
    const others = near.length > 0 ? `; it has ${near.join(", ")}` : "";
    throw new UsageError(`${shownRoute(route)} is not a route of ${target} (${listing.source})${others}`);
  }
  const [docs, ...parameters] = listing.routes[found]!;
  const rows = parameters.map(([name, place, type, required]) =>
    [name, place, required === 1 ? "required" : "optional", type].map(printable),
  );
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => `  ${row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join("  ")}`);
  return [
    printable(`${found} (${target}, ${listing.source})`),
    ...(docs === "" ? [] : [printable(`  ${docs.startsWith("https://") ? docs : listing.docs + docs}`)]),
    ...(lines.length > 0 ? lines : ["  no parameters"]),
  ].join("\n");
}
