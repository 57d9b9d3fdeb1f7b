import { createEndpoint } from "../../lib/index.js";
// securityOf as `rest-endpoint/queries` exports it.
import { securityOf, withQueries, type Queries } from "../../lib/openapi/queries.js";

// What else in the process can do (a fresh user's review): a field of a polluted Object.prototype
// named like a table entry's field or a header a credential is sent in changes no request that
// withQueries builds. Before, `Object.prototype["x-api-key"]` left the credential out and
// `Object.prototype.requiredBody = true` made a GET send a body (INVALID_OPTIONS).
const baseUrl = "https://api.example.com";
const queries: Queries = {
  "GET /pets/{id}": { template: "GET /pets/{id}{?fields*}" },
  "POST /pets": { template: "POST /pets", contentType: "application/merge-patch+json" },
};
const security = securityOf(
  {
    schemes: { key: { type: "apiKey", in: "header", name: "X-API-Key" }, session: { type: "apiKey", in: "cookie", name: "SESSION" } },
    routes: { "GET /pets/{id}": [["key", "session"]], "POST /pets": [["key"]] },
  },
  { key: "K", session: "S" },
);
const calls: [string, Record<string, unknown>][] = [
  ["GET /pets/{id}", { id: 1, fields: ["a", "b"] }],
  ["POST /pets", { name: "n" }],
];
/** Each field, with what a polluter sets it to: the type the table's own field has. */
const FIELDS: [string, unknown][] = [
  ["x-api-key", "evil"],
  ["cookie", "evil=1"],
  ["requiredBody", true],
  ["sequence", true],
  ["form", { mediaType: "application/x-www-form-urlencoded" }],
  ["contentType", "text/evil"],
  ["renamed", { id: "evil" }],
  ["headers", { fields: "x-evil" }],
  ["deepObject", ["fields"]],
  ["delimited", { fields: "|" }],
  ["allowReserved", ["fields"]],
  ["bodyFields", ["fields"]],
  ["querystring", { name: "fields", as: "form" }],
];

test.each(FIELDS)("Object.prototype[%j] changes no request", (field, value) => {
  const made = () => withQueries(createEndpoint({ baseUrl }), queries, security) as unknown as (r: string, p: object) => unknown;
  const send = (fn: (r: string, p: object) => unknown) => calls.map(([route, parameters]) => fn(route, parameters));
  const earlier = made();
  const before = send(earlier);
  expect(before[0]).toMatchObject({ url: `${baseUrl}/pets/1?fields=a&fields=b`, headers: { "x-api-key": "K", cookie: "SESSION=S" } });
  Object.defineProperty(Object.prototype, field, { value, configurable: true, writable: true, enumerable: false });
  try {
    // Made before and after the pollution: neither the plan read once nor a call reads an inherited field.
    expect(send(earlier)).toEqual(before);
    expect(send(made())).toEqual(before);
  } finally {
    Reflect.deleteProperty(Object.prototype, field);
  }
});
