import type { Kysely, Transaction } from 'kysely';
import type { HouseholdAdminUpdate } from '../../../contract/accounts.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { refreshRecipeRatings } from '../recipes/service.js';
import { householdNameClashes, renameHousehold, updateHouseholdPreferences } from './service.js';

type Trx = Transaction<Database>;

/** Household rows that carry their group's id too: they follow the household to its new group. */
const FOLLOWING_TABLES = [
  'users', 'shopping_lists', 'group_meal_plans', 'group_meal_plan_rules', 'cookbooks', 'recipe_actions', 'webhook_urls', 'group_events_notifiers',
  'invite_tokens',
] as const;

/**
 * Whether any of the household's data points at its group's shared data (foods, units, labels, recipes): its
 * recipes (their ingredients, organizers, other members' ratings and comments), shopping items with a food, unit,
 * label or recipe, meal plan days with a recipe. Such data cannot follow it to another group without being rewritten.
 */
async function tiedToGroup(trx: Trx, householdId: string): Promise<boolean> {
  const recipe = await trx.selectFrom('recipes').select('id').where('household_id', '=', householdId).limit(1).executeTakeFirst();
  if (recipe) return true;
  const item = await trx
    .selectFrom('shopping_list_items as i')
    .innerJoin('shopping_lists as l', 'l.id', 'i.shopping_list_id')
    .select('i.id')
    .where('l.household_id', '=', householdId)
    .where((eb) => eb.or([eb('i.food_id', 'is not', null), eb('i.unit_id', 'is not', null), eb('i.label_id', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  if (item) return true;
  const itemRecipe = await trx
    .selectFrom('shopping_list_item_recipe_reference as r')
    .innerJoin('shopping_list_items as i', 'i.id', 'r.shopping_list_item_id')
    .innerJoin('shopping_lists as l', 'l.id', 'i.shopping_list_id')
    .select('r.id')
    .where('l.household_id', '=', householdId)
    .limit(1)
    .executeTakeFirst();
  if (itemRecipe) return true;
  const listRecipe = await trx
    .selectFrom('shopping_list_recipe_reference as r')
    .innerJoin('shopping_lists as l', 'l.id', 'r.shopping_list_id')
    .select('r.id')
    .where('l.household_id', '=', householdId)
    .limit(1)
    .executeTakeFirst();
  if (listRecipe) return true;
  const plan = await trx.selectFrom('group_meal_plans').select('id').where('household_id', '=', householdId).where('recipe_id', 'is not', null).limit(1).executeTakeFirst();
  return Boolean(plan);
}

/** A cookbook of the household whose name or slug the target group already has, or null. */
async function clashingCookbook(trx: Trx, householdId: string, groupId: string): Promise<string | null> {
  const clash = await trx
    .selectFrom('cookbooks as c')
    .innerJoin('cookbooks as t', (join) => join.on('t.group_id', '=', groupId).on((eb) => eb.or([eb('t.slug', '=', eb.ref('c.slug')), eb('t.name', '=', eb.ref('c.name'))])))
    .select('c.name')
    .where('c.household_id', '=', householdId)
    .executeTakeFirst();
  return clash?.name ?? null;
}

/**
 * Moves a household to another group (Mealie's admin household update), in the caller's transaction: the household,
 * its members and its own rows (lists, meal plans and rules, cookbooks, actions, webhooks, notifiers, invitations)
 * take the new group id; what named the old group's shared data and has no meaning in the new one is dropped
 * (on-hand tools and foods, the lists' label order, the members' ratings and favourites of the old group's recipes,
 * whose ratings are recomputed). Refused, with nothing written, when the household's data is tied to its group,
 * when it is the group's only household, or when a name clashes in the new group.
 */
async function moveHousehold(trx: Trx, engine: Deps['engine'], householdId: string, fromGroupId: string, toGroupId: string): Promise<void> {
  const target = await trx.selectFrom('groups').select('id').where('id', '=', toGroupId).executeTakeFirst();
  if (!target) throw notFound('common.group-not-found');
  const sibling = await trx.selectFrom('households').select('id').where('group_id', '=', fromGroupId).where('id', '<>', householdId).limit(1).executeTakeFirst();
  if (!sibling) throw badRequest('admin.household-last-of-group');
  if (await tiedToGroup(trx, householdId)) throw badRequest('admin.household-data-tied-to-group');
  const cookbook = await clashingCookbook(trx, householdId, toGroupId);
  if (cookbook) throw badRequest('cookbooks.cookbook-named-already-exists', { name: cookbook });

  const members = (await trx.selectFrom('users').select('id').where('household_id', '=', householdId).execute()).map((u) => u.id);
  const rated = members.length === 0 ? [] : await trx
    .selectFrom('users_to_recipes as ur')
    .innerJoin('recipes as r', 'r.id', 'ur.recipe_id')
    .select(['ur.id', 'ur.recipe_id'])
    .where('ur.user_id', 'in', members)
    .where('r.group_id', '<>', toGroupId)
    .execute();
  if (rated.length > 0) await trx.deleteFrom('users_to_recipes').where('id', 'in', rated.map((r) => r.id)).execute();
  await trx.deleteFrom('households_to_tools').where('household_id', '=', householdId).execute();
  await trx.deleteFrom('households_to_ingredient_foods').where('household_id', '=', householdId).execute();
  await trx.deleteFrom('household_food_equivalents').where('household_id', '=', householdId).execute();
  await trx
    .deleteFrom('shopping_lists_multi_purpose_labels')
    .where('shopping_list_id', 'in', (eb) => eb.selectFrom('shopping_lists').select('id').where('household_id', '=', householdId))
    .execute();
  const now = nowIso();
  await trx.updateTable('households').set({ group_id: toGroupId, update_at: now }).where('id', '=', householdId).execute();
  for (const table of FOLLOWING_TABLES) {
    await (trx as unknown as Kysely<Record<string, { group_id: string; household_id: string }>>)
      .updateTable(table)
      .set({ group_id: toGroupId })
      .where('household_id', '=', householdId)
      .execute();
  }
  await refreshRecipeRatings(trx, engine, [...new Set(rated.map((r) => r.recipe_id))]);
}

/**
 * PUT /api/admin/households/{id}: name, preferences and group in one transaction (a refused part leaves the rest
 * unwritten). The name must be free in the group the household ends up in.
 */
export async function adminUpdateHousehold(
  deps: Pick<Deps, 'db' | 'engine'>,
  existing: { id: string; groupId: string; name: string },
  body: HouseholdAdminUpdate,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const groupId = body.groupId;
    const moving = groupId !== existing.groupId;
    // Checked first: a household's name and slug are unique within its group.
    if ((body.name !== existing.name || moving) && (await householdNameClashes(trx, groupId, existing.id, body.name))) {
      throw badRequest('common.household-name-is-taken');
    }
    if (body.name !== existing.name) await renameHousehold(trx, existing.id, body.name);
    if (moving) await moveHousehold(trx, deps.engine, existing.id, existing.groupId, groupId);
    if (body.preferences) await updateHouseholdPreferences(trx, existing.id, body.preferences);
  });
}
