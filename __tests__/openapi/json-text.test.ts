import { checkedJsonText } from "../../lib/openapi/serializers/json-text.js";
import { errorOf } from "../helpers/errors.js";

// The JSON text of a querystring or a sequence item (lib/openapi/serializers/json-text.ts): what
// JSON.stringify would send altered or drop is refused, naming the path inside the value.
describe("checkedJsonText", () => {
  test.each([
    [{ a: [1, "x", true, null], b: { c: new Date(0) }, d: undefined }, '{"a":[1,"x",true,null],"b":{"c":"1970-01-01T00:00:00.000Z"}}'],
    ["text", '"text"'],
    [0, "0"],
  ])("%j is written as JSON.stringify writes it", (value, text) => {
    expect(checkedJsonText(value, "q")).toBe(text);
  });

  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  const deep: unknown[] = [];
  let inner = deep;
  for (let i = 0; i < 300; i++) inner = inner[0] = [] as unknown[];
  const shared = { x: 1 };
  test.each([
    ["a cycle", cycle, "q.self", "holds itself (a cycle)"],
    ["nesting past 256 levels", deep, `q${".0".repeat(257)}`, "nests deeper than 256 levels"],
    ["a sparse list", [1, , 2], "q.1", "is a hole in a sparse list"], // eslint-disable-line no-sparse-arrays
    ["a BigInt", { n: 1n }, "q.n", "must have a JSON text; received"],
    ["a symbol alone", Symbol("s"), "q", "must have a JSON text, the query; received"],
  ])("%s is INVALID_PARAMETER naming its path", (_, value, argument, rule) => {
    const error = errorOf(() => checkedJsonText(value, "q", ", the query"));
    expect(error).toMatchObject({ code: "INVALID_PARAMETER", argument });
    expect(error.message).toContain(rule);
  });

  test("an object met twice, not inside itself, is no cycle", () => {
    expect(checkedJsonText({ a: shared, b: [shared] }, "q")).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });
});
