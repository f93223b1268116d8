import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { LongLiveTokenOut, UserOut } from '../../../contract/accounts.js';
import type { Database } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';

type Executor = Kysely<Database> | Transaction<Database>;

function baseUserQuery(db: Executor) {
  return db
    .selectFrom('users as u')
    .innerJoin('groups as g', 'g.id', 'u.group_id')
    .innerJoin('households as h', 'h.id', 'u.household_id')
    .select([
      'u.id', 'u.username', 'u.full_name', 'u.email', 'u.auth_method', 'u.admin', 'u.advanced', 'u.can_invite',
      'u.can_manage', 'u.can_manage_household', 'u.can_organize', 'u.group_id', 'u.household_id', 'u.cache_key',
      'g.name as group_name', 'g.slug as group_slug', 'h.name as household_name', 'h.slug as household_slug',
    ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof baseUserQuery>['executeTakeFirstOrThrow']>>;

function toUserOut(row: UserRow, tokens: LongLiveTokenOut[] | null): UserOut {
  const admin = bool(row.admin);
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    authMethod: row.auth_method === 'LDAP' || row.auth_method === 'OIDC' ? row.auth_method : 'Mealie',
    admin,
    group: row.group_name,
    household: row.household_name,
    advanced: admin || bool(row.advanced),
    canInvite: admin || bool(row.can_invite),
    canManage: admin || bool(row.can_manage),
    canManageHousehold: admin || bool(row.can_manage_household),
    canOrganize: admin || bool(row.can_organize),
    groupId: row.group_id,
    groupSlug: row.group_slug,
    householdId: row.household_id,
    householdSlug: row.household_slug,
    tokens,
    cacheKey: row.cache_key,
  };
}

export async function getUserOut(db: Executor, userId: string, options: { withTokens?: boolean } = {}): Promise<UserOut> {
  const row = await baseUserQuery(db).where('u.id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('common.user-not-found');
  let tokens: LongLiveTokenOut[] | null = null;
  if (options.withTokens) {
    const rows = await db.selectFrom('long_live_tokens').select(['id', 'name', 'token', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
    tokens = rows.map((t) => ({ id: t.id, name: t.name, token: t.token, createdAt: t.created_at }));
  }
  return toUserOut(row, tokens);
}

export interface UserListFilter {
  groupId?: string;
  householdId?: string;
}

const USER_ORDER_COLUMNS: Record<string, string> = {
  username: 'u.username',
  full_name: 'u.full_name',
  email: 'u.email',
  created_at: 'u.created_at',
  update_at: 'u.update_at',
  updated_at: 'u.update_at',
  admin: 'u.admin',
  'household.name': 'h.name',
  'group.name': 'g.name',
};

export function userOrderColumn(orderBy: string | undefined): string | undefined {
  if (!orderBy) return undefined;
  const snake = orderBy.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return USER_ORDER_COLUMNS[snake];
}

export async function countUsers(db: Executor, filter: UserListFilter): Promise<number> {
  let q = db.selectFrom('users as u').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter.groupId) q = q.where('u.group_id', '=', filter.groupId);
  if (filter.householdId) q = q.where('u.household_id', '=', filter.householdId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function listUsers(
  db: Executor,
  filter: UserListFilter,
  page: { limit: number | null; offset: number; orderColumn: string; direction: 'asc' | 'desc' },
): Promise<UserOut[]> {
  let q = baseUserQuery(db);
  if (filter.groupId) q = q.where('u.group_id', '=', filter.groupId);
  if (filter.householdId) q = q.where('u.household_id', '=', filter.householdId);
  q = q.orderBy(sql`lower(${sql.ref(page.orderColumn)})`, page.direction).orderBy('u.id');
  if (page.limit !== null) q = q.limit(page.limit).offset(page.offset);
  return (await q.execute()).map((r) => toUserOut(r, null));
}

export async function findUserForLogin(db: Executor, login: string) {
  const needle = login.trim().toLowerCase();
  const byUsername = await db.selectFrom('users').selectAll().where(sql`lower(username)`, '=', needle).executeTakeFirst();
  if (byUsername) return byUsername;
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', needle).executeTakeFirst();
}

export async function usernameTaken(db: Executor, username: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where(sql`lower(username)`, '=', username.trim().toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function emailTaken(db: Executor, email: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export interface NewUser {
  username: string;
  fullName: string;
  email: string;
  passwordHash: string;
  authMethod?: string;
  groupId: string;
  householdId: string;
  admin?: boolean;
  advanced?: boolean;
  canInvite?: boolean;
  canManage?: boolean;
  canManageHousehold?: boolean;
  canOrganize?: boolean;
  cacheKey?: string;
}

export async function insertUser(db: Executor, user: NewUser): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  const admin = user.admin ?? false;
  await db
    .insertInto('users')
    .values({
      id,
      username: user.username,
      full_name: user.fullName,
      email: user.email.toLowerCase(),
      password: user.passwordHash,
      auth_method: user.authMethod ?? 'Mealie',
      admin,
      advanced: admin || (user.advanced ?? false),
      can_invite: admin || (user.canInvite ?? false),
      can_manage: admin || (user.canManage ?? false),
      can_manage_household: admin || (user.canManageHousehold ?? false),
      can_organize: admin || (user.canOrganize ?? false),
      group_id: user.groupId,
      household_id: user.householdId,
      cache_key: user.cacheKey ?? randomCacheKey(),
      login_attemps: 0,
      locked_at: null,
      created_at: now,
      update_at: now,
    })
    .execute();
  return id;
}

export function randomCacheKey(): string {
  return crypto.randomBytes(3).toString('hex').slice(0, 4);
}

/** The id and password hash of the user with this (lower-cased) email. */
export async function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').select(['id', 'password']).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** A member of the group by id or username (the members page's lookup). */
export async function findGroupMember(db: Executor, groupId: string, idOrUsername: string) {
  return db
    .selectFrom('users')
    .select(['id', 'group_id', 'household_id', 'username', 'full_name'])
    .where('group_id', '=', groupId)
    .where((eb) => eb.or([eb('id', '=', idOrUsername), eb('username', '=', idOrUsername)]))
    .executeTakeFirst();
}

export async function findUserPlace(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'group_id', 'household_id']).where('id', '=', userId).executeTakeFirst();
}

export async function setUserPermissions(
  db: Executor,
  userId: string,
  flags: { canManage: boolean; canInvite: boolean; canOrganize: boolean; canManageHousehold: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ can_manage: flags.canManage, can_invite: flags.canInvite, can_organize: flags.canOrganize, can_manage_household: flags.canManageHousehold, update_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** A new cache key, so clients fetch the avatar again. */
export async function renewUserCacheKey(db: Executor, userId: string): Promise<void> {
  await db.updateTable('users').set({ cache_key: randomCacheKey(), update_at: nowIso() }).where('id', '=', userId).execute();
}
