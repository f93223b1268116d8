import type { ExpandedWord, RecipeSearch, SearchOrder, SearchPageOptions, SearchScope } from './model.js';
import { postgresSearch } from './query-postgres.js';
import { sqliteSearch } from './query-sqlite.js';
import type { SearchDeps } from './tables.js';
import { MIN_CORRECTED_TERM_LENGTH, parseSearchText, type SearchWord } from './text.js';
import { corrections, wordsWithPrefixHits } from './vocabulary.js';

/** Looks each word up in the vocabulary: prefix hits stand, misses get their one-typo corrections. */
export async function expandSearchWords(deps: SearchDeps, words: readonly SearchWord[]): Promise<ExpandedWord[]> {
  const correctable = words
    .filter((w) => !w.exact && [...w.terms[0]].length >= MIN_CORRECTED_TERM_LENGTH && !/^\p{N}+$/u.test(w.terms[0]))
    .map((w) => w.terms[0]);
  const found = await wordsWithPrefixHits(deps.db, correctable);
  const misspelt = correctable.filter((term) => !found.has(term));
  const fixes = await corrections(deps.db, deps.engine, misspelt);
  return words.map((word) => ({
    word,
    prefix: !word.exact && [...word.terms[0]].length >= 2,
    corrections: word.exact ? [] : (fixes.get(word.terms[0]) ?? []),
  }));
}

/**
 * Prepares a free-text search of a group's recipes: accent- and case-insensitive, prefix matching while
 * typing, one typo per word forgiven, every word required, "quoted phrases" kept whole. Returns null when
 * the text has no searchable word (the list is then not narrowed, as in Mealie). Costs two small
 * vocabulary lookups; the search itself runs inside the page and count queries.
 */
export async function prepareRecipeSearch(deps: SearchDeps, text: string | null | undefined, scope: SearchScope): Promise<RecipeSearch | null> {
  const words = parseSearchText(text ?? '');
  if (words.length === 0) return null;
  const expanded = await expandSearchWords(deps, words);
  return deps.engine === 'postgres' ? postgresSearch(deps.db, expanded, scope.groupId) : sqliteSearch(deps.db, expanded, scope.groupId);
}

/** Ids of a group's recipes matching the text, best first (tests, explore, suggestions). */
export async function searchRecipeIds(deps: SearchDeps, groupId: string, text: string, options: Partial<SearchPageOptions> = {}): Promise<string[]> {
  const search = await prepareRecipeSearch(deps, text, { groupId });
  if (!search) return [];
  const page = await search.page({ limit: options.limit ?? null, offset: options.offset ?? 0, order: options.order });
  return page.recipeIds;
}

/**
 * The page order a search answers by itself for Mealie's orderBy / orderDirection: none → relevance,
 * `name` or `created_at` (optionally `key:asc|desc`, camelCase accepted) → that order within tiers.
 * Null for anything else (several keys, rating, random...): the list query must order, using `tier`.
 */
export function searchOrderFor(orderBy: string | null | undefined, orderDirection: 'asc' | 'desc'): SearchOrder | null {
  const items = (orderBy ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  if (items.length === 0) return { by: 'relevance' };
  if (items.length > 1) return null;
  const [rawKey, rawDirection] = items[0].split(':').map((part) => part.trim());
  const key = rawKey.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const direction = rawDirection === undefined ? orderDirection : rawDirection;
  if (direction !== 'asc' && direction !== 'desc') return null;
  if (key === 'name' || key === 'created_at') return { by: key, direction };
  return null;
}
