import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';

/**
 * Issue 41, the rule for a meal-plan move made offline: the move carries the entry's updatedAt as the device
 * read it, and is applied only when the entry has not changed since; otherwise the other member's newer entry
 * stays and the device is told (409). A move without updatedAt is Mealie's last write wins.
 */
type Headers = Record<string, string>;
let ctx: TestContext;
let partner: { headers: Headers };

beforeAll(async () => {
  ctx = await createTestContext();
  partner = await createMember(ctx);
});
afterAll(async () => ctx?.close());

async function plan(date: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: ctx.admin, payload: { date, entryType: 'dinner', title: 'Soup' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const put = (headers: Headers, entry: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/households/mealplans/${String(entry.id)}`, headers, payload: entry });
const read = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/households/mealplans/${id}`, headers: ctx.admin })).json();

describe('a meal-plan move based on an older read', () => {
  it('answers updatedAt, and applies a move whose entry has not changed since it was read', async () => {
    const entry = await plan('2026-12-07');
    expect(entry.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const moved = await put(ctx.admin, { ...entry, date: '2026-12-08', entryType: 'lunch' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ date: '2026-12-08', entryType: 'lunch' });
    expect(moved.json().updatedAt > entry.updatedAt).toBe(true);
  });

  it('keeps the other member’s newer change and refuses the stale move with a 409', async () => {
    const entry = await plan('2026-12-07');
    // The partner moves it (online) after this device read it.
    const theirs = await put(partner.headers, { ...entry, date: '2026-12-09' });
    expect(theirs.statusCode, theirs.body).toBe(200);
    // The device's queued move arrives with what it read.
    const mine = await put(ctx.admin, { ...entry, date: '2026-12-10', entryType: 'side' });
    expect(mine.statusCode, mine.body).toBe(409);
    expect(mine.json().detail.message).toMatch(/changed this meal plan entry/);
    expect(await read(entry.id)).toMatchObject({ date: '2026-12-09', entryType: 'dinner' });
    // Sent again (a retry), it is still refused: nothing is applied twice or late.
    expect((await put(ctx.admin, { ...entry, date: '2026-12-10' })).statusCode).toBe(409);
  });

  it('moves the stamp on every write, even two in the same millisecond', async () => {
    const entry = await plan('2026-12-07');
    const first = (await put(ctx.admin, { ...entry, title: 'A' })).json();
    const second = (await put(ctx.admin, { ...first, title: 'B' })).json();
    expect(second.updatedAt > first.updatedAt).toBe(true);
    expect((await put(ctx.admin, { ...first, title: 'C' })).statusCode).toBe(409);
  });

  it('lets the last write win without updatedAt (Mealie clients), and refuses a malformed one with a 400', async () => {
    const entry = await plan('2026-12-07');
    await put(partner.headers, { ...entry, date: '2026-12-09' });
    const { updatedAt: _seen, ...plain } = entry;
    expect((await put(ctx.admin, { ...plain, date: '2026-12-11' })).statusCode).toBe(200);
    expect((await read(entry.id)).date).toBe('2026-12-11');
    const bad = await put(ctx.admin, { ...entry, updatedAt: 'yesterday-ish' });
    expect(bad.statusCode).toBe(400);
    expect((await read(entry.id)).date).toBe('2026-12-11');
  });
});
