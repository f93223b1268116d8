import fs from 'node:fs';
import path from 'node:path';
import { ZipArchive } from 'archiver';
import { sql } from 'kysely';
import type { DbEngine } from '../../db/connect.js';
import { SHARED_DATA } from '../../test/harness.js';
import type { Storage } from '../../platform/storage/index.js';
import { readSchema } from './introspect.js';
import type { AnyDb } from '../../db/any-db.js';

/** Test helpers for backups and migrations: in-memory zips, multipart bodies, whole-database snapshots. */

export const BACKUPS_DIR = path.join(SHARED_DATA, 'backups');
export const MIGRATIONS_DIR = path.join(SHARED_DATA, 'migrations');
export const HAVE_SHARED_DATA = fs.existsSync(BACKUPS_DIR) && fs.existsSync(MIGRATIONS_DIR);
if (!HAVE_SHARED_DATA) console.warn(`[backups] ${SHARED_DATA} is missing: the tests on real Mealie backups and app exports are skipped`);

export async function zipOf(files: Array<{ name: string; data: Buffer | string; mode?: number }>, level = 6): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const file of files) archive.append(file.data, { name: file.name, mode: file.mode });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

export function multipart(parts: Array<{ field: string; filename?: string; data: Buffer | string }>) {
  const boundary = '----hearthtest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = part.filename
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every data table's rows, sorted, as JSON text per table: equal snapshots mean equal databases. */
export async function snapshot(db: AnyDb, engine: DbEngine): Promise<Record<string, string[]>> {
  const schema = await readSchema(db, engine);
  const out: Record<string, string[]> = {};
  for (const table of schema.tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.id(table.name)}`.execute(db);
    out[table.name] = rows.rows.map((r) => JSON.stringify(Object.keys(r).sort().map((k) => [k, r[k]]))).sort();
  }
  return out;
}

/** Every file under a folder (relative path → bytes as base64), for byte-exact comparisons. */
export function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
  }
  return out;
}

/** Every stored file under a prefix (key → bytes as base64), whatever the storage (disk or S3). */
export async function storedFiles(storage: Storage, prefix: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of await storage.list(prefix)) out[file.key] = (await storage.read(file.key))?.toString('base64') ?? '';
  return out;
}
