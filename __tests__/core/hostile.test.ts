import { endpoint, EndpointError } from "../../lib/index.js";
import { headers, JSON_TYPE } from "../helpers/defaults.js";
import { errorOf, withCanParseThrowing } from "../helpers/errors.js";
import { readFixture } from "../helpers/fixtures.js";

describe("a dot-segment in the path is rejected, also where a query or fragment expression expands to nothing (found by the hostile property)", () => {
  test.each(readFixture("dot-segment-routes.json") as string[])("%s", (route) => {
    expect(errorOf(() => endpoint(route as "GET /"))).toMatchObject({ code: "INVALID_PATH_SEGMENT", argument: "url" });
  });
});

test("a query begun by an expression that expands to nothing: what follows it is path, and the query comes after", () => {
  expect(endpoint("GET /a{?x}/b", { q: 1 }).url).toBe("https://api.github.com/a/b?q=1");
  expect(endpoint("GET /a{?x}/b", { x: 2, q: 1 }).url).toBe("https://api.github.com/a?x=2/b&q=1");
  // @ts-expect-error the types ask for {#f}, as for {x}; at run time it may be left out, which is what is tested
  expect(endpoint("GET /a{#f}/b", { q: 1 }).url).toBe("https://api.github.com/a/b?q=1");
});

describe("a template whose whole origin is one expression (GitHub's upload form)", () => {
  const upload = "POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}" as const;
  const parameters = { owner: "o", repo: "r", release_id: 1, name: "a b.zip", data: "bytes" };

  test.each([
    ["https://uploads.github.com", "https://uploads.github.com/repos/o/r/releases/1/assets?name=a%20b.zip"],
    ["HTTP://127.0.0.1:8080", "HTTP://127.0.0.1:8080/repos/o/r/releases/1/assets?name=a%20b.zip"],
  ])("origin %s is the origin, as given", (origin, url) => {
    expect(endpoint(upload, { ...parameters, origin }).url).toBe(url);
    expect(endpoint(upload.replace("{origin}", "{+origin}") as typeof upload, { ...parameters, origin }).url).toBe(url);
  });

  test.each([
    ["https://uploads.github.com/x", "INVALID_URL", "origin"],
    ["https://evil.example?", "INVALID_URL", "origin"],
    ["https://", "INVALID_URL", "origin"],
    ["evil.example", "URL_LEAVES_BASE_URL", "url"],
  ])("origin %j throws %s", (origin, code, argument) => {
    expect(errorOf(() => endpoint(upload, { ...parameters, origin }))).toMatchObject({ code, argument });
  });

  test("a value that is no origin expands as path, joined to baseUrl as before", () => {
    expect(endpoint("GET {+prefix}/x", { prefix: "/api" }).url).toBe("https://api.github.com/api/x");
  });
});

describe("an expression after a literal authority is path, and checked as path", () => {
  test.each(readFixture("authority-expressions.json") as [string, Record<string, unknown>, string, string][])(
    "%s with %j throws %s",
    (route, parameters, code, argument) => {
      expect(errorOf(() => endpoint(route as "GET /", parameters))).toMatchObject({ code, argument });
    },
  );

  test.each([
    ["GET https://example.com{/p*}", { p: ["a", "b"] }, "https://example.com/a/b"],
    ["GET https://example.com{+p}", { p: "/a/b?c" }, "https://example.com/a/b?c"],
    ["GET https://{host}/x", { host: "ghe.example" }, "https://ghe.example/x"],
    ["GET https://example.com:{port}/x", { port: 8443 }, "https://example.com:8443/x"],
    ["GET https://api.{region}.example.com/x", { region: "eu" }, "https://api.eu.example.com/x"],
    ["GET https://example.com{?q}", { q: "a b" }, "https://example.com?q=a%20b"],
  ])("%s with %j gives %s", (route, parameters, url) => {
    expect(endpoint(route as "GET /", parameters).url).toBe(url);
  });
});

describe("cost follows distinct objects: a shared object counts each time it is reached, within a budget", () => {
  const graph = (levels: number): Record<string, unknown> => {
    let node: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < levels; i++) node = { a: node, b: node };
    return node;
  };

  test.each([
    ["a body parameter", () => endpoint("POST /x", { o: graph(23) }), "o"],
    ["a defaults parameter", () => endpoint.defaults({ o: graph(23) }), "o"],
    ["request", () => endpoint("GET /x", { request: { o: graph(23) } }), "request"],
    ["merge()", () => endpoint.merge("GET /x", { o: graph(23) }), "o"],
  ])("23 levels of o = {a: p, b: p} in %s throw TOO_DEEP", (_where, call, argument) => {
    expect(errorOf(call)).toMatchObject({ code: "TOO_DEEP", argument });
  });

  // 2^19 = 524,288 leaves and as many inner objects' keys: about 1,048,574 values, past the budget
  // once, within it at 18 levels (524,286). Two parameters of 18 levels are past it together.
  test.each([
    ["two body parameters", () => endpoint("POST /x", { a: graph(18), b: graph(18) }), "b"],
    ["a body parameter and request", () => endpoint("POST /x", { a: graph(18), request: { b: graph(18) } }), "request"],
    ["two defaults parameters", () => endpoint.defaults({ a: graph(18), b: graph(18) }), "b"],
    ["two merge() parameters", () => endpoint.merge("GET /x", { a: graph(18), b: graph(18) }), "b"],
  ])("the budget is the call's: %s past it together throw TOO_DEEP", (_where, call, argument) => {
    expect(errorOf(call)).toMatchObject({ code: "TOO_DEEP", argument });
  });

  test("a getter that calls endpoint() while its value is copied does not renew the call's budget", () => {
    const half = graph(18);
    const parameters = {
      a: half,
      get b(): unknown {
        endpoint("POST /y", { c: graph(18) });
        return half;
      },
    };
    expect(errorOf(() => endpoint("POST /x", parameters))).toMatchObject({ code: "TOO_DEEP", argument: "b" });
  });

  test("a shared graph within the budget is copied whole", () => {
    const body = endpoint("POST /x", { o: graph(10) }).body as { o: unknown };
    expect(body.o).toEqual(graph(10));
    expect(JSON.stringify(body).length).toBe(JSON.stringify({ o: graph(10) }).length);
  });
});

// The caches' bounds, read from the heap of a fresh process: memory.slow.test.ts.

describe("only EndpointError leaves the library", () => {
  const revoked = (target: object): object => {
    const { proxy, revoke } = Proxy.revocable(target, {});
    revoke();
    return proxy;
  };
  const throwing = Object.defineProperty({}, "x", {
    enumerable: true,
    get() {
      throw new Error("getter");
    },
  });
  const withConstructor = Object.assign(["a", "b"], {
    constructor: {
      [Symbol.species]: function () {
        throw new Error("species");
      },
    },
  });

  test.each([
    ["a revoked Proxy as a query parameter", "INVALID_OPTIONS", () => endpoint("GET /x", { v: revoked([]) }), "v"],
    // @ts-expect-error a revoked Proxy is no ParameterValue: the run-time error is what is tested
    ["a revoked Proxy as a path parameter", "INVALID_OPTIONS", () => endpoint("GET /x/{v}", { v: revoked({}) }), "v"],
    ["a revoked Proxy as a body parameter", "INVALID_OPTIONS", () => endpoint("POST /x", { v: revoked([]) }), "v"],
    ["a revoked Proxy in a list", "INVALID_OPTIONS", () => endpoint("POST /x", { v: [revoked([])] }), "v"],
    [
      "a revoked Proxy as a header value",
      "INVALID_OPTIONS",
      () => endpoint("GET /x", { headers: { "x-a": revoked([]) as never } }),
      "options.headers",
    ],
    [
      "a revoked Proxy as mediaType",
      "INVALID_MEDIA_TYPE",
      () => endpoint("GET /x", { mediaType: revoked({}) as never }),
      "options.mediaType",
    ],
    ["a revoked Proxy as the options", "INVALID_OPTIONS", () => endpoint("GET /x", revoked({}) as never), "options"],
    ["a getter that throws, as a parameter", "INVALID_OPTIONS", () => endpoint("GET /x", throwing), "options.x"],
    ["a getter that throws, in a body value", "INVALID_OPTIONS", () => endpoint("POST /x", { v: throwing }), "v"],
    ["a getter that throws, in defaults", "INVALID_OPTIONS", () => endpoint.defaults({ v: throwing }), "v"],
    [
      "a getter that throws, as the url of an options object",
      "INVALID_OPTIONS",
      () =>
        endpoint(
          Object.defineProperty({}, "url", {
            enumerable: true,
            get: (): never => {
              throw new Error("url");
            },
          }) as never,
        ),
      "options.url",
    ],
    [
      "200,000 items exploded",
      "INVALID_PARAMETER",
      () => endpoint("GET /x{/v*}", { v: Array.from({ length: 200_000 }, (_, i) => `i${i}`) }),
      "v",
    ],
  ])("%s throws %s", (_kind, code, call, argument) => {
    expect(errorOf(call)).toMatchObject({ code, argument });
  });

  test("a revoked Proxy as data passes through as the body, untouched", () => {
    const data = revoked({});
    expect(endpoint("POST /x", { data }).body).toBe(data);
  });

  test("an array with its own constructor (Symbol.species) is read by index, never through map", () => {
    expect(endpoint("POST /x", { v: withConstructor }).body).toEqual({ v: ["a", "b"] });
    expect(endpoint("GET /x", { v: withConstructor, headers: { "x-a": withConstructor } })).toEqual({
      method: "get",
      url: "https://api.github.com/x?v=a,b",
      headers: headers({ "x-a": "a, b" }),
    });
  });

  test("instanceof EndpointError is false for other values, a revoked Proxy included", () => {
    expect([
      new TypeError("x") instanceof EndpointError,
      revoked({}) instanceof EndpointError,
      (null as unknown) instanceof EndpointError,
    ]).toEqual([false, false, false]);
  });
});

describe("header field values follow RFC 9110 section 5.5", () => {
  test.each([
    ["\u001b[31m", "U+001B"],
    ["5 €", "U+20AC"],
    ["a\u007fb", "U+007F"],
    ["\u0100", "U+0100"],
  ])("%j is rejected, naming %s", (value, codePoint) => {
    const error = errorOf(() => endpoint("GET /", { headers: { "x-a": value } }));
    expect(error).toMatchObject({ code: "INVALID_HEADER_VALUE", argument: "options.headers.x-a" });
    expect(error.message).toContain(codePoint);
  });

  test("visible ASCII, SP, HTAB and obs-text (0x80–0xFF) are allowed", () => {
    expect(endpoint("GET /", { headers: { "x-a": "a b\tc ~ \u00e9\u00ff" } }).headers["x-a"]).toBe("a b\tc ~ \u00e9\u00ff");
  });
});

describe("no value is shared mutably: Dates are kept as their ISO 8601 string", () => {
  test("a Date given to defaults() cannot change later calls, and DEFAULTS holds its string", () => {
    const since = new Date("2026-01-01T00:00:00Z");
    const withSince = endpoint.defaults({ since });
    since.setUTCFullYear(2000);
    expect(withSince.DEFAULTS.since).toBe("2026-01-01T00:00:00.000Z");
    expect(withSince("GET /issues").url).toBe("https://api.github.com/issues?since=2026-01-01T00%3A00%3A00.000Z");
  });

  test("a Date in a body is its ISO string, not the caller's object", () => {
    const at = new Date("2026-01-01T00:00:00Z");
    expect(endpoint("POST /x", { at, list: [at] })).toEqual({
      method: "post",
      url: "https://api.github.com/x",
      headers: headers(JSON_TYPE),
      body: { at: "2026-01-01T00:00:00.000Z", list: ["2026-01-01T00:00:00.000Z"] },
    });
  });
});

describe("messages are bounded and printable", () => {
  test("a 100,000-character name with CR, LF and ESC is shortened and escaped", () => {
    const name = `a\r\nb\u001b${"x".repeat(100_000)}`;
    for (const call of [
      () => endpoint("GET /x", { [name]: Symbol("s") }),
      () => endpoint("GET /", { headers: { [name]: "v" } }),
      // A class whose name holds them, as a received value.
      () =>
        endpoint("GET /x/{v}", {
          // A class instance is no ParameterValue: the run-time error is what is tested.
          v: new (
            {
              [name]: class {
                readonly kind = "hostile";
              },
            }[name] as new () => object
          )() as unknown as string,
        }),
    ]) {
      const { message } = errorOf(call);
      expect(message.length).toBeLessThan(400);
      expect(Array.from(message).filter((character) => character < " ")).toEqual([]);
    }
  });
});

describe("request merges over the defaults' request, as the incumbent's does", () => {
  test("each key of both, nested objects merged, the call's value winning", () => {
    const withRequest = endpoint.defaults({ request: { retries: 1, timeout: 1, hook: { a: 1 } } });
    expect(withRequest("GET /x", { request: { timeout: 5, hook: { b: 2 } } }).request).toEqual({
      retries: 1,
      timeout: 5,
      hook: { a: 1, b: 2 },
    });
    expect(withRequest("GET /x").request).toEqual({ retries: 1, timeout: 1, hook: { a: 1 } });
  });
});

describe("merge() without arguments", () => {
  test("returns a fresh copy of the defaults, as the incumbent's deprecated form does", () => {
    const merged = endpoint.defaults({ owner: "o", request: { retries: 1 } }).merge();
    expect(merged).toEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: headers(),
      mediaType: { format: "", previews: [] },
      owner: "o",
      request: { retries: 1 },
    });
    expect(Object.isFrozen(merged)).toBe(false);
  });
});

describe("a host field must be the url's authority (RFC 9112 section 3.2)", () => {
  test.each([
    ["GET /x", "evil.example"],
    ["GET /x", "api.github.com:8443"],
    ["GET https://ghe.example:8443/x", "ghe.example"],
  ])("%s with host %j throws INVALID_HEADER_VALUE", (route, host) => {
    expect(errorOf(() => endpoint(route as "GET /", { headers: { host } }))).toMatchObject({
      code: "INVALID_HEADER_VALUE",
      argument: "options.headers.host",
    });
  });

  test.each([
    ["GET /x", "api.github.com"],
    ["GET /x", "API.GitHub.com"],
    ["GET https://ghe.example:8443/x", "ghe.example:8443"],
    ["GET https://ghe.example:443/x", "ghe.example"],
    ["GET https://ghe.example:443/x", "ghe.example:443"],
    ["GET https://user:pw@ghe.example:443/x", "GHE.example:443"],
    ["GET http://127.0.0.1:80/x", "127.0.0.1:80"],
  ])("%s with host %j is kept", (route, host) => {
    expect(endpoint(route as "GET /", { headers: { host } }).headers.host).toBe(host);
  });

  test("next to a baseUrl that is not one, the error is the baseUrl's, not a getter's", () => {
    expect(errorOf(() => endpoint("GET /x", { baseUrl: "https://h.example\x01", headers: { host: "h.example" } }))).toMatchObject({
      code: "INVALID_BASE_URL",
      argument: "baseUrl",
    });
  });
});

describe("a C0 control, DEL or white space anywhere in an origin is an error, though the URL parser strips them at the ends", () => {
  const controls = ["\x00", "\x01", "\x08", "\x1b", "\x1f", " ", "\t", "\x7f"];
  test.each(controls.flatMap((c) => [`https://h.example${c}`, `${c}https://h.example`, `https://h${c}.example/api`]))(
    "baseUrl %j is INVALID_BASE_URL",
    (baseUrl) => {
      expect(errorOf(() => endpoint("GET /x", { baseUrl }))).toMatchObject({ code: "INVALID_BASE_URL", argument: "baseUrl" });
    },
  );

  test.each(controls)("an {origin} value ending in %j is INVALID_URL naming the parameter", (c) => {
    expect(
      errorOf(() => endpoint("POST {origin}/repos/o/r/releases/1/assets", { origin: `https://uploads.example${c}`, data: "" })),
    ).toMatchObject({
      code: "INVALID_URL",
      argument: "origin",
    });
  });

  test.each(controls)("an expanded or literal authority holding %j is INVALID_URL", (c) => {
    expect(errorOf(() => endpoint("GET https://{+host}/x", { host: `h.example${c}` }))).toMatchObject({ code: "INVALID_URL" });
    expect(errorOf(() => endpoint({ method: "GET", url: `https://h.example${c}/x` }))).toMatchObject({ code: "INVALID_URL" });
  });
});

describe("a literal authority is checked as written, before encoding (found by the hostile property, seed -1728347797)", () => {
  // A URL parser reads `\` as "/" (`https://ghe.example\@.` has host ghe.example); encoded, `%5C`
  // would turn the host into user info and send the request to the host ".".
  test.each(["https://ghe.example\\@.", "https://ghe.example\\@evil.example/x", "https://h.example\\x"])("%j is INVALID_URL", (url) => {
    expect(errorOf(() => endpoint({ method: "GET", url }))).toMatchObject({ code: "INVALID_URL", argument: "url" });
  });

  test("an authority with user info and a port, as written, is kept", () => {
    expect(endpoint("GET https://u:p@h.example:8443/x").url).toBe("https://u:p@h.example:8443/x");
  });
});

describe("keys named like prototype members are data; __proto__ stays inert", () => {
  test("constructor and prototype keys merge over defaults alike at depth 1 and 2, from both sides", () => {
    const payload = endpoint.defaults({ payload: { keep: 1 } });
    expect(payload("POST /x", { payload: { constructor: { a: 1 } } }).body).toEqual({ payload: { keep: 1, constructor: { a: 1 } } });
    const deeper = endpoint.defaults({ a: { keep: 1, prototype: { p: 1 } } });
    expect(deeper("POST /x", { a: { constructor: { b: 2 } } }).body).toEqual({
      a: { keep: 1, prototype: { p: 1 }, constructor: { b: 2 } },
    });
    expect(deeper.merge("POST /x", { a: { constructor: null } }).a).toEqual({ keep: 1, prototype: { p: 1 }, constructor: null });
    const nullDefault = endpoint.defaults({ a: { x: { constructor: null } } });
    expect(nullDefault("POST /x", { a: { x: { y: 1 } } }).body).toEqual({ a: { x: { constructor: null, y: 1 } } });
    expect(endpoint("GET /x", { constructor: "c", prototype: "p" }).url).toBe("https://api.github.com/x?constructor=c&prototype=p");
  });

  test("a __proto__ key from JSON, merged over a default, sets nothing and reaches nothing", () => {
    const withDefault = endpoint.defaults({ a: { keep: 1 } });
    const options = JSON.parse('{"a": {"__proto__": {"polluted": 1}, "b": 2}}') as { a: object };
    const { body } = withDefault("POST /x", options);
    expect(body).toEqual({ a: { keep: 1, b: 2 } });
    expect(Object.getPrototypeOf((body as { a: object }).a)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("a value JSON has no form for never goes into a JSON body", () => {
  test.each([
    ["a bigint", { n: 10n }],
    ["a bigint in a list", { n: [1, 2n] }],
    ["a Symbol", { n: { s: Symbol("s") } }],
    ["a function", { n: () => 1 }],
    ["NaN", { n: NaN }],
    ["Infinity", { n: { deep: [Infinity] } }],
  ])("%s is INVALID_PARAMETER naming the parameter", (_case, parameters) => {
    expect(errorOf(() => endpoint("POST /x", parameters))).toMatchObject({ code: "INVALID_PARAMETER", argument: "n" });
  });

  test("in the query a bigint is its digits, as before", () => {
    expect(endpoint("GET /x", { n: 12345678901234567890n }).url).toBe("https://api.github.com/x?n=12345678901234567890");
  });
});

describe("a class instance is one, whatever its Symbol.toStringTag says", () => {
  class FakeDate {
    get [Symbol.toStringTag](): string {
      return "Date";
    }
  }
  test("in the path and the query it is INVALID_PARAMETER, not INVALID_OPTIONS", () => {
    const d = new FakeDate() as unknown as string;
    expect(errorOf(() => endpoint("GET /x/{d}", { d }))).toMatchObject({ code: "INVALID_PARAMETER", argument: "d" });
    expect(errorOf(() => endpoint("GET /x", { d }))).toMatchObject({ code: "INVALID_PARAMETER", argument: "d" });
    // In a JSON body it is kept by reference, as every class instance is.
    const fake = new FakeDate();
    expect((endpoint("POST /x", { d: [fake] }).body as { d: unknown[] }).d[0]).toBe(fake);
  });
});

describe("a failure of the library's own code is INTERNAL_ERROR, never a getter's label", () => {
  test("URL.canParse made to throw inside a call", () => {
    // A baseUrl not seen before, so that its check (isOrigin) runs and calls URL.canParse.
    const error = withCanParseThrowing(new RangeError("injected"), () =>
      errorOf(() => endpoint("GET /x", { baseUrl: "https://internal-error.example" })),
    );
    expect(error).toMatchObject({ code: "INTERNAL_ERROR", argument: "options" });
    expect(error.message).toBe('rest-endpoint defect (please report): RangeError "injected". ' + "See docs/errors.md#internal_error");
  });

  test("a thrown value that is no Error is described, not labelled", () => {
    const error = withCanParseThrowing("injected", () =>
      errorOf(() => endpoint("GET /x", { baseUrl: "https://internal-error-string.example" })),
    );
    expect([error.code, error.argument, error.message]).toEqual([
      "INTERNAL_ERROR",
      "options",
      'rest-endpoint defect (please report): "injected" (string). See docs/errors.md#internal_error',
    ]);
  });
});
