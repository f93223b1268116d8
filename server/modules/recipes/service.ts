import crypto from 'node:crypto';
import path from 'node:path';
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { RecipeInput, RecipeOut } from '../../../contract/recipes.js';
import type { Database } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { copyPrefix, storageKeys } from '../../platform/storage/index.js';
import {
  applyInput, draftFromRecipe, emptyDraft, householdRecipeDefaults, todayDate, toIsoTimestamp, touchesChildren, withNewReferenceIds, type SaveMode,
} from './drafts.js';
import { loadRecipeBySlugOrId, loadRecipes } from './load.js';
import { assertCanEditRecipe, householdLockLookup, type EditableRecipe } from './permissions.js';
import type { RecipeRow } from './relations.js';
import { emitRecipeEvents } from './events.js';
import { indexRecipesInTransaction } from './search-index.js';
import { recordTimelineEvent } from '../timeline/record.js';
import { copyExtraImages } from '../recipe-media/gallery.js';
import { pickBySlugOrId, recipesBySlugOrId, uniqueRecipeSlug } from './slugs.js';
import { inIds, isUniqueViolation, type Executor } from './sql.js';
import { recipeColumns, replaceRecipeChildren, type RecipeDraft } from './write.js';

export { canEditRecipe, assertCanEditRecipe, type EditableRecipe } from './permissions.js';
export { loadRecipes } from './load.js';
export type { SaveMode } from './drafts.js';

export type RecipeUser = Pick<AuthUser, 'id' | 'groupId' | 'householdId' | 'username' | 'fullName'>;

/** Removes the stored files of deleted recipes (recipes/{id}/: images, timeline images, assets). */
export async function removeRecipeFiles(deps: Deps, recipeIds: string[]): Promise<void> {
  for (const id of recipeIds) await deps.storage.deletePrefix(storageKeys.recipeFolder(id));
}

const WRITE_ATTEMPTS = 40;

/**
 * Runs a write; a unique-key race (writers taking one slug, or creating one food) is retried with fresh
 * slugs after a short random pause, so that concurrent writers of one name spread out instead of colliding
 * again: 50 concurrent creates of one name get 50 slugs on both engines.
 */
async function inTransaction<T>(deps: Deps, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute(work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= WRITE_ATTEMPTS) throw conflict('recipes.recipe-could-not-be-saved-because-of');
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * Math.min(50, 3 * attempt)));
    }
  }
}

/** The group's recipe with this slug or id (recipes are read group-wide), or 404. */
export async function findRecipeRow(db: Executor, groupId: string, slugOrId: string): Promise<RecipeRow> {
  const row = pickBySlugOrId(await recipesBySlugOrId(db, groupId, slugOrId).selectAll().execute(), slugOrId);
  if (!row) throw notFound();
  return row;
}

export function editableRecipe(row: RecipeRow): EditableRecipe {
  return { userId: row.user_id, groupId: row.group_id, householdId: row.household_id, locked: bool(row.settings_locked) };
}

async function loadOne(deps: Deps, recipeId: string, viewer: Pick<AuthUser, 'householdId'> | null): Promise<RecipeOut> {
  const [recipe] = await loadRecipes(deps.db, deps.engine, [recipeId], viewer?.householdId ?? null);
  if (!recipe) throw notFound();
  return recipe;
}

export async function getRecipeBySlugOrId(deps: Deps, user: Pick<AuthUser, 'groupId' | 'householdId'>, slugOrId: string): Promise<RecipeOut> {
  const recipe = await loadRecipeBySlugOrId(deps.db, deps.engine, user.groupId, slugOrId, user.householdId);
  if (!recipe) throw notFound();
  return recipe;
}

export interface RecipeRef {
  id: string;
  slug: string;
}

async function insertRecipe(
  deps: Deps,
  trx: Transaction<Database>,
  user: RecipeUser,
  draft: RecipeDraft,
  extra: { image?: string | null; isOcrRecipe?: boolean } = {},
): Promise<RecipeRef> {
  const id = crypto.randomUUID();
  const now = nowIso();
  const slug = await uniqueRecipeSlug(trx, user.groupId, draft.name);
  await trx
    .insertInto('recipes')
    .values({
      ...recipeColumns(draft),
      id,
      slug,
      group_id: user.groupId,
      household_id: user.householdId,
      user_id: user.id,
      image: extra.image ?? null,
      rating: null,
      recipe_cuisine: null,
      is_ocr_recipe: extra.isOcrRecipe ?? false,
      date_updated: now,
      created_at: now,
      update_at: now,
    })
    .execute();
  await replaceRecipeChildren(trx, deps.engine, { id, groupId: user.groupId }, draft);
  await indexRecipesInTransaction(trx, deps.engine, [id]);
  return { id, slug };
}

/**
 * Creates a recipe in the caller's household, owned by the caller: from a name alone or a whole recipe.
 * Settings default to the household's recipe preferences; the slug is made unique in the group.
 */
export async function createRecipe(
  deps: Deps,
  user: RecipeUser,
  input: RecipeInput & { name: string },
  options: { isOcrRecipe?: boolean } = {},
): Promise<RecipeRef> {
  const defaults = await householdRecipeDefaults(deps.db, user.householdId);
  const draft = applyInput(emptyDraft(input.name, defaults), input, 'patch');
  const created = await inTransaction(deps, async (trx) => {
    const ref = await insertRecipe(deps, trx, user, draft, { isOcrRecipe: options.isOcrRecipe });
    await recordTimelineEvent({ db: trx }, { recipeId: ref.id, userId: user.id, subject: 'Recipe Created', eventType: 'system' });
    await emitRecipeEvents(trx, 'recipe_created', user, [{ ...ref, name: draft.name, household_id: user.householdId }]);
    return ref;
  });
  return created;
}

export interface RecipeChange {
  slugOrId: string;
  input: RecipeInput;
}

/**
 * PUT or PATCH of one or many recipes, all or nothing: every recipe must exist in the caller's group and
 * pass the edit rule before anything is written. Returns the saved recipes in request order.
 */
export async function saveRecipes(deps: Deps, user: RecipeUser, changes: RecipeChange[], mode: SaveMode): Promise<RecipeOut[]> {
  const rows = await Promise.all(changes.map((change) => findRecipeRow(deps.db, user.groupId, change.slugOrId)));
  const locks = householdLockLookup(deps);
  for (const [index, row] of rows.entries()) {
    await assertCanEditRecipe(deps, user, editableRecipe(row), { locked: changes[index].input.settings?.locked }, locks);
  }
  const current = new Map((await loadRecipes(deps.db, deps.engine, rows.map((r) => r.id), user.householdId)).map((r) => [r.id, r]));
  const removedAssets: Array<{ recipeId: string; fileName: string }> = [];

  await inTransaction(deps, async (trx) => {
    removedAssets.length = 0;
    const changed: Array<{ id: string; slug: string; name: string; household_id: string }> = [];
    for (const [index, row] of rows.entries()) {
      const existing = current.get(row.id);
      if (!existing) throw notFound();
      const input = changes[index].input;
      const draft = applyInput(draftFromRecipe(existing), input, mode);
      const slug = draft.name === row.name ? row.slug : await uniqueRecipeSlug(trx, row.group_id, draft.name, row.id);
      const now = nowIso();
      await trx
        .updateTable('recipes')
        .set({ ...recipeColumns(draft), slug, date_updated: now, update_at: now })
        .where('id', '=', row.id)
        .execute();
      changed.push({ id: row.id, slug, name: draft.name, household_id: row.household_id });
      if (mode === 'put' || touchesChildren(input)) {
        await replaceRecipeChildren(trx, deps.engine, { id: row.id, groupId: row.group_id }, draft);
        const kept = new Set(draft.assets.map((a) => a.fileName ?? a.name));
        for (const asset of existing.assets) {
          const fileName = asset.fileName ?? asset.name;
          if (!kept.has(fileName)) removedAssets.push({ recipeId: row.id, fileName });
        }
      }
    }
    await indexRecipesInTransaction(trx, deps.engine, rows.map((r) => r.id));
    await emitRecipeEvents(trx, 'recipe_updated', user, changed);
  });

  for (const { recipeId, fileName } of removedAssets) {
    // A listed asset whose name is not a valid key (a foreign import) has no file of ours to remove.
    await deps.storage.delete(storageKeys.recipeAsset(recipeId, path.posix.basename(fileName))).catch(() => undefined);
  }
  const ids = [...new Set(rows.map((r) => r.id))];
  const saved = new Map((await loadRecipes(deps.db, deps.engine, ids, user.householdId)).map((r) => [r.id, r]));
  return rows.flatMap((row) => saved.get(row.id) ?? []);
}

export async function saveRecipe(deps: Deps, user: RecipeUser, slugOrId: string, input: RecipeInput, mode: SaveMode): Promise<RecipeOut> {
  const [saved] = await saveRecipes(deps, user, [{ slugOrId, input }], mode);
  return saved;
}

/** Deletes a recipe (edit rule applies) with its folder; returns it as it was. */
export async function deleteRecipe(deps: Deps, user: RecipeUser, slugOrId: string): Promise<RecipeOut> {
  const row = await findRecipeRow(deps.db, user.groupId, slugOrId);
  await assertCanEditRecipe(deps, user, editableRecipe(row), {});
  const recipe = await loadOne(deps, row.id, user);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recipes').where('id', '=', row.id).execute();
      await indexRecipesInTransaction(trx, deps.engine, [row.id]);
      await emitRecipeEvents(trx, 'recipe_deleted', user, [row]);
    });
  } catch {
    throw badRequest('recipes.unable-to-delete-recipe');
  }
  await removeRecipeFiles(deps, [row.id]);
  return recipe;
}

/**
 * A copy of a group recipe, owned by the caller in their household, named `name` (or the same name,
 * which gets a suffixed slug). Its stored files (images, assets) are copied too.
 */
export async function duplicateRecipe(deps: Deps, user: RecipeUser, slugOrId: string, name?: string | null): Promise<RecipeOut> {
  const row = await findRecipeRow(deps.db, user.groupId, slugOrId);
  const source = await loadOne(deps, row.id, user);
  const draft: RecipeDraft = { ...withNewReferenceIds(draftFromRecipe(source)), name: name?.trim() || source.name, dateAdded: todayDate(), lastMade: null };
  let copiedTo: string | null = null;
  const created = await inTransaction(deps, async (trx) => {
    const ref = await insertRecipe(deps, trx, user, draft, { image: row.image });
    copiedTo = storageKeys.recipeFolder(ref.id);
    await copyPrefix(deps.storage, storageKeys.recipeFolder(row.id), copiedTo);
    await copyExtraImages(deps, trx, row.id, ref.id);
    await emitRecipeEvents(trx, 'recipe_created', user, [{ ...ref, name: draft.name, household_id: user.householdId }]);
    return ref;
  }).catch(async (error: unknown) => {
    if (copiedTo) await deps.storage.deletePrefix(copiedTo).catch(() => undefined);
    throw error;
  });
  return loadOne(deps, created.id, user);
}

/**
 * PATCH {slug}/last-made: any member of the recipe's group may record that they made it, whatever the recipe
 * household's edit lock (Mealie: it is not an edit). It only sets the date: Mealie's "I Made This" posts its own
 * timeline event first, so adding one here would show it twice.
 */
export async function markRecipeMade(deps: Deps, user: RecipeUser, slugOrId: string, timestamp: string): Promise<RecipeOut> {
  const row = await findRecipeRow(deps.db, user.groupId, slugOrId);
  const madeAt = toIsoTimestamp(timestamp);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('recipes').set({ last_made: madeAt }).where('id', '=', row.id).execute();
    await emitRecipeEvents(trx, 'recipe_updated', user, [row]);
  });
  return loadOne(deps, row.id, user);
}

/**
 * Recomputes `recipes.rating`: the mean of the group members' ratings above 0 (null when none).
 * The ratings API calls this after every rating change.
 */
export async function refreshRecipeRatings(db: Executor, engine: Deps['engine'], recipeIds: string[]): Promise<void> {
  if (recipeIds.length === 0) return;
  const mean = (eb: ExpressionBuilder<Database, 'recipes'>) => eb
    .selectFrom('users_to_recipes as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select((inner) => inner.fn.avg<number>('ur.rating').as('mean'))
    .whereRef('ur.recipe_id', '=', 'recipes.id')
    .whereRef('u.group_id', '=', 'recipes.group_id')
    .where('ur.rating', '>', 0);
  // Only a mean that changes is written: a row written moves the group's version of cached reads (migration
  // 0041), and a favourite, or a rating that leaves the mean as it was, changes nothing a list or a recipe shows.
  const differs = engine === 'postgres' ? sql.raw('is distinct from') : sql.raw('is not');
  await db
    .updateTable('recipes')
    .set((eb) => ({ rating: mean(eb) }))
    .where(inIds(engine, 'id', recipeIds))
    .where((eb) => sql<boolean>`${eb.ref('recipes.rating')} ${differs} (${mean(eb)})`)
    .execute();
}
