import { isIP } from 'node:net';
import { ConfigError, readBool, readInt, type Env } from './config-env.js';

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

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * HEARTH_TRUSTED_PROXIES: whose X-Forwarded-For is believed for the client's address (the per-address sign-in
 * limit, the request log). Addresses or CIDR ranges and the names loopback, linklocal and uniquelocal (private
 * networks), comma-separated; `*` trusts every sender, `none` nobody. Default: loopback and private networks, where a
 * reverse proxy beside Hearth lives — a client on the internet cannot pick its own address by sending the header.
 */
export function readTrustedProxies(env: Env): string | boolean {
  const raw = env.HEARTH_TRUSTED_PROXIES?.trim();
  if (raw === undefined || raw === '') return 'loopback,linklocal,uniquelocal';
  if (raw === '*') return true;
  if (raw.toLowerCase() === 'none') return false;
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(entry) && (!family || !bitsOk || extra !== undefined)) {
      throw new ConfigError(`HEARTH_TRUSTED_PROXIES must list addresses, CIDR ranges, loopback, linklocal or uniquelocal (or be * or none), got "${entry}"`);
    }
  }
  return entries.join(',');
}
