import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** Issue 40 item 7: a food keeps its extras (Mealie's IngredientFood.extras). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('food extras', () => {
  it('are stored on create, kept when absent from an update, replaced when given and cleared by null', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: ctx.admin, payload: { name: 'saffron', extras: { barcode: '4006381333931', shelf: 'B2' } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().extras).toEqual({ barcode: '4006381333931', shelf: 'B2' });
    const id = created.json().id;
    const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/foods/${id}`, headers: ctx.admin })).json().extras;
    expect(await read()).toEqual({ barcode: '4006381333931', shelf: 'B2' });
    await ctx.app.inject({ method: 'PUT', url: `/api/foods/${id}`, headers: ctx.admin, payload: { name: 'saffron' } });
    expect(await read()).toEqual({ barcode: '4006381333931', shelf: 'B2' });
    await ctx.app.inject({ method: 'PUT', url: `/api/foods/${id}`, headers: ctx.admin, payload: { name: 'saffron', extras: { shelf: 'C1' } } });
    expect(await read()).toEqual({ shelf: 'C1' });
    await ctx.app.inject({ method: 'PUT', url: `/api/foods/${id}`, headers: ctx.admin, payload: { name: 'saffron', extras: null } });
    expect(await read()).toEqual({});
  });
});
