import type { Expression, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { groupScopeToken } from './documents.js';
import { MAX_SCORED_MATCHES, SEARCH_TIERS, collectTierPage, type ExpandedWord, type RecipeSearch, type SearchOrder, type SearchPageOptions } from './model.js';
import { searchDb } from './tables.js';

/** FTS5 columns added by each tier (see RecipeSearch.tier). */
const TIER_COLUMNS = ['name', 'description organizers', 'ingredients instructions'];
/** bm25 weight of each FTS5 column, in table order (name, description, organizers, ingredients, instructions, scope). */
const BM25 = sql`bm25(recipe_search_fts, 10.0, 4.0, 4.0, 2.0, 1.0, 0.0)`;

const quote = (term: string) => `"${term}"`;

/** FTS5 query of the words: all required, each its prefix OR its corrections; quoted words as phrases. */
export function ftsQueryBody(words: readonly ExpandedWord[]): string {
  return words
    .map(({ word, prefix, corrections }) => {
      if (word.exact) return quote(word.terms.join(' '));
      const forms = [`${quote(word.terms[0])}${prefix ? '*' : ''}`, ...corrections.map(quote)];
      return forms.length === 1 ? forms[0] : `(${forms.join(' OR ')})`;
    })
    .join(' AND ');
}

function columnsUpTo(tier: number): string {
  return `{${TIER_COLUMNS.slice(0, tier + 1).join(' ')}}`;
}

/**
 * ORDER BY of one tier's fetch. Unscored relevance order walks the index newest document first, which
 * FTS5 does without sorting, so a page of a very broad search stops after its first rows.
 */
function orderTerms(order: SearchOrder, scored: boolean): Expression<unknown>[] {
  if (order.by === 'name') return [sql`search_doc.name_sort ${sql.raw(order.direction)}`, sql`search_doc.recipe_id`];
  if (order.by === 'created_at') return [sql`search_doc.created_at ${sql.raw(order.direction)}`, sql`search_doc.recipe_id`];
  if (scored) return [BM25, sql`search_doc.created_at desc`, sql`search_doc.recipe_id`];
  return [sql`recipe_search_fts.rowid desc`];
}

export function sqliteSearch(db: Kysely<Database>, words: ExpandedWord[], groupId: string): RecipeSearch {
  const sdb = searchDb(db);
  const body = ftsQueryBody(words);
  const scope = quote(groupScopeToken(groupId));
  const last = SEARCH_TIERS - 1;
  /** Every word within the columns of tiers 0..k (the last tier: anywhere), in the group unless told otherwise. */
  const reach = (tier: number, scoped = true) => {
    const words = tier === last ? `(${body})` : `(${columnsUpTo(tier)} : (${body}))`;
    return scoped ? `${words} AND ${scope}` : words;
  };
  /** Exactly tier k. */
  const exactly = (tier: number, scoped = true) =>
    tier === 0 ? reach(0, scoped) : `${reach(tier, scoped)} NOT (${columnsUpTo(tier - 1)} : (${body}))`;
  const all = reach(last);
  const matching = (match: string) =>
    sdb
      .selectFrom('recipe_search_fts')
      .innerJoin('recipe_search_docs as search_doc', 'search_doc.doc_id', 'recipe_search_fts.rowid')
      .where(sql<SqlBool>`recipe_search_fts match ${match}`);
  const idsOf = (match: string) => matching(match).select('search_doc.recipe_id');
  const countOf = async (match: string) => {
    const row = await sql<{ n: number }>`select count(*) as n from recipe_search_fts where recipe_search_fts match ${match}`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  };

  return {
    words,
    matches: (recipeId) => sql<SqlBool>`${sql.ref(recipeId)} in (${idsOf(all)})`,
    tier: (recipeId) => {
      const ref = sql.ref(recipeId);
      const cases = [0, 1].map((tier) => sql`when ${ref} in (${idsOf(reach(tier))}) then ${sql.lit(tier)}`);
      return sql<number>`(case ${sql.join(cases, sql` `)} else ${sql.lit(last)} end)`;
    },
    count: () => countOf(all),
    async page(options: SearchPageOptions) {
      const order = options.order ?? { by: 'relevance' };
      const total = options.total === undefined ? await countOf(all) : options.total;
      const recipeIds = await collectTierPage(
        {
          maxScored: MAX_SCORED_MATCHES,
          countTier: (tier) => countOf(exactly(tier)),
          fetchTier: async (tier, window, scored) => {
            // bm25 reads every phrase's document count, the group token's being the whole group: a scored
            // fetch narrows to the group through the doc table instead.
            const scoring = scored && order.by === 'relevance';
            let query = (scoring ? matching(exactly(tier, false)).where('search_doc.group_id', '=', groupId) : matching(exactly(tier))).select(
              'search_doc.recipe_id',
            );
            for (const term of orderTerms(order, scored)) query = query.orderBy(term);
            // SQLite takes an OFFSET only after a LIMIT; -1 is "no limit".
            if (window.limit !== null || window.offset > 0) query = query.limit(window.limit ?? -1).offset(window.offset);
            return (await query.execute()).map((row) => row.recipe_id);
          },
        },
        total,
        options,
      );
      return { recipeIds, total };
    },
  };
}
