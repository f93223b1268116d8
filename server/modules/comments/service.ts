import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Paginated, PaginationQuery } from '../../../contract/common.js';
import type { RecipeCommentCreate, RecipeCommentOut } from '../../../contract/comments.js';
import { bool, nowIso } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { isUuid } from '../../platform/storage.js';
import { findRecipeRow } from '../recipes/service.js';
import { filterRegistry, listFilter, listOrder } from '../timeline/list-query.js';
import { API } from '../../../contract/routes.js';

type Actor = Pick<AuthUser, 'id' | 'groupId' | 'admin'>;

const FILTER_ATTRIBUTES = filterRegistry({
  id: ['c.id', 'uuid'],
  recipe_id: ['c.recipe_id', 'uuid'],
  'recipe.id': ['c.recipe_id', 'uuid'],
  user_id: ['c.user_id', 'uuid'],
  'recipe.group_id': ['r.group_id', 'uuid'],
  'recipe.household_id': ['r.household_id', 'uuid'],
  created_at: ['c.created_at', 'datetime'],
  update_at: ['c.update_at', 'datetime'],
  updated_at: ['c.update_at', 'datetime'],
  text: ['c.text', 'text'],
});

const ORDER_COLUMNS: Record<string, string> = {
  created_at: 'c.created_at',
  update_at: 'c.update_at',
  updated_at: 'c.update_at',
  text: 'c.text',
};

/** Comments of the caller's group's recipes, with their author. */
function groupComments(deps: Deps, groupId: string) {
  return deps.db
    .selectFrom('recipe_comments as c')
    .innerJoin('recipes as r', 'r.id', 'c.recipe_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .where('r.group_id', '=', groupId);
}

function selectComment(deps: Deps, groupId: string) {
  return groupComments(deps, groupId).select([
    'c.id', 'c.recipe_id', 'c.user_id', 'c.text', 'c.created_at', 'c.update_at', 'u.username', 'u.full_name', 'u.admin',
  ]);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComment>['executeTakeFirstOrThrow']>>;

function toCommentOut(row: CommentRow): RecipeCommentOut {
  return {
    id: row.id,
    recipeId: row.recipe_id,
    userId: row.user_id,
    text: row.text,
    createdAt: row.created_at,
    updatedAt: row.update_at,
    user: { id: row.user_id, username: row.username, admin: bool(row.admin), fullName: row.full_name },
  };
}

export async function listComments(
  deps: Deps,
  user: Actor,
  query: PaginationQuery,
  rawQuery: Record<string, unknown>,
): Promise<Paginated<RecipeCommentOut>> {
  const filter = listFilter(query.queryFilter, FILTER_ATTRIBUTES);
  const order = listOrder(query.orderBy, query.orderDirection, ORDER_COLUMNS, 'created_at');
  const { total } = await (filter ? groupComments(deps, user.groupId).where(filter) : groupComments(deps, user.groupId))
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const count = Number(total);
  const window = pageWindow(query, count);
  let rows = filter ? selectComment(deps, user.groupId).where(filter) : selectComment(deps, user.groupId);
  for (const { column, direction } of order) rows = rows.orderBy(sql.ref(column), direction);
  rows = rows.orderBy('c.id', 'asc');
  if (window.limit !== null) rows = rows.limit(window.limit).offset(window.offset);
  return envelope(API.comments, rawQuery, window, count, (await rows.execute()).map(toCommentOut));
}

/** GET /api/recipes/{slug}/comments: every comment of one recipe, oldest first. */
export async function listRecipeComments(deps: Deps, user: Actor, slugOrId: string): Promise<RecipeCommentOut[]> {
  const recipe = await findRecipeRow(deps.db, user.groupId, slugOrId);
  const rows = await selectComment(deps, user.groupId).where('c.recipe_id', '=', recipe.id).orderBy('c.created_at').orderBy('c.id').execute();
  return rows.map(toCommentOut);
}

async function findComment(deps: Deps, user: Actor, commentId: string): Promise<CommentRow> {
  if (!isUuid(commentId)) throw notFound();
  const row = await selectComment(deps, user.groupId).where('c.id', '=', commentId.toLowerCase()).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function assertAuthorOrAdmin(user: Actor, row: CommentRow): void {
  if (!user.admin && row.user_id !== user.id) throw forbidden('comments.only-the-author-of-this-comment-or');
}

export async function getComment(deps: Deps, user: Actor, commentId: string): Promise<RecipeCommentOut> {
  return toCommentOut(await findComment(deps, user, commentId));
}

export async function createComment(deps: Deps, user: Actor, input: RecipeCommentCreate): Promise<RecipeCommentOut> {
  const recipe = await findRecipeRow(deps.db, user.groupId, input.recipeId);
  if (bool(recipe.settings_disable_comments)) throw badRequest('comments.comments-are-disabled-for-this-recipe');
  const id = crypto.randomUUID();
  const now = nowIso();
  await deps.db
    .insertInto('recipe_comments')
    .values({ id, recipe_id: recipe.id, user_id: user.id, text: input.text, created_at: now, update_at: now })
    .execute();
  return getComment(deps, user, id);
}

export async function updateComment(deps: Deps, user: Actor, commentId: string, text: string): Promise<RecipeCommentOut> {
  const row = await findComment(deps, user, commentId);
  assertAuthorOrAdmin(user, row);
  await deps.db.updateTable('recipe_comments').set({ text, update_at: nowIso() }).where('id', '=', row.id).execute();
  return getComment(deps, user, row.id);
}

export async function deleteComment(deps: Deps, user: Actor, commentId: string): Promise<void> {
  const row = await findComment(deps, user, commentId);
  assertAuthorOrAdmin(user, row);
  await deps.db.deleteFrom('recipe_comments').where('id', '=', row.id).execute();
}
