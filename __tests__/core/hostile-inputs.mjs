import { File } from "node:buffer";
import { readFileSync } from "node:fs";

// The hostile battery's inputs, with the outcome each must have: "ok", or the EndpointError's
// [code, argument]. The inputs of __tests__/core/hostile.test.ts's tables (which assert the full
// outcomes: URLs, messages, bodies) and those of issue 36 ("Reliability 5": server variables, forms,
// FormData beside a content-type, QUERY). __tests__/package.test.ts runs them through the packed
// package under `--conditions=production` and through its full build, and compares: the same
// outcome, and the production message the full one less its rule (docs/errors.md, "Messages in
// production builds"). Plain JavaScript, so that the built package runs it as it is.
//
// `lib` is { endpoint } of the build under test; `queries` is rest-endpoint/queries and `clients`
// rest-endpoint/clients, which have one build each.

const revoked = (target) => {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
};
const throwing = () =>
  Object.defineProperty({}, "x", {
    enumerable: true,
    get() {
      throw new Error("getter");
    },
  });
const graph = (levels) => {
  let node = { leaf: 1 };
  for (let i = 0; i < levels; i++) node = { a: node, b: node };
  return node;
};
const invalid = (code, argument) => [code, argument];
/** Routes whose path holds a dot-segment, each INVALID_PATH_SEGMENT naming `url` (__tests__/fixtures/README.md). */
const DOT_SEGMENT_ROUTES = JSON.parse(readFileSync(new URL("../fixtures/dot-segment-routes.json", import.meta.url), "utf8"));
const AUTHORITY_EXPRESSIONS = JSON.parse(readFileSync(new URL("../fixtures/authority-expressions.json", import.meta.url), "utf8"));
const CONTROLS = ["\x00", "\x01", "\x08", "\x1b", "\x1f", " ", "\t", "\x7f"];

/** @returns {[label: string, call: () => unknown, expected: "ok" | [code: string, argument: string]][]} */
export function hostileInputs({ endpoint }, { withQueries, serverUrl }, { toFetch, toUndici, toNodeHttp }) {
  const rows = [];
  const row = (label, call, expected) => rows.push([label, call, expected]);

  // hostile.test.ts's table: dot-segments, also where a query or fragment expression expands to nothing.
  for (const route of DOT_SEGMENT_ROUTES) row(route, () => endpoint(route), invalid("INVALID_PATH_SEGMENT", "url"));
  row("GET /a{?x}/b", () => endpoint("GET /a{?x}/b", { x: 2, q: 1 }), "ok");
  // A template whose whole origin is one expression.
  const upload = "POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";
  const parameters = { owner: "o", repo: "r", release_id: 1, name: "a b.zip", data: "bytes" };
  for (const origin of ["https://uploads.github.com", "HTTP://127.0.0.1:8080"])
    row(`origin ${origin}`, () => endpoint(upload, { ...parameters, origin }), "ok");
  for (const [origin, code, argument] of [
    ["https://uploads.github.com/x", "INVALID_URL", "origin"],
    ["https://evil.example?", "INVALID_URL", "origin"],
    ["https://", "INVALID_URL", "origin"],
    ["evil.example", "URL_LEAVES_BASE_URL", "url"],
  ])
    row(`origin ${origin}`, () => endpoint(upload, { ...parameters, origin }), invalid(code, argument));
  // An expression after a literal authority.
  for (const [route, given, code, argument] of AUTHORITY_EXPRESSIONS)
    row(`${route} ${JSON.stringify(given)}`, () => endpoint(route, given), invalid(code, argument));
  for (const [route, given] of [
    ["GET https://example.com{/p*}", { p: ["a", "b"] }],
    ["GET https://example.com{+p}", { p: "/a/b?c" }],
    ["GET https://example.com:{port}/x", { port: 8443 }],
    ["GET https://api.{region}.example.com/x", { region: "eu" }],
  ])
    row(`${route} ${JSON.stringify(given)}`, () => endpoint(route, given), "ok");
  // Cost follows distinct objects, within one budget per call.
  row("23 levels in a body parameter", () => endpoint("POST /x", { o: graph(23) }), invalid("TOO_DEEP", "o"));
  row("23 levels in defaults", () => endpoint.defaults({ o: graph(23) }), invalid("TOO_DEEP", "o"));
  row("23 levels in request", () => endpoint("GET /x", { request: { o: graph(23) } }), invalid("TOO_DEEP", "request"));
  row("two body parameters past the budget", () => endpoint("POST /x", { a: graph(18), b: graph(18) }), invalid("TOO_DEEP", "b"));
  row("two merge() parameters past the budget", () => endpoint.merge("GET /x", { a: graph(18), b: graph(18) }), invalid("TOO_DEEP", "b"));
  row("a shared graph within the budget", () => endpoint("POST /x", { o: graph(10) }), "ok");
  // Only EndpointError leaves the library.
  row("a revoked Proxy as a query parameter", () => endpoint("GET /x", { v: revoked([]) }), invalid("INVALID_OPTIONS", "v"));
  row("a revoked Proxy as a path parameter", () => endpoint("GET /x/{v}", { v: revoked({}) }), invalid("INVALID_OPTIONS", "v"));
  row("a revoked Proxy as a body parameter", () => endpoint("POST /x", { v: revoked([]) }), invalid("INVALID_OPTIONS", "v"));
  row(
    "a revoked Proxy as a header value",
    () => endpoint("GET /x", { headers: { "x-a": revoked([]) } }),
    invalid("INVALID_OPTIONS", "options.headers"),
  );
  row(
    "a revoked Proxy as mediaType",
    () => endpoint("GET /x", { mediaType: revoked({}) }),
    invalid("INVALID_MEDIA_TYPE", "options.mediaType"),
  );
  row("a revoked Proxy as the options", () => endpoint("GET /x", revoked({})), invalid("INVALID_OPTIONS", "options"));
  row("a getter that throws, as a parameter", () => endpoint("GET /x", throwing()), invalid("INVALID_OPTIONS", "options.x"));
  row("a getter that throws, in a body value", () => endpoint("POST /x", { v: throwing() }), invalid("INVALID_OPTIONS", "v"));
  row("a getter that throws, in defaults", () => endpoint.defaults({ v: throwing() }), invalid("INVALID_OPTIONS", "v"));
  row(
    "200,000 items exploded",
    () => endpoint("GET /x{/v*}", { v: Array.from({ length: 200_000 }, (_, i) => `i${i}`) }),
    invalid("INVALID_PARAMETER", "v"),
  );
  // Header field values (RFC 9110 section 5.5) and the host field.
  for (const value of ["\u001b[31m", "5 €", "a\u007fb", "\u0100"])
    row(
      `header value ${JSON.stringify(value)}`,
      () => endpoint("GET /", { headers: { "x-a": value } }),
      invalid("INVALID_HEADER_VALUE", "options.headers.x-a"),
    );
  row("header value obs-text", () => endpoint("GET /", { headers: { "x-a": "a b\tc ~ \u00e9\u00ff" } }), "ok");
  for (const [route, host] of [
    ["GET /x", "evil.example"],
    ["GET /x", "api.github.com:8443"],
    ["GET https://ghe.example:8443/x", "ghe.example"],
  ])
    row(`${route} host ${host}`, () => endpoint(route, { headers: { host } }), invalid("INVALID_HEADER_VALUE", "options.headers.host"));
  row(
    "host of a URL with user info",
    () => endpoint("GET https://user:pw@ghe.example:443/x", { headers: { host: "GHE.example:443" } }),
    "ok",
  );
  // Controls in an origin; a literal authority checked as written.
  for (const c of CONTROLS) {
    row(
      `baseUrl ending in ${JSON.stringify(c)}`,
      () => endpoint("GET /x", { baseUrl: `https://h.example${c}` }),
      invalid("INVALID_BASE_URL", "baseUrl"),
    );
    row(
      `an {origin} ending in ${JSON.stringify(c)}`,
      () => endpoint("POST {origin}/x", { origin: `https://uploads.example${c}`, data: "" }),
      invalid("INVALID_URL", "origin"),
    );
  }
  for (const url of ["https://ghe.example\\@.", "https://ghe.example\\@evil.example/x", "https://h.example\\x"])
    row(`url ${url}`, () => endpoint({ method: "GET", url }), invalid("INVALID_URL", "url"));
  // Prototype keys, values JSON has no form for, class instances.
  row("constructor and prototype keys", () => endpoint("GET /x", { constructor: "c", prototype: "p" }), "ok");
  row(
    "a __proto__ key from JSON",
    () => endpoint.defaults({ a: { keep: 1 } })("POST /x", JSON.parse('{"a": {"__proto__": {"polluted": 1}, "b": 2}}')),
    "ok",
  );
  for (const [label, given] of [
    ["a bigint", { n: 10n }],
    ["a Symbol", { n: { s: Symbol("s") } }],
    ["a function", { n: () => 1 }],
    ["NaN", { n: NaN }],
    ["Infinity", { n: { deep: [Infinity] } }],
  ])
    row(`${label} in a body`, () => endpoint("POST /x", given), invalid("INVALID_PARAMETER", "n"));
  const fake = new (class FakeDate {
    get [Symbol.toStringTag]() {
      return "Date";
    }
  })();
  row("a fake Date in the path", () => endpoint("GET /x/{d}", { d: fake }), invalid("INVALID_PARAMETER", "d"));
  row(
    "a 100,000-character name",
    () => endpoint("GET /x", { [`a\r\nb\u001b${"x".repeat(100_000)}`]: Symbol("s") }),
    invalid("INVALID_PARAMETER", `a\r\nb\u001b${"x".repeat(100_000)}`),
  );
  row(
    "URL.canParse made to throw",
    () => {
      const canParse = Object.getOwnPropertyDescriptor(URL, "canParse");
      Object.defineProperty(URL, "canParse", {
        ...canParse,
        value: () => {
          throw new RangeError("injected");
        },
      });
      try {
        return endpoint("GET /x", { baseUrl: `https://internal-error-${Math.random()}.example` });
      } finally {
        Object.defineProperty(URL, "canParse", canParse);
      }
    },
    invalid("INTERNAL_ERROR", "options"),
  );

  // Issue 36: a server variable must not move the host.
  const tenant = { url: "https://{tenant}.example.com/v1", variables: { tenant: { default: "demo" } } };
  for (const value of ["evil.example/", "evil.example:443/", "[::1]/", "evil\uff0eexample", ""])
    row(
      `tenant ${JSON.stringify(value)}`,
      () => endpoint.defaults({ baseUrl: serverUrl(tenant, { tenant: value }) })("GET /x"),
      invalid("INVALID_BASE_URL", "variables.tenant"),
    );
  row("tenant acme", () => endpoint.defaults({ baseUrl: serverUrl(tenant, { tenant: "acme" }) })("GET /x"), "ok");
  // Issue 36: forms lose or alter no field.
  const forms = withQueries(endpoint.defaults({ baseUrl: "https://api.example.com" }), {
    "POST /form": { template: "POST /form", form: { mediaType: "application/x-www-form-urlencoded", deepObject: ["metadata"] } },
    "POST /files": { template: "POST /files", form: { mediaType: "multipart/form-data" } },
  });
  row(
    "a form-style object beside its field",
    () => forms("POST /form", { plain: { email: "x" }, email: "y" }),
    invalid("INVALID_OPTIONS", "email"),
  );
  row(
    "a deepObject beside its written-out name",
    () => forms("POST /form", { metadata: { plan: "a" }, "metadata[plan]": "b" }),
    invalid("INVALID_OPTIONS", "metadata[plan]"),
  );
  row("a lone surrogate in a form value", () => forms("POST /form", { email: "\ud800" }), invalid("INVALID_PARAMETER", "email"));
  row('a multipart name holding "', () => forms("POST /files", { 'a"b': "x" }), invalid("INVALID_PARAMETER", 'a"b'));
  row(
    "a multipart file name holding CR LF",
    () => forms("POST /files", { file: new File(["x"], "a\r\n.txt") }),
    invalid("INVALID_PARAMETER", "file"),
  );
  row("a multipart form", () => forms("POST /files", { title: "t", file: new File(["x"], "a.txt") }).headers, "ok");
  // Issue 36: a content-type beside FormData that no client can frame it under.
  const form = () => {
    const data = new FormData();
    data.append("a", "b");
    return data;
  };
  for (const contentType of ["multipart/form-data; boundary=x", "application/json"])
    for (const convert of [toFetch, toUndici])
      row(
        `${convert.name} FormData with ${contentType}`,
        () => convert(endpoint("POST /x", { data: form(), headers: { "content-type": contentType } })),
        invalid("INVALID_HEADER_VALUE", "headers.content-type"),
      );
  row("toNodeHttp FormData", () => toNodeHttp(endpoint("POST /x", { data: form() })), invalid("INVALID_OPTIONS", "data"));
  // Issue 39, item 10: QUERY carries content.
  row("QUERY with parameters", () => endpoint("QUERY /search{?page}", { q: "x", page: 2 }), "ok");
  row("QUERY with data and a parameter", () => endpoint("QUERY /search", { q: "x", data: "y" }), invalid("INVALID_OPTIONS", "q"));
  return rows;
}
