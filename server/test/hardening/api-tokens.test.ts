import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 3: two API tokens with the same name created in the same second are distinct and both work.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('API tokens', () => {
  it('are unique even when created with one name at once', async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, () => ctx.app.inject({ method: 'POST', url: '/api/users/api-tokens', headers: ctx.admin, payload: { name: 'same name' } })),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const tokens = created.map((r) => r.json().token as string);
    expect(new Set(tokens).size).toBe(6);
    for (const token of tokens) {
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ jti: expect.any(String), iat: expect.any(Number), long_token: true });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(200);
    }
    // Deleting one revokes that one only.
    const first = created[0].json().id as number;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/users/api-tokens/${first}`, headers: ctx.admin })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: `Bearer ${tokens[0]}` } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: `Bearer ${tokens[1]}` } })).statusCode).toBe(200);
  });
});
