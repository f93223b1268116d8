import type { RecipeOutput } from 'mealie-typescript';
import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { expectValid } from '../schemas.js';
import { uploadField } from '../uploads.js';
import { made } from './fixtures.js';
import { binary, isWebp, plainRecipe, recipeWithImage } from './recipe-fixtures.js';

const imageFile = (w: World) => uploadField(w.png, 'photo.png', 'image/png');
const assetFile = () => uploadField(Buffer.from('%PDF-1.4 contract asset\n'), 'card.pdf', 'application/pdf');

async function readBack(w: World, recipe: RecipeOutput): Promise<RecipeOutput> {
  return made(w.admin.clients.RecipeCRUDApi.getOneApiRecipesSlugGet(recipe.slug ?? ''), 'recipe read');
}

/** A recipe with an asset uploaded through the client. */
async function recipeWithAsset(w: World) {
  const recipe = await plainRecipe(w);
  const asset = await made(
    w.admin.clients.RecipeImagesAndAssetsApi.uploadRecipeAssetApiRecipesSlugAssetsPost(recipe.slug ?? '', 'Recipe card', 'mdi-file', 'pdf', assetFile()),
    'asset',
  );
  return { recipe, asset };
}

/** A timeline event of a recipe, with an image uploaded through the client. */
async function timelineEventWithImage(w: World) {
  const recipe = await plainRecipe(w);
  const event = await made(
    w.admin.clients.RecipeTimelineApi.createOneApiRecipesTimelineEventsPost({ recipeId: recipe.id ?? '', subject: 'Cooked it', eventType: 'info' }),
    'timeline event',
  );
  await made(w.admin.clients.RecipeTimelineApi.updateEventImageApiRecipesTimelineEventsItemIdImagePut(event.id, imageFile(w), 'png'), 'event image');
  return { recipe, event };
}

/**
 * Recipe images (upload, download from a URL, removal), assets, the public media files and the group's
 * storage. RecipeCRUDApi and RecipeImagesAndAssetsApi both offer the four recipe routes: each is called.
 */
export const recipeMediaRows = [
  ...(['RecipeImagesAndAssetsApi', 'RecipeCRUDApi'] as const).flatMap((api) => [
    op(api, 'updateRecipeImageApiRecipesSlugImagePut').row({
      as: 'member',
      status: 200,
      setup: plainRecipe,
      args: (w, recipe) => [recipe.slug ?? '', imageFile(w), 'png'],
      check: async (body, w, recipe) => expect((await readBack(w, recipe)).image).toBe(body.image),
    }),
    op(api, 'scrapeImageUrlApiRecipesSlugImagePost').row({
      status: 200,
      setup: plainRecipe,
      args: (w, recipe) => [recipe.slug ?? '', { url: w.server.web.imageUrl }],
      check: async (body: unknown, w, recipe) => {
        const image = (await readBack(w, recipe)).image;
        expect(image).toEqual(expect.any(String));
        expectValid('UpdateImageResponse', body);
        expect(body).toEqual({ image });
      },
    }),
    op(api, 'deleteRecipeImageApiRecipesSlugImageDelete').row({
      status: 200,
      setup: recipeWithImage,
      args: (_w, recipe) => [recipe.slug ?? ''],
      check: async (_body, w, recipe) => expect((await readBack(w, recipe)).image).toBeFalsy(),
    }),
    op(api, 'uploadRecipeAssetApiRecipesSlugAssetsPost').row({
      as: 'member',
      status: 200,
      setup: plainRecipe,
      args: (_w, recipe) => [recipe.slug ?? '', 'Recipe card', 'mdi-file', 'pdf', assetFile()],
      check: async (body, w, recipe) => {
        expect(body).toEqual({ name: 'Recipe card', icon: 'mdi-file', fileName: 'recipe-card.pdf' });
        expect((await readBack(w, recipe)).assets).toEqual([body]);
      },
    }),
  ]),
  op('RecipeImagesAndAssetsApi', 'getRecipeImgApiMediaRecipesRecipeIdImagesFileNameGet').row({
    as: 'anon',
    status: 200,
    setup: recipeWithImage,
    args: (_w, recipe) => [recipe.id ?? '', 'min-original.webp', binary],
    check: (body) => expect(isWebp(body)).toBe(true),
  }),
  op('RecipeImagesAndAssetsApi', 'getRecipeAssetApiMediaRecipesRecipeIdAssetsFileNameGet').row({
    as: 'anon',
    status: 200,
    setup: recipeWithAsset,
    args: (_w, { recipe, asset }) => [recipe.id ?? '', asset.fileName ?? '', binary],
    check: (body) => expect(Buffer.from(body as ArrayBuffer).toString('utf8')).toBe('%PDF-1.4 contract asset\n'),
  }),
  op('RecipeImagesAndAssetsApi', 'getRecipeTimelineEventImgApiMediaRecipesRecipeIdImagesTimelineTimelineEventIdFileNameGet').row({
    as: 'anon',
    status: 200,
    setup: timelineEventWithImage,
    args: (_w, { recipe, event }) => [recipe.id ?? '', event.id, 'tiny-original.webp', binary],
    check: (body) => expect(isWebp(body)).toBe(true),
  }),
  op('GroupsSelfServiceApi', 'getStorageApiGroupsStorageGet').row({
    as: 'member',
    status: 200,
    setup: recipeWithAsset,
    args: () => [],
    check: (body) => expect(body.usedStorageBytes).toBeGreaterThan(0),
  }),
];
