import fc from "fast-check";
import { endpoint, EndpointError, type EndpointParameters } from "../../lib/index.js";

// Each property runs 10,000 times (the reliability issue's floor); the seed is printed on failure.
jest.setTimeout(120_000);
const RUNS = { numRuns: 10_000 };
/** The share of hostile calls that must get a URL, so that every stage meets hostile input (see below). */
const HOSTILE_SUCCESSES = 0.45;

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
  /**
   * Mostly a valid choice, sometimes a hostile one: each part of a call is hostile on one run in
   * sixty, so that most calls get as far as a URL and every stage still meets hostile input.
   */
  const mostly = <T, U>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<U>) =>
    fc.oneof({ weight: 59, arbitrary: valid }, { weight: 1, arbitrary: hostile });
  const scalar = mostly(
    fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constantFrom(null, undefined)),
    fc.oneof(text, fc.double(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.date({ noInvalidDate: validDates })),
  );
  const value = fc.oneof(
    { weight: 40, arbitrary: scalar },
    { weight: 10, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 5, arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), scalar, { maxKeys: 3 }) },
    // Hostile: nested deeper than RFC 6570 section 2.3 writes.
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 2 }), {
        maxKeys: 2,
      }),
    },
  );

  const operator = mostly(fc.constantFrom("", "", "+", "#", ".", "/", ";", "?", "&"), fc.constantFrom("=", "!"));
  const varspec = fc
    .tuple(name, mostly(fc.constantFrom("", "", "*", ":3"), fc.constantFrom(":1", ":0", ":10000")))
    .map(([n, modifier]) => n + modifier);
  const expression = fc
    .tuple(operator, fc.array(varspec, { minLength: 1, maxLength: 3 }))
    .map(([op, specs]) => `{${op}${specs.join(",")}}`);
  const piece = fc.oneof(
    { weight: 14, arbitrary: fc.constantFrom("/", "/repos/", "/a", "?x=1", "&", "#f", "/:owner", "%20", "é") },
    { weight: 14, arbitrary: expression },
    { weight: 1, arbitrary: name.map((n) => `/:${n}`) },
    // Hostile: one piece in about thirty.
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(".", "..", "/./", ":", "%", "{", "}", " "), fc.string({ maxLength: 4 })) },
  );
  const start = mostly(
    fc.constantFrom("/repos", "/a", "/", "https://ghe.example", "http://localhost:8080", "https://{owner}.example"),
    fc.constantFrom("", "{", "javascript:", "//", "HTTP://localhost:8080/"),
  );
  const template = fc.tuple(start, fc.array(piece, { maxLength: 6 })).map(([first, rest]) => first + rest.join(""));
  const method = mostly(fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get", "OPTIONS"), fc.constantFrom("G T", ""));
  const headerName = mostly(
    fc.constantFrom("accept", "Authorization", "content-type", "X-A"),
    fc.oneof(fc.constantFrom("bad name", "__proto__", "x-a"), fc.string({ maxLength: 5 })),
  );
  const headerValue = mostly(
    fc.oneof(fc.stringMatching(/^[\w ./-]{0,8}$/), fc.integer(), fc.array(fc.stringMatching(/^\w{0,4}$/), { maxLength: 2 })),
    fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(undefined, "a\r\nb", NaN)),
  );
  const headers = fc.dictionary(headerName, headerValue, { maxKeys: 3 });
  const mediaType = fc.record(
    {
      format: fc.oneof({ weight: 49, arbitrary: fc.constantFrom("", "raw", "diff") }, { weight: 1, arbitrary: fc.constant("a b") }),
      previews: fc.array(
        fc.oneof(
          { weight: 49, arbitrary: fc.constantFrom("mercy", "symmetra-preview") },
          { weight: 1, arbitrary: fc.constant("bad name") },
        ),
        {
          maxLength: 2,
        },
      ),
    },
    { requiredKeys: [] },
  );
  const baseUrl = mostly(
    fc.constantFrom("https://api.github.com", "https://ghe.example/api/v3/", "http://127.0.0.1:3000"),
    fc.constantFrom("not a url", "https://x/?q"),
  );
  // Values for most of the names a template may use, so that most templates can be expanded.
  const parameters = fc
    .tuple(
      fc.dictionary(
        fc.oneof(
          { weight: 200, arbitrary: fc.constantFrom(...NAMES.filter((n) => n !== "data" && n !== "request")) },
          { weight: 1, arbitrary: fc.constantFrom("data", "request") },
        ),
        value,
        { minKeys: 4, maxKeys: 11 },
      ),
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
  return fc.record({
    route: fc.tuple(method, template).map(([m, t]) => `${m} ${t}`),
    options: parameters,
    defaults: fc.option(parameters, { nil: {} }),
  });
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

/**
 * Well-formed calls, shaped like GitHub's routes: literal segments, whole-segment variables
 * (`{name}` or `:name`), an optional exploded path (`{/rest*}`) and declared query, an optional
 * literal origin; a value for every variable the path needs (any text but "", "." and ".."),
 * extra parameters, valid headers and media types. Nearly all of them must succeed.
 */
function wellFormedArbitrary() {
  const literal = fc.stringMatching(/^[a-z][\w-]{0,7}$/);
  const variable = fc.constantFrom("owner", "repo", "org", "ref", "team_slug", "enterprise-team", "id");
  const segment = fc.oneof(
    { weight: 2, arbitrary: literal.map((text) => ({ template: text, name: undefined as string | undefined })) },
    { weight: 2, arbitrary: variable.map((name) => ({ template: `{${name}}`, name })) },
    { weight: 1, arbitrary: variable.map((name) => ({ template: `:${name}`, name })) },
  );
  const pathValue = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).filter((text) => text !== "." && text !== "..");
  const queryValue = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 10 }),
    fc.integer(),
    fc.boolean(),
    fc.array(fc.string({ unit: "grapheme", maxLength: 5 }), { maxLength: 3 }),
  );
  return fc
    .record({
      origin: fc.constantFrom("", "", "", "https://ghe.example", "http://127.0.0.1:3000/api"),
      segments: fc.array(segment, { minLength: 1, maxLength: 5 }),
      rest: fc.option(fc.array(pathValue, { minLength: 1, maxLength: 3 }), { nil: undefined }),
      declared: fc.boolean(),
      method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"),
      values: fc.dictionary(fc.constantFrom("owner", "repo", "org", "ref", "team_slug", "enterprise-team", "id"), pathValue),
      fallback: pathValue,
      extra: fc.dictionary(fc.constantFrom("per_page", "page", "state", "labels", "q", "since", "title"), queryValue, { maxKeys: 4 }),
      headers: fc.dictionary(fc.stringMatching(/^x-[a-z]{1,6}$/), fc.stringMatching(/^[\x20-\x7e]{0,12}$/), { maxKeys: 2 }),
      format: fc.constantFrom(undefined, "raw", "diff"),
      baseUrl: fc.constantFrom(undefined, "https://ghe.example/api/v3", "http://127.0.0.1:8080/"),
      defaults: fc.record(
        {
          headers: fc.dictionary(fc.stringMatching(/^x-[a-z]{1,6}$/), fc.stringMatching(/^[\x20-\x7e]{0,12}$/), { maxKeys: 2 }),
          per_page: fc.integer({ min: 1, max: 100 }),
          payload: fc.dictionary(fc.constantFrom("keep", "constructor", "prototype", "name"), fc.oneof(fc.integer(), fc.string())),
          request: fc.record({ timeout: fc.nat() }),
        },
        { requiredKeys: [] },
      ),
      payload: fc.option(fc.dictionary(fc.constantFrom("extra", "constructor", "name"), fc.string()), { nil: undefined }),
    })
    .map(({ origin, segments, rest, declared, method, values, fallback, extra, headers, format, baseUrl, defaults, payload }) => {
      let template = `${origin}/${segments.map(({ template: part }) => part).join("/")}`;
      const options: EndpointParameters = { ...extra, headers };
      for (const { name } of segments) if (name !== undefined) options[name] = values[name] ?? fallback;
      if (rest !== undefined) {
        template += "{/rest*}";
        options.rest = rest;
      }
      if (declared && method !== "GET" && method !== "HEAD") template += "{?per_page,page}";
      if (format !== undefined) options.mediaType = { format };
      if (baseUrl !== undefined) options.baseUrl = baseUrl;
      if (payload !== undefined) options.payload = payload;
      return { route: `${method} ${template}`, options, origin, defaults };
    });
}

/** The path of a URL as written, before any parser resolves it: from after the authority to `?` or `#`. */
function rawPath(url: string): string {
  const rest = url.slice(url.indexOf("//") + 2);
  const authorityEnd = rest.search(/[/?#]/);
  if (authorityEnd === -1 || rest[authorityEnd] !== "/") return "";
  const path = rest.slice(authorityEnd);
  const stop = path.search(/[?#]/);
  return stop === -1 ? path : path.slice(0, stop);
}

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** The host a call's url must keep: the template's literal one, or baseUrl's for a relative template. */
function literalHost(route: string, options: EndpointParameters): string | undefined {
  const url = route.slice(route.indexOf(" ") + 1);
  const absolute = /^https?:\/\/([^/?#{]*)(?=[/?#]|$)/i.exec(url);
  // The literal origin as a URL parser reads it (`https://ghe.example:` has host "ghe.example").
  if (absolute !== null) return URL.canParse(absolute[0]) ? new URL(absolute[0]).host : undefined;
  if (/^https?:/i.test(url)) return undefined; // an expression in the authority
  return new URL(typeof options.baseUrl === "string" ? options.baseUrl : "https://api.github.com").host;
}

describe("properties over well-formed calls (GitHub-shaped routes and valid values)", () => {
  test("at least 95 % of them succeed, and each result's url parses", () => {
    let succeeded = 0;
    fc.assert(
      fc.property(wellFormedArbitrary(), ({ route, options }) => {
        const result = attempt(() => endpoint(route, options));
        if (result === undefined) return;
        succeeded++;
        expect(URL.canParse(result.url)).toBe(true);
      }),
      RUNS,
    );
    expect(succeeded / RUNS.numRuns).toBeGreaterThanOrEqual(0.95);
  });

  test("no result's path holds a dot-segment, and every value of a whole segment arrives as one segment", () => {
    fc.assert(
      fc.property(wellFormedArbitrary(), ({ route, options }) => {
        const result = attempt(() => endpoint(route, options));
        if (result === undefined) return;
        const segments = rawPath(result.url).split("/");
        expect(segments.filter((part) => DOT_SEGMENT.test(part))).toEqual([]);
        // A URL parser leaves the path as written: nothing to resolve.
        expect(new URL(result.url).pathname.split("/").length).toBe(segments.length);
      }),
      RUNS,
    );
  });

  test("a literal host is never changed", () => {
    fc.assert(
      fc.property(wellFormedArbitrary(), ({ route, options }) => {
        const result = attempt(() => endpoint(route, options));
        if (result === undefined) return;
        expect(new URL(result.url).host).toBe(literalHost(route, options));
      }),
      RUNS,
    );
  });
});

describe("properties over hostile routes, parameters, headers and defaults", () => {
  test("no result's path holds a dot-segment, and a literal host is never changed; on enough runs to mean it", () => {
    let built = 0;
    let hosts = 0;
    fc.assert(
      fc.property(call, ({ route, options }) => {
        const result = attempt(() => endpoint(route, options));
        if (result === undefined) return;
        built++;
        expect(
          rawPath(result.url)
            .split("/")
            .filter((part) => DOT_SEGMENT.test(part)),
        ).toEqual([]);
        const host = literalHost(route, options);
        if (host !== undefined) {
          hosts++;
          expect(new URL(result.url).host).toBe(host);
        }
      }),
      RUNS,
    );
    // Each part of a hostile call is hostile on one run in sixty: about half of the calls get a
    // URL (3.2 % when every part was hostile half the time), and about a tenth have a literal host.
    // (53.9 % of 10,000 got one before a simple expression anywhere in the path needed a value;
    // 49.4 % since, MISSING_PARAMETER up from 355 to 1,020: hence 45 %, not 50 %.)
    expect(built / RUNS.numRuns).toBeGreaterThanOrEqual(HOSTILE_SUCCESSES);
    expect(hosts / RUNS.numRuns).toBeGreaterThanOrEqual(0.05);
  });

  test("every call gives request options or throws an EndpointError, nothing else", () => {
    fc.assert(
      fc.property(call, ({ route, options, defaults }) => {
        const fn = attempt(() => endpoint.defaults(defaults));
        attempt(() => (fn ?? endpoint)(route, options));
      }),
      RUNS,
    );
  });

  test("every result url parses with new URL; a relative template keeps baseUrl's origin", () => {
    fc.assert(
      fc.property(call, ({ route, options }) => {
        const result = attempt(() => endpoint(route, options));
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
});

interface GeneratedCall {
  route: string;
  options: EndpointParameters;
  defaults: EndpointParameters;
}

/**
 * `fn(o)` deep-equals `fn.parse(fn.merge(o))` of the same function, whose target and defaults'
 * credentials `parse()` applies (docs/usage.md, `endpoint.parse`); returns whether the call succeeded.
 */
function mergeThenParseAgrees({ route, options, defaults }: GeneratedCall): boolean {
  const fn = attempt(() => endpoint.defaults(defaults)) ?? endpoint;
  const direct = attempt(() => fn(route, options));
  const merged = attempt(() => fn.merge(route, options));
  const parsed = merged === undefined ? undefined : attempt(() => fn.parse(merged));
  expect(parsed).toEqual(direct);
  return direct !== undefined;
}

/** No argument is changed by a call, nor by editing its result; returns whether the call succeeded. */
function argumentsUnchanged({ route, options, defaults }: GeneratedCall): boolean {
  const before = structuredClone({ options, defaults });
  const fn = attempt(() => endpoint.defaults(defaults)) ?? endpoint;
  const result = attempt(() => fn(route, options));
  // A body built from parameters is the library's own object: editing it must not reach the
  // arguments. (`data` is the caller's own object, passed through by design.)
  if (!Object.hasOwn(options, "data") && !Object.hasOwn(defaults, "data") && result?.body !== null && typeof result?.body === "object") {
    (result.body as Record<string, unknown>).mutated = true;
  }
  expect({ options, defaults }).toEqual(before);
  expect(attempt(() => fn(route, options))).toEqual(attempt(() => fn(route, structuredClone(before.options))));
  return result !== undefined;
}

describe.each([
  ["well-formed calls, of which at least 95 % succeed", wellFormedArbitrary(), 0.95],
  ["hostile calls, of which at least 45 % succeed", callArbitrary(true), HOSTILE_SUCCESSES],
] as const)("the two invariants over %s", (_name, arbitrary, successes) => {
  test.each([
    ["endpoint(o) deep-equals parse(merge(o)), with and without defaults", mergeThenParseAgrees],
    ["no argument is changed by a call", argumentsUnchanged],
  ])("%s", (_invariant, invariant) => {
    let succeeded = 0;
    fc.assert(
      fc.property(arbitrary as fc.Arbitrary<GeneratedCall>, (generated) => {
        if (invariant(generated)) succeeded++;
      }),
      RUNS,
    );
    expect(succeeded / RUNS.numRuns).toBeGreaterThanOrEqual(successes);
  });
});
