import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  bulkImportStarted, createFromImageQuery, createRecipeByUrlBulk, scrapedRecipeOut, scrapeRecipe, scrapeRecipeData, scrapeRecipeTest,
} from '../../../contract/import.js';
import { parseRecipesBody, parseRecipesResult, unparsedRecipes } from '../../../contract/parse-ingredients.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { startBulkImport } from './bulk.js';
import { listUnparsedRecipes, parseRecipeIngredients } from './bulk-parse.js';
import { importFromImages } from './image-import.js';
import { OcrEngine } from './ocr.js';
import { scrapeWithOpenAi } from './openai-scrape.js';
import { importFromHtmlOrJson, importFromUrl, scrapeUrl } from './service.js';
import { draftToScrapedRecipe } from './to-recipe.js';
import { importFromZip } from './zip-import.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipe: Create'];
const access = { access: 'user' as const };

/** Mealie answers a created recipe with 201 and its slug as a JSON string. */
function createdSlug(reply: FastifyReply, slug: string): string {
  reply.status(201).type('application/json; charset=utf-8');
  return JSON.stringify(slug);
}

export default async function recipeImportRoutes(app: App, deps: Deps) {
  const ocr = new OcrEngine();
  app.addHook('onClose', async () => {
    await ocr.close();
  });

  app.post(API.recipesCreateUrl, { config: access, schema: { tags, body: scrapeRecipe, response: { 201: z.string() } } }, async (request, reply) => {
    const created = await importFromUrl(deps, currentUser(request), request.body.url, { includeTags: request.body.includeTags });
    return createdSlug(reply, created.slug);
  });

  app.post(API.recipesCreateUrlBulk,
    { config: access, schema: { tags, body: createRecipeByUrlBulk, response: { 202: bulkImportStarted } } },
    async (request, reply) => {
      const reportId = await startBulkImport(deps, currentUser(request), request.body);
      reply.status(202);
      return { reportId };
    },
  );

  app.post(API.recipesTestScrapeUrl, { config: access, schema: { tags, body: scrapeRecipeTest, response: { 200: scrapedRecipeOut } } }, async (request) => {
    const draft = request.body.useOpenAI ? await scrapeWithOpenAi(deps, request.body.url) : await scrapeUrl(deps, request.body.url, true);
    return draftToScrapedRecipe(draft);
  });

  app.post(API.recipesCreateHtmlOrJson, { config: access, schema: { tags, body: scrapeRecipeData, response: { 201: z.string() } } }, async (request, reply) => {
    const created = await importFromHtmlOrJson(deps, currentUser(request), request.body.data, { includeTags: request.body.includeTags, url: request.body.url });
    return createdSlug(reply, created.slug);
  });

  app.post(API.recipesCreateZip, { config: access, schema: { tags, response: { 201: z.string() } } }, async (request, reply) => {
    const { files } = await readMultipart(request);
    const archive = files.archive?.[0];
    if (!archive) throw badRequest('recipe-import.send-the-zip-file-in-the-archive');
    const created = await importFromZip(deps, currentUser(request), archive.data);
    return createdSlug(reply, created.slug);
  });

  app.post(API.recipesCreateImage,
    { config: access, schema: { tags, querystring: createFromImageQuery, response: { 201: z.string() } } },
    async (request, reply) => {
      const { files } = await readMultipart(request);
      const images = (files.images ?? []).map((file) => file.data);
      const created = await importFromImages(deps, currentUser(request), images, { translateLanguage: request.query.translateLanguage, ocr });
      return createdSlug(reply, created.slug);
    },
  );

  // Hearth's bulk action: existing recipes' plain-text ingredients parsed as an import would.
  const bulkTags = ['Recipe: Bulk Actions'];
  app.get(API.recipesBulkActionsParseIngredients, { config: access, schema: { tags: bulkTags, response: { 200: unparsedRecipes } } }, async (request) =>
    listUnparsedRecipes(deps, currentUser(request)),
  );
  app.post(API.recipesBulkActionsParseIngredients,
    { config: access, schema: { tags: bulkTags, body: parseRecipesBody, response: { 200: parseRecipesResult } } },
    async (request) => parseRecipeIngredients(deps, currentUser(request), request.body.recipes),
  );
}
