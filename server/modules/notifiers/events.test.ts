import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../../test/fake-receiver.js';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { waitFor, waitForQuiet } from '../../test/wait.js';
import { insertOrganizer } from '../organizers/repo.js';
import { emitOrganizerEvent } from '../organizers/events.js';
import { NOTIFIER_MAX_ATTEMPTS } from './delivery.js';

/**
 * Issue 14 on the platform: notifiers subscribe to events (the `notifiers` subscriber), each delivery is a
 * durable job with retries, recorded in notifier_deliveries. A real HTTP receiver on 127.0.0.1 stands in for
 * the service; the app runs its real subscriber and job lists with short timings.
 */
let ctx: TestContext;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let household: { id: string; groupId: string };
const base = '/api/households/events/notifications';
const timings = {
  dispatcher: { pollMs: 100, backoffMs: () => 50 },
  jobs: { pollMs: 50, backoffMs: () => 30, pollSeconds: 0.5, checkSeconds: 0.5, maintenanceSeconds: 1 },
};

beforeAll(async () => {
  rx = await startReceiver();
  ctx = await createTestContext({ outbound: { allowLoopback: true }, build: { platform: timings } });
  household = (await ctx.app.inject({ method: 'GET', url: '/api/households/self', headers: ctx.admin })).json();
});
afterAll(async () => {
  await ctx?.close();
  await rx.close();
});
beforeEach(async () => {
  await ctx.deps.db.deleteFrom('group_events_notifiers').execute();
  rx.setResponder(() => ({ status: 200 }));
});

async function notifier(path: string, options: Record<string, boolean>) {
  const res = await ctx.app.inject({ method: 'POST', url: base, headers: ctx.admin, payload: { name: path, appriseUrl: `json://${rx.host}${path}`, options } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const at = (path: string) => rx.received.filter((r) => r.path === path);
const deliveries = (notifierId: string) => ctx.deps.db.selectFrom('notifier_deliveries').selectAll().where('notifier_id', '=', notifierId).orderBy('created_at').execute();

describe(`notifiers on the event bus (${TEST_ENGINE})`, () => {
  it('a created recipe reaches the subscribed receiver exactly once, recorded as sent', async () => {
    const subscribed = await notifier('/recipes', { recipeCreated: true });
    const other = await notifier('/deletions-only', { recipeDeleted: true });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Bus Soup' } });
    expect(res.statusCode, res.body).toBe(201);
    // The request answered without waiting for the receiver; the delivery follows.
    await waitFor(() => at('/recipes').length >= 1, 'the notification', 20_000);
    await waitForQuiet(ctx.deps.db); // every event and delivery job handled: anything more would be a duplicate
    expect(at('/recipes')).toHaveLength(1);
    expect(JSON.parse(at('/recipes')[0].body)).toMatchObject({ title: 'Recipe Created', message: `'Bus Soup' has been created\nhttp://hearth.test/g/home/r/${res.json()}` });
    expect(at('/deletions-only')).toHaveLength(0);
    await waitFor(async () => (await deliveries(subscribed.id))[0]?.status === 'sent', 'the delivery record');
    expect(await deliveries(subscribed.id)).toMatchObject([{ status: 'sent', attempts: 1, event_type: 'recipe_created', error: null }]);
    expect(await deliveries(other.id)).toEqual([]);
  });

  it('a rolled-back write notifies nothing', async () => {
    const subscribed = await notifier('/tags', { tagCreated: true });
    // The tag write's own code (insert + announce) in a transaction that then fails.
    await expect(
      ctx.deps.db.transaction().execute(async (trx) => {
        const row = await insertOrganizer(trx, 'tags', household.groupId, 'Rolled Back Tag');
        await emitOrganizerEvent(trx, 'tags', 'created', { groupId: household.groupId }, row);
        throw new Error('the write fails after announcing');
      }),
    ).rejects.toThrow('the write fails');
    // A refused write (duplicate name: 409) announces nothing either.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/organizers/tags', headers: ctx.admin, payload: { name: 'Committed Tag' } })).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/organizers/tags', headers: ctx.admin, payload: { name: 'Committed Tag' } })).statusCode).toBe(409);
    // Events are delivered in order: once the committed tag's notification is in, an earlier one never comes.
    await waitFor(() => at('/tags').length >= 1, 'the committed tag notification', 20_000);
    await waitForQuiet(ctx.deps.db);
    expect(at('/tags').map((r) => JSON.parse(r.body).message)).toEqual(["'Committed Tag' has been created"]);
    const events = await ctx.deps.db.selectFrom('hearth_events').select('data').where('type', '=', 'tag_created').execute();
    expect(events.map((e) => JSON.parse(e.data).name)).toEqual(['Committed Tag']);
    expect(await deliveries(subscribed.id)).toHaveLength(1);
  });

  it('a failing receiver is retried with back-off, then the outcome is recorded', async () => {
    const flaky = await notifier('/flaky', { shoppingListCreated: true });
    const dead = await notifier('/dead', { shoppingListCreated: true });
    let flakyFailures = 2;
    rx.setResponder((req) => {
      if (req.path === '/dead') return { status: 500 };
      if (req.path === '/flaky' && flakyFailures-- > 0) return { status: 503 };
      return { status: 200 };
    });
    const list = await ctx.app.inject({ method: 'POST', url: '/api/households/shopping/lists', headers: ctx.admin, payload: { name: 'Market' } });
    expect(list.statusCode, list.body).toBe(201);
    await waitFor(async () => (await deliveries(flaky.id))[0]?.status === 'sent', 'the flaky delivery to succeed', 30_000);
    expect(await deliveries(flaky.id)).toMatchObject([{ status: 'sent', attempts: 3, event_type: 'shopping_list_created', error: null }]);
    expect(at('/flaky')).toHaveLength(3);
    await waitFor(async () => (await deliveries(dead.id))[0]?.status === 'failed', 'the dead delivery to give up', 40_000);
    expect(await deliveries(dead.id)).toMatchObject([{ status: 'failed', attempts: NOTIFIER_MAX_ATTEMPTS, error: expect.stringContaining('answered 500') }]);
    expect(at('/dead')).toHaveLength(NOTIFIER_MAX_ATTEMPTS);
  }, 180_000);

  it('each of the announced writes reaches a notifier subscribed to it', async () => {
    const all = await notifier('/all', {
      userSignup: true, mealplanEntryCreated: true, shoppingListUpdated: true, shoppingListDeleted: true,
      cookbookCreated: true, categoryCreated: true, categoryUpdated: true, categoryDeleted: true, tagUpdated: true, tagDeleted: true, testMessage: true,
    });
    const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: ctx.admin, payload });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const category = await call('POST', '/api/organizers/categories', { name: 'Soups' });
    await call('PUT', `/api/organizers/categories/${category.id}`, { name: 'Stews' });
    await call('DELETE', `/api/organizers/categories/${category.id}`);
    const tag = await call('POST', '/api/organizers/tags', { name: 'Quick' });
    await call('PUT', `/api/organizers/tags/${tag.id}`, { name: 'Quicker' });
    await call('DELETE', `/api/organizers/tags/${tag.id}`);
    const list = await call('POST', '/api/households/shopping/lists', { name: 'Weekly' });
    await call('PUT', `/api/households/shopping/lists/${list.id}`, { ...list, name: 'Weekly shop' });
    await call('DELETE', `/api/households/shopping/lists/${list.id}`);
    await call('POST', '/api/households/mealplans', { date: '2024-05-01', entryType: 'dinner', title: 'Pasta night' });
    await call('POST', '/api/households/cookbooks', { name: 'Winter' });
    const invite = await call('POST', '/api/households/invitations', { uses: 1 });
    const signup = await ctx.app.inject({
      method: 'POST', url: '/api/users/register',
      payload: { groupToken: invite.token, email: 'newcook@example.com', username: 'newcook', fullName: 'New Cook', password: 'invited-pass', passwordConfirm: 'invited-pass' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    // The test button sends to that notifier directly (once), not again through the bus.
    const tested = await ctx.app.inject({ method: 'POST', url: `${base}/${all.id}/test`, headers: ctx.admin });
    expect(tested.statusCode, tested.body).toBe(204);
    const expected = [
      ['Category Created', "'Soups' has been created"], ['Category Updated', "'Stews' has been updated"], ['Category Deleted', "'Stews' has been deleted"],
      ['Tag Updated', "'Quicker' has been updated"], ['Tag Deleted', "'Quicker' has been deleted"],
      ['Shopping List Updated', "'Weekly shop' has been updated"], ['Shopping List Deleted', "'Weekly shop' has been deleted"],
      ['Meal Plan Entry Created', "'Pasta night' has been created"], ['Cookbook Created', "'Winter' has been created"],
      ['User Signup', "'New Cook'"], ['Test Notification', 'This is a test message from Hearth.'],
    ];
    await waitFor(() => at('/all').length >= expected.length, 'every notification', 20_000);
    await waitForQuiet(ctx.deps.db);
    const got = at('/all').map((r) => JSON.parse(r.body)).map((b) => [b.title, b.message]);
    expect(got.sort()).toEqual(expected.sort());
  }, 180_000);
});
