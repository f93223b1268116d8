import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../harness.js';

// Issue 9, item 5: a member without canInvite cannot list the household's live invitation tokens (and so
// cannot register new members with them); a member with canInvite sees only their own household's.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('invitation tokens', () => {
  it('are listed only to members who may create them', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/households/invitations', headers: ctx.admin, payload: { uses: 3 } });
    expect(created.statusCode).toBe(201);
    const plain = await createMember(ctx, { username: 'no-invite' });
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/households/invitations', headers: plain.headers });
    expect(listed.statusCode).toBe(403);
    expect(listed.body).not.toContain(created.json().token);

    const inviter = await createMember(ctx, { username: 'can-invite', flags: { canInvite: true } });
    const own = await ctx.app.inject({ method: 'GET', url: '/api/households/invitations', headers: inviter.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().map((t: { token: string }) => t.token)).toContain(created.json().token);

    const elsewhere = await createMember(ctx, { username: 'other-inviter', household: 'Neighbours', flags: { canInvite: true } });
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/households/invitations', headers: elsewhere.headers });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
  });
});
