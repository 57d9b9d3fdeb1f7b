/** How large a {@link BoundedCache} may grow. */
export interface CacheBounds<V> {
  /** At most this many entries. */
  readonly entries: number;
  /** At most this many bytes, as {@link CacheBounds.bytesOf} estimates them. */
  readonly bytes: number;
  /**
   * The estimated bytes an entry keeps alive: its key and what was computed from it. An entry
   * heavier than `bytes / 16` is not kept: computing it again costs about as much as reading its
   * key, and keeping it would evict the rest.
   */
  readonly bytesOf: (key: string, value: V) => number;
}

/**
 * A bounded cache keyed by strings that keeps what was used recently: two generations, each of at
 * most half the entries and half the bytes. A hit in the young generation costs one lookup and
 * changes nothing; a hit in the old one moves the key to the young; when the young one is full it
 * becomes the old one and the old one is dropped. So the cache holds at most `entries` entries
 * weighing at most `bytes` together, and no sequence of distinct inputs grows the heap without limit.
 */
export class BoundedCache<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  private youngBytes = 0;
  private oldBytes = 0;

  constructor(private readonly bounds: CacheBounds<V>) {}

  /** How many entries, and how many estimated bytes, the cache holds now. */
  get held(): { entries: number; bytes: number } {
    return { entries: this.young.size + this.old.size, bytes: this.youngBytes + this.oldBytes };
  }

  /** The value for `key`, computed by `compute` and kept when it is not too heavy. */
  get(key: string, compute: (key: string) => V): V {
    let value = this.young.get(key);
    if (value !== undefined) return value;
    value = this.old.get(key);
    const { entries, bytes, bytesOf } = this.bounds;
    let weight: number;
    if (value === undefined) {
      value = compute(key);
      weight = bytesOf(key, value);
      if (weight > bytes / 16) return value;
    } else {
      weight = bytesOf(key, value);
      this.old.delete(key);
      this.oldBytes -= weight;
    }
    this.young.set(key, value);
    this.youngBytes += weight;
    if (this.young.size >= entries / 2 || this.youngBytes >= bytes / 2) {
      this.old = this.young;
      this.oldBytes = this.youngBytes;
      this.young = new Map();
      this.youngBytes = 0;
    }
    return value;
  }
}

/** An entry whose value is made of its key (a route's method and URL, a checked baseUrl): the key twice, UTF-16. */
export const stringBytes = (key: string): number => 4 * key.length;
