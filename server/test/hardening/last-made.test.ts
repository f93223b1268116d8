import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 8: a household that locks recipe edits from other households also refuses their last-made.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('PATCH /api/recipes/{slug}/last-made', () => {
  it('follows the household lock on edits from other households', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Locked Stew' } });
    const slug = created.json() as string;
    const neighbour = await createMember(ctx, { username: 'made-neighbour', household: 'Neighbours' });
    const housemate = await createMember(ctx, { username: 'made-housemate' });
    const body = { timestamp: '2024-05-01T12:00:00Z' };

    const refused = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: neighbour.headers, payload: body });
    expect(refused.statusCode).toBe(403);
    const unchanged = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin });
    expect(unchanged.json().lastMade).toBeNull();

    const ok = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: housemate.headers, payload: body });
    expect(ok.statusCode).toBe(200);

    const unlock = await ctx.app.inject({ method: 'PUT', url: '/api/households/preferences', headers: ctx.admin, payload: { lockRecipeEditsFromOtherHouseholds: false } });
    expect(unlock.statusCode).toBe(200);
    const allowed = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: neighbour.headers, payload: body });
    expect(allowed.statusCode).toBe(200);
  });
});
