import type { Expression, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ExpandedWord, RecipeSearch, SearchOrder, SearchPageOptions } from './model.js';
import { searchDb } from './tables.js';

/** tsvector weights reached by each tier: A name, B description and organizers, C ingredients, D instructions. */
const TIER_WEIGHTS = ['A', 'AB', 'ABC'];

const quote = (term: string) => `'${term}'`;

/** tsquery literal of the words (all required, prefixes, corrections, phrases), optionally limited to weights. */
export function tsQueryBody(words: readonly ExpandedWord[], weights = ''): string {
  const lexeme = (term: string, prefix: boolean) => `${quote(term)}${prefix || weights ? ':' : ''}${prefix ? '*' : ''}${weights}`;
  return words
    .map(({ word, prefix, corrections }) => {
      if (word.exact) {
        return word.terms.length === 1 ? lexeme(word.terms[0], false) : `(${word.terms.map((t) => lexeme(t, false)).join(' <-> ')})`;
      }
      const forms = [lexeme(word.terms[0], prefix), ...corrections.map((t) => lexeme(t, false))];
      return forms.length === 1 ? forms[0] : `(${forms.join(' | ')})`;
    })
    .join(' & ');
}

export function postgresSearch(db: Kysely<Database>, words: ExpandedWord[], groupId: string): RecipeSearch {
  const sdb = searchDb(db);
  const query = tsQueryBody(words);
  const reach = TIER_WEIGHTS.map((weights) => tsQueryBody(words, weights));
  const matching = (tsquery: string) =>
    sdb
      .selectFrom('recipe_search_documents as search_doc')
      .where('search_doc.group_id', '=', groupId)
      .where(sql<SqlBool>`search_doc.document @@ ${tsquery}::tsquery`);
  const tierOf = sql<number>`(case ${sql.join(
    reach.map((tsquery, tier) => sql`when search_doc.document @@ ${tsquery}::tsquery then ${sql.lit(tier)}`),
    sql` `,
  )} else 3 end)`;
  const orderTerms = (order: SearchOrder): Expression<unknown>[] => {
    if (order.by === 'name') return [sql`search_doc.name_sort ${sql.raw(order.direction)}`, sql`search_doc.recipe_id`];
    if (order.by === 'created_at') return [sql`search_doc.created_at ${sql.raw(order.direction)}`, sql`search_doc.recipe_id`];
    return [sql`ts_rank(search_doc.document, ${query}::tsquery) desc`, sql`search_doc.created_at desc`, sql`search_doc.recipe_id`];
  };

  const count = async () => {
    const row = await matching(query).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    words,
    count,
    matches: (recipeId) => sql<SqlBool>`${sql.ref(recipeId)} in (${matching(query).select('search_doc.recipe_id')})`,
    tier: (recipeId) => {
      const ref = sql.ref(recipeId);
      const cases = reach.map((tsquery, tier) => sql`when ${ref} in (${matching(tsquery).select('search_doc.recipe_id')}) then ${sql.lit(tier)}`);
      return sql<number>`(case ${sql.join(cases, sql` `)} else 3 end)`;
    },
    async page({ limit, offset, order = { by: 'relevance' } }: SearchPageOptions) {
      let page = matching(query).select('search_doc.recipe_id').orderBy(tierOf);
      for (const term of orderTerms(order)) page = page.orderBy(term);
      if (limit !== null) page = page.limit(limit);
      if (offset > 0) page = page.offset(offset);
      const [rows, total] = await Promise.all([page.execute(), count()]);
      return { recipeIds: rows.map((row) => row.recipe_id), total };
    },
  };
}
