import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../db/schema.js';
import { badRequest } from './errors.js';

/**
 * "Do this once" for a change a device may send more than once (its offline queue sends again when an answer
 * was lost). The client names the change with an `Idempotency-Key` header (any text of 1–200 visible
 * characters, a UUID in practice); per user and scope the first request does the work and records what it
 * created, and every repeat answers that instead of doing it again. Without the header nothing changes.
 *
 * Two copies arriving at once: the key row is inserted first, inside the transaction that does the work, so
 * the second insert waits for the first transaction (PostgreSQL's unique index; SQLite runs one writer at a
 * time) and then finds the key taken and the result written.
 */
const KEY = /^[\x21-\x7e]{1,200}$/;

/** The request's Idempotency-Key, null when absent; a malformed one is refused (400), never ignored. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !KEY.test(value)) throw badRequest('common.invalid-idempotency-key');
  return value;
}

/**
 * Runs `work` once per (user, scope, key) and returns its result (an id); a repeat returns the first result
 * and `repeated: true`. With a null key it simply runs `work` in a transaction.
 */
export async function doOnce(
  db: Kysely<Database>,
  who: { userId: string; scope: string; key: string | null },
  work: (trx: Transaction<Database>) => Promise<string>,
): Promise<{ result: string; repeated: boolean }> {
  return db.transaction().execute(async (trx) => {
    const { key } = who;
    if (key === null) return { result: await work(trx), repeated: false };
    const inserted = await trx
      .insertInto('hearth_idempotency_keys')
      .values({ user_id: who.userId, scope: who.scope, key, result: '', created_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'scope', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      const row = await trx
        .selectFrom('hearth_idempotency_keys')
        .select('result')
        .where('user_id', '=', who.userId)
        .where('scope', '=', who.scope)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return { result: row.result, repeated: true };
    }
    const result = await work(trx);
    await trx
      .updateTable('hearth_idempotency_keys')
      .set({ result })
      .where('user_id', '=', who.userId)
      .where('scope', '=', who.scope)
      .where('key', '=', key)
      .execute();
    return { result, repeated: false };
  });
}
