import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { SECURITY_MAX_LOGIN_ATTEMPTS: '3' } });
});
afterAll(async () => ctx?.close());

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('POST /api/auth/token', () => {
  it('signs in with username or email, case-insensitively, and sets the HttpOnly cookie', async () => {
    for (const username of ['admin', 'ADMIN', 'changeme@example.com', 'ChangeMe@Example.com']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: form, payload: `username=${encodeURIComponent(username)}&password=MyPassword` });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().token_type).toBe('bearer');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain('mealie.access_token=');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
    }
  });

  it('accepts multipart form data too', async () => {
    const boundary = '----hearth';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="username"', '', 'admin', `--${boundary}`, 'Content-Disposition: form-data; name="password"', '', 'MyPassword', `--${boundary}--`, ''].join('\r\n');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toMatch(/^ey/);
  });

  it('answers 401 for a wrong password and an unknown user', async () => {
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: form, payload: 'username=nobody&password=x' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Unauthorized' });
  });

  it('locks an account after SECURITY_MAX_LOGIN_ATTEMPTS wrong passwords, even against the right one, until an admin unlocks it', async () => {
    const { user, password } = await createMember(ctx, { username: 'locky' });
    for (let i = 0; i < 3; i += 1) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: form, payload: 'username=locky&password=wrong-password' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: form, payload: `username=locky&password=${password}` });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ detail: { message: 'User is locked out', error: true, exception: null } });

    const notForced = await ctx.app.inject({ method: 'POST', url: '/api/admin/users/unlock?force=false', headers: ctx.admin });
    expect(notForced.json()).toEqual({ unlocked: 0 });
    const forced = await ctx.app.inject({ method: 'POST', url: '/api/admin/users/unlock?force=true', headers: ctx.admin });
    expect(forced.json().unlocked).toBeGreaterThanOrEqual(1);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: form, payload: `username=locky&password=${password}` });
    expect(ok.statusCode).toBe(200);
    expect(user.username).toBe('locky');
  });
});

describe('tokens', () => {
  it('accepts the bearer header or the cookie, and refuses garbage', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: form, payload: 'username=admin&password=MyPassword' });
    const token = login.json().access_token;
    const viaCookie = await ctx.app.inject({ method: 'GET', url: '/api/users/self', cookies: { 'mealie.access_token': token } });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().username).toBe('admin');
    const garbage = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: 'Bearer nonsense' } });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ detail: 'Could not validate credentials' });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/users/self' });
    expect(none.statusCode).toBe(401);
  });

  it('refreshes a token and logs out by clearing the cookie', async () => {
    const session = await ctx.login('admin', 'MyPassword');
    const refreshed = await ctx.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: session });
    expect(refreshed.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: `Bearer ${refreshed.json().access_token}` } });
    expect(me.statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session });
    expect(logout.json()).toEqual({ message: 'Logged out' });
    expect(String(logout.headers['set-cookie'])).toMatch(/mealie\.access_token=;/);
  });

  it('long-lived API tokens work until the moment they are deleted, and only their owner may delete them', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/users/api-tokens', headers: ctx.admin, payload: { name: 'home assistant' } });
    expect(created.statusCode).toBe(201);
    const { token, id, name } = created.json();
    expect(name).toBe('home assistant');
    const bearer = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: bearer })).statusCode).toBe(200);
    const self = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin });
    expect(self.json().tokens.map((t: { id: number }) => t.id)).toContain(id);

    const other = await createMember(ctx);
    const stolen = await ctx.app.inject({ method: 'DELETE', url: `/api/users/api-tokens/${id}`, headers: other.headers });
    expect(stolen.statusCode).toBe(403);

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/users/api-tokens/${id}`, headers: ctx.admin });
    expect(deleted.json()).toEqual({ tokenDelete: 'home assistant' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: bearer })).statusCode).toBe(401);
  });
});
