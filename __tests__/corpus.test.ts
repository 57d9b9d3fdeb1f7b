import { endpoint, type EndpointParameters } from "../lib/index.js";
import { toEndpointCall, type CorpusCall } from "./helpers/corpus.js";
import { readFixture } from "./helpers/fixtures.js";

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
      url: call.expectedUrl,
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
      expect({ url: options.url, accept: options.headers.accept }).toEqual({ url: call.expectedUrl, accept: call.headers.accept });
    },
  );

  test.each(group("multiSegmentPathParams").map((call) => [call.operationId, call] as const))(
    "%s keeps '/' in multi-segment values with reserved expansion {+name}",
    (_id, call) => {
      let template = call.path;
      for (const name of call.multiSegmentParams ?? []) template = template.replace(`{${name}}`, `{+${name}}`);
      const options = endpoint(...(toEndpointCall(call, template) as [`${string} ${string}`, EndpointParameters]));
      // Reserved expansion also keeps other reserved characters (":" in "sha256:…") literal, where
      // the corpus encodes them: the same segments, the same query.
      const segments = (url: string): string[] => new URL(url).pathname.split("/").map(decodeURIComponent);
      const expected = call.expectedUrlSlashesKept ?? call.expectedUrl;
      expect(segments(options.url)).toEqual(segments(expected));
      expect(new URL(options.url).search).toBe(new URL(expected).search);
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
    expect(endpoint("POST /graphql", call.body as EndpointParameters)).toEqual({
      method: "post",
      url: "https://api.github.com/graphql",
      headers: expect.objectContaining(call.headers) as object,
      body: call.body,
    });
  });
});
