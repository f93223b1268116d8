import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/** Small lookup tables a queryFilter or a list filter names (tags.name IN [...], households, ...). */
const SMALL_TABLES = ['tags', 'categories', 'tools', 'households', 'household_preferences', 'groups', 'users', 'ingredient_foods', 'ingredient_units'];

/**
 * Search and queryFilter at 100,000 recipes (issue 19).
 *
 * Both engines: an index on recipes (group_id, rating, created_at, id). A filter such as `rating >= 3`
 * becomes an index-only range of the group, joined with the other terms' id sets, instead of one lookup of
 * a whole recipe row per candidate (7,000 candidates for `tags.name IN ["Vegan", "Quick"]`: 65 ms on
 * PostgreSQL, 6 ms with this index).
 *
 * PostgreSQL: the full document of each recipe moves to a narrow table of its own (recipe_id, group_id,
 * document), apart from the page keys and tier vectors: tier 0 and 1 fetches no longer read any document
 * (their vectors imply the document match), e.g. "saffron" tier 0 by date 18 ms → 0.2 ms and "chicken" by
 * name 9 ms → 2.4 ms at 100k recipes, and the count reads only the words heap (still ~84 MB at 100k when
 * written by the app: documents under ~2 KB stay inline, so a common word's count still visits most pages).
 *
 * PostgreSQL: tables with a few dozen rows never reach autovacuum's analyze threshold (50 changed rows), so
 * the planner guessed their selectivity, took `tags.name IN (2 names)` for ~1,600 links instead of ~7,400
 * and probed recipes one by one. Their threshold is lowered to one changed row, and they are analyzed now.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema.createIndex('recipes_group_rating_idx').on('recipes').columns(['group_id', 'rating', 'created_at', 'id']).execute();
  if (engine !== 'postgres') return;

  await db.schema
    .createTable('recipe_search_words')
    .addColumn('recipe_id', 'text', (c) => c.primaryKey().references('recipes.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('document', sql`tsvector`, (c) => c.notNull())
    .execute();
  // A row over ~2 KB moves its document to TOAST whole (read only to rank or for a phrase), leaving ~120
  // bytes in the heap; smaller rows stay inline.
  await sql`alter table recipe_search_words alter column document set storage external`.execute(db);
  await sql`alter table recipe_search_words set (toast_tuple_target = 128)`.execute(db);
  await sql`insert into recipe_search_words (recipe_id, group_id, document) select recipe_id, group_id, document from recipe_search_documents`.execute(db);
  await sql`create index recipe_search_words_document_gin on recipe_search_words using gin (document)`.execute(db);
  await sql`alter table recipe_search_documents drop column document`.execute(db);
  // Rewrites the table without the dropped column's data (and in the page order of a search by date).
  await sql`cluster recipe_search_documents using recipe_search_documents_group_created_idx`.execute(db);

  for (const table of SMALL_TABLES) {
    await sql`alter table ${sql.table(table)} set (autovacuum_analyze_threshold = 1)`.execute(db);
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
  await sql`analyze recipe_search_words`.execute(db);
  await sql`analyze recipes`.execute(db);
}
