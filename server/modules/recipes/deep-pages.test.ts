import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeListQuery } from '../../../contract/recipes.js';
import { API } from '../../../contract/routes.js';
import type { TestContext } from '../../test/harness.js';
import { MILESTONE_STEP } from './deep-pages.js';
import { listRecipes } from './list.js';
import { listTestContext, postRecipe, requestQueries } from './testing.js';

/*
 * Deep pages of the group's list in date-added order start from a milestone (deep-pages.ts): they must be
 * the very pages the list query walks to, on both sides of every milestone, in both directions, after a
 * change, and a known milestone must cost no statement.
 */

let ctx: TestContext;
let self: { id: string; groupId: string; householdId: string };
const RECIPES = MILESTONE_STEP * 2 + 137;
const ROW_DEFAULTS = {
  description: '', recipe_yield_quantity: 0, recipe_servings: 0, is_ocr_recipe: false, name_normalized: '', description_normalized: '',
  settings_public: true, settings_show_nutrition: false, settings_show_assets: false, settings_landscape_view: false,
  settings_disable_comments: false, settings_disable_amount: true, settings_locked: false,
};

beforeAll(async () => {
  ({ ctx, self } = await listTestContext({ username: 'deep-member', household: 'Deep Beta' }));
  // Three recipes per minute, so the id decides between recipes added at the same moment.
  const rows = Array.from({ length: RECIPES }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();
    return {
      id: `00000000-0000-4000-8000-${String((i * 7919) % 100_000).padStart(12, '0')}`,
      slug: `deep-${i}`,
      name: `Deep ${i}`,
      group_id: self.groupId,
      household_id: self.householdId,
      created_at: at,
      update_at: at,
      ...ROW_DEFAULTS,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await ctx.deps.db.insertInto('recipes').values(rows.slice(i, i + 200)).execute();
});
afterAll(async () => ctx?.close());

type Page = { items: Array<{ id: string }>; total: number; total_pages: number; page: number };

async function served(query: Record<string, string>): Promise<{ page: Page; queries: number }> {
  let page: Page | undefined;
  const queries = await requestQueries(async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API.recipes}?${new URLSearchParams(query)}`,
      headers: { ...ctx.admin, 'cache-control': 'no-cache' },
    });
    expect(res.statusCode, res.body).toBe(200);
    page = res.json();
    return res;
  });
  return { page: page!, queries };
}

/** The page as the list query walks to it (listRecipes never seeks from a milestone). */
async function walked(query: Record<string, string>): Promise<Page> {
  const scope = { groupId: self.groupId, userId: self.id, householdId: self.householdId };
  return (await listRecipes(ctx.deps, scope, recipeListQuery.parse(query))) as unknown as Page;
}

const shape = (page: Page) => ({ ids: page.items.map((item) => item.id), total: page.total, total_pages: page.total_pages, page: page.page });

async function expectSamePages(orders: Array<Record<string, string>>, offsets: number[]): Promise<void> {
  for (const order of orders) {
    for (const perPage of [30, 7]) {
      for (const offset of offsets) {
        const query = { ...order, perPage: String(perPage), page: String(Math.floor(offset / perPage) + 1) };
        expect(shape((await served(query)).page), JSON.stringify(query)).toEqual(shape(await walked(query)));
      }
    }
  }
}

describe('deep pages from milestones', () => {
  it('are the pages the list query walks to, around every milestone, in both directions', async () => {
    const edge = MILESTONE_STEP;
    // Deepest first, so a milestone is found from the start, then from the one before it.
    const offsets = [2 * edge + 130, 2 * edge, 2 * edge - 1, edge + 1, edge, edge - 1, 3 * edge, 0];
    await expectSamePages([{}, { orderDirection: 'asc' }, { orderBy: 'createdAt', orderDirection: 'desc' }, { orderBy: 'created_at:asc' }], offsets);
  });

  it('costs no statement once its milestone is known, and one while it is not', async () => {
    const query = { perPage: '30', page: String(Math.floor((MILESTONE_STEP * 2 + 40) / 30) + 1), orderDirection: 'desc' };
    // A change moves the lists' version: no milestone is known under the new one.
    await ctx.deps.db.updateTable('recipes').set({ description: 'changed' }).where('slug', '=', 'deep-1').execute();
    // Placing nulls (created_at has none) is the same order, walked from the start without a milestone.
    const walkedFromStart = await served({ ...query, orderBy: 'created_at', orderByNullPosition: 'last' });
    const first = await served(query);
    const again = await served(query);
    // The caller (with the lists' version), then the page's ids with the group's counter.
    expect(again.queries).toBe(2);
    // Before that, the milestone: one statement walking from the start of the list.
    expect(first.queries).toBe(3);
    expect(shape(first.page)).toEqual(shape(walkedFromStart.page));
    expect(shape(again.page)).toEqual(shape(walkedFromStart.page));
  });

  it('move with the list when a recipe is added or removed', async () => {
    const offsets = [2 * MILESTONE_STEP + 5, MILESTONE_STEP - 3];
    await expectSamePages([{}], offsets);
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Newest of all' });
    await expectSamePages([{}, { orderDirection: 'asc' }], offsets);
    const oldest = await ctx.deps.db.selectFrom('recipes').select('id').where('slug', '=', 'deep-0').executeTakeFirstOrThrow();
    await ctx.deps.db.deleteFrom('recipes').where('id', '=', oldest.id).execute();
    await expectSamePages([{}, { orderDirection: 'asc' }], offsets);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${API.recipes}/${slug}`, headers: ctx.admin })).statusCode).toBe(200);
    await expectSamePages([{}], offsets);
  });
});
