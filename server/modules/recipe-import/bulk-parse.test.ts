import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe, setHouseholdLock, type Headers } from '../recipe-media/test-fixtures.js';

let ctx: TestContext;
let adminHousehold: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminHousehold = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json().householdId;
});
afterAll(() => ctx.close());

const url = '/api/recipes/bulk-actions/parse-ingredients';
const unparsed = async (headers: Headers) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; items: Array<{ slug: string; lines: number }> };
};
const parse = (headers: Headers, recipes: string[]) => ctx.app.inject({ method: 'POST', url, headers, payload: { recipes } });
const recipeOf = async (slug: string) => (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json();
const textLines = (...notes: string[]) => ({ settings: { disableAmount: true }, recipeIngredient: notes.map((note) => ({ note })) });

describe('parse ingredients in bulk', () => {
  it('lists recipes with plain-text lines and parses them as an import does, creating foods the finder then offers', async () => {
    const stew = await createRecipe(ctx, ctx.admin, 'Plain Stew', textLines('2 ounces dry bread crumbs', '3 large carrots', 'as much as you dare'));
    const salad = await createRecipe(ctx, ctx.admin, 'Plain Salad', textLines('1 cup walnuts'));
    const done = await createRecipe(ctx, ctx.admin, 'Already Parsed', { recipeIngredient: [{ quantity: 1, food: { name: 'leek' }, note: '' }] });

    const before = await unparsed(ctx.admin);
    const slugs = before.items.map((i) => i.slug);
    expect(slugs).toEqual(expect.arrayContaining([stew.slug, salad.slug]));
    expect(slugs).not.toContain(done.slug);
    expect(before.items.find((i) => i.slug === stew.slug)?.lines).toBe(3);

    const res = await parse(ctx.admin, [stew.slug, salad.id, done.slug]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recipes: 2, ingredients: 3 });

    const parsed = await recipeOf(stew.slug);
    expect(parsed.settings.disableAmount).toBe(false);
    const [crumbs, carrots, unsure] = parsed.recipeIngredient;
    // A unit read in the plural is named in the singular, with its plural beside it.
    expect(crumbs).toMatchObject({ quantity: 2, unit: { name: 'ounce', pluralName: 'ounces' }, food: { name: 'dry bread crumbs' }, originalText: '2 ounces dry bread crumbs' });
    expect(carrots.quantity).toBe(3);
    expect(unsure).toMatchObject({ quantity: null, food: null, note: 'as much as you dare' });
    // Reference ids survive, so links from steps still hold.
    expect(parsed.recipeIngredient.every((i: { referenceId: string }) => i.referenceId)).toBe(true);

    const foods = (await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=-1', headers: ctx.admin })).json().items.map((f: { name: string }) => f.name);
    expect(foods).toEqual(expect.arrayContaining(['dry bread crumbs', 'walnuts']));

    const after = (await unparsed(ctx.admin)).items.map((i) => i.slug);
    expect(after).not.toContain(salad.slug);
    // The parser is unsure of the last line: it stays listed as written, and parsing it again changes nothing.
    expect(after).toContain(stew.slug);
    expect((await parse(ctx.admin, [stew.slug])).json()).toEqual({ recipes: 0, ingredients: 0 });
  });

  it('checks the edit rule on every recipe before writing any, and answers 404 for unknown or foreign recipes', async () => {
    const neighbour = await createMember(ctx, { household: 'Parse Neighbours' });
    const ours = await createRecipe(ctx, ctx.admin, 'Locked Household Recipe', textLines('4 eggs'));
    const theirs = await createRecipe(ctx, neighbour.headers, 'Neighbour Plain', textLines('1 onion'));
    await setHouseholdLock(ctx, adminHousehold, true);
    try {
      expect((await unparsed(neighbour.headers)).items.map((i) => i.slug)).not.toContain(ours.slug);
      const refused = await parse(neighbour.headers, [theirs.slug, ours.slug]);
      expect(refused.statusCode).toBe(403);
      expect((await recipeOf(theirs.slug)).recipeIngredient[0].food).toBeNull();
    } finally {
      await setHouseholdLock(ctx, adminHousehold, false);
    }
    expect((await parse(ctx.admin, [ours.slug, 'no-such-recipe'])).statusCode).toBe(404);
    expect((await recipeOf(ours.slug)).recipeIngredient[0].food).toBeNull();
    const stranger = await createMember(ctx, { group: 'Parse Strangers' });
    expect((await parse(stranger.headers, [ours.slug])).statusCode).toBe(404);
    expect((await unparsed(stranger.headers)).total).toBe(0);
    expect((await parse(ctx.admin, [])).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
