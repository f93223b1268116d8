import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 10: concurrent creates of one name. Foods and units: exactly one row per name in a group
// (a unique index, the losers get 409); recipes: every create succeeds with its own slug, on both engines.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('same-name races', () => {
  for (const [kind, url] of [['food', '/api/foods'], ['unit', '/api/units']] as const) {
    it(`30 concurrent creates of one ${kind} name leave one row`, async () => {
      const name = `Race ${kind}`;
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => ctx.app.inject({ method: 'POST', url, headers: ctx.admin, payload: { name: i % 2 ? name : name.toUpperCase() } })));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().detail.message).toMatch(/already exists/);
      const list = await ctx.app.inject({ method: 'GET', url: `${url}?perPage=-1`, headers: ctx.admin });
      expect(list.json().items.filter((f: { name: string }) => f.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
    });
  }

  it('50 concurrent creates of one recipe name all succeed with distinct slugs', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Race Soup' } })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const slugs = results.map((r) => r.json() as string);
    expect(new Set(slugs).size).toBe(50);
    expect(slugs).toContain('race-soup');
  });

  it('renaming onto a taken name is a 409', async () => {
    const a = (await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: ctx.admin, payload: { name: 'apple' } })).json();
    await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: ctx.admin, payload: { name: 'pear' } });
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/foods/${a.id}`, headers: ctx.admin, payload: { name: 'Pear' } });
    expect(res.statusCode).toBe(409);
  });
});
