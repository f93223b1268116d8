import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserFlag } from '../../../contract/accounts.js';
import { bool } from '../../db/schema.js';
import { sql, type Kysely } from 'kysely';
import { compiledOnce, keepPlan } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { forbidden, unauthorized } from '../errors.js';
import { groupVersion } from '../version-gate.js';

/**
 * Who may call a route. Every route declares one in `config.access`; the single onRequest hook below
 * enforces it, so no handler has to remember a permission check that only the browser makes.
 * - public: anyone (a signed-in user is still resolved, for routes that show more to members)
 * - user: any signed-in user (their group/household scope comes from the token's user)
 * - admin: site administrators
 * - a flag: a signed-in user with that permission (admins have every flag)
 * - any of several flags: a signed-in user with at least one of them
 */
export type Access = 'public' | 'user' | 'admin' | { flag: Exclude<UserFlag, 'admin'> } | { anyFlag: Array<Exclude<UserFlag, 'admin'>> };

export interface AuthUser {
  id: string;
  username: string;
  email: string;
  fullName: string | null;
  admin: boolean;
  advanced: boolean;
  canInvite: boolean;
  canManage: boolean;
  canManageHousehold: boolean;
  canOrganize: boolean;
  groupId: string;
  groupSlug: string;
  groupName: string;
  householdId: string;
  householdSlug: string;
  householdName: string;
  authMethod: string;
  cacheKey: string;
  /** Set when the request came with a long-lived API token. */
  integrationId?: string;
  /** The sign-in session of the request's access token (not set for API tokens). */
  sessionId?: string;
  /**
   * The caller's group's version of cached reads (migrations 0019 and 0041, `<group id>:<number>`) as this
   * lookup read it, in the same statement: what the read cache keeps a list under, read before any of the
   * list's queries without a statement of its own.
   */
  listVersion: string;
  /** The search vocabulary's version (migration 0041), read in the same statement: searches depend on it too. */
  vocabularyVersion: string;
  /** The version of the group's users' own ratings and favourites (migration 0045), read in the same statement. */
  ratingsVersion: string;
  /**
   * The version recipe summaries are kept under with each recipe's stamp (migration 0047): every group's
   * `hearth_list_version` plus the group's organizers' own number, as `<group id>~organizers:<number>`.
   */
  summariesVersion: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Also accept the token as `?token=` (EventSource cannot send an Authorization header). */
    queryToken?: boolean;
  }
}

export const ACCESS_COOKIE = 'mealie.access_token';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (match) return match[1].trim();
  }
  const cookie = request.cookies?.[ACCESS_COOKIE];
  if (cookie) return cookie;
  return queryToken(request);
}

/** `?token=` on routes that declare `config.queryToken` (event streams), never elsewhere. */
function queryToken(request: FastifyRequest): string | null {
  if (!request.routeOptions.config?.queryToken) return null;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token ? token : null;
}

function authUserStatement(withSession: boolean) {
  return compiledOnce((db: Kysely<Database>, value: (name: 'userId' | 'sessionId' | 'now') => string) => {
    const query = db
      .selectFrom('users as u')
      .innerJoin('groups as g', 'g.id', 'u.group_id')
      .innerJoin('households as h', 'h.id', 'u.household_id')
      .select([
        'u.id', 'u.username', 'u.email', 'u.full_name', 'u.admin', 'u.advanced', 'u.can_invite', 'u.can_manage',
        'u.can_manage_household', 'u.can_organize', 'u.group_id', 'u.household_id', 'u.auth_method', 'u.cache_key',
        'g.slug as group_slug', 'g.name as group_name', 'h.slug as household_slug', 'h.name as household_name',
        // The group's version of cached reads (read-cache.ts, migration 0041), in the caller's statement.
        sql<string | number>`(select version from hearth_list_version) + coalesce((select version from hearth_group_versions where group_id = u.group_id), 0)`.as('list_version'),
        sql<string | number | null>`(select version from hearth_group_versions where group_id = '~vocabulary')`.as('vocabulary_version'),
        sql<string | number | null>`(select version from hearth_group_versions where group_id = u.group_id || '~ratings')`.as('ratings_version'),
        // What recipe summaries are kept under besides each recipe's stamp (migration 0047).
        sql<string | number>`(select version from hearth_list_version) + coalesce((select version from hearth_group_versions where group_id = u.group_id || '~organizers'), 0)`.as('summaries_version'),
      ])
      .where('u.id', '=', value('userId'));
    if (!withSession) return keepPlan(query);
    // The session is checked in the same query: an ended or expired session resolves to nobody.
    return keepPlan(
      query.where((eb) =>
        eb.exists(
          eb.selectFrom('user_sessions as s').select('s.id').whereRef('s.user_id', '=', 'u.id').where('s.id', '=', value('sessionId')).where('s.expires_at', '>', value('now')),
        ),
      ),
    );
  });
}

// Built once: the caller is resolved on every request.
const AUTH_USER = { withSession: authUserStatement(true), withoutSession: authUserStatement(false) };

export async function loadAuthUser(deps: Deps, userId: string, sessionId?: string): Promise<AuthUser | null> {
  const statement = sessionId === undefined ? AUTH_USER.withoutSession : AUTH_USER.withSession;
  const [row] = (await statement(deps.db, { userId, sessionId: sessionId ?? null, now: new Date().toISOString() })).rows;
  if (!row) return null;
  const admin = bool(row.admin);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    admin,
    advanced: admin || bool(row.advanced),
    canInvite: admin || bool(row.can_invite),
    canManage: admin || bool(row.can_manage),
    canManageHousehold: admin || bool(row.can_manage_household),
    canOrganize: admin || bool(row.can_organize),
    groupId: row.group_id,
    groupSlug: row.group_slug,
    groupName: row.group_name,
    householdId: row.household_id,
    householdSlug: row.household_slug,
    householdName: row.household_name,
    authMethod: row.auth_method,
    cacheKey: row.cache_key,
    sessionId,
    listVersion: groupVersion(row.group_id, row.list_version),
    vocabularyVersion: String(row.vocabulary_version ?? 0),
    ratingsVersion: String(row.ratings_version ?? 0),
    summariesVersion: groupVersion(`${row.group_id}~organizers`, row.summaries_version),
  };
}

/** Resolves the caller from a bearer header or the access cookie; null when absent or invalid. */
export async function resolveUser(deps: Deps, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await deps.tokens.verify(token);
  if (!claims) return null;
  if (claims.long_token) {
    if (typeof claims.id !== 'string') return null;
    const stored = await deps.db
      .selectFrom('long_live_tokens')
      .select('id')
      .where('token', '=', token)
      .where('user_id', '=', claims.id)
      .executeTakeFirst();
    if (!stored) return null;
    const user = await loadAuthUser(deps, claims.id);
    if (user) user.integrationId = typeof claims.integration_id === 'string' ? claims.integration_id : 'generic';
    return user;
  }
  if (typeof claims.sub !== 'string' || claims.file || claims.purpose) return null;
  // Access tokens without a session (issued before sessions existed) are no longer accepted.
  if (typeof claims.sid !== 'string') return null;
  return loadAuthUser(deps, claims.sub, claims.sid);
}

/** One API route as the guard saw it registered: what the permission matrix is built from. */
export interface GuardedRoute {
  method: string;
  url: string;
  access: Access;
}

const guardedRoutes = new WeakMap<FastifyInstance, GuardedRoute[]>();

/** Every `/api/` route registered on an app built with the guard, with its declared access. */
export function apiRoutesOf(app: FastifyInstance): GuardedRoute[] {
  return [...(guardedRoutes.get(app) ?? [])];
}

export function registerGuard(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('user', null);
  const seen: GuardedRoute[] = [];
  guardedRoutes.set(app, seen);
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (route.url.startsWith('/api/') && access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    }
    if (route.url.startsWith('/api/') && access !== undefined) {
      for (const method of [route.method].flat()) if (method !== 'HEAD') seen.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const hasCredentials = Boolean(request.headers.authorization || request.cookies?.[ACCESS_COOKIE] || queryToken(request));
    request.user = hasCredentials ? await resolveUser(deps, request) : null;
    if (!request.routeOptions.url) return; // unknown route: the 404 handler answers
    if (access === undefined) {
      // Non-API routes (the web app, docs) are public; an API route without a declared access is a bug.
      if (request.routeOptions.url.startsWith('/api/')) throw forbidden('auth.route-has-no-access-rule');
      return;
    }
    if (access === 'public') return;
    if (!request.user) throw hasCredentials ? unauthorized('auth.could-not-validate-credentials') : unauthorized('auth.not-authenticated');
    if (access === 'user') return;
    if (access === 'admin') {
      if (!request.user.admin) throw forbidden();
      return;
    }
    if ('anyFlag' in access ? !access.anyFlag.some((flag) => request.user![flag]) : !request.user[access.flag]) throw forbidden();
  });
}

/** The signed-in user of a route whose access is not public. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('auth.not-authenticated');
  return request.user;
}
