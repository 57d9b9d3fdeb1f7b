import { BoundedCache } from "../../lib/core/cache.js";

// The cache's contract, not its eviction order: what it holds stays within its bounds, a value is
// computed once while it is kept, and an entry too heavy to be worth keeping is not kept.
describe("BoundedCache", () => {
  const make = () => {
    let computed = 0;
    const cache = new BoundedCache<number>({ entries: 10, bytes: 1600, bytesOf: (key) => key.length });
    return { cache, get: (key: string) => cache.get(key, () => ++computed), computed: () => computed };
  };

  test("holds at most its entries and bytes, whatever the keys", () => {
    const { cache, get } = make();
    for (let i = 0; i < 1000; i++) {
      get(String(i).padStart(1 + (i % 100), "x"));
      expect(cache.held.entries).toBeLessThanOrEqual(10);
      expect(cache.held.bytes).toBeLessThanOrEqual(1600);
    }
  });

  test("computes a value once while it is kept, and gives the value computed", () => {
    const { get, computed } = make();
    expect([get("a"), get("b"), get("a"), get("b")]).toEqual([1, 2, 1, 2]);
    expect(computed()).toBe(2);
  });

  test("keeps no entry heavier than a sixteenth of its bytes", () => {
    const { cache, get, computed } = make();
    const heavy = "y".repeat(101);
    expect([get(heavy), get(heavy)]).toEqual([1, 2]);
    expect([computed(), cache.held]).toEqual([2, { entries: 0, bytes: 0 }]);
  });
});
