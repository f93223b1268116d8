import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { lazyRequire } from '../lazy.js';

// Loaded when a zip is read, not at start-up (yauzl ~12 MiB).
const loadYauzl = lazyRequire<typeof yauzl>('yauzl');

/**
 * The one reader of zip archives (yauzl), for backups (a file on disk) and imports (an upload in memory).
 * Opening lists every entry from the central directory (nothing is inflated yet) and refuses what no honest
 * archive holds: more entries than allowed, absolute or climbing names, symbolic links. `checkSizes` refuses
 * too much unpacked data and zip bombs (a compression ratio no real file reaches) before anything is inflated;
 * reads are bounded again while they inflate. Errors are the caller's: each area raises its own message keys.
 */
export interface ZipErrors {
  /** Not a zip yauzl can open (reason when it gave one). */
  unreadable(reason: string | null): Error;
  /** The listing failed part way. */
  damaged(reason: string): Error;
  tooManyEntries(maxEntries: number): Error;
  /** An absolute or climbing name. */
  unsafePath(name: string): Error;
  /** A symbolic link. */
  symlink(name: string): Error;
  /** The checked entries unpack to more than allowed. */
  tooLarge(): Error;
  /** One entry would unpack to more than allowed (or compresses like a zip bomb: `ratio`), seen before inflating. */
  entryTooLarge(name: string, ratio: number | null): Error;
  /** An entry inflated past the bytes its reader allowed. */
  inflatedTooLarge(name: string): Error;
  /** An entry could not be inflated. */
  unreadableEntry(name: string, reason: string | null): Error;
}

export interface ZipSizeLimits {
  /** Largest unpacked entry; null: no limit of its own. */
  maxEntryBytes: number | null;
  /** Largest unpacked total of the checked entries. */
  maxTotalBytes: number;
  /** An entry over 1 MiB unpacking to more than this many times its packed size is refused. */
  maxRatio: number;
}

export interface ZipEntry {
  name: string;
  uncompressedSize: number;
  compressedSize: number;
  /** The entry is a directory. */
  directory: boolean;
  /** macOS' __MACOSX folder or a ._ resource fork: never content. */
  junk: boolean;
}

export interface ZipArchive {
  /** Every entry, in archive order (names checked). */
  entries: ZipEntry[];
  /** The entry's bytes, inflated as a stream. */
  stream(entry: ZipEntry): Promise<Readable>;
  /** The entry's bytes in memory, refused past `maxBytes` while inflating. */
  read(entry: ZipEntry, maxBytes: number): Promise<Buffer>;
  close(): void;
}

/** A name that is absolute, climbs out (..), uses backslashes or a drive letter, or holds a NUL. */
export function unsafeZipName(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.split('/').includes('..') || name.includes('\0');
}

/** A symlink stored in a zip (Unix mode in the high bits of the external attributes). */
function isSymlink(entry: yauzl.Entry): boolean {
  return ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

function isJunk(name: string): boolean {
  return name.split('/').some((part) => part === '__MACOSX' || part.startsWith('._'));
}

const OPTIONS = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, autoClose: false } as const;

/** Opens a zip (a path on disk or the bytes of an upload), lists and checks its entries. */
export async function openZip(source: string | Buffer, errors: ZipErrors, maxEntries: number): Promise<ZipArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const done = (error: Error | null, file?: yauzl.ZipFile) => {
      if (error || !file) reject(errors.unreadable(error ? error.message : null));
      else resolve(file);
    };
    if (typeof source === 'string') loadYauzl().open(source, OPTIONS, done);
    else loadYauzl().fromBuffer(source, OPTIONS, done);
  });
  try {
    if (zip.entryCount > maxEntries) throw errors.tooManyEntries(maxEntries);
    const raw = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const list: yauzl.Entry[] = [];
      zip.on('error', (error: Error) => reject(errors.damaged(error.message)));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (unsafeZipName(entry.fileName)) return reject(errors.unsafePath(entry.fileName));
        if (isSymlink(entry)) return reject(errors.symlink(entry.fileName));
        list.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve(list));
      zip.readEntry();
    });
    const byEntry = new Map<ZipEntry, yauzl.Entry>();
    const entries = raw.map((entry) => {
      const info: ZipEntry = {
        name: entry.fileName,
        uncompressedSize: entry.uncompressedSize,
        compressedSize: entry.compressedSize,
        directory: entry.fileName.endsWith('/'),
        junk: isJunk(entry.fileName),
      };
      byEntry.set(info, entry);
      return info;
    });
    const stream = (info: ZipEntry) =>
      new Promise<Readable>((resolve, reject) => {
        const entry = byEntry.get(info);
        if (!entry) return reject(errors.unreadableEntry(info.name, null));
        zip.openReadStream(entry, (error, readable) => {
          if (error || !readable) reject(errors.unreadableEntry(info.name, null));
          else resolve(readable);
        });
      });
    const read = async (info: ZipEntry, maxBytes: number) => {
      const readable = await stream(info);
      return new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        readable.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            readable.destroy();
            reject(errors.inflatedTooLarge(info.name));
            return;
          }
          chunks.push(chunk);
        });
        readable.on('end', () => resolve(Buffer.concat(chunks)));
        readable.on('error', (error: Error) => reject(errors.unreadableEntry(info.name, error.message)));
      });
    };
    return { entries, stream, read, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Refuses, before anything is inflated, entries that unpack to too much or compress like a zip bomb. */
export function checkSizes(entries: readonly ZipEntry[], limits: ZipSizeLimits, errors: ZipErrors): void {
  let total = 0;
  for (const entry of entries) {
    if (limits.maxEntryBytes !== null && entry.uncompressedSize > limits.maxEntryBytes) throw errors.entryTooLarge(entry.name, null);
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) throw errors.tooLarge();
    if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
      throw errors.entryTooLarge(entry.name, Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize)));
    }
  }
}
