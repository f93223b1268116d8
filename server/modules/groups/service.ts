import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { GroupOut, GroupPreferences, GroupSummary } from '../../../contract/accounts.js';
import type { Database } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { slugify } from '../../platform/slug.js';
import { createHousehold } from '../households/service.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Creates a group with its preferences and its first household, as Mealie does. */
export async function createGroup(
  db: Executor,
  name: string,
  options: { householdName: string; privateGroup?: boolean; privateHousehold?: boolean; firstDayOfWeek?: number },
): Promise<{ groupId: string; householdId: string }> {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('common.name-is-required');
  const exists = await db.selectFrom('groups').select('id').where((eb) => eb.or([eb('name', '=', trimmed), eb('slug', '=', slugify(trimmed))])).executeTakeFirst();
  if (exists) throw conflict('common.group-name-is-taken');
  const now = nowIso();
  const groupId = crypto.randomUUID();
  await db.insertInto('groups').values({ id: groupId, name: trimmed, slug: slugify(trimmed), created_at: now, update_at: now }).execute();
  await db
    .insertInto('group_preferences')
    .values({ id: crypto.randomUUID(), group_id: groupId, private_group: options.privateGroup ?? true, created_at: now, update_at: now })
    .execute();
  const householdId = await createHousehold(db, groupId, options.householdName, { privateHousehold: options.privateHousehold, firstDayOfWeek: options.firstDayOfWeek });
  return { groupId, householdId };
}

function preferencesOut(row: { id: string; group_id: string; private_group: unknown } | undefined): GroupPreferences | null {
  if (!row) return null;
  return { id: row.id, groupId: row.group_id, privateGroup: bool(row.private_group as number) };
}

export async function getGroupSummaries(db: Executor, groupIds?: string[]): Promise<GroupSummary[]> {
  let query = db
    .selectFrom('groups as g')
    .leftJoin('group_preferences as p', 'p.group_id', 'g.id')
    .select(['g.id', 'g.name', 'g.slug', 'p.id as pref_id', 'p.private_group']);
  if (groupIds) {
    if (groupIds.length === 0) return [];
    query = query.where('g.id', 'in', groupIds);
  }
  const rows = await query.orderBy('g.name').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    preferences: r.pref_id ? preferencesOut({ id: r.pref_id, group_id: r.id, private_group: r.private_group }) : null,
  }));
}

/** Groups with their households and users: three queries whatever the number of groups. */
export async function listGroupsOut(db: Executor, groupIds: string[]): Promise<GroupOut[]> {
  const summaries = await getGroupSummaries(db, groupIds);
  if (summaries.length === 0) return [];
  const ids = summaries.map((g) => g.id);
  const households = await db.selectFrom('households').select(['id', 'name', 'group_id']).where('group_id', 'in', ids).orderBy('name').execute();
  const users = await db
    .selectFrom('users')
    .select(['id', 'group_id', 'household_id', 'username', 'full_name'])
    .where('group_id', 'in', ids)
    .orderBy('username')
    .execute();
  const byOrder = new Map(groupIds.map((id, index) => [id, index]));
  return summaries
    .sort((a, b) => (byOrder.get(a.id) ?? 0) - (byOrder.get(b.id) ?? 0))
    .map((summary) => ({
      ...summary,
      categories: [],
      webhooks: [],
      households: households.filter((h) => h.group_id === summary.id).map((h) => ({ id: h.id, name: h.name })),
      users: users
        .filter((u) => u.group_id === summary.id)
        .map((u) => ({ id: u.id, groupId: u.group_id, householdId: u.household_id, username: u.username, fullName: u.full_name ?? '' })),
    }));
}

export async function getGroupOut(db: Executor, groupId: string): Promise<GroupOut> {
  const [group] = await listGroupsOut(db, [groupId]);
  if (!group) throw notFound('common.group-not-found');
  return group;
}

export async function getGroupPreferences(deps: Deps, groupId: string): Promise<GroupPreferences> {
  const row = await deps.db.selectFrom('group_preferences').selectAll().where('group_id', '=', groupId).executeTakeFirst();
  const out = preferencesOut(row);
  if (!out) throw notFound('groups.group-preferences-not-found');
  return out;
}

export async function updateGroupPreferences(deps: Deps, groupId: string, patch: { privateGroup?: boolean }): Promise<GroupPreferences> {
  if (patch.privateGroup !== undefined) {
    await deps.db
      .updateTable('group_preferences')
      .set({ private_group: patch.privateGroup, update_at: nowIso() })
      .where('group_id', '=', groupId)
      .execute();
  }
  return getGroupPreferences(deps, groupId);
}

export async function renameGroup(db: Executor, groupId: string, name: string): Promise<void> {
  const trimmed = name.trim();
  const clash = await db
    .selectFrom('groups')
    .select('id')
    .where('id', '<>', groupId)
    .where((eb) => eb.or([eb('name', '=', trimmed), eb('slug', '=', slugify(trimmed))]))
    .executeTakeFirst();
  if (clash) throw conflict('common.group-name-is-taken');
  await db.updateTable('groups').set({ name: trimmed, slug: slugify(trimmed), update_at: nowIso() }).where('id', '=', groupId).execute();
}

export async function findGroupByIdOrSlug(db: Executor, idOrSlug: string) {
  return db.selectFrom('groups').selectAll().where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)])).executeTakeFirst();
}

export async function groupExists(db: Executor, groupId: string): Promise<boolean> {
  return !!(await db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst());
}

/** A name (any case) or its slug already used by a group: the registration form's uniqueness check. */
export async function groupNameInUse(db: Executor, name: string): Promise<boolean> {
  const trimmed = name.trim();
  const taken = await db
    .selectFrom('groups')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(name)`, '=', trimmed.toLowerCase()), eb('slug', '=', slugify(trimmed))]))
    .executeTakeFirst();
  return !!taken;
}

export async function deleteGroupRow(db: Executor, groupId: string): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', groupId).execute();
}
