import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { Deps } from '../deps.js';

/**
 * Sign-in sessions. An access token is valid only while its session row exists (checked in the same query
 * that loads the caller, so no request makes an extra query). Logout ends one session; a password change
 * ends the user's other sessions; a password reset and "sign out everywhere" end all of them.
 */
export async function startSession(deps: Deps, userId: string, hours: number): Promise<{ token: string; sessionId: string }> {
  const sessionId = crypto.randomUUID();
  const now = Date.now();
  // Expired sessions of this user are cleared as a new one starts, so the table stays small.
  await deps.db.deleteFrom('user_sessions').where('user_id', '=', userId).where('expires_at', '<', new Date(now).toISOString()).execute();
  await deps.db
    .insertInto('user_sessions')
    .values({ id: sessionId, user_id: userId, created_at: nowIso(), expires_at: new Date(now + hours * 3600_000).toISOString() })
    .execute();
  const token = await deps.tokens.accessToken(userId, hours, true, sessionId);
  return { token, sessionId };
}

/** A fresh token for the same session (GET /api/auth/refresh); the session lives as long as the newest token. */
export async function refreshSession(deps: Deps, userId: string, sessionId: string, hours: number): Promise<string> {
  const expires = new Date(Date.now() + hours * 3600_000).toISOString();
  await deps.db.updateTable('user_sessions').set({ expires_at: expires }).where('id', '=', sessionId).where('expires_at', '<', expires).execute();
  return deps.tokens.accessToken(userId, hours, false, sessionId);
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('user_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user, except `keep` (the caller's own, after they changed their password). */
export async function endUserSessions(db: Kysely<Database>, userId: string, keep?: string): Promise<void> {
  let query = db.deleteFrom('user_sessions').where('user_id', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}
