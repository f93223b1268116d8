import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { postRecipe } from './testing.js';

/*
 * Pages past the first skip their offset over ids and read whole rows only for the page (list.ts). Walking
 * every page must give exactly the one-page list, in every order and with filters, on both engines.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const names = ['Apple Pie', 'Banana Bread', 'Cherry Tart', 'Date Loaf', 'Elderflower Jelly', 'Fig Jam', 'Grape Salad', 'Honey Cake', 'Iced Bun'];
  for (const [n, name] of names.entries()) {
    await postRecipe(ctx, ctx.admin, { name, description: n % 2 ? 'sweet and sticky' : 'a sweet bake', tags: n % 3 ? [{ name: 'Fruit' }] : [] });
  }
});
afterAll(async () => {
  await ctx?.close();
});

async function names(query: string): Promise<{ names: string[]; total: number }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?${query}`, headers: ctx.admin });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { names: body.items.map((r: { name: string }) => r.name), total: body.total };
}

describe('deep pages', () => {
  const queries = [
    '',
    'orderBy=name&orderDirection=asc',
    'orderBy=name&orderDirection=desc',
    'orderBy=created_at&orderDirection=desc',
    'orderBy=random&paginationSeed=s1',
    'orderBy=rating',
    'tags=fruit&orderBy=name',
    `queryFilter=${encodeURIComponent('name LIKE "%a%"')}`,
    'search=sweet&orderBy=rating',
    'search=sweet&tags=fruit',
  ];
  for (const query of queries) {
    it(`walk the same list as one page: ${query || 'default order'}`, async () => {
      const all = await names(`${query}&perPage=-1`);
      expect(all.names.length).toBeGreaterThan(2);
      for (const perPage of [2, 4]) {
        const walked: string[] = [];
        for (let page = 1; page <= Math.ceil(all.total / perPage); page++) {
          const got = await names(`${query}&perPage=${perPage}&page=${page}`);
          expect(got.total).toBe(all.total);
          walked.push(...got.names);
        }
        expect(walked).toEqual(all.names);
        expect((await names(`${query}&perPage=${perPage}&page=-1`)).names).toEqual(all.names.slice(Math.floor((all.total - 1) / perPage) * perPage));
      }
    });
  }
});
