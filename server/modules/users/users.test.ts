import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ALLOW_SIGNUP: 'true' } });
});
afterAll(async () => ctx?.close());

describe('users', () => {
  it('GET /api/users/self describes the default admin with Mealie fields', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      username: 'admin',
      fullName: 'Change Me',
      email: 'changeme@example.com',
      admin: true,
      advanced: true,
      canInvite: true,
      canManage: true,
      canManageHousehold: true,
      canOrganize: true,
      group: 'Home',
      groupSlug: 'home',
      household: 'Family',
      householdSlug: 'family',
      authMethod: 'Mealie',
      cacheKey: '1234',
    });
    expect(me).not.toHaveProperty('password');
  });

  it('admin creates, reads, updates and deletes a user; the form rules give 4xx with messages', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: ctx.admin,
      payload: { username: 'jane', fullName: 'Jane Doe', email: 'Jane@Example.com', password: 'longenough1', canOrganize: true },
    });
    expect(created.statusCode).toBe(201);
    const jane = created.json();
    expect(jane.email).toBe('jane@example.com');
    expect(jane.canOrganize).toBe(true);
    expect(jane.admin).toBe(false);

    const short = await ctx.app.inject({ method: 'POST', url: '/api/admin/users', headers: ctx.admin, payload: { username: 'x', fullName: 'X', email: 'x@example.com', password: 'short' } });
    expect(short.statusCode).toBe(422);
    expect(JSON.stringify(short.json())).toContain('Must Be At Least 8 Characters');
    const badEmail = await ctx.app.inject({ method: 'POST', url: '/api/admin/users', headers: ctx.admin, payload: { username: 'y', fullName: 'Y', email: 'nope', password: 'longenough1' } });
    expect(badEmail.statusCode).toBe(422);
    const dupe = await ctx.app.inject({ method: 'POST', url: '/api/admin/users', headers: ctx.admin, payload: { username: 'JANE', fullName: 'J', email: 'other@example.com', password: 'longenough1' } });
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json().detail.message).toBe('username is taken');

    const updated = await ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${jane.id}`, headers: ctx.admin, payload: { ...jane, fullName: 'Jane D.', canInvite: true } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ fullName: 'Jane D.', canInvite: true });

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/admin/users?perPage=-1', headers: ctx.admin });
    expect(listed.json().items.map((u: { username: string }) => u.username)).toContain('jane');
    expect(listed.json()).toMatchObject({ page: 1, total_pages: 1 });

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${jane.id}`, headers: ctx.admin });
    expect(deleted.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${jane.id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('an admin cannot delete themselves nor demote themselves', async () => {
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${me.id}`, headers: ctx.admin });
    expect(del.statusCode).toBe(403);
    expect(del.json().detail.message).toBe('You are not allowed to delete this user');
    const demote = await ctx.app.inject({ method: 'PUT', url: `/api/users/${me.id}`, headers: ctx.admin, payload: { admin: false } });
    expect(demote.statusCode).toBe(403);
  });

  it('a member may edit their own details but not grant themselves permissions or edit others', async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const own = await ctx.app.inject({ method: 'PUT', url: `/api/users/${a.user.id}`, headers: a.headers, payload: { fullName: 'Renamed' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().fullName).toBe('Renamed');
    const escalate = await ctx.app.inject({ method: 'PUT', url: `/api/users/${a.user.id}`, headers: a.headers, payload: { admin: true } });
    expect(escalate.statusCode).toBe(403);
    const flags = await ctx.app.inject({ method: 'PUT', url: `/api/users/${a.user.id}`, headers: a.headers, payload: { canManage: true } });
    expect(flags.statusCode).toBe(403);
    expect(flags.json().detail.message).toBe('Group owners cannot change their own permissions');
    const other = await ctx.app.inject({ method: 'PUT', url: `/api/users/${b.user.id}`, headers: a.headers, payload: { fullName: 'Hacked' } });
    expect(other.statusCode).toBe(403);
  });

  it('an admin changes a user\'s authMethod (Mealie\'s admin update); the sign-in follows it; a user cannot change their own', async () => {
    const m = await createMember(ctx, { username: 'methoduser' });
    const self = await ctx.app.inject({ method: 'PUT', url: `/api/users/${m.user.id}`, headers: m.headers, payload: { authMethod: 'OIDC' } });
    expect(self.statusCode).toBe(403);
    // The unchanged value, as Mealie's UI sends with the whole user, is fine.
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/users/${m.user.id}`, headers: m.headers, payload: { authMethod: 'Mealie', fullName: 'Same Method' } })).statusCode).toBe(200);
    const toLdap = await ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${m.user.id}`, headers: ctx.admin, payload: { authMethod: 'LDAP' } });
    expect(toLdap.statusCode).toBe(200);
    expect(toLdap.json()).toMatchObject({ id: m.user.id, authMethod: 'LDAP', fullName: 'Same Method' });
    expect((await ctx.deps.db.selectFrom('users').select('auth_method').where('id', '=', m.user.id).executeTakeFirstOrThrow()).auth_method).toBe('LDAP');
    // No LDAP server here: a password sign-in is refused while the method is LDAP.
    await expect(ctx.login('methoduser', m.password)).rejects.toThrow();
    const viaUsers = await ctx.app.inject({ method: 'PUT', url: `/api/users/${m.user.id}`, headers: ctx.admin, payload: { authMethod: 'Mealie' } });
    expect(viaUsers.json().authMethod).toBe('Mealie');
    await expect(ctx.login('methoduser', m.password)).resolves.toHaveProperty('authorization');
    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${m.user.id}`, headers: ctx.admin, payload: { authMethod: 'Kerberos' } });
    expect(bad.statusCode).toBe(422);
  });

  it('changes a password only with the current one', async () => {
    const m = await createMember(ctx, { username: 'pwuser' });
    const wrong = await ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers: m.headers, payload: { currentPassword: 'nope-nope', newPassword: 'brand-new-pass' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail.message).toBe('Existing password does not match');
    const ok = await ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers: m.headers, payload: { currentPassword: m.password, newPassword: 'brand-new-pass' } });
    expect(ok.statusCode).toBe(200);
    await expect(ctx.login('pwuser', 'brand-new-pass')).resolves.toHaveProperty('authorization');
  });

  it('admin password-reset token lets a user choose a new password once', async () => {
    await createMember(ctx, { username: 'forgetful' });
    const token = await ctx.app.inject({ method: 'POST', url: '/api/admin/users/password-reset-token', headers: ctx.admin, payload: { email: 'forgetful@example.com' } });
    expect(token.statusCode).toBe(201);
    const payload = { token: token.json().token, email: 'forgetful@example.com', password: 'reset-password-1', passwordConfirm: 'reset-password-1' };
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/users/reset-password', payload });
    expect(reset.statusCode).toBe(200);
    await expect(ctx.login('forgetful', 'reset-password-1')).resolves.toHaveProperty('authorization');
    const again = await ctx.app.inject({ method: 'POST', url: '/api/users/reset-password', payload });
    expect(again.statusCode).toBe(400);
  });

  it('registers a new group when ALLOW_SIGNUP is on, with every group permission', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { group: 'Smiths', email: 'smith@example.com', username: 'smith', fullName: 'Ann Smith', password: 'smith-password', passwordConfirm: 'smith-password' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ group: 'Smiths', groupSlug: 'smiths', household: 'Family', canManage: true, canInvite: true, admin: false });
    const taken = await ctx.app.inject({ method: 'GET', url: '/api/validators/user/name?name=SMITH' });
    expect(taken.json()).toEqual({ valid: false });
    const free = await ctx.app.inject({ method: 'GET', url: '/api/validators/user/email?email=free@example.com' });
    expect(free.json()).toEqual({ valid: true });
    const group = await ctx.app.inject({ method: 'GET', url: '/api/validators/group?name=smiths' });
    expect(group.json()).toEqual({ valid: false });
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { group: 'Other', email: 'o@example.com', username: 'o', fullName: 'O', password: 'smith-password', passwordConfirm: 'different-pass' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().detail.message).toBe('password must match');
  });

  it('registers into a household with an invitation token, which runs out', async () => {
    const invite = await ctx.app.inject({ method: 'POST', url: '/api/households/invitations', headers: ctx.admin, payload: { uses: 1 } });
    expect(invite.statusCode).toBe(201);
    const token = invite.json().token;
    const body = (n: string) => ({ groupToken: token, email: `${n}@example.com`, username: n, fullName: n, password: 'invited-pass', passwordConfirm: 'invited-pass' });
    const first = await ctx.app.inject({ method: 'POST', url: '/api/users/register', payload: body('invitee') });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ group: 'Home', household: 'Family', canManage: false, canInvite: false });
    const second = await ctx.app.inject({ method: 'POST', url: '/api/users/register', payload: body('invitee2') });
    expect(second.statusCode).toBe(400);
  });

  it('uploads an avatar as webp and serves it publicly; a non-image is refused', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#e58325' } }).png().toBuffer();
    const m = await createMember(ctx);
    const boundary = 'avatar-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: m.headers })).json().cacheKey;
    const up = await ctx.app.inject({ method: 'POST', url: `/api/users/${m.user.id}/image`, headers: { ...m.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(up.statusCode).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: m.headers })).json().cacheKey;
    expect(after).not.toBe(before);
    const img = await ctx.app.inject({ method: 'GET', url: `/api/media/users/${m.user.id}/profile.webp` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const text = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nnot an image at all\r\n--${boundary}--\r\n`)]);
    const bad = await ctx.app.inject({ method: 'POST', url: `/api/users/${m.user.id}/image`, headers: { ...m.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: text });
    expect(bad.statusCode).toBe(400);
    const traversal = await ctx.app.inject({ method: 'GET', url: '/api/media/users/..%2F..%2Fetc/profile.webp' });
    expect(traversal.statusCode).toBe(404);
  });
});
