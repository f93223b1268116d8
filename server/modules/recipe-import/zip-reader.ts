import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { lazyRequire } from '../../lazy.js';

const loadYauzl = lazyRequire<typeof yauzl>('yauzl');
import { badRequest } from '../../platform/errors.js';

/**
 * Reads chosen entries of an uploaded zip into memory, within limits: a bounded number of entries, a bounded
 * size for each entry read and for all of them, and no names that climb out of the archive.
 */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 2_000, maxEntryBytes: 25 * 1024 * 1024, maxTotalBytes: 100 * 1024 * 1024 };

export interface ZipEntryData {
  name: string;
  data: Buffer;
}

function isUnsafeName(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.split('/').includes('..');
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    loadYauzl().fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(error ? badRequest('recipe-import.not-a-readable-zip-reason', { reason: error.message }) : badRequest('recipe-import.not-a-readable-zip'));
      else resolve(zip);
    });
  });
}

function readStream(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream: Readable) => {
      if (error || !stream) return reject(badRequest('recipe-import.could-not-read-from-the-archive', { file: entry.fileName }));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(badRequest('recipe-import.is-too-large', { file: entry.fileName }));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', (err) => reject(badRequest('recipe-import.could-not-read-from-the-archive-2', { file: entry.fileName, reason: err.message })));
    });
  });
}

/** The entries whose names `want` accepts (directories and macOS resource forks skipped), in archive order. */
export async function readZipEntries(buffer: Buffer, want: (name: string) => boolean, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntryData[]> {
  const zip = await openZip(buffer);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw badRequest('recipe-import.archive-holds-more-than-files', { maxEntries: limits.maxEntries });
  }
  const out: ZipEntryData[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(badRequest('recipe-import.zip-archive-is-damaged', { reason: error.message })));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (isUnsafeName(name)) return reject(badRequest('recipe-import.archive-holds-an-unsafe-path', { name }));
        const skipped = name.endsWith('/') || name.split('/').some((part) => part === '__MACOSX' || part.startsWith('._')) || !want(name);
        if (skipped) return zip.readEntry();
        if (entry.uncompressedSize > limits.maxEntryBytes) return reject(badRequest('recipe-import.is-too-large-2', { name }));
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) return reject(badRequest('recipe-import.archive-is-too-large-once-unpacked'));
        readStream(zip, entry, limits.maxEntryBytes)
          .then((data) => {
            out.push({ name, data });
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return out;
}
