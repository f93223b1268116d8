import type { UserIn, UserOut, UserUpdate, Registration } from '../../../contract/accounts.js';
import { bool, nowIso } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { NO_PASSWORD_LIMIT, type PasswordAttempt } from '../../platform/auth/password-throttle.js';
import { randomToken } from '../../platform/auth/tokens.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { createGroup, findGroupByIdOrSlug } from '../groups/service.js';
import { consumeInvitation } from '../households/invitations.js';
import { emailTaken, getUserOut, insertUser, usernameTaken } from './repo.js';
import { endUserSessions } from '../../platform/auth/sessions.js';
import { emitEvent } from '../../platform/events/emit.js';
import { DEFAULT_LOCALE, translate } from '../../platform/i18n/index.js';

async function resolveGroupAndHousehold(deps: Deps, groupName?: string | null, householdName?: string | null, groupId?: string, householdId?: string) {
  const db = deps.db;
  const group = groupId
    ? await db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirst()
    : await db.selectFrom('groups').selectAll().where('name', '=', groupName?.trim() || deps.config.defaultGroup).executeTakeFirst();
  if (!group) throw notFound('common.group-not-found');
  let household = householdId
    ? await db.selectFrom('households').selectAll().where('id', '=', householdId).where('group_id', '=', group.id).executeTakeFirst()
    : await db
        .selectFrom('households')
        .selectAll()
        .where('group_id', '=', group.id)
        .where('name', '=', householdName?.trim() || deps.config.defaultHousehold)
        .executeTakeFirst();
  if (!household && !householdId && !householdName) {
    household = await db.selectFrom('households').selectAll().where('group_id', '=', group.id).orderBy('created_at').executeTakeFirst();
  }
  if (!household) throw notFound('common.household-not-found');
  return { groupId: group.id, householdId: household.id };
}

export async function createUserByAdmin(deps: Deps, input: UserIn): Promise<UserOut> {
  if (await usernameTaken(deps.db, input.username)) throw conflict('users.username-is-taken');
  if (await emailTaken(deps.db, input.email)) throw conflict('users.email-is-taken');
  const { groupId, householdId } = await resolveGroupAndHousehold(deps, input.group, input.household);
  const id = await insertUser(deps.db, {
    ...input,
    passwordHash: await hashPassword(input.password, deps.config.signIn.bcryptCost),
    groupId,
    householdId,
  });
  return getUserOut(deps.db, id);
}

/**
 * PUT /api/users/{id} and /api/admin/users/{id}. Self or admin; a non-admin may not grant admin,
 * change permissions or move groups; an admin may not take away their own admin flag.
 */
export async function updateUser(deps: Deps, actor: AuthUser, userId: string, patch: UserUpdate): Promise<UserOut> {
  if (actor.id !== userId && !actor.admin) throw forbidden('users.you-are-not-allowed-to-change-this');
  const existing = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!existing) throw notFound('common.user-not-found');
  if (deps.config.isDemo && existing.email === deps.config.defaultAdmin.email) throw forbidden('users.demo-user-cannot-be-changed');
  const set: Record<string, unknown> = {};
  if (patch.username !== undefined && patch.username !== existing.username) {
    if (await usernameTaken(deps.db, patch.username, userId)) throw conflict('users.username-is-taken');
    set.username = patch.username;
  }
  if (patch.email !== undefined && patch.email.toLowerCase() !== existing.email) {
    if (await emailTaken(deps.db, patch.email, userId)) throw conflict('users.email-is-taken');
    set.email = patch.email.toLowerCase();
  }
  if (patch.fullName !== undefined) set.full_name = patch.fullName;
  if (actor.admin) {
    if (patch.admin !== undefined && patch.admin !== bool(existing.admin)) {
      if (actor.id === userId) throw forbidden('users.you-cannot-change-your-own-admin-permission');
      set.admin = patch.admin;
    }
    // Mealie's admin user update sets the sign-in method (e.g. a user moved to LDAP or OIDC, or back to a password).
    if (patch.authMethod !== undefined && patch.authMethod !== authMethodOf(existing.auth_method)) set.auth_method = patch.authMethod;
    const flags = { advanced: 'advanced', canInvite: 'can_invite', canManage: 'can_manage', canManageHousehold: 'can_manage_household', canOrganize: 'can_organize' } as const;
    for (const [key, column] of Object.entries(flags)) {
      const value = patch[key as keyof typeof flags];
      if (value !== undefined) set[column] = value;
    }
    if (patch.group || patch.household || patch.groupId || patch.householdId) {
      const target = await resolveGroupAndHousehold(
        deps,
        patch.group ?? undefined,
        patch.household ?? undefined,
        patch.groupId ?? (patch.group ? undefined : existing.group_id),
        patch.householdId,
      );
      set.group_id = target.groupId;
      set.household_id = target.householdId;
    }
  } else {
    const escalation =
      (patch.admin !== undefined && patch.admin !== bool(existing.admin)) ||
      (patch.canInvite !== undefined && patch.canInvite !== bool(existing.can_invite)) ||
      (patch.canManage !== undefined && patch.canManage !== bool(existing.can_manage)) ||
      (patch.canManageHousehold !== undefined && patch.canManageHousehold !== bool(existing.can_manage_household)) ||
      (patch.canOrganize !== undefined && patch.canOrganize !== bool(existing.can_organize));
    if (escalation) throw forbidden('common.group-owners-cannot-change-their-own-permissions');
    // A user never picks their own sign-in method (LDAP → password would bypass the directory).
    if (patch.authMethod !== undefined && patch.authMethod !== authMethodOf(existing.auth_method)) throw forbidden('users.you-are-not-allowed-to-change-this');
    const moving =
      (patch.groupId && patch.groupId !== existing.group_id) ||
      (patch.householdId && patch.householdId !== existing.household_id) ||
      (patch.group && patch.group !== actor.groupName) ||
      (patch.household && patch.household !== actor.householdName);
    if (moving) throw forbidden('users.you-are-not-allowed-to-change-your');
    if (patch.advanced !== undefined) set.advanced = patch.advanced;
  }
  if (set.admin === true) Object.assign(set, { advanced: true, can_invite: true, can_manage: true, can_manage_household: true, can_organize: true });
  if (Object.keys(set).length > 0) {
    await deps.db.updateTable('users').set({ ...set, update_at: nowIso() }).where('id', '=', userId).execute();
  }
  return getUserOut(deps.db, userId);
}

function authMethodOf(stored: string): 'Mealie' | 'LDAP' | 'OIDC' {
  return stored === 'LDAP' || stored === 'OIDC' ? stored : 'Mealie';
}

/** Admins may delete others, never themselves, and the last admin always stays. */
export async function deleteUser(deps: Deps, actor: AuthUser, userId: string): Promise<UserOut> {
  if (actor.id === userId || !actor.admin) throw forbidden('users.you-are-not-allowed-to-delete-this');
  const user = await getUserOut(deps.db, userId);
  if (user.admin) {
    const admins = await deps.db.selectFrom('users').select('id').where('admin', '=', true).execute();
    if (admins.length <= 1) throw badRequest('users.error-cannot-delete-super-user');
  }
  await deps.db.deleteFrom('users').where('id', '=', userId).execute();
  return user;
}

/** A wrong current password counts as a failed attempt on the account (`attempt`, password-throttle.ts). */
export async function changePassword(deps: Deps, actor: AuthUser, currentPassword: string, newPassword: string, attempt: PasswordAttempt = NO_PASSWORD_LIMIT): Promise<void> {
  if (actor.authMethod !== 'Mealie') throw badRequest('users.password-cannot-be-changed-for-ldap-or');
  await attempt.checkAccount(actor.id);
  const cost = deps.config.signIn.bcryptCost;
  const row = await deps.db.selectFrom('users').select('password').where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(currentPassword, row.password, cost))) {
    await attempt.failed(actor.id);
    throw badRequest('users.existing-password-does-not-match');
  }
  await deps.db
    .updateTable('users')
    .set({ password: await hashPassword(newPassword, cost), update_at: nowIso() })
    .where('id', '=', actor.id)
    .execute();
  // Whoever knew the old password is signed out everywhere else; the caller proved the old one and stays.
  await endUserSessions(deps.db, actor.id, actor.sessionId);
}

export async function createPasswordResetToken(deps: Deps, email: string): Promise<{ token: string; userId: string } | null> {
  const user = await deps.db.selectFrom('users').select(['id', 'auth_method']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user || user.auth_method !== 'Mealie') return null;
  const token = randomToken(24);
  await deps.db.insertInto('password_reset_tokens').values({ token, user_id: user.id, created_at: nowIso() }).execute();
  return { token, userId: user.id };
}

/**
 * Sends a reset link when the address has a local account. The answer is the same whether or not it has one
 * and whether or not the mail could be sent (a 500 for known addresses only told them apart); a failed send
 * is logged for the administrator instead.
 */
export async function forgotPassword(deps: Deps, email: string, log?: { error(obj: object, msg: string): void }, locale = DEFAULT_LOCALE): Promise<void> {
  const created = await createPasswordResetToken(deps, email);
  if (!created) return;
  const link = `${deps.config.baseUrl}/reset-password?token=${encodeURIComponent(created.token)}`;
  try {
    await deps.mailer.send({
      to: email.trim().toLowerCase(),
      subject: translate(locale, 'reset-subject'),
      text: translate(locale, 'reset-body', { link }),
    });
  } catch (err) {
    log?.error({ err, userId: created.userId }, 'Failed to send the password reset email');
  }
}

const RESET_TOKEN_HOURS = 48;

export async function resetPassword(deps: Deps, token: string, password: string, passwordConfirm: string): Promise<void> {
  if (password !== passwordConfirm) throw badRequest('users.password-must-match');
  const row = await deps.db.selectFrom('password_reset_tokens').selectAll().where('token', '=', token).executeTakeFirst();
  const expired = row && Date.parse(row.created_at) + RESET_TOKEN_HOURS * 3600_000 < Date.now();
  if (!row || expired) throw badRequest('users.invalid-or-expired-password-reset-token');
  // Hashed before the transaction opens: the hash takes tens of milliseconds that no write should wait for.
  const passwordHash = await hashPassword(password, deps.config.signIn.bcryptCost);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password: passwordHash, login_attemps: 0, locked_at: null, update_at: nowIso() })
      .where('id', '=', row.user_id)
      .execute();
    await trx.deleteFrom('password_reset_tokens').where('user_id', '=', row.user_id).execute();
    await endUserSessions(trx, row.user_id);
  });
}

export async function register(deps: Deps, input: Registration, firstDayOfWeek = 0): Promise<UserOut> {
  if (!input.groupToken && !deps.config.allowSignup) throw forbidden('users.user-registration-is-disabled');
  if (input.password !== input.passwordConfirm) throw badRequest('users.password-must-match');
  if (await usernameTaken(deps.db, input.username)) throw conflict('users.username-is-taken');
  if (await emailTaken(deps.db, input.email)) throw conflict('users.email-is-taken');
  const passwordHash = await hashPassword(input.password, deps.config.signIn.bcryptCost);
  const userId = await deps.db.transaction().execute(async (trx) => {
    // Announced last in the registration's transaction (Mealie's user_signup notifier switch).
    const signedUp = async (id: string, groupId: string, householdId: string) => {
      await emitEvent(trx, { type: 'user_signup', groupId, householdId, userId: id, data: { id, username: input.username, name: input.fullName } });
      return id;
    };
    if (input.groupToken) {
      const invite = await consumeInvitation(trx, input.groupToken);
      return signedUp(await insertUser(trx, {
        username: input.username,
        fullName: input.fullName,
        email: input.email,
        passwordHash,
        groupId: invite.groupId,
        householdId: invite.householdId,
        advanced: input.advanced,
      }), invite.groupId, invite.householdId);
    }
    const groupName = input.group?.trim();
    if (!groupName) throw badRequest('common.name-is-required');
    if (await findGroupByIdOrSlug(trx, groupName)) throw conflict('common.group-name-is-taken');
    const { groupId, householdId } = await createGroup(trx, groupName, {
      householdName: input.household?.trim() || deps.config.defaultHousehold,
      privateGroup: input.private,
      privateHousehold: input.private,
      firstDayOfWeek,
    });
    return signedUp(await insertUser(trx, {
      username: input.username,
      fullName: input.fullName,
      email: input.email,
      passwordHash,
      groupId,
      householdId,
      advanced: input.advanced,
      canInvite: true,
      canManage: true,
      canManageHousehold: true,
      canOrganize: true,
    }), groupId, householdId);
  });
  return getUserOut(deps.db, userId);
}

export async function createApiToken(deps: Deps, actor: AuthUser, name: string, integrationId: string) {
  const token = await deps.tokens.apiToken(actor.id, name, integrationId);
  const createdAt = nowIso();
  const row = await deps.db
    .insertInto('long_live_tokens')
    .values({ name, token, user_id: actor.id, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), name, token, createdAt };
}

export async function deleteApiToken(deps: Deps, actor: AuthUser, tokenId: number) {
  const row = await deps.db.selectFrom('long_live_tokens').selectAll().where('id', '=', tokenId).executeTakeFirst();
  if (!row) throw notFound('users.token-not-found');
  if (row.user_id !== actor.id) throw forbidden('users.you-are-not-allowed-to-delete-this-2');
  await deps.db.deleteFrom('long_live_tokens').where('id', '=', tokenId).execute();
  return { tokenDelete: row.name };
}
