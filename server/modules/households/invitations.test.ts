import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpEnv, startFakeSmtp } from '../../test/fake-smtp.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { INVITE_TOKEN_DAYS, purgeExpiredInvitations } from './invitations.js';

/** Invitations (uses, expiry, e-mail, the purge), permissions and household preferences where they apply. */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await createTestContext({
    env: smtpEnv(smtp.port),
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: Headers, payload?: unknown) => ctx.app.inject({ method, url, headers, payload: payload as object });

function registration(username: string, groupToken: string) {
  return { username, fullName: `New ${username}`, email: `${username}@example.com`, password: 'Sup3r-Secret-pw', passwordConfirm: 'Sup3r-Secret-pw', groupToken };
}

describe('invitations', () => {
  it('joins the inviter’s group and household, with no permissions, as many times as the token allows', async () => {
    const inviter = await createMember(ctx, { household: 'Upstairs', flags: { canInvite: true } });
    const made = await call('POST', '/api/households/invitations', inviter.headers, { uses: 2 });
    expect(made.statusCode).toBe(201);
    const invite = made.json();
    expect(invite).toEqual({ token: expect.any(String), usesLeft: 2, groupId: inviter.user.groupId, householdId: inviter.user.householdId });
    const first = await call('POST', '/api/users/register', undefined, registration('invitee1', invite.token));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ groupId: inviter.user.groupId, householdId: inviter.user.householdId, canInvite: false, canManage: false, canOrganize: false, canManageHousehold: false });
    expect((await call('GET', '/api/households/invitations', inviter.headers)).json()).toEqual([{ ...invite, usesLeft: 1 }]);
    expect((await call('POST', '/api/users/register', undefined, registration('invitee2', invite.token))).statusCode).toBe(201);
    expect((await call('GET', '/api/households/invitations', inviter.headers)).json()).toEqual([]);
    const third = await call('POST', '/api/users/register', undefined, registration('invitee3', invite.token));
    expect(third.statusCode).toBe(400);
    // A refused registration writes nothing.
    expect((await call('GET', '/api/validators/user/name?name=invitee3')).json()).toEqual({ valid: true });
  });

  it('needs canInvite to make or e-mail a token; other households’ tokens are not theirs to e-mail', async () => {
    const plain = await createMember(ctx);
    expect((await call('POST', '/api/households/invitations', plain.headers, { uses: 1 })).statusCode).toBe(403);
    const token = (await call('POST', '/api/households/invitations', ctx.admin, { uses: 1 })).json().token;
    expect((await call('POST', '/api/households/invitations/email', plain.headers, { email: 'x@example.com', token })).statusCode).toBe(403);
    const elsewhere = await createMember(ctx, { household: 'Cellar', flags: { canInvite: true } });
    expect((await call('POST', '/api/households/invitations/email', elsewhere.headers, { email: 'x@example.com', token })).statusCode).toBe(400);
    expect((await call('POST', '/api/households/invitations', ctx.admin, { uses: 0 })).statusCode).toBe(422);
    const before = smtp.inbox.length;
    const sent = await call('POST', '/api/households/invitations/email', ctx.admin, { email: 'friend@example.com', token });
    expect(sent.json()).toEqual({ success: true, error: null });
    expect(smtp.inbox.length).toBe(before + 1);
    expect(smtp.inbox.at(-1)!.raw.replace(/=\r\n/g, '')).toContain(`/register?token=${token}`);
  });

  it('expires tokens after the set days; the purge deletes expired and used-up ones only', async () => {
    const fresh = (await call('POST', '/api/households/invitations', ctx.admin, { uses: 3 })).json().token;
    const old = (await call('POST', '/api/households/invitations', ctx.admin, { uses: 3 })).json().token;
    const longAgo = new Date(Date.now() - (INVITE_TOKEN_DAYS + 1) * 24 * 3600_000).toISOString();
    await ctx.deps.db.updateTable('invite_tokens').set({ created_at: longAgo }).where('token', '=', old).execute();
    await ctx.deps.db.insertInto('invite_tokens').values({ token: 'spent', uses_left: 0, group_id: (await call('GET', '/api/groups/self', ctx.admin)).json().id, household_id: (await call('GET', '/api/households/self', ctx.admin)).json().id, created_at: new Date().toISOString() }).execute();
    const listed = (await call('GET', '/api/households/invitations', ctx.admin)).json().map((t: { token: string }) => t.token);
    expect(listed).toContain(fresh);
    expect(listed).not.toContain(old);
    expect((await call('POST', '/api/users/register', undefined, registration('latecomer', old))).statusCode).toBe(400);
    expect((await call('POST', '/api/households/invitations/email', ctx.admin, { email: 'late@example.com', token: old })).statusCode).toBe(400);
    expect(await purgeExpiredInvitations(ctx.deps.db)).toBe(2);
    const left = (await ctx.deps.db.selectFrom('invite_tokens').select('token').execute()).map((r) => r.token);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
    expect(left).not.toContain('spent');
  });
});

describe('permissions and preferences', () => {
  it('refuses permission changes without canManage and for oneself, even for an admin', async () => {
    const target = await createMember(ctx);
    const organizer = await createMember(ctx, { flags: { canOrganize: true, canManageHousehold: true, canInvite: true } });
    expect((await call('PUT', '/api/households/permissions', organizer.headers, { userId: target.user.id, canOrganize: true })).statusCode).toBe(403);
    const self = (await call('GET', '/api/users/self', ctx.admin)).json();
    expect((await call('PUT', '/api/households/permissions', ctx.admin, { userId: self.id, canManage: false })).statusCode).toBe(403);
    const ok = await call('PUT', '/api/households/permissions', ctx.admin, { userId: target.user.id, canManageHousehold: true, canManage: false, canInvite: true, canOrganize: false });
    expect(ok.json()).toMatchObject({ canManageHousehold: true, canInvite: true, canManage: false, canOrganize: false });
    expect((await call('PUT', '/api/groups/preferences', target.headers, { privateGroup: false })).statusCode).toBe(403);
  });

  it('saves every household preference and uses them as the defaults of new recipes', async () => {
    const all = {
      privateHousehold: false, lockRecipeEditsFromOtherHouseholds: false, firstDayOfWeek: 1, recipePublic: false, recipeShowNutrition: true,
      recipeShowAssets: true, recipeLandscapeView: true, recipeDisableComments: true, recipeDisableAmount: false,
      unitSystem: 'imperial', onHandFromShopping: true, onHandUsedUpByCooking: true, // Hearth's three (issue 37)
    };
    const saved = await call('PUT', '/api/households/preferences', ctx.admin, all);
    expect(saved.json()).toEqual({ id: expect.any(String), ...all });
    expect((await call('GET', '/api/households/preferences', ctx.admin)).json()).toEqual(saved.json());
    const slug = (await call('POST', '/api/recipes', ctx.admin, { name: 'Preference pie' })).json();
    const recipe = (await call('GET', `/api/recipes/${slug}`, ctx.admin)).json();
    expect(recipe.settings).toMatchObject({ public: false, showNutrition: true, showAssets: true, landscapeView: true, disableComments: true, disableAmount: false });
    const plain = await createMember(ctx);
    expect((await call('PUT', '/api/households/preferences', plain.headers, { recipePublic: true })).statusCode).toBe(403);
    expect((await call('PUT', '/api/households/preferences', ctx.admin, { unitSystem: 'martian' })).statusCode).toBe(422);
  });
});
