import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { up } from './migrations/0039_microsecond_timestamps.js';
import { fromMicros, microsOf, nowIso, timestampOf, toStoredTimestamp } from './timestamps.js';

const STORED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

describe('stored timestamps (microseconds, as Mealie\'s)', () => {
  it('stamps now with six fraction digits, never repeating or going back within a process', () => {
    const stamps = Array.from({ length: 20_000 }, () => nowIso());
    for (const stamp of stamps) expect(stamp).toMatch(STORED);
    for (let i = 1; i < stamps.length; i += 1) expect(stamps[i] > stamps[i - 1], `${stamps[i - 1]} then ${stamps[i]}`).toBe(true);
    expect(Math.abs(Date.parse(stamps[0]) - Date.now())).toBeLessThan(60_000);
  });

  it('reads a client\'s text keeping its microseconds; naive is UTC; offsets fold into UTC', () => {
    expect(toStoredTimestamp('2024-01-02T03:04:05.123456')).toBe('2024-01-02T03:04:05.123456Z');
    expect(toStoredTimestamp('2024-01-02T03:04:05.123456Z')).toBe('2024-01-02T03:04:05.123456Z');
    expect(toStoredTimestamp('2024-01-02 03:04:05.1')).toBe('2024-01-02T03:04:05.100000Z');
    expect(toStoredTimestamp('2024-01-02T03:04:05')).toBe('2024-01-02T03:04:05.000000Z');
    expect(toStoredTimestamp('2024-01-02T03:04')).toBe('2024-01-02T03:04:00.000000Z');
    expect(toStoredTimestamp('2024-01-02')).toBe('2024-01-02T00:00:00.000000Z');
    expect(toStoredTimestamp('2024-01-02T01:04:05.987654+02:00')).toBe('2024-01-01T23:04:05.987654Z');
    expect(toStoredTimestamp('2024-01-02T01:04:05-0130')).toBe('2024-01-02T02:34:05.000000Z');
    expect(toStoredTimestamp('2024-01-02T03:04:05.1234567891Z')).toBe('2024-01-02T03:04:05.123456Z');
    expect(toStoredTimestamp('Tue, 02 Jan 2024 03:04:05 GMT')).toBe('2024-01-02T03:04:05.000000Z');
    expect(toStoredTimestamp('not a date')).toBeNull();
    expect(timestampOf(new Date('2024-01-02T03:04:05.123Z'))).toBe('2024-01-02T03:04:05.123000Z');
    // Finer than Date.parse: two stamps of one millisecond compare, and one microsecond on is the next stamp.
    expect(microsOf('2024-01-02T03:04:05.123456Z')! - microsOf('2024-01-02T03:04:05.123455')!).toBe(1);
    expect(fromMicros(microsOf('2024-01-02T03:04:05.999999Z')! + 1)).toBe('2024-01-02T03:04:06.000000Z');
    expect(microsOf('2024-01-02T03:04:05.123Z')).toBe(microsOf('2024-01-02T03:04:05.123000Z'));
    expect(microsOf('nope')).toBeNull();
  });
});

describe('migration 0039: stored milliseconds become microseconds', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('rewrites only values in the old form, to the same moment', async () => {
    const db = ctx.deps.db;
    const group = await db.selectFrom('groups').select('id').executeTakeFirstOrThrow();
    await db.updateTable('groups').set({ created_at: '2024-01-02T03:04:05.123Z', update_at: '2024-01-02T03:04:05.123456Z' }).where('id', '=', group.id).execute();
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ locked_at: null, created_at: 'odd text' }).where('id', '=', user.id).execute();
    await up(db, ctx.deps.engine);
    const after = await db.selectFrom('groups').select(['created_at', 'update_at']).where('id', '=', group.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ created_at: '2024-01-02T03:04:05.123000Z', update_at: '2024-01-02T03:04:05.123456Z' });
    const untouched = await db.selectFrom('users').select(['created_at', 'locked_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(untouched).toEqual({ created_at: 'odd text', locked_at: null });
    // Run again: nothing in the old form is left, nothing changes.
    await up(db, ctx.deps.engine);
    const count = await sql<{ n: number | string }>`SELECT count(*) AS n FROM groups WHERE created_at LIKE '____-__-__T__:__:__.___Z'`.execute(db);
    expect(Number(count.rows[0].n)).toBe(0);
  });
});
