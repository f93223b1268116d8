import crypto from 'node:crypto';
import type { UserRatingOut, UserRatingSummary, UserRatingUpdate } from '../../../contract/ratings.js';
import { bool, nowIso } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/storage.js';
import { findRecipeRow, refreshRecipeRatings } from '../recipes/service.js';

type Actor = Pick<AuthUser, 'id' | 'groupId' | 'admin'>;
interface TargetUser {
  id: string;
  groupId: string;
}

async function findUser(deps: Deps, userId: string): Promise<TargetUser | null> {
  if (!isUuid(userId)) return null;
  const row = await deps.db.selectFrom('users').select(['id', 'group_id']).where('id', '=', userId.toLowerCase()).executeTakeFirst();
  return row ? { id: row.id, groupId: row.group_id } : null;
}

/** Reading someone's ratings: any member of their group (Mealie: anyone signed in), or an admin. */
async function readableUser(deps: Deps, actor: Actor, userId: string): Promise<TargetUser> {
  const target = await findUser(deps, userId);
  if (!target || (target.groupId !== actor.groupId && !actor.admin)) throw notFound('common.user-not-found');
  return target;
}

/** Changing someone's ratings: themselves or an admin (Mealie's self-or-admin rule). */
async function writableUser(deps: Deps, actor: Actor, userId: string): Promise<TargetUser> {
  if (!actor.admin && userId.toLowerCase() !== actor.id) throw forbidden('ratings.you-are-not-allowed-to-change-this');
  const target = await findUser(deps, userId);
  if (!target) throw notFound('common.user-not-found');
  return target;
}

async function ratingRows(deps: Deps, user: TargetUser, only: { favorites?: boolean; recipeId?: string } = {}) {
  let query = deps.db
    .selectFrom('users_to_recipes as ur')
    .innerJoin('recipes as r', 'r.id', 'ur.recipe_id')
    .select(['ur.id', 'ur.user_id', 'ur.recipe_id', 'ur.rating', 'ur.is_favorite'])
    .where('ur.user_id', '=', user.id)
    .where('r.group_id', '=', user.groupId);
  if (only.favorites) query = query.where('ur.is_favorite', '=', true);
  if (only.recipeId) query = query.where('ur.recipe_id', '=', only.recipeId);
  return query.orderBy('ur.created_at').orderBy('ur.id').execute();
}

type RatingRow = Awaited<ReturnType<typeof ratingRows>>[number];

function toSummary(row: RatingRow): UserRatingSummary {
  return { recipeId: row.recipe_id, rating: row.rating === null ? null : Number(row.rating), isFavorite: bool(row.is_favorite) };
}

function toOut(row: RatingRow): UserRatingOut {
  return { ...toSummary(row), userId: row.user_id, id: row.id };
}

export async function userRatings(deps: Deps, actor: Actor, userId: string, favoritesOnly: boolean): Promise<UserRatingOut[]> {
  return (await ratingRows(deps, await readableUser(deps, actor, userId), { favorites: favoritesOnly })).map(toOut);
}

export async function ownRatings(deps: Deps, actor: Actor, favoritesOnly: boolean): Promise<UserRatingSummary[]> {
  return (await ratingRows(deps, { id: actor.id, groupId: actor.groupId }, { favorites: favoritesOnly })).map(toSummary);
}

export async function ownRatingForRecipe(deps: Deps, actor: Actor, recipeIdOrSlug: string): Promise<UserRatingSummary> {
  const recipe = await findRecipeRow(deps.db, actor.groupId, recipeIdOrSlug);
  const [row] = await ratingRows(deps, { id: actor.id, groupId: actor.groupId }, { recipeId: recipe.id });
  if (!row) throw notFound('ratings.user-has-not-rated-this-recipe');
  return toSummary(row);
}

/**
 * Creates or updates the user's row for a recipe of their group with the fields given (absent or null fields
 * keep their value: in Mealie a null rating means "unchanged", so a favourite toggle keeps the stars), and recomputes the recipe's group rating in the same transaction.
 */
export async function setUserRating(deps: Deps, actor: Actor, userId: string, slugOrId: string, change: UserRatingUpdate): Promise<void> {
  const target = await writableUser(deps, actor, userId);
  const recipe = await findRecipeRow(deps.db, target.groupId, slugOrId);
  const now = nowIso();
  const updates = {
    ...(change.rating !== undefined && change.rating !== null ? { rating: change.rating } : {}),
    ...(change.isFavorite !== undefined && change.isFavorite !== null ? { is_favorite: change.isFavorite } : {}),
    update_at: now,
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users_to_recipes')
      .values({
        id: crypto.randomUUID(),
        user_id: target.id,
        recipe_id: recipe.id,
        rating: change.rating ?? null,
        is_favorite: change.isFavorite ?? false,
        created_at: now,
        update_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'recipe_id']).doUpdateSet(updates))
      .execute();
    await refreshRecipeRatings(trx, deps.engine, [recipe.id]);
  });
}
