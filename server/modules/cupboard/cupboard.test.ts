import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../contract/routes.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { call, makeFood, makeRecipe, onHandIds, putOnHand, type Headers } from './testing.js';

/**
 * Issue 37, closing the loop from the cupboard: "I made this" clears what the cook used up (one transaction
 * with the timeline event and last made), and a household may count two foods as interchangeable for the
 * finder. Both are the household's own: another household of the same group is never touched.
 */
let ctx: TestContext;
let home: Headers;
let neighbour: Headers;
let homeHousehold: string;
let neighbourHousehold: string;
let otherGroup: Headers;
const foods: Record<string, string> = {};
let rice: { slug: string; id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const cook = await createMember(ctx, { username: 'cupboard-cook', group: 'Cupboard Kitchen', flags: { canOrganize: true, canManageHousehold: true } });
  home = cook.headers;
  homeHousehold = cook.user.householdId;
  const next = await createMember(ctx, { username: 'cupboard-neighbour', group: 'Cupboard Kitchen', household: 'Next Door', flags: { canManageHousehold: true } });
  neighbour = next.headers;
  neighbourHousehold = next.user.householdId;
  otherGroup = (await createMember(ctx, { username: 'elsewhere', group: 'Elsewhere', flags: { canOrganize: true } })).headers;
  const links: Record<string, string | null> = {
    rice: '20044', 'salted butter': '01001', 'unsalted butter': '01145', salt: '02047', 'olive oil': '04053', sugar: '19335', egg: '01123', stock: null,
  };
  for (const [name, reference] of Object.entries(links)) foods[name] = (await makeFood(ctx, home, name, reference)).id;
  rice = await makeRecipe(ctx, home, { name: 'Buttered rice', recipeServings: 2 }, [
    [1, 'cup', foods.rice], [2, 'tablespoon', foods['salted butter']], [1, 'teaspoon', foods.salt], [1, 'tablespoon', foods['olive oil']], [1, 'cup', foods.stock], [1, 'tablespoon', foods['salted butter']],
  ]);
  await putOnHand(ctx, homeHousehold, [foods['salted butter'], foods.salt, foods['olive oil'], foods.sugar, foods.stock]);
  await putOnHand(ctx, neighbourHousehold, [foods['salted butter'], foods.rice]);
});
afterAll(async () => ctx?.close());

const options = async (headers: Headers) => (await call(ctx, headers, 'GET', `/api/recipes/${rice.slug}/made-it`, undefined, 200)).json();
const timelineCount = async () => (await ctx.deps.db.selectFrom('recipe_timeline_events').select('id').where('recipe_id', '=', rice.id).execute()).length;

describe('"I made this" uses up what was on hand', () => {
  it('offers the recipe\'s on-hand foods once each, in ingredient order, none ticked while the preference is off (the default)', async () => {
    expect((await call(ctx, home, 'GET', API.householdsPreferences, undefined, 200)).json().onHandUsedUpByCooking).toBe(false);
    expect(await options(home)).toEqual({
      usedUpByCooking: false,
      onHandFoods: [
        { id: foods['salted butter'], name: 'salted butter', staple: false, preselected: false },
        { id: foods.salt, name: 'salt', staple: true, preselected: false },
        { id: foods['olive oil'], name: 'olive oil', staple: true, preselected: false },
        { id: foods.stock, name: 'stock', staple: false, preselected: false },
      ],
    });
  });

  it('with the preference on, ticks every on-hand food but the staples (spices, salt, oils)', async () => {
    await call(ctx, home, 'PUT', API.householdsPreferences, { onHandUsedUpByCooking: true }, 200);
    const offered = await options(home);
    expect(offered.usedUpByCooking).toBe(true);
    expect(offered.onHandFoods.filter((food: { preselected: boolean }) => food.preselected).map((food: { name: string }) => food.name)).toEqual(['salted butter', 'stock']);
    // The neighbours' preference is their own: still off, and they have other foods on hand.
    expect(await options(neighbour)).toEqual({ usedUpByCooking: false, onHandFoods: [
      { id: foods.rice, name: 'rice', staple: false, preselected: false },
      { id: foods['salted butter'], name: 'salted butter', staple: false, preselected: false },
    ] });
  });

  it('records the event, last made and the cleared foods together, in the cook\'s household only', async () => {
    const before = await timelineCount();
    const res = await call(ctx, home, 'POST', `/api/recipes/${rice.slug}/made-it`, {
      subject: 'Made this', eventMessage: 'Lovely', timestamp: '2026-03-02T18:30:00Z', usedUpFoodIds: [foods['salted butter'], foods.stock],
    }, 201);
    expect(res.json()).toMatchObject({ eventId: expect.any(String), clearedFoodIds: [foods['salted butter'], foods.stock] });
    expect(await timelineCount()).toBe(before + 1);
    const event = (await call(ctx, home, 'GET', `${API.recipesTimelineEvents}/${res.json().eventId}`, undefined, 200)).json();
    expect(event).toMatchObject({ subject: 'Made this', eventMessage: 'Lovely', eventType: 'info', recipeId: rice.id });
    expect((await call(ctx, home, 'GET', `/api/recipes/${rice.slug}`, undefined, 200)).json().lastMade).toMatch(/^2026-03-02T18:30:00/);
    expect(await onHandIds(ctx, homeHousehold)).toEqual([foods.salt, foods['olive oil'], foods.sugar].sort());
    // Next door still has its butter.
    expect(await onHandIds(ctx, neighbourHousehold)).toEqual([foods['salted butter'], foods.rice].sort());
  });

  it('clears nothing when nothing is ticked, and a food no longer on hand is quietly left', async () => {
    await call(ctx, neighbour, 'POST', `/api/recipes/${rice.slug}/made-it`, { subject: 'Made this' }, 201);
    expect(await onHandIds(ctx, neighbourHousehold)).toEqual([foods['salted butter'], foods.rice].sort());
    const again = await call(ctx, home, 'POST', `/api/recipes/${rice.slug}/made-it`, { subject: 'Made this', usedUpFoodIds: [foods['salted butter']] }, 201);
    expect(again.json().clearedFoodIds).toEqual([]);
  });

  it('records a tap a device sends twice (its offline queue, an answer lost) once, by its Idempotency-Key', async () => {
    const before = await timelineCount();
    const body = { subject: 'Made this', timestamp: '2026-03-03T19:00:00Z' };
    const first = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${rice.slug}/made-it`, headers: { ...home, 'idempotency-key': 'tap-1' }, payload: body });
    const resend = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${rice.slug}/made-it`, headers: { ...home, 'idempotency-key': 'tap-1' }, payload: body });
    expect(first.statusCode, first.body).toBe(201);
    expect(resend.statusCode, resend.body).toBe(201);
    expect(resend.json()).toEqual(first.json());
    expect(await timelineCount()).toBe(before + 1);
    const another = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${rice.slug}/made-it`, headers: { ...home, 'idempotency-key': 'tap-2' }, payload: body });
    expect(another.json().eventId).not.toBe(first.json().eventId);
    expect(await timelineCount()).toBe(before + 2);
    const malformed = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${rice.slug}/made-it`, headers: { ...home, 'idempotency-key': 'a key with spaces' }, payload: body });
    expect(malformed.statusCode).toBe(400);
    expect(await timelineCount()).toBe(before + 2);
  });

  it('refuses a food that is not in the recipe or an unreadable time, and writes nothing', async () => {
    const before = await timelineCount();
    const wrong = await call(ctx, home, 'POST', `/api/recipes/${rice.slug}/made-it`, { subject: 'Made this', usedUpFoodIds: [foods.sugar] }, 400);
    expect(wrong.body).toContain('Only foods of this recipe can be marked as used up');
    const late = await call(ctx, home, 'POST', `/api/recipes/${rice.slug}/made-it`, { subject: 'Made this', timestamp: 'yesterday-ish', usedUpFoodIds: [foods.salt] }, 400);
    expect(late.body).toContain('could not be read');
    await call(ctx, home, 'POST', `/api/recipes/${rice.slug}/made-it`, { subject: '  ' }, 422);
    expect(await timelineCount()).toBe(before);
    expect(await onHandIds(ctx, homeHousehold)).toContain(foods.salt);
    await call(ctx, otherGroup, 'POST', `/api/recipes/${rice.slug}/made-it`, { subject: 'Made this' }, 404);
    await call(ctx, otherGroup, 'GET', `/api/recipes/${rice.slug}/made-it`, undefined, 404);
  });
});

describe('interchangeable foods', () => {
  const finder = async (headers: Headers, maxMissingFoods = 0) =>
    (await call(ctx, headers, 'GET', `/api/recipes/suggestions?includeFoodsOnHand=true&maxMissingFoods=${maxMissingFoods}`, undefined, 200))
      .json()
      .items.map((item: { recipe: { name: string }; missingFoods: Array<{ name: string }> }) => [item.recipe.name, item.missingFoods.map((food) => food.name)]);
  const equivalents = `/api/foods/:id/equivalents`;
  const url = (id: string) => equivalents.replace(':id', id);

  beforeAll(async () => {
    await makeRecipe(ctx, home, { name: 'Salted butter cookies', recipeServings: 12 }, [[1, 'cup', foods['salted butter']], [1, 'cup', foods.sugar]]);
    await ctx.deps.db.deleteFrom('households_to_ingredient_foods').where('household_id', 'in', [homeHousehold, neighbourHousehold]).execute();
    await putOnHand(ctx, homeHousehold, [foods['unsalted butter'], foods.sugar]);
    await putOnHand(ctx, neighbourHousehold, [foods['unsalted butter'], foods.sugar]);
  });

  it('by default, unsalted butter on hand does not satisfy salted butter', async () => {
    expect((await call(ctx, home, 'GET', url(foods['salted butter']), undefined, 200)).json()).toEqual({ foodId: foods['salted butter'], equivalents: [] });
    expect(await finder(home)).toEqual([]);
    expect(await finder(home, 1)).toContainEqual(['Salted butter cookies', ['salted butter']]);
  });

  it('once the household says they are interchangeable (either way round), the finder counts it, for that household only', async () => {
    const saved = await call(ctx, home, 'PUT', url(foods['unsalted butter']), { foodIds: [foods['salted butter']] }, 200);
    expect(saved.json()).toEqual({ foodId: foods['unsalted butter'], equivalents: [{ id: foods['salted butter'], name: 'salted butter' }] });
    expect((await call(ctx, home, 'GET', url(foods['salted butter']), undefined, 200)).json().equivalents).toEqual([{ id: foods['unsalted butter'], name: 'unsalted butter' }]);
    expect(await finder(home)).toEqual([['Salted butter cookies', []]]);
    // Another household of the same group: nothing is interchangeable for it.
    expect((await call(ctx, neighbour, 'GET', url(foods['salted butter']), undefined, 200)).json().equivalents).toEqual([]);
    expect(await finder(neighbour)).toEqual([]);
    expect(await finder(neighbour, 1)).toContainEqual(['Salted butter cookies', ['salted butter']]);
  });

  it('saving the list from the other food replaces the pair, and an empty list removes it', async () => {
    await call(ctx, home, 'PUT', url(foods['salted butter']), { foodIds: [foods['unsalted butter'], foods['olive oil']] }, 200);
    expect((await call(ctx, home, 'GET', url(foods['unsalted butter']), undefined, 200)).json().equivalents.map((f: { name: string }) => f.name)).toEqual(['salted butter']);
    expect((await call(ctx, home, 'GET', url(foods['olive oil']), undefined, 200)).json().equivalents.map((f: { name: string }) => f.name)).toEqual(['salted butter']);
    await call(ctx, home, 'PUT', url(foods['salted butter']), { foodIds: [] }, 200);
    expect((await call(ctx, home, 'GET', url(foods['unsalted butter']), undefined, 200)).json().equivalents).toEqual([]);
    expect(await finder(home)).toEqual([]);
  });

  it('refuses the food itself, an unknown food or another group\'s food, and another group\'s caller', async () => {
    const self = await call(ctx, home, 'PUT', url(foods.sugar), { foodIds: [foods.sugar] }, 400);
    expect(self.body).toContain('A food cannot count as itself');
    const foreign = (await makeFood(ctx, otherGroup, 'foreign butter')).id;
    const unknown = await call(ctx, home, 'PUT', url(foods.sugar), { foodIds: [foreign] }, 400);
    expect(unknown.body).toContain('An interchangeable food was not found');
    await call(ctx, home, 'PUT', url(foods.sugar), { foodIds: ['not-a-uuid'] }, 422);
    await call(ctx, otherGroup, 'GET', url(foods.sugar), undefined, 404);
    await call(ctx, otherGroup, 'PUT', url(foods.sugar), { foodIds: [] }, 404);
    expect(await ctx.deps.db.selectFrom('household_food_equivalents').selectAll().execute()).toEqual([]);
  });
});
