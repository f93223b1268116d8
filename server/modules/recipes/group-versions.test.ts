import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_BOOKKEEPING_COLUMNS } from '../../db/migrations/0041_group_versions.js';
import { createMember, type TestContext } from '../../test/harness.js';
import { listTestContext, postRecipe } from './testing.js';

/*
 * Cached reads are kept per group (migration 0041, server/platform/read-cache.ts): a write moves only the
 * version of the group whose data it changes, a failed sign-in moves nothing, and a write in the caller's own
 * group shows at once in every cached read that shows it (list, search, recipe), compressed or not.
 */

type Headers = Record<string, string>;
let ctx: TestContext;
let self: { id: string; groupId: string; householdId: string };
/** A member of the same group, another household. */
let neighbour: Awaited<ReturnType<typeof listTestContext>>['member'];
/** A user of another group, who may organize it. */
let other: Awaited<ReturnType<typeof createMember>>;
let otherSlug: string;
let mySlug: string;

beforeAll(async () => {
  ({ ctx, self, member: neighbour } = await listTestContext({ username: 'gv-neighbour', household: 'Next Door' }));
  other = await createMember(ctx, { username: 'gv-other', group: 'Elsewhere', flags: { canOrganize: true } });
  mySlug = await postRecipe(ctx, ctx.admin, {
    name: 'Lentil Stew', tags: [{ name: 'Warm' }], recipeIngredient: [{ quantity: 1, food: { name: 'lentils' } }],
  });
  otherSlug = await postRecipe(ctx, other.headers, { name: 'Far Away Soup', recipeIngredient: [{ quantity: 1, food: { name: 'leek' } }] });
});
afterAll(async () => ctx?.close());

async function get(url: string, headers: Headers = ctx.admin) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  return { res, queries: Number(res.headers['x-hearth-queries']) };
}

async function send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: unknown, headers: Headers = ctx.admin) {
  const res = await ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

const versionOf = (groupId: string) => ctx.deps.readCache.version(ctx.deps.db, groupId);
const LIST = '/api/recipes?page=1&perPage=50&orderBy=name&orderDirection=asc';

/** A failed sign-in of a known user (wrong password), as the sign-in form sends it. */
async function failSignIn(username: string) {
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `username=${encodeURIComponent(username)}&password=wrong-password`,
  });
  expect(res.statusCode).toBe(401);
}

describe('versions of cached reads per group', () => {
  it('are not moved in one group by any write of another group, nor anywhere by a failed sign-in', async () => {
    const myVersion = await versionOf(self.groupId);
    // The page is kept, and costs only the caller's lookup.
    await get(LIST);
    expect((await get(LIST)).queries).toBe(1);
    await get(`/api/recipes/${mySlug}`);

    const theirs = (await get(`/api/recipes/${otherSlug}`, other.headers)).res.json();
    const otherBefore = await versionOf(other.user.groupId);
    await send('PATCH', `/api/recipes/${otherSlug}`, { description: 'edited elsewhere' }, other.headers);
    await send('POST', `/api/users/${other.user.id}/ratings/${otherSlug}`, { rating: 4 }, other.headers);
    await send('POST', '/api/comments', { recipeId: theirs.id, text: 'Lovely' }, other.headers);
    const food = (await send('POST', '/api/foods', { name: 'parsnip' }, other.headers)).json();
    await send('PUT', `/api/foods/${food.id}`, { ...food, name: 'parsnips' }, other.headers);
    await send('POST', '/api/groups/labels', { name: 'Roots', color: '#aa5500' }, other.headers);
    await send('POST', '/api/organizers/tags', { name: 'Faraway' }, other.headers);
    await ctx.deps.db.updateTable('recipes').set({ name: 'Far Away Soup II' }).where('slug', '=', otherSlug).execute();
    expect(await versionOf(other.user.groupId)).not.toBe(otherBefore);

    expect(await versionOf(self.groupId)).toBe(myVersion);
    expect((await get(LIST)).queries).toBe(1);
    expect((await get(`/api/recipes/${mySlug}`)).queries).toBe(1);

    // A failed sign-in, of a user of either group: no version moves, not even the user's own group's.
    const otherNow = await versionOf(other.user.groupId);
    await failSignIn('gv-other');
    await failSignIn('gv-neighbour');
    expect(await versionOf(other.user.groupId)).toBe(otherNow);
    expect(await versionOf(self.groupId)).toBe(myVersion);
    expect((await get(LIST)).queries).toBe(1);
  });

  it('lets a search, and only a search, follow the vocabulary every group shares', async () => {
    const search = '/api/recipes?search=zanzib&perPage=10';
    await get(search);
    await get(LIST);
    expect((await get(search)).queries).toBe(1);
    // A word new to the server, in another group: its prefix now has a hit, so the search may read differently.
    await postRecipe(ctx, other.headers, { name: 'Zanzibar Curry' });
    const again = await get(search);
    expect(again.queries).toBeGreaterThan(1);
    expect(again.res.json().items).toEqual([]);
    expect((await get(LIST)).queries).toBe(1);
    expect((await get(search)).queries).toBe(1);
  });

  it('moves the version for a change of a user that cached reads may show, and covers every column of users', async () => {
    const before = await versionOf(self.groupId);
    await ctx.deps.db.updateTable('users').set({ full_name: 'Neighbour Renamed' }).where('id', '=', neighbour.user.id).execute();
    expect(await versionOf(self.groupId)).not.toBe(before);
    if (ctx.deps.engine !== 'sqlite') return;
    // SQLite's trigger names the columns it compares: one added to users later must be named too (migration 0041).
    const trigger = (await sql<{ sql: string }>`select sql from sqlite_master where name = 'hearth_lv_users_update'`.execute(ctx.deps.db)).rows[0].sql;
    const columns = (await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(ctx.deps.db)).rows.map((r) => r.name);
    const unnamed = columns.filter((c) => !trigger.includes(`old.${c} is not new.${c}`) && !(USER_BOOKKEEPING_COLUMNS as readonly string[]).includes(c));
    expect(unnamed).toEqual([]);
  });

  it('shows a write of the same group at once in the list, a search and the recipe: every kind of write a cached read shows', async () => {
    const stew = (await get(`/api/recipes/${mySlug}`)).res.json();
    const reads = async () => ({
      list: (await get(LIST)).res.json(),
      search: (await get('/api/recipes?search=stew&perPage=10')).res.json(),
      recipe: (await get(`/api/recipes/${mySlug}`)).res.json(),
      neighbourList: (await get(LIST, neighbour.headers)).res.json(),
    });
    const item = (page: { items: Array<{ slug: string }> }) => page.items.find((r) => r.slug === mySlug) as unknown as Record<string, unknown> & { tags: Array<{ name: string }> };
    await reads();

    // A recipe edit, by the API.
    let before = await versionOf(self.groupId);
    await send('PATCH', `/api/recipes/${mySlug}`, { description: 'Smoky and thick' });
    expect(await versionOf(self.groupId)).not.toBe(before);
    let now = await reads();
    expect(item(now.list).description).toBe('Smoky and thick');
    expect(item(now.search).description).toBe('Smoky and thick');
    expect(item(now.neighbourList).description).toBe('Smoky and thick');
    expect(now.recipe.description).toBe('Smoky and thick');

    // A rating: the recipe's rating on the list, the search and the recipe.
    await send('POST', `/api/users/${self.id}/ratings/${mySlug}`, { rating: 5 });
    now = await reads();
    expect(item(now.list).rating).toBe(5);
    expect(item(now.search).rating).toBe(5);
    expect(now.recipe.rating).toBe(5);

    // A comment: the recipe's comments.
    await send('POST', '/api/comments', { recipeId: stew.id, text: 'Made it twice' });
    expect((await reads()).recipe.comments.map((c: { text: string }) => c.text)).toContain('Made it twice');

    // A food renamed: the recipe's ingredient, and a search by it.
    const lentils = stew.recipeIngredient[0].food;
    const food = (await get(`/api/foods/${lentils.id}`)).res.json();
    await send('PUT', `/api/foods/${lentils.id}`, { ...food, name: 'red lentils' });
    expect((await reads()).recipe.recipeIngredient[0].food.name).toBe('red lentils');

    // A label given to the food, then renamed: the recipe's ingredient's food shows it.
    const label = (await send('POST', '/api/groups/labels', { name: 'Pulses', color: '#884400' })).json();
    await send('PUT', `/api/foods/${lentils.id}`, { ...food, name: 'red lentils', labelId: label.id });
    expect((await reads()).recipe.recipeIngredient[0].food.label?.name).toBe('Pulses');
    await send('PUT', `/api/groups/labels/${label.id}`, { ...label, name: 'Legumes' });
    expect((await reads()).recipe.recipeIngredient[0].food.label?.name).toBe('Legumes');

    // A tag renamed: the list's and the search's organizers.
    const warm = await ctx.deps.db.selectFrom('tags').select('id').where('name', '=', 'Warm').where('group_id', '=', self.groupId).executeTakeFirstOrThrow();
    await send('PUT', `/api/organizers/tags/${warm.id}`, { name: 'Hearty' });
    now = await reads();
    expect(item(now.list).tags.map((t) => t.name)).toEqual(['Hearty']);
    expect(item(now.search).tags.map((t) => t.name)).toEqual(['Hearty']);
    expect(now.recipe.tags.map((t: { name: string }) => t.name)).toEqual(['Hearty']);

    // A rename by plain SQL (an import, another process): the list, the search and the recipe.
    before = await versionOf(self.groupId);
    await ctx.deps.db.updateTable('recipes').set({ name: 'Lentil Stew Deluxe' }).where('slug', '=', mySlug).execute();
    expect(await versionOf(self.groupId)).not.toBe(before);
    now = await reads();
    expect(item(now.list).name).toBe('Lentil Stew Deluxe');
    expect(now.recipe.name).toBe('Lentil Stew Deluxe');

    // A recipe added and deleted: the list and its total.
    const added = await postRecipe(ctx, ctx.admin, { name: 'Another Stew' });
    now = await reads();
    expect(now.list.items.map((r: { slug: string }) => r.slug)).toContain(added);
    expect(now.search.items.map((r: { slug: string }) => r.slug)).toContain(added);
    const total = now.list.total;
    await send('DELETE', `/api/recipes/${added}`, undefined);
    now = await reads();
    expect(now.list.items.map((r: { slug: string }) => r.slug)).not.toContain(added);
    expect(now.search.items.map((r: { slug: string }) => r.slug)).not.toContain(added);
    expect(now.list.total).toBe(total - 1);
  });

  it('reads the first list after a write in a pinned number of statements, then only the caller', async () => {
    await get(LIST);
    expect((await get(LIST)).queries).toBe(1);
    await send('PATCH', `/api/recipes/${mySlug}`, { description: 'Pinned' });
    // The caller with the version, the page's ids with the group's counter and their stamps, the changed recipe's
    // row and its organizers: the other recipes' summaries are kept under stamps the write did not move (migration 0047).
    const first = await get(LIST);
    expect(first.res.json().items.find((r: { slug: string }) => r.slug === mySlug).description).toBe('Pinned');
    expect(first.queries).toBe(FIRST_LIST_AFTER_WRITE);
    expect((await get(LIST)).queries).toBe(1);
  });
});

/** Statements of the first list page after a write (see the test above). */
const FIRST_LIST_AFTER_WRITE = 4;

describe('cached pages on the wire', () => {
  it('answers a matching If-None-Match with a 304, only for the caller whose page it is', async () => {
    const url = '/api/recipes?page=1&perPage=10';
    const mine = await get(url);
    const etag = mine.res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await get(url, { ...ctx.admin, 'if-none-match': etag })).res.statusCode).toBe(304);
    expect((await get(url, { ...ctx.admin, 'if-none-match': `"x", ${etag}` })).res.statusCode).toBe(304);
    // Another household of the group, and another group: never a 304 for the admin's page.
    for (const headers of [neighbour.headers, other.headers]) {
      const theirs = await get(url, { ...headers, 'if-none-match': etag });
      expect(theirs.res.statusCode).toBe(200);
      expect(theirs.res.headers.etag).not.toBe(etag);
    }
    expect((await get(url, other.headers)).res.json().items.map((r: { slug: string }) => r.slug)).not.toContain(mySlug);
    // After a write the old ETag no longer matches, and the page shows the change.
    await send('PATCH', `/api/recipes/${mySlug}`, { description: 'After the ETag' });
    const after = await get(url, { ...ctx.admin, 'if-none-match': etag });
    expect(after.res.statusCode).toBe(200);
    expect(after.res.json().items.find((r: { slug: string }) => r.slug === mySlug).description).toBe('After the ETag');
  });

  it('keeps the compressed page beside it and sends it again, never an older page\'s compression', async () => {
    // Over the 1 KB below which nothing is compressed.
    for (const n of [1, 2, 3]) await postRecipe(ctx, ctx.admin, { name: `Padding ${n}`, description: 'A long description. '.repeat(20) });
    for (const encoding of ['gzip', 'br'] as const) {
      const headers = { ...ctx.admin, 'accept-encoding': encoding };
      const decode = (raw: Buffer) => JSON.parse((encoding === 'gzip' ? zlib.gunzipSync(raw) : zlib.brotliDecompressSync(raw)).toString('utf8'));
      const url = `${LIST}&encoding=${encoding}`;
      const first = await ctx.app.inject({ method: 'GET', url, headers });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
      const again = await ctx.app.inject({ method: 'GET', url, headers });
      expect(Number(again.headers['x-hearth-queries'])).toBe(1);
      expect(again.headers['content-encoding']).toBe(encoding);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(decode(again.rawPayload)).toEqual((await get(url)).res.json());

      const text = `Compressed ${encoding}`;
      await send('PATCH', `/api/recipes/${mySlug}`, { description: text });
      const changed = await ctx.app.inject({ method: 'GET', url, headers });
      expect(decode(changed.rawPayload).items.find((r: { slug: string }) => r.slug === mySlug).description).toBe(text);
      const reloaded = await ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'cache-control': 'no-cache' } });
      expect(decode(reloaded.rawPayload)).toEqual(decode(changed.rawPayload));
    }
  });
});
