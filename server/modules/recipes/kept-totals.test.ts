import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { postRecipe, requestQueries } from './testing.js';

/*
 * A search's or a filter's total is counted once per lists' version (kept-totals.ts): the pages after the
 * first cost one statement fewer, and any write that changes the list counts again, so totals stay exact.
 */

let ctx: TestContext;
const computed = () => ({ ...ctx.admin, 'cache-control': 'no-cache' });

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  for (const name of ['Flour Tortillas', 'Flour Dumplings', 'Flour Crepes', 'Rice Pudding']) {
    await postRecipe(ctx, ctx.admin, { name, tags: [{ name: name.startsWith('Flour') ? 'Dough' : 'Sweet' }] });
  }
});
afterAll(async () => ctx?.close());

async function page(query: string): Promise<{ total: number; names: string[]; queries: number }> {
  let body: { total: number; items: Array<{ name: string }> } = { total: -1, items: [] };
  const queries = await requestQueries(async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?${query}`, headers: computed() });
    expect(res.statusCode, res.body).toBe(200);
    body = res.json();
    return res;
  });
  return { total: body.total, names: body.items.map((item) => item.name), queries };
}

describe('kept totals', () => {
  it('count a search once per version, and again after a write that changes it', async () => {
    // A page of the search alone keeps its summaries under the lists' version (not under recipe stamps, which
    // its ids from the index do not come with): the first counts and reads the summary (row, organizers), the
    // next does neither.
    const first = await page('search=flour&perPage=1&page=1&orderBy=name&orderDirection=asc');
    expect(first.total).toBe(3);
    expect(first.names).toEqual(['Flour Crepes']);
    const again = await page('search=flour&perPage=1&page=1&orderBy=name&orderDirection=asc');
    expect(again).toEqual({ ...first, queries: first.queries - 3 });
    const next = await page('search=flour&perPage=1&page=2&orderBy=name&orderDirection=asc');
    expect(next.total).toBe(3);
    expect(next.names).toEqual(['Flour Dumplings']);
    // The same words in another order match the same recipes: the kept count serves it too.
    const ranked = await page('search=flour&perPage=1');
    expect(ranked.total).toBe(3);
    expect(ranked.queries).toBe(again.queries);

    const slug = await postRecipe(ctx, ctx.admin, { name: 'Flour Bread' });
    const afterCreate = await page('search=flour&perPage=1&page=1&orderBy=name&orderDirection=asc');
    expect(afterCreate).toEqual({ total: 4, names: ['Flour Bread'], queries: first.queries }); // counted again, its summary read
    expect((await page('search=flour&perPage=1')).total).toBe(4);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${slug}`, headers: ctx.admin })).statusCode).toBe(200);
    expect((await page('search=flour&perPage=1&page=1&orderBy=name&orderDirection=asc')).total).toBe(3);
    // A recipe renamed out of the search leaves its total.
    const crepes = await ctx.deps.db.selectFrom('recipes').select('slug').where('name', '=', 'Flour Crepes').executeTakeFirstOrThrow();
    const renamed = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${crepes.slug}`, headers: ctx.admin, payload: { name: 'Buckwheat Crepes' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await page('search=flour&perPage=1&page=2&orderBy=name&orderDirection=asc')).total).toBe(2);
  });

  it('count a filtered list once per version, keyed by everything the filter says', async () => {
    const filter = (tag: string) => `queryFilter=${encodeURIComponent(`tags.name = "${tag}"`)}&perPage=1&orderBy=name&orderDirection=asc`;
    await page('tags=dough&perPage=-1');
    // Another parameter is another count (and, on SQLite, the one EXPLAIN of this filter's text is paid here).
    expect((await page(filter('Sweet'))).total).toBe(1);
    const dough = await page(filter('Dough'));
    // Buckwheat Crepes kept its tag through the rename above.
    expect(dough.total).toBe(3);
    const doughAgain = await page(filter('Dough'));
    // SQLite counts in the page's own statement when its plan sorts every match anyway (list-repo.ts).
    expect(doughAgain).toEqual({ ...dough, queries: dough.queries - (TEST_ENGINE === 'postgres' ? 1 : 0) });
    await postRecipe(ctx, ctx.admin, { name: 'Flour Noodles', tags: [{ name: 'Dough' }] });
    expect((await page(filter('Dough'))).total).toBe(4);
    expect((await page(`${filter('Dough')}&page=3`)).names).toEqual(['Flour Noodles']);
  });
});
