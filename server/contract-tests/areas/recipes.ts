import type { RecipeInput, RecipeOutput } from 'mealie-typescript';
import { expect } from 'vitest';
import { op, type Session, type World } from '../rows.js';
import { made, unique, uniqueUuid } from './fixtures.js';

type Named = { id: string; name: string; slug: string };

/** A recipe with every kind of nested data (linked food and unit, organizers, steps, notes, nutrition), read back through the client. */
export async function newRecipe(w: World, who: Session = w.admin): Promise<RecipeOutput> {
  const api = who.clients;
  const slug = await made(api.RecipeCRUDApi.createOneApiRecipesPost({ name: unique('Contract stew') }), 'recipe');
  // The client types a food or unit inside an ingredient (Food1, Unit1) without the nulls Mealie itself
  // sends for an unset plural, label or abbreviation, so the linked ones have all of them set.
  const label = await made(api.GroupsMultiPurposeLabelsApi.createOneApiGroupsLabelsPost({ name: unique('Contract veg'), color: '#33aa33' }), 'label');
  const food = await made(
    api.RecipesFoodsApi.createOneApiFoodsPost({ name: unique('contract carrot'), pluralName: 'carrots', description: 'orange', labelId: label.id }),
    'food',
  );
  const unit = await made(
    api.RecipesUnitsApi.createOneApiUnitsPost({ name: unique('contract gram'), pluralName: 'grams', abbreviation: 'g', pluralAbbreviation: 'g', description: 'metric' }),
    'unit',
  );
  const category = (await made(api.OrganizerCategoriesApi.createOneApiOrganizersCategoriesPost({ name: unique('Contract dinner') }), 'category')) as Named;
  const tag = (await made(api.OrganizerTagsApi.createOneApiOrganizersTagsPost({ name: unique('Contract cosy') }), 'tag')) as Named;
  const tool = await made(api.OrganizerToolsApi.createOneApiOrganizersToolsPost({ name: unique('Contract pot'), householdsWithTool: [] }), 'tool');
  const input: RecipeInput = {
    description: 'A stew for the contract tests',
    recipeServings: 4,
    recipeYieldQuantity: 4,
    recipeYield: 'bowls',
    totalTime: '1 hour',
    prepTime: '15 minutes',
    performTime: '45 minutes',
    recipeCategory: [{ id: category.id, name: category.name, slug: category.slug }],
    tags: [{ id: tag.id, name: tag.name, slug: tag.slug }],
    tools: [{ id: tool.id, name: tool.name, slug: tool.slug }],
    recipeIngredient: [
      { quantity: 200, unit: { id: unit.id, name: unit.name }, food: { id: food.id, name: food.name }, note: 'diced', referenceId: uniqueUuid() },
      { quantity: null, note: 'salt to taste', referenceId: uniqueUuid() },
    ],
    recipeInstructions: [{ text: 'Chop everything.', ingredientReferences: [] }, { title: 'Cook', text: 'Simmer for 45 minutes.', ingredientReferences: [] }],
    notes: [{ title: 'Tip', text: 'Better the next day.' }],
    nutrition: { calories: '320', proteinContent: '12' },
    settings: { public: true, showNutrition: true, showAssets: false, landscapeView: false, disableComments: false, locked: false },
    extras: { source: 'contract' },
  };
  await made(api.RecipeCRUDApi.updateOneApiRecipesSlugPut(slug, input), 'recipe fill');
  return made(api.RecipeCRUDApi.getOneApiRecipesSlugGet(slug), 'recipe read');
}

const twoRecipes = async (w: World) => [await newRecipe(w), await newRecipe(w)];

interface ListQuery {
  search?: string;
  page?: number;
  perPage?: number;
  categories?: string[];
  tags?: string[];
}

/** The eighteen positional parameters of getAllApiRecipesGet, from the few a row sets. */
function recipeListArgs(q: ListQuery) {
  return [q.categories, q.tags, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, q.page, q.perPage, undefined, undefined, undefined, undefined, undefined, q.search] as const;
}

/** Recipe CRUD: create, list (summaries), read, replace, patch, bulk, last made, duplicate, delete. */
export const recipeRows = [
  op('RecipeCRUDApi', 'createOneApiRecipesPost').row({
    as: 'member',
    status: 201,
    args: () => [{ name: 'Contract Tomato Soup' }],
    check: (body) => expect(body).toMatch(/^contract-tomato-soup/),
  }),
  op('RecipeCRUDApi', 'getAllApiRecipesGet').row({ as: 'member', status: 200, setup: newRecipe, args: () => [] }),
  op('RecipeCRUDApi', 'getAllApiRecipesGet').row({
    as: 'member',
    status: 200,
    title: 'search, category and tag, one per page',
    setup: newRecipe,
    args: (_w, recipe) => [...recipeListArgs({ search: recipe.name ?? '', categories: [recipe.recipeCategory?.[0]?.slug ?? ''], tags: [recipe.tags?.[0]?.slug ?? ''], page: 1, perPage: 1 })],
    check: (body, _w, recipe) => expect(body.items.map((r) => r.id)).toEqual([recipe.id]),
  }),
  op('RecipeCRUDApi', 'getOneApiRecipesSlugGet').row({
    as: 'member',
    status: 200,
    setup: newRecipe,
    args: (_w, recipe) => [recipe.slug ?? ''],
    check: (body) => {
      expect(body.recipeIngredient).toHaveLength(2);
      expect(body.recipeInstructions).toHaveLength(2);
    },
  }),
  op('RecipeCRUDApi', 'getOneApiRecipesSlugGet').row({ as: 'member', status: 200, title: 'by id', setup: newRecipe, args: (_w, recipe) => [recipe.id ?? ''] }),
  op('RecipeCRUDApi', 'updateOneApiRecipesSlugPut').row({
    status: 200,
    setup: newRecipe,
    args: (_w, recipe) => [recipe.slug ?? '', { name: recipe.name, description: 'Replaced', recipeIngredient: [{ note: 'water', referenceId: uniqueUuid() }] }],
    check: (body) => expect(body).toMatchObject({ description: 'Replaced', recipeIngredient: [expect.objectContaining({ note: 'water' })] }),
  }),
  op('RecipeCRUDApi', 'patchOneApiRecipesSlugPatch').row({
    status: 200,
    setup: newRecipe,
    args: (_w, recipe) => [recipe.slug ?? '', { description: 'Patched' }],
    check: (body, _w, recipe) => expect(body).toMatchObject({ description: 'Patched', recipeIngredient: expect.arrayContaining([expect.objectContaining({ note: recipe.recipeIngredient?.[0]?.note })]) }),
  }),
  op('RecipeCRUDApi', 'updateManyApiRecipesPut').row({
    status: 200,
    setup: twoRecipes,
    args: (_w, recipes) => [recipes.map((r) => ({ id: r.id, slug: r.slug, name: r.name, description: 'Bulk replaced' }))],
  }),
  op('RecipeCRUDApi', 'patchManyApiRecipesPatch').row({
    status: 200,
    setup: twoRecipes,
    args: (_w, recipes) => [recipes.map((r) => ({ id: r.id, slug: r.slug, description: 'Bulk patched' }))],
  }),
  op('RecipeCRUDApi', 'updateLastMadeApiRecipesSlugLastMadePatch').row({
    as: 'member',
    status: 200,
    setup: newRecipe,
    args: (_w, recipe) => [recipe.slug ?? '', { timestamp: new Date().toISOString() }],
  }),
  op('RecipeCRUDApi', 'duplicateOneApiRecipesSlugDuplicatePost').row({
    status: 201,
    setup: newRecipe,
    args: (_w, recipe) => [recipe.slug ?? '', { name: `${recipe.name} copy` }],
    check: (body, _w, recipe) => {
      expect(body.id).not.toBe(recipe.id);
      expect(body.recipeIngredient).toHaveLength(2);
    },
  }),
  op('RecipeCRUDApi', 'deleteOneApiRecipesSlugDelete').row({ status: 200, setup: newRecipe, args: (_w, recipe) => [recipe.slug ?? ''] }),
];
