import { endpoint as incumbent } from "@octokit/endpoint";
import fc from "fast-check";
import { endpoint as restEndpoint } from "../../lib/index.js";
import { endpoint } from "../../packages/octokit/src/index.js";

// rest-endpoint-octokit's `mediaType` (docs/octokit.md, "@octokit/endpoint 11's contract, kept"):
// previews apply only where the URL ends in /graphql, as @octokit/endpoint 11's parse() applies
// them, and a format to every route. Each call is built by both libraries, as endpoint() and as
// Octokit builds it (parse(merge())), and compared whole; the user-agent aside, which names each.
type Options = Record<string, unknown>;
interface Case {
  name: string;
  route: string;
  options: Options;
  /** The defaults the call is made under (`endpoint.defaults(defaults)`), as Octokit's `request.defaults()`. */
  defaults?: Options;
  /** The accept header both send. */
  accept: string;
}

const GHES = { baseUrl: "https://ghe.example/api/v3" };
const cases: Case[] = [
  {
    name: "a preview on a REST route: left out",
    route: "GET /repos/{owner}/{repo}/topics",
    options: { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } },
    accept: "application/vnd.github.v3+json",
  },
  {
    name: "auth-app's installation token request (previews: machine-man): left out",
    route: "POST /app/installations/{installation_id}/access_tokens",
    options: {
      installation_id: 123,
      repository_ids: [1],
      permissions: { issues: "write" },
      headers: { authorization: "bearer eyJ0" },
      mediaType: { previews: ["machine-man"] },
    },
    accept: "application/vnd.github.v3+json",
  },
  {
    name: "a preview on a GET with a query: left out",
    route: "GET /search/topics",
    options: { q: "ruby", mediaType: { previews: ["mercy"] } },
    accept: "application/vnd.github.v3+json",
  },
  {
    name: "a preview and a format on a REST route: the format alone",
    route: "GET /repos/{owner}/{repo}/commits/{ref}",
    options: { owner: "o", repo: "r", ref: "main", mediaType: { previews: ["groot"], format: "diff" } },
    accept: "application/vnd.github.v3.diff",
  },
  {
    name: "a format on a REST route",
    route: "GET /repos/{owner}/{repo}/readme",
    options: { owner: "o", repo: "r", mediaType: { format: "raw" } },
    accept: "application/vnd.github.v3.raw",
  },
  {
    name: "a format on a PUT with a body",
    route: "PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge",
    options: { owner: "o", repo: "r", pull_number: 1, merge_method: "squash", mediaType: { format: "full+json" } },
    accept: "application/vnd.github.v3.full+json",
  },
  {
    name: "a preview on a REST route whose accept names one: accept as given",
    route: "GET /repos/{owner}/{repo}",
    options: { owner: "o", repo: "r", headers: { accept: "application/vnd.github.mercy-preview+json" }, mediaType: { previews: ["x"] } },
    accept: "application/vnd.github.mercy-preview+json",
  },
  {
    name: "previews of the defaults on a REST route: left out",
    route: "GET /repos/{owner}/{repo}",
    options: { owner: "o", repo: "r", mediaType: { previews: ["symmetra"] } },
    defaults: { mediaType: { previews: ["mercy"] } },
    accept: "application/vnd.github.v3+json",
  },
  {
    name: "a preview on POST /graphql: applied",
    route: "POST /graphql",
    options: { query: "{ viewer { login } }", mediaType: { previews: ["merge-info"] } },
    accept: "application/vnd.github.merge-info-preview+json",
  },
  {
    name: "a preview and a format on POST /graphql",
    route: "POST /graphql",
    options: { query: "{ viewer { login } }", mediaType: { previews: ["merge-info"], format: "raw" } },
    accept: "application/vnd.github.merge-info-preview.raw",
  },
  {
    name: "previews of the defaults and the call on /graphql: united",
    route: "POST /graphql",
    options: { query: "q", mediaType: { previews: ["b"] } },
    defaults: { mediaType: { previews: ["a"] } },
    accept: "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
  },
  {
    name: "a preview on GHES's /api/graphql (octokit.graphql's baseUrl)",
    route: "POST /graphql",
    options: { baseUrl: "https://ghe.example/api", query: "q", mediaType: { previews: ["a"] } },
    defaults: GHES,
    accept: "application/vnd.github.a-preview+json",
  },
  {
    name: "a preview on GET /graphql with a parameter: applied (the incumbent decides before the query)",
    route: "GET /graphql",
    options: { query: "q", mediaType: { previews: ["a"] } },
    accept: "application/vnd.github.a-preview+json",
  },
  {
    name: "a preview on a /graphql template that writes a query: left out",
    route: "POST /graphql?x=1",
    options: { query: "q", mediaType: { previews: ["a"] } },
    accept: "application/vnd.github.v3+json",
  },
  {
    name: "a preview on /graphql with an octet-stream accept: accept as given",
    route: "POST /graphql",
    options: { query: "q", headers: { accept: "application/octet-stream" }, mediaType: { previews: ["a"] } },
    accept: "application/octet-stream",
  },
  {
    name: "a preview on /graphql whose accept names one: both",
    route: "POST /graphql",
    options: { query: "q", headers: { accept: "application/vnd.github.mercy-preview+json" }, mediaType: { previews: ["a"] } },
    accept: "application/vnd.github.mercy-preview+json,application/vnd.github.a-preview+json",
  },
];

/**
 * `POST /graphql/`: the incumbent drops the trailing `/` (the migration guide's row "a trailing
 * `/`"), and applies the preview to what is then `/graphql`; rest-endpoint-octokit keeps the URL
 * and applies it too.
 */
test('a preview on a route ending in /graphql/: applied, the URL\'s `/` kept (the row "a trailing `/`")', () => {
  const options = { query: "q", mediaType: { previews: ["a"] } };
  const accept = "application/vnd.github.a-preview+json";
  expect(incumbent("POST /graphql/", options)).toMatchObject({ url: "https://api.github.com/graphql", headers: { accept } });
  expect(endpoint("POST /graphql/", options)).toMatchObject({ url: "https://api.github.com/graphql/", headers: { accept } });
  // One `/` only: `/graphql//` is `/graphql/` to the incumbent, no preview.
  const none = "application/vnd.github.v3+json";
  expect(incumbent("POST /graphql//", options)).toMatchObject({ url: "https://api.github.com/graphql/", headers: { accept: none } });
  expect(endpoint("POST /graphql//", options)).toMatchObject({ url: "https://api.github.com/graphql//", headers: { accept: none } });
});

/** Request options without the user-agent (`rest-endpoint/…` and `octokit-endpoint.js/…`). */
function withoutAgent(options: { headers: Record<string, unknown> }): object {
  const { "user-agent": agent, ...headers } = options.headers;
  expect(agent).toEqual(expect.any(String));
  return { ...options, headers };
}

describe("rest-endpoint-octokit's mediaType, beside @octokit/endpoint 11", () => {
  test.each(cases)("$name", ({ route, options, defaults, accept }) => {
    const ours = defaults === undefined ? endpoint : endpoint.defaults(defaults);
    const stock = defaults === undefined ? incumbent : incumbent.defaults(defaults);
    const expected = withoutAgent(stock(route, options));
    expect(expected).toMatchObject({ headers: { accept } });
    expect(withoutAgent(ours(route, options))).toEqual(expected);
    // As @octokit/request builds it: parse(merge(route, parameters)).
    expect(withoutAgent(ours.parse(ours.merge(route, options)))).toEqual(expected);
  });

  test("any previews and format, on REST and GraphQL routes, under defaults with previews or none: the incumbent's request", () => {
    const name = fc.stringMatching(/^[a-z][a-z-]{0,8}[a-z]$/);
    const call = fc.record({
      route: fc.constantFrom(
        // The URL octokit.graphql writes, on every baseUrl: see the migration guide's row "previews of
        // the defaults and a call" for another spelling of a GraphQL URL.
        "POST /graphql",
        "GET /graphql",
        "GET /repos/{owner}/{repo}",
        "POST /repos/{owner}/{repo}/issues",
        "PATCH /repos/{owner}/{repo}",
        "GET /search/issues",
        "POST /graphql/x",
      ),
      baseUrl: fc.constantFrom(undefined, "https://ghe.example/api/v3", "https://ghe.example/api"),
      // Each list without a name twice: the incumbent sends such a preview twice, rest-endpoint once
      // (docs/migrating-from-octokit-endpoint.md, row "a preview named twice").
      previews: fc.uniqueArray(name, { maxLength: 3 }),
      format: fc.constantFrom(undefined, "", "raw", "diff", "html", "full+json"),
      defaultPreviews: fc.uniqueArray(name, { maxLength: 2 }),
    });
    let withPreviews = 0;
    fc.assert(
      fc.property(call, ({ route, baseUrl, previews, format, defaultPreviews }) => {
        const options = {
          owner: "o",
          repo: "r",
          title: "t",
          ...(baseUrl === undefined ? {} : { baseUrl }),
          mediaType: { previews, ...(format === undefined ? {} : { format }) },
        };
        const defaults = { mediaType: { previews: defaultPreviews } };
        const expected = withoutAgent(incumbent.defaults(defaults)(route, options));
        const ours = endpoint.defaults(defaults);
        expect(withoutAgent(ours(route, options))).toEqual(expected);
        expect(withoutAgent(ours.parse(ours.merge(route, options)))).toEqual(expected);
        if ((expected as { headers: { accept: string } }).headers.accept.includes("-preview")) withPreviews++;
      }),
      { numRuns: 300 },
    );
    // The generator reaches both rules: previews sent (/graphql) and left out (REST).
    expect(withPreviews).toBeGreaterThan(30);
  });

  test("the caller's options and the defaults are left as they were", () => {
    const options = { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } };
    const withPreviews = endpoint.defaults({ mediaType: { previews: ["a"] } });
    withPreviews("GET /repos/{owner}/{repo}", options);
    withPreviews.parse(withPreviews.merge("POST /graphql", { query: "q" }));
    expect(options).toEqual({ owner: "o", repo: "r", mediaType: { previews: ["mercy"] } });
    expect(withPreviews.DEFAULTS.mediaType).toEqual({ format: "", previews: ["a"] });
  });

  test.each<[string, string, object]>([
    ["a preview name with a space, on /graphql", "POST /graphql", { previews: ["a b"] }],
    ["a preview name with a space, on a REST route", "GET /repos/o/r", { previews: ["a b"] }],
    ["a format with CR LF, on a REST route", "GET /x", { format: "raw\r\nx-a: b" }],
    ["previews not a list", "GET /x", { previews: "mercy" }],
  ])("rest-endpoint's checks of mediaType come along: %s", (_, route, mediaType) => {
    expect(() => endpoint(route, { mediaType })).toThrow(expect.objectContaining({ code: "INVALID_MEDIA_TYPE" }) as Error);
    expect(() => endpoint.parse(endpoint.merge(route, { mediaType }))).toThrow(
      expect.objectContaining({ code: "INVALID_MEDIA_TYPE" }) as Error,
    );
    // Merged options made by hand, which no merge() checked: parse() checks them, where they apply or not.
    expect(() => endpoint.parse({ ...restEndpoint.merge(route), mediaType } as never)).toThrow(
      expect.objectContaining({ code: "INVALID_MEDIA_TYPE" }) as Error,
    );
  });
});
