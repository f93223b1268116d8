import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/schema.js';
import { dummyVerify, hashPassword, needsRehash, verifyPassword } from '../../platform/auth/passwords.js';
import { NO_PASSWORD_LIMIT, type PasswordAttempt } from '../../platform/auth/password-throttle.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import type { LdapConfig } from '../../config-identity.js';
import { authenticateWithLdap, DirectoryUnavailableError, type DirectoryUser } from '../../platform/auth/providers/ldap.js';
import { findUserForLogin } from '../users/repo.js';
import { accountForDirectoryUser } from './external.js';
import { startSession } from '../../platform/auth/sessions.js';

const REMEMBER_ME_HOURS = 14 * 24;
type LoginUser = NonNullable<Awaited<ReturnType<typeof findUserForLogin>>>;

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
 * is locked (423) until SECURITY_USER_LOCKOUT_TIME has passed or an admin unlocks it. `attempt` counts
 * failed sign-ins per account (platform/auth/password-throttle.ts): past its limit the answer is 429.
 */
export async function login(deps: Deps, username: string, password: string, rememberMe: boolean, log?: FastifyBaseLogger, attempt: PasswordAttempt = NO_PASSWORD_LIMIT) {
  const user = username ? await findUserForLogin(deps.db, username) : undefined;
  // The account by its id when it exists (by username or email alike), else by the name typed.
  const account = user ? user.id : `name:${username.trim().toLowerCase()}`;
  await attempt.checkAccount(account);
  try {
    return await checkCredentials(deps, user, username, password, rememberMe, log);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 401 || error.status === 423)) await attempt.failed(account);
    throw error;
  }
}

async function checkCredentials(deps: Deps, user: LoginUser | undefined, username: string, password: string, rememberMe: boolean, log?: FastifyBaseLogger) {
  const cost = deps.config.signIn.bcryptCost;
  const ldap = deps.config.identity.ldap;
  if (ldap && (!user || user.auth_method === 'LDAP')) {
    if (user && isLocked(deps, user)) throw new HttpError(423, 'auth.user-is-locked-out');
    const userId = await signInThroughDirectory(deps, ldap, username, password, user, log);
    return issueToken(deps, userId, rememberMe);
  }
  if (!user) {
    // The same work as a known user's compare, so that the answer's timing does not tell who has an account.
    await dummyVerify(password, cost);
    throw new HttpError(401, 'auth.unauthorized');
  }
  if (isLocked(deps, user)) throw new HttpError(423, 'auth.user-is-locked-out');
  if (user.locked_at) {
    // The lock has expired: start counting afresh.
    await deps.db.updateTable('users').set({ locked_at: null, login_attemps: 0 }).where('id', '=', user.id).execute();
    user.login_attemps = 0;
  }
  // An account of another sign-in method has no local password: it never matches, after the same work.
  const ok = user.auth_method === 'Mealie' ? await verifyPassword(password, user.password, cost) : (await dummyVerify(password, cost), false);
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
  if (needsRehash(user.password, cost)) await rehash(deps, user.id, user.password!, password, cost, log);
  return issueToken(deps, user.id, rememberMe);
}

/**
 * A hash of another cost (Mealie's 12, an older setting) is replaced by one of the configured cost, in the
 * request of the good sign-in. Only if it is still the hash just checked (a password changed meanwhile
 * stays); a failure is logged and never fails the sign-in.
 */
async function rehash(deps: Deps, userId: string, oldHash: string, password: string, cost: number, log?: FastifyBaseLogger) {
  try {
    const fresh = await hashPassword(password, cost);
    await deps.db.updateTable('users').set({ password: fresh }).where('id', '=', userId).where('password', '=', oldHash).execute();
  } catch (err) {
    log?.warn({ err, userId }, 'could not re-hash the password at sign-in');
  }
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
