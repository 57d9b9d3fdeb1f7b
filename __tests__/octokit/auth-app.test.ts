import { readFileSync } from "node:fs";
import { join } from "node:path";
import { endpoint as incumbent } from "@octokit/endpoint";
import { endpoint as dropIn } from "../../packages/octokit/src/index.js";

// The requests @octokit/auth-app makes, as its own test suite expects them
// (__tests__/fixtures/auth-app-requests.json; its provenance in __tests__/fixtures/README.md):
// built by rest-endpoint-octokit as @octokit/request builds them, and by @octokit/endpoint 11.
// auth-app's installation token request sends `mediaType.previews: ["machine-man"]` on a REST
// route, where the incumbent sends no preview: its suite failed 15 of 52 tests on that alone.
interface Row {
  test: string;
  defaults: Record<string, unknown>;
  route: string;
  options: Record<string, unknown>;
  /** The header fields auth-app's hook sets on the merged options before it sends them. */
  hookSets?: Record<string, string>;
  expected: { method: string; url: string; headers: Record<string, string>; body?: unknown };
}
const { calls } = JSON.parse(readFileSync(join(__dirname, "..", "fixtures", "auth-app-requests.json"), "utf8")) as { calls: Row[] };

/** An endpoint function as @octokit/request uses it. */
interface Endpoint {
  defaults(options: unknown): Endpoint;
  merge(route: unknown, options?: unknown): { headers: Record<string, string> };
  parse(options: unknown): object;
}

/**
 * The request as @octokit/request builds it: `parse(merge(route, options))`; with auth-app's hook,
 * `merge(route, parameters)`, the header the hook sets on it, then `request(merged)`, which merges
 * those options again.
 */
function build(library: Endpoint, { defaults, route, options, hookSets }: Row): object {
  const endpoint = library.defaults(defaults);
  const merged = endpoint.merge(route, options);
  if (hookSets === undefined) return endpoint.parse(merged);
  Object.assign(merged.headers, hookSets);
  return endpoint.parse(endpoint.merge(merged));
}

describe("@octokit/auth-app's requests, built by rest-endpoint-octokit", () => {
  test.each(calls.map((row) => [`${row.test}: ${row.route}`, row] as const))(
    "%s: as auth-app's suite expects, as the incumbent",
    (_, row) => {
      const ours = build(dropIn, row);
      expect(ours).toEqual(build(incumbent as unknown as Endpoint, row));
      const { body, ...sent } = row.expected;
      expect(ours).toMatchObject(sent);
      expect((ours as { body?: unknown }).body).toEqual(body);
    },
  );

  test("the table holds auth-app's installation token request with its preview", () => {
    const previews = calls.filter(({ options }) => JSON.stringify(options.mediaType) === '{"previews":["machine-man"]}');
    expect(previews.map(({ route }) => route)).toEqual(Array(5).fill("POST /app/installations/{installation_id}/access_tokens"));
  });
});
