import { VersionGate, versionGroup } from './version-gate.js';

/**
 * Small texts a list works out once per lists' version (migration 0019) and reuses until it moves: counted
 * totals (kept-totals.ts) and deep-page milestones (deep-pages.ts). Every table behind a list moves the
 * version, so a newer version drops everything of its group; what else a text depends on is its `scope`. A text is kept
 * under the version read before its rows were, so it may hold newer rows under an older number, never older
 * rows under a newer one. Bytes sent as they are (list items, whole recipes, pages) are kept by KeptBytes.
 */
export class KeptTexts {
  private readonly entries = new Map<string, string>();
  private chars = 0;
  private readonly gate = new VersionGate((group) => {
    const prefix = `${group}|`;
    for (const [key, value] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      this.entries.delete(key);
      this.chars -= key.length + value.length;
    }
  });

  /** ~256 KB of keys and texts (a key counts too: it may be longer than its text), least recently used dropped first. */
  constructor(private readonly maxChars = 256 * 1024) {}

  /**
   * Each text when it is known under `version` in this scope, else undefined. A newer version empties
   * the cache; an older one (a request that read the version before a write committed) finds nothing.
   */
  lookup(version: string, scope: string, ids: readonly string[]): Array<string | undefined> {
    if (!this.gate.admits(version)) return ids.map(() => undefined);
    const group = versionGroup(version);
    return ids.map((id) => {
      const key = `${group}|${scope}/${id}`;
      const value = this.entries.get(key);
      if (value !== undefined) {
        // Most recently used last, so the oldest is dropped first.
        this.entries.delete(key);
        this.entries.set(key, value);
      }
      return value;
    });
  }

  /** Keeps a text computed after `version` was read (nothing when a newer one has been seen since). */
  keep(version: string, scope: string, id: string, value: string): void {
    const key = `${versionGroup(version)}|${scope}/${id}`;
    const size = key.length + value.length;
    if (!this.gate.admits(version) || size > this.maxChars / 8) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.chars -= key.length + previous.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.chars += size;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length + entry.length;
    }
  }
}
