import type { OcrResult } from '../../../contract/ocr';
import { call } from './client';
import { ROUTES } from '../../../contract/route-table';
import { sendMultipart, type UploadProgressHandler } from './multipart';
import { API } from '../../../contract/routes';

export type { OcrBlock, OcrBox, OcrLine, OcrPage, OcrResult } from '../../../contract/ocr';

/** What "let AI fill the fields" answers (POST /api/ocr/ai): nothing is saved. */
export interface AiDraft {
  name: string;
  description: string;
  recipeYield: string;
  prepTime: string;
  cookTime: string;
  totalTime: string;
  recipeIngredient: string[];
  recipeInstructions: string[];
  notes: string[];
}

/** The OCR editor's calls: read photos into boxes, AI pre-fill, save the recipe with its photos. */
export const ocrApi = {
  languages: () => call(ROUTES.ocrLanguages),
  read: (images: readonly Blob[], language: string, onProgress?: UploadProgressHandler) =>
    sendMultipart<OcrResult>('POST', API.ocr, [['language', language], ...images.map((image) => ['images', image] as const)], { onProgress }),
  aiDraft: (images: readonly Blob[]) => sendMultipart<AiDraft>('POST', API.ocrAi, images.map((image) => ['images', image] as const)),
  save: (recipe: unknown, images: readonly Blob[]) =>
    sendMultipart<string>('POST', API.ocrRecipes, [['recipe', JSON.stringify(recipe)], ...images.map((image) => ['images', image] as const)]),
};
