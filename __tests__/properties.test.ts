import fc from "fast-check";
import { endpoint, EndpointError, type EndpointParameters } from "../lib/index.js";

// Each property runs 10,000 times (the reliability issue's floor); the seed is printed on failure.
jest.setTimeout(120_000);
const RUNS = { numRuns: 10_000 };

const NAMES = ["owner", "repo", "path", "q", "per_page", "a.b", "x-y", "%41", "labels", "data", "request", "__proto__", "constructor"];
const name = fc.constantFrom(...NAMES);
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom(
    "",
    ".",
    "..",
    "%",
    "%2e",
    "/",
    "a/b",
    "?",
    "#",
    "&",
    "=",
    "@evil.com",
    ":8080",
    "https://evil.com",
    "😀",
    "\ud800",
    "a b",
  ),
);
/** The arbitraries; `validDates` leaves out invalid Dates, which jest's toEqual never equates (NaN). */
function callArbitrary(validDates: boolean) {
  const scalar = fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
    fc.constantFrom(null, undefined),
    fc.date({ noInvalidDate: validDates }),
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), scalar, { maxKeys: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 2 }), {
        maxKeys: 2,
      }),
    },
  );

  const operator = fc.constantFrom("", "", "+", "#", ".", "/", ";", "?", "&", "=", "!");
  const varspec = fc.tuple(name, fc.constantFrom("", "", "*", ":1", ":3", ":0", ":10000")).map(([n, modifier]) => n + modifier);
  const expression = fc
    .tuple(operator, fc.array(varspec, { minLength: 1, maxLength: 3 }))
    .map(([op, specs]) => `{${op}${specs.join(",")}}`);
  const piece = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom("/", "/repos/", "/a", "?x=1", "&", "#f", ".", "..", "/./", ":", "%20", "%", "{", "}", " ", "é"),
    },
    { weight: 3, arbitrary: expression },
    { weight: 1, arbitrary: name.map((n) => `/:${n}`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  );
  const start = fc.constantFrom(
    "/",
    "/",
    "/",
    "",
    "{",
    "https://ghe.example",
    "HTTP://localhost:8080/",
    "https://{owner}.example/",
    "javascript:",
    "//",
  );
  const template = fc.tuple(start, fc.array(piece, { maxLength: 6 })).map(([first, rest]) => first + rest.join(""));
  const method = fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get", "OPTIONS", "G T", "");
  const headerName = fc.oneof(
    fc.constantFrom("accept", "Authorization", "content-type", "X-A", "x-a", "bad name", "__proto__"),
    fc.string({ maxLength: 5 }),
  );
  const headerValue = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
    fc.constantFrom(undefined, "a\r\nb", NaN),
  );
  const headers = fc.dictionary(headerName, headerValue, { maxKeys: 3 });
  const mediaType = fc.record(
    {
      format: fc.constantFrom("", "raw", "diff", "a b"),
      previews: fc.array(fc.constantFrom("mercy", "symmetra-preview", "bad name"), { maxLength: 2 }),
    },
    { requiredKeys: [] },
  );
  const baseUrl = fc.constantFrom(
    "https://api.github.com",
    "https://ghe.example/api/v3/",
    "http://127.0.0.1:3000",
    "not a url",
    "https://x/?q",
  );
  const parameters = fc
    .tuple(
      fc.dictionary(name, value, { maxKeys: 5 }),
      fc.option(headers, { nil: undefined }),
      fc.option(mediaType, { nil: undefined }),
      fc.option(baseUrl, { nil: undefined }),
    )
    .map(([params, h, m, b]) => {
      const result: EndpointParameters = { ...params };
      if (h !== undefined) result.headers = h;
      if (m !== undefined) result.mediaType = m;
      if (b !== undefined) result.baseUrl = b;
      return result;
    });
  return fc.record({ route: fc.tuple(method, template).map(([m, t]) => `${m} ${t}`), options: parameters, defaults: parameters });
}
const call = callArbitrary(false);

/** Runs a call; returns the result, or undefined when it threw an EndpointError (anything else fails). */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof EndpointError) return undefined;
    throw error;
  }
}

describe("properties over generated routes, parameters, headers and defaults", () => {
  test("every call gives request options or throws an EndpointError, nothing else", () => {
    fc.assert(
      fc.property(call, ({ route, options, defaults }) => {
        const fn = attempt(() => endpoint.defaults(defaults));
        attempt(() => (fn ?? endpoint)(route as "GET /", options));
      }),
      RUNS,
    );
  });

  test("every result url parses with new URL; a relative template keeps baseUrl's origin", () => {
    fc.assert(
      fc.property(call, ({ route, options }) => {
        const result = attempt(() => endpoint(route as "GET /", options));
        if (result === undefined) return;
        expect(URL.canParse(result.url)).toBe(true);
        const url = route.slice(route.indexOf(" ") + 1);
        if (!/^https?:\/\//i.test(url)) {
          const base = typeof options.baseUrl === "string" ? options.baseUrl : "https://api.github.com";
          expect(new URL(result.url).origin).toBe(new URL(base).origin);
          expect(result.url.startsWith(base.replace(/\/$/, ""))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  test("endpoint(o) deep-equals parse(merge(o))", () => {
    fc.assert(
      fc.property(call, ({ route, options }) => {
        const direct = attempt(() => endpoint(route as "GET /", options));
        const merged = attempt(() => endpoint.merge(route as "GET /", options));
        const parsed = merged === undefined ? undefined : attempt(() => endpoint.parse(merged));
        expect(parsed).toEqual(direct);
      }),
      RUNS,
    );
  });

  test("no argument is changed by a call", () => {
    fc.assert(
      fc.property(callArbitrary(true), ({ route, options, defaults }) => {
        const before = structuredClone({ options, defaults });
        const fn = attempt(() => endpoint.defaults(defaults)) ?? endpoint;
        const result = attempt(() => fn(route as "GET /", options));
        // A body built from parameters is the library's own object: editing it must not reach the
        // arguments. (`data` is the caller's own object, passed through by design.)
        if (
          !Object.hasOwn(options, "data") &&
          !Object.hasOwn(defaults, "data") &&
          result?.body !== null &&
          typeof result?.body === "object"
        ) {
          (result.body as Record<string, unknown>).mutated = true;
        }
        expect({ options, defaults }).toEqual(before);
        expect(attempt(() => fn(route as "GET /", options))).toEqual(attempt(() => fn(route as "GET /", structuredClone(before.options))));
      }),
      RUNS,
    );
  });
});
