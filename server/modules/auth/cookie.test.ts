import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** Issue 40 item 7: the session cookie is Secure whenever the public address (BASE_URL) is https. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { BASE_URL: 'https://hearth.example', PRODUCTION: 'false' } });
});
afterAll(() => ctx?.close());

describe('the session cookie', () => {
  it('is Secure (and HttpOnly) behind an https BASE_URL', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: { username: 'admin', password: 'MyPassword' } });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/mealie\.access_token=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
  });
});
