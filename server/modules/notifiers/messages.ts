import type { NotifierMessage } from './apprise.js';

/** What a notification is made from: a HearthEvent (contract/events.ts) or the like. */
export interface AutomationEvent {
  type: string;
  groupId: string;
  householdId?: string | null;
  userId?: string | null;
  data?: object | null;
}

const TITLES: Record<string, string> = {
  test_message: 'Test Message',
  webhook_task: 'Webhook Task',
  recipe_created: 'Recipe Created',
  recipe_updated: 'Recipe Updated',
  recipe_deleted: 'Recipe Deleted',
  user_signup: 'User Signup',
  data_migrations: 'Data Migration',
  data_export: 'Data Export',
  data_import: 'Data Import',
  mealplan_entry_created: 'Meal Plan Entry Created',
  shopping_list_created: 'Shopping List Created',
  shopping_list_updated: 'Shopping List Updated',
  shopping_list_deleted: 'Shopping List Deleted',
  cookbook_created: 'Cookbook Created',
  cookbook_updated: 'Cookbook Updated',
  cookbook_deleted: 'Cookbook Deleted',
  tag_created: 'Tag Created',
  tag_updated: 'Tag Updated',
  tag_deleted: 'Tag Deleted',
  category_created: 'Category Created',
  category_updated: 'Category Updated',
  category_deleted: 'Category Deleted',
};

export const TEST_MESSAGE: NotifierMessage = { title: 'Test Notification', body: 'This is a test message from Hearth.' };

/** The notification text for an event (English, like Mealie's server-side messages). */
export function eventMessage(event: AutomationEvent, baseUrl: string): NotifierMessage {
  const title = TITLES[event.type] ?? event.type.replace(/_/g, ' ');
  const data = (event.data ?? {}) as Record<string, unknown>;
  const name = [data.name, data.recipeName, data.title, data.username, data.slug].find((v) => typeof v === 'string' && v.length > 0) as string | undefined;
  const verb = /_(created|updated|deleted)$/.exec(event.type)?.[1];
  let body = name ? `'${name}' ${verb ? `has been ${verb}` : ''}`.trim() : title;
  if (typeof data.message === 'string' && data.message) body = data.message;
  if (typeof data.url === 'string') body += `\n${data.url}`;
  else if (typeof data.groupSlug === 'string' && typeof data.slug === 'string' && event.type.startsWith('recipe_') && verb !== 'deleted') {
    body += `\n${baseUrl}/g/${data.groupSlug}/r/${data.slug}`;
  }
  return { title, body };
}
