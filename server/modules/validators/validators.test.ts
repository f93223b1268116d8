import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** Issue 40 item 5: Mealie's public GET /api/validators/recipe?group_id=&name= ({valid}: the name's slug is free). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/validators/recipe', () => {
  it('says whether a recipe name is free in a group, by its slug', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Taken Pie' } });
    const groupId = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json().groupId;
    const ask = async (name: string, group = groupId) => (await ctx.app.inject({ method: 'GET', url: `/api/validators/recipe?group_id=${group}&name=${encodeURIComponent(name)}` })).json();
    expect(await ask('Taken Pie')).toEqual({ valid: false });
    expect(await ask('taken  PIE!')).toEqual({ valid: false });
    expect(await ask('Free Pie')).toEqual({ valid: true });
    expect(await ask('Taken Pie', '00000000-0000-4000-8000-000000000000')).toEqual({ valid: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/validators/recipe?name=x' })).statusCode).toBe(422);
  });
});
