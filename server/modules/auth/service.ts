import { nowIso } from '../../db/schema.js';
import { dummyVerify, verifyPassword } from '../../platform/auth/passwords.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { findUserForLogin } from '../users/repo.js';

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
export async function login(deps: Deps, username: string, password: string, rememberMe: boolean) {
  const user = username ? await findUserForLogin(deps.db, username) : undefined;
  if (!user) {
    await dummyVerify(password);
    throw new HttpError(401, 'Unauthorized');
  }
  if (isLocked(deps, user)) throw new HttpError(423, 'User is locked out');
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
    throw new HttpError(401, 'Unauthorized');
  }
  if (user.login_attemps > 0) {
    await deps.db.updateTable('users').set({ login_attemps: 0 }).where('id', '=', user.id).execute();
  }
  const hours = rememberMe ? Math.max(REMEMBER_ME_HOURS, deps.config.tokenTimeHours) : deps.config.tokenTimeHours;
  const token = await deps.tokens.accessToken(user.id, hours);
  return { token, maxAgeSeconds: Math.round(hours * 3600) };
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
