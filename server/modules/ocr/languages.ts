import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The OCR languages: tesseract codes whose models ship in the @tesseract.js-data/<code> packages (installed
 * by npm with the project, read from disk, never downloaded). The int8 "best" LSTM models: accurate and
 * small enough to load in about a second.
 */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'spa', 'ita', 'nld'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

export function isOcrLanguage(value: string): value is OcrLanguage {
  return (OCR_LANGUAGES as readonly string[]).includes(value);
}

const requireHere = createRequire(import.meta.url);

/** The folder holding `<code>.traineddata.gz` for a language. */
export function modelDir(language: OcrLanguage): string {
  return path.join(path.dirname(requireHere.resolve(`@tesseract.js-data/${language}/package.json`)), '4.0.0_best_int');
}
