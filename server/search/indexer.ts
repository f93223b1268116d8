import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DbEngine } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { SEARCH_FIELDS, groupScopeToken, loadSearchDocuments, type RecipeSearchDocument, type SearchField } from './documents.js';
import { chunks, inList, inTransaction, searchDb, type SearchDeps } from './tables.js';
import { addToVocabulary, pruneVocabulary } from './vocabulary.js';

/** Recipes indexed per round of queries and writes. */
const BATCH_SIZE = 500;

/** PostgreSQL weight of each field: A name, B description and organizers, C ingredients, D instructions. */
const POSTGRES_WEIGHTS: Record<SearchField, 'A' | 'B' | 'C' | 'D'> = {
  name: 'A',
  description: 'B',
  organizers: 'B',
  ingredients: 'C',
  instructions: 'D',
};
const MAX_TSVECTOR_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 256;

/**
 * A tsvector literal of the document's own words with positions and weights, so PostgreSQL indexes exactly
 * the words SQLite does (its parser and unaccent would fold and split some words differently).
 */
export function tsvectorLiteral(document: RecipeSearchDocument): string {
  const positions = new Map<string, string[]>();
  let position = 1;
  for (const field of SEARCH_FIELDS) {
    for (const term of document.fields[field]) {
      let list = positions.get(term);
      if (!list) positions.set(term, (list = []));
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${Math.min(position, MAX_TSVECTOR_POSITION)}${POSTGRES_WEIGHTS[field]}`);
      position++;
    }
    position++; // a gap, so a phrase never spans two fields
  }
  return [...positions].map(([term, list]) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}':${list.join(',')}`).join(' ');
}

async function writeSqlite(db: Kysely<Database>, recipeIds: readonly string[], documents: RecipeSearchDocument[]): Promise<void> {
  const sdb = searchDb(db);
  const existing = await sdb.selectFrom('recipe_search_docs').select(['doc_id', 'recipe_id']).where(inList('sqlite', 'recipe_id', recipeIds)).execute();
  const present = new Set(documents.map((d) => d.recipeId));

  const gone = existing.filter((row) => !present.has(row.recipe_id)).map((row) => row.recipe_id);
  // The delete trigger removes their rows from the FTS table.
  if (gone.length) await sdb.deleteFrom('recipe_search_docs').where(inList('sqlite', 'recipe_id', gone)).execute();

  const rewritten = existing.filter((row) => present.has(row.recipe_id)).map((row) => row.doc_id);
  if (rewritten.length) {
    await sql`delete from recipe_search_fts where rowid in (select value from json_each(${JSON.stringify(rewritten)}))`.execute(db);
  }
  for (const batch of chunks(documents, 100)) {
    const docs = await sdb
      .insertInto('recipe_search_docs')
      .values(batch.map((d) => ({ recipe_id: d.recipeId, name_sort: d.nameSort, created_at: d.createdAt })))
      .onConflict((oc) => oc.column('recipe_id').doUpdateSet((eb) => ({ name_sort: eb.ref('excluded.name_sort'), created_at: eb.ref('excluded.created_at') })))
      .returning(['doc_id', 'recipe_id'])
      .execute();
    const docIdOf = new Map(docs.map((row) => [row.recipe_id, row.doc_id]));
    await sdb
      .insertInto('recipe_search_fts')
      .values(
        batch.map((d) => ({
          rowid: docIdOf.get(d.recipeId) ?? 0,
          name: d.fields.name.join(' '),
          description: d.fields.description.join(' '),
          organizers: d.fields.organizers.join(' '),
          ingredients: d.fields.ingredients.join(' '),
          instructions: d.fields.instructions.join(' '),
          scope: groupScopeToken(d.groupId),
        })),
      )
      .execute();
  }
}

async function writePostgres(db: Kysely<Database>, recipeIds: readonly string[], documents: RecipeSearchDocument[]): Promise<void> {
  const sdb = searchDb(db);
  const present = new Set(documents.map((d) => d.recipeId));
  const gone = recipeIds.filter((id) => !present.has(id));
  if (gone.length) await sdb.deleteFrom('recipe_search_documents').where(inList('postgres', 'recipe_id', gone)).execute();
  for (const batch of chunks(documents, 200)) {
    const column = <T>(pick: (d: RecipeSearchDocument) => T) => batch.map(pick);
    await sql`insert into recipe_search_documents (recipe_id, group_id, name_sort, created_at, document)
      select id, group_id, name_sort, created_at, vector::tsvector
      from unnest(${column((d) => d.recipeId)}::text[], ${column((d) => d.groupId)}::text[], ${column((d) => d.nameSort)}::text[],
        ${column((d) => d.createdAt)}::text[], ${column(tsvectorLiteral)}::text[]) as t(id, group_id, name_sort, created_at, vector)
      on conflict (recipe_id) do update set group_id = excluded.group_id, name_sort = excluded.name_sort,
        created_at = excluded.created_at, document = excluded.document`.execute(db);
  }
}

async function indexBatch(db: Kysely<Database>, engine: DbEngine, recipeIds: readonly string[]): Promise<Set<string>> {
  const documents = await loadSearchDocuments(db, engine, recipeIds);
  const terms = new Set<string>();
  for (const document of documents) for (const field of SEARCH_FIELDS) for (const term of document.fields[field]) terms.add(term);
  if (engine === 'postgres') await writePostgres(db, recipeIds, documents);
  else await writeSqlite(db, recipeIds, documents);
  await addToVocabulary(db, engine, terms);
  return terms;
}

/**
 * (Re)indexes these recipes from the database: call it after a recipe, its ingredients, instructions or
 * organizers change. Ids of deleted recipes are removed from the index. Runs in the caller's transaction
 * when `deps.db` is one, so the index commits (or rolls back) with the change itself.
 */
export async function indexRecipes(deps: SearchDeps, recipeIds: readonly string[]): Promise<void> {
  const ids = [...new Set(recipeIds)];
  if (ids.length === 0) return;
  await inTransaction(deps.db, async (db) => {
    for (const batch of chunks(ids, BATCH_SIZE)) await indexBatch(db, deps.engine, batch);
  });
}

export interface ReferencedItems {
  foodIds?: readonly string[];
  tagIds?: readonly string[];
  categoryIds?: readonly string[];
  toolIds?: readonly string[];
}

/** Ids of the recipes that use any of these foods or organizers. */
export async function recipeIdsReferencing(deps: SearchDeps, items: ReferencedItems): Promise<string[]> {
  const { db, engine } = deps;
  const queries = [
    items.foodIds?.length && db.selectFrom('recipes_ingredients').select('recipe_id').where(inList(engine, 'food_id', items.foodIds)),
    items.tagIds?.length && db.selectFrom('recipes_to_tags').select('recipe_id').where(inList(engine, 'tag_id', items.tagIds)),
    items.categoryIds?.length &&
      db.selectFrom('recipes_to_categories').select('recipe_id').where(inList(engine, 'category_id', items.categoryIds)),
    items.toolIds?.length && db.selectFrom('recipes_to_tools').select('recipe_id').where(inList(engine, 'tool_id', items.toolIds)),
  ].filter((query) => !!query);
  const ids = new Set<string>();
  for (const query of queries) for (const row of await query.execute()) ids.add(row.recipe_id);
  return [...ids];
}

/**
 * Reindexes the recipes using these foods or organizers: call it after one is renamed or merged (before
 * deleting one, collect the ids with recipeIdsReferencing and index them after the delete).
 */
export async function reindexRecipesReferencing(deps: SearchDeps, items: ReferencedItems): Promise<number> {
  const ids = await recipeIdsReferencing(deps, items);
  await indexRecipes(deps, ids);
  return ids.length;
}

/**
 * Rebuilds the whole index from the recipes, batch by batch (each its own transaction, so writers are never
 * blocked for long and searches keep answering), then drops index rows and words nothing uses any more.
 * For first start after the migration, a backup restore, or a change of how text is indexed.
 */
export async function rebuildSearchIndex(deps: SearchDeps): Promise<{ recipes: number }> {
  const { db, engine } = deps;
  const liveTerms = new Set<string>();
  let count = 0;
  let after = '';
  for (;;) {
    const ids = (await db.selectFrom('recipes').select('id').where('id', '>', after).orderBy('id').limit(BATCH_SIZE).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    const terms = await inTransaction(db, (trx) => indexBatch(trx, engine, ids));
    for (const term of terms) liveTerms.add(term);
    count += ids.length;
    after = ids[ids.length - 1];
  }
  await inTransaction(db, async (trx) => {
    if (engine === 'postgres') {
      await sql`delete from recipe_search_documents where recipe_id not in (select id from recipes)`.execute(trx);
    } else {
      await sql`delete from recipe_search_docs where recipe_id not in (select id from recipes)`.execute(trx);
    }
    await pruneVocabulary(trx, engine, liveTerms);
  });
  if (engine === 'sqlite') await sql`insert into recipe_search_fts (recipe_search_fts) values ('optimize')`.execute(db);
  return { recipes: count };
}

/** Whether every recipe has an index row (a cheap check at start-up: rebuild when false). */
export async function searchIndexIsComplete(deps: SearchDeps): Promise<boolean> {
  const sdb = searchDb(deps.db);
  const missing =
    deps.engine === 'postgres'
      ? sdb.selectFrom('recipes').select('recipes.id').where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('recipe_search_documents as d').select('d.recipe_id').whereRef('d.recipe_id', '=', 'recipes.id'))),
        )
      : sdb.selectFrom('recipes').select('recipes.id').where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('recipe_search_docs as d').select('d.recipe_id').whereRef('d.recipe_id', '=', 'recipes.id'))),
        );
  return (await missing.limit(1).execute()).length === 0;
}
