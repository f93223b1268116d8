import type { RecipeOutput } from 'mealie-typescript';
import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { expectValid } from '../schemas.js';
import { made, unique } from './fixtures.js';
import { binary, isZip, plainRecipe } from './recipe-fixtures.js';

type Organizer = { id: string; name: string; slug: string };

const twoRecipes = async (w: World) => [await plainRecipe(w), await plainRecipe(w)];
const slugs = (recipes: RecipeOutput[]) => recipes.map((r) => r.slug ?? '');

async function readBack(w: World, recipe: RecipeOutput): Promise<RecipeOutput> {
  return made(w.admin.clients.RecipeCRUDApi.getOneApiRecipesSlugGet(recipe.slug ?? ''), 'recipe read');
}

async function recipesAndTag(w: World) {
  const tag = (await made(w.admin.clients.OrganizerTagsApi.createOneApiOrganizersTagsPost({ name: unique('Contract bulk tag') }), 'tag')) as Organizer;
  return { recipes: await twoRecipes(w), tag };
}

async function recipesAndCategory(w: World) {
  const category = (await made(w.admin.clients.OrganizerCategoriesApi.createOneApiOrganizersCategoriesPost({ name: unique('Contract bulk category') }), 'category')) as Organizer;
  return { recipes: await twoRecipes(w), category };
}

/** A group export of two recipes, made through the client. */
async function exported(w: World) {
  const recipes = await twoRecipes(w);
  const res = await w.member.clients.RecipeBulkActionsApi.bulkExportRecipesApiRecipesBulkActionsExportPost({ recipes: slugs(recipes), exportType: 'json' });
  if (res.status !== 202) throw new Error(`fixture "export" failed: ${res.status} ${JSON.stringify(res.data)}`);
  return res.data as { id: string; path: string };
}

/** Recipe exports (formats, one recipe as JSON or zip), bulk actions, group exports and their download. */
export const exportRows = [
  op('RecipeExportsApi', 'getRecipeFormatsAndTemplatesApiRecipesExportsGet').row({
    as: 'member',
    status: 200,
    args: () => [],
    check: (body) => expect(body.json).toContain('raw'),
  }),
  op('RecipeExportsApi', 'getRecipeAsFormatApiRecipesSlugExportsGet').row({
    as: 'member',
    status: 200,
    title: 'raw JSON',
    setup: (w) => plainRecipe(w),
    args: (_w, recipe) => [recipe.slug ?? '', 'raw'],
    check: (body: unknown, _w, recipe) => expect(body).toMatchObject({ id: recipe.id, slug: recipe.slug }),
  }),
  op('RecipeExportsApi', 'getRecipeAsFormatApiRecipesSlugExportsGet').row({
    as: 'member',
    status: 200,
    title: 'zip',
    setup: (w) => plainRecipe(w),
    args: (_w, recipe) => [recipe.slug ?? '', 'zip', undefined, binary],
    check: (body: unknown) => expect(isZip(body)).toBe(true),
  }),

  op('RecipeBulkActionsApi', 'bulkTagRecipesApiRecipesBulkActionsTagPost').row({
    as: 'member',
    status: 200,
    setup: recipesAndTag,
    args: (_w, { recipes, tag }) => [{ recipes: slugs(recipes), tags: [tag] }],
    check: async (_body, w, { recipes, tag }) => {
      for (const recipe of recipes) expect((await readBack(w, recipe)).tags?.map((t) => t.id)).toEqual([tag.id]);
    },
  }),
  op('RecipeBulkActionsApi', 'bulkCategorizeRecipesApiRecipesBulkActionsCategorizePost').row({
    as: 'member',
    status: 200,
    setup: recipesAndCategory,
    args: (_w, { recipes, category }) => [{ recipes: slugs(recipes), categories: [category] }],
    check: async (_body, w, { recipes, category }) => {
      for (const recipe of recipes) expect((await readBack(w, recipe)).recipeCategory?.map((c) => c.id)).toEqual([category.id]);
    },
  }),
  op('RecipeBulkActionsApi', 'bulkSettingsRecipesApiRecipesBulkActionsSettingsPost').row({
    as: 'member',
    status: 200,
    setup: twoRecipes,
    args: (_w, recipes) => [{ recipes: slugs(recipes), settings: { public: false, showNutrition: true, showAssets: true, landscapeView: false, disableComments: true, locked: false } }],
    check: async (_body, w, recipes) => {
      for (const recipe of recipes) expect((await readBack(w, recipe)).settings).toMatchObject({ public: false, disableComments: true, showAssets: true });
    },
  }),
  op('RecipeBulkActionsApi', 'bulkDeleteRecipesApiRecipesBulkActionsDeletePost').row({
    status: 200,
    setup: twoRecipes,
    args: (_w, recipes) => [{ recipes: slugs(recipes) }],
    check: async (_body, w, recipes) => {
      for (const recipe of recipes) expect((await w.admin.clients.RecipeCRUDApi.getOneApiRecipesSlugGet(recipe.slug ?? '')).status).toBe(404);
    },
  }),
  op('RecipeBulkActionsApi', 'bulkExportRecipesApiRecipesBulkActionsExportPost').row({
    as: 'member',
    status: 202,
    setup: twoRecipes,
    args: (_w, recipes) => [{ recipes: slugs(recipes), exportType: 'json' }],
    // The client declares no body; Hearth answers the export it made (Mealie's GroupDataExport).
    check: (body: unknown) => expectValid('GroupDataExport', body),
  }),
  op('RecipeBulkActionsApi', 'getExportedDataApiRecipesBulkActionsExportGet').row({
    as: 'member',
    status: 200,
    setup: exported,
    args: () => [],
    check: (body, _w, groupExport) => expect(body.map((e) => e.id)).toContain(groupExport.id),
  }),
  op('RecipeBulkActionsApi', 'getExportedDataTokenApiRecipesBulkActionsExportExportIdDownloadGet').row({
    as: 'member',
    status: 200,
    setup: exported,
    args: (_w, groupExport) => [groupExport.id],
    check: (body: unknown) => {
      expectValid('FileTokenResponse', body);
      expect(body).toEqual({ fileToken: expect.any(String) });
    },
  }),
  op('UtilsApi', 'downloadFileApiUtilsDownloadGet').row({
    as: 'anon',
    status: 200,
    setup: async (w) => {
      const { id } = await exported(w);
      const res = await w.member.clients.RecipeBulkActionsApi.getExportedDataTokenApiRecipesBulkActionsExportExportIdDownloadGet(id);
      return (res.data as { fileToken: string }).fileToken;
    },
    args: (_w, token) => [token, binary],
    check: (body: unknown) => expect(isZip(body)).toBe(true),
  }),
  // Purging the group's exports needs canManage (issue 9, item 14): the admin has it.
  op('RecipeBulkActionsApi', 'purgeExportDataApiRecipesBulkActionsExportPurgeDelete').row({
    as: 'admin',
    status: 200,
    setup: exported,
    args: () => [],
    check: async (_body, w) => expect(await made(w.member.clients.RecipeBulkActionsApi.getExportedDataApiRecipesBulkActionsExportGet(), 'exports')).toEqual([]),
  }),
];
