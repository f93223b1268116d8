import { z } from 'zod';
import { extraImageMediaParams, recipeImageParams, recipeImagesOrder, recipeImagesOut, recipeMediaParams, groupStorage as groupStorageOut, recipeAssetOut, scrapeImageBody, timelineMediaParams, updateImageResponse } from '../../../contract/recipe-media.js';
import { slugParam } from '../../../contract/recipes.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { isUuid, safeFileName, sendStored, storageKeys } from '../../platform/storage/index.js';
import { findRecipeRow } from '../recipes/service.js';
import { findEditableRecipe } from './access.js';
import { assetContentType, saveRecipeAsset } from './assets.js';
import { fetchAndSaveRecipeImage, isImageFileName, removeRecipeImage, saveRecipeImage } from './images.js';
import { addRecipeImage, deleteRecipeImage, listRecipeImages, makeMainImage, orderRecipeImages } from './gallery.js';
import { groupStorage } from './storage.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipe: Images and Assets'];
/** Image URLs carry ?version=<recipe.image>, so a new image is a new URL and the old bytes may be cached for long. */
const IMAGE_CACHE = 'public, max-age=31536000';

function mediaRecipeId(value: string): string {
  if (!isUuid(value)) throw notFound('common.file-not-found');
  return value.toLowerCase();
}

export default async function recipeMediaRoutes(app: App, deps: Deps) {
  app.put(API.recipesBySlugImage,
    { config: { access: 'user' }, schema: { tags, params: slugParam, response: { 200: updateImageResponse } } },
    async (request) => {
      const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
      const { files } = await readMultipart(request);
      const upload = files.image?.[0];
      if (!upload) throw badRequest('common.missing-image-file-multipart-field-image');
      return { image: await saveRecipeImage(deps, recipe.id, upload.data) };
    },
  );

  app.post(API.recipesBySlugImage,
    { config: { access: 'user' }, schema: { tags, params: slugParam, body: scrapeImageBody, response: { 200: updateImageResponse } } },
    async (request) => {
      const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
      return { image: await fetchAndSaveRecipeImage(deps, recipe.id, request.body.url) };
    },
  );

  // Not in Mealie 2.0's route table, but in its generated clients (a later Mealie added it).
  app.delete(API.recipesBySlugImage, { config: { access: 'user' }, schema: { tags, params: slugParam, response: { 200: z.null() } } }, async (request) => {
    const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
    await removeRecipeImage(deps, recipe.id);
    return null;
  });

  // Hearth: the gallery and step images (issue 41). Reading needs only the group's recipe; changing, the edit rule.
  const images = { tags, response: { 200: recipeImagesOut } };
  app.get(API.recipesBySlugImages, { config: { access: 'user' }, schema: { ...images, params: slugParam } }, async (request) => {
    const recipe = await findRecipeRow(deps.db, currentUser(request).groupId, request.params.slug);
    return listRecipeImages(deps, recipe.id);
  });

  app.post(API.recipesBySlugImages, { config: { access: 'user' }, schema: { ...images, params: slugParam } }, async (request) => {
    const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
    const { fields, files } = await readMultipart(request);
    const upload = files.image?.[0];
    if (!upload) throw badRequest('common.missing-image-file-multipart-field-image');
    return addRecipeImage(deps, recipe.id, { data: upload.data, stepId: fields.stepId });
  });

  app.put(API.recipesBySlugImages, { config: { access: 'user' }, schema: { ...images, params: slugParam, body: recipeImagesOrder } }, async (request) => {
    const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
    return orderRecipeImages(deps, recipe.id, request.body.order);
  });

  app.delete(API.recipesBySlugImagesByImageId, { config: { access: 'user' }, schema: { ...images, params: recipeImageParams } }, async (request) => {
    const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
    return deleteRecipeImage(deps, recipe.id, request.params.image_id);
  });

  app.post(API.recipesBySlugImagesByImageIdMain, { config: { access: 'user' }, schema: { ...images, params: recipeImageParams } }, async (request) => {
    const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
    return makeMainImage(deps, recipe.id, request.params.image_id);
  });

  app.post(API.recipesBySlugAssets,
    { config: { access: 'user' }, schema: { tags, params: slugParam, response: { 200: recipeAssetOut } } },
    async (request) => {
      const recipe = await findEditableRecipe(deps, currentUser(request), request.params.slug);
      const { fields, files } = await readMultipart(request);
      const file = files.file?.[0];
      if (!file) throw badRequest('recipe-media.missing-file-multipart-field-file');
      return saveRecipeAsset(deps, recipe.id, { name: fields.name ?? '', icon: fields.icon ?? '', extension: fields.extension, file });
    },
  );

  app.get(API.groupsStorage, { config: { access: 'user' }, schema: { tags: ['Groups: Self Service'], response: { 200: groupStorageOut } } }, async (request) =>
    groupStorage(deps, currentUser(request).groupId),
  );

  // Public, as in Mealie: the recipe's UUID in the URL is the only key (a share link shows the same image).
  const hide = { hide: true };
  app.get(API.mediaRecipesByRecipeIdImagesByFileName, { exposeHeadRoute: true, config: { access: 'public' }, schema: { ...hide, params: recipeMediaParams } }, async (request, reply) => {
    const { recipe_id: recipeId, file_name: fileName } = request.params;
    if (!isImageFileName(fileName)) throw notFound('common.file-not-found');
    return sendStored(request, reply, deps.storage, storageKeys.recipeImage(mediaRecipeId(recipeId), fileName), { contentType: 'image/webp', cacheControl: IMAGE_CACHE });
  });

  app.get(API.mediaRecipesByRecipeIdImagesTimelineByEventIdByFileName,
    { exposeHeadRoute: true, config: { access: 'public' }, schema: { ...hide, params: timelineMediaParams } },
    async (request, reply) => {
      const { recipe_id: recipeId, event_id: eventId, file_name: fileName } = request.params;
      if (!isImageFileName(fileName) || !isUuid(eventId)) throw notFound('common.file-not-found');
      const key = storageKeys.timelineImage(mediaRecipeId(recipeId), eventId.toLowerCase(), fileName);
      return sendStored(request, reply, deps.storage, key, { contentType: 'image/webp', cacheControl: IMAGE_CACHE });
    },
  );

  for (const [path, kind] of [[API.mediaRecipesByRecipeIdImagesGalleryByImageIdByFileName, 'gallery'], [API.mediaRecipesByRecipeIdImagesStepsByImageIdByFileName, 'steps']] as const) {
    // An image's id is new for new bytes, so these are cached for long without a ?version=.
    app.get(path, { exposeHeadRoute: true, config: { access: 'public' }, schema: { ...hide, params: extraImageMediaParams } }, async (request, reply) => {
      const { recipe_id: recipeId, image_id: imageId, file_name: fileName } = request.params;
      if (!isImageFileName(fileName) || !isUuid(imageId)) throw notFound('common.file-not-found');
      const key = storageKeys.recipeExtraImage(mediaRecipeId(recipeId), kind, imageId.toLowerCase(), fileName);
      return sendStored(request, reply, deps.storage, key, { contentType: 'image/webp', cacheControl: IMAGE_CACHE });
    });
  }

  app.get(API.mediaRecipesByRecipeIdAssetsByFileName, { exposeHeadRoute: true, config: { access: 'public' }, schema: { ...hide, params: recipeMediaParams } }, async (request, reply) => {
    const { recipe_id: recipeId, file_name: fileName } = request.params;
    if (safeFileName(fileName) !== fileName) throw notFound('common.file-not-found');
    reply.header('Content-Disposition', `inline; filename="${fileName}"`);
    // Even an allowed type never runs scripts or reaches our origin's cookies when opened directly.
    reply.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'");
    // Ranges too, so an audio or video asset can seek.
    const key = storageKeys.recipeAsset(mediaRecipeId(recipeId), fileName);
    return sendStored(request, reply, deps.storage, key, { contentType: assetContentType(fileName), cacheControl: 'public, max-age=3600' });
  });
}
