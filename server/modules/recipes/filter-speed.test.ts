import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeListQuery } from '../../../contract/recipes.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { withQueryCount } from '../../db/query-count.js';
import { listRecipes } from './list.js';
import { getRecipe, postRecipe } from './testing.js';

/*
 * Issue 19's requests on a small deterministic library, against straightforward references: the plans
 * changed (migration 0018: the rating index, PostgreSQL's narrow search words table and tier fetches that
 * no longer read documents), the answers must not. Runs on both engines.
 */
let ctx: TestContext;
let scope: { groupId: string; userId: string; householdId: string };
const TAGS = ['Vegan', 'Quick', 'Spicy', 'Baking'];
const MAINS = ['Chicken', 'Tofu', 'Saffron Rice', 'Crème Brûlée'];
interface Made { id: string; name: string; tags: string[]; rating: number | null; ingredient: string }
const made: Made[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
  scope = { groupId: self.groupId, userId: self.id, householdId: self.householdId };
  for (let i = 0; i < 36; i++) {
    const name = `${['Smoky', 'Quick', 'Zesty'][i % 3]} ${MAINS[i % 4]} ${['Bowl', 'Stew', 'Tart'][Math.floor(i / 4) % 3]} ${i}`;
    const tags = TAGS.filter((_, t) => (i >> t) % 2 === 1 || (i % 7 === t));
    const ingredient = i % 5 === 0 ? '2 chicken thighs' : '1 cup rice';
    const slug = await postRecipe(ctx, ctx.admin, { name, tags: tags.map((t) => ({ name: t })), recipeIngredient: [{ note: ingredient }] });
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    const rating = i % 6 === 0 ? null : (i % 5) + 1;
    await ctx.deps.db
      .updateTable('recipes')
      .set({ rating, created_at: new Date(Date.UTC(2024, 0, 1 + (i * 7) % 36)).toISOString() })
      .where('id', '=', recipe.id)
      .execute();
    made.push({ id: recipe.id, name, tags, rating, ingredient });
  }
});
afterAll(async () => ctx?.close());

const run = (query: Record<string, string>) => withQueryCount(() => listRecipes(ctx.deps, scope, recipeListQuery.parse(query)));

/** Every page of a query, concatenated, and the totals each page reported. */
async function allPages(query: Record<string, string>, perPage: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const { result } = await run({ ...query, perPage: String(perPage), page: String(page) });
    totals.add(result.total);
    ids.push(...result.items.map((item) => item.id));
    if (result.items.length < perPage) break;
  }
  return { ids, totals: [...totals] };
}

describe('issue 19 requests answer as before', () => {
  it('queryFilter tags.name IN [...] AND rating >= 3: the reference set, newest first, exact total, 3 queries', async () => {
    const queryFilter = 'tags.name IN ["Vegan", "Quick"] AND rating >= 3';
    const everything = (await run({ perPage: '-1' })).result.items.map((item) => item.id);
    const byId = new Map(made.map((m) => [m.id, m]));
    const expected = everything.filter((id) => {
      const m = byId.get(id)!;
      return m.tags.some((t) => t === 'Vegan' || t === 'Quick') && m.rating !== null && m.rating >= 3;
    });
    expect(expected.length).toBeGreaterThan(6);
    const paged = await allPages({ queryFilter }, 4);
    expect(paged.ids).toEqual(expected);
    expect(paged.totals).toEqual([expected.length]);
    // A full first page: the page, its count, the organizers (categories + tags + tools).
    expect((await run({ queryFilter, perPage: '4', page: '1' })).queries).toBe(3);
  });

  it('search pages (name order, relevance, typo, accents) concatenate to the whole answer, totals exact, queries fixed', async () => {
    const cases: Array<[Record<string, string>, (m: Made) => boolean, number]> = [
      [{ search: 'chicken', orderBy: 'name', orderDirection: 'asc' }, (m) => /chicken/i.test(m.name) || /chicken/.test(m.ingredient), 5],
      [{ search: 'saffron' }, (m) => /saffron/i.test(m.name), 5],
      [{ search: 'chiken' }, (m) => /chicken/i.test(m.name) || /chicken/.test(m.ingredient), 6],
      [{ search: 'creme brulee' }, (m) => /crème brûlée/i.test(m.name), 5],
    ];
    for (const [query, matches, queries] of cases) {
      const whole = (await run({ ...query, perPage: '-1' })).result;
      const expected = made.filter(matches).map((m) => m.id).sort();
      expect([...whole.items.map((i) => i.id)].sort(), JSON.stringify(query)).toEqual(expected);
      expect(whole.total).toBe(expected.length);
      const paged = await allPages(query, 3);
      expect(paged.ids, JSON.stringify(query)).toEqual(whole.items.map((i) => i.id));
      expect(paged.totals).toEqual([expected.length]);
      if (query.orderBy === 'name') {
        // Name order within tiers: the names come first (tier 0), sorted; then the ingredient-only matches.
        const names = whole.items.map((i) => i.name);
        const inName = names.filter((n) => /chicken/i.test(n));
        expect(names.slice(0, inName.length)).toEqual([...inName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: false })));
      }
      // The vocabulary lookup(s), the count, one tier fetch, the rows, the organizers.
      expect((await run({ ...query, perPage: '2', page: '1' })).queries, JSON.stringify(query)).toBe(queries);
    }
  });
});
