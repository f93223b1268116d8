import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/index.js';
import { lazyRequire } from '../../lazy.js';
import { checkSizes, openZip, type ZipErrors } from '../../platform/zip.js';

// Loaded when a backup is made, not at start-up (archiver ~20 MiB); reading is server/platform/zip.ts.
const loadArchiver = lazyRequire<typeof import('archiver')>('archiver');

/**
 * Backup zips in Mealie's layout: `database.json` at the root and `data/<path>` for the files of DATA_DIR.
 * Writing streams (the JSON table by table, files from disk); reading checks every entry before anything
 * is extracted: no absolute or climbing names, no symlinks, a bounded entry count and unpacked size, and
 * a compression ratio no honest backup reaches (a zip bomb is refused before it is inflated).
 */
export interface ReadLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxJsonBytes: number;
  maxRatio: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxEntries: 200_000,
  maxTotalBytes: 20 * 1024 ** 3,
  maxJsonBytes: 1024 ** 3,
  maxRatio: 200,
};

/**
 * Stored files never put in a backup: the backups themselves and zips (Mealie's rules), and the live
 * database files and logs at the top of DATA_DIR (hearth.db, -wal, -shm, -journal: database.json already
 * holds every row and a restore never reads them; copied while in use they would not even be consistent).
 */
export function excludedFromBackup(key: string): boolean {
  if (key.startsWith('backups/') || key.endsWith('.zip')) return true;
  return !key.includes('/') && /\.(db|sqlite3?)(-wal|-shm|-journal)?$|\.log(\.\d+)?$/.test(key);
}

/**
 * Streams a backup into storage under `key`: database.json first, then every stored file under `data/`,
 * one entry at a time (so one stored file is open at once, a bucket answers each by HTTP).
 */
export async function writeBackupZip(storage: Storage, key: string, databaseJson: AsyncIterable<string>): Promise<void> {
  const archive = new (loadArchiver().ZipArchive)({ zlib: { level: 6 } });
  const stored = storage.put(key, archive, { contentType: 'application/zip' }).catch((error: unknown) => {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  const filled = (async () => {
    const append = async (source: Readable, name: string) => {
      const added = once(archive, 'entry');
      archive.append(source, { name });
      await added;
    };
    await append(Readable.from(databaseJson), 'database.json');
    for (const file of await storage.list('')) {
      if (excludedFromBackup(file.key)) continue;
      const body = await storage.get(file.key);
      if (body) await append(body, `data/${file.key}`);
    }
    await archive.finalize();
  })().catch((error: unknown) => {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  await Promise.all([stored, filled]);
}

const BACKUP_ZIP_ERRORS: ZipErrors = {
  unreadable: (reason) => (reason !== null ? new HttpError(400, 'backups.not-a-readable-zip-reason', { reason }) : new HttpError(400, 'backups.not-a-readable-zip')),
  damaged: (reason) => new HttpError(400, 'backups.backup-zip-is-damaged', { reason }),
  tooManyEntries: (maxEntries) => new HttpError(400, 'backups.backup-holds-more-than-entries', { maxEntries }),
  unsafePath: (file) => new HttpError(400, 'backups.backup-holds-an-unsafe-path', { file }),
  symlink: (file) => new HttpError(400, 'backups.backup-holds-a-symbolic-link', { file }),
  tooLarge: () => new HttpError(400, 'backups.backup-is-too-large-once-unpacked'),
  // No entry has a limit of its own (checkSizes gets maxEntryBytes null): only the ratio refuses one.
  entryTooLarge: (file, ratio) => new HttpError(400, 'backups.backup-looks-like-a-zip-bomb-expands', { file, value: ratio ?? 0 }),
  // Only database.json is read into memory.
  inflatedTooLarge: () => new HttpError(400, 'backups.database-json-is-too-large'),
  unreadableEntry: (file) => new HttpError(400, 'backups.could-not-read-from-the-backup', { file }),
};

export interface ExtractedBackup {
  /** database.json, parsed. */
  database: Record<string, unknown>;
  /** Directory holding the backup's data/ files (may be empty). */
  dataDir: string;
}

/**
 * Checks and unpacks a backup into `stagingDir`: database.json parsed in memory, data/ written to
 * `stagingDir/data`. A `__MACOSX` wrapper (a Safari-zipped folder) is looked through. Throws a 4xx with the
 * reason for anything that is not a sound backup; nothing outside `stagingDir` is touched.
 */
export async function extractBackup(file: string, stagingDir: string, limits: ReadLimits = DEFAULT_READ_LIMITS): Promise<ExtractedBackup> {
  const zip = await openZip(file, BACKUP_ZIP_ERRORS, limits.maxEntries);
  try {
    checkSizes(zip.entries, { maxEntryBytes: null, maxTotalBytes: limits.maxTotalBytes, maxRatio: limits.maxRatio }, BACKUP_ZIP_ERRORS);
    const usable = zip.entries.filter((e) => !e.junk);
    // The base: the root, or the one folder that holds database.json (a zipped folder).
    const jsonEntry = usable.find((e) => e.name === 'database.json') ?? usable.find((e) => /^[^/]+\/database\.json$/.test(e.name));
    if (!jsonEntry) throw new HttpError(400, 'backups.backup-has-no-database-json');
    const base = jsonEntry.name.slice(0, -'database.json'.length);
    if (jsonEntry.uncompressedSize > limits.maxJsonBytes) throw new HttpError(400, 'backups.database-json-is-too-large');

    const json = await zip.read(jsonEntry, limits.maxJsonBytes);
    let database: unknown;
    try {
      database = JSON.parse(json.toString('utf8'));
    } catch (error) {
      throw new HttpError(400, 'backups.database-json-is-not-valid-json', { reason: (error as Error).message });
    }
    if (!database || typeof database !== 'object' || Array.isArray(database)) throw new HttpError(400, 'backups.database-json-does-not-hold-an-object');

    const dataDir = path.join(stagingDir, 'data');
    await fs.promises.mkdir(dataDir, { recursive: true });
    const prefix = `${base}data/`;
    for (const entry of usable) {
      if (!entry.name.startsWith(prefix) || entry.directory) continue;
      const relative = entry.name.slice(prefix.length);
      const target = path.resolve(dataDir, relative);
      if (!target.startsWith(dataDir + path.sep)) throw new HttpError(400, 'backups.backup-holds-an-unsafe-path', { file: entry.name });
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await pipeline(await zip.stream(entry), fs.createWriteStream(target, { flags: 'wx' }));
    }
    return { database: database as Record<string, unknown>, dataDir };
  } finally {
    zip.close();
  }
}
