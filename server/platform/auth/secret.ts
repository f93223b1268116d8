import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';

const KEY = 'token_secret';

/**
 * The token signing secret, the same in every process: SECRET when set; else one stored once in the
 * database (hearth_settings), so processes on different machines sign and verify alike. An install that
 * already has DATA_DIR/.secret stores that one, so tokens issued before keep working.
 */
export async function resolveSecret(config: Config, db: Kysely<Database>): Promise<Uint8Array> {
  if (config.secret) return new TextEncoder().encode(config.secret);
  const stored = await db.selectFrom('hearth_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (stored) return new TextEncoder().encode(stored.value);
  let candidate = '';
  try {
    candidate = fs.readFileSync(path.join(config.dataDir, '.secret'), 'utf8').trim();
  } catch {
    // no file: a fresh install
  }
  if (!/^[0-9a-f]{64}$/.test(candidate)) candidate = crypto.randomBytes(32).toString('hex');
  // Two processes starting together: the first insert wins and both read it back.
  await db.insertInto('hearth_settings').values({ key: KEY, value: candidate }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('hearth_settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}
