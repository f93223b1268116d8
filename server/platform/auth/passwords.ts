import { lazyRequire } from '../../lazy.js';

/*
 * Password hashes are bcrypt ($2a$/$2b$/$2y$), as Mealie writes them (cost 12) and as Hearth wrote them with
 * bcryptjs (cost 10). The hashing runs in native code on libuv's thread pool (@node-rs/bcrypt), so a sign-in
 * never holds the event loop: with pure-JS bcrypt one cost-12 compare was ~0.4 s during which no other
 * request was answered. The package holds a native addon, so it stays outside the server bundle
 * (scripts/external-packages.mjs) and loads on the first hash.
 */
const loadBcrypt = lazyRequire<typeof import('@node-rs/bcrypt')>('@node-rs/bcrypt');

const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;

/** Work done so far by this process, in bcrypt rounds (2^cost per hash or compare): what tests read. */
let roundsDone = 0;
export function passwordWork(): number {
  return roundsDone;
}

/** The cost a bcrypt hash was made with, or null for anything that is not a bcrypt hash. */
export function hashCost(hash: string | null | undefined): number | null {
  const match = hash ? BCRYPT.exec(hash) : null;
  return match ? Number(match[1]) : null;
}

export async function hashPassword(plain: string, cost: number): Promise<string> {
  roundsDone += 2 ** cost;
  return loadBcrypt().hash(plain, cost);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Compares against a throwaway hash of the configured cost, so that a sign-in for an unknown user (or one
 * without a local password) does the same work, and takes the same time, as one for a known user.
 */
export async function dummyVerify(plain: string, cost: number): Promise<void> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = loadBcrypt().hash('not-a-real-password', cost);
    dummyHashes.set(cost, dummy);
  }
  const hash = await dummy;
  roundsDone += 2 ** cost;
  await loadBcrypt().verify(plain, hash);
}

/**
 * Verifies a bcrypt hash, including those written by Mealie. Anything else (no password, an external
 * account's marker) never matches, after the same work as a real compare at `cost`.
 */
export async function verifyPassword(plain: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  const stored = hashCost(hash);
  if (stored === null) {
    await dummyVerify(plain, cost);
    return false;
  }
  roundsDone += 2 ** stored;
  return loadBcrypt().verify(plain, hash!);
}

/** A stored hash made with another cost than the configured one is replaced at the next good sign-in. */
export function needsRehash(hash: string | null | undefined, cost: number): boolean {
  const stored = hashCost(hash);
  return stored !== null && stored !== cost;
}
