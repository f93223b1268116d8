import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 7: logout ends that session; a password change ends the user's other sessions; a password
// reset and "sign out everywhere" end all of them; API tokens are separate credentials and survive.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const self = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/users/self', headers });

describe('sessions', () => {
  it('logout ends only the session it was called with, also through the cookie', async () => {
    const member = await createMember(ctx, { username: 'sessions-a', password: 'Sup3r-Secret-pw' });
    const other = await ctx.login('sessions-a', 'Sup3r-Secret-pw');
    const token = member.headers.authorization.slice(7);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { 'mealie.access_token': token } })).statusCode).toBe(200);
    expect((await self(member.headers)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/self', cookies: { 'mealie.access_token': token } })).statusCode).toBe(401);
    expect((await self(other)).statusCode).toBe(200);
    // A refreshed token belongs to the same session: it dies with it.
    const refreshed = (await ctx.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: other })).json().access_token;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: other });
    expect((await self({ authorization: `Bearer ${refreshed}` })).statusCode).toBe(401);
  });

  it('a password change ends every other session of the user and keeps the caller signed in', async () => {
    const member = await createMember(ctx, { username: 'sessions-b', password: 'Sup3r-Secret-pw' });
    const stolen = await ctx.login('sessions-b', 'Sup3r-Secret-pw');
    const apiToken = (await ctx.app.inject({ method: 'POST', url: '/api/users/api-tokens', headers: member.headers, payload: { name: 'phone' } })).json().token;
    const change = await ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers: member.headers, payload: { currentPassword: 'Sup3r-Secret-pw', newPassword: 'An0ther-Secret-pw' } });
    expect(change.statusCode).toBe(200);
    expect((await self(stolen)).statusCode).toBe(401);
    expect((await self(member.headers)).statusCode).toBe(200);
    expect((await self({ authorization: `Bearer ${apiToken}` })).statusCode).toBe(200);
  });

  it('a password reset ends all sessions', async () => {
    const member = await createMember(ctx, { username: 'sessions-c', password: 'Sup3r-Secret-pw' });
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/admin/users/password-reset-token', headers: ctx.admin, payload: { email: 'sessions-c@example.com' } });
    expect(reset.statusCode).toBe(201);
    const done = await ctx.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token: reset.json().token, email: 'sessions-c@example.com', password: 'Reset-Secret-pw1', passwordConfirm: 'Reset-Secret-pw1' } });
    expect(done.statusCode).toBe(200);
    expect((await self(member.headers)).statusCode).toBe(401);
    expect((await self(await ctx.login('sessions-c', 'Reset-Secret-pw1'))).statusCode).toBe(200);
  });

  it('"sign out everywhere" ends every session, the caller\'s included', async () => {
    const member = await createMember(ctx, { username: 'sessions-d', password: 'Sup3r-Secret-pw' });
    const second = await ctx.login('sessions-d', 'Sup3r-Secret-pw');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect((await self(member.headers)).statusCode).toBe(401);
    expect((await self(second)).statusCode).toBe(401);
  });

  it('refuses access tokens without a session', async () => {
    const member = await createMember(ctx, { username: 'sessions-e' });
    const legacy = await ctx.deps.tokens.sign({ sub: member.user.id, iss: 'mealie' }, 3600);
    expect((await self({ authorization: `Bearer ${legacy}` })).statusCode).toBe(401);
  });
});
