/**
 * The JSON of single list items (recipe summaries), reused by every page that shows the same item while the
 * lists' version (migration 0019) has not moved.
 *
 * The read cache keeps whole pages per caller and URL; this keeps the items themselves, so a page it has
 * never seen (another search, filter, order, page or caller) reads only its ids, and an item's rows and
 * serialisation are paid once. Every table behind a list moves the version, so a newer version drops
 * everything; what else an item depends on (for a recipe, the viewer's household: a tool's `onHand`) is its
 * `scope`. An item is kept under the version read before its rows were, so it may hold newer rows under an
 * older number, never older rows under a newer one.
 */
export class ItemCache<V = string> {
  private version = -1n;
  private readonly entries = new Map<string, V>();
  private chars = 0;

  /** ~3 MB of keys and JSON (a key counts too: a small item's may be longer than the item): a household's
   * whole library, or ~90 full pages of a large one. `weigh` is a value's size (characters of a string, bytes of a Buffer). */
  constructor(
    private readonly maxChars = 3 * 1024 * 1024,
    private readonly weigh: (value: V) => number = (value) => String(value).length,
  ) {}

  /**
   * Each item's JSON when it is known under `version` in this scope, else undefined. A newer version empties
   * the cache; an older one (a request that read the version before a write committed) finds nothing.
   */
  lookup(version: string, scope: string, ids: readonly string[]): Array<V | undefined> {
    const asked = BigInt(version);
    if (asked > this.version) {
      this.entries.clear();
      this.chars = 0;
      this.version = asked;
    }
    if (asked !== this.version) return ids.map(() => undefined);
    return ids.map((id) => {
      const key = `${scope}/${id}`;
      const value = this.entries.get(key);
      if (value !== undefined) {
        // Most recently used last, so the oldest is dropped first.
        this.entries.delete(key);
        this.entries.set(key, value);
      }
      return value;
    });
  }

  /** Keeps an item computed after `version` was read (nothing when the version has moved since). */
  keep(version: string, scope: string, id: string, value: V): void {
    const key = `${scope}/${id}`;
    const size = key.length + this.weigh(value);
    if (BigInt(version) !== this.version || size > this.maxChars / 8) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.chars -= key.length + this.weigh(previous);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.chars += size;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length + this.weigh(entry);
    }
  }
}

/**
 * A text's UTF-8 bytes in memory of their own, for a value that is kept. Buffer.from hands out short texts
 * (under 4 KB) as slices of a shared 8 KB pool, and a kept slice pins its whole pool block, with whatever
 * short-lived bytes were cut from it, for as long as it is kept.
 */
export function ownedBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** The same bytes in memory of their own when they are a slice of a larger block (see ownedBytes). */
export function ownedCopy(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
