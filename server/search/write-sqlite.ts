import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { groupScopeToken, type RecipeSearchDocument } from './documents.js';
import { chunks, inList, searchDb } from './tables.js';

/**
 * Upserts the documents' doc rows (keeping each recipe's doc id), rewrites their FTS rows, and deletes the
 * rows of the other ids (recipes that no longer exist).
 */
export async function writeSqliteDocuments(db: Kysely<Database>, recipeIds: readonly string[], documents: RecipeSearchDocument[]): Promise<void> {
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
      .values(batch.map((d) => ({ recipe_id: d.recipeId, group_id: d.groupId, name_sort: d.nameSort, created_at: d.createdAt })))
      .onConflict((oc) =>
        oc.column('recipe_id').doUpdateSet((eb) => ({
          group_id: eb.ref('excluded.group_id'),
          name_sort: eb.ref('excluded.name_sort'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .returning(['doc_id', 'recipe_id'])
      .execute();
    const docIdOf = new Map(docs.map((row) => [row.recipe_id, row.doc_id]));
    const docId = (recipeId: string) => {
      const id = docIdOf.get(recipeId);
      if (id === undefined) throw new Error(`search index: no doc row for recipe ${recipeId}`);
      return id;
    };
    await sdb
      .insertInto('recipe_search_fts')
      .values(
        batch.map((d) => ({
          rowid: docId(d.recipeId),
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
