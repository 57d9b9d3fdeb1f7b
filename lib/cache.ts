/**
 * A bounded least-recently-used cache keyed by strings: at most `entries` entries whose keys hold
 * at most `characters` characters together, so that no sequence of distinct inputs grows the heap
 * without limit. Keys longer than `characters / 16` are not cached at all: computing their value
 * again costs about as much as reading the key, and caching them would evict everything else.
 */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  private size = 0;

  constructor(
    private readonly entries: number,
    private readonly characters: number,
  ) {}

  /** How many entries, and how many key characters, the cache holds now. */
  get held(): { entries: number; characters: number } {
    return { entries: this.map.size, characters: this.size };
  }

  /** The value for `key`, computed by `compute` and kept when `key` is not too long. */
  get(key: string, compute: (key: string) => V): V {
    const { map } = this;
    let value = map.get(key);
    if (value !== undefined) {
      // Least recently used first: a hit moves the key to the end.
      map.delete(key);
      map.set(key, value);
      return value;
    }
    value = compute(key);
    if (key.length <= this.characters / 16) {
      this.size += key.length;
      map.set(key, value);
      for (const oldest of map.keys()) {
        if (map.size <= this.entries && this.size <= this.characters) break;
        this.size -= oldest.length;
        map.delete(oldest);
      }
    }
    return value;
  }
}
