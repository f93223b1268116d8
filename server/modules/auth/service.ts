import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/schema.js';
import { dummyVerify, verifyPassword } from '../../platform/auth/passwords.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import type { LdapConfig } from '../../config-identity.js';
import { authenticateWithLdap, DirectoryUnavailableError, type DirectoryUser } from '../../platform/auth/providers/ldap.js';
import { findUserForLogin } from '../users/repo.js';
import { accountForDirectoryUser } from './external.js';
import { startSession } from '../../platform/auth/sessions.js';

const REMEMBER_ME_HOURS = 14 * 24;

export function isLocked(deps: Deps, user: { login_attemps: number; locked_at: string | null }): boolean {
  if (user.locked_at) {
    const until = Date.parse(user.locked_at) + deps.config.lockoutHours * 3600_000;
    if (until > Date.now()) return true;
    return false;
  }
  return user.login_attemps >= deps.config.maxLoginAttempts;
}

/**
 * Checks credentials with Mealie's lockout rules: each wrong password counts; at the limit the account
 * is locked (423) until SECURITY_USER_LOCKOUT_TIME has passed or an admin unlocks it.
 */
export async function login(deps: Deps, username: string, password: string, rememberMe: boolean, log?: FastifyBaseLogger) {
  const user = username ? await findUserForLogin(deps.db, username) : undefined;
  const ldap = deps.config.identity.ldap;
  if (ldap && (!user || user.auth_method === 'LDAP')) {
    if (user && isLocked(deps, user)) throw new HttpError(423, 'auth.user-is-locked-out');
    const userId = await signInThroughDirectory(deps, ldap, username, password, user, log);
    return issueToken(deps, userId, rememberMe);
  }
  if (!user) {
    await dummyVerify(password);
    throw new HttpError(401, 'auth.unauthorized');
  }
  if (isLocked(deps, user)) throw new HttpError(423, 'auth.user-is-locked-out');
  if (user.locked_at) {
    // The lock has expired: start counting afresh.
    await deps.db.updateTable('users').set({ locked_at: null, login_attemps: 0 }).where('id', '=', user.id).execute();
    user.login_attemps = 0;
  }
  const ok = user.auth_method === 'Mealie' && (await verifyPassword(password, user.password));
  if (!ok) {
    const attempts = user.login_attemps + 1;
    const lock = attempts >= deps.config.maxLoginAttempts;
    await deps.db
      .updateTable('users')
      .set({ login_attemps: attempts, locked_at: lock ? nowIso() : null })
      .where('id', '=', user.id)
      .execute();
    throw new HttpError(401, 'auth.unauthorized');
  }
  if (user.login_attemps > 0) {
    await deps.db.updateTable('users').set({ login_attemps: 0 }).where('id', '=', user.id).execute();
  }
  return issueToken(deps, user.id, rememberMe);
}

export async function issueToken(deps: Deps, userId: string, rememberMe: boolean) {
  const hours = rememberMe ? Math.max(REMEMBER_ME_HOURS, deps.config.tokenTimeHours) : deps.config.tokenTimeHours;
  const { token } = await startSession(deps, userId, hours);
  return { token, maxAgeSeconds: Math.round(hours * 3600) };
}

/**
 * LDAP sign-in for someone unknown here or already known as an LDAP user. A wrong password counts
 * towards the lockout like a local one; a directory that cannot be reached is a 503, not a wrong password.
 */
async function signInThroughDirectory(
  deps: Deps,
  ldap: LdapConfig,
  username: string,
  password: string,
  known: { id: string; login_attemps: number } | undefined,
  log?: FastifyBaseLogger,
): Promise<string> {
  let directoryUser: DirectoryUser | null;
  try {
    directoryUser = await authenticateWithLdap(ldap, username.trim(), password);
  } catch (error) {
    if (!(error instanceof DirectoryUnavailableError)) throw error;
    log?.warn({ reason: error.message }, 'LDAP sign-in failed: directory unavailable');
    throw new HttpError(503, 'auth.directory-server-could-not-be-reached-try');
  }
  if (!directoryUser) {
    if (known) {
      const attempts = known.login_attemps + 1;
      await deps.db
        .updateTable('users')
        .set({ login_attemps: attempts, locked_at: attempts >= deps.config.maxLoginAttempts ? nowIso() : null })
        .where('id', '=', known.id)
        .execute();
    }
    throw new HttpError(401, 'auth.unauthorized');
  }
  const userId = await accountForDirectoryUser(deps, directoryUser);
  await deps.db.updateTable('users').set({ login_attemps: 0, locked_at: null }).where('id', '=', userId).execute();
  return userId;
}

export async function unlockUsers(deps: Deps, force: boolean): Promise<number> {
  const locked = await deps.db
    .selectFrom('users')
    .select(['id', 'login_attemps', 'locked_at'])
    .where((eb) => eb.or([eb('locked_at', 'is not', null), eb('login_attemps', '>', 0)]))
    .execute();
  const toUnlock = locked.filter((u) => force || (u.locked_at !== null && !isLocked(deps, u)));
  if (toUnlock.length > 0) {
    await deps.db
      .updateTable('users')
      .set({ locked_at: null, login_attemps: 0 })
      .where('id', 'in', toUnlock.map((u) => u.id))
      .execute();
  }
  return toUnlock.length;
}
