import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from './harness.js';

/**
 * Every route × every kind of caller → the status we promise. Unlike Mealie, every flag is enforced by the
 * server. Rows name the role-specific expectation; a number applies to every role not listed.
 */
type Role = 'visitor' | 'member' | 'otherHousehold' | 'otherGroup' | 'admin';
type Row = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string | ((ids: Ids) => string); body?: unknown; expect: Partial<Record<Role, number>> & { default: number } };
type Ids = { memberId: string; adminId: string };

const SIGNED_IN_OK = { visitor: 401, default: 200 };
const ADMIN_ONLY = { visitor: 401, member: 403, otherHousehold: 403, otherGroup: 403, default: 200 };

const rows: Row[] = [
  { method: 'GET', url: '/api/app/about', expect: { default: 200 } },
  { method: 'GET', url: '/api/app/about/theme', expect: { default: 200 } },
  { method: 'GET', url: '/api/app/about/startup-info', expect: { default: 200 } },
  { method: 'GET', url: '/api/validators/user/name?name=zzz', expect: { default: 200 } },
  { method: 'GET', url: '/api/users/self', expect: SIGNED_IN_OK },
  { method: 'GET', url: '/api/auth/refresh', expect: SIGNED_IN_OK },
  { method: 'GET', url: '/api/households/self', expect: SIGNED_IN_OK },
  { method: 'GET', url: '/api/households/members', expect: SIGNED_IN_OK },
  { method: 'GET', url: '/api/households/preferences', expect: SIGNED_IN_OK },
  { method: 'GET', url: '/api/households/statistics', expect: SIGNED_IN_OK },
  // Live invitation tokens are credentials: listing them needs canInvite, like creating them (issue 9, item 5).
  { method: 'GET', url: '/api/households/invitations', expect: { visitor: 401, member: 403, otherHousehold: 403, otherGroup: 403, default: 200 } },
  { method: 'GET', url: '/api/groups/self', expect: SIGNED_IN_OK },
  { method: 'GET', url: '/api/groups/preferences', expect: SIGNED_IN_OK },
  { method: 'GET', url: '/api/groups/members', expect: SIGNED_IN_OK },
  { method: 'GET', url: '/api/groups/households', expect: SIGNED_IN_OK },
  // Flags: a plain member has none of them; admins have all.
  { method: 'PUT', url: '/api/households/preferences', body: { firstDayOfWeek: 1 }, expect: { visitor: 401, member: 403, otherHousehold: 403, otherGroup: 403, default: 200 } },
  { method: 'POST', url: '/api/households/invitations', body: { uses: 1 }, expect: { visitor: 401, member: 403, otherHousehold: 403, otherGroup: 403, default: 201 } },
  { method: 'PUT', url: '/api/groups/preferences', body: { privateGroup: true }, expect: { visitor: 401, member: 403, otherHousehold: 403, otherGroup: 403, default: 200 } },
  // canManage, and the target must be in the caller's own household: the admin is in the member's household.
  { method: 'PUT', url: '/api/households/permissions', body: (ids: Ids) => ({ userId: ids.memberId, canOrganize: true }), expect: { visitor: 401, member: 403, otherHousehold: 403, otherGroup: 403, default: 200 } },
  // Self-or-admin.
  { method: 'PUT', url: (ids) => `/api/users/${ids.memberId}`, body: { fullName: 'Member Renamed' }, expect: { visitor: 401, otherHousehold: 403, otherGroup: 403, default: 200 } },
  // Admin-only areas.
  { method: 'GET', url: '/api/admin/about', expect: ADMIN_ONLY },
  { method: 'GET', url: '/api/admin/about/statistics', expect: ADMIN_ONLY },
  { method: 'GET', url: '/api/admin/about/check', expect: ADMIN_ONLY },
  { method: 'GET', url: '/api/admin/users', expect: ADMIN_ONLY },
  { method: 'GET', url: (ids) => `/api/admin/users/${ids.memberId}`, expect: ADMIN_ONLY },
  { method: 'GET', url: '/api/admin/households', expect: ADMIN_ONLY },
  { method: 'GET', url: '/api/admin/groups', expect: ADMIN_ONLY },
  { method: 'POST', url: '/api/admin/users/unlock?force=false', expect: ADMIN_ONLY },
  { method: 'GET', url: '/api/users', expect: ADMIN_ONLY },
  { method: 'GET', url: (ids) => `/api/users/${ids.adminId}`, expect: ADMIN_ONLY },
];

let ctx: TestContext;
let headers: Record<Role, Record<string, string>>;
let ids: Ids;

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx, { username: 'matrix-member' });
  const otherHousehold = await createMember(ctx, { username: 'matrix-other-household', household: 'Neighbours' });
  const otherGroup = await createMember(ctx, { username: 'matrix-other-group', group: 'Elsewhere' });
  const self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
  ids = { memberId: member.user.id, adminId: self.id };
  headers = { visitor: {}, member: member.headers, otherHousehold: otherHousehold.headers, otherGroup: otherGroup.headers, admin: ctx.admin };
});
afterAll(async () => ctx?.close());

describe('permission matrix', () => {
  const roles: Role[] = ['visitor', 'member', 'otherHousehold', 'otherGroup', 'admin'];
  for (const row of rows) {
    const label = typeof row.url === 'string' ? row.url : row.url({ memberId: '{member}', adminId: '{admin}' });
    it(`${row.method} ${label}`, async () => {
      const seen: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      for (const role of roles) {
        const url = typeof row.url === 'string' ? row.url : row.url(ids);
        const body = typeof row.body === 'function' ? (row.body as (i: Ids) => unknown)(ids) : row.body;
        const res = await ctx.app.inject({ method: row.method, url, headers: headers[role], payload: body as object | undefined });
        seen[role] = res.statusCode;
        wanted[role] = row.expect[role] ?? row.expect.default;
      }
      expect(seen).toEqual(wanted);
    });
  }

  it('refuses to build an app with an API route that does not declare who may call it', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerGuard } = await import('../platform/auth/guard.js');
    const bare = Fastify();
    registerGuard(bare, ctx.deps);
    expect(() => bare.get('/api/forgotten', async () => 'oops')).toThrow(/declares no access/);
    await bare.close();
  });
});
