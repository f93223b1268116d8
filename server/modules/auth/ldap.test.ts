import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { BASE_DN, HAS_SLAPD, MISSING_SLAPD, QUERY_BIND, QUERY_PASSWORD, startSlapd } from '../../test/slapd.js';

let directory: Awaited<ReturnType<typeof startSlapd>>;
let ctx: TestContext;

const ldapEnv = (url: string) => ({
  LDAP_AUTH_ENABLED: 'true',
  LDAP_SERVER_URL: url,
  LDAP_BASE_DN: `ou=people,${BASE_DN}`,
  LDAP_QUERY_BIND: QUERY_BIND,
  LDAP_QUERY_PASSWORD: QUERY_PASSWORD,
  LDAP_USER_FILTER: '(businessCategory=cooks)',
  LDAP_ADMIN_FILTER: '(businessCategory=admins)',
  LDAP_ID_ATTRIBUTE: 'uid',
  LDAP_MAIL_ATTRIBUTE: 'mail',
  LDAP_NAME_ATTRIBUTE: 'displayName',
});

beforeAll(async () => {
  if (!HAS_SLAPD) return;
  directory = await startSlapd([
    { uid: 'bob', mail: 'bob@family.test', name: 'Bob Baker', password: 'bob-pass', groups: ['cooks', 'admins'] },
    { uid: 'carol', mail: 'carol@family.test', name: 'Carol Chef', password: 'carol-pass', groups: ['cooks'] },
    { uid: 'dave', mail: 'dave@family.test', name: 'Dave Diner', password: 'dave-pass', groups: [] },
  ]);
  ctx = await createTestContext({ env: ldapEnv(directory.url) });
});
afterAll(async () => {
  await ctx?.close();
  await directory?.stop();
});

const login = (username: string, password: string, app = () => ctx.app) =>
  app().inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

async function self(res: { json(): { access_token: string } }) {
  return (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: `Bearer ${res.json().access_token}` } })).json();
}

describe.skipIf(!HAS_SLAPD)(`LDAP sign-in against slapd${MISSING_SLAPD}`, () => {
  it('creates the user at the first sign-in and reuses it, by uid or by mail', async () => {
    const first = await login('carol', 'carol-pass');
    expect(first.statusCode, first.body).toBe(200);
    const carol = await self(first);
    expect(carol).toMatchObject({ username: 'carol', email: 'carol@family.test', fullName: 'Carol Chef', authMethod: 'LDAP', admin: false, groupSlug: 'home' });
    const byMail = await login('carol@family.test', 'carol-pass');
    expect(byMail.statusCode).toBe(200);
    expect((await self(byMail)).id).toBe(carol.id);
  });

  it('sets the admin flag from LDAP_ADMIN_FILTER', async () => {
    const res = await login('bob', 'bob-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(await self(res)).toMatchObject({ username: 'bob', admin: true, authMethod: 'LDAP' });
  });

  it('refuses a wrong password, someone outside LDAP_USER_FILTER, and filter characters in the name', async () => {
    expect((await login('carol', 'wrong')).statusCode).toBe(401);
    expect((await login('dave', 'dave-pass')).statusCode).toBe(401);
    expect((await login('*', 'carol-pass')).statusCode).toBe(401);
    expect((await login('carol)(uid=*', 'carol-pass')).statusCode).toBe(401);
    expect((await login('bob', '')).statusCode).toBe(401);
  });

  it('counts wrong directory passwords towards the lockout', async () => {
    const lockout = await createTestContext({ env: { ...ldapEnv(directory.url), SECURITY_MAX_LOGIN_ATTEMPTS: '2' } });
    try {
      expect((await login('bob', 'bob-pass', () => lockout.app)).statusCode).toBe(200);
      expect((await login('bob', 'nope', () => lockout.app)).statusCode).toBe(401);
      expect((await login('bob', 'nope', () => lockout.app)).statusCode).toBe(401);
      expect((await login('bob', 'bob-pass', () => lockout.app)).statusCode).toBe(423);
    } finally {
      await lockout.close();
    }
  });

  it('keeps local accounts working beside the directory', async () => {
    const res = await login('admin', 'MyPassword');
    expect(res.statusCode).toBe(200);
    expect((await self(res)).authMethod).toBe('Mealie');
  });

  it('does not let an LDAP user change or reset a password here', async () => {
    const session = await login('carol', 'carol-pass');
    const headers = { authorization: `Bearer ${session.json().access_token}` };
    const change = await ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers, payload: { currentPassword: 'carol-pass', newPassword: 'Another-pass-123' } });
    expect(change.statusCode).toBe(400);
    const before = await ctx.deps.db.selectFrom('password_reset_tokens').select('token').execute();
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'carol@family.test' } });
    const after = await ctx.deps.db.selectFrom('password_reset_tokens').select('token').execute();
    expect(after.length).toBe(before.length);
  });
});

describe('LDAP with a directory that does not answer', () => {
  it('fails the sign-in within seconds with a 503, and local accounts still sign in', async () => {
    // A port that accepts connections but never answers: the worst case for a sign-in.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const dead = await createTestContext({ env: ldapEnv(`ldap://127.0.0.1:${port}`) });
    try {
      const res = await login('carol', 'carol-pass', () => dead.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().detail.message).toMatch(/directory server could not be reached/);
      expect((await login('admin', 'MyPassword', () => dead.app)).statusCode).toBe(200);
    } finally {
      await dead.close();
      silent.close();
    }
  }, 180_000);
});
