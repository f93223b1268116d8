import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';

describe('ingredient parser API', () => {
  let ctx: TestContext;
  let flourId: string;
  let cupId: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
    const unit = await ctx.app.inject({
      method: 'POST',
      url: '/api/units',
      headers: ctx.admin,
      payload: { name: 'cup', pluralName: 'cups', abbreviation: 'c', aliases: [{ name: 'tasse' }] },
    });
    expect(unit.statusCode, unit.body).toBe(201);
    cupId = unit.json().id;
    const food = await ctx.app.inject({
      method: 'POST',
      url: '/api/foods',
      headers: ctx.admin,
      payload: { name: 'all-purpose flour', pluralName: null, aliases: [{ name: 'flour' }] },
    });
    expect(food.statusCode, food.body).toBe(201);
    flourId = food.json().id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const parse = (payload: Record<string, unknown>, headers = ctx.admin) => ctx.app.inject({ method: 'POST', url: '/api/parser/ingredient', headers, payload });

  it('nlp by default: matches the group catalogue and answers full food and unit objects', async () => {
    const res = await parse({ ingredient: '2 cups flour, sifted' });
    expect(res.statusCode, res.body).toBe(200);
    const parsed = res.json();
    expect(parsed.input).toBe('2 cups flour, sifted');
    expect(parsed.ingredient).toMatchObject({
      quantity: 2,
      unit: { id: cupId, name: 'cup', pluralName: 'cups', abbreviation: 'c', aliases: [{ name: 'tasse' }] },
      food: { id: flourId, name: 'all-purpose flour', aliases: [{ name: 'flour' }], label: null },
      originalText: '2 cups flour, sifted',
      isFood: true,
    });
    expect(parsed.ingredient.note).toContain('sifted');
    expect(parsed.ingredient.unit.createdAt).toBeTruthy();
    expect(parsed.ingredient.food.householdsWithIngredientFood).toEqual([]);
    expect(parsed.ingredient.referenceId).toMatch(/^[0-9a-f-]{36}$/);
    for (const key of ['average', 'comment', 'name', 'unit', 'quantity', 'food']) expect(typeof parsed.confidence[key]).toBe('number');
  });

  it('an unknown food or unit comes back as a name without id', async () => {
    const parsed = (await parse({ parser: 'nlp', ingredient: '3 handfuls dragonfruit' })).json();
    expect(parsed.ingredient.quantity).toBe(3);
    expect(parsed.ingredient.food).toMatchObject({ name: expect.stringMatching(/dragonfruit/) });
    expect(parsed.ingredient.food).not.toHaveProperty('id');
  });

  it('brute parser, and the unit alias matches', async () => {
    const parsed = (await parse({ parser: 'brute', ingredient: '1 tasse flour' })).json();
    expect(parsed.ingredient).toMatchObject({ quantity: 1, unit: { id: cupId }, food: { id: flourId } });
  });

  it('parses a list in a fixed number of queries, whatever its length', async () => {
    const few = await ctx.app.inject({ method: 'POST', url: '/api/parser/ingredients', headers: ctx.admin, payload: { ingredients: ['1 cup flour'] } });
    const lines = Array.from({ length: 40 }, (_, i) => (i % 2 ? `${i + 1} cups flour` : `${i + 1} g mystery food ${i}`));
    const many = await ctx.app.inject({ method: 'POST', url: '/api/parser/ingredients', headers: ctx.admin, payload: { parser: 'nlp', ingredients: lines } });
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json()).toHaveLength(40);
    expect(many.json().map((p: { input: string }) => p.input)).toEqual(lines);
    expect(many.json()[1].ingredient.food.id).toBe(flourId);
    const queries = Number(few.headers['x-hearth-queries']);
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThan(15);
    expect(Number(many.headers['x-hearth-queries'])).toBe(queries);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/parser/ingredients', headers: ctx.admin, payload: { ingredients: [] } });
    expect(empty.json()).toEqual([]);
  });

  it("another group's catalogue is not matched", async () => {
    const other = await createMember(ctx, { group: 'Parser Other Group' });
    const parsed = (await parse({ ingredient: '2 cups flour' }, other.headers)).json();
    expect(parsed.ingredient.food?.id).not.toBe(flourId);
    expect(parsed.ingredient.unit?.id).not.toBe(cupId);
  });

  it('openai without OpenAI configured is a 400; bad input is a 422; no user is a 401', async () => {
    const ai = await parse({ parser: 'openai', ingredient: '1 egg' });
    expect(ai.statusCode).toBe(400);
    expect(ai.json().detail.message).toMatch(/OpenAI is not enabled/);
    expect((await parse({ parser: 'crf', ingredient: '1 egg' })).statusCode).toBe(422);
    expect((await parse({ parser: 'nlp' })).statusCode).toBe(422);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/parser/ingredient', payload: { ingredient: '1 egg' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
