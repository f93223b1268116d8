import { expect } from 'vitest';
import { FAKE_MODEL_RECIPE, readImportDev } from '../fake-web.js';
import { op, type World } from '../rows.js';
import { expectValid } from '../schemas.js';
import { uploadField, uploadList } from '../uploads.js';
import { made } from './fixtures.js';
import { binary } from './recipe-fixtures.js';
import { newRecipe } from './recipes.js';

/** JSON-LD without recipeInstructions: 5 ingredients and 1 step once imported (shared/data/README.md). */
const SHRIMP_PAGE = 'sous-vide-shrimp.html';
/** JSON-LD with 8 ingredients, 5 steps and 12 tags. */
const PIZZA_PAGE = 'detroit-style-pepperoni-pizza.html';

async function readRecipe(w: World, slug: string) {
  return made(w.admin.clients.RecipeCRUDApi.getOneApiRecipesSlugGet(slug), 'imported recipe');
}

/** Starts a bulk import of one good and one missing page and waits for its report to settle. */
async function finishedBulkImport(w: World): Promise<string> {
  const web = w.server.web;
  const started = await w.admin.clients.RecipeCRUDApi.parseRecipeUrlBulkApiRecipesCreateUrlBulkPost({
    imports: [{ url: web.pageUrl(SHRIMP_PAGE) }, { url: web.pageUrl('no-such-page.html') }],
  });
  if (started.status !== 202) throw new Error(`fixture "bulk import" failed: ${started.status} ${JSON.stringify(started.data)}`);
  const { reportId } = started.data as { reportId: string };
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const report = await made(w.admin.clients.GroupsReportsApi.getOneApiGroupsReportsItemIdGet(reportId), 'report');
    if (report.status !== 'in-progress') return reportId;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the bulk import did not finish');
}

/** A recipe exported as a zip through the client. */
async function exportedZip(w: World): Promise<{ name: string; zip: Buffer }> {
  const recipe = await newRecipe(w);
  const res = await w.admin.clients.RecipeExportsApi.getRecipeAsFormatApiRecipesSlugExportsGet(recipe.slug ?? '', 'zip', undefined, binary);
  if (res.status !== 200) throw new Error(`fixture "zip export" failed: ${res.status}`);
  return { name: recipe.name ?? '', zip: Buffer.from(res.data as unknown as ArrayBuffer) };
}

/** Recipe import: from a URL (one, in bulk, or a preview), from HTML or JSON, from a zip, from photos; and the reports bulk imports leave. */
export const importRows = [
  op('RecipeCRUDApi', 'parseRecipeUrlApiRecipesCreateUrlPost').row({
    as: 'member',
    status: 201,
    args: (w) => [{ url: w.server.web.pageUrl(PIZZA_PAGE), includeTags: true }],
    check: async (slug, w) => {
      const recipe = await readRecipe(w, slug);
      expect(recipe.recipeIngredient).toHaveLength(8);
      expect(recipe.recipeInstructions).toHaveLength(5);
      expect(recipe.tags).toHaveLength(12);
      expect(recipe.orgURL).toBe(w.server.web.pageUrl(PIZZA_PAGE));
      expect(recipe.image).toBeTruthy();
    },
  }),
  op('RecipeCRUDApi', 'parseRecipeUrlBulkApiRecipesCreateUrlBulkPost').row({
    status: 202,
    args: (w) => [{ imports: [{ url: w.server.web.pageUrl(SHRIMP_PAGE), tags: [], categories: [] }] }],
    check: (body: unknown) => expect(body).toEqual({ reportId: expect.any(String) }),
  }),
  op('RecipeCRUDApi', 'testParseRecipeUrlApiRecipesTestScrapeUrlPost').row({
    as: 'member',
    status: 200,
    args: (w) => [{ url: w.server.web.pageUrl(SHRIMP_PAGE) }],
    check: (body: unknown) => expect(body).toMatchObject({ recipeIngredient: expect.any(Array), recipeInstructions: [expect.any(Object)] }),
  }),
  op('RecipeCRUDApi', 'testParseRecipeUrlApiRecipesTestScrapeUrlPost').row({
    as: 'member',
    status: 200,
    title: 'read by OpenAI',
    args: (w) => [{ url: w.server.web.pageUrl(SHRIMP_PAGE), useOpenAI: true }],
    check: (body: unknown) => expect(body).toMatchObject({ name: FAKE_MODEL_RECIPE.name }),
  }),
  op('RecipeCRUDApi', 'createRecipeFromHtmlOrJsonApiRecipesCreateHtmlOrJsonPost').row({
    as: 'member',
    status: 201,
    title: 'a whole page',
    args: () => [{ data: readImportDev('html', SHRIMP_PAGE), includeTags: false }],
    check: async (slug: unknown, w) => expect((await readRecipe(w, String(slug))).recipeIngredient).toHaveLength(5),
  }),
  op('RecipeCRUDApi', 'createRecipeFromHtmlOrJsonApiRecipesCreateHtmlOrJsonPost').row({
    as: 'member',
    status: 201,
    title: 'a schema.org object',
    args: () => [{ data: readImportDev('json', 'jalapeno-popper-dip.json') }],
    check: async (slug: unknown, w) => expect((await readRecipe(w, String(slug))).recipeInstructions).toHaveLength(4),
  }),
  op('RecipeCRUDApi', 'createRecipeFromZipApiRecipesCreateZipPost').row({
    as: 'member',
    status: 201,
    setup: exportedZip,
    args: (_w, { zip }) => [uploadField(zip, 'recipe.zip', 'application/zip')],
    check: async (slug: unknown, w, { name }) => {
      const recipe = await readRecipe(w, String(slug));
      expect(recipe.name).toBe(name);
      expect(recipe.recipeIngredient).toHaveLength(2);
    },
  }),
  op('RecipeCRUDApi', 'createRecipeFromImageApiRecipesCreateImagePost').row({
    as: 'member',
    status: 201,
    args: (w) => [uploadList(uploadField(w.png, 'card.png', 'image/png')), 'en-US'],
    check: async (slug: unknown, w) => {
      const recipe = await readRecipe(w, String(slug));
      expect(recipe.name).toBe(FAKE_MODEL_RECIPE.name);
      expect(recipe.recipeIngredient).toHaveLength(FAKE_MODEL_RECIPE.recipeIngredient.length);
      expect(recipe.image).toBeTruthy();
    },
  }),

  op('GroupsReportsApi', 'getAllApiGroupsReportsGet').row({
    as: 'member',
    status: 200,
    setup: finishedBulkImport,
    args: () => ['bulk_import'],
    check: (body, _w, reportId) => expect(body.map((r) => r.id)).toContain(reportId),
  }),
  op('GroupsReportsApi', 'getAllApiGroupsReportsGet').row({ status: 200, title: 'every category', setup: finishedBulkImport, args: () => [] }),
  op('GroupsReportsApi', 'getOneApiGroupsReportsItemIdGet').row({
    as: 'member',
    status: 200,
    setup: finishedBulkImport,
    args: (_w, reportId) => [reportId],
    check: (body) => {
      expect(body.status).toBe('partial');
      expect(body.entries?.map((e) => e.success)).toEqual([true, false]);
    },
  }),
  op('GroupsReportsApi', 'deleteOneApiGroupsReportsItemIdDelete').row({
    status: 200,
    setup: finishedBulkImport,
    args: (_w, reportId) => [reportId],
    check: async (body: unknown, w, reportId) => {
      expectValid('ReportOut', body);
      expect((await w.admin.clients.GroupsReportsApi.getOneApiGroupsReportsItemIdGet(reportId)).status).toBe(404);
    },
  }),
];
