import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 12: remember_me gives a 14-day token in form-encoded logins as in multipart ones.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

function lifetimeHours(token: string): number {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return Math.round((claims.exp - claims.iat) / 3600);
}

describe('remember_me', () => {
  it('is honoured in form-encoded, JSON and multipart logins', async () => {
    const form = (extra: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `username=admin&password=MyPassword${extra}` });
    expect(lifetimeHours((await form('&remember_me=true')).json().access_token)).toBe(14 * 24);
    expect(lifetimeHours((await form('&remember_me=false')).json().access_token)).toBe(48);
    expect(lifetimeHours((await form('')).json().access_token)).toBe(48);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: { username: 'admin', password: 'MyPassword', remember_me: true } });
    expect(lifetimeHours(json.json().access_token)).toBe(14 * 24);
    const boundary = 'hearthboundary';
    const multipart = ['username', 'admin', 'password', 'MyPassword', 'remember_me', 'true'];
    let body = '';
    for (let i = 0; i < multipart.length; i += 2) body += `--${boundary}\r\nContent-Disposition: form-data; name="${multipart[i]}"\r\n\r\n${multipart[i + 1]}\r\n`;
    body += `--${boundary}--\r\n`;
    const mp = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(lifetimeHours(mp.json().access_token)).toBe(14 * 24);
    // The cookie lives as long as the token.
    const cookie = String((await form('&remember_me=on')).headers['set-cookie']);
    expect(cookie).toMatch(/Max-Age=1209600/);
  });
});
