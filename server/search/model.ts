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
 * The order of a search page. Matches are always grouped by where the words were found (all in the name,
 * then in name + description/organizers, then + ingredients, then anywhere); within a group they follow
 * this order. `relevance` (no orderBy asked) ranks by bm25 / ts_rank, newest first among equals.
 */
export type SearchOrder = { by: 'relevance' } | { by: 'created_at' | 'name'; direction: 'asc' | 'desc' };

export interface SearchPageOptions {
  /** null: every match. */
  limit: number | null;
  offset: number;
  order?: SearchOrder;
}

export interface RecipeSearchPage {
  /** The page's recipe ids, in order. */
  recipeIds: string[];
  /** Matches in the group, all pages. */
  total: number;
}

/** A prepared search over one group's recipes; see prepareRecipeSearch. */
export interface RecipeSearch {
  words: ExpandedWord[];
  /** `<recipeId> IN (the matching recipes)`: a WHERE term for a list query with other filters (count and page). */
  matches(recipeId: string): Expression<SqlBool>;
  /**
   * 0 to 3 for a matching recipe: all words in the name (0), within name + description/organizers (1),
   * + ingredients (2), anywhere (3). Order a filtered list by it first, then by the list's own order.
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

/** Tier groups of a search: each adds fields to the previous one. */
export const SEARCH_TIERS = 4;
/** A tier larger than this is ordered without relevance scores, which cost about half a microsecond per match. */
export const MAX_SCORED_MATCHES = 10_000;
