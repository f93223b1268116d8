import type { Kysely } from 'kysely';
import type { OrganizerKind, OrganizerOut, SearchablePaginationQuery, ToolIn, ToolOut } from '../../../contract/organizers.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { envelope } from '../../platform/pagination.js';
import { indexRecipes, recipeIdsReferencing, reindexRecipesReferencing, type ReferencedItems } from '../../search/index.js';
import {
  deleteOrganizer, findOrganizer, insertOrganizer, listOrganizerRows, renameOrganizer, toOrganizerOut, type OrganizerRow,
} from './repo.js';
import { emitOrganizerEvent } from './events.js';
import { loadToolHouseholds, setToolOnHand, toolHouseholdsInput, toolsOut, wantedOnHand, type HouseholdScope } from './tools.js';
import { API } from '../../../contract/routes.js';

type Db = Kysely<Database>;
/** What writes need: organizer names are part of the recipe search index, which they keep current. */
type WriteDeps = Pick<Deps, 'db' | 'engine'>;
export type TagLikeKind = 'categories' | 'tags';

function referenced(kind: OrganizerKind, id: string): ReferencedItems {
  if (kind === 'categories') return { categoryIds: [id] };
  if (kind === 'tags') return { tagIds: [id] };
  return { toolIds: [id] };
}

/** Renames an organizer and reindexes the recipes that use it, in one transaction that announces it. */
async function renameAndReindex(deps: WriteDeps, kind: OrganizerKind, groupId: string, id: string, name: string, then?: (trx: Db) => Promise<void>, userId?: string) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await renameOrganizer(trx, kind, groupId, id, name);
    if (then) await then(trx);
    await reindexRecipesReferencing({ db: trx, engine: deps.engine }, referenced(kind, id));
    await emitOrganizerEvent(trx, kind, 'updated', { groupId, userId }, row);
    return row;
  });
}

/** Deletes an organizer (its recipe links go with it) and reindexes the recipes that used it, in one transaction that announces it. */
export async function removeOrganizer(deps: WriteDeps, kind: OrganizerKind, groupId: string, id: string, userId?: string): Promise<OrganizerRow> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findOrganizer(trx, kind, groupId, { id });
    const recipeIds = await recipeIdsReferencing({ db: trx, engine: deps.engine }, referenced(kind, id));
    await deleteOrganizer(trx, kind, groupId, id);
    await indexRecipes({ db: trx, engine: deps.engine }, recipeIds);
    await emitOrganizerEvent(trx, kind, 'deleted', { groupId, userId }, row);
    return row;
  });
}

export async function listOrganizersPage(db: Db, kind: TagLikeKind, groupId: string, query: SearchablePaginationQuery, rawQuery: Record<string, unknown>) {
  const { window, total, rows } = await listOrganizerRows(db, kind, groupId, query);
  return envelope(`/api/organizers/${kind}`, rawQuery, window, total, rows.map(toOrganizerOut));
}

export async function listToolsPage(db: Db, scope: HouseholdScope, query: SearchablePaginationQuery, rawQuery: Record<string, unknown>) {
  const { window, total, rows } = await listOrganizerRows(db, 'tools', scope.groupId, query);
  return envelope(API.organizersTools, rawQuery, window, total, await toolsOut(db, rows, scope));
}

export async function getTool(db: Db, scope: HouseholdScope, key: { id: string } | { slug: string }): Promise<ToolOut> {
  const row = await findOrganizer(db, 'tools', scope.groupId, key);
  return (await toolsOut(db, [row], scope))[0];
}

export async function createOrganizer(db: Db, kind: TagLikeKind, groupId: string, name: string, userId?: string): Promise<OrganizerOut> {
  return toOrganizerOut(
    await db.transaction().execute(async (trx) => {
      const row = await insertOrganizer(trx, kind, groupId, name);
      await emitOrganizerEvent(trx, kind, 'created', { groupId, userId }, row);
      return row;
    }),
  );
}

export async function updateOrganizer(deps: WriteDeps, kind: TagLikeKind, groupId: string, id: string, name: string, userId?: string): Promise<OrganizerOut> {
  return toOrganizerOut(await renameAndReindex(deps, kind, groupId, id, name, undefined, userId));
}

export async function createTool(db: Db, scope: HouseholdScope & { id?: string }, input: ToolIn): Promise<ToolOut> {
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertOrganizer(trx, 'tools', scope.groupId, input.name);
    if (wantedOnHand(toolHouseholdsInput(input), scope, false)) await setToolOnHand(trx, inserted.id, scope.householdId, true);
    await emitOrganizerEvent(trx, 'tools', 'created', { groupId: scope.groupId, userId: scope.id }, inserted);
    return inserted;
  });
  return getTool(db, scope, { id: row.id });
}

/** Renames a tool and sets whether the caller's household has it; other households keep their say. */
export async function updateTool(deps: WriteDeps, scope: HouseholdScope & { id?: string }, id: string, input: ToolIn): Promise<ToolOut> {
  await renameAndReindex(deps, 'tools', scope.groupId, id, input.name, async (trx) => {
    const households = (await loadToolHouseholds(trx, [id])).get(id) ?? [];
    const current = households.includes(scope.householdId);
    const wanted = wantedOnHand(toolHouseholdsInput(input), scope, current);
    if (wanted !== current) await setToolOnHand(trx, id, scope.householdId, wanted);
  }, scope.id);
  return getTool(deps.db, scope, { id });
}

export async function deleteTool(deps: WriteDeps, scope: HouseholdScope & { id?: string }, id: string): Promise<ToolOut> {
  const tool = await getTool(deps.db, scope, { id });
  await removeOrganizer(deps, 'tools', scope.groupId, id, scope.id);
  return tool;
}
