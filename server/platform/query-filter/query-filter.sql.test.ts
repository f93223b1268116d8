import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHousehold } from '../../modules/households/service.js';
import { insertTestFood, insertTestOrganizer, insertTestRecipe, type TestRecipe } from '../../search/test-recipes.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { QueryFilterError } from './ast.js';
import { compileQueryFilter, queryFilterCondition } from './compile.js';
import { parseQueryFilter } from './parse.js';
import { RECIPE_FILTER_ATTRIBUTES, recipeFilterAttributes } from './recipe-attributes.js';

let ctx: TestContext;
let groupId: string;
let householdId: string;
let otherHouseholdId: string;
let adminId: string;
const ids: Record<string, string> = {};
const refs: Record<string, string> = {};
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const attributes = recipeFilterAttributes('r');

/** Keys of the group's recipes the filter keeps, sorted; the filter runs in a query aliasing recipes as `r`. */
async function filter(text: string): Promise<string[]> {
  const rows = await ctx.deps.db
    .selectFrom('recipes as r')
    .select('r.id')
    .where('r.group_id', '=', groupId)
    .where(queryFilterCondition(text, attributes, { now: NOW }))
    .execute();
  return rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.id) ?? row.id).sort();
}

function rejection(text: string): string {
  try {
    queryFilterCondition(text, attributes);
  } catch (error) {
    if (error instanceof QueryFilterError) return error.message;
    throw error;
  }
  return 'accepted';
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.db;
  ({ id: groupId } = await db.selectFrom('groups').select('id').executeTakeFirstOrThrow());
  ({ id: householdId } = await db.selectFrom('households').select('id').where('group_id', '=', groupId).executeTakeFirstOrThrow());
  ({ id: adminId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow());
  otherHouseholdId = await createHousehold(db, groupId, 'Other home', { privateHousehold: false });
  await db.updateTable('household_preferences').set({ private_household: true }).where('household_id', '=', householdId).execute();

  refs.breakfast = await insertTestOrganizer(db, 'tags', groupId, 'Breakfast');
  refs.quick = await insertTestOrganizer(db, 'tags', groupId, 'Quick');
  refs.dessert = await insertTestOrganizer(db, 'categories', groupId, 'Dessert');
  refs.oven = await insertTestOrganizer(db, 'tools', groupId, 'Oven');
  refs.flour = await insertTestFood(db, groupId, 'Flour');
  refs.cheese = await insertTestFood(db, groupId, 'Cream cheese');

  const add = async (key: string, recipe: Omit<TestRecipe, 'groupId' | 'householdId'> & { householdId?: string }) => {
    ids[key] = await insertTestRecipe(db, { groupId, householdId: recipe.householdId ?? householdId, ...recipe });
  };
  await add('pancakes', {
    name: 'Pancakes',
    rating: 5,
    userId: adminId,
    tagIds: [refs.breakfast, refs.quick],
    ingredients: [{ foodId: refs.flour }],
    createdAt: daysAgo(2),
    dateAdded: '2024-03-01',
    lastMade: '2024-07-01T08:00:00.000Z',
  });
  await add('cheesecake', {
    name: 'Cheesecake',
    rating: 4,
    userId: adminId,
    tagIds: [refs.quick],
    categoryIds: [refs.dessert],
    toolIds: [refs.oven],
    ingredients: [{ foodId: refs.flour }, { foodId: refs.cheese }],
    createdAt: daysAgo(20),
    dateAdded: '2024-01-15',
    settings: { locked: true },
  });
  await add('salad', { name: 'Green salad', rating: 2, createdAt: daysAgo(40), dateAdded: '2023-12-31', settings: { public: false } });
  await add('soup', {
    name: 'Tomato soup',
    householdId: otherHouseholdId,
    tagIds: [refs.breakfast],
    createdAt: daysAgo(400),
    dateAdded: '2023-01-01',
    lastMade: '2024-05-01T00:00:00.000Z',
  });
  await ctx.deps.db
    .insertInto('users_to_recipes')
    .values({ id: crypto.randomUUID(), user_id: adminId, recipe_id: ids.soup, rating: null, is_favorite: true, created_at: NOW.toISOString(), update_at: NOW.toISOString() })
    .execute();
});

afterAll(async () => {
  await ctx?.close();
});

describe('queryFilter on recipes: columns', () => {
  it('compares text, numbers and nulls', async () => {
    expect(await filter('name = "Pancakes"')).toEqual(['pancakes']);
    expect(await filter('name="pancakes"')).toEqual([]);
    expect(await filter('rating >= 4')).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('rating>4')).toEqual(['pancakes']);
    expect(await filter('rating < 4.5')).toEqual(['cheesecake', 'salad']);
    expect(await filter('rating <> 5')).toEqual(['cheesecake', 'salad']);
    expect(await filter('rating IS NULL')).toEqual(['soup']);
    expect(await filter('rating IS NOT NONE')).toEqual(['cheesecake', 'pancakes', 'salad']);
    expect(await filter('rating IN [2, 5]')).toEqual(['pancakes', 'salad']);
    expect(await filter('rating NOT IN [2, 5]')).toEqual(['cheesecake']);
  });

  it('matches LIKE patterns case-insensitively', async () => {
    expect(await filter('name LIKE "%cake%"')).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('name LIKE "%CAKE%"')).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('name NOT LIKE "%cake%"')).toEqual(['salad', 'soup']);
    expect(await filter('name like "green%"')).toEqual(['salad']);
  });

  it('reads booleans, camelCase and settings paths', async () => {
    expect(await filter('settings.public = false')).toEqual(['salad']);
    expect(await filter('settings.locked = TRUE')).toEqual(['cheesecake']);
    expect(await filter('settings.disableAmount = yes')).toEqual(['cheesecake', 'pancakes', 'salad', 'soup']);
    expect(await filter(`householdId = "${otherHouseholdId}"`)).toEqual(['soup']);
    expect(await filter(`household_id <> ${otherHouseholdId.toUpperCase()}`)).toEqual(['cheesecake', 'pancakes', 'salad']);
  });

  it('compares dates and $NOW offsets', async () => {
    expect(await filter('created_at > "$NOW-7d"')).toEqual(['pancakes']);
    expect(await filter('createdAt >= $NOW-1m')).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('created_at < $NOW-1y')).toEqual(['soup']);
    expect(await filter('date_added >= "2024-01-01"')).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('dateAdded = 2024-01-15')).toEqual(['cheesecake']);
    expect(await filter('last_made IS NULL')).toEqual(['cheesecake', 'salad']);
    expect(await filter('lastMade > "2024-06-01"')).toEqual(['pancakes']);
    expect(await filter('last_made < "2024-06-01T00:00:00+02:00"')).toEqual(['soup']);
  });
});

describe('queryFilter on recipes: relations', () => {
  it('filters by tags, categories and tools', async () => {
    expect(await filter('tags.name IN ["Breakfast"]')).toEqual(['pancakes', 'soup']);
    expect(await filter('tags.name = Quick')).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('tags.slug CONTAINS ALL ["breakfast", "quick"]')).toEqual(['pancakes']);
    expect(await filter('tags.name NOT IN ["Breakfast"]')).toEqual(['cheesecake', 'salad']);
    expect(await filter('tags.name <> "Quick"')).toEqual(['salad', 'soup']);
    expect(await filter('tags.id IS NULL')).toEqual(['salad']);
    expect(await filter('tags.id IS NOT NULL')).toEqual(['cheesecake', 'pancakes', 'soup']);
    expect(await filter(`tags.id = "${refs.quick}"`)).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('recipeCategory.slug = dessert')).toEqual(['cheesecake']);
    expect(await filter('recipe_category.name IN ["Dessert"]')).toEqual(['cheesecake']);
    expect(await filter(`categories.id CONTAINS ALL ["${refs.dessert}"]`)).toEqual(['cheesecake']);
    expect(await filter('tools.name = "Oven"')).toEqual(['cheesecake']);
    expect(await filter('tools.slug LIKE "ov%"')).toEqual(['cheesecake']);
  });

  it('filters by ingredient foods', async () => {
    expect(await filter('recipe_ingredient.food.name = "Flour"')).toEqual(['cheesecake', 'pancakes']);
    expect(await filter(`recipeIngredient.food.id CONTAINS ALL ["${refs.flour}", "${refs.cheese}"]`)).toEqual(['cheesecake']);
    expect(await filter(`foods.id NOT IN ["${refs.cheese}"]`)).toEqual(['pancakes', 'salad', 'soup']);
    expect(await filter('recipe_ingredient.food.id IS NULL')).toEqual(['salad', 'soup']);
  });

  it('filters by owner, household and its preferences, group and favourites', async () => {
    expect(await filter('user.username = "admin"')).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('user.username <> "admin"')).toEqual([]);
    expect(await filter(`user.id = "${adminId}"`)).toEqual(['cheesecake', 'pancakes']);
    expect(await filter('user.username IS NULL')).toEqual(['salad', 'soup']);
    expect(await filter('household.preferences.privateHousehold = false')).toEqual(['soup']);
    expect(await filter('household.preferences.private_household = true')).toEqual(['cheesecake', 'pancakes', 'salad']);
    expect(await filter('household.slug = "other-home"')).toEqual(['soup']);
    expect(await filter('household.name <> "Other home"')).toEqual(['cheesecake', 'pancakes', 'salad']);
    expect(await filter('group.slug IS NOT NULL')).toEqual(['cheesecake', 'pancakes', 'salad', 'soup']);
    expect(await filter(`favorited_by.id = "${adminId}"`)).toEqual(['soup']);
  });

  it('gives empty lists their logical meaning', async () => {
    expect(await filter('tags.name IN []')).toEqual([]);
    expect(await filter('rating IN []')).toEqual([]);
    expect(await filter('tags.name NOT IN []')).toEqual(['cheesecake', 'pancakes', 'salad', 'soup']);
    expect(await filter('tags.name CONTAINS ALL []')).toEqual(['cheesecake', 'pancakes', 'salad', 'soup']);
  });
});

describe('queryFilter on recipes: logic and safety', () => {
  it('folds AND/OR right to left and honours parentheses', async () => {
    // name = Pancakes AND (rating IS NULL OR name = Green salad): nothing.
    expect(await filter('name = "Pancakes" AND rating IS NULL OR name = "Green salad"')).toEqual([]);
    expect(await filter('(name = "Pancakes" AND rating IS NULL) OR name = "Green salad"')).toEqual(['salad']);
    // rating IS NULL OR (name = Pancakes AND rating = 5)
    expect(await filter('rating IS NULL or name = "Pancakes" and rating = 5')).toEqual(['pancakes', 'soup']);
    expect(await filter('(tags.name = Breakfast OR tools.name = Oven) AND (rating >= 4 OR rating IS NULL)')).toEqual([
      'cheesecake',
      'pancakes',
      'soup',
    ]);
  });

  it('binds every value as a parameter', async () => {
    expect(await filter(`name = "x' OR 1=1 --"`)).toEqual([]);
    expect(await filter(`tags.name IN ["a') OR ('1'='1"]`)).toEqual([]);
    const compiled = ctx.deps.db
      .selectFrom('recipes')
      .select('id')
      .where((eb) => compileQueryFilter(parseQueryFilter('name = "Robert\'); DROP TABLE recipes;--" AND tags.slug IN [quick]'), RECIPE_FILTER_ATTRIBUTES, eb))
      .compile();
    expect(compiled.sql).not.toContain('DROP');
    expect(compiled.sql).not.toContain('quick');
    expect(compiled.parameters).toEqual(["Robert'); DROP TABLE recipes;--", 'quick']);
  });

  it('rejects unknown attributes and values of the wrong type with a 400 and a position', () => {
    expect(rejection('nope = 1')).toBe('Unknown attribute "nope" at position 0');
    expect(rejection('rating >= 4 AND tags.colour = red')).toBe('Unknown attribute "tags.colour" at position 16');
    expect(rejection('rating = abc')).toBe('Invalid value "abc" at position 9 for rating: expected a number');
    expect(rejection('tags.id IN ["x"]')).toBe('Invalid value "x" at position 12 for tags.id: expected a UUID');
    expect(rejection('created_at > "last week"')).toContain('expected a date');
    expect(rejection('rating LIKE "4%"')).toContain('LIKE at position 0 only works on text attributes');
    expect(rejection('name CONTAINS ALL ["a"]')).toContain('CONTAINS ALL at position 0 only works on lists');
    expect(rejection('__proto__ = 1')).toBe('Unknown attribute "__proto__" at position 0');
    expect(rejection('constructor = 1')).toBe('Unknown attribute "constructor" at position 0');
  });
});
