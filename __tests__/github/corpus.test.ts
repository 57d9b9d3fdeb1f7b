import { endpoint, type EndpointParameters } from "../../lib/index.js";
import { toEndpointCall, type CorpusCall } from "../helpers/corpus.js";
import { readFixture } from "../helpers/fixtures.js";

const calls = readFixture("github-rest-calls.json") as CorpusCall[];
const special = readFixture("github-special-cases.json") as Record<string, unknown>;
const group = (name: string): CorpusCall[] => special[name] as CorpusCall[];

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function expectedBody(call: CorpusCall): unknown {
  if (call.body !== undefined && call.body !== null) return call.body;
  return call.method === "PUT" || call.method === "PATCH" ? "" : undefined;
}

describe("GitHub's REST API: one call per operation", () => {
  test("the corpus holds all 1,223 operations", () => {
    expect(calls).toHaveLength(1223);
  });

  test.each(calls.map((call) => [call.operationId, call] as const))("%s", (_id, call) => {
    const options = endpoint(...(toEndpointCall(call) as [`${string} ${string}`, EndpointParameters]));
    expect({ method: options.method, url: options.url, body: options.body }).toEqual({
      method: call.method.toLowerCase(),
      // GitHub's multi-segment parameters (x-multi-segment) keep their "/".
      url: call.expectedUrlSlashesKept ?? call.expectedUrl,
      body: expectedBody(call),
    });
    if (!BODY_METHODS.has(call.method)) expect(options).not.toHaveProperty("body");
  });
});

describe("GitHub's special cases", () => {
  test.each(group("mediaTypeVariants").map((call) => [call.operationId, call.variant, call] as const))(
    "%s with %s sends that media type",
    (_id, _variant, call) => {
      const options = endpoint(...(toEndpointCall(call) as [`${string} ${string}`, EndpointParameters]));
      expect({ url: options.url, accept: options.headers.accept }).toEqual({
        url: call.expectedUrlSlashesKept ?? call.expectedUrl,
        accept: call.headers.accept,
      });
    },
  );

  test.each(group("multiSegmentPathParams").map((call) => [call.operationId, call] as const))(
    "%s keeps '/' in its multi-segment value, as written in the route",
    (_id, call) => {
      const options = endpoint(...(toEndpointCall(call) as [`${string} ${string}`, EndpointParameters]));
      // The corpus gives expectedUrlSlashesKept where the value holds a "/".
      const expected = call.expectedUrlSlashesKept ?? call.expectedUrl;
      expect(options.url).toBe(expected);
      // The same route written with :name, and as a full URL, is looked up the same.
      const colon = call.path.replaceAll(/\{([\w-]+)\}/g, ":$1");
      expect(endpoint(...(toEndpointCall(call, colon) as [`${string} ${string}`, EndpointParameters])).url).toBe(expected);
      const ghes = `https://ghe.example/api/v3${call.path}`;
      expect(endpoint(...(toEndpointCall(call, ghes) as [`${string} ${string}`, EndpointParameters])).url).toBe(
        expected.replace("https://api.github.com", "https://ghe.example/api/v3"),
      );
    },
  );

  test.each(group("mustBeEncodedPathParams").map((call) => [call.operationId, call] as const))(
    "%s sends '/' in a simple expansion as %%2F",
    (_id, call) => {
      const options = endpoint(...(toEndpointCall(call) as [`${string} ${string}`, EndpointParameters]));
      expect(options.url).toBe(call.expectedUrl);
      expect(options.url).toContain("%2F");
    },
  );

  test("the GraphQL endpoint takes its body from parameters", () => {
    const [call] = group("graphql") as [CorpusCall];
    expect(endpoint("POST /graphql", call.body as { query: string })).toEqual({
      method: "post",
      url: "https://api.github.com/graphql",
      headers: expect.objectContaining(call.headers) as object,
      body: call.body,
    });
  });
});
