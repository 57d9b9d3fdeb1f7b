import { quote } from "../core/errors.js";

/** `--help`'s text. */
export const USAGE = `Usage: rest-endpoint [--base-url URL] [--format json|curl|fetch] "<METHOD> <URL>" [ITEM ...]
       rest-endpoint --routes TARGET|FILE.d.ts|LISTING.json ["<METHOD> <URL>"]
       rest-endpoint generate DESCRIPTION --out FILE.d.ts|FILE.ts [--listing LISTING.json] [--strict] [--force]
       rest-endpoint versions diff FROM TO [--target T] ["<METHOD> <URL>" ...]

Prints the request options for a route (as JSON, a curl command or a fetch snippet). Sends nothing.
A route is read as endpoint() reads it; its method is one of RFC 9110's (GET, HEAD, POST, PUT,
DELETE, CONNECT, OPTIONS, TRACE), PATCH or QUERY.

Items (HTTPie's conventions, and curl's @file; each name once):
  name=value     a string parameter             owner=octokit
  name:=json     a JSON parameter (number, boolean, array, object, null)   per_page:=100
  name=@file     a string parameter, the text of file                      body=@notes.md
  name:=@file    a JSON parameter, read from file                          labels:=@labels.json
  name==value    a query parameter, whatever the method                    sort==created
  Header:value   a header field                 authorization:"token abc"
  @file          the body: the file's bytes as they are, as curl's --data-binary @file  @dist.zip
A file item reads a regular file of at most 64 MiB (not a pipe, a device or a directory).
--format json prints an @file body as {"base64": "..."}; --format curl as --data-binary @file.

Options:
  --base-url URL  address a relative URL is joined to (default https://api.github.com); a GHES
                  ORIGIN/api/v3 or a GHE.com https://api.SUB.ghe.com is that GitHub target,
                  any other URL an API of its own: none of GitHub's rules (no accept, a / in
                  a value encoded)
  --format F      json (default): the request options; curl: a curl command to paste;
                  fetch: a JavaScript snippet that sends them with fetch
  --routes T      check that a route is an operation of T and list its parameters; without a
                  route, list T's routes. T is a GitHub target (api.github.com, ghec,
                  ghes-3.19, …), a map FILE.d.ts or FILE.ts that generate wrote (its
                  listing FILE.json beside it), or a listing LISTING.json that it wrote
  --out FILE.d.ts with generate: where the route map of an OpenAPI 3.0-3.2 description (JSON
                  or YAML; $refs followed to .json/.yaml/.yml files in its folder) goes;
                  FILE.js gets its queries for rest-endpoint/queries, FILE.json its listing
                  for --routes; --out FILE.ts writes the map and its queries as one module
                  that tsc compiles with the app
  --listing F     with generate: write the listing to F (.json) instead of FILE.json, e.g.
                  where FILE.json is the description (generate src/x.json --out src/x.ts
                  --listing src/x.routes.json); then --routes F reads it
  --strict        with generate: refuse a description any part of which cannot be mapped;
                  without it, such an operation, parameter or media type is left out, each
                  named with its JSON pointer on one line of stderr and in the listing
  --force         with generate: write over files that generate did not write (never over
                  a file the description is read from, by any name or link)
  --target T      with versions diff: the GitHub target (default api.github.com)
  --help          print this help
  --version       print the version

Examples:
  rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open
  rest-endpoint --routes ghes-3.19 "GET /repos/{owner}/{repo}/issues"
  rest-endpoint generate openapi.yaml --out api.d.ts
  rest-endpoint --routes api.d.ts "GET /v2/droplets"
  rest-endpoint versions diff 2022-11-28 2026-03-10 "POST /repos/{owner}/{repo}/issues"`;

/** A CLI usage error: printed on one line, exit status 2. */
export class UsageError extends Error {}

/** The Levenshtein distance of `a` and `b`: the fewest insertions, deletions and substitutions from one to the other. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** `; did you mean "x"?` for the known word nearest `word` (case aside) within 2 edits, or "". */
export function didYouMean(word: string, known: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best === undefined ? "" : `; did you mean ${quote(best)}?`;
}
