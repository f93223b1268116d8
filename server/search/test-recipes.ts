import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../db/schema.js';
import { normalizeText, slugify } from '../platform/slug.js';

/** A recipe written straight to the tables (tests and the benchmark), with just what search and filters read. */
export interface TestRecipe {
  groupId: string;
  householdId: string;
  name: string;
  description?: string;
  userId?: string | null;
  /** Ingredient notes; an object links a food (by id) with an optional note. */
  ingredients?: Array<string | { foodId: string; note?: string }>;
  instructions?: string[];
  tagIds?: string[];
  categoryIds?: string[];
  toolIds?: string[];
  rating?: number | null;
  createdAt?: string;
  lastMade?: string | null;
  dateAdded?: string | null;
  settings?: { public?: boolean; locked?: boolean };
}

export async function insertTestRecipe(db: Kysely<Database>, recipe: TestRecipe): Promise<string> {
  const id = crypto.randomUUID();
  const now = recipe.createdAt ?? nowIso();
  await db
    .insertInto('recipes')
    .values({
      id,
      slug: `${slugify(recipe.name)}-${id.slice(0, 8)}`,
      group_id: recipe.groupId,
      household_id: recipe.householdId,
      user_id: recipe.userId ?? null,
      name: recipe.name,
      description: recipe.description ?? '',
      rating: recipe.rating ?? null,
      recipe_yield_quantity: 0,
      recipe_servings: 0,
      is_ocr_recipe: false,
      date_added: recipe.dateAdded ?? now.slice(0, 10),
      last_made: recipe.lastMade ?? null,
      name_normalized: normalizeText(recipe.name),
      description_normalized: normalizeText(recipe.description),
      settings_public: recipe.settings?.public ?? true,
      settings_show_nutrition: false,
      settings_show_assets: false,
      settings_landscape_view: false,
      settings_disable_comments: false,
      settings_disable_amount: true,
      settings_locked: recipe.settings?.locked ?? false,
      created_at: now,
      update_at: now,
    })
    .execute();
  const ingredients = (recipe.ingredients ?? []).map((item, position) => {
    const note = typeof item === 'string' ? item : (item.note ?? '');
    return {
      recipe_id: id,
      position,
      note,
      food_id: typeof item === 'string' ? null : item.foodId,
      original_text: typeof item === 'string' ? item : null,
      reference_id: crypto.randomUUID(),
      note_normalized: normalizeText(note),
      original_text_normalized: typeof item === 'string' ? normalizeText(item) : '',
    };
  });
  if (ingredients.length) await db.insertInto('recipes_ingredients').values(ingredients).execute();
  const steps = (recipe.instructions ?? []).map((text, position) => ({ id: crypto.randomUUID(), recipe_id: id, position, type: 'RecipeStep', title: '', summary: '', text }));
  if (steps.length) await db.insertInto('recipe_instructions').values(steps).execute();
  for (const tagId of recipe.tagIds ?? []) await db.insertInto('recipes_to_tags').values({ recipe_id: id, tag_id: tagId }).execute();
  for (const categoryId of recipe.categoryIds ?? []) {
    await db.insertInto('recipes_to_categories').values({ recipe_id: id, category_id: categoryId }).execute();
  }
  for (const toolId of recipe.toolIds ?? []) await db.insertInto('recipes_to_tools').values({ recipe_id: id, tool_id: toolId }).execute();
  return id;
}

/** An organizer row (tags, categories or tools) in a group. */
export async function insertTestOrganizer(db: Kysely<Database>, table: 'tags' | 'categories' | 'tools', groupId: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  const row = { id, group_id: groupId, name, slug: slugify(name), created_at: now, update_at: now };
  if (table === 'tools') await db.insertInto('tools').values({ ...row, on_hand: false }).execute();
  else await db.insertInto(table).values(row).execute();
  return id;
}

export async function insertTestFood(db: Kysely<Database>, groupId: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  await db
    .insertInto('ingredient_foods')
    .values({ id, group_id: groupId, name, description: '', on_hand: false, name_normalized: normalizeText(name), plural_name_normalized: '', created_at: now, update_at: now })
    .execute();
  return id;
}
