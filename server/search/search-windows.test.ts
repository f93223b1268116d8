import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ENGINE, type TestContext } from '../test/harness.js';
import { indexRecipes, prepareRecipeSearch } from './index.js';
import { MAX_SCORED_MATCHES, type SearchOrder } from './model.js';
import { POSTGRES_MAX_SCORED_MATCHES } from './query-postgres.js';
import { insertTestRecipe } from './test-recipes.js';

/*
 * A library larger than the window of newest recipes a tier's page is first looked for in on PostgreSQL
 * (1,000, when the search has more matches than that): a common word fills its page from the window, a
 * rare one whose matches lie outside it is found through the index. Both engines must give the same pages.
 */
const RECIPES = 1050;
const ids: string[] = [];
let ctx: TestContext;
let groupId: string;

/** Recipe i is created on day i: the higher the number, the newer. */
function recipeOf(i: number) {
  const words = [i % 2 === 0 ? 'Bean' : 'Root', `dish ${String(i).padStart(4, '0')}`];
  if (i === 5 || i === 7) words.push('quince');
  if (i === 3 || i === 1040) words.push('fennel');
  // Every description says "supper": only these two old names do.
  if (i === 1 || i === 2) words.push('supper');
  const instructions = i === 10 || i === 1045 ? ['Finish with torn sorrel.'] : i === 0 ? ['Serve warm: warm plates, warm bread.'] : ['Serve warm.'];
  return { name: words.join(' '), description: 'Weeknight supper', instructions, createdAt: new Date(Date.UTC(2020, 0, 1 + i)).toISOString() };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.db;
  ({ id: groupId } = await db.selectFrom('groups').select('id').executeTakeFirstOrThrow());
  const { id: householdId } = await db.selectFrom('households').select('id').where('group_id', '=', groupId).executeTakeFirstOrThrow();
  for (let i = 0; i < RECIPES; i++) ids.push(await insertTestRecipe(db, { groupId, householdId, ...recipeOf(i) }));
  await indexRecipes(ctx.deps, ids);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

async function page(text: string, limit: number, offset: number, order?: SearchOrder, scoreLimit = 0) {
  const search = await prepareRecipeSearch(ctx.deps, text, { groupId });
  if (!search) throw new Error('expected a search');
  // Unscored on both engines unless asked, so relevance order is newest first within each tier.
  const found = await search.page({ limit, offset, order, scoreLimit });
  return { total: found.total, recipes: found.recipeIds.map((id) => ids.indexOf(id)) };
}

const newestFirst = (numbers: number[]) => [...numbers].sort((a, b) => b - a);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

describe('search pages over a large group', () => {
  it('fills a page of a common word from the newest recipes', async () => {
    const beans = newestFirst(range(0, RECIPES).filter((i) => i % 2 === 0));
    expect(await page('bean', 5, 3)).toEqual({ total: 525, recipes: beans.slice(3, 8) });
    expect(await page('bean', 5, 520)).toEqual({ total: 525, recipes: beans.slice(520, 525) });
    const byName = await page('bean', 4, 0, { by: 'name', direction: 'asc' });
    expect(byName.recipes).toEqual([0, 2, 4, 6]);
    const oldest = await page('bean', 3, 0, { by: 'created_at', direction: 'asc' });
    expect(oldest.recipes).toEqual([0, 2, 4]);
  });

  it('in a search of more matches than the window, finds a sparse tier outside it before a dense one inside it', async () => {
    expect(await page('supper', 5, 0)).toEqual({ total: RECIPES, recipes: [2, 1, 1049, 1048, 1047] });
    expect(await page('supper', 3, 1)).toEqual({ total: RECIPES, recipes: [1, 1049, 1048] });
  });

  it('reaches a page deeper in a tier than the window', async () => {
    const warm = newestFirst(range(0, RECIPES).filter((i) => i !== 10 && i !== 1045));
    expect(await page('warm', 5, 1040)).toEqual({ total: RECIPES - 2, recipes: warm.slice(1040, 1045) });
    expect(await page('warm', 20, 990)).toEqual({ total: RECIPES - 2, recipes: warm.slice(990, 1010) });
  });

  it('finds a rare word whose matches are all older than the window', async () => {
    expect(await page('quince', 20, 0)).toEqual({ total: 2, recipes: [7, 5] });
    expect(await page('quin', 1, 1)).toEqual({ total: 2, recipes: [5] });
  });

  it('finds a rare word with one match inside the window and one far outside it', async () => {
    expect(await page('fennel', 20, 0)).toEqual({ total: 2, recipes: [1040, 3] });
    // "Root dish 0003 fennel" sorts after "Bean dish 1040 fennel".
    expect(await page('fennel', 20, 0, { by: 'name', direction: 'desc' })).toEqual({ total: 2, recipes: [3, 1040] });
  });

  it('finds a word only the full documents hold, inside and outside the window', async () => {
    expect(await page('sorrel', 20, 0)).toEqual({ total: 2, recipes: [1045, 10] });
  });

  it('puts name matches before body matches across the windows', async () => {
    // "dish 0010" names recipe 10; recipe 1045 only holds "sorrel" in its method.
    expect((await page('dish 0010', 5, 0)).recipes).toEqual([10]);
    const warm = await page('warm', 3, 0);
    expect(warm.total).toBe(RECIPES - 2);
    expect(warm.recipes).toEqual([1049, 1048, 1047]);
  });

  it('ranks a search of up to its engine\'s limit of matches, and lists a larger one newest first', async () => {
    expect(POSTGRES_MAX_SCORED_MATCHES).toBeLessThan(RECIPES);
    expect(MAX_SCORED_MATCHES).toBeGreaterThan(RECIPES);
    // Ranked, the oldest recipe, which says "warm" three times, comes first; unranked, the newest do.
    expect((await page('warm', 3, 0, undefined, RECIPES)).recipes).toEqual([0, 1049, 1048]);
    const search = await prepareRecipeSearch(ctx.deps, 'warm', { groupId });
    const found = await search!.page({ limit: 3, offset: 0 });
    // SQLite's bm25 is cheap enough for these 1,048 matches; PostgreSQL's ts_rank stops at 500.
    const expected = TEST_ENGINE === 'postgres' ? [1049, 1048, 1047] : [0, 1049, 1048];
    expect(found.recipeIds.map((id) => ids.indexOf(id))).toEqual(expected);
  });
});
