import type { Generated } from 'kysely';
import type { HearthEventCursorsTable, HearthEventFailuresTable, HearthEventsTable, HearthJobsTable, HearthSchedulesTable } from './schema-platform.js';
import type { GroupMealPlansTable, GroupMealPlanRulesTable, CookbooksTable, RecipeActionsTable, WebhookUrlsTable, EventNotifiersTable, EventNotifierOptionsTable, NotifierDeliveriesTable } from './schema-household.js';
import type { ShoppingItemRecipeRefTable, ShoppingListItemsTable, ShoppingListsTable } from './schema-shopping.js';
import type { Bool, Timestamps } from './columns.js';

export type * from './schema-platform.js';
export type * from './schema-household.js';
export type * from './schema-shopping.js';
export type { Bool, Timestamps };

/**
 * Table types. Column names follow Mealie's tables (snake_case, `update_at`) so backups map one to one.
 * Ids are dashed UUID strings; timestamps are ISO-8601 UTC strings; booleans read back as 0/1 on SQLite,
 * so repositories convert them with `bool()`.
 */
export interface GroupsTable extends Timestamps {
  id: string;
  name: string;
  slug: string;
}

export interface GroupPreferencesTable extends Timestamps {
  id: string;
  group_id: string;
  private_group: Bool;
}

export interface HouseholdsTable extends Timestamps {
  id: string;
  name: string;
  slug: string;
  group_id: string;
}

export interface HouseholdPreferencesTable extends Timestamps {
  id: string;
  household_id: string;
  private_household: Bool;
  lock_recipe_edits_from_other_households: Bool;
  first_day_of_week: number;
  recipe_public: Bool;
  recipe_show_nutrition: Bool;
  recipe_show_assets: Bool;
  recipe_landscape_view: Bool;
  recipe_disable_comments: Bool;
  recipe_disable_amount: Bool;
  /** 'metric', 'us' or 'imperial' (null: metric): the unit a shopping list merges amounts into. */
  unit_system?: string | null;
  /** Ticking a shopping item marks its food on hand. */
  on_hand_from_shopping?: Bool;
  /** "I made this" offers to clear the recipe's on-hand foods, pre-ticked. */
  on_hand_used_up_by_cooking?: Bool;
}

export interface UsersTable extends Timestamps {
  id: string;
  full_name: string | null;
  username: string;
  email: string;
  password: string;
  auth_method: string;
  admin: Bool;
  advanced: Bool;
  group_id: string;
  household_id: string;
  cache_key: string;
  login_attemps: number;
  locked_at: string | null;
  can_manage_household: Bool;
  can_manage: Bool;
  can_invite: Bool;
  can_organize: Bool;
}

export interface LongLiveTokensTable {
  id: Generated<number>;
  name: string;
  token: string;
  user_id: string;
  created_at: string;
}

export interface InviteTokensTable {
  id: Generated<number>;
  token: string;
  uses_left: number;
  group_id: string;
  household_id: string;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  token: string;
  user_id: string;
  created_at: string;
}

export interface LabelsTable extends Timestamps {
  id: string;
  group_id: string;
  name: string;
  color: string;
}

export interface OrganizerTable extends Timestamps {
  id: string;
  group_id: string;
  name: string;
  slug: string;
}

export interface ToolsTable extends OrganizerTable {
  on_hand: Bool;
}

export interface UnitsTable extends Timestamps {
  id: string;
  group_id: string;
  name: string;
  plural_name: string | null;
  description: string;
  abbreviation: string;
  plural_abbreviation: string | null;
  use_abbreviation: Bool;
  fraction: Bool;
  name_normalized: string;
  plural_name_normalized: string;
  abbreviation_normalized: string;
  plural_abbreviation_normalized: string;
}

export interface FoodsTable extends Timestamps {
  id: string;
  group_id: string;
  name: string;
  plural_name: string | null;
  description: string;
  on_hand: Bool;
  label_id: string | null;
  name_normalized: string;
  plural_name_normalized: string;
  /** USDA SR26 NDB number (server/food/reference.ts). */
  reference_food_id?: string | null;
  /** The user's density, g per ml. */
  density?: number | null;
  /** The user's weight of one piece, g. */
  piece_grams?: number | null;
  /** The user's nutrition per 100 g (JSON of the eleven fields). */
  nutrition_per_100g?: string | null;
  /** JSON object (Mealie's IngredientFood.extras). */
  extras: Generated<string>;
}

export interface AliasTable {
  id: string;
  name: string;
  name_normalized: string;
}

export interface RecipesTable extends Timestamps {
  id: string;
  slug: string;
  group_id: string;
  household_id: string;
  user_id: string | null;
  name: string;
  description: string;
  image: string | null;
  rating: number | null;
  total_time: string | null;
  prep_time: string | null;
  cook_time: string | null;
  perform_time: string | null;
  recipe_yield: string | null;
  recipe_yield_quantity: number;
  recipe_servings: number;
  recipe_cuisine: string | null;
  org_url: string | null;
  is_ocr_recipe: Bool;
  date_added: string | null;
  date_updated: string | null;
  last_made: string | null;
  name_normalized: string;
  description_normalized: string;
  settings_public: Bool;
  settings_show_nutrition: Bool;
  settings_show_assets: Bool;
  settings_landscape_view: Bool;
  settings_disable_comments: Bool;
  settings_disable_amount: Bool;
  settings_locked: Bool;
  /** 'typed' (default) or 'computed': which nutrition the recipe shows. */
  nutrition_source?: string | null;
}

export interface NutritionTable {
  recipe_id: string;
  calories: string | null;
  carbohydrate_content: string | null;
  cholesterol_content: string | null;
  fat_content: string | null;
  fiber_content: string | null;
  protein_content: string | null;
  saturated_fat_content: string | null;
  sodium_content: string | null;
  sugar_content: string | null;
  trans_fat_content: string | null;
  unsaturated_fat_content: string | null;
}

export interface IngredientsTable {
  id: Generated<number>;
  recipe_id: string;
  position: number;
  title: string | null;
  note: string;
  unit_id: string | null;
  food_id: string | null;
  quantity: number | null;
  original_text: string | null;
  reference_id: string;
  note_normalized: string;
  original_text_normalized: string;
}

export interface InstructionsTable {
  id: string;
  recipe_id: string;
  position: number;
  type: string;
  title: string;
  summary: string;
  text: string;
}

export interface Database {
  groups: GroupsTable;
  group_preferences: GroupPreferencesTable;
  households: HouseholdsTable;
  household_preferences: HouseholdPreferencesTable;
  users: UsersTable;
  long_live_tokens: LongLiveTokensTable;
  invite_tokens: InviteTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  multi_purpose_labels: LabelsTable;
  categories: OrganizerTable;
  tags: OrganizerTable;
  tools: ToolsTable;
  ingredient_units: UnitsTable;
  ingredient_units_aliases: AliasTable & { unit_id: string };
  ingredient_foods: FoodsTable;
  ingredient_foods_aliases: AliasTable & { food_id: string };
  households_to_ingredient_foods: { household_id: string; food_id: string };
  /** Two foods a household counts as the same (stored once, smaller id first). */
  household_food_equivalents: { household_id: string; food_id: string; other_food_id: string };
  households_to_tools: { household_id: string; tool_id: string };
  recipes: RecipesTable;
  recipe_nutrition: NutritionTable;
  recipes_ingredients: IngredientsTable;
  recipe_instructions: InstructionsTable;
  recipe_ingredient_ref_link: { id: Generated<number>; instruction_id: string; reference_id: string };
  notes: { id: Generated<number>; recipe_id: string; position: number; title: string; text: string };
  recipe_assets: { id: Generated<number>; recipe_id: string; name: string; icon: string; file_name: string };
  recipe_extras: { id: Generated<number>; recipe_id: string; key_name: string; value: string | null };
  recipes_to_categories: { recipe_id: string; category_id: string };
  recipes_to_tags: { recipe_id: string; tag_id: string };
  recipes_to_tools: { recipe_id: string; tool_id: string };
  users_to_recipes: Timestamps & { id: string; user_id: string; recipe_id: string; rating: number | null; is_favorite: Bool };
  /** Issue 41: gallery and step images beyond the main one (migration 0043). */
  recipe_images: { id: string; recipe_id: string; step_id: string | null; position: number; created_at: string };
  recipe_comments: Timestamps & { id: string; recipe_id: string; user_id: string; text: string };
  recipe_timeline_events: Timestamps & {
    id: string;
    recipe_id: string;
    user_id: string | null;
    subject: string;
    message: string | null;
    event_type: string;
    event_message: string | null;
    image: string;
    timestamp: string;
  };
  recipe_share_tokens: Timestamps & { id: string; group_id: string; recipe_id: string; expires_at: string };
  group_meal_plans: GroupMealPlansTable;
  group_meal_plan_rules: GroupMealPlanRulesTable;
  shopping_lists: ShoppingListsTable;
  shopping_list_items: ShoppingListItemsTable;
  shopping_list_item_recipe_reference: ShoppingItemRecipeRefTable;
  shopping_list_recipe_reference: { id: string; shopping_list_id: string; recipe_id: string; recipe_quantity: number };
  shopping_lists_multi_purpose_labels: { id: string; shopping_list_id: string; label_id: string; position: number };
  cookbooks: CookbooksTable;
  recipe_actions: RecipeActionsTable;
  webhook_urls: WebhookUrlsTable;
  group_events_notifiers: EventNotifiersTable;
  group_events_notifier_options: EventNotifierOptionsTable;
  notifier_deliveries: NotifierDeliveriesTable;
  hearth_events: HearthEventsTable;
  hearth_event_cursors: HearthEventCursorsTable;
  hearth_event_failures: HearthEventFailuresTable;
  hearth_jobs: HearthJobsTable;
  hearth_schedules: HearthSchedulesTable;
  hearth_settings: { key: string; value: string };
  /** Migration 0014: recipes per group, kept by triggers on `recipes`. */
  hearth_recipe_counts: { group_id: string; recipes: number };
  /**
   * Migration 0019: one number moved by writes no single group's version can stand for (migration 0041); a
   * group's cached reads are kept under it plus the group's own `hearth_group_versions.version` (read-cache.ts).
   */
  hearth_list_version: { version: number };
  /** Migration 0041: per group, moved by every write to what that group's cached reads show. */
  hearth_group_versions: { group_id: string; version: number };
  /** A number per recipe moved by every write to its row or organizer links (migration 0047). */
  hearth_recipe_stamps: { recipe_id: string; stamp: number };
  /** Migration 0044: changes done once per user, scope and Idempotency-Key (server/platform/idempotency.ts). */
  hearth_idempotency_keys: { user_id: string; scope: string; key: string; result: string; created_at: string };
  user_sessions: { id: string; user_id: string; created_at: string; expires_at: string };
}

export function bool(value: Bool | null | undefined): boolean {
  return value === true || value === 1;
}

export { nowIso } from './timestamps.js';
