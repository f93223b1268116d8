import crypto from 'node:crypto';
import type { RecipeOut } from '../../../contract/recipes.js';
import { SHARE_DEFAULT_DAYS, type RecipeShareToken, type RecipeShareTokenCreate, type RecipeShareTokenSummary } from '../../../contract/shares.js';
import { nowIso } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/storage.js';
import { findRecipeRow, loadRecipes } from '../recipes/service.js';
import { isoTimestamp } from '../timeline/record.js';

type Actor = Pick<AuthUser, 'id' | 'groupId' | 'householdId'>;
type TokenRow = { id: string; group_id: string; recipe_id: string; expires_at: string; created_at: string };

function toSummary(row: TokenRow): RecipeShareTokenSummary {
  return { id: row.id, recipeId: row.recipe_id, groupId: row.group_id, expiresAt: row.expires_at, createdAt: row.created_at };
}

async function loadRecipe(deps: Deps, recipeId: string, viewerHouseholdId: string | null): Promise<RecipeOut> {
  const [recipe] = await loadRecipes(deps.db, deps.engine, [recipeId], viewerHouseholdId);
  if (!recipe) throw notFound();
  return recipe;
}

/** The group's share links, optionally of one recipe (by id or slug), oldest first. */
export async function listShareTokens(deps: Deps, user: Actor, recipeIdOrSlug?: string): Promise<RecipeShareTokenSummary[]> {
  let query = deps.db.selectFrom('recipe_share_tokens').selectAll().where('group_id', '=', user.groupId);
  if (recipeIdOrSlug) {
    const recipe = await findRecipeRow(deps.db, user.groupId, recipeIdOrSlug).catch(() => null);
    if (!recipe) return [];
    query = query.where('recipe_id', '=', recipe.id);
  }
  return (await query.orderBy('created_at').orderBy('id').execute()).map(toSummary);
}

export async function createShareToken(deps: Deps, user: Actor, input: RecipeShareTokenCreate): Promise<RecipeShareToken> {
  const recipe = await findRecipeRow(deps.db, user.groupId, input.recipeId);
  const expiresAt = input.expiresAt
    ? isoTimestamp(input.expiresAt)
    : new Date(Date.now() + SHARE_DEFAULT_DAYS * 24 * 3600 * 1000).toISOString();
  if (Date.parse(expiresAt) <= Date.now()) throw badRequest('shares.expiry-date-must-be-in-the-future');
  const now = nowIso();
  const row: TokenRow = { id: crypto.randomUUID(), group_id: user.groupId, recipe_id: recipe.id, expires_at: expiresAt, created_at: now };
  await deps.db.insertInto('recipe_share_tokens').values({ ...row, update_at: now }).execute();
  return { ...toSummary(row), recipe: await loadRecipe(deps, recipe.id, user.householdId) };
}

async function findGroupToken(deps: Deps, user: Actor, tokenId: string): Promise<TokenRow> {
  if (!isUuid(tokenId)) throw notFound();
  const row = await deps.db
    .selectFrom('recipe_share_tokens')
    .selectAll()
    .where('group_id', '=', user.groupId)
    .where('id', '=', tokenId.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getShareToken(deps: Deps, user: Actor, tokenId: string): Promise<RecipeShareToken> {
  const row = await findGroupToken(deps, user, tokenId);
  return { ...toSummary(row), recipe: await loadRecipe(deps, row.recipe_id, user.householdId) };
}

export async function deleteShareToken(deps: Deps, user: Actor, tokenId: string): Promise<RecipeShareTokenSummary> {
  const row = await findGroupToken(deps, user, tokenId);
  await deps.db.deleteFrom('recipe_share_tokens').where('id', '=', row.id).execute();
  return toSummary(row);
}

/** The public read behind a share link: the whole recipe, or 404 for an unknown or EXPIRED link (Mealie never checks expiry). */
export async function sharedRecipe(deps: Deps, tokenId: string): Promise<RecipeOut> {
  if (!isUuid(tokenId)) throw notFound();
  const row = await deps.db.selectFrom('recipe_share_tokens').selectAll().where('id', '=', tokenId.toLowerCase()).executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= Date.now()) throw notFound();
  return loadRecipe(deps, row.recipe_id, null);
}
