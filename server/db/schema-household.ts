import type { Generated } from 'kysely';
import type { Bool, Timestamps } from './columns.js';

/** The household's meal plans and their rules, cookbooks, and its automation: recipe actions, webhooks, notifiers. */
export interface GroupMealPlansTable extends Timestamps {
  id: Generated<number>;
  /** yyyy-MM-dd */
  date: string;
  entry_type: string;
  title: string;
  text: string;
  group_id: string;
  household_id: string;
  user_id: string | null;
  recipe_id: string | null;
}

export interface GroupMealPlanRulesTable extends Timestamps {
  id: string;
  group_id: string;
  household_id: string;
  day: string;
  entry_type: string;
  query_filter_string: string;
}

export interface CookbooksTable extends Timestamps {
  id: string;
  position: number;
  group_id: string;
  household_id: string;
  name: string;
  slug: string;
  description: string;
  public: Bool;
  query_filter_string: string;
  require_all_categories: Bool;
  require_all_tags: Bool;
  require_all_tools: Bool;
}

export interface RecipeActionsTable extends Timestamps {
  id: string;
  group_id: string;
  household_id: string;
  action_type: string;
  title: string;
  url: string;
}

export interface WebhookUrlsTable extends Timestamps {
  id: string;
  group_id: string;
  household_id: string;
  enabled: Bool;
  name: string;
  url: string;
  webhook_type: string;
  scheduled_time: string;
  time: string | null;
  last_run_on: string | null;
  last_test_at: string | null;
  last_test_status: string | null;
  last_test_error: string | null;
}

export interface EventNotifiersTable extends Timestamps {
  id: string;
  name: string;
  enabled: Bool;
  apprise_url: string;
  group_id: string;
  household_id: string;
  last_test_at: string | null;
  last_test_status: string | null;
  last_test_error: string | null;
}

export type NotifierOptionColumn =
  | 'test_message' | 'webhook_task' | 'recipe_created' | 'recipe_updated' | 'recipe_deleted' | 'user_signup'
  | 'data_migrations' | 'data_export' | 'data_import' | 'mealplan_entry_created' | 'shopping_list_created'
  | 'shopping_list_updated' | 'shopping_list_deleted' | 'cookbook_created' | 'cookbook_updated' | 'cookbook_deleted'
  | 'tag_created' | 'tag_updated' | 'tag_deleted' | 'category_created' | 'category_updated' | 'category_deleted';

export type EventNotifierOptionsTable = Timestamps & { id: string; event_notifier_id: string } & Record<NotifierOptionColumn, Bool>;

export interface NotifierDeliveriesTable {
  id: string;
  notifier_id: string;
  event_type: string;
  status: string;
  attempts: number;
  error: string | null;
  created_at: string;
}
