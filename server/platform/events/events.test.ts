import { afterEach, describe, expect, it } from 'vitest';
import type { HearthEvent } from '../../../contract/events.js';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { waitFor, waitForQuiet } from '../../test/wait.js';
import { Dispatcher } from './dispatcher.js';
import { emitEvent } from './emit.js';
import type { Subscriber } from './types.js';

const fast = { dispatcher: { pollMs: 5000, leaseMs: 2000, backoffMs: (n: number) => 30 * n } };

function recorder(name: string, events: Subscriber['events'] = '*') {
  const seen: HearthEvent[] = [];
  const sub: Subscriber = { name, events, handle: async (e) => void seen.push(e) };
  return { sub, seen };
}

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

async function groupOf(c: TestContext) {
  return c.deps.db.selectFrom('households').select(['id', 'group_id']).executeTakeFirstOrThrow();
}

describe(`events outbox (${TEST_ENGINE})`, () => {
  it('publishes after commit and never for a rolled-back write', async () => {
    const { sub, seen } = recorder('rec');
    ctx = await createTestContext({ build: { platform: fast, lists: { subscribers: [sub] } } });
    const h = await groupOf(ctx);
    await ctx.deps.db.transaction().execute(async (trx) => {
      await emitEvent(trx, { type: 'recipe_created', groupId: h.group_id, householdId: h.id, data: { id: 'r1', slug: 'one', name: 'One' } });
      expect(seen).toHaveLength(0); // not before commit
    });
    await waitFor(() => seen.length === 1, 'the committed event');
    await ctx.deps.db
      .transaction()
      .execute(async (trx) => {
        await emitEvent(trx, { type: 'recipe_deleted', groupId: h.group_id, householdId: h.id, data: { id: 'r1' } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await emitEvent(ctx.deps.db, { type: 'recipe_updated', groupId: h.group_id, householdId: h.id, data: { id: 'r1' } });
    await waitFor(() => seen.length === 2, 'the event after the rollback');
    await waitForQuiet(ctx.deps.db); // the subscriber has passed every event: the rolled-back one never comes
    expect(seen.map((e) => e.type)).toEqual(['recipe_created', 'recipe_updated']);
    expect(seen[0]).toMatchObject({ groupId: h.group_id, householdId: h.id, data: { id: 'r1', slug: 'one', name: 'One' } });
  });

  it('delivers in commit order to each subscriber, only the types it names', async () => {
    const all = recorder('all');
    const lists = recorder('lists', ['shopping_list_item_created']);
    ctx = await createTestContext({ build: { platform: fast, lists: { subscribers: [all.sub, lists.sub] } } });
    const h = await groupOf(ctx);
    const c = ctx;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        c.deps.db.transaction().execute(async (trx) => {
          await emitEvent(trx, { type: i % 3 === 0 ? 'shopping_list_item_created' : 'recipe_updated', groupId: h.group_id, householdId: h.id, data: { id: `x${i}`, shoppingListId: 'l' } });
        }),
      ),
    );
    await waitFor(() => all.seen.length === 30 && lists.seen.length === 10, 'every event');
    const ids = all.seen.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(30);
    expect(lists.seen.every((e) => e.type === 'shopping_list_item_created')).toBe(true);
  });

  it('retries a failing subscriber with back-off and records each failure, without holding up the others', async () => {
    const good = recorder('good');
    let failures = 0;
    const got: number[] = [];
    const flaky: Subscriber = {
      name: 'flaky',
      events: '*',
      handle: async (e) => {
        if ((e.data as { id: string }).id === 'b' && failures < 2) {
          failures += 1;
          throw new Error(`receiver down ${failures}`);
        }
        got.push(e.id);
      },
    };
    ctx = await createTestContext({ build: { platform: fast, lists: { subscribers: [flaky, good.sub] } } });
    const h = await groupOf(ctx);
    for (const id of ['a', 'b', 'c']) await emitEvent(ctx.deps.db, { type: 'tag_created', groupId: h.group_id, data: { id } });
    await waitFor(() => good.seen.length === 3, 'the healthy subscriber');
    await waitFor(() => got.length === 3, 'the flaky subscriber after its retries');
    expect(got).toEqual(good.seen.map((e) => e.id)); // in order, b once it succeeded
    const recorded = await ctx.deps.db.selectFrom('hearth_event_failures').selectAll().where('subscriber', '=', 'flaky').orderBy('id').execute();
    expect(recorded.map((r) => [r.attempt, r.error])).toEqual([
      [1, 'receiver down 1'],
      [2, 'receiver down 2'],
    ]);
    const c = ctx;
    const cursor = await waitFor(async () => {
      const row = await c.deps.db.selectFrom('hearth_event_cursors').selectAll().where('subscriber', '=', 'flaky').executeTakeFirstOrThrow();
      return Number(row.last_event_id) === got[2] ? row : null;
    }, 'the cursor to pass the last event');
    expect(cursor).toMatchObject({ attempts: 0, last_error: null });
  });

  it('after a crash, another process takes over the cursor once the lease expires and delivers what was committed', async () => {
    // A worker died holding the subscriber's lease, after events it had not delivered were committed.
    ctx = await createTestContext({ env: { HEARTH_ROLES: 'web' } });
    const h = await groupOf(ctx);
    for (const id of ['1', '2', '3']) await emitEvent(ctx.deps.db, { type: 'cookbook_created', groupId: h.group_id, householdId: h.id, data: { id } });
    const first = await ctx.deps.db.selectFrom('hearth_events').select('id').orderBy('id').executeTakeFirstOrThrow();
    await ctx.deps.db
      .insertInto('hearth_event_cursors')
      .values({ subscriber: 'mailer', last_event_id: first.id, lease_owner: 'dead-process', lease_until: new Date(Date.now() + 3600_000).toISOString(), attempts: 0, update_at: new Date().toISOString() })
      .execute();
    const { sub, seen } = recorder('mailer');
    const next = new Dispatcher(ctx.deps, [sub], { pollMs: 60_000, leaseMs: 1000 });
    await next.start();
    await next.idle();
    expect(seen).toHaveLength(0); // a whole pass ran while the lease was still held
    // The dead process's lease runs out (its time written as passed, rather than waited for).
    await ctx.deps.db.updateTable('hearth_event_cursors').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('subscriber', '=', 'mailer').execute();
    next.wake();
    await waitFor(() => seen.length === 2, 'the undelivered events');
    expect(seen.map((e) => (e.data as { id: string }).id)).toEqual(['2', '3']);
    await next.stop();
  });
});
