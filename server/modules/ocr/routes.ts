import { z } from 'zod';
import { ocrLanguageList, ocrResult } from '../../../contract/ocr.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { aiDraft, draftFromPhotos } from './ai.js';
import { acquireOcrPool } from './engine.js';
import { OCR_LANGUAGES } from './languages.js';
import { ocrLanguage, photos, readPhotos, recipeField, saveOcrRecipe } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipe: OCR'];
const access = { access: 'user' as const };

/** The OCR editor's API: languages, read photos into boxes, AI pre-fill, save the assembled recipe. */
export default async function ocrRoutes(app: App, deps: Deps) {
  const { pool, release } = acquireOcrPool();
  app.addHook('onClose', release);

  app.get(API.ocrLanguages, { config: access, schema: { tags, response: { 200: ocrLanguageList } } }, async () => ({
    languages: [...OCR_LANGUAGES],
    default: 'eng',
  }));

  app.post(API.ocr, { config: access, schema: { tags, response: { 200: ocrResult } } }, async (request) => {
    const { fields, files } = await readMultipart(request);
    const language = ocrLanguage(fields.language);
    return readPhotos(pool, language, photos(files.images));
  });

  app.post(API.ocrAi, { config: access, schema: { tags, response: { 200: aiDraft } } }, async (request) => {
    const { files } = await readMultipart(request);
    return draftFromPhotos(deps.config, photos(files.images).map((f) => f.data));
  });

  app.post(API.ocrRecipes, { config: access, schema: { tags, response: { 201: z.string() } } }, async (request, reply) => {
    const { fields, files } = await readMultipart(request);
    const recipe = recipeField(fields.recipe);
    const created = await saveOcrRecipe(deps, currentUser(request), recipe, photos(files.images));
    reply.status(201).type('application/json; charset=utf-8');
    return JSON.stringify(created.slug);
  });
}
