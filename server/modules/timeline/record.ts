import crypto from 'node:crypto';
import type { TimelineEventImage, TimelineEventType } from '../../../contract/timeline.js';
import { nowIso } from '../../db/schema.js';
import { toStoredTimestamp } from '../../db/timestamps.js';
import type { Deps } from '../../platform/deps.js';

export interface NewTimelineEvent {
  recipeId: string;
  userId: string | null;
  subject: string;
  eventType: TimelineEventType;
  eventMessage?: string | null;
  image?: TimelineEventImage | null;
  /** ISO timestamp; now when absent. */
  timestamp?: string | null;
}

/** An ISO timestamp from a client's date text (naive times are UTC, as in Mealie). */
export function isoTimestamp(value: string | null | undefined): string {
  if (!value) return nowIso();
  return toStoredTimestamp(value) ?? nowIso();
}

/**
 * Adds an event to a recipe's timeline and returns its id. Imports nothing from the recipes module, so the
 * recipes service may call it (e.g. a "Recipe Created" system event); `deps.db` may be a transaction.
 */
export async function recordTimelineEvent(deps: Pick<Deps, 'db'>, event: NewTimelineEvent): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  await deps.db
    .insertInto('recipe_timeline_events')
    .values({
      id,
      recipe_id: event.recipeId,
      user_id: event.userId,
      subject: event.subject,
      message: null,
      event_type: event.eventType,
      event_message: event.eventMessage ?? null,
      image: event.image ?? 'does not have image',
      timestamp: isoTimestamp(event.timestamp),
      created_at: now,
      update_at: now,
    })
    .execute();
  return id;
}
