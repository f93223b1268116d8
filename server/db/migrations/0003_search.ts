import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * Recipe search (server/search): a full-text index with per-field weights on each engine, and the
 * vocabulary of indexed words with their one-deletion variants, which finds the word a typo meant.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  // Vocabulary: every indexed word, compared byte-wise so prefix ranges work on PostgreSQL whatever its collation.
  const termType = engine === 'postgres' ? sql`text collate "C"` : sql`text`;
  let terms = db.schema.createTable('recipe_search_terms').addColumn('term', termType, (c) => c.primaryKey());
  if (engine === 'sqlite') terms = terms.modifyEnd(sql`without rowid`);
  await terms.execute();

  let variants = db.schema
    .createTable('recipe_search_term_variants')
    .addColumn('variant', termType, (c) => c.notNull())
    .addColumn('term', termType, (c) => c.notNull())
    .addPrimaryKeyConstraint('recipe_search_term_variants_pk', ['variant', 'term']);
  if (engine === 'sqlite') variants = variants.modifyEnd(sql`without rowid`);
  await variants.execute();

  if (engine === 'sqlite') {
    // FTS5 rows need integer ids; this table gives each recipe a stable one, with its group and the two
    // keys a search page may be sorted by, so a page is built without reading the recipes themselves.
    await db.schema
      .createTable('recipe_search_docs')
      .addColumn('doc_id', 'integer', (c) => c.primaryKey())
      .addColumn('recipe_id', 'text', (c) => c.notNull().unique().references('recipes.id').onDelete('cascade'))
      .addColumn('group_id', 'text', (c) => c.notNull())
      .addColumn('name_sort', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // Contentless: the text lives in the recipes' own tables; the index keeps only what search needs.
    // `scope` holds one token naming the recipe's group ("_g" + hex), so a search is narrowed to a group
    // inside the index; "_" is a token character only so that no searched word can ever match that token.
    await sql`create virtual table recipe_search_fts using fts5(
      name, description, organizers, ingredients, instructions, scope,
      content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2 tokenchars '_'", prefix='2 3'
    )`.execute(db);
    // Deleting a recipe cascades to its doc row; this takes its words out of the index in the same statement.
    await sql`create trigger recipe_search_docs_delete after delete on recipe_search_docs begin
      delete from recipe_search_fts where rowid = old.doc_id;
    end`.execute(db);
    return;
  }

  // PostgreSQL: per recipe, the words of the name, of name + description + organizers (so the first two
  // relevance tiers are exact index lookups, with no weight recheck), and a document with every field
  // weighted (A name, B description and organizers, C ingredients, D instructions) plus the group's scope
  // lexeme ("_g" + hex), all built by server/search from the same folded words as SQLite's index.
  await db.schema
    .createTable('recipe_search_documents')
    .addColumn('recipe_id', 'text', (c) => c.primaryKey().references('recipes.id').onDelete('cascade'))
    .addColumn('name_sort', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_terms', sql`tsvector`, (c) => c.notNull())
    .addColumn('top_terms', sql`tsvector`, (c) => c.notNull())
    .addColumn('document', sql`tsvector`, (c) => c.notNull())
    .execute();
  for (const column of ['document', 'name_terms', 'top_terms']) {
    await sql`create index ${sql.id(`recipe_search_documents_${column}_gin`)} on recipe_search_documents using gin (${sql.ref(column)})`.execute(db);
  }
  // A page of a broad search walks these in order and stops after its rows.
  await db.schema.createIndex('recipe_search_documents_created_idx').on('recipe_search_documents').column('created_at').execute();
  await db.schema.createIndex('recipe_search_documents_name_idx').on('recipe_search_documents').column('name_sort').execute();
}
