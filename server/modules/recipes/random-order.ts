import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { DbEngine } from '../../db/connect.js';

/*
 * orderBy=random with a paginationSeed: every recipe gets a sort key computed in SQL from the seed and its
 * own id, so a page is one ordinary ORDER BY ... LIMIT/OFFSET query (no list of every id loaded, as Mealie
 * does), the same seed gives the same order on every page, and another seed gives another order.
 *
 * The key: the first 7 hex digits of the id (random in a v4 UUID) read as an integer x < 2^28, then
 * mixed with seed-derived constants modulo the prime P = 2^31 - 1:
 *   k = ((((x * A1 + B1) mod P) xor S) * A2 + B2) mod P
 * Every intermediate stays below 2^63, so the arithmetic is exact on both engines; xor is written as
 * (a | b) - (a & b) because SQLite has no xor operator. Ties (ids sharing 7 digits) fall back to the id.
 * The same key comes out on SQLite and PostgreSQL, so an order does not depend on the engine.
 */

const PRIME = 2_147_483_647;
const HEX_DIGITS = 7;

export interface RandomOrderConstants {
  a1: number;
  b1: number;
  s: number;
  a2: number;
  b2: number;
}

/** The mixing constants of a seed: multipliers in [1, P-1], offsets and xor mask in [0, P-1]. */
export function randomOrderConstants(seed: string): RandomOrderConstants {
  const digest = crypto.createHash('sha256').update(seed, 'utf8').digest();
  const word = (i: number) => digest.readUInt32BE(i * 4);
  return {
    a1: (word(0) % (PRIME - 1)) + 1,
    b1: word(1) % PRIME,
    s: word(2) % PRIME,
    a2: (word(3) % (PRIME - 1)) + 1,
    b2: word(4) % PRIME,
  };
}

/** The same key computed in JavaScript (tests compare it with the engines'). */
export function randomOrderKey(recipeId: string, seed: string): number {
  const { a1, b1, s, a2, b2 } = randomOrderConstants(seed);
  let x = 0n;
  for (const char of recipeId.toLowerCase().slice(0, HEX_DIGITS)) x = x * 16n + BigInt('0123456789abcdef'.indexOf(char));
  const p = BigInt(PRIME);
  const h1 = (x * BigInt(a1) + BigInt(b1)) % p;
  const h2 = h1 ^ BigInt(s);
  return Number((h2 * BigInt(a2) + BigInt(b2)) % p);
}

/** The sort key of `idColumn` for this seed, as one SQL expression. */
export function randomOrderExpression(engine: DbEngine, idColumn: string, seed: string): RawBuilder<number> {
  const { a1, b1, s, a2, b2 } = randomOrderConstants(seed);
  const big = (n: number) => sql`cast(${sql.lit(n)} as bigint)`;
  const position = engine === 'postgres' ? 'strpos' : 'instr';
  const lowered = sql`lower(${sql.ref(idColumn)})`;
  let x: RawBuilder<unknown> = sql`cast(0 as bigint)`;
  for (let i = 1; i <= HEX_DIGITS; i++) {
    const digit = sql`(${sql.raw(position)}('0123456789abcdef', substr(${lowered}, ${sql.lit(i)}, 1)) - 1)`;
    x = sql`(${x} * 16 + ${digit})`;
  }
  const h1 = sql`((${x} * ${big(a1)} + ${big(b1)}) % ${big(PRIME)})`;
  const h2 = sql`((${h1} | ${big(s)}) - (${h1} & ${big(s)}))`;
  return sql<number>`((${h2} * ${big(a2)} + ${big(b2)}) % ${big(PRIME)})`;
}
