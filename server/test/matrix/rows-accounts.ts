import * as make from '../factories.js';
import { admin, all, flag, pub, selfOrAdmin, user } from './kinds.js';
import { r, type Row } from './row.js';

/** Accounts, app, admin, backups, maintenance, jobs, streams. */
export const accountRows: Row[] = [
  r('GET', '/api/app/health', pub()),
  r('GET', '/api/app/health/ready', pub()),
  r('GET', '/api/app/about', pub()),
  // Prometheus metrics: an admin, or METRICS_TOKEN (not set in the matrix).
  r('GET', '/api/app/metrics', admin()),
  r('GET', '/api/app/about/theme', pub()),
  r('GET', '/api/app/about/startup-info', pub()),
  r('GET', '/api/admin/about', admin()),
  r('GET', '/api/admin/about/statistics', admin()),
  r('GET', '/api/admin/about/check', admin()),

  // No OpenID provider is configured in the matrix: both answer the same to everyone.
  r('GET', '/api/auth/oauth', all(404)),
  r('GET', '/api/auth/oauth/callback', all(404)),
  r('POST', '/api/auth/token', all(401), { body: { username: 'nobody-here', password: 'wrong-password' }, note: 'unknown user' }),
  // A refresh renews a sign-in session; an API token has none.
  r('GET', '/api/auth/refresh', user('own', { apiToken: 400 })),
  r('POST', '/api/auth/logout', pub(), { endsSessions: true }),
  r('POST', '/api/auth/logout-everywhere', user(), { endsSessions: true }),

  r('GET', '/api/users/self', user()),
  r('PUT', '/api/users/password', user('own', { allowed: 400 }), { body: { currentPassword: 'not-the-password', newPassword: 'An0ther-Secret-pw' } }),
  r('PUT', '/api/users/:item_id', selfOrAdmin(), {
    params: (f) => ({ item_id: f.member.id }),
    body: (f) => ({ id: f.member.id, username: f.member.username, email: `${f.member.username}@example.com`, fullName: 'Matrix Member' }),
  }),
  r('GET', '/api/users', admin()),
  r('POST', '/api/users', admin({ allowed: 201 }), { body: { username: 'matrix-created', email: 'matrix-created@example.com', fullName: 'Created', password: 'Sup3r-Secret-pw' } }),
  r('GET', '/api/users/:item_id', admin(), { params: (f) => ({ item_id: f.member.id }) }),
  r('DELETE', '/api/users/:item_id', admin(), { fresh: async (f) => ({ item_id: (await make.makeUser(f.deps, f.A)).id }) }),
  // Sign-up without an invitation is closed by default (ALLOW_SIGNUP=false).
  r('POST', '/api/users/register', all(403), { body: { username: 'matrix-signup', email: 'signup@example.com', fullName: 'Sign Up', password: 'Sup3r-Secret-pw', passwordConfirm: 'Sup3r-Secret-pw', group: 'x', household: 'y' } }),
  r('POST', '/api/users/forgot-password', pub(), { body: { email: 'nobody@example.com' } }),
  r('POST', '/api/users/reset-password', all(400), { body: { token: 'not-a-token', email: 'nobody@example.com', password: 'Sup3r-Secret-pw', passwordConfirm: 'Sup3r-Secret-pw' } }),
  r('POST', '/api/users/api-tokens', user('own', { allowed: 201 }), { body: (_f, _p, who) => ({ name: `token of ${who}` }) }),
  // Only the owner of a token deletes it: the member (also through their own API token).
  r('DELETE', '/api/users/api-tokens/:token_id', selfOrAdmin({ admin: 403 }), { fresh: async (f) => ({ token_id: String((await make.makeApiToken(f.deps, f.member.auth)).id) }) }),
  r('POST', '/api/users/:item_id/image', selfOrAdmin({ member: 400, apiToken: 400, admin: 400 }), { params: (f) => ({ item_id: f.member.id }), note: 'no file sent' }),

  r('GET', '/api/households/self', user()),
  // The caller's own household's record of a group recipe (last made).
  r('GET', '/api/households/self/recipes/:recipe_slug', user('group'), { params: (f) => ({ recipe_slug: f.recipe.slug }) }),
  r('GET', '/api/households/members', user()),
  r('GET', '/api/households/preferences', user()),
  r('PUT', '/api/households/preferences', flag('canManageHousehold'), { body: { privateHousehold: true, lockRecipeEditsFromOtherHouseholds: true, firstDayOfWeek: 1 } }),
  // The target user is in household A: another household's manager may not change them.
  r('PUT', '/api/households/permissions', flag('canManage', 'household'), { body: (f) => ({ userId: f.member.id, canOrganize: false }) }),
  r('GET', '/api/households/statistics', user()),
  r('GET', '/api/households/invitations', flag('canInvite')),
  r('POST', '/api/households/invitations', flag('canInvite', 'own', { allowed: 201 }), { body: { uses: 1 } }),
  // Household A's invitation is no invitation for another household's inviter.
  r('POST', '/api/households/invitations/email', flag('canInvite', 'own', { otherHousehold: 400, otherGroup: 400 }), { body: (f) => ({ email: 'invitee@example.com', token: f.invitation.token }) }),

  r('GET', '/api/groups/households', user()),
  r('GET', '/api/groups/households/:household_slug', user('group'), { params: (f) => ({ household_slug: f.slugs.household }) }),
  r('GET', '/api/groups/self', user()),
  r('GET', '/api/groups/preferences', user()),
  r('PUT', '/api/groups/preferences', flag('canManage'), { body: { privateGroup: true } }),
  r('GET', '/api/groups/members', user()),
  r('GET', '/api/groups/members/:username_or_id', user('group'), { params: (f) => ({ username_or_id: f.member.id }) }),

  r('GET', '/api/admin/users', admin()),
  r('POST', '/api/admin/users', admin({ allowed: 201 }), { body: { username: 'matrix-admin-made', email: 'admin-made@example.com', fullName: 'Made', password: 'Sup3r-Secret-pw' } }),
  r('POST', '/api/admin/users/unlock', admin(), { query: 'force=false' }),
  r('POST', '/api/admin/users/password-reset-token', admin({ allowed: 201 }), { body: (f) => ({ email: `${f.member.username}@example.com` }) }),
  r('GET', '/api/admin/users/:item_id', admin(), { params: (f) => ({ item_id: f.member.id }) }),
  r('PUT', '/api/admin/users/:item_id', admin(), {
    fresh: async (f) => ({ item_id: (await make.makeUser(f.deps, f.A)).id }),
    body: (_f, p) => ({ id: p.item_id, username: `renamed-${p.item_id.slice(0, 8)}`, email: `renamed-${p.item_id.slice(0, 8)}@example.com`, fullName: 'Renamed' }),
  }),
  r('DELETE', '/api/admin/users/:item_id', admin(), { fresh: async (f) => ({ item_id: (await make.makeUser(f.deps, f.A)).id }) }),
  r('GET', '/api/admin/households', admin()),
  r('POST', '/api/admin/households', admin({ allowed: 201 }), { body: (f) => ({ name: 'Matrix Made Household', groupId: f.A.groupId }) }),
  r('GET', '/api/admin/households/:item_id', admin(), { params: (f) => ({ item_id: f.A.householdId }) }),
  r('PUT', '/api/admin/households/:item_id', admin(), {
    fresh: async (f) => ({ item_id: (await make.makeHousehold(f.deps, f.A.groupId)).householdId }),
    body: (f, p) => ({ id: p.item_id, groupId: f.A.groupId, name: `Renamed ${p.item_id.slice(0, 8)}` }),
  }),
  r('DELETE', '/api/admin/households/:item_id', admin(), { fresh: async (f) => ({ item_id: (await make.makeHousehold(f.deps, f.A.groupId)).householdId }) }),
  r('GET', '/api/admin/groups', admin()),
  r('POST', '/api/admin/groups', admin({ allowed: 201 }), { body: { name: 'Matrix Made Group' } }),
  r('GET', '/api/admin/groups/:item_id', admin(), { params: (f) => ({ item_id: f.A.groupId }) }),
  r('PUT', '/api/admin/groups/:item_id', admin(), {
    fresh: async (f) => ({ item_id: (await make.makeGroup(f.deps)).groupId }),
    body: (_f, p) => ({ id: p.item_id, name: `Renamed ${p.item_id.slice(0, 8)}` }),
  }),
  r('DELETE', '/api/admin/groups/:item_id', admin(), { fresh: async (f) => ({ item_id: (await make.makeGroup(f.deps)).groupId }) }),

  r('GET', '/api/validators/user/name', pub(), { query: 'name=zzz' }),
  r('GET', '/api/validators/user/email', pub(), { query: 'email=zzz@example.com' }),
  r('GET', '/api/validators/group', pub(), { query: 'name=zzz' }),
  r('GET', '/api/validators/household', pub(), { query: (f) => `name=zzz&group_id=${f.A.groupId}` }),
  r('GET', '/api/validators/recipe', pub(), { query: (f) => `name=zzz&group_id=${f.A.groupId}` }),
  // Avatars are public, as in Mealie (a default one is drawn for a user without a picture).
  r('GET', '/api/media/users/:user_id/:file_name', pub(), { params: (f) => ({ user_id: f.member.id, file_name: 'profile.webp' }) }),
  r('GET', '/api/media/docker/validate.txt', all(404), { note: 'written only by the Docker image' }),

  // Backups: a file that does not exist, so the admin's call is answered without touching the data.
  r('GET', '/api/admin/backups/schedule', admin()),
  r('PUT', '/api/admin/backups/schedule', admin(), { body: { enabled: false, time: '03:00', keep: 7 } }),
  r('POST', '/api/admin/backups/schedule/run', admin()),
  r('GET', '/api/admin/backups', admin()),
  r('POST', '/api/admin/backups', admin({ allowed: 201 })),
  r('POST', '/api/admin/backups/upload', admin({ allowed: 400 }), { note: 'no file sent' }),
  r('GET', '/api/admin/backups/:file_name', admin({ allowed: 404 }), { params: () => ({ file_name: 'no-such-backup.zip' }) }),
  r('DELETE', '/api/admin/backups/:file_name', admin({ allowed: 404 }), { params: () => ({ file_name: 'no-such-backup.zip' }) }),
  r('POST', '/api/admin/backups/:file_name/restore', admin({ allowed: 404 }), { params: () => ({ file_name: 'no-such-backup.zip' }) }),
  r('POST', '/api/groups/migrations', user('own', { allowed: 400 }), { note: 'no file sent' }),
  r('GET', '/api/admin/maintenance', admin()),
  r('GET', '/api/admin/maintenance/storage', admin()),
  r('GET', '/api/admin/maintenance/logs', admin()),
  r('POST', '/api/admin/maintenance/clean/images', admin()),
  r('POST', '/api/admin/maintenance/clean/temp', admin()),
  r('POST', '/api/admin/maintenance/clean/recipe-folders', admin()),
  r('POST', '/api/admin/maintenance/clean/logs', admin()),
  r('GET', '/api/admin/maintenance/retention', admin()),
  r('POST', '/api/admin/maintenance/clean/retention', admin()),
  r('GET', '/api/admin/email', admin()),
  r('POST', '/api/admin/email', admin(), { body: { email: 'check@example.com' } }),
  r('POST', '/api/admin/debug/openai', admin(), { note: 'reports that no OpenAI key is configured' }),

  r('GET', '/api/ocr/languages', user()),
  r('POST', '/api/ocr', user('own', { allowed: 400 }), { note: 'no file sent' }),
  r('POST', '/api/ocr/ai', user('own', { allowed: 400 }), { note: 'no file sent' }),
  r('POST', '/api/ocr/recipes', user('own', { allowed: 400 }), { note: 'no file sent' }),
  r('GET', '/api/households/events/stream', user(), { stream: true }),
  // A job is shown to the user who started it (the member, also through their API token) and nobody else.
  r('GET', '/api/jobs/:id', { ...selfOrAdmin({ admin: 404 }), canInvite: 404, canManage: 404, canManageHousehold: 404, canOrganize: 404, advanced: 404, otherHousehold: 404, otherGroup: 404 }, { params: (f) => ({ id: f.job.id }) }),
];
