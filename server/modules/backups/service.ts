import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AllBackups, BackupFile, RestoreSummary } from '../../../contract/backups.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import { dataPath, safeFileName, writeFileAtomic } from '../../platform/storage.js';
import { humanBytes } from '../recipe-media/storage.js';
import { rebuildSearchIndex } from '../../search/index.js';
import { extractBackup, writeBackupZip } from './archive.js';
import { databaseJson } from './dump.js';
import { readSchema } from './introspect.js';
import { replaceAllRows } from './load.js';
import { prepareRestore } from './prepare.js';
import type { Tables } from './mealie.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Top-level folders of DATA_DIR that a restore never replaces. */
const KEPT_DIRS = new Set(['backups', '.temp']);
/** Folders whose content belongs to the database's rows: replaced on restore even when the backup lacks them. */
const OWNED_DIRS = ['recipes', 'users', 'groups'];

let busy: string | null = null;
const staging = new Set<string>();

/** Whether a folder of DATA_DIR/.temp is a restore's staging area in use right now. */
export function stagingInUse(name: string): boolean {
  return staging.has(name);
}

/** One backup or restore at a time per process; a second is refused rather than queued behind the first. */
async function exclusive<T>(what: string, work: () => Promise<T>): Promise<T> {
  if (busy) throw conflict(`A ${busy} is already running`);
  busy = what;
  try {
    return await work();
  } finally {
    busy = null;
  }
}

export function backupsDir(deps: Deps): string {
  return dataPath(deps.config.dataDir, 'backups');
}

function backupPath(deps: Deps, name: string): string {
  if (name !== path.basename(name) || !name.endsWith('.zip') || name.startsWith('.')) throw badRequest('Invalid backup file name');
  return dataPath(deps.config.dataDir, 'backups', name);
}

function stamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}.${p(date.getUTCMonth() + 1)}.${p(date.getUTCDate())}.${p(date.getUTCHours())}.${p(date.getUTCMinutes())}.${p(date.getUTCSeconds())}`;
}

/** Writes DATA_DIR/backups/mealie_<UTC stamp>.zip (Mealie's name) and returns its name. */
export async function createBackup(deps: Deps, prefix = 'mealie', counts: Record<string, number> = {}): Promise<string> {
  return exclusive('backup', async () => {
    const dir = backupsDir(deps);
    await fs.promises.mkdir(dir, { recursive: true });
    let name = `${prefix}_${stamp(new Date())}.zip`;
    for (let i = 1; fs.existsSync(path.join(dir, name)); i += 1) name = `${prefix}_${stamp(new Date())}-${i}.zip`;
    const db = deps.db as unknown as AnyDb;
    const schema = await readSchema(db, deps.engine);
    await writeBackupZip(path.join(dir, name), databaseJson(db, deps.engine, schema, counts), deps.config.dataDir);
    return name;
  });
}

export async function listBackups(deps: Deps): Promise<AllBackups> {
  const dir = backupsDir(deps);
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.zip'));
  const imports: BackupFile[] = [];
  for (const name of names) {
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile()) imports.push({ name, date: stat.mtime.toISOString(), size: humanBytes(stat.size) });
  }
  imports.sort((a, b) => b.date.localeCompare(a.date) || b.name.localeCompare(a.name));
  const templates = (await fs.promises.readdir(dataPath(deps.config.dataDir, 'templates')).catch(() => [] as string[])).sort();
  return { imports, templates };
}

async function existing(deps: Deps, name: string): Promise<string> {
  const file = backupPath(deps, name);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw notFound('Backup not found');
  return file;
}

export async function backupFileToken(deps: Deps, name: string): Promise<string> {
  return deps.tokens.fileToken(await existing(deps, name));
}

export async function deleteBackup(deps: Deps, name: string): Promise<void> {
  await fs.promises.rm(await existing(deps, name));
}

/** Stores an uploaded backup as backups/<stem>.zip (Mealie: the name must end in .zip). */
export async function saveUploadedBackup(deps: Deps, fileName: string, data: Buffer): Promise<string> {
  if (!fileName.toLowerCase().endsWith('.zip')) throw badRequest('The backup must be a .zip file');
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) throw badRequest('The file is not a zip archive');
  const name = safeFileName(fileName).replace(/\.zip$/i, '') + '.zip';
  await writeFileAtomic(backupPath(deps, name), data);
  return name;
}

async function moveAside(from: string, to: string): Promise<boolean> {
  try {
    await fs.promises.rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Restores a backup (Mealie's, any revision, or Hearth's) all or nothing: unpack and check the zip into a
 * staging folder, convert every table, replace all rows in one transaction (rolled back on any error),
 * then swap the media folders and rebuild the search index. A failure before the commit leaves the
 * database and files exactly as they were.
 */
export async function restoreBackup(deps: Deps, name: string): Promise<RestoreSummary> {
  const file = await existing(deps, name);
  return exclusive('restore', async () => {
    const stagingName = `restore-${crypto.randomUUID()}`;
    staging.add(stagingName);
    const stagingDir = dataPath(deps.config.dataDir, '.temp', stagingName);
    await fs.promises.mkdir(stagingDir, { recursive: true });
    try {
      const extracted = await extractBackup(file, stagingDir);
      const database = extracted.database as Tables;
      const db = deps.db as unknown as AnyDb;
      if (Array.isArray(database.hearth_migrations)) {
        const live = new Set((await db.selectFrom('hearth_migrations').select('name').execute()).map((r: { name: string }) => r.name));
        const unknown = database.hearth_migrations.map((m) => String(m.name)).filter((n) => !live.has(n));
        if (unknown.length > 0) throw badRequest(`The backup was written by a newer Hearth (schema ${unknown.join(', ')})`);
      } else if (!Array.isArray(database.alembic_version) || !database.alembic_version[0]?.version_num) {
        throw badRequest('database.json names no schema revision (alembic_version)');
      }
      const schema = await readSchema(db, deps.engine);
      const prepared = prepareRestore(database, schema);
      const loaded = (table: string) => prepared.counts[table]?.loaded ?? 0;
      if (loaded('groups') === 0 || loaded('users') === 0) throw badRequest('The backup holds no group or no user; restoring it would lock everyone out');

      await replaceAllRows(db, deps.engine, prepared.tables);

      // Committed: swap the media folders in (renames within DATA_DIR).
      const stagedDirs = (await fs.promises.readdir(extracted.dataDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
      const swap = new Set([...OWNED_DIRS, ...stagedDirs].filter((d) => !KEPT_DIRS.has(d)));
      const old = path.join(stagingDir, 'old');
      await fs.promises.mkdir(old, { recursive: true });
      let files = 0;
      for (const dir of swap) {
        const live = dataPath(deps.config.dataDir, dir);
        await moveAside(live, path.join(old, dir));
        if (await moveAside(path.join(extracted.dataDir, dir), live)) files += await countFiles(live);
      }
      await rebuildSearchIndex({ db: deps.db, engine: deps.engine });
      return { message: 'Restore successful', error: false, tables: prepared.counts, skippedTables: prepared.skippedTables, files };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(500, `Restore failed: ${(error as Error).message}`);
    } finally {
      await fs.promises.rm(stagingDir, { recursive: true, force: true });
      staging.delete(stagingName);
    }
  });
}

async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n += 1;
  return n;
}
