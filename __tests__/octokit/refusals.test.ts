import { EndpointError } from "../../lib/index.js";
import { endpoint as typed } from "../../packages/octokit/src/index.js";

// rest-endpoint-octokit's refusals in merge() (docs/octokit.md, "Refusals are rejections"): merge()
// returns options that carry the refusal, and the next parse(), merge() or endpoint() of them, or
// of any copy of them, throws it. A JSON copy drops a function or a Symbol and turns a Date into a
// string: read again, such options would be accepted and sent, so the refusal is plain data that
// every copy keeps.
const cases: { name: string; options: Record<string, unknown>; code: string; argument: string }[] = [
  {
    name: "a function as a header value",
    options: { headers: { "x-a": () => "b" } },
    code: "INVALID_HEADER_VALUE",
    argument: "options.headers.x-a",
  },
  {
    name: "a Symbol as a header value",
    options: { headers: { "x-a": Symbol("b") } },
    code: "INVALID_HEADER_VALUE",
    argument: "options.headers.x-a",
  },
  {
    name: "a Date as a header value",
    options: { headers: { "if-modified-since": new Date(0) } },
    code: "INVALID_HEADER_VALUE",
    argument: "options.headers.if-modified-since",
  },
  {
    name: "a function as mediaType.format",
    options: { mediaType: { format: () => "raw" } },
    code: "INVALID_MEDIA_TYPE",
    argument: "options.mediaType.format",
  },
  { name: "a function as request", options: { request: () => undefined }, code: "INVALID_OPTIONS", argument: "options.request" },
  {
    name: "CR LF in a header value",
    options: { headers: { "x-a": "a\r\nb" } },
    code: "INVALID_HEADER_VALUE",
    argument: "options.headers.x-a",
  },
];

/** The drop-in as these tests call it: with options as JavaScript callers and copies make them. */
interface Untyped {
  (options: unknown): Record<string, unknown>;
  merge(route: unknown, options?: unknown): Record<string, unknown>;
  parse(options: unknown): Record<string, unknown>;
  defaults(options: unknown): Untyped;
}
const endpoint = typed as unknown as Untyped;

/** What a call threw, as fields: its class, code, argument, message and route. */
function thrown(call: () => unknown): object {
  try {
    call();
  } catch (error) {
    const { code, argument, message, route } = error as EndpointError;
    return { isEndpointError: error instanceof EndpointError, code, argument, message, route };
  }
  throw new Error("nothing was thrown");
}

describe("a refusal of merge() survives every copy of the options it returned", () => {
  test.each(cases)("$name: $code on parse(), merge() and endpoint() of the options and of each copy", ({ options, code, argument }) => {
    const route = "GET /repos/{owner}/{repo}";
    const merged = endpoint.merge(route, { owner: "o", repo: "r", ...options });
    // What @octokit/request reads before its promise exists is there.
    expect(merged).toMatchObject({ method: "GET", url: "/repos/{owner}/{repo}", owner: "o", repo: "r" });
    const refusal = thrown(() => endpoint.parse(merged));
    expect(refusal).toEqual({ isEndpointError: true, code, argument, message: expect.any(String) as string, route });
    const copies = {
      spread: { ...merged },
      assign: Object.assign({}, merged),
      json: JSON.parse(JSON.stringify(merged)),
    };
    for (const copy of Object.values(copies)) {
      expect(thrown(() => endpoint.parse(copy))).toEqual(refusal);
      expect(thrown(() => endpoint.merge(copy, copy))).toEqual(refusal);
      expect(thrown(() => endpoint(copy))).toEqual(refusal);
      expect(thrown(() => endpoint.defaults({ headers: { "x-b": "1" } }).parse(copy))).toEqual(refusal);
    }
  });

  test("a copy of plain data (structuredClone) keeps it too", () => {
    const merged = endpoint.merge("GET /x", { headers: { "x-a": "a\nb" } });
    const refusal = thrown(() => endpoint.parse(merged));
    expect(thrown(() => endpoint.parse(structuredClone(merged)))).toEqual(refusal);
    expect(refusal).toMatchObject({ code: "INVALID_HEADER_VALUE", route: "GET /x" });
  });

  test.each([
    ["null", null, "null"],
    ["a string", "refused", '"refused"'],
    ["a code without its message", { code: "INVALID_URL", argument: "url" }, '{"code":"INVALID_URL","argument":"url"}'],
    [
      "a message that is not the code's",
      { code: "INVALID_URL", argument: "url", message: "fine" },
      '{"code":"INVALID_URL","argument":"url","message":"fine"}',
    ],
    ["a function", () => "refused", "function"],
  ])("what the refusal's key holds, edited (%s): refused as INVALID_OPTIONS naming the key and what it holds", (_, value, received) => {
    const merged = { ...endpoint.merge("GET /x", { headers: { "x-a": "a\nb" } }), "rest-endpoint-octokit.refusal": value };
    expect(thrown(() => endpoint.parse(merged))).toEqual({
      isEndpointError: true,
      code: "INVALID_OPTIONS",
      argument: "rest-endpoint-octokit.refusal",
      message: `must be a refusal of merge() as merge() made it ({ code, argument, message, route }); received ${received}. See docs/errors.md#invalid_options`,
      route: undefined,
    });
  });

  test("a getter on the refusal's key that throws: INVALID_OPTIONS, never the getter's error", () => {
    const merged = endpoint.merge("GET /x", { headers: { "x-a": "a\nb" } });
    Object.defineProperty(merged, "rest-endpoint-octokit.refusal", {
      enumerable: true,
      get() {
        throw new Error("getter");
      },
    });
    expect(thrown(() => endpoint.parse(merged))).toMatchObject({ code: "INVALID_OPTIONS", argument: "rest-endpoint-octokit.refusal" });
  });

  test("options merge() accepted carry no refusal: their JSON copy builds the same request", () => {
    const merged = endpoint.merge("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["a"] });
    expect(Object.keys(merged)).not.toContain("rest-endpoint-octokit.refusal");
    expect(endpoint.parse(JSON.parse(JSON.stringify(merged)))).toEqual(endpoint.parse(merged));
  });
});
