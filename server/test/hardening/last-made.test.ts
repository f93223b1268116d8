import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../harness.js';

// Issue 9 item 8 refused last-made across a household lock; issue 40 item 7 follows Mealie: marking a recipe made
// is not an edit, so the lock does not apply (a member of another household may say they made it).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('PATCH /api/recipes/{slug}/last-made', () => {
  it('is allowed across the household lock on edits, and changes nothing else of the recipe', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Locked Stew' } });
    const slug = created.json() as string;
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json();
    const neighbour = await createMember(ctx, { username: 'made-neighbour', household: 'Neighbours' });
    const body = { timestamp: '2024-05-01T12:00:00Z' };
    const edit = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: neighbour.headers, payload: { name: 'Renamed' } });
    expect(edit.statusCode).toBe(403);

    const made = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: neighbour.headers, payload: body });
    expect(made.statusCode, made.body).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json();
    expect(after.lastMade).toBe('2024-05-01T12:00:00.000000Z');
    expect({ ...after, lastMade: null }).toEqual({ ...before, lastMade: null });
  });
});
