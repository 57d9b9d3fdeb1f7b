/**
 * A bounded cache keyed by strings that keeps what was used recently: two generations, each of at
 * most half the entries and half the characters. A hit in the young generation costs one lookup
 * and changes nothing; a hit in the old one moves the key to the young; when the young one is full
 * it becomes the old one and the old one is dropped. So the cache holds at most `entries` entries
 * whose keys hold at most `characters` characters together, and no sequence of distinct inputs
 * grows the heap without limit. Keys longer than `characters / 16` are not cached at all: computing
 * their value again costs about as much as reading the key, and caching them would evict the rest.
 */
export class BoundedCache<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  private youngCharacters = 0;
  private oldCharacters = 0;

  constructor(
    private readonly entries: number,
    private readonly characters: number,
  ) {}

  /** How many entries, and how many key characters, the cache holds now. */
  get held(): { entries: number; characters: number } {
    return { entries: this.young.size + this.old.size, characters: this.youngCharacters + this.oldCharacters };
  }

  /** The value for `key`, computed by `compute` and kept when `key` is not too long. */
  get(key: string, compute: (key: string) => V): V {
    let value = this.young.get(key);
    if (value !== undefined) return value;
    value = this.old.get(key);
    if (value === undefined) {
      value = compute(key);
      if (key.length > this.characters / 16) return value;
    } else {
      this.old.delete(key);
      this.oldCharacters -= key.length;
    }
    this.young.set(key, value);
    this.youngCharacters += key.length;
    if (this.young.size >= this.entries / 2 || this.youngCharacters >= this.characters / 2) {
      this.old = this.young;
      this.oldCharacters = this.youngCharacters;
      this.young = new Map();
      this.youngCharacters = 0;
    }
    return value;
  }
}
