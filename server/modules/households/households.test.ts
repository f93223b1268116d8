import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpEnv, startFakeSmtp } from '../../test/fake-smtp.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';

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

describe('households', () => {
  it('shows the caller household with its preferences and members, ordered by full name', async () => {
    await createMember(ctx, { username: 'zed' });
    const self = await ctx.app.inject({ method: 'GET', url: '/api/households/self', headers: ctx.admin });
    expect(self.json()).toMatchObject({ name: 'Family', slug: 'family', group: 'Home' });
    expect(self.json().preferences).toMatchObject({ privateHousehold: true, lockRecipeEditsFromOtherHouseholds: true, firstDayOfWeek: 0 });
    const members = await ctx.app.inject({ method: 'GET', url: '/api/households/members', headers: ctx.admin });
    const names = members.json().items.map((u: { fullName: string }) => u.fullName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(members.json().per_page).toBe(members.json().total);
  });

  it('updates preferences with canManageHousehold, validating the values', async () => {
    const ok = await ctx.app.inject({ method: 'PUT', url: '/api/households/preferences', headers: ctx.admin, payload: { firstDayOfWeek: 1, lockRecipeEditsFromOtherHouseholds: false } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstDayOfWeek: 1, lockRecipeEditsFromOtherHouseholds: false });
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/households/preferences', headers: ctx.admin, payload: { firstDayOfWeek: 9 } });
    expect(bad.statusCode).toBe(422);
    const manager = await createMember(ctx, { flags: { canManageHousehold: true } });
    const byManager = await ctx.app.inject({ method: 'PUT', url: '/api/households/preferences', headers: manager.headers, payload: { snake_case_ignored: 1, first_day_of_week: 3 } });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().firstDayOfWeek).toBe(3);
  });

  it('sets member permissions only for members of the same household, never one’s own', async () => {
    const manager = await createMember(ctx, { flags: { canManage: true } });
    const target = await createMember(ctx);
    const elsewhere = await createMember(ctx, { household: 'Across The Street' });
    const ok = await ctx.app.inject({ method: 'PUT', url: '/api/households/permissions', headers: manager.headers, payload: { userId: target.user.id, canOrganize: true, canInvite: true } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ canOrganize: true, canInvite: true, canManage: false });
    const other = await ctx.app.inject({ method: 'PUT', url: '/api/households/permissions', headers: manager.headers, payload: { userId: elsewhere.user.id, canOrganize: true } });
    expect(other.statusCode).toBe(404);
    const own = await ctx.app.inject({ method: 'PUT', url: '/api/households/permissions', headers: manager.headers, payload: { userId: manager.user.id, canManageHousehold: true } });
    expect(own.statusCode).toBe(403);
  });

  it('counts statistics for the household', async () => {
    const stats = await ctx.app.inject({ method: 'GET', url: '/api/households/statistics', headers: ctx.admin });
    expect(stats.json()).toMatchObject({ totalRecipes: 0, totalCategories: 0, totalTags: 0, totalTools: 0 });
    expect(stats.json().totalUsers).toBeGreaterThanOrEqual(2);
  });

  it('emails an invitation through SMTP with a registration link', async () => {
    const invite = (await ctx.app.inject({ method: 'POST', url: '/api/households/invitations', headers: ctx.admin, payload: { uses: 2 } })).json();
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/households/invitations', headers: ctx.admin });
    expect(listed.json().map((t: { token: string }) => t.token)).toContain(invite.token);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/households/invitations/email', headers: ctx.admin, payload: { email: 'friend@example.com', token: invite.token } });
    expect(res.json()).toEqual({ success: true, error: null });
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toEqual(['friend@example.com']);
    expect(mail.raw.replace(/=\r\n/g, '')).toContain(`http://hearth.test/register?token=${invite.token}`);
  });

  it('sends a password reset email whose token works once; unknown emails learn nothing', async () => {
    await createMember(ctx, { username: 'mailme' });
    const before = smtp.inbox.length;
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'nobody@example.com' } });
    expect(unknown.statusCode).toBe(200);
    expect(smtp.inbox.length).toBe(before);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'mailme@example.com' } });
    expect(res.statusCode).toBe(200);
    const mail = smtp.inbox.at(-1)!;
    const token = /reset-password\?token=([\w-]+)/.exec(mail.raw.replace(/=\r\n/g, ''))?.[1];
    expect(token).toBeTruthy();
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, email: 'mailme@example.com', password: 'from-the-email', passwordConfirm: 'from-the-email' } });
    expect(reset.statusCode).toBe(200);
    await expect(ctx.login('mailme', 'from-the-email')).resolves.toHaveProperty('authorization');
  });
});

describe('groups and admin management', () => {
  it('group self lists its households and users; preferences need canManage', async () => {
    const self = await ctx.app.inject({ method: 'GET', url: '/api/groups/self', headers: ctx.admin });
    expect(self.json()).toEqual({ id: expect.any(String), name: 'Home', slug: 'home', preferences: { id: expect.any(String), groupId: self.json().id, privateGroup: true } });
    const members = await ctx.app.inject({ method: 'GET', url: '/api/groups/members', headers: ctx.admin });
    expect(members.json().items[0]).not.toHaveProperty('email');
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/groups/preferences', headers: ctx.admin, payload: { privateGroup: false } });
    expect(put.json().privateGroup).toBe(false);
  });

  it('admin group rules: the default group and groups with users cannot be deleted', async () => {
    const groups = (await ctx.app.inject({ method: 'GET', url: '/api/admin/groups', headers: ctx.admin })).json().items;
    const home = groups.find((g: { name: string }) => g.name === 'Home');
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/groups/${home.id}`, headers: ctx.admin });
    expect(del.statusCode).toBe(400);
    expect(del.json().detail.message).toBe('Cannot delete default group');

    await createMember(ctx, { group: 'Crowded' });
    const crowded = (await ctx.app.inject({ method: 'GET', url: '/api/admin/groups', headers: ctx.admin })).json().items.find((g: { name: string }) => g.name === 'Crowded');
    const delCrowded = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/groups/${crowded.id}`, headers: ctx.admin });
    expect(delCrowded.json().detail.message).toBe('Cannot delete group with users');

    const empty = await ctx.app.inject({ method: 'POST', url: '/api/admin/groups', headers: ctx.admin, payload: { name: 'Empty Group' } });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().households).toEqual([expect.objectContaining({ name: 'Family' })]);
    const dupe = await ctx.app.inject({ method: 'POST', url: '/api/admin/groups', headers: ctx.admin, payload: { name: 'empty group' } });
    expect(dupe.statusCode).toBe(409);
    const renamed = await ctx.app.inject({ method: 'PUT', url: `/api/admin/groups/${empty.json().id}`, headers: ctx.admin, payload: { name: 'Renamed Group', preferences: { privateGroup: false } } });
    expect(renamed.json()).toMatchObject({ name: 'Renamed Group', slug: 'renamed-group', preferences: { privateGroup: false } });
    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/groups/${empty.json().id}`, headers: ctx.admin });
    expect(gone.statusCode).toBe(200);
  });

  it('admin households: create in a group, rename, refuse to delete one with users', async () => {
    const group = (await ctx.app.inject({ method: 'GET', url: '/api/groups/self', headers: ctx.admin })).json();
    const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/households', headers: ctx.admin, payload: { name: 'Granny Flat', groupId: group.id } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const renamed = await ctx.app.inject({ method: 'PUT', url: `/api/admin/households/${id}`, headers: ctx.admin, payload: { groupId: group.id, name: 'Granny Annex', preferences: { privateHousehold: false } } });
    expect(renamed.json()).toMatchObject({ name: 'Granny Annex', slug: 'granny-annex', preferences: { privateHousehold: false } });
    const family = (await ctx.app.inject({ method: 'GET', url: '/api/households/self', headers: ctx.admin })).json();
    const blocked = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/households/${family.id}`, headers: ctx.admin });
    expect(blocked.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/households/${id}`, headers: ctx.admin })).statusCode).toBe(200);
  });

  it('malformed JSON and unknown ids are 4xx, never 500', async () => {
    const malformed = await ctx.app.inject({ method: 'PUT', url: '/api/households/preferences', headers: { ...ctx.admin, 'content-type': 'application/json' }, payload: '{"firstDayOfWeek": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail.message).toBe('Request body is not valid JSON');
    const wrongType = await ctx.app.inject({ method: 'PUT', url: '/api/households/preferences', headers: ctx.admin, payload: { firstDayOfWeek: 'monday' } });
    expect(wrongType.statusCode).toBe(422);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/admin/users/00000000-0000-4000-8000-000000000000', headers: ctx.admin });
    expect(unknown.statusCode).toBe(404);
    const huge = await ctx.app.inject({ method: 'PUT', url: '/api/households/preferences', headers: { ...ctx.admin, 'content-type': 'application/json' }, payload: `{"x":"${'a'.repeat(11 * 1024 * 1024)}"}` });
    expect(huge.statusCode).toBe(413);
  });
});
