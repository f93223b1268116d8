import { z } from 'zod';

/**
 * The event catalogue: every event a write can announce. The first 22 are the switches of Mealie's
 * GroupEventNotifierOptions (snake_case, as Mealie names its event types); the rest are finer events the
 * live views need (a shopping list item ticked on one phone shows on the other).
 *
 * A write records its event in its own transaction (server/platform/events: emitEvent); subscribers and
 * the household stream (GET /api/households/events/stream) receive it after commit, in order.
 */
export const NOTIFIER_EVENT_TYPES = [
  'test_message',
  'webhook_task',
  'recipe_created',
  'recipe_updated',
  'recipe_deleted',
  'user_signup',
  'data_migrations',
  'data_export',
  'data_import',
  'mealplan_entry_created',
  'shopping_list_created',
  'shopping_list_updated',
  'shopping_list_deleted',
  'cookbook_created',
  'cookbook_updated',
  'cookbook_deleted',
  'tag_created',
  'tag_updated',
  'tag_deleted',
  'category_created',
  'category_updated',
  'category_deleted',
] as const;

export const LIVE_EVENT_TYPES = [
  'mealplan_entry_updated',
  'mealplan_entry_deleted',
  'shopping_list_item_created',
  'shopping_list_item_updated',
  'shopping_list_item_deleted',
  'label_created',
  'label_updated',
  'label_deleted',
  'tool_created',
  'tool_updated',
  'tool_deleted',
] as const;

export const EVENT_TYPES = [...NOTIFIER_EVENT_TYPES, ...LIVE_EVENT_TYPES] as const;
export type NotifierEventType = (typeof NOTIFIER_EVENT_TYPES)[number];
export type EventType = (typeof EVENT_TYPES)[number];
export const eventType = z.enum(EVENT_TYPES);

/** Mealie's notifier option key (camelCase) for an event type: recipe_created → recipeCreated. */
export function notifierOptionKey(type: NotifierEventType): string {
  return type.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** The object an event is about: its id and, where it has them, slug and name (what a notifier shows). */
export interface ObjectRef {
  id: string;
  slug?: string;
  name?: string;
}

/** A change to a recipe, meal plan entry, list, cookbook or organizer. */
type Ref = ObjectRef & Record<string, unknown>;

/** Typed payload (the `data` of an event) per event type. */
export interface EventPayloads {
  /** notifierId: the notifier POST …/{id}/test sent it to directly (the notifier subscriber skips that one). */
  test_message: { message: string; notifierId?: string };
  webhook_task: { webhookId: string; name?: string; url?: string; scheduledTime?: string; message?: string };
  recipe_created: Ref;
  recipe_updated: Ref;
  recipe_deleted: Ref;
  user_signup: ObjectRef & { username: string; email?: string };
  data_migrations: { reportId?: string; migrationType?: string; status?: string; message?: string };
  data_export: { exportId?: string; name?: string; status?: string; message?: string };
  data_import: { reportId?: string; status?: string; message?: string; jobId?: string };
  mealplan_entry_created: Ref & { date?: string; entryType?: string; recipeId?: string | null };
  mealplan_entry_updated: Ref & { date?: string; entryType?: string; recipeId?: string | null };
  mealplan_entry_deleted: Ref & { date?: string };
  shopping_list_created: Ref;
  shopping_list_updated: Ref;
  shopping_list_deleted: Ref;
  shopping_list_item_created: Ref & { shoppingListId: string };
  shopping_list_item_updated: Ref & { shoppingListId: string };
  shopping_list_item_deleted: Ref & { shoppingListId: string };
  cookbook_created: Ref;
  cookbook_updated: Ref;
  cookbook_deleted: Ref;
  tag_created: Ref;
  tag_updated: Ref;
  tag_deleted: Ref;
  category_created: Ref;
  category_updated: Ref;
  category_deleted: Ref;
  label_created: Ref;
  label_updated: Ref;
  label_deleted: Ref;
  tool_created: Ref;
  tool_updated: Ref;
  tool_deleted: Ref;
}

/** An event as recorded and delivered. `householdId` null: a group-wide event (tags, categories, labels…). */
export interface HearthEvent<T extends EventType = EventType> {
  /** Increasing across the whole site: the SSE event id and each subscriber's cursor. */
  id: number;
  type: T;
  groupId: string;
  householdId: string | null;
  userId: string | null;
  data: EventPayloads[T];
  createdAt: string;
}

/** What a write passes to emitEvent. */
export interface EventInput<T extends EventType = EventType> {
  type: T;
  groupId: string;
  householdId?: string | null;
  userId?: string | null;
  data: EventPayloads[T];
}

/** The JSON in each `data:` line of the household stream (GET /api/households/events/stream). */
export const liveEvent = z.object({
  id: z.number(),
  type: eventType,
  groupId: z.string(),
  householdId: z.string().nullable(),
  userId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type LiveEvent = z.infer<typeof liveEvent>;
