import type { Transaction } from 'kysely';
import type { BulkOrganizerRef, BulkSettings } from '../../../contract/exports.js';
import type { SettingsField } from '../../../contract/recipes.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/storage/index.js';
import { householdLockLookup } from '../recipes/permissions.js';
import { indexRecipesInTransaction } from '../recipes/search-index.js';
import type { RecipeRow } from '../recipes/relations.js';
import { emitRecipeEvents } from '../recipes/events.js';
import { assertCanEditRecipe, editableRecipe, removeRecipeFiles } from '../recipes/service.js';
import { inIds } from '../recipes/sql.js';

/*
 * Bulk actions (POST /api/recipes/bulk-actions/*). Unlike Mealie, each recipe must pass the recipe edit rule,
 * and each action is all or nothing: every recipe is checked before one transaction writes them all.
 */

export type BulkActor = Pick<AuthUser, 'id' | 'groupId' | 'householdId'>;

function canonicalId(value: string): string | null {
  if (!isUuid(value)) return null;
  const hex = value.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The group's recipes named by slug or id, in one query; an unknown one is a 404 naming it. */
export async function findGroupRecipes(deps: Deps, groupId: string, refs: readonly string[]): Promise<RecipeRow[]> {
  const wanted = [...new Set(refs)];
  if (wanted.length === 0) return [];
  const ids = wanted.flatMap((ref) => canonicalId(ref) ?? []);
  const rows = await deps.db
    .selectFrom('recipes')
    .selectAll()
    .where('group_id', '=', groupId)
    .where((eb) => eb.or([inIds(deps.engine, 'slug', wanted), ...(ids.length ? [inIds(deps.engine, 'id', ids)] : [])]))
    .execute();
  const found = new Map<string, RecipeRow>();
  for (const ref of wanted) {
    const row = rows.find((r) => r.slug === ref) ?? rows.find((r) => r.id === canonicalId(ref));
    if (!row) throw notFound('exports.recipe-not-found', { ref });
    found.set(row.id, row);
  }
  return [...found.values()];
}

async function editableRecipes(deps: Deps, user: BulkActor, refs: readonly string[], change: { locked?: boolean } = {}): Promise<RecipeRow[]> {
  const rows = await findGroupRecipes(deps, user.groupId, refs);
  const locks = householdLockLookup(deps);
  for (const row of rows) await assertCanEditRecipe(deps, user, editableRecipe(row), change, locks);
  return rows;
}

async function touch(trx: Transaction<Database>, deps: Deps, recipeIds: string[]): Promise<void> {
  const now = nowIso();
  await trx.updateTable('recipes').set({ update_at: now, date_updated: now }).where(inIds(deps.engine, 'id', recipeIds)).execute();
}

type OrganizerTable = 'tags' | 'categories';

async function resolveOrganizers(trx: Transaction<Database>, deps: Deps, table: OrganizerTable, groupId: string, refs: BulkOrganizerRef[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const ids = refs.flatMap((ref) => (ref.id ? (canonicalId(ref.id) ?? []) : []));
  const slugs = refs.flatMap((ref) => (ref.slug ? [ref.slug] : []));
  const rows = await trx
    .selectFrom(table)
    .select(['id', 'slug'])
    .where('group_id', '=', groupId)
    .where((eb) => eb.or([...(ids.length ? [inIds(deps.engine, 'id', ids)] : []), ...(slugs.length ? [inIds(deps.engine, 'slug', slugs)] : [])]))
    .execute();
  const kind = table === 'tags' ? 'Tag' : 'Category';
  return [
    ...new Set(
      refs.map((ref) => {
        const id = ref.id ? canonicalId(ref.id) : null;
        const row = (id ? rows.find((r) => r.id === id) : undefined) ?? rows.find((r) => ref.slug && r.slug === ref.slug);
        if (!row) throw notFound('exports.not-found', { kind, value: ref.slug ?? ref.id });
        return row.id;
      }),
    ),
  ];
}

const LINK_BATCH = 500;

/** bulk-actions/tag and /categorize: adds the organizers to every recipe (links already there are kept). */
export async function assignOrganizers(deps: Deps, user: BulkActor, table: OrganizerTable, recipeRefs: string[], organizerRefs: BulkOrganizerRef[]): Promise<void> {
  const recipes = await editableRecipes(deps, user, recipeRefs);
  const recipeIds = recipes.map((r) => r.id);
  await deps.db.transaction().execute(async (trx) => {
    const organizerIds = await resolveOrganizers(trx, deps, table, user.groupId, organizerRefs);
    const pairs = recipeIds.flatMap((recipeId) => organizerIds.map((organizerId) => ({ recipeId, organizerId })));
    for (let i = 0; i < pairs.length; i += LINK_BATCH) {
      const batch = pairs.slice(i, i + LINK_BATCH);
      if (table === 'tags') {
        await trx.insertInto('recipes_to_tags').values(batch.map((p) => ({ recipe_id: p.recipeId, tag_id: p.organizerId }))).onConflict((oc) => oc.doNothing()).execute();
      } else {
        await trx
          .insertInto('recipes_to_categories')
          .values(batch.map((p) => ({ recipe_id: p.recipeId, category_id: p.organizerId })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    if (recipeIds.length) await touch(trx, deps, recipeIds);
    // Tag and category names are searchable: the index follows in the same transaction.
    await indexRecipesInTransaction(trx, deps.engine, recipeIds);
    await emitRecipeEvents(trx, 'recipe_updated', user, recipes);
  });
}

const SETTINGS_COLUMNS = {
  public: 'settings_public',
  showNutrition: 'settings_show_nutrition',
  showAssets: 'settings_show_assets',
  landscapeView: 'settings_landscape_view',
  disableComments: 'settings_disable_comments',
  disableAmount: 'settings_disable_amount',
  locked: 'settings_locked',
} as const satisfies Record<SettingsField, string>;

/** bulk-actions/settings: the given settings on every recipe (only a recipe's owner may change `locked`). */
export async function assignSettings(deps: Deps, user: BulkActor, recipeRefs: string[], settings: BulkSettings): Promise<void> {
  const values: Partial<Record<(typeof SETTINGS_COLUMNS)[SettingsField], boolean>> = {};
  for (const field of Object.keys(SETTINGS_COLUMNS) as SettingsField[]) {
    const value = settings[field];
    if (typeof value === 'boolean') values[SETTINGS_COLUMNS[field]] = value;
  }
  if (Object.keys(values).length === 0) throw badRequest('exports.no-settings-to-change');
  const recipes = await editableRecipes(deps, user, recipeRefs, { locked: settings.locked });
  const recipeIds = recipes.map((r) => r.id);
  if (recipeIds.length === 0) return;
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('recipes').set(values).where(inIds(deps.engine, 'id', recipeIds)).execute();
    await touch(trx, deps, recipeIds);
    await emitRecipeEvents(trx, 'recipe_updated', user, recipes);
  });
}

/** bulk-actions/delete: the recipes and their stored files. */
export async function deleteRecipes(deps: Deps, user: BulkActor, recipeRefs: string[]): Promise<void> {
  const recipes = await editableRecipes(deps, user, recipeRefs);
  const recipeIds = recipes.map((r) => r.id);
  if (recipeIds.length === 0) return;
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recipes').where(inIds(deps.engine, 'id', recipeIds)).execute();
    await indexRecipesInTransaction(trx, deps.engine, recipeIds);
    await emitRecipeEvents(trx, 'recipe_deleted', user, recipes);
  });
  await removeRecipeFiles(deps, recipeIds);
}
