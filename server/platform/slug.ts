import { lazyRequire } from '../lazy.js';

/** any-ascii's tables (~0.5 MB of source held in memory) load with the first slug made, not at start-up. */
const loadAnyAscii = lazyRequire<{ default: (text: string) => string }>('any-ascii');

/**
 * URL slug as Mealie makes them: always ASCII (every script transliterated — курица → kuritsa, ø → o,
 * ß → ss, バ → ba), lower-case, words joined by dashes. Slugs already stored are never recomputed, so
 * recipes saved with older non-ASCII slugs keep their URLs.
 */
export function slugify(text: string): string {
  const slug = loadAnyAscii().default(text.normalize('NFC').replace(/['’]/g, ''))
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'item';
}

/** Accent-folded, lower-cased, trimmed text for searching and matching (Mealie's *_normalized columns). */
export function normalizeText(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
