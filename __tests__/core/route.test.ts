import { endpoint } from "../../lib/index.js";
import { errorOf } from "../helpers/errors.js";

describe("routes that are not <METHOD> <URL> are rejected", () => {
  test.each([
    ["", "INVALID_ROUTE"],
    ["   ", "INVALID_ROUTE"],
    ["GET /a b", "INVALID_ROUTE"],
    ["GET  /a", "INVALID_ROUTE"],
    ["GET /a /b", "INVALID_ROUTE"],
    ["GE(T /x", "INVALID_METHOD"],
    ["GÉT /x", "INVALID_METHOD"],
    ["G\u0000T /x", "INVALID_METHOD"],
  ])("%j throws %s", (route, code) => {
    const error = errorOf(() => endpoint(route as "GET /"));
    expect({ code: error.code, argument: error.argument }).toEqual({ code, argument: "route" });
  });

  test.each([[42], [null], [true], [Symbol("GET /")]])("a %p route throws INVALID_ROUTE", (route) => {
    expect(errorOf(() => endpoint(route as unknown as "GET /"))).toMatchObject({ code: "INVALID_ROUTE", argument: "route" });
  });

  test("the message names the argument, the rule and what was received", () => {
    expect(errorOf(() => endpoint("GET /a b")).message).toBe(
      '`route` has a second space; received "GET /a b" (string). See docs/errors.md#invalid_route',
    );
  });

  test("an options object as first argument takes no second one", () => {
    expect(errorOf(() => (endpoint as (a: unknown, b: unknown) => unknown)({ url: "/" }, {}))).toMatchObject({ code: "INVALID_ROUTE" });
  });

  test.each(["PATCH", "M-SEARCH", "custom!#$%&'*+.^_`|~"])("the RFC 9110 token %s is a method", (method) => {
    expect(endpoint(`${method} /x` as "GET /").method).toBe(method.toLowerCase());
  });
});
