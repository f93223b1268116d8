import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { loadConfig } from '../../config.js';

/*
 * Limits on password checks (issue 36): per client address every check counts, per account the failed
 * sign-ins. Small limits here (the defaults are 60 and 10 per 15 minutes) keep the test short; each client
 * is told apart by Fastify inject's remoteAddress.
 */
const PER_ADDRESS = 8;
const PER_ACCOUNT = 3;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { HEARTH_SIGN_IN_LIMIT_PER_ADDRESS: String(PER_ADDRESS), HEARTH_SIGN_IN_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT), HEARTH_BCRYPT_COST: '4' },
  });
});
afterAll(async () => ctx?.close());

const form = { 'content-type': 'application/x-www-form-urlencoded' };
function signIn(username: string, password: string, from: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress: from, headers: { ...form, ...headers }, payload: new URLSearchParams({ username, password }).toString() });
}

/** A 429 in Mealie's shape whose text names the minutes Retry-After (seconds, within the 15-minute window) says. */
function expectTooMany(res: Awaited<ReturnType<typeof signIn>>, text = (minutes: number) => `Too many attempts: try again in ${minutes} min`) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(res.json()).toEqual({ detail: { message: text(Math.ceil(retryAfter / 60)), error: true, exception: null } });
}

describe('sign-in limits', () => {
  it('has limits on by default that a household never reaches, and a switch to turn them off', () => {
    expect(loadConfig({}).signIn).toEqual({ bcryptCost: 10, limit: { perAddress: 60, perAccount: 10, windowMs: 15 * 60_000 } });
    expect(loadConfig({ HEARTH_SIGN_IN_LIMIT: 'false' }).signIn.limit).toBeNull();
    expect(() => loadConfig({ HEARTH_BCRYPT_COST: '3' })).toThrow(/HEARTH_BCRYPT_COST/);
    expect(() => loadConfig({ HEARTH_SIGN_IN_LIMIT_PER_ACCOUNT: '0' })).toThrow(/HEARTH_SIGN_IN_LIMIT_PER_ACCOUNT/);
  });

  it('answers 429 with Retry-After to the attempt after the limit of failures for an account, from the same address', async () => {
    const { user, password } = await createMember(ctx, { username: 'samehost' });
    const other = await createMember(ctx, { username: 'samehostsibling' });
    for (let i = 0; i < PER_ACCOUNT; i += 1) expect((await signIn(user.username, 'wrong', '10.0.0.1')).statusCode).toBe(401);
    // Now even the right password waits: the account has had its tries.
    expectTooMany(await signIn(user.username, password, '10.0.0.1'));
    // Under the account's email too: the account is counted, not the name typed.
    expectTooMany(await signIn(`${user.username}@example.com`, password, '10.0.0.1'));
    // In the client's language (the web app sends its own).
    expectTooMany(await signIn(user.username, password, '10.0.0.1', { 'accept-language': 'de-DE' }), (minutes) => `Zu viele Versuche: Versuche es in ${minutes} Min. erneut`);
    // Another account from the same address signs in.
    expect((await signIn(other.user.username, other.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it('counts the failures for one account from different addresses', async () => {
    const { user, password } = await createMember(ctx, { username: 'manyhosts' });
    const other = await createMember(ctx, { username: 'manyhostssibling' });
    for (let i = 0; i < PER_ACCOUNT; i += 1) expect((await signIn(user.username, 'wrong', `10.0.1.${i + 1}`)).statusCode).toBe(401);
    expectTooMany(await signIn(user.username, password, '10.0.1.99'));
    expect((await signIn(other.user.username, other.password, '10.0.1.99')).statusCode).toBe(200);
  });

  it('counts made-up names as accounts too (the unknown-user path)', async () => {
    for (let i = 0; i < PER_ACCOUNT; i += 1) expect((await signIn('no-such-user', 'wrong', `10.0.2.${i + 1}`)).statusCode).toBe(401);
    expectTooMany(await signIn('NO-SUCH-USER ', 'wrong', '10.0.2.99'));
  });

  it('never counts good sign-ins against the account', async () => {
    const { user, password } = await createMember(ctx, { username: 'oftensignedin' });
    for (let i = 0; i < PER_ACCOUNT * 2; i += 1) expect((await signIn(user.username, password, `10.0.3.${i + 1}`)).statusCode).toBe(200);
  });

  it('limits the password checks of one address, whatever the accounts, while another address still signs in', async () => {
    const { user, password } = await createMember(ctx, { username: 'busyaddress' });
    for (let i = 0; i < PER_ADDRESS; i += 1) expect((await signIn(`stranger${i}`, 'wrong', '10.0.4.1')).statusCode).toBe(401);
    expectTooMany(await signIn(user.username, password, '10.0.4.1'));
    expect((await signIn(user.username, password, '10.0.4.2')).statusCode).toBe(200);
  });

  it('counts a wrong current password on a password change against the account, and every change against the address', async () => {
    const { headers, password } = await createMember(ctx, { username: 'pwchange' });
    const change = (currentPassword: string, from: string) =>
      ctx.app.inject({ method: 'PUT', url: '/api/users/password', remoteAddress: from, headers, payload: { currentPassword, newPassword: 'Another-pw-99' } });
    for (let i = 0; i < PER_ACCOUNT; i += 1) expect((await change('wrong', `10.0.5.${i + 1}`)).statusCode).toBe(400);
    expectTooMany(await change(password, '10.0.5.99'));
  });

  it('counts password resets and registrations against the address', async () => {
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/users/reset-password', remoteAddress: '10.0.6.1', payload: { token: `bogus-${i}`, email: 'x@example.com', password: 'Pw-123456', passwordConfirm: 'Pw-123456' } });
      expect(res.statusCode).toBe(400);
    }
    expectTooMany(await ctx.app.inject({ method: 'POST', url: '/api/users/reset-password', remoteAddress: '10.0.6.1', payload: { token: 'bogus', email: 'x@example.com', password: 'Pw-123456', passwordConfirm: 'Pw-123456' } }));
    const register = await ctx.app.inject({
      method: 'POST', url: '/api/users/register', remoteAddress: '10.0.6.1',
      payload: { username: 'newbie', fullName: 'New Bie', email: 'newbie@example.com', password: 'Pw-123456', passwordConfirm: 'Pw-123456', advanced: false, private: false, seedData: false, locale: 'en-US', group: 'Home', household: 'Family' },
    });
    expectTooMany(register);
  });
});

describe('the client address behind a reverse proxy (HEARTH_TRUSTED_PROXIES)', () => {
  it('believes X-Forwarded-For from loopback and private networks by default; * and none; refuses nonsense', () => {
    expect(loadConfig({}).trustedProxies).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ HEARTH_TRUSTED_PROXIES: '*' }).trustedProxies).toBe(true);
    expect(loadConfig({ HEARTH_TRUSTED_PROXIES: 'none' }).trustedProxies).toBe(false);
    expect(loadConfig({ HEARTH_TRUSTED_PROXIES: ' 172.18.0.0/16, ::1 ,loopback' }).trustedProxies).toBe('172.18.0.0/16,::1,loopback');
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '1.2.3.4/8/1', 'fd00::/129']) {
      expect(() => loadConfig({ HEARTH_TRUSTED_PROXIES: bad }), bad).toThrow(/HEARTH_TRUSTED_PROXIES/);
    }
  });

  it('counts a client on the internet by its own address whatever X-Forwarded-For it sends', async () => {
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const res = await signIn(`nobody-${i}`, 'wrong', '203.0.113.5', { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await signIn('nobody', 'wrong', '203.0.113.5', { 'x-forwarded-for': '198.51.100.200' }));
  });

  it('counts each client a trusted proxy forwards by the address it names', async () => {
    for (let i = 0; i < PER_ADDRESS * 2; i += 1) {
      const res = await signIn(`nobody-${i}`, 'wrong', '10.0.9.1', { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('with HEARTH_SIGN_IN_LIMIT=false', () => {
  let open: TestContext;
  beforeAll(async () => {
    open = await createTestContext({ env: { HEARTH_SIGN_IN_LIMIT: 'false', HEARTH_SIGN_IN_LIMIT_PER_ACCOUNT: '1', HEARTH_SIGN_IN_LIMIT_PER_ADDRESS: '1', HEARTH_BCRYPT_COST: '4' } });
  });
  afterAll(async () => open?.close());

  it('never answers 429', async () => {
    for (let i = 0; i < 4; i += 1) {
      const res = await open.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress: '10.0.7.1', headers: form, payload: 'username=nobody&password=wrong' });
      expect(res.statusCode).toBe(401);
    }
    const good = await open.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress: '10.0.7.1', headers: form, payload: 'username=admin&password=MyPassword' });
    expect(good.statusCode).toBe(200);
  });
});
