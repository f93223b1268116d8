import type { Kysely } from 'kysely';

/**
 * A database whose tables are not known when this is compiled: migrations (each sees the schema of its own
 * revision) and backups (any Mealie or Hearth revision's tables, found by introspection). Declared once here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema is read at run time, not compiled in
export type AnyDb = Kysely<any>;
