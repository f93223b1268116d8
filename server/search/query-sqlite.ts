import type { Expression, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { groupScopeToken } from './documents.js';
import { MAX_SCORED_MATCHES, SEARCH_TIERS, type ExpandedWord, type RecipeSearch, type SearchOrder, type SearchPageOptions } from './model.js';
import { searchDb } from './tables.js';

/** FTS5 columns added by each tier (see RecipeSearch.tier). */
const TIER_COLUMNS = ['name', 'description organizers', 'ingredients', 'instructions'];
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

function orderTerms(order: SearchOrder, scored: boolean): Expression<unknown>[] {
  if (order.by === 'name') return [sql`search_doc.name_sort ${sql.raw(order.direction)}`, sql`search_doc.recipe_id`];
  if (order.by === 'created_at') return [sql`search_doc.created_at ${sql.raw(order.direction)}`, sql`search_doc.recipe_id`];
  return [...(scored ? [BM25] : []), sql`search_doc.created_at desc`, sql`search_doc.recipe_id`];
}

export function sqliteSearch(db: Kysely<Database>, words: ExpandedWord[], groupId: string): RecipeSearch {
  const sdb = searchDb(db);
  const body = ftsQueryBody(words);
  const scope = `{scope} : ${quote(groupScopeToken(groupId))}`;
  /** Recipes of the group with every word within the columns of tiers 0..k. */
  const reach = (tier: number) => `(${columnsUpTo(tier)} : (${body})) AND (${scope})`;
  /** Recipes whose tier is exactly k. */
  const exactly = (tier: number) => (tier === 0 ? reach(0) : `${reach(tier)} NOT (${columnsUpTo(tier - 1)} : (${body}))`);
  const matching = (match: string) =>
    sdb
      .selectFrom('recipe_search_fts')
      .innerJoin('recipe_search_docs as search_doc', 'search_doc.doc_id', 'recipe_search_fts.rowid')
      .where(sql<SqlBool>`recipe_search_fts match ${match}`);
  const idsOf = (match: string) => matching(match).select('search_doc.recipe_id');
  const all = reach(SEARCH_TIERS - 1);

  return {
    words,
    matches: (recipeId) => sql<SqlBool>`${sql.ref(recipeId)} in (${idsOf(all)})`,
    tier: (recipeId) => {
      const ref = sql.ref(recipeId);
      const cases = [0, 1, 2].map((tier) => sql`when ${ref} in (${idsOf(reach(tier))}) then ${sql.lit(tier)}`);
      return sql<number>`(case ${sql.join(cases, sql` `)} else 3 end)`;
    },
    async count() {
      const row = await sql<{ n: number }>`select count(*) as n from recipe_search_fts where recipe_search_fts match ${all}`.execute(db);
      return Number(row.rows[0]?.n ?? 0);
    },
    async page({ limit, offset, order = { by: 'relevance' } }: SearchPageOptions) {
      // Cumulative counts per tier in one statement (FTS5 counts from its doclists without reading rows).
      const counts = [0, 1, 2, 3].map((tier) => sql`(select count(*) from recipe_search_fts where recipe_search_fts match ${reach(tier)})`);
      const result = await sql<{ counts: string }>`select ${sql.join(counts, sql` || ',' || `)} as counts`.execute(db);
      const reached = (result.rows[0]?.counts ?? '0,0,0,0').split(',').map(Number);
      const total = reached[SEARCH_TIERS - 1];
      const recipeIds: string[] = [];
      let skip = Math.max(0, offset);
      let room = limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit);
      for (let tier = 0; tier < SEARCH_TIERS && room > 0; tier++) {
        const size = reached[tier] - (tier === 0 ? 0 : reached[tier - 1]);
        if (skip >= size) {
          skip -= size;
          continue;
        }
        let query = matching(exactly(tier)).select('search_doc.recipe_id');
        for (const term of orderTerms(order, size <= MAX_SCORED_MATCHES)) query = query.orderBy(term);
        // SQLite takes an OFFSET only after a LIMIT; -1 is "no limit".
        if (Number.isFinite(room) || skip > 0) query = query.limit(Number.isFinite(room) ? room : -1).offset(skip);
        const rows = await query.execute();
        recipeIds.push(...rows.map((row) => row.recipe_id));
        room -= rows.length;
        skip = 0;
      }
      return { recipeIds, total };
    },
  };
}
