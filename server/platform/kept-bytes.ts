import { VersionGate, versionGroup } from './version-gate.js';

/**
 * Bytes sent as they are, reused while their group's version (migrations 0019 and 0041) has not moved: the JSON
 * of list items (recipe summaries, shared by every page that shows them), whole recipes, and whole answers (the
 * read cache's pages). Every table they are read from moves the version, so a newer version drops everything
 * of that group (version-gate.ts); what
 * else a value depends on (for a recipe, the viewer's household: a tool's `onHand`) is its `scope`. A value is
 * kept under the version read before its rows were, so it may hold newer rows under an older number, never
 * older rows under a newer one.
 *
 * The bytes are copied into slabs of the cache's own rather than kept as thousands of small buffers. Each small
 * buffer was a block of the C allocator's heap, kept for minutes among the short-lived blocks of every request;
 * when a burst of requests ended, the freed memory around the kept blocks could not go back to the system.
 * A slab is one block above the allocator's mmap threshold (scripts/server-command.mjs), so dropping it
 * returns it whole.
 *
 * The cache is a queue of slabs: a value is appended to the newest, and when the cache is full the oldest is
 * dropped with the values in it, except those found since they were placed, which are copied to the newest
 * (a second chance, as a CLOCK cache gives): what is used keeps being kept, as with least-recently-used.
 */
export class KeptBytes<Meta = undefined> {
  private readonly entries = new Map<string, Entry<Meta>>();
  /** Keys of each group's entries, so a group's newer version drops only its own (version-gate.ts). */
  private readonly groupKeys = new Map<string, Set<string>>();
  private readonly slabs: Slab[] = [];
  private slabTotal = 0;
  private readonly gate = new VersionGate((group) => {
    for (const key of this.groupKeys.get(group) ?? []) this.entries.delete(key);
    this.groupKeys.delete(group);
    // Nothing else kept: the slabs go whole, as they did when one version stood for every group.
    if (this.entries.size === 0) {
      this.slabs.length = 0;
      this.slabTotal = 0;
    }
  });

  /**
   * ~3 MiB in slabs of 128 KiB. A value over a quarter of a slab gets a slab of its own (as large, it is
   * mapped on its own too); one over an eighth of the whole is not kept.
   */
  constructor(
    private readonly maxBytes = 3 * 1024 * 1024,
    private readonly slabBytes = 128 * 1024,
  ) {}

  /**
   * Each item's bytes (and what was kept with them) when known under `version` in this scope, else undefined.
   * A newer version empties the cache; an older one (a request that read the version before a write
   * committed) finds nothing.
   */
  lookup(version: string, scope: string, ids: readonly string[]): Array<Kept<Meta> | undefined> {
    if (!this.gate.admits(version)) return ids.map(() => undefined);
    const group = versionGroup(version);
    return ids.map((id) => {
      const entry = this.entries.get(`${group}|${scope}/${id}`);
      if (entry) entry.used = true;
      return entry;
    });
  }

  /** Keeps a copy of bytes computed after `version` was read (nothing when a newer one has been seen since). */
  keep(version: string, scope: string, id: string, bytes: Buffer, meta: Meta): void {
    if (!this.gate.admits(version) || bytes.length > this.maxBytes / 8) return;
    const group = versionGroup(version);
    const key = `${group}|${scope}/${id}`;
    let keys = this.groupKeys.get(group);
    if (!keys) this.groupKeys.set(group, (keys = new Set()));
    keys.add(key);
    this.place(key, bytes, meta);
  }

  private place(key: string, bytes: Buffer, meta: Meta): void {
    let slab = this.slabs.at(-1);
    if (!slab || slab.used + bytes.length > slab.memory.length) {
      const size = bytes.length > this.slabBytes / 4 ? bytes.length : this.slabBytes;
      slab = { memory: Buffer.allocUnsafeSlow(size), used: 0, keys: [] };
      this.slabs.push(slab);
      this.slabTotal += size;
      while (this.slabTotal > this.maxBytes) this.dropOldest();
      // Second chances given while dropping may have filled the new slab, or made and dropped more.
      if (!this.slabs.includes(slab) || slab.used + bytes.length > slab.memory.length) return this.place(key, bytes, meta);
    }
    const copy = slab.memory.subarray(slab.used, slab.used + bytes.length);
    bytes.copy(copy);
    slab.used += bytes.length;
    slab.keys.push(key);
    this.entries.set(key, { bytes: copy, meta, slab, used: false });
  }

  private dropOldest(): void {
    const oldest = this.slabs.shift();
    if (!oldest) return;
    this.slabTotal -= oldest.memory.length;
    for (const key of oldest.keys) {
      const entry = this.entries.get(key);
      // A value placed again since (kept anew, or given its second chance) is no longer this slab's.
      if (entry?.slab !== oldest) continue;
      if (entry.used) this.place(key, entry.bytes, entry.meta);
      else {
        this.entries.delete(key);
        const group = key.slice(0, key.indexOf('|'));
        const keys = this.groupKeys.get(group);
        keys?.delete(key);
        if (keys?.size === 0) this.groupKeys.delete(group);
      }
    }
  }
}

interface Slab {
  memory: Buffer;
  used: number;
  /** Keys of the values placed here. */
  keys: string[];
}

export interface Kept<Meta> {
  bytes: Buffer;
  meta: Meta;
}

interface Entry<Meta> extends Kept<Meta> {
  slab: Slab;
  /** Found since it was placed. */
  used: boolean;
}

const SCRATCH_CHUNK_BYTES = 256 * 1024;
let scratchChunk = Buffer.allocUnsafeSlow(0);
let scratchUsed = 0;

/**
 * `length` bytes cut from chunks of 256 KiB, as Node cuts small buffers from its 8 KB pool, for the short-lived
 * bytes of a response. A body of a few dozen KB would otherwise be a block of the C allocator's heap of its
 * own; a burst of them, freed only by V8's next full collection, grew that heap among the blocks kept
 * meanwhile, and ~40 MiB stayed resident after a burst of list pages. A chunk is mapped on its own and
 * unmapped when the last buffer cut from it is collected, so a buffer to keep must be copied (KeptBytes does).
 */
function scratch(length: number): Buffer {
  if (length > SCRATCH_CHUNK_BYTES / 4) return Buffer.allocUnsafe(length);
  if (scratchUsed + length > scratchChunk.length) {
    scratchChunk = Buffer.allocUnsafeSlow(SCRATCH_CHUNK_BYTES);
    scratchUsed = 0;
  }
  const bytes = scratchChunk.subarray(scratchUsed, scratchUsed + length);
  // Aligned to 8 bytes, as Node aligns its pool.
  scratchUsed = (scratchUsed + length + 7) & ~7;
  return bytes;
}

/** The parts as one short-lived buffer (see scratch). */
export function joinBytes(parts: readonly Buffer[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = scratch(length);
  let at = 0;
  for (const part of parts) at += part.copy(joined, at);
  return joined;
}

/** A text's UTF-8 bytes as a short-lived buffer (see scratch). */
export function textBytes(text: string): Buffer {
  const bytes = scratch(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
