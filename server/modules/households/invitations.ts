import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import { randomToken } from '../../platform/auth/tokens.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import type { Schedule } from '../../platform/jobs/schedules.js';
import { DEFAULT_LOCALE, translate } from '../../platform/i18n/index.js';

/*
 * Invitations (Mealie's invite tokens): a token with a number of uses that lets someone register into the
 * inviter's group and household. Unlike Mealie's, a token also expires INVITE_TOKEN_DAYS after it was made
 * (registration refuses it, the list hides it, and a daily schedule deletes it with the used-up ones).
 */

type Executor = Kysely<Database> | Transaction<Database>;

export const INVITE_TOKEN_DAYS = 30;
const INVITE_TOKEN_MS = INVITE_TOKEN_DAYS * 24 * 3600_000;

/** The creation time before which a token has expired. */
function expiryCutoff(now = Date.now()): string {
  return new Date(now - INVITE_TOKEN_MS).toISOString();
}

export function inviteExpired(createdAt: string, now = Date.now()): boolean {
  return Date.parse(createdAt) + INVITE_TOKEN_MS < now;
}

export interface InviteTokenOut {
  token: string;
  usesLeft: number;
  groupId: string;
  householdId: string;
}

/** The household's live tokens, oldest first. */
export async function listInvitations(db: Executor, householdId: string): Promise<InviteTokenOut[]> {
  const rows = await db
    .selectFrom('invite_tokens')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('uses_left', '>', 0)
    .where('created_at', '>=', expiryCutoff())
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ token: r.token, usesLeft: r.uses_left, groupId: r.group_id, householdId: r.household_id }));
}

export async function createInvitation(db: Executor, actor: AuthUser, uses: number): Promise<InviteTokenOut> {
  const token = randomToken(24);
  await db
    .insertInto('invite_tokens')
    .values({ token, uses_left: uses, group_id: actor.groupId, household_id: actor.householdId, created_at: nowIso() })
    .execute();
  return { token, usesLeft: uses, groupId: actor.groupId, householdId: actor.householdId };
}

/** Emails a registration link for one of the household's live tokens; a mail server failure is reported, not thrown. */
export async function emailInvitation(deps: Deps, actor: AuthUser, email: string, token: string, locale = DEFAULT_LOCALE): Promise<{ success: boolean; error: string | null }> {
  const invite = await deps.db
    .selectFrom('invite_tokens')
    .select(['id', 'created_at', 'uses_left'])
    .where('token', '=', token)
    .where('household_id', '=', actor.householdId)
    .executeTakeFirst();
  if (!invite || invite.uses_left < 1 || inviteExpired(invite.created_at)) throw badRequest('households.invalid-invitation-token');
  const link = `${deps.config.baseUrl}/register?token=${encodeURIComponent(token)}`;
  const inviter = actor.fullName || actor.username;
  try {
    await deps.mailer.send({
      to: email,
      subject: translate(locale, 'invite-subject', { inviter, household: actor.householdName }),
      text: `${translate(locale, 'invite-body', { inviter, household: actor.householdName, link, days: INVITE_TOKEN_DAYS })}\n`,
    });
    return { success: true, error: null };
  } catch (err) {
    return { success: false, error: err instanceof Error ? err.message : 'Email could not be sent' };
  }
}

/**
 * Uses one registration of a token inside the registration's transaction: deletes it at its last use.
 * An unknown, used-up or expired token is a 400.
 */
export async function consumeInvitation(trx: Executor, token: string): Promise<{ groupId: string; householdId: string }> {
  const invite = await trx.selectFrom('invite_tokens').selectAll().where('token', '=', token).executeTakeFirst();
  if (!invite || invite.uses_left < 1 || inviteExpired(invite.created_at)) throw badRequest('households.invalid-invitation-token');
  if (invite.uses_left <= 1) await trx.deleteFrom('invite_tokens').where('id', '=', invite.id).execute();
  else await trx.updateTable('invite_tokens').set({ uses_left: invite.uses_left - 1 }).where('id', '=', invite.id).execute();
  return { groupId: invite.group_id, householdId: invite.household_id };
}

/** Deletes expired and used-up tokens (the daily schedule); returns how many went. */
export async function purgeExpiredInvitations(db: Executor, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('invite_tokens')
    .where((eb) => eb.or([eb('created_at', '<', expiryCutoff(now)), eb('uses_left', '<', 1)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Once a day: expired and used-up invitation tokens are deleted (once across processes). */
export const purgeInvitationsSchedule: Schedule = {
  name: 'households-purge-expired-invitations',
  everyMs: 24 * 60 * 60_000,
  run: async (deps) => {
    await purgeExpiredInvitations(deps.db);
  },
};
