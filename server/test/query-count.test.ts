import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createTestContext, type TestContext } from './harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
});
afterAll(async () => ctx?.close());

const queries = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-hearth-queries']);

describe('queries per request', () => {
  it('counts the statements of each request separately', async () => {
    const about = await ctx.app.inject({ method: 'GET', url: '/api/app/about' });
    expect(queries(about)).toBe(0);
    const self = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin });
    expect(queries(self)).toBe(3);
  });

  it('user and household lists do not grow with their size', async () => {
    const before = queries(await ctx.app.inject({ method: 'GET', url: '/api/admin/users?perPage=-1', headers: ctx.admin }));
    const householdsBefore = queries(await ctx.app.inject({ method: 'GET', url: '/api/admin/households?perPage=-1', headers: ctx.admin }));
    const groupsBefore = queries(await ctx.app.inject({ method: 'GET', url: '/api/admin/groups?perPage=-1', headers: ctx.admin }));
    for (let i = 0; i < 4; i += 1) await createMember(ctx, { household: `House ${i}`, group: i % 2 ? 'Second Group' : undefined });
    expect(queries(await ctx.app.inject({ method: 'GET', url: '/api/admin/users?perPage=-1', headers: ctx.admin }))).toBe(before);
    expect(queries(await ctx.app.inject({ method: 'GET', url: '/api/admin/households?perPage=-1', headers: ctx.admin }))).toBe(householdsBefore);
    expect(queries(await ctx.app.inject({ method: 'GET', url: '/api/admin/groups?perPage=-1', headers: ctx.admin }))).toBe(groupsBefore);
  });
});

describe('queries are not counted unless asked', () => {
  it('a server without HEARTH_EXPOSE_QUERY_COUNT keeps no per-request store (its promise hooks cost Node 20 ~20 % of a list)', async () => {
    const plain = await createTestContext();
    const entered = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/users/self', headers: plain.admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-hearth-queries']).toBeUndefined();
      expect(entered).not.toHaveBeenCalled();
      // The counting server does enter a store for each request, so the spy sees it when it happens.
      await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin });
      expect(entered).toHaveBeenCalled();
    } finally {
      entered.mockRestore();
      await plain.close();
    }
  });
});
