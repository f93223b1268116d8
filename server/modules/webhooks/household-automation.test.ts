import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../test/fake-receiver.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';

/**
 * Issue 40 items 2 and 6, from Mealie's documented behaviour: a household manages its own automation (webhooks
 * and notifiers answer its managers, not only the server admin); a test answers at once and is delivered in the
 * background with its outcome kept; ALLOW_PRIVATE_NETWORK_FETCH=true opens loopback to them as it does to
 * imports; a URL that will be refused is saved with a warning.
 */

const WEBHOOKS = '/api/households/webhooks';
const NOTIFIERS = '/api/households/events/notifications';
const fast = { platform: { jobs: { pollMs: 50, pollSeconds: 0.5, checkSeconds: 0.5 } } };
let rx: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(async () => rx?.close());

async function settled(ctx: TestContext, headers: Record<string, string>, url: string) {
  return waitFor(async () => {
    const out = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    return out.lastTest && out.lastTest.status !== 'sending' ? out.lastTest : null;
  }, 'the test delivery', 20_000);
}

describe('household managers manage their own webhooks and notifiers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { ALLOW_SIGNUP: 'true', ALLOW_PRIVATE_NETWORK_FETCH: 'true' }, build: fast });
  });
  afterAll(async () => ctx?.close());

  it('a user who registered their own group (not the server admin) lists and creates both; a plain member may not', async () => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { group: 'Own Kitchen', email: 'owner@example.com', username: 'owner', fullName: 'Owner', password: 'owner-password-1', passwordConfirm: 'owner-password-1', advanced: false },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toMatchObject({ admin: false, advanced: false, canManage: true });
    const owner = await ctx.login('owner', 'owner-password-1');
    expect((await ctx.app.inject({ method: 'GET', url: WEBHOOKS, headers: owner })).statusCode).toBe(200);
    const hook = await ctx.app.inject({ method: 'POST', url: WEBHOOKS, headers: owner, payload: { name: 'HA', url: `${rx.base}/own-hook`, scheduledTime: '07:00' } });
    expect(hook.statusCode, hook.body).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: NOTIFIERS, headers: owner })).statusCode).toBe(200);
    const notifier = await ctx.app.inject({ method: 'POST', url: NOTIFIERS, headers: owner, payload: { name: 'HA', appriseUrl: `json://${rx.host}/own-notifier` } });
    expect(notifier.statusCode, notifier.body).toBe(201);

    const householdManager = await createMember(ctx, { username: 'house-manager', flags: { canManageHousehold: true } });
    expect((await ctx.app.inject({ method: 'GET', url: WEBHOOKS, headers: householdManager.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: NOTIFIERS, headers: householdManager.headers })).statusCode).toBe(200);
    const plain = await createMember(ctx, { username: 'plain-cook' });
    expect((await ctx.app.inject({ method: 'GET', url: WEBHOOKS, headers: plain.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: NOTIFIERS, headers: plain.headers, payload: { name: 'x', appriseUrl: `json://${rx.host}/x` } })).statusCode).toBe(403);
  });

  it('with ALLOW_PRIVATE_NETWORK_FETCH=true a webhook and a notifier on this host are saved without a warning and delivered', async () => {
    const headers = ctx.admin;
    const hook = (await ctx.app.inject({ method: 'POST', url: WEBHOOKS, headers, payload: { name: 'Local', url: `${rx.base}/local-hook`, scheduledTime: '06:00' } })).json();
    expect(hook.urlWarning).toBeNull();
    const before = rx.received.length;
    const res = await ctx.app.inject({ method: 'POST', url: `${WEBHOOKS}/${hook.id}/test`, headers });
    expect(res.statusCode).toBe(200);
    expect(await settled(ctx, headers, `${WEBHOOKS}/${hook.id}`)).toMatchObject({ status: 'sent', error: null });
    expect(rx.received.slice(before).map((r) => r.path)).toContain('/local-hook');

    const notifier = (await ctx.app.inject({ method: 'POST', url: NOTIFIERS, headers, payload: { name: 'Local', appriseUrl: `json://${rx.host}/local-notifier` } })).json();
    expect(notifier.urlWarning).toBeNull();
    expect((await ctx.app.inject({ method: 'POST', url: `${NOTIFIERS}/${notifier.id}/test`, headers })).statusCode).toBe(204);
    expect(await settled(ctx, headers, `${NOTIFIERS}/${notifier.id}`)).toMatchObject({ status: 'sent' });
    expect(rx.received.map((r) => r.path)).toContain('/local-notifier');
  });
});

describe('without ALLOW_PRIVATE_NETWORK_FETCH', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ build: fast });
  });
  afterAll(async () => ctx?.close());

  it('warns at save time that a loopback URL will be refused, saves it, and a test records the refusal', async () => {
    const headers = ctx.admin;
    const hook = await ctx.app.inject({ method: 'POST', url: WEBHOOKS, headers, payload: { name: 'Refused', url: `${rx.base}/refused`, scheduledTime: '06:00' } });
    expect(hook.statusCode).toBe(201);
    expect(hook.json().urlWarning).toMatch(/127\.0\.0\.1.*ALLOW_PRIVATE_NETWORK_FETCH=true/);
    const saved = hook.json() as Record<string, unknown>;
    const updated = await ctx.app.inject({ method: 'PUT', url: `${WEBHOOKS}/${saved.id}`, headers, payload: { ...saved, url: 'http://localhost:9/x' } });
    expect(updated.json().urlWarning).toMatch(/localhost|127\.0\.0\.1|::1/);
    const before = rx.received.length;
    expect((await ctx.app.inject({ method: 'POST', url: `${WEBHOOKS}/${hook.json().id}/test`, headers })).statusCode).toBe(200);
    expect(await settled(ctx, headers, `${WEBHOOKS}/${hook.json().id}`)).toMatchObject({ status: 'failed', error: expect.any(String) });
    expect(rx.received.length).toBe(before);

    const notifier = await ctx.app.inject({ method: 'POST', url: NOTIFIERS, headers, payload: { name: 'Refused', appriseUrl: `json://${rx.host}/refused` } });
    expect(notifier.statusCode).toBe(201);
    expect(notifier.json().urlWarning).toMatch(/ALLOW_PRIVATE_NETWORK_FETCH/);
    // A hosted service (ntfy.sh) or a LAN address gets no warning.
    const hosted = await ctx.app.inject({ method: 'POST', url: NOTIFIERS, headers, payload: { name: 'Hosted', appriseUrl: 'ntfy://kitchen-topic' } });
    expect(hosted.json().urlWarning).toBeNull();
    const lan = await ctx.app.inject({ method: 'POST', url: WEBHOOKS, headers, payload: { name: 'LAN', url: 'http://192.168.1.20:8123/api/webhook/x', scheduledTime: '06:00' } });
    expect(lan.json().urlWarning).toBeNull();
  });
});
