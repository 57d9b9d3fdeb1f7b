import { BoundedCache } from "../../lib/core/cache.js";

// The cache's contract through what its user sees, `get` and how often `compute` runs (the heap it
// keeps, through endpoint(): memory.slow.test.ts): a value is computed once while it is kept, the
// bounds are held, and an entry too heavy to be worth keeping is not kept. Not its eviction order.
describe("BoundedCache", () => {
  /** A cache of at most `entries` entries and 1,600 bytes (a key weighs its length), and the keys it computed, in order. */
  const make = (entries: number) => {
    const computed: string[] = [];
    const cache = new BoundedCache<string>({ entries, maxBytes: 1600, bytesOf: (key) => key.length });
    return { get: (key: string) => cache.get(key, (k) => (computed.push(k), `value of ${k}`)), computed };
  };
  const keys = (count: number, length: number): string[] => Array.from({ length: count }, (_, i) => String(i).padStart(length, "x"));

  test("computes a value once while it is kept, and gives the value computed", () => {
    const { get, computed } = make(10);
    expect([get("a"), get("b"), get("a"), get("b")]).toEqual(["value of a", "value of b", "value of a", "value of b"]);
    expect(computed).toEqual(["a", "b"]);
  });

  test.each([
    ["10 keys, at most 10 entries: all kept", 10, keys(10, 1), false],
    ["11 keys, at most 10 entries: not all kept", 10, keys(11, 1), true],
    ["16 keys of 100 bytes, at most 1,600 bytes: all kept", 100, keys(16, 100), false],
    ["17 keys of 100 bytes, at most 1,600 bytes: not all kept", 100, keys(17, 100), true],
  ])("%s", (_case, entries, asked, recomputed) => {
    const { get, computed } = make(entries);
    for (const key of [...asked, ...asked]) get(key);
    expect(computed.length > asked.length).toBe(recomputed);
  });

  test("keeps an entry of a sixteenth of its bytes, none heavier, and a heavy one leaves the others kept", () => {
    const { get, computed } = make(10);
    const [kept, heavy] = ["k".repeat(100), "h".repeat(101)];
    for (const key of ["a", kept, heavy, kept, heavy, "a"]) get(key);
    expect(computed).toEqual(["a", kept, heavy, heavy]);
  });
});
