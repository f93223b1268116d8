import { sql } from 'kysely';
import type { Paginated, PaginationQuery } from '../../../contract/common.js';
import {
  timelineEventImage, timelineEventType, type TimelineEventIn, type TimelineEventOut, type TimelineEventUpdate,
} from '../../../contract/timeline.js';
import { nowIso } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { isUuid, storageKeys } from '../../platform/storage/index.js';
import { writeImageSet } from '../recipe-media/images.js';
import { findRecipeRow } from '../recipes/service.js';
import { filterRegistry, listFilter, listOrder } from './list-query.js';
import { isoTimestamp, recordTimelineEvent } from './record.js';
import { API } from '../../../contract/routes.js';
import { doOnce } from '../../platform/idempotency.js';

type Actor = Pick<AuthUser, 'id' | 'groupId' | 'admin'>;

const FILTER_ATTRIBUTES = filterRegistry({
  id: ['e.id', 'uuid'],
  recipe_id: ['e.recipe_id', 'uuid'],
  'recipe.id': ['e.recipe_id', 'uuid'],
  user_id: ['e.user_id', 'uuid'],
  group_id: ['r.group_id', 'uuid'],
  'recipe.group_id': ['r.group_id', 'uuid'],
  household_id: ['r.household_id', 'uuid'],
  'recipe.household_id': ['r.household_id', 'uuid'],
  event_type: ['e.event_type', 'text'],
  subject: ['e.subject', 'text'],
  timestamp: ['e.timestamp', 'datetime'],
  created_at: ['e.created_at', 'datetime'],
});

const ORDER_COLUMNS: Record<string, string> = {
  timestamp: 'e.timestamp',
  created_at: 'e.created_at',
  update_at: 'e.update_at',
  updated_at: 'e.update_at',
  subject: 'e.subject',
  event_type: 'e.event_type',
};

function baseQuery(deps: Deps, groupId: string) {
  return deps.db
    .selectFrom('recipe_timeline_events as e')
    .innerJoin('recipes as r', 'r.id', 'e.recipe_id')
    .where('r.group_id', '=', groupId);
}

function selectEvent(deps: Deps, groupId: string) {
  return baseQuery(deps, groupId).select([
    'e.id', 'e.recipe_id', 'e.user_id', 'e.subject', 'e.event_type', 'e.event_message', 'e.image', 'e.timestamp',
    'e.created_at', 'e.update_at', 'r.group_id', 'r.household_id',
  ]);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvent>['executeTakeFirstOrThrow']>>;

function toEventOut(row: EventRow): TimelineEventOut {
  const eventType = timelineEventType.safeParse(row.event_type);
  const image = timelineEventImage.safeParse(row.image);
  return {
    id: row.id,
    recipeId: row.recipe_id,
    userId: row.user_id,
    groupId: row.group_id,
    householdId: row.household_id,
    subject: row.subject,
    eventType: eventType.success ? eventType.data : 'info',
    eventMessage: row.event_message,
    image: image.success ? image.data : 'does not have image',
    timestamp: row.timestamp,
    createdAt: row.created_at,
    updatedAt: row.update_at,
  };
}

export async function listTimelineEvents(
  deps: Deps,
  user: Actor,
  query: PaginationQuery,
  rawQuery: Record<string, unknown>,
): Promise<Paginated<TimelineEventOut>> {
  const filter = listFilter(query.queryFilter, FILTER_ATTRIBUTES);
  const order = listOrder(query.orderBy, query.orderDirection, ORDER_COLUMNS, 'created_at');
  const filtered = () => (filter ? baseQuery(deps, user.groupId).where(filter) : baseQuery(deps, user.groupId));
  const { total } = await filtered()
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const count = Number(total);
  const window = pageWindow(query, count);
  let rows = filter ? selectEvent(deps, user.groupId).where(filter) : selectEvent(deps, user.groupId);
  for (const { column, direction } of order) rows = rows.orderBy(sql.ref(column), direction);
  rows = rows.orderBy('e.id', 'asc');
  if (window.limit !== null) rows = rows.limit(window.limit).offset(window.offset);
  const items = (await rows.execute()).map(toEventOut);
  return envelope(API.recipesTimelineEvents, rawQuery, window, count, items);
}

async function findEvent(deps: Deps, user: Actor, eventId: string): Promise<EventRow> {
  if (!isUuid(eventId)) throw notFound();
  const row = await selectEvent(deps, user.groupId).where('e.id', '=', eventId.toLowerCase()).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Only the event's author or an admin may change or delete it (Mealie lets any group member). */
function assertCanChange(user: Actor, row: EventRow): void {
  if (!user.admin && row.user_id !== user.id) throw forbidden('timeline.only-the-author-of-this-event-or');
}

export async function getTimelineEvent(deps: Deps, user: Actor, eventId: string): Promise<TimelineEventOut> {
  return toEventOut(await findEvent(deps, user, eventId));
}

/**
 * Adds an event. With an Idempotency-Key (an "I made this" queued offline and sent again after a lost answer)
 * the event is added once per user and key; a repeat answers the event the first one added.
 */
export async function createTimelineEvent(deps: Deps, user: Actor, input: TimelineEventIn, idempotencyKey: string | null = null): Promise<TimelineEventOut> {
  const recipe = await findRecipeRow(deps.db, user.groupId, input.recipeId);
  const { result: id } = await doOnce(deps.db, { userId: user.id, scope: 'timeline-event', key: idempotencyKey }, (trx) =>
    recordTimelineEvent({ db: trx }, {
      recipeId: recipe.id,
      userId: user.id,
      subject: input.subject,
      eventType: input.eventType,
      eventMessage: input.eventMessage,
      image: input.image,
      timestamp: input.timestamp ? isoTimestamp(input.timestamp) : null,
    }),
  );
  return getTimelineEvent(deps, user, id);
}

export async function updateTimelineEvent(deps: Deps, user: Actor, eventId: string, input: TimelineEventUpdate): Promise<TimelineEventOut> {
  const row = await findEvent(deps, user, eventId);
  assertCanChange(user, row);
  await deps.db
    .updateTable('recipe_timeline_events')
    .set({
      subject: input.subject,
      ...(input.eventMessage !== undefined ? { event_message: input.eventMessage } : {}),
      ...(input.image ? { image: input.image } : {}),
      update_at: nowIso(),
    })
    .where('id', '=', row.id)
    .execute();
  return getTimelineEvent(deps, user, row.id);
}

export async function deleteTimelineEvent(deps: Deps, user: Actor, eventId: string): Promise<TimelineEventOut> {
  const row = await findEvent(deps, user, eventId);
  assertCanChange(user, row);
  await deps.db.deleteFrom('recipe_timeline_events').where('id', '=', row.id).execute();
  await deps.storage.deletePrefix(storageKeys.timelineImages(row.recipe_id, row.id));
  return toEventOut(row);
}

/** PUT {id}/image: the three webp renditions under images/timeline/{eventId}/; the event then "has image". */
export async function setTimelineEventImage(deps: Deps, user: Actor, eventId: string, data: Buffer): Promise<'has image'> {
  const row = await findEvent(deps, user, eventId);
  assertCanChange(user, row);
  await writeImageSet(deps, storageKeys.timelineImages(row.recipe_id, row.id), data);
  await deps.db.updateTable('recipe_timeline_events').set({ image: 'has image', update_at: nowIso() }).where('id', '=', row.id).execute();
  return 'has image';
}
