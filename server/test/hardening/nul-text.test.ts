import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 4: text with a NUL character is a 422 on both databases (PostgreSQL used to answer 500),
// in a body, a query string or a path, and nothing is written.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const NUL = '\u0000';

describe('NUL characters', () => {
  it('are refused in JSON bodies with a 422 naming the field', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/recipes', { name: `Soup${NUL}` }],
      ['POST', '/api/foods', { name: `salt${NUL}` }],
      ['POST', '/api/units', { name: `cup${NUL}` }],
      ['POST', '/api/organizers/tags', { name: `t${NUL}` }],
      ['POST', '/api/organizers/categories', { name: `c${NUL}` }],
      ['POST', '/api/organizers/tools', { name: `pan${NUL}` }],
      ['POST', '/api/groups/labels', { name: `l${NUL}`, color: '#959595' }],
      ['POST', '/api/users/api-tokens', { name: `tok${NUL}` }],
      ['POST', '/api/foods', { name: 'ok', description: `a${NUL}b` }],
      ['POST', '/api/foods', { name: 'ok', [`extra${NUL}`]: 1 }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await ctx.app.inject({ method: method as 'POST', url, headers: ctx.admin, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: expect.arrayContaining(['body']), type: 'value_error.nul' });
    }
    const recipes = await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: ctx.admin });
    expect(recipes.json().items).toHaveLength(0);
    const foods = await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=-1', headers: ctx.admin });
    expect(foods.json().items.filter((f: { name: string }) => f.name === 'ok' || f.name.startsWith('salt'))).toHaveLength(0);
  });

  it('are refused in form logins, query strings and paths', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: `username=admin${encodeURIComponent(NUL)}&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(422);
    const search = await ctx.app.inject({ method: 'GET', url: `/api/recipes?search=a%00b`, headers: ctx.admin });
    expect(search.statusCode).toBe(422);
    const bySlug = await ctx.app.inject({ method: 'GET', url: `/api/recipes/a%00b`, headers: ctx.admin });
    expect(bySlug.statusCode).toBe(422);
    const update = await ctx.app.inject({ method: 'PUT', url: `/api/users/${'x'}%00`, headers: ctx.admin, payload: {} });
    expect(update.statusCode).toBeLessThan(500);
  });
});
