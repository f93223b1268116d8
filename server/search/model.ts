import type { AliasableExpression, Expression, SqlBool } from 'kysely';
import type { SearchWord } from './text.js';

/** One word of the search with the forms it may take in a recipe. */
export interface ExpandedWord {
  word: SearchWord;
  /** Matches words starting with the term (not for quoted or one-letter words). */
  prefix: boolean;
  /** Vocabulary words one typo away, when nothing in the vocabulary starts with the word. */
  corrections: string[];
}

/**
 * The order of a search page. Matches are always grouped in tiers by where the words were found (all in the
 * name, then all within name + description + organizers, then anywhere, ingredients and instructions
 * included); within a tier they follow this order. `relevance` (no orderBy asked) ranks by bm25 / ts_rank,
 * whose field weights put ingredient matches above instruction matches, newest first among equals.
 */
export type SearchOrder = { by: 'relevance' } | { by: 'created_at' | 'name'; direction: 'asc' | 'desc' };

export interface SearchPageOptions {
  /** null: every match. */
  limit: number | null;
  offset: number;
  order?: SearchOrder;
  /**
   * Relevance order scores matches (bm25 / ts_rank) only when there are at most this many (default: the
   * engine's own, TierSource.maxScored); above it, each tier lists its newest recipes first, so a very broad
   * search stays fast.
   */
  scoreLimit?: number;
  /**
   * The match count, when the caller already has it from count() (to size its page window); null when the
   * caller counts beside the page and the page should not wait for it (the page is then collected without
   * it, and a relevance order unscored, so pass null only for name or creation order).
   */
  total?: number | null;
}

export interface RecipeSearchPage {
  /** The page's recipe ids, in order. */
  recipeIds: string[];
  /** Matches in the group, all pages (null when the caller passed null). */
  total: number | null;
}

/** A prepared search over one group's recipes; see prepareRecipeSearch. */
export interface RecipeSearch {
  words: ExpandedWord[];
  /** `<recipeId> IN (the matching recipes)`: a WHERE term for a list query with other filters (count and page). */
  matches(recipeId: string): Expression<SqlBool>;
  /**
   * The tier of a matching recipe: 0 all words in the name, 1 all within name + description + organizers,
   * 2 anywhere. Order a filtered list by it first, then by the list's own order.
   */
  tier(recipeId: string): AliasableExpression<number>;
  /** How many recipes of the group match. */
  count(): Promise<number>;
  /**
   * One page of matches and their total, answered from the search index alone (it never reads the recipes):
   * the fast path for a search with no filter besides the group and an order of relevance, created_at or name.
   */
  page(options: SearchPageOptions): Promise<RecipeSearchPage>;
}

export interface SearchScope {
  groupId: string;
}

/** Relevance tiers of a search: each adds fields to the previous one. */
export const SEARCH_TIERS = 3;
/**
 * On SQLite, a search with more matches than this lists each tier newest first instead of scoring it: bm25
 * reads each match's position lists, ~10 µs apiece at 100k recipes (a 10,000-match search took ~100 ms).
 * A household's library rarely holds more, so its searches are all ranked. PostgreSQL has its own limit.
 */
export const MAX_SCORED_MATCHES = 2_000;

/** How one engine counts and fetches the matches of exactly one tier. */
export interface TierSource {
  /** The most matches this engine scores when the page does not say (SearchPageOptions.scoreLimit). */
  maxScored: number;
  countTier(tier: number): Promise<number>;
  fetchTier(tier: number, window: { limit: number | null; offset: number }, scored: boolean): Promise<string[]>;
}

/**
 * Fills a page tier by tier. A tier's size is counted only when the page starts past it, so the first page
 * of a search costs the total count and usually one fetch, however many recipes match.
 */
export async function collectTierPage(source: TierSource, total: number | null, options: SearchPageOptions): Promise<string[]> {
  const recipeIds: string[] = [];
  const scored = total !== null && total <= (options.scoreLimit ?? source.maxScored);
  const reachable = total ?? Number.POSITIVE_INFINITY;
  let skip = Math.max(0, options.offset);
  let room = options.limit === null ? Number.POSITIVE_INFINITY : Math.max(0, options.limit);
  for (let tier = 0; tier < SEARCH_TIERS && room > 0 && options.offset + recipeIds.length < reachable; tier++) {
    if (skip > 0) {
      const size = await source.countTier(tier);
      if (skip >= size) {
        skip -= size;
        continue;
      }
    }
    const rows = await source.fetchTier(tier, { limit: Number.isFinite(room) ? room : null, offset: skip }, scored);
    recipeIds.push(...rows);
    room -= rows.length;
    skip = 0;
  }
  return recipeIds;
}
