import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AllBackups, BackupFile, RestoreSummary } from '../../../contract/backups.js';
import { parseRestoredIngredients } from '../recipe-import/parse-restored.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import { checkKey, safeFileName, storageKeys } from '../../platform/storage/index.js';
import { humanBytes } from '../recipe-media/storage.js';
import { rebuildSearchIndex } from '../../search/index.js';
import { extractBackup, writeBackupZip } from './archive.js';
import { databaseJson } from './dump.js';
import { readSchema } from './introspect.js';
import { replaceAllRows } from './load.js';
import { prepareRestore } from './prepare.js';
import type { Tables } from './mealie.js';
import type { AnyDb } from '../../db/any-db.js';


/** Top-level folders of the storage that a restore never replaces. */
const KEPT_DIRS = new Set(['backups']);
/** Folders whose content belongs to the database's rows: replaced on restore even when the backup lacks them. */
const OWNED_DIRS = ['recipes', 'users', 'groups'];

let busy: string | null = null;
const staging = new Set<string>();

/** Whether a folder of DATA_DIR/.temp is a restore's staging area in use right now. */
export function stagingInUse(name: string): boolean {
  return staging.has(name);
}

/** Restores and verifications unpack under DATA_DIR/.temp, which "clean temp" empties. */
export function stagingPath(deps: Pick<Deps, 'config'>, name: string): string {
  return path.join(deps.config.dataDir, '.temp', name);
}

const STAGING_NAME = /^hearth-(restore|verify)-[0-9a-f-]{36}$/;

/**
 * At start-up: removes staging folders a restore or verification killed half-way left behind (in DATA_DIR/.temp,
 * and in the system temp folder where earlier versions unpacked). A folder changed in the last `graceMs` is
 * kept, as another process sharing DATA_DIR may be restoring into it right now.
 */
export async function cleanStaleStaging(deps: Pick<Deps, 'config'>, now = Date.now(), graceMs = 6 * 3600_000): Promise<number> {
  let removed = 0;
  for (const dir of [path.join(deps.config.dataDir, '.temp'), os.tmpdir()]) {
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!STAGING_NAME.test(name) || staging.has(name)) continue;
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
      if (!stat?.isDirectory() || now - stat.mtimeMs < graceMs) continue;
      await fs.promises.rm(path.join(dir, name), { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/** One backup or restore at a time per process; a second is refused rather than queued behind the first. */
async function exclusive<T>(what: string, work: () => Promise<T>): Promise<T> {
  if (busy) throw conflict('backups.is-already-running', { busy });
  busy = what;
  try {
    return await work();
  } finally {
    busy = null;
  }
}

/** The storage key of a backup, for a plain file name only (no folders, ends in .zip). */
export function backupKey(name: string): string {
  if (name !== path.posix.basename(name) || name.includes('\\') || !name.endsWith('.zip') || name.startsWith('.')) throw badRequest('backups.invalid-backup-file-name');
  return storageKeys.backup(name);
}

function stamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}.${p(date.getUTCMonth() + 1)}.${p(date.getUTCDate())}.${p(date.getUTCHours())}.${p(date.getUTCMinutes())}.${p(date.getUTCSeconds())}`;
}

/** Writes backups/mealie_<UTC stamp>.zip (Mealie's name) into storage and returns its name. */
export async function createBackup(deps: Deps, prefix = 'mealie', counts: Record<string, number> = {}): Promise<string> {
  return exclusive('backup', async () => {
    let name = `${prefix}_${stamp(new Date())}.zip`;
    for (let i = 1; await deps.storage.exists(backupKey(name)); i += 1) name = `${prefix}_${stamp(new Date())}-${i}.zip`;
    const db = deps.db as unknown as AnyDb;
    const schema = await readSchema(db, deps.engine);
    await writeBackupZip(deps.storage, backupKey(name), databaseJson(db, deps.engine, schema, counts));
    return name;
  });
}

export async function listBackups(deps: Deps): Promise<AllBackups> {
  const imports: BackupFile[] = [];
  for (const file of await deps.storage.list(storageKeys.backups())) {
    const name = file.key.slice(storageKeys.backups().length);
    if (!name.endsWith('.zip') || name.includes('/')) continue;
    const stat = await deps.storage.stat(file.key);
    if (stat) imports.push({ name, date: stat.modified.toISOString(), size: humanBytes(stat.size) });
  }
  imports.sort((a, b) => b.date.localeCompare(a.date) || b.name.localeCompare(a.name));
  const templates = (await deps.storage.list('templates/')).map((f) => f.key.slice('templates/'.length)).sort();
  return { imports, templates };
}

async function existing(deps: Deps, name: string): Promise<string> {
  const key = backupKey(name);
  if (!(await deps.storage.exists(key))) throw notFound('backups.backup-not-found');
  return key;
}

export async function backupFileToken(deps: Deps, name: string): Promise<string> {
  return deps.tokens.fileToken(await existing(deps, name));
}

export async function deleteBackup(deps: Deps, name: string): Promise<void> {
  await deps.storage.delete(await existing(deps, name));
}

/** Stores an uploaded backup as backups/<stem>.zip (Mealie: the name must end in .zip). */
export async function saveUploadedBackup(deps: Deps, fileName: string, data: Buffer): Promise<string> {
  if (!fileName.toLowerCase().endsWith('.zip')) throw badRequest('backups.backup-must-be-a-zip-file');
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) throw badRequest('backups.file-is-not-a-zip-archive');
  const name = safeFileName(fileName).replace(/\.zip$/i, '') + '.zip';
  await deps.storage.put(backupKey(name), data, { contentType: 'application/zip' });
  return name;
}

/** Copies a stored backup to a local temp file (a zip is read by random access) inside `dir`. */
export async function fetchBackup(deps: Deps, key: string, dir: string): Promise<string> {
  const body = await deps.storage.get(key);
  if (!body) throw notFound('backups.backup-not-found');
  const file = path.join(dir, 'backup.zip');
  await pipeline(body, fs.createWriteStream(file));
  return file;
}

async function* filesIn(root: string, dir = ''): AsyncGenerator<string> {
  for (const entry of await fs.promises.readdir(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesIn(root, rel);
    else if (entry.isFile()) yield rel;
  }
}

/**
 * Puts the backup's media into storage: every file of its top-level folders (Mealie restores folders, not
 * loose files) is written over the live one, then whatever the owned folders held that the backup does
 * not is deleted — so there is no moment without pictures, and nothing stale stays behind.
 */
async function replaceMedia(deps: Deps, dataDir: string): Promise<number> {
  const folders = (await fs.promises.readdir(dataDir, { withFileTypes: true })).filter((e) => e.isDirectory() && !KEPT_DIRS.has(e.name)).map((e) => e.name);
  const written = new Set<string>();
  for (const folder of folders) {
    for await (const rel of filesIn(path.join(dataDir, folder))) {
      const key = `${folder}/${rel}`;
      try {
        checkKey(key);
      } catch {
        continue; // hidden files (.DS_Store, .PLACEHOLDER) have no key
      }
      await deps.storage.put(key, fs.createReadStream(path.join(dataDir, folder, rel)));
      written.add(key);
    }
  }
  for (const folder of new Set([...OWNED_DIRS, ...folders])) {
    for (const file of await deps.storage.list(`${folder}/`)) if (!written.has(file.key)) await deps.storage.delete(file.key);
  }
  return written.size;
}

/**
 * Restores a backup (Mealie's, any revision, or Hearth's) all or nothing: unpack and check the zip into a
 * staging folder, convert every table, replace all rows in one transaction (rolled back on any error),
 * then swap the media folders and rebuild the search index. A failure before the commit leaves the
 * database and files exactly as they were.
 */
/** The restore has committed: a parser failure leaves the lines as they were written, and the restore stands. */
async function parseAfterRestore(deps: Deps): Promise<number> {
  try {
    return await parseRestoredIngredients(deps);
  } catch (error) {
    deps.log?.('restore: the plain-text ingredient lines were not parsed', error);
    return 0;
  }
}

export async function restoreBackup(deps: Deps, name: string): Promise<RestoreSummary> {
  const key = await existing(deps, name);
  return exclusive('restore', async () => {
    const stagingName = `hearth-restore-${crypto.randomUUID()}`;
    staging.add(stagingName);
    const stagingDir = stagingPath(deps, stagingName);
    await fs.promises.mkdir(stagingDir, { recursive: true });
    try {
      const file = await fetchBackup(deps, key, stagingDir);
      const extracted = await extractBackup(file, path.join(stagingDir, 'unpacked'));
      const database = extracted.database as Tables;
      const db = deps.db as unknown as AnyDb;
      const fromMealie = !Array.isArray(database.hearth_migrations);
      if (!fromMealie) {
        const live = new Set((await db.selectFrom('hearth_migrations').select('name').execute()).map((r: { name: string }) => r.name));
        const unknown = database.hearth_migrations.map((m) => String(m.name)).filter((n) => !live.has(n));
        if (unknown.length > 0) throw badRequest('backups.backup-was-written-by-a-newer-hearth', { value: unknown.join(', ') });
      } else if (!Array.isArray(database.alembic_version) || !database.alembic_version[0]?.version_num) {
        throw badRequest('backups.database-json-names-no-schema-revision-alembic');
      }
      const schema = await readSchema(db, deps.engine);
      const prepared = prepareRestore(database, schema);
      const loaded = (table: string) => prepared.counts[table]?.loaded ?? 0;
      if (loaded('groups') === 0 || loaded('users') === 0) throw badRequest('backups.backup-holds-no-group-or-no-user');

      await replaceAllRows(db, deps.engine, prepared.tables);
      // Committed: the media follow (files written over, then the stale ones removed).
      const files = await replaceMedia(deps, extracted.dataDir);
      // Mealie keeps many recipes as plain text; they are read like an import (a Hearth backup was read already).
      const ingredientsParsed = fromMealie ? await parseAfterRestore(deps) : 0;
      await rebuildSearchIndex({ db: deps.db, engine: deps.engine });
      return { message: 'Restore successful', error: false, tables: prepared.counts, skippedTables: prepared.skippedTables, files, ingredientsParsed };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(500, 'backups.restore-failed', { reason: (error as Error).message });
    } finally {
      await fs.promises.rm(stagingDir, { recursive: true, force: true });
      staging.delete(stagingName);
    }
  });
}
