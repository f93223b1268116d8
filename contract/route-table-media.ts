/**
 * Route table rows for files and food knowledge: multipart uploads (recipe image and assets, imports from
 * archives and photos, OCR, backups, migrations), a stored asset's bytes, a recipe's computed nutrition and
 * the reference foods. Spread into ROUTES (contract/route-table.ts).
 */
import { route, type Multipart } from './route-table-row.js';
import type { SuccessResponse } from './common.js';
import type { ReferenceSuggestions } from './foods.js';
import type { ComputedNutritionOut } from './nutrition.js';
import type { AiDraft, OcrResult } from './ocr.js';
import type { RecipeImagesOrder, RecipeImagesOut } from './recipe-media.js';
import type { ReportSummary } from './reports.js';
import { API } from './routes.js';

export const mediaRoutes = {
  recipeImageUpload: route('PUT', API.recipesBySlugImage).returns<{ image?: string }, Multipart<'image' | 'extension'>>(),
  /** Hearth: the gallery and step images (issue 41). */
  recipeImages: route('GET', API.recipesBySlugImages).returns<RecipeImagesOut>(),
  recipeImageAdd: route('POST', API.recipesBySlugImages).returns<RecipeImagesOut, Multipart<'image' | 'stepId'>>(),
  recipeImagesOrder: route('PUT', API.recipesBySlugImages).returns<RecipeImagesOut, RecipeImagesOrder>(),
  recipeImageDelete: route('DELETE', API.recipesBySlugImagesByImageId).returns<RecipeImagesOut>(),
  recipeImageMain: route('POST', API.recipesBySlugImagesByImageIdMain).returns<RecipeImagesOut>(),
  recipeAssetUpload: route('POST', API.recipesBySlugAssets).returns<unknown, Multipart<'name' | 'icon' | 'extension' | 'file'>>(),
  /** A stored asset's bytes (called with `as: 'blob'`). */
  recipeAssetFile: route('GET', API.mediaRecipesByRecipeIdAssetsByFileName).returns<Blob>(),
  importZip: route('POST', API.recipesCreateZip).returns<string, Multipart<'archive'>>(),
  importImages: route('POST', API.recipesCreateImage).returns<string, Multipart<'images' | 'extension'>, { translateLanguage?: string }>(),
  ocrRead: route('POST', API.ocr).returns<OcrResult, Multipart<'language' | 'images'>>(),
  ocrAiDraft: route('POST', API.ocrAi).returns<AiDraft, Multipart<'images'>>(),
  ocrSave: route('POST', API.ocrRecipes).returns<string, Multipart<'recipe' | 'images'>>(),
  backupUpload: route('POST', API.adminBackupsUpload).returns<SuccessResponse, Multipart<'archive'>>(),
  debugOpenAi: route('POST', API.adminDebugOpenai).returns<{ success: boolean; response: string | null }, Multipart<'image' | 'extension'>>(),
  migrationStart: route('POST', API.groupsMigrations).returns<ReportSummary, Multipart<'migration_type' | 'add_migration_tag' | 'archive'>>(),

  nutritionComputed: route('GET', API.recipesBySlugNutritionComputed).returns<ComputedNutritionOut, undefined, { scale: number }>(),
  nutritionSource: route('PUT', API.recipesBySlugNutritionSource).returns<ComputedNutritionOut, { source: ComputedNutritionOut['source'] }>(),
  referenceFoods: route('GET', API.foodsReferenceFoods).returns<ReferenceSuggestions, undefined, { search: string }>(),
  referenceSuggestions: route('GET', API.foodsByItemIdReferenceSuggestions).returns<ReferenceSuggestions>(),
} as const;
