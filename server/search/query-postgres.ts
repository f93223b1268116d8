import type { Expression, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { SEARCH_TIERS, collectTierPage, type ExpandedWord, type RecipeSearch, type SearchOrder, type SearchPageOptions } from './model.js';
import { searchDb } from './tables.js';

const quote = (term: string) => `'${term}'`;

/** tsquery literal of the words: all required, each its prefix OR its corrections; quoted words as phrases. */
export function tsQueryBody(words: readonly ExpandedWord[]): string {
  const lexeme = (term: string, prefix: boolean) => `${quote(term)}${prefix ? ':*' : ''}`;
  return words
    .map(({ word, prefix, corrections }) => {
      if (word.exact) return word.terms.length === 1 ? lexeme(word.terms[0], false) : `(${word.terms.map((t) => lexeme(t, false)).join(' <-> ')})`;
      const forms = [lexeme(word.terms[0], prefix), ...corrections.map((t) => lexeme(t, false))];
      return forms.length === 1 ? forms[0] : `(${forms.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * How many of the group's first documents a tier's page is looked for in before its matches are fetched
 * through the index: ~1-12 ms (tier 2 reads each one's full document), against up to ~70 ms for fetching
 * and sorting the 3,000 matches of a two-word search.
 */
const TIER_WINDOW = 1000;

/**
 * Relevance scores on PostgreSQL read each match's full document (~2 KB, ~20-40 µs apiece against ~10 µs for
 * SQLite's bm25), so a tier is ranked only when the search has at most this many matches.
 */
export const POSTGRES_MAX_SCORED_MATCHES = 500;

async function countRows<DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await qb.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number((row as unknown as { n: number }).n);
}

export function postgresSearch(db: Kysely<Database>, words: ExpandedWord[], groupId: string): RecipeSearch {
  const sdb = searchDb(db);
  const query = tsQueryBody(words);
  // The group is a column filter beside the word match (migration 0015), so the GIN index answers the words;
  // the full documents live in their own narrow table (migration 0018), so counting reads a small heap.
  const matching = sdb
    .selectFrom('recipe_search_words as search_words')
    .where(sql<SqlBool>`search_words.group_id = ${groupId} and search_words.document @@ ${query}::tsquery`);
  // Through the GIN index whatever the statistics say (migration 0020).
  const countMatching = async () => {
    const { rows } = await sql<{ n: number }>`select hearth_search_count(${groupId}, ${query}::tsquery) as n`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
  const inName = sql<SqlBool>`search_doc.name_terms @@ ${query}::tsquery`;
  const inTop = sql<SqlBool>`search_doc.top_terms @@ ${query}::tsquery`;
  const documents = () => sdb.selectFrom('recipe_search_documents as search_doc');
  const withWords = (from: ReturnType<typeof documents>) =>
    from
      .innerJoin('recipe_search_words as search_words', 'search_words.recipe_id', 'search_doc.recipe_id')
      .where(sql<SqlBool>`search_words.group_id = ${groupId} and search_words.document @@ ${query}::tsquery`);
  /**
   * What puts a match in exactly tier k. The name's and the top fields' vectors hold the same words at the
   * same positions as the start of the full document, so a match there IS a match: tiers 0 and 1 never
   * read the documents (unless ranked by them). `from` is where the tier's documents come from: the table,
   * or a window of it (firstInOrder). The group is filtered on the documents in every tier, so their
   * (group_id, created_at) and (group_id, name_sort) indexes can give the order.
   */
  const exactly = (tier: number, scored = false, from: () => ReturnType<typeof documents> = documents) => {
    const base = from().where('search_doc.group_id', '=', groupId);
    if (tier === 2) return withWords(base).where(sql<SqlBool>`not ${inTop}`);
    const source = scored ? withWords(base) : base;
    return tier === 0 ? source.where(inName) : source.where(inTop).where(sql<SqlBool>`not ${inName}`);
  };
  const orderTerms = (order: SearchOrder, scored: boolean): Expression<unknown>[] => {
    if (order.by === 'name') return [sql`search_doc.name_sort ${sql.raw(order.direction)}`, sql`search_doc.recipe_id`];
    if (order.by === 'created_at') return [sql`search_doc.created_at ${sql.raw(order.direction)}`, sql`search_doc.recipe_id`];
    const newest = [sql`search_doc.created_at desc`, sql`search_doc.recipe_id`];
    return scored ? [sql`ts_rank(search_words.document, ${query}::tsquery) desc`, ...newest] : newest;
  };

  /**
   * The group's first TIER_WINDOW documents in the page's order: a tier whose matches are common fills its page
   * from these, reading no more than that however the planner estimates a prefix's matches. Same columns,
   * same alias as the table, so a tier's conditions and order apply to it unchanged.
   */
  const firstInOrder = (order: SearchOrder) => {
    let first = documents().where('search_doc.group_id', '=', groupId).selectAll('search_doc');
    for (const term of orderTerms(order, false)) first = first.orderBy(term);
    return sdb.selectFrom(first.limit(TIER_WINDOW).as('search_doc')) as unknown as ReturnType<typeof documents>;
  };

  return {
    words,
    matches: (recipeId) => sql<SqlBool>`${sql.ref(recipeId)} in (${matching.select('search_words.recipe_id')})`,
    tier: (recipeId) => {
      const ref = sql.ref(recipeId);
      const cases = [inName, inTop].map((condition, tier) => sql`when ${ref} in (${documents().where(condition).select('search_doc.recipe_id')}) then ${sql.lit(tier)}`);
      return sql<number>`(case ${sql.join(cases, sql` `)} else ${sql.lit(SEARCH_TIERS - 1)} end)`;
    },
    count: countMatching,
    async page(options: SearchPageOptions) {
      const order = options.order ?? { by: 'relevance' };
      const total = options.total === undefined ? await countMatching() : options.total;
      const recipeIds = await collectTierPage(
        {
          maxScored: POSTGRES_MAX_SCORED_MATCHES,
          countTier: (tier) => countRows(exactly(tier)),
          fetchTier: async (tier, window, scored) => {
            const ranked = scored && order.by === 'relevance';
            const pageOf = async (tierRows: ReturnType<typeof exactly>) => {
              let page = tierRows.select('search_doc.recipe_id');
              for (const term of orderTerms(order, ranked)) page = page.orderBy(term);
              if (window.limit !== null) page = page.limit(window.limit);
              if (window.offset > 0) page = page.offset(window.offset);
              return (await page.execute()).map((row) => row.recipe_id);
            };
            if (ranked) return pageOf(exactly(tier, true));
            // A page past the window (or every match) starts deep in a tier of over 1,000 matches: walking the
            // group in order to it reads fewer rows than fetching and sorting all of them.
            if (window.limit === null || window.offset + window.limit > TIER_WINDOW) return pageOf(exactly(tier));
            // A search of no more matches than the window (every search of a household-sized library) is
            // fetched and sorted whole at once; a larger one first looks in the window.
            if (total === null || total > TIER_WINDOW) {
              const rows = await pageOf(exactly(tier, false, () => firstInOrder(order)));
              if (rows.length === window.limit) return rows;
            }
            // A sparse tier: all its matches through the GIN indexes (the planner, expecting many, would
            // otherwise walk the whole group in order), then sorted.
            const matches = sdb.with((cte) => cte('tier_matches').materialized(), () => exactly(tier).selectAll('search_doc'));
            return pageOf(matches.selectFrom('tier_matches as search_doc') as unknown as ReturnType<typeof exactly>);
          },
        },
        total,
        options,
      );
      return { recipeIds, total };
    },
  };
}
