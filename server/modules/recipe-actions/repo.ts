import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PaginationQuery } from '../../../contract/common.js';
import type { RecipeActionIn, RecipeActionOut, RecipeActionType } from '../../../contract/automation.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { direction, orderColumn } from '../automation/listing.js';
import { API } from '../../../contract/routes.js';

type Scope = { groupId: string; householdId: string };
type Row = Database['recipe_actions'];

const ORDER = { title: 'title', actionType: 'action_type', createdAt: 'created_at', updateAt: 'update_at', updatedAt: 'update_at' } as const;

export function toActionOut(row: Pick<Row, 'id' | 'action_type' | 'title' | 'url' | 'group_id' | 'household_id'>): RecipeActionOut {
  return { id: row.id, actionType: row.action_type as RecipeActionType, title: row.title, url: row.url, groupId: row.group_id, householdId: row.household_id };
}

export async function getAction(db: Kysely<Database>, scope: Scope, id: string): Promise<RecipeActionOut> {
  const row = await db.selectFrom('recipe_actions').selectAll().where('id', '=', id).where('household_id', '=', scope.householdId).executeTakeFirst();
  if (!row) throw notFound('recipe-actions.recipe-action-not-found');
  return toActionOut(row);
}

/** One page of the household's actions in two queries (count + page); by title unless asked otherwise. */
export async function listActions(db: Kysely<Database>, scope: Scope, query: PaginationQuery, rawQuery: Record<string, unknown>) {
  const { n } = await db.selectFrom('recipe_actions').select((eb) => eb.fn.countAll<number>().as('n')).where('household_id', '=', scope.householdId).executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(query, total);
  let page = db
    .selectFrom('recipe_actions')
    .selectAll()
    .where('household_id', '=', scope.householdId)
    .orderBy(orderColumn(query.orderBy, ORDER, 'title'), direction(query, 'asc'))
    .orderBy('id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  return envelope(API.householdsRecipeActions, rawQuery, window, total, (await page.execute()).map(toActionOut));
}

export async function insertAction(db: Kysely<Database>, scope: Scope, input: RecipeActionIn): Promise<RecipeActionOut> {
  const now = nowIso();
  const row: Row = { id: crypto.randomUUID(), group_id: scope.groupId, household_id: scope.householdId, action_type: input.actionType, title: input.title, url: input.url, created_at: now, update_at: now };
  await db.insertInto('recipe_actions').values(row).execute();
  return toActionOut(row);
}

export async function updateAction(db: Kysely<Database>, scope: Scope, id: string, input: RecipeActionIn): Promise<RecipeActionOut> {
  const result = await db
    .updateTable('recipe_actions')
    .set({ action_type: input.actionType, title: input.title, url: input.url, update_at: nowIso() })
    .where('id', '=', id)
    .where('household_id', '=', scope.householdId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('recipe-actions.recipe-action-not-found');
  return getAction(db, scope, id);
}

export async function deleteAction(db: Kysely<Database>, scope: Scope, id: string): Promise<RecipeActionOut> {
  const action = await getAction(db, scope, id);
  await db.deleteFrom('recipe_actions').where('id', '=', id).where('household_id', '=', scope.householdId).execute();
  return action;
}
