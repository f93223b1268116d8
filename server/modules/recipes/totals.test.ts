import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { groupRecipeCount } from './list.js';
import { postRecipe } from './testing.js';

/*
 * The list's total comes from a per-group counter kept by triggers (migration 0014), and a filtered list
 * skips its count when the page already shows the end. These prove the totals stay exact through every
 * way recipes come and go: the API, bulk delete, import from a zip, a backup restore, a plain DELETE.
 */

type Headers = Record<string, string>;
let ctx: TestContext;
let other: { headers: Headers; groupId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx, { group: 'Totals Other Group', flags: { admin: false } });
  other = { headers: member.headers, groupId: member.user.groupId };
});
afterAll(async () => {
  await ctx?.close();
});

async function adminGroupId(): Promise<string> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json().groupId;
}

/** The counter, a real COUNT(*), and the totals of an unfiltered list, a filtered list and a search all agree. */
async function expectExact(headers: Headers, groupId: string, expected: number) {
  const counted = Number(
    (await ctx.deps.db.selectFrom('recipes').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', groupId).executeTakeFirstOrThrow()).n,
  );
  expect(counted).toBe(expected);
  expect(await groupRecipeCount(ctx.deps.db, groupId)).toBe(expected);
  for (const perPage of [1, 2, 50, -1]) {
    for (const page of [1, 2, 99, -1]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?perPage=${perPage}&page=${page}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total, `perPage ${perPage} page ${page}`).toBe(expected);
      expect(body.total_pages).toBe(perPage === -1 ? (expected > 0 ? 1 : 0) : Math.ceil(expected / perPage));
    }
  }
  // A search's total, kept per library version after its first page (kept-totals.ts), follows every change.
  const named = Number(
    (await ctx.deps.db.selectFrom('recipes').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', groupId).where('name', 'like', 'Total %').executeTakeFirstOrThrow()).n,
  );
  for (const page of [1, 2, 1]) {
    const searched = await ctx.app.inject({ method: 'GET', url: `/api/recipes?perPage=1&page=${page}&search=total&orderBy=name`, headers });
    expect(searched.json().total, `search page ${page}`).toBe(named);
  }
  // A filter matching every recipe, counted or not, gives the same total on every page.
  for (const perPage of [1, 3, -1]) {
    for (const page of [1, 2, 50]) {
      const filtered = await ctx.app.inject({ method: 'GET', url: `/api/recipes?perPage=${perPage}&page=${page}&queryFilter=${encodeURIComponent('name IS NOT NULL')}`, headers });
      expect(filtered.json().total, `filtered perPage ${perPage} page ${page}`).toBe(expected);
    }
  }
}

async function create(headers: Headers, name: string): Promise<string> {
  return postRecipe(ctx, headers, { name });
}

describe('recipe totals stay exact', () => {
  it('through creates, deletes and bulk deletes, per group', async () => {
    const groupId = await adminGroupId();
    const before = await groupRecipeCount(ctx.deps.db, groupId);
    const slugs = [];
    for (const name of ['Total One', 'Total Two', 'Total Three', 'Total Four', 'Total Five']) slugs.push(await create(ctx.admin, name));
    await create(other.headers, 'Elsewhere');
    await expectExact(ctx.admin, groupId, before + 5);
    await expectExact(other.headers, other.groupId, 1);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${slugs[0]}`, headers: ctx.admin })).statusCode).toBe(200);
    await expectExact(ctx.admin, groupId, before + 4);

    const bulk = await ctx.app.inject({ method: 'POST', url: '/api/recipes/bulk-actions/delete', headers: ctx.admin, payload: { recipes: [slugs[1], slugs[2]] } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await expectExact(ctx.admin, groupId, before + 2);
    await expectExact(other.headers, other.groupId, 1);
  });

  it('through an import from a zip export', async () => {
    const groupId = await adminGroupId();
    const before = await groupRecipeCount(ctx.deps.db, groupId);
    const slug = await create(ctx.admin, 'Exported Stew');
    const token = (await ctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/exports`, headers: ctx.admin })).json().token;
    const zip = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}/exports/zip?token=${token}`, headers: ctx.admin })).rawPayload;
    const boundary = '----hearthtotals';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="recipe.zip"\r\nContent-Type: application/zip\r\n\r\n`),
      zip,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/recipes/create/zip',
      headers: { ...ctx.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    await expectExact(ctx.admin, groupId, before + 2);
  });

  it('through a backup restore (every table replaced in one transaction), and a plain delete', async () => {
    const groupId = await adminGroupId();
    const atBackup = await groupRecipeCount(ctx.deps.db, groupId);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: ctx.admin });
    expect(created.statusCode, created.body).toBe(201);
    const name = (await ctx.app.inject({ method: 'GET', url: '/api/admin/backups', headers: ctx.admin })).json().imports[0].name as string;

    await create(ctx.admin, 'Not In The Backup');
    await create(ctx.admin, 'Nor This');
    await expectExact(ctx.admin, groupId, atBackup + 2);

    const restored = await ctx.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers: ctx.admin });
    expect(restored.statusCode, restored.body).toBe(200);
    await expectExact(ctx.admin, groupId, atBackup);
    await expectExact(other.headers, other.groupId, 1);

    // Any statement that removes recipes, whatever its path, takes their count with it.
    await ctx.deps.db.deleteFrom('recipes').where('group_id', '=', other.groupId).execute();
    await expectExact(other.headers, other.groupId, 0);
    await expectExact(ctx.admin, groupId, atBackup);
  });
});
