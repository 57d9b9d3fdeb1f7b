/** How large a {@link BoundedCache} may grow. */
interface CacheBounds<V> {
  /** At most this many entries. */
  readonly entries: number;
  /** At most this many bytes, as {@link CacheBounds.bytesOf} estimates them. */
  readonly maxBytes: number;
  /**
   * The estimated bytes an entry keeps alive: its key and what was computed from it. An entry
   * heavier than `maxBytes / 16` is not kept: computing it again costs about as much as reading its
   * key, and keeping it would evict the rest.
   */
  readonly bytesOf: (key: string, value: V) => number;
}

/**
 * A bounded cache keyed by strings: one map, emptied whenever adding an entry would take it past
 * `entries` entries or `maxBytes` bytes. So it holds at most `entries` entries weighing at most `maxBytes`
 * together, and no sequence of distinct inputs grows the heap without limit; a workload of fewer
 * distinct keys than the bounds (every real API's routes and templates) computes each key once.
 */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  private held = 0;

  constructor(private readonly bounds: CacheBounds<V>) {}

  /** The value for `key`, computed by `compute` and kept when it is not too heavy. */
  get(key: string, compute: (key: string) => V): V {
    let value = this.map.get(key);
    if (value !== undefined) return value;
    value = compute(key);
    const { entries, maxBytes, bytesOf } = this.bounds;
    const weight = bytesOf(key, value);
    if (weight > maxBytes / 16) return value;
    if (this.map.size >= entries || this.held + weight > maxBytes) {
      this.map.clear();
      this.held = 0;
    }
    this.map.set(key, value);
    this.held += weight;
    return value;
  }
}

/** An entry whose value is made of its key (a route's method and URL, a checked baseUrl): the key twice, UTF-16. */
export const stringBytes = (key: string): number => 4 * key.length;
