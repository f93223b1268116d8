import { z } from 'zod';

/**
 * POST /api/ocr: photos of cookbook pages read by local OCR. Each page answers its text as blocks (a column
 * or a paragraph group) of lines of words, every one with its box in the pixels of `image` (the normalised
 * page the boxes belong to: upright, deskewed) and tesseract's confidence (0–100).
 */

export const ocrLanguages = ['eng', 'deu', 'fra', 'spa', 'ita', 'nld'] as const;

export const ocrBox = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });
export type OcrBox = z.infer<typeof ocrBox>;

export const ocrWord = z.object({ text: z.string(), confidence: z.number(), bbox: ocrBox });
export type OcrWord = z.infer<typeof ocrWord>;

export const ocrLine = z.object({ id: z.string(), text: z.string(), confidence: z.number(), bbox: ocrBox, words: z.array(ocrWord) });
export type OcrLine = z.infer<typeof ocrLine>;

export const ocrBlock = z.object({ id: z.string(), text: z.string(), confidence: z.number(), bbox: ocrBox, lines: z.array(ocrLine) });
export type OcrBlock = z.infer<typeof ocrBlock>;

export const ocrPage = z.object({
  index: z.number().int(),
  fileName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The skew removed, in degrees (clockwise turn applied to the upright photo). */
  deskewDegrees: z.number(),
  /** data:image/jpeg;base64,… — the page exactly as read; boxes are in its pixels. */
  image: z.string(),
  text: z.string(),
  confidence: z.number(),
  durationMs: z.number(),
  blocks: z.array(ocrBlock),
});
export type OcrPage = z.infer<typeof ocrPage>;

export const ocrResult = z.object({ language: z.string(), pages: z.array(ocrPage) });
export type OcrResult = z.infer<typeof ocrResult>;

/** GET /api/ocr/languages */
export const ocrLanguageList = z.object({ languages: z.array(z.string()), default: z.string() });

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
