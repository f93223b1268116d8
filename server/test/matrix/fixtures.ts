import crypto from 'node:crypto';
import type { Deps } from '../../platform/deps.js';
import * as make from '../factories.js';
import { FLAGS_OF, type Identity } from './kinds.js';

/**
 * The matrix's world, inserted straight into the database: group A with households A and B, group B, one
 * user per identity, and one of every resource in household A. Names of group-A data carry GROUP_MARK and
 * names of household-A data carry HOUSEHOLD_MARK: a foreign identity's response containing a mark it must
 * not see is a leak even when its status looks right.
 */
export const GROUP_MARK = 'zqgroupmarkzq';
export const HOUSEHOLD_MARK = 'zqhouseholdmarkzq';

export type Fixtures = Awaited<ReturnType<typeof buildFixtures>>;

const ALL_FLAGS = { canInvite: true, canManage: true, canManageHousehold: true, canOrganize: true, advanced: true };

export async function buildFixtures(deps: Deps) {
  const A = await make.defaultScope(deps);
  const B = await make.makeHousehold(deps, A.groupId, 'Neighbours');
  const G = await make.makeGroup(deps, 'Elsewhere');
  const users: Partial<Record<Identity, make.MadeUser>> = {};
  for (const [who, flags] of Object.entries(FLAGS_OF)) {
    if (who === 'admin' || who === 'apiToken') continue;
    users[who as Identity] = await make.makeUser(deps, A, { username: `matrix-${who.toLowerCase()}`, flags: Object.fromEntries(flags.map((f) => [f, true])) });
  }
  users.otherHousehold = await make.makeUser(deps, B, { username: 'matrix-otherhousehold', flags: ALL_FLAGS });
  users.otherGroup = await make.makeUser(deps, G, { username: 'matrix-othergroup', flags: ALL_FLAGS });
  const adminAuth = (await import('../../platform/auth/guard.js')).loadAuthUser;
  const adminUser = (await adminAuth(deps, A.adminId))!;
  const member = users.member!;
  const apiToken = await make.makeApiToken(deps, member.auth, 'matrix token');
  // The owner of household A's recipes and comments: a plain member who is none of the identities.
  const owner = await make.makeUser(deps, A, { username: 'matrix-owner' });

  const headers = async (): Promise<Record<Identity, Record<string, string>>> => ({
    visitor: {},
    member: users.member!.headers,
    apiToken: apiToken.headers,
    canInvite: users.canInvite!.headers,
    canManage: users.canManage!.headers,
    canManageHousehold: users.canManageHousehold!.headers,
    canOrganize: users.canOrganize!.headers,
    advanced: users.advanced!.headers,
    admin: await make.signIn(deps, A.adminId),
    otherHousehold: users.otherHousehold!.headers,
    otherGroup: users.otherGroup!.headers,
  });

  const recipe = await make.makeRecipe(deps, owner.auth, `Soup ${GROUP_MARK}`);
  const label = await make.makeLabel(deps, A.groupId, `label ${GROUP_MARK}`);
  const food = await make.makeFood(deps, A.groupId, `food ${GROUP_MARK}`);
  const unit = await make.makeUnit(deps, A.groupId, `unit ${GROUP_MARK}`);
  const category = await make.makeOrganizer(deps, 'categories', A.groupId, `category ${GROUP_MARK}`);
  const tag = await make.makeOrganizer(deps, 'tags', A.groupId, `tag ${GROUP_MARK}`);
  const tool = await make.makeOrganizer(deps, 'tools', A.groupId, `tool ${GROUP_MARK}`);
  const list = await make.makeShoppingList(deps, A, owner.id, `list ${HOUSEHOLD_MARK}`);
  const item = await make.makeShoppingItem(deps, list.id, `item ${HOUSEHOLD_MARK}`);
  const mealplan = await make.makeMealplan(deps, A, owner.id, { title: `plan ${HOUSEHOLD_MARK}`, recipeId: recipe.id });
  const rule = await make.makeMealplanRule(deps, A);
  // Cookbooks are read across the group (Mealie shows other households' cookbooks, read-only).
  const cookbook = await make.makeCookbook(deps, A, `cookbook ${GROUP_MARK}`);
  const action = await make.makeRecipeAction(deps, A, `action ${HOUSEHOLD_MARK}`);
  const webhook = await make.makeWebhook(deps, A, `webhook ${HOUSEHOLD_MARK}`);
  const notifier = await make.makeNotifier(deps, A, `notifier ${HOUSEHOLD_MARK}`);
  const comment = await make.makeComment(deps, recipe.id, owner.id, `comment ${GROUP_MARK}`);
  const event = await make.makeTimelineEvent(deps, recipe.id, owner.id, `event ${GROUP_MARK}`);
  const share = await make.makeShareToken(deps, A.groupId, recipe.id);
  const report = await make.makeReport(deps, A.groupId, `report ${GROUP_MARK}`);
  const invitation = await make.makeInvitation(deps, A);
  const job = await makeJob(deps, member.id, A.groupId);
  const slugs = await deps.db
    .selectFrom('households as h')
    .innerJoin('groups as g', 'g.id', 'h.group_id')
    .select(['h.slug as household', 'g.slug as group'])
    .where('h.id', '=', A.householdId)
    .executeTakeFirstOrThrow();

  return {
    deps, A, B, G, users, owner, member, adminUser, apiToken, headers, slugs,
    recipe, label, food, unit, category, tag, tool, list, item, mealplan, rule, cookbook, action, webhook, notifier,
    comment, event, share, report, invitation, job,
    /** Strings household B may never read (invitation tokens are credentials). */
    householdSecrets: [HOUSEHOLD_MARK, invitation.token],
    groupSecrets: [GROUP_MARK],
  };
}

/** A finished job of `userId` (the jobs route shows a job to the user who started it only). */
async function makeJob(deps: Deps, userId: string, groupId: string): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await deps.db
    .insertInto('hearth_jobs')
    .values({
      id, name: 'matrix.done', data: '{}', state: 'completed', singleton_key: null, run_at: now, attempts: 1, max_attempts: 1,
      lease_owner: null, lease_until: null, progress: null, output: null, error: null, user_id: userId, group_id: groupId, created_at: now,
    } as never)
    .execute();
  return { id };
}

/** Checks that every resource a row names is household A's (or group A's): the matrix tests what it says. */
export async function assertOwnedByA(f: Fixtures): Promise<string[]> {
  const db = f.deps.db;
  const wrong: string[] = [];
  const inHousehold = async (table: 'shopping_lists' | 'group_meal_plan_rules' | 'cookbooks' | 'recipe_actions' | 'webhook_urls' | 'group_events_notifiers' | 'recipes', id: string) => {
    const row = await db.selectFrom(table).select(['household_id', 'group_id']).where('id', '=', id).executeTakeFirst();
    if (!row || row.household_id !== f.A.householdId || row.group_id !== f.A.groupId) wrong.push(`${table} ${id}`);
  };
  await inHousehold('shopping_lists', f.list.id);
  await inHousehold('group_meal_plan_rules', f.rule.id);
  await inHousehold('cookbooks', f.cookbook.id);
  await inHousehold('recipe_actions', f.action.id);
  await inHousehold('webhook_urls', f.webhook.id);
  await inHousehold('group_events_notifiers', f.notifier.id);
  await inHousehold('recipes', f.recipe.id);
  const plan = await db.selectFrom('group_meal_plans').select('household_id').where('id', '=', f.mealplan.id).executeTakeFirst();
  if (plan?.household_id !== f.A.householdId) wrong.push('mealplan');
  for (const [table, id] of [['ingredient_foods', f.food.id], ['ingredient_units', f.unit.id], ['multi_purpose_labels', f.label.id], ['tags', f.tag.id], ['categories', f.category.id], ['tools', f.tool.id]] as const) {
    const row = await db.selectFrom(table).select('group_id').where('id', '=', id).executeTakeFirst();
    if (row?.group_id !== f.A.groupId) wrong.push(`${table} ${id}`);
  }
  return wrong;
}
