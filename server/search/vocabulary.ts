import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DbEngine } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { chunks, inList, searchDb } from './tables.js';
import { deletionVariants, editDistanceWithin, isCorrectableTerm } from './text.js';

/** Most corrections offered for one misspelt word; more would only add noise to the query. */
const MAX_CORRECTIONS_PER_WORD = 12;
/** Above every character a term can hold, so [prefix, prefix + END) is the range of terms starting with prefix. */
const PREFIX_END = '\u{10FFFF}';

/** Adds words to the vocabulary (and, for new correctable words, their deletion variants). */
export async function addToVocabulary(db: Kysely<Database>, engine: DbEngine, terms: Iterable<string>): Promise<void> {
  const sdb = searchDb(db);
  for (const batch of chunks([...new Set(terms)], 5000)) {
    const known = new Set(
      (await sdb.selectFrom('recipe_search_terms').select('term').where(inList(engine, 'term', batch)).execute()).map((r) => r.term),
    );
    const fresh = batch.filter((term) => !known.has(term));
    if (fresh.length === 0) continue;
    const variants: string[] = [];
    const owners: string[] = [];
    for (const term of fresh) {
      if (!isCorrectableTerm(term)) continue;
      for (const variant of deletionVariants(term)) {
        variants.push(variant);
        owners.push(term);
      }
    }
    if (engine === 'postgres') {
      await sql`insert into recipe_search_terms (term) select unnest(${fresh}::text[]) on conflict do nothing`.execute(db);
      if (variants.length) {
        await sql`insert into recipe_search_term_variants (variant, term)
          select * from unnest(${variants}::text[], ${owners}::text[]) on conflict do nothing`.execute(db);
      }
    } else {
      await sql`insert into recipe_search_terms (term) select value from json_each(${JSON.stringify(fresh)}) where true on conflict do nothing`.execute(db);
      if (variants.length) {
        const pairs = JSON.stringify(variants.map((variant, i) => [variant, owners[i]]));
        await sql`insert into recipe_search_term_variants (variant, term)
          select value ->> 0, value ->> 1 from json_each(${pairs}) where true on conflict do nothing`.execute(db);
      }
    }
  }
}

/** Drops words no indexed recipe uses any more (after a full rebuild), with their variants. */
export async function pruneVocabulary(db: Kysely<Database>, engine: DbEngine, liveTerms: ReadonlySet<string>): Promise<void> {
  const live = [...liveTerms];
  if (engine === 'postgres') {
    await sql`delete from recipe_search_terms where not (term = any(${live}::text[]))`.execute(db);
  } else {
    await sql`delete from recipe_search_terms where term not in (select value from json_each(${JSON.stringify(live)}))`.execute(db);
  }
  await sql`delete from recipe_search_term_variants where term not in (select term from recipe_search_terms)`.execute(db);
}

/** For each word, whether the vocabulary holds it or a longer word starting with it (one query for all). */
export async function wordsWithPrefixHits(db: Kysely<Database>, words: readonly string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const checks = words.map(
    (word, i) =>
      sql`exists (select 1 from recipe_search_terms where term >= ${word} and term < ${word + PREFIX_END}) as ${sql.id(`w${i}`)}`,
  );
  const result = await sql<Record<string, unknown>>`select ${sql.join(checks)}`.execute(db);
  const row = result.rows[0] ?? {};
  return new Set(words.filter((_, i) => row[`w${i}`] === true || row[`w${i}`] === 1));
}

/**
 * Vocabulary words one edit (substitution, insertion, deletion or swap of neighbours) away from each word:
 * the words' deletion variants are looked up in one indexed query, then each candidate's distance is checked.
 */
export async function corrections(db: Kysely<Database>, engine: DbEngine, words: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (words.length === 0) return result;
  const variantsOf = new Map(words.map((word) => [word, new Set(deletionVariants(word))]));
  const allVariants = [...new Set([...variantsOf.values()].flatMap((set) => [...set]))];
  const rows = await searchDb(db)
    .selectFrom('recipe_search_term_variants')
    .select(['variant', 'term'])
    .where(inList(engine, 'variant', allVariants))
    .execute();
  for (const word of words) {
    const variants = variantsOf.get(word) ?? new Set<string>();
    const found = new Set<string>();
    for (const row of rows) {
      if (row.term !== word && variants.has(row.variant) && editDistanceWithin(word, row.term, 1)) found.add(row.term);
    }
    result.set(word, [...found].sort().slice(0, MAX_CORRECTIONS_PER_WORD));
  }
  return result;
}
