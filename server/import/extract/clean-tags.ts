import { cleanLine } from './clean-text.js';
import { isJsonObject, toArray } from './types.js';

const LONGEST_TAG = 100;

/**
 * Merges tag-like values (a comma-separated string, arrays of strings, or {name} objects as Mealie
 * sends them) into one list: trimmed, markup stripped, without blanks and without case-insensitive
 * duplicates, first spelling kept.
 */
export function cleanTagList(...sources: unknown[]): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    for (const item of toArray(source)) {
      const raw = isJsonObject(item) ? item.name : item;
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
      for (const piece of text.split(/[,;]/)) {
        const tag = cleanLine(piece);
        const key = tag.toLocaleLowerCase();
        if (!tag || tag.length > LONGEST_TAG || seen.has(key)) continue;
        seen.add(key);
        tags.push(tag);
      }
    }
  }
  return tags;
}
