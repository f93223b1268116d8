import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 14: Mealie compatibility and small rights fixes.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('compatibility', () => {
  it('a label with colour "" gets the default colour; colours must be colours', async () => {
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/groups/labels', headers: ctx.admin, payload: { name: 'No colour', color: '' } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().color).toBe('#959595');
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/groups/labels', headers: ctx.admin, payload: { name: 'Red', color: '#ff0000' } });
    expect(ok.json().color).toBe('#ff0000');
    for (const color of ['red', 'javascript:alert(1)', '#12345', '#gggggg']) {
      const bad = await ctx.app.inject({ method: 'POST', url: '/api/groups/labels', headers: ctx.admin, payload: { name: `Bad ${color}`, color } });
      expect(bad.statusCode, color).toBe(422);
    }
  });

  it('creating a household with an empty or malformed groupId is a 422, as in Mealie', async () => {
    for (const groupId of ['', 'not-a-uuid']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/households', headers: ctx.admin, payload: { name: 'H', groupId } });
      expect(res.statusCode, groupId).toBe(422);
    }
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/admin/households', headers: ctx.admin, payload: { name: 'H', groupId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('errors Fastify answers itself use Mealie\'s shape', async () => {
    const badUrl = await ctx.app.inject({ method: 'GET', url: '/api/recipes/%E0%A4%A', headers: ctx.admin });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ detail: { message: 'Malformed URL', error: true, exception: null } });
  });

  it('only members who manage the group may purge its exports', async () => {
    const member = await createMember(ctx, { username: 'purger' });
    const refused = await ctx.app.inject({ method: 'DELETE', url: '/api/recipes/bulk-actions/export/purge', headers: member.headers });
    expect(refused.statusCode).toBe(403);
    const manager = await createMember(ctx, { username: 'manager', flags: { canManage: true } });
    const ok = await ctx.app.inject({ method: 'DELETE', url: '/api/recipes/bulk-actions/export/purge', headers: manager.headers });
    expect(ok.statusCode).toBe(200);
  });
});
