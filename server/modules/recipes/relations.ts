import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { RecipeCategoryOut, RecipeSummary, RecipeToolOut } from '../../../contract/recipes.js';
import type { DbEngine } from '../../db/connect.js';
import { compiledOnce, keepPlan } from '../../db/prepared.js';
import type { Database, RecipesTable } from '../../db/schema.js';
import { groupBy, kind, type Executor, type RecipeMatch } from './sql.js';

export type RecipeRow = Selectable<RecipesTable>;

export interface RecipeOrganizers {
  categories: Map<string, RecipeCategoryOut[]>;
  tags: Map<string, RecipeCategoryOut[]>;
  tools: Map<string, RecipeToolOut[]>;
}

/**
 * Categories, tags and tools of the matched recipes as ONE statement (a UNION ALL tagged by kind, arms
 * matched by position: every arm selects the same columns in the same order).
 */
export function organizerRowsQuery(db: Executor, match: RecipeMatch) {
  return db
    .selectFrom('recipes_to_categories as link')
    .innerJoin('categories as o', 'o.id', 'link.category_id')
    .select([kind('category'), 'link.recipe_id', 'o.id', 'o.group_id', 'o.name', 'o.slug', sql<string | null>`null`.as('household_id')])
    .where(match('link.recipe_id'))
    .unionAll(
      db
        .selectFrom('recipes_to_tags as link')
        .innerJoin('tags as o', 'o.id', 'link.tag_id')
        .select([kind('tag'), 'link.recipe_id', 'o.id', 'o.group_id', 'o.name', 'o.slug', sql<string | null>`null`.as('household_id')])
        .where(match('link.recipe_id')),
    )
    .unionAll(
      db
        .selectFrom('recipes_to_tools as link')
        .innerJoin('tools as o', 'o.id', 'link.tool_id')
        .leftJoin('households_to_tools as h', 'h.tool_id', 'o.id')
        .select([kind('tool'), 'link.recipe_id', 'o.id', 'o.group_id', 'o.name', 'o.slug', 'h.household_id'])
        .where(match('link.recipe_id')),
    )
    .orderBy('kind')
    .orderBy('name')
    .orderBy('id')
    .orderBy('household_id');
}

export type OrganizerRow = Awaited<ReturnType<ReturnType<typeof organizerRowsQuery>['execute']>>[number];

/** A tool is on hand when the viewer's household has it (as the organizers API answers). */
export function organizersOfRows(rows: readonly OrganizerRow[], viewerHouseholdId: string | null): RecipeOrganizers {
  const categoryRows = rows.filter((r) => r.kind === 'category');
  const tagRows = rows.filter((r) => r.kind === 'tag');
  const toolRows = rows.filter((r) => r.kind === 'tool');
  const organizer = (row: { id: string; group_id: string; name: string; slug: string }): RecipeCategoryOut => ({
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    slug: row.slug,
  });
  const categories = new Map([...groupBy(categoryRows, (r) => r.recipe_id)].map(([id, rows]) => [id, rows.map(organizer)]));
  const tags = new Map([...groupBy(tagRows, (r) => r.recipe_id)].map(([id, rows]) => [id, rows.map(organizer)]));
  const tools = new Map<string, RecipeToolOut[]>();
  for (const [recipeId, rows] of groupBy(toolRows, (r) => r.recipe_id)) {
    const byTool = new Map<string, RecipeToolOut>();
    for (const row of rows) {
      let tool = byTool.get(row.id);
      if (!tool) {
        tool = { ...organizer(row), onHand: false, householdsWithTool: [] };
        byTool.set(row.id, tool);
      }
      if (row.household_id) {
        tool.householdsWithTool.push(row.household_id);
        if (row.household_id === viewerHouseholdId) tool.onHand = true;
      }
    }
    tools.set(recipeId, [...byTool.values()]);
  }
  return { categories, tags, tools };
}

/** Categories, tags and tools of many recipes in ONE statement whatever the number of recipes. */
export async function loadRecipeOrganizers(
  db: Executor,
  engine: DbEngine,
  recipeIds: readonly string[],
  viewerHouseholdId: string | null,
): Promise<RecipeOrganizers> {
  if (recipeIds.length === 0) return { categories: new Map(), tags: new Map(), tools: new Map() };
  const ids = engine === 'postgres' ? [...recipeIds] : JSON.stringify(recipeIds);
  return organizersOfRows((await ORGANIZERS_OF_RECIPES[engine](db, { ids })).rows, viewerHouseholdId);
}

/**
 * The statement of loadRecipeOrganizers, built and compiled once per engine (its three arms cost more to
 * build than to run on a shopping list's dozen recipes): the ids are one bound value, as recipeIdsIn binds them.
 */
function organizersOfRecipesStatement(engine: DbEngine) {
  return compiledOnce((db: Kysely<Database>, value: (name: 'ids') => string) =>
    keepPlan(
      organizerRowsQuery(db, (column) =>
        engine === 'postgres' ? sql<SqlBool>`${sql.ref(column)} = any(${value('ids')}::text[])` : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${value('ids')}))`,
      ),
    ),
  );
}

const ORGANIZERS_OF_RECIPES = { sqlite: organizersOfRecipesStatement('sqlite'), postgres: organizersOfRecipesStatement('postgres') };

export function toRecipeSummary(row: RecipeRow, organizers: RecipeOrganizers): RecipeSummary {
  return {
    id: row.id,
    userId: row.user_id,
    householdId: row.household_id,
    groupId: row.group_id,
    name: row.name,
    slug: row.slug,
    image: row.image,
    recipeServings: Number(row.recipe_servings ?? 0),
    recipeYieldQuantity: Number(row.recipe_yield_quantity ?? 0),
    recipeYield: row.recipe_yield,
    totalTime: row.total_time,
    prepTime: row.prep_time,
    cookTime: row.cook_time,
    performTime: row.perform_time,
    description: row.description ?? '',
    recipeCategory: organizers.categories.get(row.id) ?? [],
    tags: organizers.tags.get(row.id) ?? [],
    tools: organizers.tools.get(row.id) ?? [],
    rating: row.rating === null ? null : Number(row.rating),
    orgURL: row.org_url,
    dateAdded: row.date_added,
    dateUpdated: row.date_updated,
    createdAt: row.created_at,
    updatedAt: row.update_at,
    lastMade: row.last_made,
  };
}
