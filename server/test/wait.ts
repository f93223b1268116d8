import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Polls `check` until it returns a truthy value (returned) or `ms` pass (throws, naming `what`). */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, ms = 5000, every = 20): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the background work is done: every event subscriber's cursor has reached the end of the
 * outbox and no job is waiting or running. What a test asserts "never happened" is then decided, with no
 * guess at how long the work takes.
 */
export async function waitForQuiet(db: Kysely<Database>, what = 'the events and jobs to be handled', ms = 30_000): Promise<void> {
  await waitFor(
    async () => {
      const last = await db.selectFrom('hearth_events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
      const end = Number(last?.max ?? 0);
      const behind = await db.selectFrom('hearth_event_cursors').select('subscriber').where('last_event_id', '<', end).execute();
      if (behind.length > 0) return false;
      const pending = await db.selectFrom('hearth_jobs').select('id').where('state', 'in', ['created', 'active', 'retry']).limit(1).execute();
      return pending.length === 0;
    },
    what,
    ms,
  );
}
