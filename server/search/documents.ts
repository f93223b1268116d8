import type { Kysely } from 'kysely';
import type { DbEngine } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { inList } from './tables.js';
import { searchTerms } from './text.js';

/** The indexed fields, most relevant first; each engine weighs them in this order. */
export const SEARCH_FIELDS = ['name', 'description', 'organizers', 'ingredients', 'instructions'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** What the index holds for one recipe: the folded words of each field, in reading order. */
export interface RecipeSearchDocument {
  recipeId: string;
  groupId: string;
  /** The keys a search page may be sorted by: as the recipe list sorts them. */
  nameSort: string;
  createdAt: string;
  fields: Record<SearchField, string[]>;
}

/**
 * The index token naming a group. It starts with "_", which searched words (letters and digits only)
 * never contain, so no search, prefix or typo correction can match it by accident.
 */
export function groupScopeToken(groupId: string): string {
  return `_g${groupId.replace(/[^0-9a-z]/gi, '').toLowerCase()}`;
}

function push(map: Map<string, string[]>, key: string, ...texts: Array<string | null | undefined>): void {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  for (const text of texts) list.push(...searchTerms(text));
}

/**
 * Builds the documents of the given recipes in five queries whatever their number: name and description,
 * tags/categories/tools and cuisine, ingredient note + original text + food names, instruction steps.
 * Ids of recipes that no longer exist are simply absent from the result; the others keep the given order.
 */
export async function loadSearchDocuments(db: Kysely<Database>, engine: DbEngine, recipeIds: readonly string[]): Promise<RecipeSearchDocument[]> {
  if (recipeIds.length === 0) return [];
  const [recipes, organizers, ingredients, instructions] = await Promise.all([
    db.selectFrom('recipes').select(['id', 'group_id', 'name', 'name_normalized', 'created_at', 'description', 'recipe_cuisine']).where(inList(engine, 'id', recipeIds)).execute(),
    db
      .selectFrom('recipes_to_tags as link')
      .innerJoin('tags as o', 'o.id', 'link.tag_id')
      .select(['link.recipe_id', 'o.name'])
      .where(inList(engine, 'link.recipe_id', recipeIds))
      .unionAll(
        db
          .selectFrom('recipes_to_categories as link')
          .innerJoin('categories as o', 'o.id', 'link.category_id')
          .select(['link.recipe_id', 'o.name'])
          .where(inList(engine, 'link.recipe_id', recipeIds)),
      )
      .unionAll(
        db
          .selectFrom('recipes_to_tools as link')
          .innerJoin('tools as o', 'o.id', 'link.tool_id')
          .select(['link.recipe_id', 'o.name'])
          .where(inList(engine, 'link.recipe_id', recipeIds)),
      )
      .execute(),
    db
      .selectFrom('recipes_ingredients as i')
      .leftJoin('ingredient_foods as f', 'f.id', 'i.food_id')
      .select(['i.recipe_id', 'i.note', 'i.original_text', 'f.name as food_name', 'f.plural_name as food_plural_name'])
      .where(inList(engine, 'i.recipe_id', recipeIds))
      .orderBy('i.recipe_id')
      .orderBy('i.position')
      .execute(),
    db
      .selectFrom('recipe_instructions')
      .select(['recipe_id', 'title', 'summary', 'text'])
      .where(inList(engine, 'recipe_id', recipeIds))
      .orderBy('recipe_id')
      .orderBy('position')
      .execute(),
  ]);

  const organizerTerms = new Map<string, string[]>();
  for (const row of organizers) push(organizerTerms, row.recipe_id, row.name);
  const ingredientTerms = new Map<string, string[]>();
  for (const row of ingredients) push(ingredientTerms, row.recipe_id, row.note, row.original_text, row.food_name, row.food_plural_name);
  const instructionTerms = new Map<string, string[]>();
  for (const row of instructions) push(instructionTerms, row.recipe_id, row.title, row.summary, row.text);

  // In the order asked for: index rows are numbered in that order (see rebuildSearchIndex).
  const position = new Map(recipeIds.map((id, i) => [id, i]));
  recipes.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return recipes.map((recipe) => ({
    recipeId: recipe.id,
    groupId: recipe.group_id,
    nameSort: recipe.name_normalized,
    createdAt: recipe.created_at,
    fields: {
      name: searchTerms(recipe.name),
      description: searchTerms(recipe.description),
      organizers: [...(organizerTerms.get(recipe.id) ?? []), ...searchTerms(recipe.recipe_cuisine)],
      ingredients: ingredientTerms.get(recipe.id) ?? [],
      instructions: instructionTerms.get(recipe.id) ?? [],
    },
  }));
}
