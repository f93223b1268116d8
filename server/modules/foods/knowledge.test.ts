import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { post } from '../organizers/test-fixtures.js';

// Issue 37: foods know which USDA SR26 reference food they are.
let ctx: TestContext;
let cook: Record<string, string>;
let seeder: Record<string, string>;
let grainsLabel: string;
let dairyLabel: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cook = (await createMember(ctx, { username: 'knowing-cook', group: 'Knowing Foods', flags: { canOrganize: true } })).headers;
  seeder = (await createMember(ctx, { username: 'knowing-seeder', group: 'Seeded Foods', flags: { canOrganize: true, canManage: true } })).headers;
  grainsLabel = (await post(ctx, cook, '/api/groups/labels', { name: 'Grains' })).json().id;
  dairyLabel = (await post(ctx, cook, '/api/groups/labels', { name: 'Milchprodukte' })).json().id;
});
afterAll(async () => ctx?.close());

const create = async (payload: object) => {
  const res = await post(ctx, cook, '/api/foods', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const put = (id: string, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/foods/${id}`, headers: cook, payload });

describe('linking foods to reference foods', () => {
  it('links an exact name in any offered language and gives the food its food group\'s aisle', async () => {
    for (const name of ['Mehl', 'farine', 'harina']) {
      const food = await create({ name });
      expect(food.referenceFoodId).toBe('20081');
      expect(food.referenceFood).toEqual({ id: '20081', name: 'Wheat flour, white, all-purpose, enriched, bleached', foodGroup: 'Cereal Grains and Pasta' });
      expect(food.labelId).toBe(grainsLabel);
    }
    // A label named in another seed language ("Milchprodukte") is the same aisle.
    expect((await create({ name: 'unsalted butter' })).labelId).toBe(dairyLabel);
  });

  it('never applies a guess: salted and unsalted butter are different foods, a longer name is only a suggestion', async () => {
    expect((await create({ name: 'salted butter' })).referenceFoodId).toBe('01001');
    expect((await create({ name: 'beurre doux' })).referenceFoodId).toBe('01145');
    const organic = await create({ name: 'Bio-Mehl Type 550' });
    expect(organic.referenceFoodId).toBeNull();
    expect(organic.labelId).toBeNull();
    const suggestions = (await ctx.app.inject({ method: 'GET', url: `/api/foods/${organic.id}/reference-suggestions`, headers: cook })).json();
    expect(suggestions.source).toContain('Standard Reference, Release 26');
    expect(suggestions.items[0]).toMatchObject({ id: '20081', exact: false });
  });

  it('lets the user link, unlink and enter their own density, piece weight and values per 100 g', async () => {
    const stock = await create({ name: 'Home-made stock', referenceFoodId: null });
    const linked = await put(stock.id, { name: 'Home-made stock', referenceFoodId: '06194', density: 1.02, pieceWeight: 250, nutritionPer100g: { calories: 12, sodiumContent: 300, fatContent: null } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      referenceFoodId: '06194',
      density: 1.02,
      pieceWeight: 250,
      nutritionPer100g: { calories: 12, sodiumContent: 300, fatContent: null, proteinContent: null },
    });
    // A Mealie client's PUT without the new fields keeps them.
    expect((await put(stock.id, { name: 'Home-made stock', description: 'Sunday' })).json()).toMatchObject({ referenceFoodId: '06194', density: 1.02 });
    const cleared = (await put(stock.id, { name: 'Home-made stock', referenceFoodId: null, density: null, pieceWeight: null, nutritionPer100g: null })).json();
    expect(cleared).toMatchObject({ referenceFoodId: null, referenceFood: null, density: null, pieceWeight: null, nutritionPer100g: null });
  });

  it('refuses an unknown reference food or a nonsense density with a 4xx and changes nothing', async () => {
    const food = await create({ name: 'Mystery powder' });
    const unknown = await put(food.id, { name: 'Mystery powder', referenceFoodId: '99999', density: 0.5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatchObject({ message: 'Reference food not found' });
    expect((await put(food.id, { name: 'Mystery powder', density: -1 })).statusCode).toBe(422);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/foods/${food.id}`, headers: cook })).json();
    expect(after).toMatchObject({ referenceFoodId: null, density: null });
  });

  it('searches the reference table', async () => {
    const res = (await ctx.app.inject({ method: 'GET', url: '/api/foods/reference-foods?search=honey', headers: cook })).json();
    expect(res.items[0]).toEqual({ id: '19296', name: 'Honey', foodGroup: 'Sweets', exact: false });
  });

  it('seeds foods already linked, in the seeding locale', async () => {
    const seeded = await post(ctx, seeder, '/api/groups/seeders/foods', { locale: 'de-DE' });
    expect(seeded.statusCode, seeded.body).toBe(200);
    const rows = await ctx.deps.db
      .selectFrom('ingredient_foods as f')
      .innerJoin('groups as g', 'g.id', 'f.group_id')
      .select(['f.name', 'f.reference_food_id'])
      .where('g.name', '=', 'Seeded Foods')
      .execute();
    const byName = new Map(rows.map((row) => [row.name, row.reference_food_id]));
    expect(byName.get('Weizenmehl')).toBe('20081');
    expect(byName.get('Butter')).toBe('01001');
    expect(rows.filter((row) => row.reference_food_id).length).toBeGreaterThan(200);
  });
});
