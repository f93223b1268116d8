import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { insertRecipe, post, selfScope } from '../organizers/test-fixtures.js';
import { findOrCreateUnitByName } from './service.js';

let ctx: TestContext;
let organizer: Record<string, string>;
let plainMember: Record<string, string>;
let outsider: Record<string, string>;
let scope: { groupId: string; householdId: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  organizer = (await createMember(ctx, { username: 'unit-organizer', flags: { canOrganize: true } })).headers;
  plainMember = (await createMember(ctx, { username: 'unit-plain' })).headers;
  outsider = (await createMember(ctx, { username: 'unit-outsider', group: 'Unit Elsewhere', flags: { canOrganize: true } })).headers;
  scope = await selfScope(ctx, organizer);
});
afterAll(async () => ctx?.close());

const createUnit = async (payload: object, headers = organizer) => {
  const res = await post(ctx, headers, '/api/units', payload);
  if (res.statusCode !== 201) throw new Error(`unit create failed: ${res.statusCode} ${res.body}`);
  return res.json();
};

describe('/api/units CRUD', () => {
  it('creates a unit in Mealie\'s IngredientUnit shape with Mealie\'s defaults', async () => {
    const unit = await createUnit({ name: 'Cuillère à soupe', pluralName: 'Cuillères à soupe', abbreviation: 'c. à s.', aliases: [{ name: 'cas' }] });
    expect(unit).toEqual({
      id: expect.any(String),
      name: 'Cuillère à soupe',
      pluralName: 'Cuillères à soupe',
      description: '',
      extras: {},
      fraction: true,
      abbreviation: 'c. à s.',
      pluralAbbreviation: '',
      useAbbreviation: false,
      aliases: [{ name: 'cas' }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await ctx.deps.db
      .selectFrom('ingredient_units')
      .select(['name_normalized', 'plural_name_normalized', 'abbreviation_normalized'])
      .where('id', '=', unit.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name_normalized: 'cuillere a soupe', plural_name_normalized: 'cuilleres a soupe', abbreviation_normalized: 'c. a s.' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/units/${unit.id}`, headers: plainMember })).json()).toEqual(unit);
  });

  it('updates the fields sent (snake_case too) and keeps the rest', async () => {
    const unit = await createUnit({ name: 'tablespoon', pluralName: 'tablespoons', abbreviation: 'tbsp', description: 'Spoon' });
    const updated = await ctx.app.inject({ method: 'PUT', url: `/api/units/${unit.id}`, headers: organizer, payload: { name: 'Tablespoon', use_abbreviation: true, fraction: false, plural_abbreviation: 'tbsps' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Tablespoon', pluralName: 'tablespoons', abbreviation: 'tbsp', pluralAbbreviation: 'tbsps', description: 'Spoon', useAbbreviation: true, fraction: false });
    const row = await ctx.deps.db.selectFrom('ingredient_units').select('plural_abbreviation_normalized').where('id', '=', unit.id).executeTakeFirstOrThrow();
    expect(row.plural_abbreviation_normalized).toBe('tbsps');
    expect((await post(ctx, organizer, '/api/units', { name: 'TABLESPOON' })).statusCode).toBe(409);
  });

  it('deletes a unit and leaves its ingredients without a unit', async () => {
    const unit = await createUnit({ name: 'handful' });
    const recipeId = await insertRecipe(ctx, scope, [{ unitId: unit.id }]);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/units/${unit.id}`, headers: organizer })).json().name).toBe('handful');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/units/${unit.id}`, headers: organizer })).statusCode).toBe(404);
    expect(await ctx.deps.db.selectFrom('recipes_ingredients').select('unit_id').where('recipe_id', '=', recipeId).execute()).toEqual([{ unit_id: null }]);
  });

  it('checks canOrganize on writes and hides other groups\' units', async () => {
    const unit = await createUnit({ name: 'sprig' });
    expect((await post(ctx, plainMember, '/api/units', { name: 'Nope' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/units/${unit.id}`, headers: plainMember, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/units/${unit.id}`, headers: plainMember })).statusCode).toBe(403);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: `/api/units/${unit.id}`, headers: outsider, payload: method === 'PUT' ? { name: 'x' } : undefined });
      expect(res.statusCode, method).toBe(404);
    }
  });
});

describe('/api/units search', () => {
  it('matches names, plurals and abbreviations without accents or case', async () => {
    await createUnit({ name: 'teaspoon', pluralName: 'teaspoons', abbreviation: 'tsp' });
    const search = async (text: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/units?search=${encodeURIComponent(text)}`, headers: plainMember })).json().items.map((u: { name: string }) => u.name);
    expect(await search('TSP')).toEqual(['teaspoon']);
    expect(await search('cuillere')).toEqual(['Cuillère à soupe']);
    expect(await search('tbsps')).toEqual(['Tablespoon']);
    expect(await search('teaspoons')).toEqual(['teaspoon']);
  });

  it('narrows with a queryFilter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/units?perPage=-1&queryFilter=${encodeURIComponent('use_abbreviation = true OR aliases.name = cas')}&orderBy=name&orderDirection=asc`, headers: plainMember });
    expect(res.json().items.map((u: { name: string }) => u.name)).toEqual(['Cuillère à soupe', 'Tablespoon']);
  });

  it('lists in a fixed number of queries whatever the page size', async () => {
    const count = async () => Number((await ctx.app.inject({ method: 'GET', url: '/api/units?perPage=-1', headers: plainMember })).headers['x-hearth-queries']);
    const before = await count();
    for (let i = 0; i < 4; i += 1) await createUnit({ name: `bulk unit ${i}`, aliases: [{ name: `bu${i}` }] });
    expect(await count()).toBe(before);
  });
});

describe('PUT /api/units/merge', () => {
  it('moves every ingredient and keeps the source\'s names as aliases', async () => {
    const source = await createUnit({ name: 'Tbl', abbreviation: 'T', aliases: [{ name: 'tblsp' }] });
    const target = (await ctx.app.inject({ method: 'GET', url: '/api/units?search=tablespoon', headers: organizer })).json().items[0];
    const food = (await post(ctx, organizer, '/api/foods', { name: 'Olive oil' })).json();
    const recipeId = await insertRecipe(ctx, scope, [{ unitId: source.id, foodId: food.id }, { unitId: target.id }]);

    const merged = await ctx.app.inject({ method: 'PUT', url: '/api/units/merge', headers: organizer, payload: { fromUnit: source.id, toUnit: target.id } });
    expect(merged.json()).toEqual({ message: 'Successfully merged', error: false });

    const db = ctx.deps.db;
    expect(await db.selectFrom('ingredient_units').select('id').where('id', '=', source.id).execute()).toEqual([]);
    expect(await db.selectFrom('recipes_ingredients').select('id').where('unit_id', '=', source.id).execute()).toEqual([]);
    expect(await db.selectFrom('ingredient_units_aliases').select('id').where('unit_id', '=', source.id).execute()).toEqual([]);
    const ingredients = await db.selectFrom('recipes_ingredients').select(['unit_id', 'food_id']).where('recipe_id', '=', recipeId).orderBy('position').execute();
    expect(ingredients).toEqual([{ unit_id: target.id, food_id: food.id }, { unit_id: target.id, food_id: null }]);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/units/${target.id}`, headers: organizer })).json();
    expect(after.aliases.map((a: { name: string }) => a.name).sort()).toEqual(['T', 'Tbl', 'tblsp']);
  });

  it('refuses self-merges, other groups\' units and members without canOrganize', async () => {
    const unit = await createUnit({ name: 'dash' });
    const other = await createUnit({ name: 'pinch' });
    const foreign = await createUnit({ name: 'dash' }, outsider);
    const merge = (payload: object, headers = organizer) => ctx.app.inject({ method: 'PUT', url: '/api/units/merge', headers, payload });
    expect((await merge({ fromUnit: unit.id, toUnit: unit.id })).statusCode).toBe(400);
    expect((await merge({ fromUnit: foreign.id, toUnit: unit.id })).statusCode).toBe(404);
    expect((await merge({ fromUnit: unit.id, toUnit: foreign.id })).statusCode).toBe(404);
    expect((await merge({ fromUnit: unit.id, toUnit: other.id }, plainMember)).statusCode).toBe(403);
    const left = await ctx.deps.db.selectFrom('ingredient_units').select('id').where('id', 'in', [unit.id, other.id, foreign.id]).execute();
    expect(left).toHaveLength(3);
  });
});

describe('findOrCreateUnitByName', () => {
  it('finds by name, plural, abbreviation or alias, and creates otherwise', async () => {
    const unit = await createUnit({ name: 'gram', pluralName: 'grams', abbreviation: 'g', aliases: [{ name: 'gramme' }] });
    for (const name of ['Gram', 'GRAMS', 'g', 'grammé']) {
      expect(await findOrCreateUnitByName(ctx.deps.db, scope.groupId, name)).toEqual({ id: unit.id, created: false });
    }
    const created = await findOrCreateUnitByName(ctx.deps.db, scope.groupId, 'stalk');
    expect(created.created).toBe(true);
    expect(await findOrCreateUnitByName(ctx.deps.db, scope.groupId, 'Stalk')).toEqual({ id: created.id, created: false });
  });
});
