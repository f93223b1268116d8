import crypto from 'node:crypto';
import { nowIso } from '../../db/schema.js';
import { slugify } from '../../platform/slug.js';

/**
 * The parts of a Mealie backup whose shape differs from Hearth's tables, by schema revision: tables that
 * were folded into others (recipe_settings into recipes, users_to_favorites into users_to_recipes,
 * api_extras into recipe_extras), renamed columns, and the households that 1.x backups do not have
 * (their group-level data belongs to each group's default household). A Hearth backup has none of these
 * gaps, so every step below leaves it untouched: Hearth and Mealie backups share one code path.
 */
export type Row = Record<string, unknown>;
export type Tables = Record<string, Row[]>;

/** Mealie's default household name for a group created before households existed. */
export const DEFAULT_HOUSEHOLD = 'Family';

const RENAMED_COLUMNS: Record<string, Record<string, string>> = {
  recipes: { recipeCuisine: 'recipe_cuisine' },
  api_extras: { recipee_id: 'recipe_id' },
};

const SETTINGS_COLUMNS = ['public', 'show_nutrition', 'show_assets', 'landscape_view', 'disable_comments', 'disable_amount', 'locked'];

const HOUSEHOLD_PREFERENCE_COLUMNS = [
  'first_day_of_week', 'recipe_public', 'recipe_show_nutrition', 'recipe_show_assets', 'recipe_landscape_view',
  'recipe_disable_comments', 'recipe_disable_amount',
];

function rows(source: Tables, table: string): Row[] {
  const value = source[table];
  return Array.isArray(value) ? value : [];
}

/** Lower-case dashed form of a UUID written with or without dashes; anything else unchanged. */
export function dashedUuid(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^[0-9a-f]{32}$/i.test(value)) {
    const v = value.toLowerCase();
    return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
  }
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return value.toLowerCase();
  return value;
}

/**
 * Rewrites a Mealie backup's tables in Hearth's vocabulary (in place on a copy): returns the tables to load
 * and the names of Mealie tables that have no home here (reported, not loaded).
 */
export function adaptMealieTables(source: Tables): Tables {
  const out: Tables = {};
  for (const [table, list] of Object.entries(source)) {
    if (!Array.isArray(list)) continue;
    const renames = RENAMED_COLUMNS[table];
    out[table] = renames
      ? list.map((row) => {
          const copy: Row = {};
          for (const [key, value] of Object.entries(row)) copy[renames[key] ?? key] = value;
          return copy;
        })
      : list.map((row) => ({ ...row }));
  }
  const now = nowIso();

  // recipe_settings (one row per recipe) → recipes.settings_*.
  const settings = new Map(rows(out, 'recipe_settings').map((s) => [String(dashedUuid(s.recipe_id)), s]));
  if (settings.size > 0) {
    for (const recipe of rows(out, 'recipes')) {
      const s = settings.get(String(dashedUuid(recipe.id)));
      if (!s) continue;
      for (const column of SETTINGS_COLUMNS) {
        if (recipe[`settings_${column}`] === undefined && s[column] !== undefined && s[column] !== null) recipe[`settings_${column}`] = s[column];
      }
    }
  }

  // users_to_favorites (1.x) → users_to_recipes rows with is_favorite.
  const favorites = rows(out, 'users_to_favorites');
  if (favorites.length > 0) {
    const ratings = rows(out, 'users_to_recipes');
    const existing = new Map(ratings.map((r) => [`${dashedUuid(r.user_id)}|${dashedUuid(r.recipe_id)}`, r]));
    for (const fav of favorites) {
      const key = `${dashedUuid(fav.user_id)}|${dashedUuid(fav.recipe_id)}`;
      const found = existing.get(key);
      if (found) found.is_favorite = true;
      else {
        const row = { id: crypto.randomUUID(), user_id: fav.user_id, recipe_id: fav.recipe_id, rating: null, is_favorite: true, created_at: now, update_at: now };
        ratings.push(row);
        existing.set(key, row);
      }
    }
    out.users_to_recipes = ratings;
  }

  // api_extras → recipe_extras (integer ids are the database's; Mealie's uuids are dropped).
  if (rows(out, 'api_extras').length > 0 && !out.recipe_extras?.length) {
    out.recipe_extras = rows(out, 'api_extras').map((e) => ({ recipe_id: e.recipe_id, key_name: e.key_name, value: e.value }));
  }

  // ingredient_food_extras (key/value rows) → ingredient_foods.extras, the JSON object the food API answers.
  const foodExtras = rows(out, 'ingredient_food_extras');
  if (foodExtras.length > 0) {
    const byFood = new Map<string, Record<string, string>>();
    for (const extra of foodExtras) {
      if (typeof extra.key_name !== 'string' || extra.key_name === '' || extra.value === null || extra.value === undefined) continue;
      const key = String(dashedUuid(extra.ingredient_food_id));
      byFood.set(key, { ...byFood.get(key), [extra.key_name]: String(extra.value) });
    }
    for (const food of rows(out, 'ingredient_foods')) {
      const extras = byFood.get(String(dashedUuid(food.id)));
      if (extras && (food.extras === undefined || food.extras === null)) food.extras = JSON.stringify(extras);
    }
  }

  // Groups without a slug (2022 revisions).
  for (const group of rows(out, 'groups')) {
    if (!group.slug && typeof group.name === 'string') group.slug = slugify(group.name);
  }

  // No households table (Mealie 1.x): one default household per group, with the group's recipe preferences.
  if (!Array.isArray(source.households) || source.households.length === 0) {
    const groupPrefs = new Map(rows(out, 'group_preferences').map((p) => [String(dashedUuid(p.group_id)), p]));
    const households: Row[] = [];
    const preferences: Row[] = [];
    for (const group of rows(out, 'groups')) {
      const groupId = dashedUuid(group.id);
      const id = crypto.randomUUID();
      households.push({ id, name: DEFAULT_HOUSEHOLD, slug: slugify(DEFAULT_HOUSEHOLD), group_id: groupId, created_at: group.created_at ?? now, update_at: group.update_at ?? now });
      const gp = groupPrefs.get(String(groupId));
      const pref: Row = { id: crypto.randomUUID(), household_id: id, created_at: now, update_at: now };
      if (gp) {
        pref.private_household = gp.private_group;
        for (const column of HOUSEHOLD_PREFERENCE_COLUMNS) if (gp[column] !== undefined && gp[column] !== null) pref[column] = gp[column];
      }
      preferences.push(pref);
    }
    out.households = households;
    if (!out.household_preferences?.length) out.household_preferences = preferences;
  }

  // Mealie stores the enum member names; the API (and Hearth) use the values.
  for (const user of rows(out, 'users')) {
    const method = typeof user.auth_method === 'string' ? user.auth_method.toUpperCase() : 'MEALIE';
    user.auth_method = method === 'LDAP' ? 'LDAP' : method === 'OIDC' ? 'OIDC' : 'Mealie';
    if (user.can_manage_household === undefined) user.can_manage_household = user.can_manage ?? false;
  }
  return out;
}

/** Tables a Mealie backup carries that are folded into others above, so not "skipped". */
export const FOLDED_TABLES = new Set(['alembic_version', 'recipe_settings', 'users_to_favorites', 'api_extras', 'ingredient_food_extras']);
