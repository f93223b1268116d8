import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { listTestContext, postRecipe } from './testing.js';

/*
 * Issue 36 (migration 0045): a rating or a favourite moves only what shows it. Lists and recipes show a
 * recipe's mean rating, rewritten only when it changes; a user's own rating or favourite is read only by a
 * list ordered by rating or filtered by `favorited_by`, which follow a version of their own.
 */

type Headers = Record<string, string>;
let ctx: TestContext;
let self: { id: string; groupId: string };
/** A member of the same group, another household. */
let neighbour: Awaited<ReturnType<typeof listTestContext>>['member'];
let soup: string;
let bread: string;

beforeAll(async () => {
  ({ ctx, self, member: neighbour } = await listTestContext({ username: 'rv-neighbour', household: 'Rating Next Door' }));
  soup = await postRecipe(ctx, ctx.admin, { name: 'Rated Soup' });
  bread = await postRecipe(ctx, ctx.admin, { name: 'Plain Bread' });
});
afterAll(async () => ctx?.close());

async function get(url: string, headers: Headers = ctx.admin) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json(), queries: Number(res.headers['x-hearth-queries']) };
}

async function rate(userId: string, headers: Headers, slug: string, change: { rating?: number; isFavorite?: boolean }) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/users/${userId}/ratings/${slug}`, headers, payload: change });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const LIST = '/api/recipes?page=1&perPage=50&orderBy=name&orderDirection=asc';
const ratingOf = (page: { items: Array<{ slug: string; rating: number | null }> }, slug: string) => page.items.find((r) => r.slug === slug)?.rating;
const groupVersion = () => ctx.deps.readCache.version(ctx.deps.db, self.groupId);

describe('ratings and favourites move only what shows them', () => {
  it('keeps another user\'s cached list through a favourite and a rating that leaves the mean, and shows a new mean at once', async () => {
    await rate(self.id, ctx.admin, soup, { rating: 4 });
    await get(LIST);
    expect((await get(LIST)).queries).toBe(1);
    const version = await groupVersion();

    await rate(neighbour.user.id, neighbour.headers, soup, { isFavorite: true });
    await rate(neighbour.user.id, neighbour.headers, soup, { rating: 4 });
    expect(await groupVersion()).toBe(version);
    const kept = await get(LIST);
    expect(kept.queries).toBe(1);
    expect(ratingOf(kept.body, soup)).toBe(4);

    await rate(neighbour.user.id, neighbour.headers, soup, { rating: 2 });
    expect(await groupVersion()).not.toBe(version);
    const moved = await get(LIST);
    expect(moved.queries).toBeGreaterThan(1);
    expect(ratingOf(moved.body, soup)).toBe(3);
    expect(ratingOf((await get(`/api/recipes?page=1&perPage=50&search=soup`)).body, soup)).toBe(3);
    expect((await get(`/api/recipes/${soup}`)).body.rating).toBe(3);
  });

  it('follows a user\'s own rating and favourites where a page reads them: ordered by rating, filtered by favorited_by', async () => {
    const byRating = '/api/recipes?page=1&perPage=50&orderBy=rating&orderDirection=desc';
    const theirFavourites = `/api/recipes?page=1&perPage=50&queryFilter=${encodeURIComponent(`favorited_by.id = "${neighbour.user.id}"`)}`;
    await rate(neighbour.user.id, neighbour.headers, bread, { rating: 5 });
    const before = await get(byRating, neighbour.headers);
    expect(before.body.items[0].slug).toBe(bread);
    expect((await get(byRating, neighbour.headers)).queries).toBe(1);
    expect((await get(theirFavourites)).body.items.map((r: { slug: string }) => r.slug)).toEqual([soup]);
    await get(LIST);

    // A favourite leaves every mean as it was: the plain list is kept, the pages that read favourites are not.
    await rate(neighbour.user.id, neighbour.headers, bread, { isFavorite: true });
    const list = await get(LIST);
    expect(list.queries).toBe(1);
    expect((await get(theirFavourites)).body.items.map((r: { slug: string }) => r.slug).sort()).toEqual([bread, soup].sort());
    const reordered = await get(byRating, neighbour.headers);
    expect(reordered.queries).toBeGreaterThan(1);
    await rate(neighbour.user.id, neighbour.headers, soup, { isFavorite: false });
    expect((await get(theirFavourites)).body.items.map((r: { slug: string }) => r.slug)).toEqual([bread]);
  });
});
