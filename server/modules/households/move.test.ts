import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe } from '../recipe-media/test-fixtures.js';

/** Issue 40 item 7: an admin moves a household to another group (Mealie's admin household update). */

type Headers = Record<string, string>;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function newGroup(name: string): Promise<{ id: string; householdId: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/groups', headers: ctx.admin, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, householdId: res.json().households[0].id };
}

async function newHousehold(groupId: string, name: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/households', headers: ctx.admin, payload: { groupId, name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const move = (id: string, groupId: string, name: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'PUT', url: `/api/admin/households/${id}`, headers: ctx.admin, payload: { id, groupId, name, ...extra } });

async function householdRow(id: string) {
  return ctx.deps.db.selectFrom('households').select(['group_id', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function self(headers: Headers) {
  return (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers })).json();
}

describe('PUT /api/admin/households/{id} with another groupId', () => {
  it('moves the household with its members and its own data; what named the old group\'s data is let go', async () => {
    const home = (await self(ctx.admin)).groupId as string;
    const target = await newGroup('Move Target');
    const movers = await newHousehold(home, 'Movers');
    const member = await createMember(ctx, { username: 'mover', household: 'Movers', flags: { canManageHousehold: true, canOrganize: true } });
    expect((await self(member.headers)).householdId).toBe(movers);

    // Data of the household: a list with a note-only item, a note-only meal plan day, a cookbook, a webhook.
    const list = await ctx.app.inject({ method: 'POST', url: '/api/households/shopping/lists', headers: member.headers, payload: { name: 'Moving Boxes' } });
    expect(list.statusCode, list.body).toBe(201);
    const item = await ctx.app.inject({ method: 'POST', url: '/api/households/shopping/items', headers: member.headers, payload: { shoppingListId: list.json().id, note: 'tape', quantity: 2 } });
    expect(item.statusCode, item.body).toBe(201);
    const plan = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: member.headers, payload: { date: '2026-05-01', entryType: 'dinner', title: 'Pizza night' } });
    expect(plan.statusCode, plan.body).toBe(201);
    const cookbook = await ctx.app.inject({ method: 'POST', url: '/api/households/cookbooks', headers: member.headers, payload: { name: 'Mover Favourites' } });
    expect(cookbook.statusCode, cookbook.body).toBe(201);
    const hook = await ctx.app.inject({ method: 'POST', url: '/api/households/webhooks', headers: member.headers, payload: { name: 'Mover hook', url: 'https://example.com/hook', enabled: false, webhookType: 'mealplan', scheduledTime: '10:00' } });
    expect(hook.statusCode, hook.body).toBe(201);
    // What belongs to the old group: a rating of its recipe, a tool on hand.
    const recipe = await createRecipe(ctx, ctx.admin, 'Stay Behind Stew', {});
    const rated = await ctx.app.inject({ method: 'POST', url: `/api/users/${member.user.id}/ratings/${recipe.slug}`, headers: member.headers, payload: { rating: 4, isFavorite: true } });
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin })).json().rating).toBe(4);
    const tool = await ctx.app.inject({ method: 'POST', url: '/api/organizers/tools', headers: member.headers, payload: { name: 'Hand Truck', onHand: true } });
    expect(tool.statusCode, tool.body).toBe(201);

    const res = await move(movers, target.id, 'Movers');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: movers, groupId: target.id, name: 'Movers', group: 'Move Target' });

    const me = await self(member.headers);
    expect(me).toMatchObject({ groupId: target.id, group: 'Move Target', householdId: movers, household: 'Movers' });
    const lists = (await ctx.app.inject({ method: 'GET', url: '/api/households/shopping/lists', headers: member.headers })).json();
    expect(lists.items.map((l: { name: string }) => l.name)).toContain('Moving Boxes');
    const got = (await ctx.app.inject({ method: 'GET', url: `/api/households/shopping/lists/${list.json().id}`, headers: member.headers })).json();
    expect(got.listItems.map((i: { note: string }) => i.note)).toEqual(['tape']);
    const plans = (await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans?perPage=-1', headers: member.headers })).json();
    expect(plans.items.map((p: { title: string }) => p.title)).toEqual(['Pizza night']);
    const books = (await ctx.app.inject({ method: 'GET', url: '/api/households/cookbooks?perPage=-1', headers: member.headers })).json();
    expect(books.items.map((c: { name: string }) => c.name)).toEqual(['Mover Favourites']);
    const hooks = (await ctx.app.inject({ method: 'GET', url: '/api/households/webhooks?perPage=-1', headers: member.headers })).json();
    expect(hooks.items.map((w: { name: string }) => w.name)).toEqual(['Mover hook']);
    for (const table of ['shopping_lists', 'group_meal_plans', 'cookbooks', 'webhook_urls'] as const) {
      const rows = await ctx.deps.db.selectFrom(table).select('group_id').where('household_id', '=', movers).execute();
      expect(rows.map((r) => r.group_id), table).toEqual(rows.map(() => target.id));
    }

    // The old group's data is out of reach, and its recipe's rating no longer counts the member's.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: member.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin })).json().rating).toBeNull();
    expect(await ctx.deps.db.selectFrom('users_to_recipes').select('id').where('user_id', '=', member.user.id).execute()).toEqual([]);
    expect(await ctx.deps.db.selectFrom('households_to_tools').select('tool_id').where('household_id', '=', movers).execute()).toEqual([]);
    const oldGroup = (await ctx.app.inject({ method: 'GET', url: `/api/admin/groups/${home}`, headers: ctx.admin })).json();
    expect(oldGroup.households.map((h: { id: string }) => h.id)).not.toContain(movers);
  });

  it('refuses with a clear 400 and writes nothing when the household\'s data uses its group\'s (a recipe)', async () => {
    const home = (await self(ctx.admin)).groupId as string;
    const target = await newGroup('Recipe Target');
    const cooks = await newHousehold(home, 'Cooks');
    const cook = await createMember(ctx, { username: 'cook-mover', household: 'Cooks' });
    await createRecipe(ctx, cook.headers, 'Cook Soup', {});
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/admin/households/${cooks}`, headers: ctx.admin })).json().preferences;
    const res = await move(cooks, target.id, 'Cooks Renamed', { preferences: { privateHousehold: !before.privateHousehold } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail.message).toMatch(/cannot move to another group/);
    expect(await householdRow(cooks)).toEqual({ group_id: home, name: 'Cooks' });
    expect((await self(cook.headers)).groupId).toBe(home);
    const prefs = (await ctx.app.inject({ method: 'GET', url: `/api/admin/households/${cooks}`, headers: ctx.admin })).json().preferences;
    expect(prefs.privateHousehold).toBe(before.privateHousehold);
  });

  it('refuses a group\'s only household, an unknown group and a name the new group has; writes nothing', async () => {
    const home = (await self(ctx.admin)).groupId as string;
    const lone = await newGroup('Lone Group');
    const only = await move(lone.householdId, home, 'Lone Family');
    expect(only.statusCode, only.body).toBe(400);
    expect(only.json().detail.message).toBe('The only household of a group cannot move to another group');
    expect((await householdRow(lone.householdId)).group_id).toBe(lone.id);

    const twinHere = await newHousehold(home, 'Twin');
    await newHousehold(lone.id, 'Twin');
    const clash = await move(twinHere, lone.id, 'Twin');
    expect(clash.statusCode, clash.body).toBe(400);
    expect(clash.json().detail.message).toMatch(/taken|exists/i);
    expect((await householdRow(twinHere)).group_id).toBe(home);
    // Renamed on the way, it moves.
    const renamed = await move(twinHere, lone.id, 'Twin Two');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ groupId: lone.id, name: 'Twin Two', slug: 'twin-two' });

    const unknown = await move(twinHere, '00000000-0000-4000-8000-000000000000', 'Twin Two');
    expect(unknown.statusCode).toBe(404);
    expect((await householdRow(twinHere)).group_id).toBe(lone.id);
  });

  it('refuses when one of its cookbooks has a name the new group has', async () => {
    const home = (await self(ctx.admin)).groupId as string;
    const target = await newGroup('Cookbook Target');
    const readers = await newHousehold(home, 'Readers');
    const reader = await createMember(ctx, { username: 'reader-mover', household: 'Readers' });
    const there = await createMember(ctx, { username: 'cookbook-there', group: 'Cookbook Target' });
    for (const headers of [reader.headers, there.headers]) {
      const made = await ctx.app.inject({ method: 'POST', url: '/api/households/cookbooks', headers, payload: { name: 'Sunday Lunch' } });
      expect(made.statusCode, made.body).toBe(201);
    }
    const res = await move(readers, target.id, 'Readers');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail.message).toContain('Sunday Lunch');
    expect((await householdRow(readers)).group_id).toBe(home);
  });
});
