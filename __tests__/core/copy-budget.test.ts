import { endpoint } from "../../lib/index.js";
import { errorOf } from "../helpers/errors.js";

// One call copies at most 1,000,000 values, all its values together (lib/core/values.ts): each array
// counts its items, each object its keys, so that a call's copying is bounded whatever it is given
// (docs/errors.md, TOO_DEEP). Exact: a call at the budget is copied, one value past it is refused.
const items = (count: number): number[] => new Array<number>(count).fill(0);
const TOO_MANY = { code: "TOO_DEEP", message: expect.stringContaining("holds over 1,000,000 values") as string };

describe("the copy budget is exactly 1,000,000 values a call", () => {
  test.each([
    ["an array of 1,000,000 items", { o: items(1_000_000) }, { o: items(1_000_001) }, "o"],
    ["an object's key and its array of 999,999 items", { o: { a: items(999_999) } }, { o: { a: items(1_000_000) } }, "o"],
    ["two parameters of 500,000 items each", { a: items(500_000), b: items(500_000) }, { a: items(500_000), b: items(500_001) }, "b"],
  ])("%s in a body is copied whole; one more item is refused", (_, parameters, over, argument) => {
    const body = endpoint("POST /x", parameters).body as Record<string, unknown>;
    // Compared as JSON: jest's deep equality takes seconds over a million items.
    expect(JSON.stringify(body) === JSON.stringify(parameters)).toBe(true);
    expect(body[argument]).not.toBe((parameters as Record<string, unknown>)[argument]);
    expect(errorOf(() => endpoint("POST /x", over))).toMatchObject({ ...TOO_MANY, argument });
  });

  test.each([
    ["defaults()", (count: number) => endpoint.defaults({ o: items(count) }), "o"],
    ["merge()", (count: number) => endpoint.merge("GET /x", { o: items(count) }), "o"],
    ["request", (count: number) => endpoint("GET /x", { request: { o: items(count) } }), "request"],
  ])("in %s: 1,000,000 values are kept, 1,000,001 refused", (_, call, argument) => {
    // request is an object of one key: its key and 999,999 items make the million.
    const at = argument === "request" ? 999_999 : 1_000_000;
    expect(() => call(at)).not.toThrow();
    expect(errorOf(() => call(at + 1))).toMatchObject({ ...TOO_MANY, argument });
  });
});
