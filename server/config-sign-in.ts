import { ConfigError } from './config-error.js';

/** How passwords are hashed and how often they may be tried. */
export interface SignInConfig {
  /** HEARTH_BCRYPT_COST (10): bcrypt cost of new hashes; a stored hash of another cost is replaced at a good sign-in. */
  bcryptCost: number;
  /**
   * HEARTH_SIGN_IN_LIMIT (on): limits on password checks, per window of HEARTH_SIGN_IN_LIMIT_MINUTES (15):
   * HEARTH_SIGN_IN_LIMIT_PER_ADDRESS (60) checks from one client address (sign-in, password change, password
   * reset, registration: each costs a hash) and HEARTH_SIGN_IN_LIMIT_PER_ACCOUNT (10) failed sign-ins for
   * one account, from any address. Null when turned off.
   */
  limit: { perAddress: number; perAccount: number; windowMs: number } | null;
}

type Env = Record<string, string | undefined>;

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${env[name]}"`);
  return n;
}

export function readSignInConfig(env: Env): SignInConfig {
  // bcrypt's own bounds are 4..31; past 15 one hash takes seconds, which only makes sign-in a denial of service.
  const bcryptCost = wholeNumber(env, 'HEARTH_BCRYPT_COST', 10, 4, 15);
  const on = flag(env, 'HEARTH_SIGN_IN_LIMIT', true);
  const perAddress = wholeNumber(env, 'HEARTH_SIGN_IN_LIMIT_PER_ADDRESS', 60, 1, 1_000_000);
  const perAccount = wholeNumber(env, 'HEARTH_SIGN_IN_LIMIT_PER_ACCOUNT', 10, 1, 1_000_000);
  const minutes = wholeNumber(env, 'HEARTH_SIGN_IN_LIMIT_MINUTES', 15, 1, 24 * 60);
  return { bcryptCost, limit: on ? { perAddress, perAccount, windowMs: minutes * 60_000 } : null };
}
