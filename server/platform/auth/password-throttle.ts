import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { HttpError } from '../errors.js';
import type { App } from '../http.js';

/*
 * Limits on password checks (issue 36), with @fastify/rate-limit's counters (registered in app.ts with
 * global: false, so no route is limited unless it asks here):
 * - per client address, every check counts, before it runs: each costs a bcrypt hash on the thread pool, so
 *   counting first bounds the work one address can cause, also when it sends its attempts all at once;
 * - per account, only failed sign-ins count (a household signing in on many devices never adds up), from
 *   any address: guessing one account's password from many addresses stops too.
 * Past a limit the answer is 429 in Mealie's error shape with Retry-After (seconds until the window ends).
 * The counters live in this process's memory (a restart forgets them; several web processes count apart).
 * The address is Fastify's request.ip, which honours X-Forwarded-For from a trusted proxy (HEARTH_TRUSTED_PROXIES).
 */

/** Enough distinct addresses and accounts that a flood of made-up names cannot push out a real one's count. */
const TRACKED_KEYS = 20_000;
const ACCOUNT_KEY = Symbol('hearth.passwordThrottleAccount');
type WithAccount = FastifyRequest & { [ACCOUNT_KEY]?: string };

export interface PasswordAttempt {
  /** Throws 429 when the account has had its limit of failed sign-ins in the window. */
  checkAccount(account: string): Promise<void>;
  /** Counts a failed sign-in against the account. */
  failed(account: string): Promise<void>;
}

export interface PasswordThrottle {
  /** Counts one password check from the request's address (429 past the limit); then the account's side. */
  begin(request: FastifyRequest): Promise<PasswordAttempt>;
}

/** No limit (the limits are off, or a caller outside a request). */
export const NO_PASSWORD_LIMIT: PasswordAttempt = { checkAccount: async () => {}, failed: async () => {} };

function tooManyAttempts(ttlMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const error = new HttpError(429, 'auth.too-many-attempts-try-again-in', { minutes: Math.ceil(seconds / 60) });
  error.headers['Retry-After'] = String(seconds);
  return error;
}

const throttles = new WeakMap<object, PasswordThrottle>();

/** The app's throttle (one per app, so its counters are shared by every route that checks a password). */
export function passwordThrottle(app: App, config: Config): PasswordThrottle {
  let throttle = throttles.get(app);
  if (throttle) return throttle;
  const limit = config.signIn.limit;
  if (!limit) {
    throttle = { begin: async () => NO_PASSWORD_LIMIT };
  } else {
    const byAddress = app.createRateLimit({ max: limit.perAddress, timeWindow: limit.windowMs, ...{ cache: TRACKED_KEYS } });
    const byAccount = app.createRateLimit({
      max: limit.perAccount,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => (request as WithAccount)[ACCOUNT_KEY] ?? '',
      ...{ cache: TRACKED_KEYS },
    });
    const account = (request: FastifyRequest, key: string) => {
      (request as WithAccount)[ACCOUNT_KEY] = `account:${key}`;
      return request;
    };
    throttle = {
      begin: async (request) => {
        const seen = await byAddress(request);
        if (!seen.isAllowed && seen.isExceeded) throw tooManyAttempts(seen.ttl);
        return {
          checkAccount: async (key) => {
            // A look that counts nothing: only a failure does (below).
            const failures = await byAccount(account(request, key), { increment: false });
            if (!failures.isAllowed && failures.remaining <= 0) throw tooManyAttempts(failures.ttl);
          },
          failed: async (key) => {
            await byAccount(account(request, key));
          },
        };
      },
    };
  }
  throttles.set(app, throttle);
  return throttle;
}
