import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 9: deeply nested JSON used to overflow the stack in camelizeKeys (500 on PUT /api/users/{id}
// and, on PostgreSQL, POST /api/users); now any route answers a 4xx in Mealie's shape, and bodies are bounded.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

function nested(depth: number, key = 'a_b'): string {
  return `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('deep and large bodies', () => {
  it('refuses nesting beyond the limit with a 422, at every depth up to a million', async () => {
    const self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
    for (const depth of [40, 5_000, 100_000, 1_000_000]) {
      for (const [method, url] of [['PUT', `/api/users/${self.id}`], ['POST', '/api/users'], ['POST', '/api/admin/users'], ['POST', '/api/recipes']] as const) {
        const res = await ctx.app.inject({ method, url, headers: { ...ctx.admin, 'content-type': 'application/json' }, payload: nested(depth) });
        expect(res.statusCode, `${method} ${url} depth ${depth}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} depth ${depth}`).toBeLessThan(500);
        expect(res.json()).toHaveProperty('detail');
      }
    }
    const arrays = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: { ...ctx.admin, 'content-type': 'application/json' }, payload: `{"name":"x","tags":${'['.repeat(200_000)}${']'.repeat(200_000)}}` });
    expect(arrays.statusCode).toBe(422);
  });

  it('still accepts ordinary nesting (a recipe with ingredients, units and foods)', async () => {
    const slug = (await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Nested ok' } })).json();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/recipes/${slug}`,
      headers: ctx.admin,
      payload: { recipe_ingredient: [{ note: 'salt', food: { name: 'salt', label: { name: 'spice' } } }] },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(422);
  });

  it('refuses bodies over the size limit with a 413 in Mealie\'s shape', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: { ...ctx.admin, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: { message: 'Request body is too large', error: true, exception: null } });
  });
});
