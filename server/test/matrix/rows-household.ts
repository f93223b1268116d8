import * as make from '../factories.js';
import type { Fixtures } from './fixtures.js';
import { flag, user, type Expect, type FlagName } from './kinds.js';
import { r, type Params, type Row } from './row.js';

const freshList = async (f: Fixtures) => ({ item_id: (await make.makeShoppingList(f.deps, f.A, f.owner.id)).id });
const itemRow = (f: Fixtures, p: Params) => f.deps.db.selectFrom('shopping_list_items').selectAll().where('id', '=', p.item_id).executeTakeFirst();
const freshItem = async (f: Fixtures) => ({ item_id: (await make.makeShoppingItem(f.deps, f.list.id)).id });

/**
 * Webhooks and notifiers: the `advanced` flag (Mealie's web UI gates those pages on it) and, as in Mealie, the
 * group's and the household's managers (canManage, canManageHousehold) manage their own household's automation
 * (issue 40 item 2). A plain member, or one who may only organize, gets 403.
 */
const MANAGERS: Array<'canManage' | 'canManageHousehold'> = ['canManage', 'canManageHousehold'];
function automation(scope: 'own' | 'household', o: { allowed?: 'ok' | number | Array<'ok' | number> } = {}): Expect {
  const e = flag('advanced' as FlagName, scope, o);
  for (const who of MANAGERS) e[who] = o.allowed ?? 'ok';
  return e;
}

function automationRows(base: string, maker: 'makeWebhook' | 'makeNotifier', body: (who: string) => unknown): Row[] {
  const fresh = async (f: Fixtures) => ({ item_id: (await make[maker](f.deps, f.A)).id });
  const id = (f: Fixtures) => ({ item_id: f[maker === 'makeWebhook' ? 'webhook' : 'notifier'].id });
  return [
    r('GET', base, automation('own')),
    r('POST', base, automation('own', { allowed: 201 }), { body: (_f, _p, who) => body(who) }),
    r('GET', `${base}/:item_id`, automation('household'), { params: id }),
    r('PUT', `${base}/:item_id`, automation('household'), { fresh, body: (_f, _p, who) => body(who) }),
    r('DELETE', `${base}/:item_id`, automation('household'), { fresh }),
    // The test answers at once and delivers in the background (its result is kept on the webhook/notifier).
    r('POST', `${base}/:item_id/test`, automation('household'), { params: id }),
  ];
}

/** Household-private data: meal plans and their rules, shopping, cookbooks, recipe actions, automation. */
export const householdRows: Row[] = [
  r('GET', '/api/households/mealplans/rules', user()),
  r('POST', '/api/households/mealplans/rules', user('own', { allowed: 201 }), { body: { day: 'monday', entryType: 'dinner', queryFilterString: '' } }),
  r('GET', '/api/households/mealplans/rules/:item_id', user('household'), { params: (f) => ({ item_id: f.rule.id }) }),
  r('PUT', '/api/households/mealplans/rules/:item_id', user('household'), {
    fresh: async (f) => ({ item_id: (await make.makeMealplanRule(f.deps, f.A)).id }),
    body: { day: 'tuesday', entryType: 'lunch', queryFilterString: '' },
  }),
  r('DELETE', '/api/households/mealplans/rules/:item_id', user('household'), { fresh: async (f) => ({ item_id: (await make.makeMealplanRule(f.deps, f.A)).id }) }),
  r('GET', '/api/households/mealplans/today', user()),
  r('GET', '/api/households/mealplans/nutrition', user(), { query: 'start_date=2026-01-01&end_date=2026-01-31' }),
  r('POST', '/api/households/mealplans/random', user(), { body: { date: '2026-01-06', entryType: 'dinner' } }),
  r('GET', '/api/households/mealplans', user(), { query: 'start_date=2026-01-01&end_date=2026-01-31' }),
  r('POST', '/api/households/mealplans', user('own', { allowed: 201 }), { body: (_f, _p, who) => ({ date: '2026-01-07', entryType: 'dinner', title: `by ${who}` }) }),
  r('GET', '/api/households/mealplans/:item_id', user('household'), { params: (f) => ({ item_id: String(f.mealplan.id) }) }),
  r('PUT', '/api/households/mealplans/:item_id', user('household'), {
    fresh: async (f) => ({ item_id: String((await make.makeMealplan(f.deps, f.A, f.owner.id)).id) }),
    body: (f, p) => ({ id: Number(p.item_id), date: '2026-01-08', entryType: 'lunch', title: 'moved', groupId: f.A.groupId, userId: f.owner.id }),
  }),
  r('DELETE', '/api/households/mealplans/:item_id', user('household'), { fresh: async (f) => ({ item_id: String((await make.makeMealplan(f.deps, f.A, f.owner.id)).id) }) }),

  r('GET', '/api/households/shopping/lists', user()),
  r('POST', '/api/households/shopping/lists', user('own', { allowed: 201 }), { body: (_f, _p, who) => ({ name: `list of ${who}` }) }),
  r('GET', '/api/households/shopping/lists/:item_id', user('household'), { params: (f) => ({ item_id: f.list.id }) }),
  r('PUT', '/api/households/shopping/lists/:item_id', user('household'), { fresh: freshList, body: (f, p) => ({ id: p.item_id, name: 'renamed', listItems: [] }) }),
  r('DELETE', '/api/households/shopping/lists/:item_id', user('household'), { fresh: freshList }),
  r('PUT', '/api/households/shopping/lists/:item_id/label-settings', user('household'), { fresh: freshList, body: [] }),
  r('POST', '/api/households/shopping/lists/:item_id/recipe', user('household'), { fresh: freshList, body: (f) => [{ recipeId: f.recipe.id }] }),
  r('POST', '/api/households/shopping/lists/:item_id/recipe/:recipe_id', user('household'), { fresh: async (f) => ({ ...(await freshList(f)), recipe_id: f.recipe.id }), body: {} }),
  r('POST', '/api/households/shopping/lists/:item_id/recipe/:recipe_id/delete', user('household'), { fresh: async (f) => ({ ...(await freshList(f)), recipe_id: f.recipe.id }), body: {} }),
  r('GET', '/api/households/shopping/items', user()),
  // An item for household A's list from another household is refused as naming no list of theirs.
  r('POST', '/api/households/shopping/items', user('household', { allowed: 201, otherHousehold: 400, otherGroup: 400 }), { body: (f) => ({ shoppingListId: f.list.id, note: 'added' }) }),
  r('POST', '/api/households/shopping/items/create-bulk', user('household', { allowed: 201, otherHousehold: 400, otherGroup: 400 }), { body: (f) => [{ shoppingListId: f.list.id, note: 'added in bulk' }] }),
  r('PUT', '/api/households/shopping/items', user('household', { otherHousehold: 'untouched', otherGroup: 'untouched' }), { fresh: freshItem, snapshot: itemRow, body: (f, p) => [{ id: p.item_id, shoppingListId: f.list.id, note: 'changed', quantity: 2 }] }),
  r('DELETE', '/api/households/shopping/items', user('household', { otherHousehold: 'untouched', otherGroup: 'untouched' }), { fresh: freshItem, snapshot: itemRow, query: (_f, p) => `ids=${p.item_id}` }),
  r('GET', '/api/households/shopping/items/:item_id', user('household'), { params: (f) => ({ item_id: f.item.id }) }),
  r('PUT', '/api/households/shopping/items/:item_id', user('household'), { fresh: freshItem, body: (f) => ({ shoppingListId: f.list.id, note: 'changed', quantity: 3 }) }),
  r('DELETE', '/api/households/shopping/items/:item_id', user('household'), { fresh: freshItem }),

  r('GET', '/api/households/cookbooks', user()),
  r('POST', '/api/households/cookbooks', user('own', { allowed: 201 }), { body: (_f, _p, who) => ({ name: `cookbook of ${who}` }) }),
  r('PUT', '/api/households/cookbooks', user('household'), {
    fresh: async (f) => ({ item_id: (await make.makeCookbook(f.deps, f.A)).id }),
    body: (f, p) => [{ id: p.item_id, name: `bulk ${p.item_id.slice(0, 8)}`, slug: `bulk-${p.item_id.slice(0, 8)}`, position: 1, groupId: f.A.groupId, householdId: f.A.householdId }],
  }),
  // A cookbook is read across the group (Mealie lists other households' cookbooks read-only).
  r('GET', '/api/households/cookbooks/:item_id', user('group'), { params: (f) => ({ item_id: f.cookbook.id }) }),
  r('PUT', '/api/households/cookbooks/:item_id', user('household'), {
    fresh: async (f) => ({ item_id: (await make.makeCookbook(f.deps, f.A)).id }),
    body: (f, p) => ({ id: p.item_id, name: `put ${p.item_id.slice(0, 8)}`, slug: `put-${p.item_id.slice(0, 8)}`, position: 1, groupId: f.A.groupId, householdId: f.A.householdId }),
  }),
  r('DELETE', '/api/households/cookbooks/:item_id', user('household'), { fresh: async (f) => ({ item_id: (await make.makeCookbook(f.deps, f.A)).id }) }),

  r('GET', '/api/households/recipe-actions', user()),
  r('POST', '/api/households/recipe-actions', flag('canOrganize', 'own', { allowed: 201 }), { body: (_f, _p, who) => ({ actionType: 'link', title: `action of ${who}`, url: 'https://example.com/x' }) }),
  r('GET', '/api/households/recipe-actions/:item_id', user('household'), { params: (f) => ({ item_id: f.action.id }) }),
  r('PUT', '/api/households/recipe-actions/:item_id', flag('canOrganize', 'household'), {
    fresh: async (f) => ({ item_id: (await make.makeRecipeAction(f.deps, f.A)).id }),
    body: { actionType: 'link', title: 'renamed', url: 'https://example.com/y' },
  }),
  r('DELETE', '/api/households/recipe-actions/:item_id', flag('canOrganize', 'household'), { fresh: async (f) => ({ item_id: (await make.makeRecipeAction(f.deps, f.A)).id }) }),
  // A link action opens in the browser: the server refuses to trigger it, after checking whose it is.
  r('POST', '/api/households/recipe-actions/:item_id/trigger/:recipe_slug', user('household', { allowed: 400 }), { params: (f) => ({ item_id: f.action.id, recipe_slug: f.recipe.slug }), body: {} }),

  ...automationRows('/api/households/events/notifications', 'makeNotifier', (who) => ({ name: `notifier of ${who}`, appriseUrl: 'json://127.0.0.1:9/x', enabled: false })),
  ...automationRows('/api/households/webhooks', 'makeWebhook', (who) => ({ name: `webhook of ${who}`, url: 'https://example.com/hook', enabled: false, webhookType: 'mealplan', scheduledTime: '00:00' })),
  r('POST', '/api/households/webhooks/rerun', automation('own')),
];
