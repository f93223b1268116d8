import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { findOrCreateOrganizer } from './repo.js';
import { insertRecipe, post, selfScope } from './test-fixtures.js';

let ctx: TestContext;
let organizer: Record<string, string>;
let plainMember: Record<string, string>;
let neighbour: Record<string, string>;
let outsider: Record<string, string>;
let scope: { groupId: string; householdId: string; householdSlug: string };
let neighbourScope: { groupId: string; householdId: string; householdSlug: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  organizer = (await createMember(ctx, { username: 'org-organizer', flags: { canOrganize: true } })).headers;
  plainMember = (await createMember(ctx, { username: 'org-plain' })).headers;
  neighbour = (await createMember(ctx, { username: 'org-neighbour', household: 'Next Door', flags: { canOrganize: true } })).headers;
  outsider = (await createMember(ctx, { username: 'org-outsider', group: 'Other Group', flags: { canOrganize: true } })).headers;
  scope = await selfScope(ctx, organizer);
  neighbourScope = await selfScope(ctx, neighbour);
});
afterAll(async () => ctx?.close());

describe.each(['categories', 'tags'] as const)('/api/organizers/%s', (kind) => {
  const base = `/api/organizers/${kind}`;

  it('creates, reads by id and slug, renames (the slug follows) and deletes', async () => {
    const created = await post(ctx, organizer, base, { name: 'Weeknight Dinners' });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toEqual({ id: expect.any(String), groupId: scope.groupId, name: 'Weeknight Dinners', slug: 'weeknight-dinners' });

    // Mealie answers GET/PUT of one category with CategorySummary, which has no groupId.
    const single = kind === 'categories' ? { id: item.id, name: item.name, slug: item.slug } : item;
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${item.id}`, headers: plainMember })).json()).toEqual(single);
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/slug/weeknight-dinners`, headers: plainMember })).json()).toEqual({ ...item, recipes: [] });

    const renamed = await ctx.app.inject({ method: 'PUT', url: `${base}/${item.id}`, headers: organizer, payload: { name: 'Quick Dinners' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: item.id, name: 'Quick Dinners', slug: 'quick-dinners' });
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/slug/weeknight-dinners`, headers: organizer })).statusCode).toBe(404);

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `${base}/${item.id}`, headers: organizer });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(item.id);
    const gone = await ctx.app.inject({ method: 'GET', url: `${base}/${item.id}`, headers: organizer });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail.error).toBe(true);
  });

  it('refuses a second organizer with the same slug, on create and on rename', async () => {
    const first = (await post(ctx, organizer, base, { name: 'Brunch' })).json();
    const duplicate = await post(ctx, organizer, base, { name: 'BRUNCH!' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail.message).toContain('already exists');
    const other = (await post(ctx, organizer, base, { name: 'Lunch' })).json();
    const clash = await ctx.app.inject({ method: 'PUT', url: `${base}/${other.id}`, headers: organizer, payload: { name: 'brunch' } });
    expect(clash.statusCode).toBe(409);
    // Renaming to its own slug is fine.
    const same = await ctx.app.inject({ method: 'PUT', url: `${base}/${first.id}`, headers: organizer, payload: { name: 'Brunch ' } });
    expect(same.statusCode).toBe(200);
    expect((await post(ctx, organizer, base, { name: '   ' })).statusCode).toBe(422);
  });

  it('searches names case-insensitively and pages in Mealie\'s envelope', async () => {
    for (const name of ['Soups', 'Stews and Soups', 'Salads', 'Sides']) await post(ctx, organizer, base, { name });
    const found = await ctx.app.inject({ method: 'GET', url: `${base}?search=SOUP&orderBy=name&orderDirection=asc`, headers: plainMember });
    expect(found.json().items.map((i: { name: string }) => i.name)).toEqual(['Soups', 'Stews and Soups']);

    const page = await ctx.app.inject({ method: 'GET', url: `${base}?search=s&perPage=2&orderBy=name&orderDirection=asc`, headers: plainMember });
    const body = page.json();
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(2);
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.next).toContain(`/organizers/${kind}?`);
    expect(body.next).toContain('page=2');

    const bad = await ctx.app.inject({ method: 'GET', url: `${base}?orderBy=nonsense`, headers: plainMember });
    expect(bad.statusCode).toBe(400);

    const filtered = await ctx.app.inject({ method: 'GET', url: `${base}?queryFilter=${encodeURIComponent('slug IN [salads, sides]')}&orderBy=name&orderDirection=asc`, headers: plainMember });
    expect(filtered.json().items.map((i: { name: string }) => i.name)).toEqual(['Salads', 'Sides']);
    expect((await ctx.app.inject({ method: 'GET', url: `${base}?queryFilter=${encodeURIComponent('name ==')}`, headers: plainMember })).statusCode).toBe(400);
  });

  it('lists the organizers no recipe uses at /empty', async () => {
    const used = (await post(ctx, organizer, base, { name: `Used ${kind}` })).json();
    const unused = (await post(ctx, organizer, base, { name: `Unused ${kind}` })).json();
    const recipeId = await insertRecipe(ctx, scope);
    if (kind === 'categories') await ctx.deps.db.insertInto('recipes_to_categories').values({ recipe_id: recipeId, category_id: used.id }).execute();
    else await ctx.deps.db.insertInto('recipes_to_tags').values({ recipe_id: recipeId, tag_id: used.id }).execute();

    const empty = await ctx.app.inject({ method: 'GET', url: `${base}/empty`, headers: plainMember });
    expect(empty.statusCode).toBe(200);
    const ids = empty.json().map((i: { id: string }) => i.id);
    expect(ids).toContain(unused.id);
    expect(ids).not.toContain(used.id);

    // Deleting a used organizer drops its recipe links with it.
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base}/${used.id}`, headers: organizer })).statusCode).toBe(200);
    const links = kind === 'categories'
      ? await ctx.deps.db.selectFrom('recipes_to_categories').select('recipe_id').where('category_id', '=', used.id).execute()
      : await ctx.deps.db.selectFrom('recipes_to_tags').select('recipe_id').where('tag_id', '=', used.id).execute();
    expect(links).toEqual([]);
  });

  it('lets any member read but only organizers write, and hides other groups\' organizers', async () => {
    const item = (await post(ctx, organizer, base, { name: `Guarded ${kind}` })).json();
    expect((await ctx.app.inject({ method: 'GET', url: base, headers: plainMember })).statusCode).toBe(200);
    expect((await post(ctx, plainMember, base, { name: 'Nope' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `${base}/${item.id}`, headers: plainMember, payload: { name: 'Nope' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base}/${item.id}`, headers: plainMember })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);

    for (const [method, url] of [['GET', `${base}/${item.id}`], ['PUT', `${base}/${item.id}`], ['DELETE', `${base}/${item.id}`], ['GET', `${base}/slug/${item.slug}`]] as const) {
      const res = await ctx.app.inject({ method, url, headers: outsider, payload: method === 'PUT' ? { name: 'Hijacked' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = (await ctx.app.inject({ method: 'GET', url: `${base}?perPage=-1`, headers: outsider })).json();
    expect(theirs.items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    // The same name is free in another group.
    expect((await post(ctx, outsider, base, { name: `Guarded ${kind}` })).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${item.id}`, headers: organizer })).json().name).toBe(`Guarded ${kind}`);
  });

  it('lists in a fixed number of queries whatever the page size', async () => {
    const count = async () => Number((await ctx.app.inject({ method: 'GET', url: `${base}?perPage=-1`, headers: plainMember })).headers['x-hearth-queries']);
    const before = await count();
    for (let i = 0; i < 5; i += 1) await post(ctx, organizer, base, { name: `Bulk ${kind} ${i}` });
    expect(await count()).toBe(before);
  });
});

describe.each(['categories', 'tags', 'tools'] as const)('GET /api/organizers/%s/slug/{slug}', (kind) => {
  const links = { categories: ['recipes_to_categories', 'category_id'], tags: ['recipes_to_tags', 'tag_id'], tools: ['recipes_to_tools', 'tool_id'] } as const;

  it('answers the organizer with the recipes of the group that have it (Mealie\'s RecipeTagResponse), never another group\'s', async () => {
    const item = (await post(ctx, organizer, `/api/organizers/${kind}`, { name: `Shelf ${kind}` })).json();
    const mine = await insertRecipe(ctx, scope);
    const nextDoor = await insertRecipe(ctx, neighbourScope);
    const without = await insertRecipe(ctx, scope);
    const [table, column] = links[kind];
    for (const recipeId of [mine, nextDoor]) {
      await ctx.deps.db.insertInto(table).values({ recipe_id: recipeId, [column]: item.id } as never).execute();
    }
    const res = await ctx.app.inject({ method: 'GET', url: `/api/organizers/${kind}/slug/${item.slug}`, headers: plainMember });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: item.id, name: item.name, slug: item.slug });
    expect(body.recipes.map((r: { id: string }) => r.id).sort()).toEqual([mine, nextDoor].sort());
    expect(body.recipes.map((r: { id: string }) => r.id)).not.toContain(without);
    // Each is a RecipeSummary, as in the recipe list.
    expect(body.recipes[0]).toMatchObject({ id: expect.any(String), slug: expect.any(String), name: expect.any(String), groupId: scope.groupId });
    expect(Array.isArray(body.recipes[0][kind === 'categories' ? 'recipeCategory' : kind])).toBe(true);
    if (kind === 'tools') expect(body).toMatchObject({ onHand: false, householdsWithTool: [] });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/organizers/${kind}/slug/${item.slug}`, headers: outsider })).statusCode).toBe(404);
  });
});

describe('findOrCreateOrganizer', () => {
  it('matches by slug within the group and creates otherwise', async () => {
    const existing = (await post(ctx, organizer, '/api/organizers/tags', { name: 'Crème Brûlée' })).json();
    expect(await findOrCreateOrganizer(ctx.deps.db, 'tags', scope.groupId, '  creme brulee ')).toEqual(existing);
    const created = await findOrCreateOrganizer(ctx.deps.db, 'tags', scope.groupId, 'Picnic');
    expect(created).toMatchObject({ name: 'Picnic', slug: 'picnic', groupId: scope.groupId });
    const elsewhere = await findOrCreateOrganizer(ctx.deps.db, 'tags', (await selfScope(ctx, outsider)).groupId, 'Picnic');
    expect(elsewhere.id).not.toBe(created.id);
  });
});

describe('/api/organizers/tools', () => {
  const base = '/api/organizers/tools';

  it('keeps on-hand per household: each household speaks for itself', async () => {
    const created = await post(ctx, organizer, base, { name: 'Stand Mixer', onHand: true });
    expect(created.statusCode).toBe(201);
    const tool = created.json();
    expect(tool).toEqual({
      id: expect.any(String), groupId: scope.groupId, name: 'Stand Mixer', slug: 'stand-mixer', onHand: true, householdsWithTool: [scope.householdId],
    });

    const seenNextDoor = (await ctx.app.inject({ method: 'GET', url: `${base}/${tool.id}`, headers: neighbour })).json();
    expect(seenNextDoor.onHand).toBe(false);
    expect(seenNextDoor.householdsWithTool).toEqual([scope.householdId]);

    const neighbourHasIt = await ctx.app.inject({ method: 'PUT', url: `${base}/${tool.id}`, headers: neighbour, payload: { name: 'Stand Mixer', onHand: true } });
    expect(neighbourHasIt.json().onHand).toBe(true);
    expect([...neighbourHasIt.json().householdsWithTool].sort()).toEqual([scope.householdId, neighbourScope.householdId].sort());

    // Without onHand, the household list decides for the caller's household (ids or slugs), and only for it.
    const viaList = await ctx.app.inject({ method: 'PUT', url: `${base}/${tool.id}`, headers: organizer, payload: { name: 'Stand Mixer', householdsWithTool: [] } });
    expect(viaList.json().onHand).toBe(false);
    expect(viaList.json().householdsWithTool).toEqual([neighbourScope.householdId]);
    const viaSlug = await ctx.app.inject({ method: 'PUT', url: `${base}/${tool.id}`, headers: organizer, payload: { name: 'Stand Mixer', householdsWithTool: [scope.householdSlug] } });
    expect(viaSlug.json().onHand).toBe(true);

    // A rename without either leaves on-hand alone.
    const renamed = await ctx.app.inject({ method: 'PUT', url: `${base}/${tool.id}`, headers: neighbour, payload: { name: 'Mixer' } });
    expect(renamed.json()).toMatchObject({ name: 'Mixer', slug: 'mixer', onHand: true });
    expect(renamed.json().householdsWithTool).toHaveLength(2);

    const byHousehold = await ctx.app.inject({ method: 'GET', url: `${base}?queryFilter=${encodeURIComponent(`households_with_tool.id = ${neighbourScope.householdId}`)}`, headers: plainMember });
    expect(byHousehold.json().items.map((t: { id: string }) => t.id)).toEqual([tool.id]);
    const listed = (await ctx.app.inject({ method: 'GET', url: `${base}?search=mixer`, headers: neighbour })).json();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ id: tool.id, onHand: true });
    const bySlug = await ctx.app.inject({ method: 'GET', url: `${base}/slug/mixer`, headers: plainMember });
    expect(bySlug.json()).toMatchObject({ id: tool.id, onHand: true });

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `${base}/${tool.id}`, headers: organizer });
    expect(deleted.json().id).toBe(tool.id);
    expect(await ctx.deps.db.selectFrom('households_to_tools').select('household_id').where('tool_id', '=', tool.id).execute()).toEqual([]);
  });

  it('checks canOrganize on writes and scopes to the group', async () => {
    const tool = (await post(ctx, organizer, base, { name: 'Dutch Oven' })).json();
    expect(tool.onHand).toBe(false);
    expect((await post(ctx, plainMember, base, { name: 'Wok' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `${base}/${tool.id}`, headers: plainMember, payload: { name: 'x', onHand: true } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${tool.id}`, headers: outsider })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: `${base}/${tool.id}`, headers: outsider, payload: { name: 'x', onHand: true } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base}/${tool.id}`, headers: outsider })).statusCode).toBe(404);
    expect((await post(ctx, organizer, base, { name: 'dutch oven' })).statusCode).toBe(409);
  });

  it('lists tools with their households in a fixed number of queries', async () => {
    const count = async () => Number((await ctx.app.inject({ method: 'GET', url: `${base}?perPage=-1`, headers: plainMember })).headers['x-hearth-queries']);
    const before = await count();
    for (let i = 0; i < 4; i += 1) await post(ctx, organizer, base, { name: `Pan ${i}`, onHand: true });
    expect(await count()).toBe(before);
  });
});
