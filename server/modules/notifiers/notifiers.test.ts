import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../test/fake-receiver.js';
import { smtpEnv, startFakeSmtp } from '../../test/fake-smtp.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { recipientsOf } from './service.js';

let ctx: TestContext;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
const base = '/api/households/events/notifications';

beforeAll(async () => {
  rx = await startReceiver();
  smtp = await startFakeSmtp();
  const hostedAt = rx.base;
  ctx = await createTestContext({
    env: smtpEnv(smtp.port),
    outbound: { allowLoopback: true, serviceBaseUrls: { discord: hostedAt, slack: hostedAt, tgram: hostedAt, pover: hostedAt, ntfy: hostedAt } },
    build: { platform: { jobs: { pollMs: 50, pollSeconds: 0.5, checkSeconds: 0.5 } } },
  });
});
afterAll(async () => {
  await ctx?.close();
  await rx.close();
  await smtp.close();
});

async function create(appriseUrl: string, extra: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: base, headers: ctx.admin, payload: { name: `n ${appriseUrl.slice(0, 30)}`, appriseUrl, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The test answers at once (204, as Mealie) and is delivered in the background: waits for its recorded outcome. */
async function settledTest(id: string) {
  return waitFor(async () => {
    const out = (await ctx.app.inject({ method: 'GET', url: `${base}/${id}`, headers: ctx.admin })).json();
    return out.lastTest && out.lastTest.status !== 'sending' ? out.lastTest : null;
  }, 'the test delivery', 20_000);
}

async function sendTest(appriseUrl: string) {
  const notifier = await create(appriseUrl);
  const before = rx.received.length;
  const res = await ctx.app.inject({ method: 'POST', url: `${base}/${notifier.id}/test`, headers: ctx.admin });
  expect(res.statusCode, res.body).toBe(204);
  expect((await settledTest(notifier.id)).status).toBe('sent');
  return rx.received.slice(before);
}

describe('notifiers', () => {
  it('CRUD with the 22 switches; the URL is stored encrypted and never returned', async () => {
    const secretUrl = `json://${rx.host}/secret-path?token=hunter2`;
    const created = await create(secretUrl, { options: { recipeCreated: true } });
    expect(Object.keys(created.options)).toHaveLength(23); // 22 switches + id
    expect(created.options).toMatchObject({ recipeCreated: true, recipeDeleted: false, testMessage: false });
    expect(created).not.toHaveProperty('appriseUrl');
    expect(JSON.stringify(created)).not.toContain('hunter2');
    const stored = await ctx.deps.db.selectFrom('group_events_notifiers').select('apprise_url').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.apprise_url).toMatch(/^v1:/);
    expect(stored.apprise_url).not.toContain('hunter2');

    const list = await ctx.app.inject({ method: 'GET', url: base, headers: ctx.admin });
    expect(list.json().items.some((n: { id: string }) => n.id === created.id)).toBe(true);
    expect(list.body).not.toContain('hunter2');

    const put = await ctx.app.inject({ method: 'PUT', url: `${base}/${created.id}`, headers: ctx.admin, payload: { ...created, name: 'Renamed', enabled: false, options: { tagCreated: true } } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Renamed', enabled: false, options: { tagCreated: true, recipeCreated: false } });
    // The URL was kept (appriseUrl absent): still the same sealed value.
    const after = await ctx.deps.db.selectFrom('group_events_notifiers').select('apprise_url').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(after.apprise_url).toBe(stored.apprise_url);

    expect((await ctx.app.inject({ method: 'DELETE', url: `${base}/${created.id}`, headers: ctx.admin })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${created.id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('refuses an unknown or malformed URL with a 422 naming the supported schemes, and non-advanced users', async () => {
    for (const url of ['foo://bar', 'not a url', 'discord://only-id', 'slack://a/b', 'tgram://nocolon/123', 'mailto://?to=nobody']) {
      const res = await ctx.app.inject({ method: 'POST', url: base, headers: ctx.admin, payload: { name: 'bad', appriseUrl: url } });
      expect(res.statusCode, url).toBe(422);
    }
    const unknown = await ctx.app.inject({ method: 'POST', url: base, headers: ctx.admin, payload: { name: 'bad', appriseUrl: 'foo://bar' } });
    expect(unknown.json().detail.message).toContain('ntfy://');
    const plain = await createMember(ctx, { username: 'notifier-plain' });
    expect((await ctx.app.inject({ method: 'GET', url: base, headers: plain.headers })).statusCode).toBe(403);
  });

  it('sends each scheme in its service\'s request shape', async () => {
    let [r] = await sendTest(`json://user:pw@${rx.host}/hooks/j?+X-Custom=abc&:extra=1`);
    expect(r).toMatchObject({ method: 'POST', path: '/hooks/j' });
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-custom']).toBe('abc');
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from('user:pw').toString('base64')}`);
    expect(JSON.parse(r.body)).toMatchObject({ version: '1.0', title: 'Test Notification', message: 'This is a test message from Hearth.', type: 'info', extra: '1' });

    [r] = await sendTest(`form://${rx.host}/f`);
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(r.body))).toMatchObject({ title: 'Test Notification', type: 'info' });

    [r] = await sendTest(`xml://${rx.host}/x`);
    expect(r.headers['content-type']).toContain('application/xml');
    expect(r.body).toContain('<Subject>Test Notification</Subject>');

    [r] = await sendTest(`ntfy://${rx.host}/kitchen?priority=4`);
    expect(r).toMatchObject({ method: 'POST', path: '/kitchen', body: 'This is a test message from Hearth.' });
    expect(r.headers['x-title']).toBe('Test Notification');
    expect(r.headers['x-priority']).toBe('4');
    [r] = await sendTest('ntfy://public-topic'); // hosted ntfy.sh (pointed at the receiver)
    expect(r.path).toBe('/public-topic');

    [r] = await sendTest(`gotify://${rx.host}/gotify/AppToken123`);
    expect(r).toMatchObject({ method: 'POST', path: '/gotify/message' });
    expect(r.headers['x-gotify-key']).toBe('AppToken123');
    expect(JSON.parse(r.body)).toEqual({ title: 'Test Notification', message: 'This is a test message from Hearth.', priority: 5 });

    [r] = await sendTest('discord://Hearth@1234567890/webhook-token');
    expect(r.path).toBe('/api/webhooks/1234567890/webhook-token');
    expect(JSON.parse(r.body)).toEqual({ content: '**Test Notification**\r\nThis is a test message from Hearth.', username: 'Hearth' });

    [r] = await sendTest('slack://T1ABC/B2DEF/C3ghi/#kitchen');
    expect(r.path).toBe('/services/T1ABC/B2DEF/C3ghi');
    expect(JSON.parse(r.body)).toMatchObject({ text: '*Test Notification*\nThis is a test message from Hearth.', channel: '#kitchen' });

    [r] = await sendTest('tgram://123456:ABC-def/987654');
    expect(r.path).toBe('/bot123456:ABC-def/sendMessage');
    expect(JSON.parse(r.body)).toMatchObject({ chat_id: '987654', parse_mode: 'HTML', text: '<b>Test Notification</b>\r\nThis is a test message from Hearth.' });

    [r] = await sendTest('pover://userkey@apptoken/phone');
    expect(r.path).toBe('/1/messages.json');
    expect(Object.fromEntries(new URLSearchParams(r.body))).toMatchObject({ token: 'apptoken', user: 'userkey', device: 'phone', title: 'Test Notification' });

    [r] = await sendTest(`hassio://${rx.host}/LongLivedToken`);
    expect(r.path).toBe('/api/services/persistent_notification/create');
    expect(r.headers.authorization).toBe('Bearer LongLivedToken');
    expect(JSON.parse(r.body)).toEqual({ title: 'Test Notification', message: 'This is a test message from Hearth.' });

    rx.setResponder((req) => (req.path.startsWith('/_matrix/client/v3/login') ? { status: 200, body: '{"access_token":"mx-token"}' } : req.path.includes('/directory/room/') ? { status: 200, body: '{"room_id":"!abc:example.org"}' } : { status: 200, body: '{}' }));
    const matrix = await sendTest(`matrix://bot:pw@${rx.host}/#kitchen`);
    rx.setResponder(() => ({ status: 200 }));
    expect(matrix.map((m) => m.method)).toEqual(['POST', 'GET', 'PUT']);
    expect(JSON.parse(matrix[0].body)).toMatchObject({ type: 'm.login.password', password: 'pw' });
    expect(matrix[1].path).toBe(`/_matrix/client/v3/directory/room/${encodeURIComponent('#kitchen:127.0.0.1')}`);
    expect(matrix[2].path).toMatch(/^\/_matrix\/client\/v3\/rooms\/!abc%3Aexample.org\/send\/m.room.message\//);
    expect(matrix[2].headers.authorization).toBe('Bearer mx-token');
    expect(JSON.parse(matrix[2].body)).toEqual({ msgtype: 'm.text', body: 'Test Notification\r\nThis is a test message from Hearth.' });
  });

  it('sends mailto through the configured SMTP server', async () => {
    await sendTest('mailto://?to=cook@example.com');
    expect(smtp.inbox.at(-1)?.to).toEqual(['cook@example.com']);
    expect(smtp.inbox.at(-1)?.raw).toContain('Subject: Test Notification');
  });

  it('answers a test at once and records a failing delivery on the notifier and in the log', async () => {
    const notifier = await create(`json://${rx.host}/down`);
    rx.setResponder(() => ({ status: 500 }));
    const res = await ctx.app.inject({ method: 'POST', url: `${base}/${notifier.id}/test`, headers: ctx.admin });
    expect(res.statusCode).toBe(204);
    const outcome = await settledTest(notifier.id);
    rx.setResponder(() => ({ status: 200 }));
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('answered 500'), at: expect.any(String) });
    const log = await ctx.deps.db.selectFrom('notifier_deliveries').selectAll().where('notifier_id', '=', notifier.id).execute();
    expect(log).toMatchObject([{ status: 'failed', event_type: 'test_message', attempts: 1 }]);
  });

  it('an event goes only to enabled notifiers subscribed to it', async () => {
    const household = (await ctx.app.inject({ method: 'GET', url: '/api/households/self', headers: ctx.admin })).json();
    const subscribed = await create(`json://${rx.host}/subscribed`, { options: { recipeCreated: true } });
    await create(`json://${rx.host}/other-event`, { options: { recipeDeleted: true } });
    await create(`json://${rx.host}/disabled`, { options: { recipeCreated: true }, enabled: false });
    const recipients = await recipientsOf(ctx.deps, { type: 'recipe_created', groupId: household.groupId, householdId: household.id, data: { name: 'Soup', slug: 'soup' } });
    expect(recipients.map((r) => r.notifierId)).toEqual([subscribed.id]);
    expect(recipients[0].message).toEqual({ title: 'Recipe Created', body: "'Soup' has been created\nhttp://hearth.test/g/home/r/soup" });
    // A live-only event (labels) and an unknown one reach no notifier.
    expect(await recipientsOf(ctx.deps, { type: 'label_created', groupId: household.groupId, householdId: null, data: { name: 'x' } })).toEqual([]);
  });
});
