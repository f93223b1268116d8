import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { BackupVerification } from '../../../contract/backups.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { createStorage, storageKeys, type Storage } from '../../platform/storage/index.js';
import { extractBackup } from './archive.js';
import { readSchema } from './introspect.js';
import type { Tables } from './mealie.js';
import { prepareRestore } from './prepare.js';
import { backupKey, fetchBackup, stagingPath } from './service.js';

type VerificationTables = {
  backup_verifications: {
    name: string;
    checked_at: string;
    ok: boolean | number;
    tables: number | null;
    rows: number | null;
    files: number | null;
    sha256: string | null;
    error: string | null;
    copied_at: string | null;
    copy_error: string | null;
  };
};
type Row = VerificationTables['backup_verifications'];

function vdb(db: Kysely<Database>): Kysely<Database & VerificationTables> {
  return db.withTables<VerificationTables>();
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n += 1;
  return n;
}

/**
 * Re-opens a stored backup and proves it restores: the archive unpacks (every path safe, every file written
 * out), each table holds the rows that were written (`written`, when the backup was made here), and the
 * restore path would load every row. Throws with the reason; returns what it checked.
 */
export async function verifyBackup(deps: Deps, name: string, written?: Record<string, number>) {
  const staging = stagingPath(deps, `hearth-verify-${crypto.randomUUID()}`);
  await fs.promises.mkdir(staging, { recursive: true });
  try {
    const file = await fetchBackup(deps, backupKey(name), staging);
    const sha256 = await sha256Of(file);
    const { database, dataDir } = await extractBackup(file, path.join(staging, 'unpacked'));
    if (written) {
      for (const [table, n] of Object.entries(written)) {
        const inFile = Array.isArray(database[table]) ? (database[table] as unknown[]).length : -1;
        if (inFile !== n) throw new Error(`${table}: ${inFile} rows in the file, ${n} written`);
      }
    }
    const prepared = prepareRestore(database as Tables, await readSchema(deps.db as never, deps.engine));
    let rows = 0;
    let tables = 0;
    for (const [table, c] of Object.entries(prepared.counts)) {
      if (c.loaded !== c.source) throw new Error(`${table}: ${c.source - c.loaded} rows would not restore`);
      rows += c.source;
      if (c.source > 0) tables += 1;
    }
    return { tables, rows, files: await countFiles(dataDir), sha256 };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

let copyTarget: Promise<Storage> | undefined;

/** BACKUP_COPY_TO_S3: puts the backup under backups/ of the S3 bucket, so it outlives the disk it was made on. */
async function copyToS3(deps: Deps, name: string): Promise<void> {
  if (!deps.config.backupCopy) return;
  copyTarget ??= createStorage({ dataDir: deps.config.dataDir, storage: deps.config.backupCopy }).then(async (s) => (await s.ready(), s));
  const target = await copyTarget.catch((error: unknown) => {
    copyTarget = undefined;
    throw error;
  });
  const body = await deps.storage.get(backupKey(name));
  if (!body) throw new Error('the backup is gone');
  await target.put(storageKeys.backup(name), body, { contentType: 'application/zip' });
}

/**
 * Verifies a backup and records the result under its name (never throws: a failed check is a result), then
 * copies a sound one to S3 when BACKUP_COPY_TO_S3 asks. Every backup gets one: manual, scheduled, uploaded.
 */
export async function checkAndRecord(deps: Deps, name: string, written?: Record<string, number>): Promise<BackupVerification> {
  const checkedAt = new Date().toISOString();
  let row: Row;
  try {
    const v = await verifyBackup(deps, name, written);
    row = { name, checked_at: checkedAt, ok: true, tables: v.tables, rows: v.rows, files: v.files, sha256: v.sha256, error: null, copied_at: null, copy_error: null };
  } catch (error) {
    row = { name, checked_at: checkedAt, ok: false, tables: null, rows: null, files: null, sha256: null, error: (error as Error).message, copied_at: null, copy_error: null };
  }
  if (row.ok && deps.config.backupCopy) {
    try {
      await copyToS3(deps, name);
      row.copied_at = new Date().toISOString();
    } catch (error) {
      row.copy_error = (error as Error).message;
    }
  }
  const db = vdb(deps.db);
  await db.deleteFrom('backup_verifications').where('name', '=', name).execute();
  await db.insertInto('backup_verifications').values(row).execute();
  return toVerification(row);
}

function toVerification(row: Row): BackupVerification {
  return {
    ok: row.ok === true || row.ok === 1,
    checkedAt: row.checked_at,
    tables: row.tables,
    rows: row.rows,
    files: row.files,
    sha256: row.sha256,
    error: row.error,
    copiedAt: row.copied_at,
    copyError: row.copy_error,
  };
}

/** The recorded verification of each backup, by name. */
export async function verificationsByName(deps: Deps): Promise<Map<string, BackupVerification>> {
  const rows = await vdb(deps.db).selectFrom('backup_verifications').selectAll().execute();
  return new Map(rows.map((row) => [row.name, toVerification(row)]));
}

export async function forgetVerification(deps: Deps, name: string): Promise<void> {
  await vdb(deps.db).deleteFrom('backup_verifications').where('name', '=', name).execute();
}
