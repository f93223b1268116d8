import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type yauzl from 'yauzl';
import { HttpError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/index.js';
import { lazyRequire } from '../../lazy.js';

// Loaded when a backup is made or read, not at start-up (archiver ~20 MiB, yauzl ~12 MiB).
const loadArchiver = lazyRequire<typeof import('archiver')>('archiver');
const loadYauzl = lazyRequire<typeof yauzl>('yauzl');

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

function unsafeName(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.split('/').includes('..') || name.includes('\0');
}

function open(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    loadYauzl().open(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, autoClose: false }, (error, zip) => {
      if (error || !zip) reject(error ? new HttpError(400, 'backups.not-a-readable-zip-reason', { reason: error.message }) : new HttpError(400, 'backups.not-a-readable-zip'));
      else resolve(zip);
    });
  });
}

function entries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const list: yauzl.Entry[] = [];
    zip.on('error', (error: Error) => reject(new HttpError(400, 'backups.backup-zip-is-damaged', { reason: error.message })));
    zip.on('entry', (entry: yauzl.Entry) => {
      list.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(list));
    zip.readEntry();
  });
}

function streamOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(new HttpError(400, 'backups.could-not-read-from-the-backup', { file: entry.fileName }));
      else resolve(stream);
    });
  });
}

/** A symlink stored in a zip (Unix mode in the high bits of the external attributes). */
function isSymlink(entry: yauzl.Entry): boolean {
  return ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

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
  const zip = await open(file);
  try {
    if (zip.entryCount > limits.maxEntries) throw new HttpError(400, 'backups.backup-holds-more-than-entries', { maxEntries: limits.maxEntries });
    const all = await entries(zip);
    let total = 0;
    for (const entry of all) {
      if (unsafeName(entry.fileName)) throw new HttpError(400, 'backups.backup-holds-an-unsafe-path', { file: entry.fileName });
      if (isSymlink(entry)) throw new HttpError(400, 'backups.backup-holds-a-symbolic-link', { file: entry.fileName });
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw new HttpError(400, 'backups.backup-is-too-large-once-unpacked');
      if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
        throw new HttpError(400, 'backups.backup-looks-like-a-zip-bomb-expands', { file: entry.fileName, value: Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize)) });
      }
    }
    const usable = all.filter((e) => !e.fileName.split('/').some((part) => part === '__MACOSX' || part.startsWith('._')));
    // The base: the root, or the one folder that holds database.json (a zipped folder).
    const jsonEntry = usable.find((e) => e.fileName === 'database.json') ?? usable.find((e) => /^[^/]+\/database\.json$/.test(e.fileName));
    if (!jsonEntry) throw new HttpError(400, 'backups.backup-has-no-database-json');
    const base = jsonEntry.fileName.slice(0, -'database.json'.length);
    if (jsonEntry.uncompressedSize > limits.maxJsonBytes) throw new HttpError(400, 'backups.database-json-is-too-large');

    const chunks: Buffer[] = [];
    for await (const chunk of await streamOf(zip, jsonEntry)) chunks.push(chunk as Buffer);
    let database: unknown;
    try {
      database = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch (error) {
      throw new HttpError(400, 'backups.database-json-is-not-valid-json', { reason: (error as Error).message });
    }
    if (!database || typeof database !== 'object' || Array.isArray(database)) throw new HttpError(400, 'backups.database-json-does-not-hold-an-object');

    const dataDir = path.join(stagingDir, 'data');
    await fs.promises.mkdir(dataDir, { recursive: true });
    const prefix = `${base}data/`;
    for (const entry of usable) {
      if (!entry.fileName.startsWith(prefix) || entry.fileName.endsWith('/')) continue;
      const relative = entry.fileName.slice(prefix.length);
      const target = path.resolve(dataDir, relative);
      if (!target.startsWith(dataDir + path.sep)) throw new HttpError(400, 'backups.backup-holds-an-unsafe-path', { file: entry.fileName });
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await pipeline(await streamOf(zip, entry), fs.createWriteStream(target, { flags: 'wx' }));
    }
    return { database: database as Record<string, unknown>, dataDir };
  } finally {
    zip.close();
  }
}
