import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const BATCH = 5000;

/**
 * The notifier delivery log's old rows: only settled deliveries (sent, failed) older than the cut-off. A
 * delivery still queued or retrying is what its job reads, so it stays however old.
 */
export async function pruneDeliveries(db: Kysely<Database>, cutoffIso: string): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom('notifier_deliveries')
      .where('id', 'in', (eb) => eb.selectFrom('notifier_deliveries').select('id').where('status', 'in', ['sent', 'failed']).where('created_at', '<', cutoffIso).limit(BATCH))
      .executeTakeFirst();
    const n = Number(result.numDeletedRows ?? 0n);
    total += n;
    if (n < BATCH) return total;
  }
}
