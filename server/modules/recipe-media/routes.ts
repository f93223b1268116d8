import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { recipeMediaParams, groupStorage as groupStorageOut, recipeAssetOut, scrapeImageBody, timelineMediaParams, updateImageResponse } from '../../../contract/recipe-media.js';
import { slugParam } from '../../../contract/recipes.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { isUuid, safeFileName } from '../../platform/storage.js';
import { findEditableRecipe } from './access.js';
import { assetContentType, assetPath, saveRecipeAsset } from './assets.js';
import { fetchAndSaveRecipeImage, isImageFileName, recipeImagesDir, removeRecipeImage, saveRecipeImage, timelineImagesDir } from './images.js';
import { groupStorage } from './storage.js';

const tags = ['Recipe: Images and Assets'];
/** Image URLs carry ?version=<recipe.image>, so a new image is a new URL and the old bytes may be cached for long. */
const IMAGE_CACHE = 'public, max-age=31536000';

async function sendFile(reply: FastifyReply, file: string, contentType: string, cacheControl: string): Promise<FastifyReply> {
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw notFound('File not found');
  reply.header('Cache-Control', cacheControl);
  reply.header('Last-Modified', stat.mtime.toUTCString());
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Length', String(stat.size));
  return reply.type(contentType).send(fs.createReadStream(file));
}

function mediaRecipeId(value: string): string {
  if (!isUuid(value)) throw notFound('File not found');
  return value.toLowerCase();
}

export default async function recipeMediaRoutes(app: App, deps: Deps) {
  app.put(
    '/api/recipes/:slug/image',
    { config: { access: 'user' }, schema: { tags, params: slugParam, response: { 200: updateImageResponse } } },
    async (request) => {
      const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
      const { files } = await readMultipart(request);
      const upload = files.image?.[0];
      if (!upload) throw badRequest('Missing image file (multipart field "image")');
      return { image: await saveRecipeImage(deps, recipe.id, upload.data) };
    },
  );

  app.post(
    '/api/recipes/:slug/image',
    { config: { access: 'user' }, schema: { tags, params: slugParam, body: scrapeImageBody, response: { 200: updateImageResponse } } },
    async (request) => {
      const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
      return { image: await fetchAndSaveRecipeImage(deps, recipe.id, request.body.url) };
    },
  );

  // Not in Mealie 2.0's route table, but in its generated clients (a later Mealie added it).
  app.delete('/api/recipes/:slug/image', { config: { access: 'user' }, schema: { tags, params: slugParam, response: { 200: z.null() } } }, async (request) => {
    const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
    await removeRecipeImage(deps, recipe.id);
    return null;
  });

  app.post(
    '/api/recipes/:slug/assets',
    { config: { access: 'user' }, schema: { tags, params: slugParam, response: { 200: recipeAssetOut } } },
    async (request) => {
      const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
      const { fields, files } = await readMultipart(request);
      const file = files.file?.[0];
      if (!file) throw badRequest('Missing file (multipart field "file")');
      return saveRecipeAsset(deps, recipe.id, { name: fields.name ?? '', icon: fields.icon ?? '', extension: fields.extension, file });
    },
  );

  app.get('/api/groups/storage', { config: { access: 'user' }, schema: { tags: ['Groups: Self Service'], response: { 200: groupStorageOut } } }, async (request) =>
    groupStorage(deps, currentUser(request).groupId),
  );

  // Public, as in Mealie: the recipe's UUID in the URL is the only key (a share link shows the same image).
  const hide = { hide: true };
  app.get('/api/media/recipes/:recipe_id/images/:file_name', { config: { access: 'public' }, schema: { ...hide, params: recipeMediaParams } }, async (request, reply) => {
    const { recipe_id: recipeId, file_name: fileName } = request.params;
    if (!isImageFileName(fileName)) throw notFound('File not found');
    return sendFile(reply, path.join(recipeImagesDir(deps, mediaRecipeId(recipeId)), fileName), 'image/webp', IMAGE_CACHE);
  });

  app.get(
    '/api/media/recipes/:recipe_id/images/timeline/:event_id/:file_name',
    { config: { access: 'public' }, schema: { ...hide, params: timelineMediaParams } },
    async (request, reply) => {
      const { recipe_id: recipeId, event_id: eventId, file_name: fileName } = request.params;
      if (!isImageFileName(fileName) || !isUuid(eventId)) throw notFound('File not found');
      const dir = timelineImagesDir(deps, mediaRecipeId(recipeId), eventId.toLowerCase());
      return sendFile(reply, path.join(dir, fileName), 'image/webp', IMAGE_CACHE);
    },
  );

  app.get('/api/media/recipes/:recipe_id/assets/:file_name', { config: { access: 'public' }, schema: { ...hide, params: recipeMediaParams } }, async (request, reply) => {
    const { recipe_id: recipeId, file_name: fileName } = request.params;
    if (safeFileName(fileName) !== fileName) throw notFound('File not found');
    reply.header('Content-Disposition', `inline; filename="${fileName}"`);
    // Even an allowed type never runs scripts or reaches our origin's cookies when opened directly.
    reply.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'");
    return sendFile(reply, assetPath(deps, mediaRecipeId(recipeId), fileName), assetContentType(fileName), 'public, max-age=3600');
  });
}
