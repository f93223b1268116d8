import { call } from './client';
import { ROUTES } from '../../../contract/route-table';
import { sendMultipart, type UploadProgressHandler } from './multipart';

export type { AiDraft, OcrBlock, OcrBox, OcrLine, OcrPage, OcrResult } from '../../../contract/ocr';

/** The OCR editor's calls: read photos into boxes, AI pre-fill, save the recipe with its photos. */
export const ocrApi = {
  languages: () => call(ROUTES.ocrLanguages),
  read: (images: readonly Blob[], language: string, onProgress?: UploadProgressHandler) =>
    sendMultipart(ROUTES.ocrRead, [['language', language], ...images.map((image) => ['images', image] as const)], { onProgress }),
  aiDraft: (images: readonly Blob[]) => sendMultipart(ROUTES.ocrAiDraft, images.map((image) => ['images', image] as const)),
  save: (recipe: unknown, images: readonly Blob[]) =>
    sendMultipart(ROUTES.ocrSave, [['recipe', JSON.stringify(recipe)], ...images.map((image) => ['images', image] as const)]),
};
