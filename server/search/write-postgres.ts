import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { SEARCH_FIELDS, type RecipeSearchDocument, type SearchField } from './documents.js';
import { chunks, inList, searchDb } from './tables.js';

/** PostgreSQL weight of each field: A name, B description and organizers, C ingredients, D instructions. */
const WEIGHTS: Record<SearchField, 'A' | 'B' | 'C' | 'D'> = {
  name: 'A',
  description: 'B',
  organizers: 'B',
  ingredients: 'C',
  instructions: 'D',
};
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 256;

/**
 * A tsvector literal of these fields' words with positions and weights, so PostgreSQL indexes exactly the
 * words SQLite does (its own parser and unaccent would fold and split some words differently).
 */
export function tsvectorLiteral(document: RecipeSearchDocument, fields: readonly SearchField[], extraLexemes: string[] = []): string {
  const positions = new Map<string, string[]>();
  let position = 1;
  for (const field of fields) {
    for (const term of document.fields[field]) {
      let list = positions.get(term);
      if (!list) positions.set(term, (list = []));
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${Math.min(position, MAX_POSITION)}${WEIGHTS[field]}`);
      position++;
    }
    position++; // a gap, so a phrase never spans two fields
  }
  const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return [...[...positions].map(([term, list]) => `${quote(term)}:${list.join(',')}`), ...extraLexemes.map(quote)].join(' ');
}

/** Upserts the documents' rows and deletes the rows of the other ids (recipes that no longer exist). */
export async function writePostgresDocuments(db: Kysely<Database>, recipeIds: readonly string[], documents: RecipeSearchDocument[]): Promise<void> {
  const present = new Set(documents.map((d) => d.recipeId));
  const gone = recipeIds.filter((id) => !present.has(id));
  if (gone.length) {
    // The words go with the documents (and both with their recipe, by cascade).
    await searchDb(db).deleteFrom('recipe_search_words').where(inList('postgres', 'recipe_id', gone)).execute();
    await searchDb(db).deleteFrom('recipe_search_documents').where(inList('postgres', 'recipe_id', gone)).execute();
  }
  for (const batch of chunks(documents, 200)) {
    const column = (pick: (d: RecipeSearchDocument) => string) => batch.map(pick);
    const ids = column((d) => d.recipeId);
    const groups = column((d) => d.groupId);
    await sql`insert into recipe_search_documents (recipe_id, group_id, name_sort, created_at, name_terms, top_terms)
      select id, group_id, name_sort, created_at, name_terms::tsvector, top_terms::tsvector
      from unnest(${ids}::text[], ${groups}::text[], ${column((d) => d.nameSort)}::text[], ${column((d) => d.createdAt)}::text[],
        ${column((d) => tsvectorLiteral(d, ['name']))}::text[],
        ${column((d) => tsvectorLiteral(d, ['name', 'description', 'organizers']))}::text[])
        as t(id, group_id, name_sort, created_at, name_terms, top_terms)
      on conflict (recipe_id) do update set group_id = excluded.group_id, name_sort = excluded.name_sort, created_at = excluded.created_at,
        name_terms = excluded.name_terms, top_terms = excluded.top_terms`.execute(db);
    await sql`insert into recipe_search_words (recipe_id, group_id, document)
      select id, group_id, document::tsvector
      from unnest(${ids}::text[], ${groups}::text[], ${column((d) => tsvectorLiteral(d, SEARCH_FIELDS))}::text[]) as t(id, group_id, document)
      on conflict (recipe_id) do update set group_id = excluded.group_id, document = excluded.document`.execute(db);
  }
}
