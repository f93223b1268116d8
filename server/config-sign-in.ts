import { readBool, readInt, type Env } from './config-env.js';

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

export function readSignInConfig(env: Env): SignInConfig {
  // bcrypt's own bounds are 4..31; past 15 one hash takes seconds, which only makes sign-in a denial of service.
  const bcryptCost = readInt(env, 'HEARTH_BCRYPT_COST', 10, 4, 15);
  const on = readBool(env, 'HEARTH_SIGN_IN_LIMIT', true);
  const perAddress = readInt(env, 'HEARTH_SIGN_IN_LIMIT_PER_ADDRESS', 60, 1, 1_000_000);
  const perAccount = readInt(env, 'HEARTH_SIGN_IN_LIMIT_PER_ACCOUNT', 10, 1, 1_000_000);
  const minutes = readInt(env, 'HEARTH_SIGN_IN_LIMIT_MINUTES', 15, 1, 24 * 60);
  return { bcryptCost, limit: on ? { perAddress, perAccount, windowMs: minutes * 60_000 } : null };
}
