import { describe, expect, it } from 'vitest';
import { joinBytes, KeptBytes, textBytes } from './kept-bytes.js';

const text = (kept: { bytes: Buffer } | undefined) => kept?.bytes.toString('utf8');

describe('KeptBytes', () => {
  it('finds bytes, and what was kept with them, only under the version and scope they were kept under', () => {
    const cache = new KeptBytes<string | null>();
    expect(cache.lookup('5', 'h1', ['a'])).toEqual([undefined]);
    cache.keep('5', 'h1', 'a', Buffer.from('{"id":"a"}'), '2026-11-29');
    const [found, missing] = cache.lookup('5', 'h1', ['a', 'b']);
    expect(text(found)).toBe('{"id":"a"}');
    expect(found?.meta).toBe('2026-11-29');
    expect(missing).toBeUndefined();
    expect(cache.lookup('5', 'h2', ['a'])).toEqual([undefined]);
  });

  it('drops everything when a newer version is seen, and an older one neither finds nor keeps anything', () => {
    const cache = new KeptBytes();
    cache.lookup('5', '', ['a']);
    cache.keep('5', '', 'a', Buffer.from('five'), undefined);
    expect(cache.lookup('6', '', ['a'])).toEqual([undefined]);
    cache.keep('6', '', 'a', Buffer.from('six'), undefined);
    // A request that read 5 before the write committed: nothing, and its rows are not kept under 5 or 6.
    expect(cache.lookup('5', '', ['a'])).toEqual([undefined]);
    cache.keep('5', '', 'b', Buffer.from('five'), undefined);
    expect(cache.lookup('6', '', ['a', 'b']).map(text)).toEqual(['six', undefined]);
    // Versions compare as numbers, not text.
    expect(cache.lookup('10', '', ['a'])).toEqual([undefined]);
  });

  it('keeps each group under its own version: a newer one for one group drops nothing of another', () => {
    const cache = new KeptBytes();
    cache.keep('g1:5', 'h', 'a', Buffer.from('g1 five'), undefined);
    cache.keep('g2:7', 'h', 'a', Buffer.from('g2 seven'), undefined);
    // The same scope and id in two groups are two values.
    expect(cache.lookup('g1:5', 'h', ['a']).map(text)).toEqual(['g1 five']);
    expect(cache.lookup('g1:6', 'h', ['a'])).toEqual([undefined]);
    expect(cache.lookup('g2:7', 'h', ['a']).map(text)).toEqual(['g2 seven']);
    // g1's older number is refused; g2 is untouched.
    cache.keep('g1:5', 'h', 'b', Buffer.from('late'), undefined);
    expect(cache.lookup('g1:6', 'h', ['b'])).toEqual([undefined]);
    cache.keep('g1:6', 'h', 'a', Buffer.from('g1 six'), undefined);
    expect([...cache.lookup('g1:6', 'h', ['a']), ...cache.lookup('g2:7', 'h', ['a'])].map(text)).toEqual(['g1 six', 'g2 seven']);
  });

  it('keeps what is computed under a newer version before anything was looked up under it (a reload with no-cache)', () => {
    const cache = new KeptBytes();
    cache.keep('5', '', 'a', Buffer.from('five'), undefined);
    cache.keep('6', '', 'b', Buffer.from('six'), undefined);
    expect(cache.lookup('6', '', ['a', 'b']).map(text)).toEqual([undefined, 'six']);
  });

  it('keeps a copy in a slab of its own memory, not the caller\'s buffer or a slice of Node\'s pool', () => {
    const cache = new KeptBytes(4096, 1024);
    cache.lookup('1', '', []);
    const made = Buffer.from('{"name":"Crème brûlée"}');
    cache.keep('1', '', 'a', made, undefined);
    made.fill(0);
    const [kept] = cache.lookup('1', '', ['a']);
    expect(text(kept)).toBe('{"name":"Crème brûlée"}');
    expect(kept?.bytes.buffer.byteLength).toBe(1024);
  });

  it('holds at most its size, dropping the oldest slab whole, and keeps what is looked up again', () => {
    // Slabs of 100 bytes hold 10 values of 10 bytes; the cache holds 4 slabs.
    const cache = new KeptBytes(400, 100);
    const value = (id: string) => Buffer.from(id.padEnd(10, '.'));
    cache.lookup('1', '', []);
    for (let i = 0; i < 40; i += 1) cache.keep('1', '', `r${String(i).padStart(2, '0')}`, value(`r${i}`), undefined);
    // A fifth slab drops the first, with r00-r09.
    cache.keep('1', '', 'x', value('x'), undefined);
    expect(cache.lookup('1', '', ['r00', 'r09', 'x']).map(text)).toEqual([undefined, undefined, 'x.........']);
    // r10 is found again, so it gets a second chance when its slab is dropped.
    expect(cache.lookup('1', '', ['r10']).map(text)).toEqual(['r10.......']);
    // Eighteen more values fill the newest slab and one more, which drops the second slab: r10 is copied to
    // the newest, its neighbours go.
    for (let i = 0; i < 18; i += 1) cache.keep('1', '', `z${i}`, value(`z${i}`), undefined);
    expect(cache.lookup('1', '', ['r10', 'r11', 'r19', 'r20', 'z17']).map(text)).toEqual(['r10.......', undefined, undefined, 'r20.......', 'z17.......']);
  });

  it('stays within its size and returns what was kept last, however values are kept and found', () => {
    const cache = new KeptBytes<number>(2000, 200);
    const kept = new Map<string, string>();
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    cache.lookup('1', '', []);
    for (let step = 0; step < 5000; step += 1) {
      const key = `k${next(60)}`;
      if (next(3) === 0) {
        const value = `${key}:${step}:`.padEnd(5 + next(70), '#');
        cache.keep('1', '', key, Buffer.from(value), step);
        kept.set(key, value);
      } else {
        // Everything is found again and again, so every drop gives second chances.
        const [found] = cache.lookup('1', '', [key]);
        if (found) expect(text(found)).toBe(kept.get(key));
      }
      const slabs = (cache as unknown as { slabs: Array<{ memory: Buffer }> }).slabs;
      expect(slabs.reduce((sum, slab) => sum + slab.memory.length, 0)).toBeLessThanOrEqual(2000);
    }
    expect(cache.lookup('1', '', [...kept.keys()]).filter(Boolean).length).toBeGreaterThan(10);
  });

  it('gives a large value a slab of its own and never keeps one over an eighth of the whole', () => {
    const cache = new KeptBytes(1000, 100);
    cache.lookup('1', '', []);
    cache.keep('1', '', 'large', Buffer.from('x'.repeat(60)), undefined);
    expect(cache.lookup('1', '', ['large'])[0]?.bytes.buffer.byteLength).toBe(60);
    cache.keep('1', '', 'small', Buffer.from('s'.repeat(10)), undefined);
    cache.keep('1', '', 'huge', Buffer.from('h'.repeat(126)), undefined);
    expect(cache.lookup('1', '', ['large', 'small', 'huge']).map(text)).toEqual(['x'.repeat(60), 's'.repeat(10), undefined]);
  });
});

describe('short-lived bytes', () => {
  it('are UTF-8 text and joined parts, each its own range that a later one never overwrites', () => {
    const first = textBytes('{"name":"Crème brûlée"}');
    const joined = joinBytes([Buffer.from('['), first, Buffer.from(','), textBytes('"ok"'), Buffer.from(']')]);
    const large = joinBytes([Buffer.alloc(100_000, 120)]);
    expect(first.toString('utf8')).toBe('{"name":"Crème brûlée"}');
    expect(joined.toString('utf8')).toBe('[{"name":"Crème brûlée"},"ok"]');
    expect(large.length).toBe(100_000);
    expect(large.every((byte) => byte === 120)).toBe(true);
  });
});
