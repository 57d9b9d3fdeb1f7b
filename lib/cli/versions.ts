import { readdirSync } from "node:fs";
import { printable, quote } from "../core/errors.js";
import { listingChanges, type Parameter, type VersionedListing } from "../openapi/listing.js";
import { listedShape, readListing } from "./listing.js";
import { routeShapeOf, shownRoute } from "./route.js";
import { didYouMean, UsageError } from "./usage.js";

/**
 * `versions diff FROM TO [--target T] [routes…]`: the request-side differences between two GitHub
 * API versions of target T, for every route or the routes given (matched as `--routes` matches
 * them): routes removed and added, parameters removed, added and retyped, one line each, and the
 * CHANGELOG entries that cause them (https://docs.github.com/rest/about-the-rest-api/api-versions).
 */
export function versionsDiff(items: readonly string[], target: string, routesFolder: URL): string {
  const [command, from, to, ...routes] = items;
  if (command !== undefined && command !== "diff")
    throw new UsageError(`unknown command ${quote(`versions ${command}`)}${didYouMean(`versions ${command}`, ["versions diff"])}`);
  if (from === undefined || to === undefined) throw new UsageError("versions takes diff FROM TO, e.g. versions diff 2022-11-28 2026-03-10");
  const served = readdirSync(routesFolder)
    .filter((file) => file.startsWith(`${target}.`) && /^\d{4}-\d{2}-\d{2}\.json$/.test(file.slice(target.length + 1)))
    .map((file) => file.slice(target.length + 1, -".json".length))
    .sort();
  if (served.length === 0) throw new UsageError(`--target must be a GitHub target, such as api.github.com; received ${quote(target)}`);
  for (const version of [from, to])
    if (!served.includes(version)) throw new UsageError(`${target} serves API versions ${served.join(", ")}; received ${quote(version)}`);
  const before = readListing(`${target}.${from}`, routesFolder);
  const after = readListing(`${target}.${to}`, routesFolder);
  const shapes = routes.map((route) => routeShapeOf(route));
  const chosen = (route: string): boolean => shapes.length === 0 || shapes.includes(listedShape(route)!);
  for (const [index, shape] of shapes.entries())
    if (![...Object.keys(before.routes), ...Object.keys(after.routes)].some((route) => listedShape(route) === shape))
      throw new UsageError(`${shownRoute(routes[index]!)} is a route of neither ${target}.${from} nor ${target}.${to}`);
  const shown = (row: Parameter): string => `${printable(row[2])}${row[3] === 1 ? " required" : ""}`;
  const lines = listingChanges(before.routes, after.routes)
    .filter(({ route }) => chosen(route))
    .flatMap(({ route, before: was, parameters }) =>
      parameters === undefined
        ? [`${printable(route)}: route ${was === undefined ? "added" : "removed"}`]
        : parameters.map(
            ({ name, before: old, after: now }) =>
              `${printable(route)}: ${printable(name)} (${(old ?? now)![1]}) ${
                now === undefined ? "removed" : old === undefined ? "added" : `${shown(old)} -> ${shown(now)}`
              }`,
          ),
    );
  // The CHANGELOG entries of the versions after FROM up to TO that name a route shown.
  const changes = (after as Partial<VersionedListing>).changes ?? [];
  const known = new Set(((before as Partial<VersionedListing>).changes ?? []).map(({ cites }) => cites));
  const citing = [
    ...new Set(
      changes
        .filter(({ cites }) => !known.has(cites))
        .filter(({ routes: named = [], removeRoutes = [] }) => [...named, ...removeRoutes].some(chosen))
        .map(({ cites }) => cites),
    ),
  ];
  return [
    `${target} ${from} -> ${to}: ${lines.length} request-side change${lines.length === 1 ? "" : "s"}`,
    ...lines,
    ...(citing.length === 0 ? [] : ["", "From GitHub's CHANGELOG:", ...citing.map((cites) => `- ${printable(cites)}`)]),
  ].join("\n");
}
