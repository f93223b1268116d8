/**
 * Moved to server/platform/storage/ (the storage interface and its helpers). This file only re-exports the
 * helpers for code written against the old path; import from './storage/index.js' instead.
 */
export { dataPath, isUuid, safeFileName, sniffImage, writeFileAtomic } from './storage/index.js';
