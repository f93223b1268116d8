import crypto from 'node:crypto';
import { nowIso } from '../db/schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { startSession } from '../platform/auth/sessions.js';
import { loadAuthUser, type AuthUser } from '../platform/auth/guard.js';
import type { Deps } from '../platform/deps.js';
import { createGroup } from '../modules/groups/service.js';
import { createHousehold } from '../modules/households/service.js';
import { insertUser } from '../modules/users/repo.js';
import { createApiToken } from '../modules/users/service.js';
import { createRecipe } from '../modules/recipes/service.js';
import { insertFoods } from '../modules/foods/service.js';
import { insertUnits } from '../modules/units/service.js';
import { createNotifier } from '../modules/notifiers/service.js';
import { insertCookbook } from '../modules/cookbooks/repo.js';
import { insertEntry, insertRule } from '../modules/mealplans/repo.js';
import { recordTimelineEvent } from '../modules/timeline/record.js';
import { ReportWriter } from '../modules/reports/repo.js';

/**
 * Test factories: rows inserted straight into the database (or through a module's service where a row has
 * derived parts, like a recipe's search index), for tests that are not about the HTTP API of what they set up.
 * Every factory takes the scope it writes into explicitly, so a test says which group/household owns what.
 */

type Db = Pick<Deps, 'db' | 'engine'> & Deps;
export type Flag = 'admin' | 'advanced' | 'canInvite' | 'canManage' | 'canManageHousehold' | 'canOrganize';
export interface Scope {
  groupId: string;
  householdId: string;
}

const uid = () => crypto.randomBytes(4).toString('hex');
const hashes = new Map<string, Promise<string>>();
/** One hash per distinct password and cost per process: hashing is deliberately slow. */
function passwordHash(password: string, cost: number): Promise<string> {
  const key = `${cost}:${password}`;
  if (!hashes.has(key)) hashes.set(key, hashPassword(password, cost));
  return hashes.get(key)!;
}

export async function makeGroup(deps: Db, name = `Group ${uid()}`, householdName = 'Home'): Promise<Scope & { name: string }> {
  const created = await createGroup(deps.db, name, { householdName });
  return { ...created, name };
}

export async function makeHousehold(deps: Db, groupId: string, name = `Household ${uid()}`): Promise<Scope & { name: string }> {
  return { groupId, householdId: await createHousehold(deps.db, groupId, name), name };
}

/** The group and household of the first-run admin. */
export async function defaultScope(deps: Db): Promise<Scope & { adminId: string }> {
  const admin = await deps.db.selectFrom('users').select(['id', 'group_id', 'household_id']).where('admin', '=', true).orderBy('created_at').executeTakeFirstOrThrow();
  return { groupId: admin.group_id, householdId: admin.household_id, adminId: admin.id };
}

export interface MadeUser {
  id: string;
  username: string;
  password: string;
  groupId: string;
  householdId: string;
  /** Bearer header of a fresh sign-in session. */
  headers: Record<string, string>;
  auth: AuthUser;
}

/** A user row in `scope`, signed in (a session row and its access token, as POST /api/auth/token makes). */
export async function makeUser(deps: Db, scope: Scope, options: { username?: string; password?: string; flags?: Partial<Record<Flag, boolean>> } = {}): Promise<MadeUser> {
  const username = options.username ?? `user${uid()}`;
  const password = options.password ?? 'Sup3r-Secret-pw';
  const flags = options.flags ?? {};
  const id = await insertUser(deps.db, {
    username,
    fullName: `Test ${username}`,
    email: `${username}@example.com`,
    passwordHash: await passwordHash(password, deps.config.signIn.bcryptCost),
    groupId: scope.groupId,
    householdId: scope.householdId,
    ...flags,
  });
  const auth = (await loadAuthUser(deps, id))!;
  return { id, username, password, groupId: scope.groupId, householdId: scope.householdId, headers: await signIn(deps, id), auth };
}

/** A fresh sign-in session for a user: its bearer header. */
export async function signIn(deps: Db, userId: string): Promise<Record<string, string>> {
  const { token } = await startSession(deps, userId, 48);
  return { authorization: `Bearer ${token}` };
}

/** A long-lived API token of the user: its bearer header and row id. */
export async function makeApiToken(deps: Db, user: AuthUser, name = `token ${uid()}`): Promise<{ id: number; headers: Record<string, string> }> {
  const created = await createApiToken(deps, user, name, 'generic');
  return { id: created.id, headers: { authorization: `Bearer ${created.token}` } };
}

export async function makeRecipe(deps: Db, user: AuthUser, name = `Recipe ${uid()}`): Promise<{ id: string; slug: string; name: string }> {
  const ref = await createRecipe(deps, user, { name });
  return { ...ref, name };
}

export async function makeFood(deps: Db, groupId: string, name = `food ${uid()}`, labelId: string | null = null): Promise<{ id: string; name: string }> {
  const [id] = await insertFoods(deps.db, groupId, [{ name, labelId }]);
  return { id, name };
}

export async function makeUnit(deps: Db, groupId: string, name = `unit ${uid()}`): Promise<{ id: string; name: string }> {
  const [id] = await insertUnits(deps.db, groupId, [{ name }]);
  return { id, name };
}

export async function makeLabel(deps: Db, groupId: string, name = `label ${uid()}`): Promise<{ id: string; name: string }> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await deps.db.insertInto('multi_purpose_labels').values({ id, group_id: groupId, name, color: '#959595', created_at: now, update_at: now }).execute();
  return { id, name };
}

export async function makeOrganizer(deps: Db, kind: 'categories' | 'tags' | 'tools', groupId: string, name = `${kind} ${uid()}`): Promise<{ id: string; slug: string; name: string }> {
  const now = nowIso();
  const id = crypto.randomUUID();
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const row = { id, group_id: groupId, name, slug, created_at: now, update_at: now };
  if (kind === 'tools') await deps.db.insertInto('tools').values({ ...row, on_hand: false }).execute();
  else await deps.db.insertInto(kind).values(row).execute();
  return { id, slug, name };
}

export async function makeShoppingList(deps: Db, scope: Scope, userId: string, name = `List ${uid()}`): Promise<{ id: string; name: string }> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await deps.db.insertInto('shopping_lists').values({ id, group_id: scope.groupId, household_id: scope.householdId, user_id: userId, name, extras: '{}', created_at: now, update_at: now }).execute();
  return { id, name };
}

export async function makeShoppingItem(deps: Db, listId: string, note = `item ${uid()}`, options: { quantity?: number; position?: number; foodId?: string | null } = {}): Promise<{ id: string; note: string }> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await deps.db
    .insertInto('shopping_list_items')
    .values({
      id,
      shopping_list_id: listId,
      position: options.position ?? 0,
      checked: false,
      quantity: options.quantity ?? 1,
      note,
      is_food: Boolean(options.foodId),
      unit_id: null,
      food_id: options.foodId ?? null,
      label_id: null,
      extras: '{}',
      created_at: now,
      update_at: now,
    })
    .execute();
  return { id, note };
}

export async function makeMealplan(deps: Db, scope: Scope, userId: string, options: { date?: string; title?: string; recipeId?: string | null } = {}): Promise<{ id: number; title: string }> {
  const title = options.title ?? `Plan ${uid()}`;
  const id = await insertEntry(deps.db, scope, userId, { date: options.date ?? '2026-01-05', entry_type: 'dinner', title, text: '', recipe_id: options.recipeId ?? null });
  return { id, title };
}

export async function makeMealplanRule(deps: Db, scope: Scope): Promise<{ id: string }> {
  return { id: await insertRule(deps.db, scope, { day: 'monday', entry_type: 'dinner', query_filter_string: '' }) };
}

export async function makeCookbook(deps: Db, scope: Scope, name = `Cookbook ${uid()}`, options: { public?: boolean } = {}): Promise<{ id: string; slug: string; name: string }> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const id = await insertCookbook(deps.db, scope, { name, slug, description: '', position: 1, public: options.public ?? false, queryFilterString: '' });
  return { id, slug, name };
}

export async function makeRecipeAction(deps: Db, scope: Scope, title = `Action ${uid()}`): Promise<{ id: string; title: string }> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await deps.db
    .insertInto('recipe_actions')
    .values({ id, group_id: scope.groupId, household_id: scope.householdId, action_type: 'link', title, url: 'https://example.com/{{recipe.slug}}', created_at: now, update_at: now })
    .execute();
  return { id, title };
}

export async function makeWebhook(deps: Db, scope: Scope, name = `Webhook ${uid()}`): Promise<{ id: string; name: string }> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await deps.db
    .insertInto('webhook_urls')
    .values({ id, group_id: scope.groupId, household_id: scope.householdId, enabled: false, name, url: 'https://example.com/hook', webhook_type: 'mealplan', scheduled_time: '00:00', time: null, last_run_on: null, created_at: now, update_at: now })
    .execute();
  return { id, name };
}

/** A notifier (its URL sealed as the service stores it), disabled so nothing is delivered. */
export async function makeNotifier(deps: Db, scope: Scope, name = `Notifier ${uid()}`): Promise<{ id: string; name: string }> {
  const out = await createNotifier(deps, scope, { name, appriseUrl: 'json://127.0.0.1:9/notify', enabled: false });
  return { id: out.id, name };
}

export async function makeComment(deps: Db, recipeId: string, userId: string, text = `comment ${uid()}`): Promise<{ id: string; text: string }> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await deps.db.insertInto('recipe_comments').values({ id, recipe_id: recipeId, user_id: userId, text, created_at: now, update_at: now }).execute();
  return { id, text };
}

export async function makeTimelineEvent(deps: Db, recipeId: string, userId: string, subject = `event ${uid()}`): Promise<{ id: string }> {
  return { id: await recordTimelineEvent(deps, { recipeId, userId, subject, eventType: 'comment' }) };
}

export async function makeShareToken(deps: Db, groupId: string, recipeId: string): Promise<{ id: string }> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await deps.db
    .insertInto('recipe_share_tokens')
    .values({ id, group_id: groupId, recipe_id: recipeId, expires_at: new Date(Date.now() + 7 * 86400_000).toISOString(), created_at: now, update_at: now })
    .execute();
  return { id };
}

export async function makeReport(deps: Db, groupId: string, name = `Report ${uid()}`): Promise<{ id: string }> {
  const writer = await ReportWriter.start(deps.db, groupId, 'migration', name);
  return { id: writer.report.id };
}

export async function makeInvitation(deps: Db, scope: Scope): Promise<{ token: string }> {
  const token = crypto.randomBytes(16).toString('hex');
  await deps.db.insertInto('invite_tokens').values({ token, uses_left: 1, group_id: scope.groupId, household_id: scope.householdId, created_at: nowIso() }).execute();
  return { token };
}
