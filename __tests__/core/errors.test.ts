import { describeValue, fail } from "../../lib/core/errors.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { toFetch } from "../../lib/clients/index.js";
import { createEndpoint, endpoint, EndpointError, followLink, gheCom, ghes, VERSION } from "../../lib/index.js";
import { securityOf, withQueries } from "../../lib/openapi/queries.js";
import { packageVersion } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";

describe("EndpointError", () => {
  test("is a TypeError with name, code, argument and the route being built", () => {
    const error = new EndpointError("INVALID_URL", "url", "message");
    expect(error).toBeInstanceOf(TypeError);
    expect({ name: error.name, code: error.code, argument: error.argument, message: error.message, route: error.route }).toEqual({
      name: "EndpointError",
      code: "INVALID_URL",
      argument: "url",
      message: "message. See docs/errors.md#invalid_url",
      route: undefined,
    });
  });
});

describe("fail(code, argument, rule, received?) writes one message form", () => {
  test.each([
    ["a rule and a received value", "must be y", [1], "`options.x` must be y; received 1 (number). See docs/errors.md#invalid_options"],
    ["a rule alone", "must be y", [], "`options.x` must be y. See docs/errors.md#invalid_options"],
    // The production build passes every rule as "" (docs/errors.md, "Messages in production builds").
    ["an empty rule and a received value", "", [1], "`options.x`; received 1 (number). See docs/errors.md#invalid_options"],
    ["an empty rule alone", "", [], "`options.x`. See docs/errors.md#invalid_options"],
  ])("%s", (_case, rule, received, message) => {
    const error = errorOf(() => fail("INVALID_OPTIONS", "options.x", rule, ...(received as [unknown?])));
    expect([error.code, error.argument, error.message]).toEqual(["INVALID_OPTIONS", "options.x", message]);
  });
});

describe("errors carry the route of the call as context", () => {
  test.each([
    // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
    [() => endpoint("GET /repos/{owner}", {}), "GET /repos/{owner}"],
    // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
    [() => endpoint({ method: "POST", url: "/repos/{owner}" }), "POST /repos/{owner}"],
    // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
    [() => endpoint({ url: "/{x:0}" }), "GET /{x:0}"],
    [() => endpoint.merge("GET /a b"), "GET /a b"],
    [() => endpoint.parse({ method: "GET", url: "/{", baseUrl: "https://x" } as never), "GET /{"],
    [() => endpoint(42 as never), undefined],
    [() => (endpoint as (route: unknown, options: unknown) => unknown)({ method: "GET" }, {}), undefined],
  ])("call %# has route %j", (call, route) => {
    try {
      call();
    } catch (error) {
      expect(error).toBeInstanceOf(EndpointError);
      expect((error as EndpointError).route).toBe(route);
      return;
    }
    throw new Error("expected an EndpointError");
  });

  test("a long route is shortened to 200 characters", () => {
    const route = `GET /${"a".repeat(500)}/{x}`;
    expect(() => endpoint(route as "GET /")).toThrow(expect.objectContaining({ route: route.slice(0, 200) }));
  });

  test("the route of a call's error is read-only: assigning it throws and keeps it", () => {
    let error: unknown;
    try {
      (endpoint as (route: string) => unknown)("GET /repos/{owner}");
    } catch (caught) {
      error = caught;
    }
    expect(Object.getOwnPropertyDescriptor(error, "route")).toEqual({
      value: "GET /repos/{owner}",
      writable: false,
      enumerable: true,
      configurable: true,
    });
    expect(() => {
      (error as { route: string }).route = "GET /elsewhere";
    }).toThrow(TypeError);
    expect((error as EndpointError).route).toBe("GET /repos/{owner}");
  });
});

describe("received values are described shortly and safely", () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const throwingConstructor = Object.create(
    Object.defineProperty({}, "constructor", {
      get() {
        throw new Error("no");
      },
    }),
  ) as object;
  test.each([
    ["x".repeat(100), `"${"x".repeat(59)}…" (string of 100 characters)`],
    ["short", '"short" (string)'],
    [1.5, "1.5 (number)"],
    [10n, "10 (bigint)"],
    [false, "false (boolean)"],
    [Symbol("s"), "a Symbol"],
    [() => 1, "a function"],
    [undefined, "undefined"],
    [null, "null"],
    [[1, 2], "an object (array of 2)"],
    [{}, "an object (plain object)"],
    [Object.create(null), "an object (plain object)"],
    [new Map(), "an object (Map)"],
    [Object.create(Object.create(null)), "an object (object)"],
  ])("value %# is described as %s", (value, text) => {
    expect(describeValue(value)).toBe(text);
  });

  test("a revoked Proxy and a throwing constructor getter are described, not thrown", () => {
    expect([describeValue(revoked.proxy), describeValue(throwingConstructor)]).toEqual([
      "an object (unreadable object)",
      "an object (unreadable object)",
    ]);
  });

  test("options whose keys cannot be listed (a Proxy's ownKeys trap throws) name the argument itself", () => {
    const unlisted = new Proxy(
      { owner: "o" },
      {
        ownKeys: () => {
          throw new Error("no keys");
        },
      },
    );
    expect(errorOf(() => endpoint("GET /x", unlisted as never))).toMatchObject({
      code: "INVALID_OPTIONS",
      argument: "options",
      message: "`options` threw an object (Error). See docs/errors.md#invalid_options",
    });
    expect(errorOf(() => endpoint.defaults(unlisted as never))).toMatchObject({ code: "INVALID_OPTIONS", argument: "defaults" });
  });

  test("a revoked Proxy as options is an INVALID_OPTIONS error, not a crash", () => {
    expect(errorOf(() => endpoint("GET /", revoked.proxy as never))).toMatchObject({ code: "INVALID_OPTIONS" });
  });
});

describe("a value of a field that holds credentials by its name is never shown, whichever entry point refuses it", () => {
  const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
  const bearer = { schemes: { bearer: { type: "http", scheme: "bearer" } }, routes: {} } as const;
  const cookieKey = { schemes: { session: { type: "apiKey", in: "cookie", name: "sid" } }, routes: {} } as const;
  /** Each entry point given `secret` where a secret goes, with the argument it names. */
  const entries: [name: string, call: (secret: string) => unknown, argument: string][] = [
    ["a call's authorization", (secret) => endpoint("GET /user", { headers: { Authorization: secret } }), "options.headers.authorization"],
    [
      "a call's proxy-authorization",
      (secret) => endpoint("GET /user", { headers: { "proxy-authorization": secret } }),
      "options.headers.proxy-authorization",
    ],
    ["a call's cookie", (secret) => endpoint("GET /user", { headers: { Cookie: secret } }), "options.headers.cookie"],
    // An API key in a field its API names: the library cannot tell it from another field, and shows none.
    ["a call's x-api-key", (secret) => endpoint("GET /user", { headers: { "X-Api-Key": secret } }), "options.headers.x-api-key"],
    [
      "a generated API's header parameter given to defaults()",
      (secret) =>
        withQueries(createEndpoint({ baseUrl: "https://api.example.com" }), {
          "GET /items": { template: "GET /items", headers: { "Api-Key": "Api-Key" } },
        }).defaults({ "Api-Key": secret } as never)("GET /items" as never),
      "options.headers.api-key",
    ],
    [
      "defaults()' GitHub API version",
      (secret) => endpoint.defaults({ headers: { "x-github-api-version": secret } }),
      "defaults.headers.x-github-api-version",
    ],
    ["defaults()", (secret) => endpoint.defaults({ headers: { authorization: secret } }), "defaults.headers.authorization"],
    [
      "createEndpoint() on a GHE.com target",
      (secret) => createEndpoint({ headers: { authorization: secret } }, gheCom("octocorp")),
      "defaults.headers.authorization",
    ],
    ["a generated API's bearer credential", (secret) => securityOf(bearer, { bearer: secret }), "credentials.bearer"],
    ["a generated API's cookie credential", (secret) => securityOf(cookieKey, { session: secret }), "credentials.session"],
    // A token given whole where an object of them is due.
    ["a generated API's credentials() given the token alone", (secret) => securityOf(bearer, secret as never), "credentials"],
    [
      "withQueries given the token where credentials() is due",
      (secret) => withQueries(createEndpoint({ baseUrl: "https://api.example.com" }), {}, secret as never),
      "security",
    ],
    ["a call's headers given as one string", (secret) => endpoint("GET /user", { headers: secret as never }), "options.headers"],
    ["defaults()' headers given as one string", (secret) => endpoint.defaults({ headers: secret as never }), "defaults.headers"],
  ];

  test.each(entries)("%s: the argument named, the value by its length alone", (_name, call, argument) => {
    const error = errorOf(() => call(`token ${token}\n`));
    expect(error.argument).toBe(argument);
    expect(error.message).toContain(`; received a string of ${`token ${token}\n`.length} characters, not shown.`);
    expect(error.message).not.toContain("ghp_");
  });

  test("any token with a control character anywhere: the message shows its length alone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...entries),
        fc.stringMatching(/^[\w.~+/-]{8,60}$/),
        fc.nat(),
        fc.constantFrom("\n", "\r", "\u0000", "\u007f"),
        ([, call], token, at, control) => {
          const cut = at % (token.length + 1);
          const secret = token.slice(0, cut) + control + token.slice(cut);
          const error = errorOf(() => call(secret));
          expect(error.message.slice(error.message.indexOf("; received"))).toBe(
            `; received a string of ${secret.length} characters, not shown. See docs/errors.md#${error.code.toLowerCase()}`,
          );
        },
      ),
    );
  });

  test("docs/errors.md's example prints what the call throws", () => {
    const error = errorOf(() => endpoint.defaults({ headers: { authorization: `token ${token}\n` } }));
    expect(readFileSync(join(__dirname, "..", "..", "docs", "errors.md"), "utf8")).toContain(
      `endpoint.defaults({ headers: { authorization: "token ${token}\\n" } });\n// EndpointError ${error.code}: ${error.message}\n`,
    );
  });

  test("a value of any other argument is still shown, and so is a header field's name, which is no secret", () => {
    expect(errorOf(() => endpoint("GET /user", { mediaType: { format: "a\nb" } })).message).toContain('; received "a\\nb" (string)');
    expect(errorOf(() => endpoint("GET /user", { headers: { "x a": "b" } })).message).toContain('; received "x a" (string)');
    // docs/errors.md: a name that holds a token is shown as any name.
    expect(errorOf(() => endpoint("GET /user", { headers: { "Authorization: token x": "" } })).message).toContain(
      '; received "Authorization: token x" (string)',
    );
  });

  test("a getter of one that throws the token: what it threw is shown by its length alone", () => {
    const headers = Object.defineProperty({}, "authorization", {
      enumerable: true,
      get() {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a caller's getter may throw anything
        throw `token ${token}`;
      },
    });
    expect(errorOf(() => endpoint("GET /user", { headers }))).toMatchObject({
      code: "INVALID_OPTIONS",
      message: `\`options.headers\` threw a string of ${`token ${token}`.length} characters, not shown. See docs/errors.md#invalid_options`,
    });
  });
});

describe("a URL is shown up to its query or fragment wherever an error shows it, and only a URL", () => {
  // Where a generated API's credentials() puts a key, where a server repeats it, where an implicit
  // grant's token comes (a fragment): a value received for an argument that holds a URL, and the
  // route of every call, written as a string or as request options.
  const key = "key=SEKRET";
  /** The refusal `call` throws: its code, argument and route as given, `shown` in its message, the key nowhere in it. */
  const expectCut = (call: () => unknown, expected: readonly (string | undefined)[]): void => {
    const [code, argument, shown, route] = expected as [string, string, string, string | undefined];
    let error: EndpointError | undefined;
    try {
      call();
    } catch (thrown) {
      error = thrown as EndpointError;
    }
    expect(error).toBeInstanceOf(EndpointError);
    expect([error!.code, error!.argument, error!.route]).toEqual([code, argument, route]);
    expect(error!.message).toContain(shown);
    expect(JSON.stringify([error, error!.message])).not.toContain("SEKRET");
  };
  test.each([
    [
      "a route written as a string",
      () => endpoint(`GET https://api.github.com/a?${key}&x={bad` as never),
      ["INVALID_URL_TEMPLATE", "url", '"https://api.github.com/a?…" (string)', "GET https://api.github.com/a?…"],
    ],
    [
      "a route's second space after its ?",
      () => endpoint.merge(`GET /a?${key} b`),
      ["INVALID_ROUTE", "route", '"GET /a?…" (string)', "GET /a?…"],
    ],
    [
      "request options whose URL holds a token in its fragment",
      () => endpoint({ method: "GET", url: "https://api.github.com/a#access_token=SEKRET{" } as never),
      ["INVALID_URL_TEMPLATE", "url", '"https://api.github.com/a#…" (string)', "GET https://api.github.com/a#…"],
    ],
    [
      "a baseUrl without a scheme",
      () => endpoint("GET /a", { baseUrl: `api.example.com?${key}` }),
      ["INVALID_BASE_URL", "baseUrl", '"api.example.com?…" (string)', "GET /a"],
    ],
    [
      "a GHES origin",
      () => ghes(`ghe.example.com?${key}`, "3.19"),
      ["INVALID_BASE_URL", "origin", '"ghe.example.com?…" (string)', undefined],
    ],
    [
      "a link field that repeats the key",
      () => followLink(endpoint("GET /a"), { link: `<https://api.github.com/a?${key}; rel="next"` }),
      ["INVALID_HEADER_VALUE", "responseHeaders.link", '"<https://api.github.com/a?…" (string)', undefined],
    ],
    [
      "a URL given to a converter where request options are due",
      () => toFetch(`https://api.github.com/a?${key}` as never),
      ["INVALID_OPTIONS", "options", '"https://api.github.com/a?…" (string)', undefined],
    ],
  ])("%s", (_name, call, [code, argument, received, route]) => {
    expectCut(call, [code, argument, `; received ${received}. See docs/errors.md#`, route]);
  });

  // A fourth review: where a key still showed, each the same rule's.
  test.each([
    [
      "text after a query expression",
      () => endpoint(`GET https://api.github.com/items/{id}{?page}&${key}` as never),
      ["MISSING_PARAMETER", "id", "`id` is missing", "GET https://api.github.com/items/{id}{?page}&…"],
    ],
    [
      "an unclosed query expression",
      () => endpoint(`GET https://api.github.com/x{?${key}` as never),
      ["INVALID_URL_TEMPLATE", "url", 'received "https://api.github.com/x{…" (string)', "GET https://api.github.com/x{…"],
    ],
    [
      "an invalid expression in the query, which the rule names without showing",
      () => endpoint('GET https://api.github.com/items?auth={"api_key":"SEKRET"}' as never),
      ["INVALID_URL_TEMPLATE", "url", "has an invalid expression in its query or fragment", "GET https://api.github.com/items?…"],
    ],
    [
      "an origin variable of another name than origin",
      () =>
        createEndpoint({ baseUrl: "https://api.example.com" })("GET {host}/items", { host: `https://api.example.com/v1?${key}` } as never),
      ["INVALID_URL", "host", 'received "https://api.example.com/v1?…" (string)', "GET {host}/items"],
    ],
    [
      "a target's origins",
      () => createEndpoint({}, { name: "t", defaults: {}, origins: [`https://api.example.com?${key}`] }),
      ["INVALID_OPTIONS", "target.origins[0]", 'received "https://api.example.com?…" (string)', undefined],
    ],
    [
      "a target's request step that throws: the target's error, not the library's defect",
      () =>
        createEndpoint(
          { baseUrl: "https://api.example.com" },
          {
            name: "t",
            defaults: {},
            request: (options: { url: string }) => {
              throw new Error(`refused ${options.url}`);
            },
          },
        )(`GET /items?${key}`),
      ["INVALID_OPTIONS", "target.request", "`target.request` threw an object (Error)", "GET /items?…"],
    ],
    [
      "a target's route step that throws",
      () =>
        createEndpoint(
          { baseUrl: "https://api.example.com" },
          {
            name: "t",
            defaults: {},
            route: ({ url }: { url: string }) => {
              // eslint-disable-next-line @typescript-eslint/only-throw-error -- a caller's step may throw anything
              throw `refused ${url}`;
            },
          },
        )(`GET /items?${key}`),
      ["INVALID_OPTIONS", "target.route", '`target.route` threw "refused /items?…" (string)', "GET /items?…"],
    ],
    [
      "a variable's value with a ?, pct-encoded before the URL is refused",
      () => createEndpoint({ baseUrl: "https://api.example.com" })("GET {host}/items", { host: `api.example.com?${key}` } as never),
      ["URL_LEAVES_BASE_URL", "url", 'received "https://api.example.comapi.example.com%…"', "GET {host}/items"],
    ],
    [
      "user information in a URL (RFC 3986 section 3.2.1)",
      () => endpoint("GET https://u:SEKRET@api.github.com/{id}" as never),
      ["MISSING_PARAMETER", "id", "`id` is missing", "GET https://…@api.github.com/{id}"],
    ],
    // A fresh-eyes battery: user information after `//` alone, or after a scheme without slashes
    // (which a URL parser reads as `https://u:p@h`), was shown whole.
    [
      "user information after // alone",
      () => endpoint("GET /x", { baseUrl: "//u:SEKRET@h.example" }),
      ["INVALID_BASE_URL", "baseUrl", 'received "//…@h.example"', "GET /x"],
    ],
    [
      "a password that holds an @: cut up to the last one, as a URL parser reads it",
      () => endpoint("GET /x", { baseUrl: "https://u:p@SEKRET@h.example x" }),
      ["INVALID_BASE_URL", "baseUrl", 'received "https://…@h.example x"', "GET /x"],
    ],
    [
      "user information after a scheme without slashes",
      () => endpoint("GET /x", { baseUrl: "https:u:SEKRET@h.example" }),
      ["INVALID_BASE_URL", "baseUrl", 'received "https:…@h.example"', "GET /x"],
    ],
    [
      "user information after a scheme and backslashes",
      () => endpoint("GET /x", { baseUrl: "https:\\\\u:SEKRET@h.example" }),
      ["INVALID_BASE_URL", "baseUrl", "…@h.example", "GET /x"],
    ],
    [
      "user information in a route's URL after //",
      () => endpoint("GET //u:SEKRET@h.example/x"),
      ["INVALID_URL", "url", 'received "//…@h.example/x"', "GET //…@h.example/x"],
    ],
    [
      "a GHES origin with user information",
      () => ghes("https:u:SEKRET@ghe.example", "3.19"),
      ["INVALID_BASE_URL", "origin", 'received "https:…@ghe.example"', undefined],
    ],
    [
      "a method that holds a # (a token character): the method as written",
      () => endpoint("GE#T /x/{id}" as never),
      ["MISSING_PARAMETER", "id", "`id` is missing", "GE#T /x/{id}"],
    ],
  ])("%s", (_name, call, expected) => {
    expectCut(call, expected);
  });

  test("a value that is no URL is shown whole, though it holds :// and ?", () => {
    expect(errorOf(() => endpoint("GET /a", { mediaType: { format: "raw://x?y z" } })).message).toContain(
      '; received "raw://x?y z" (string)',
    );
    expect(errorOf(() => endpoint("GET /a", { headers: { "http://x?y z": "1" } })).message).toContain('; received "http://x?y z" (string)');
    // A header field whose name ends as a URL's argument does (`…request`, `…origin`) is a header
    // field: its value is not shown at all, a URL in it (`referer: https://…?api_key=…`) neither.
    expect(errorOf(() => endpoint("GET /a", { headers: { "x-request": "a?b\n" } })).message).toContain(
      "; received a string of 4 characters, not shown",
    );
    expect(errorOf(() => endpoint("GET /a", { headers: { referer: "https://x?api_key=k\n" } })).message).toContain(
      "; received a string of 20 characters, not shown",
    );
  });

  test("a template's expressions are no query or fragment, and stay; the text between them is cut", () => {
    expect(describeValue("/a{?page}{#section}?x", true)).toBe('"/a{?page}{#section}?…" (string)');
    expect(describeValue("/a?x={y}&k=S", true)).toBe('"/a?…{y}&…" (string)');
    expect(describeValue("/a?", true)).toBe('"/a?" (string)');
    // An invalid expression in the path is quoted, as the cut URL shows it; one in the query is named.
    expect(errorOf(() => endpoint("GET /a/{x=1}/b?c" as never)).message).toBe(
      '`url` has an invalid expression "{x=1}"; received "/a/{x=1}/b?…" (string). See docs/errors.md#invalid_url_template',
    );
    expect(describeValue("/a{?page}?x", false)).toBe('"/a{?page}?x" (string)');
  });
});

describe("VERSION", () => {
  test("is package.json's version", () => {
    expect(VERSION).toBe(packageVersion);
  });
});
