import { badRequest } from '../../platform/errors.js';
import { checkSizes, openZip, type ZipErrors } from '../../platform/zip.js';

/**
 * Reads chosen entries of an uploaded zip into memory, within limits: a bounded number of entries, a bounded
 * size for each entry read and for all of them, no names that climb out of the archive, no symbolic links and
 * no zip bombs. The reading and the checks are the platform's one zip reader (server/platform/zip.ts).
 */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 2_000, maxEntryBytes: 25 * 1024 * 1024, maxTotalBytes: 100 * 1024 * 1024 };

/** An honest recipe file or photo never unpacks to 200 times its packed size. */
const MAX_RATIO = 200;

export interface ZipEntryData {
  name: string;
  data: Buffer;
}

const IMPORT_ZIP_ERRORS: ZipErrors = {
  unreadable: (reason) => (reason !== null ? badRequest('recipe-import.not-a-readable-zip-reason', { reason }) : badRequest('recipe-import.not-a-readable-zip')),
  damaged: (reason) => badRequest('recipe-import.zip-archive-is-damaged', { reason }),
  tooManyEntries: (maxEntries) => badRequest('recipe-import.archive-holds-more-than-files', { maxEntries }),
  unsafePath: (name) => badRequest('recipe-import.archive-holds-an-unsafe-path', { name }),
  symlink: (name) => badRequest('recipe-import.archive-holds-an-unsafe-path', { name }),
  tooLarge: () => badRequest('recipe-import.archive-is-too-large-once-unpacked'),
  entryTooLarge: (name) => badRequest('recipe-import.is-too-large-2', { name }),
  inflatedTooLarge: (file) => badRequest('recipe-import.is-too-large', { file }),
  unreadableEntry: (file, reason) =>
    reason !== null ? badRequest('recipe-import.could-not-read-from-the-archive-2', { file, reason }) : badRequest('recipe-import.could-not-read-from-the-archive', { file }),
};

/** The entries whose names `want` accepts (directories and macOS resource forks skipped), in archive order. */
export async function readZipEntries(buffer: Buffer, want: (name: string) => boolean, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntryData[]> {
  const zip = await openZip(buffer, IMPORT_ZIP_ERRORS, limits.maxEntries);
  try {
    const wanted = zip.entries.filter((entry) => !entry.directory && !entry.junk && want(entry.name));
    checkSizes(wanted, { maxEntryBytes: limits.maxEntryBytes, maxTotalBytes: limits.maxTotalBytes, maxRatio: MAX_RATIO }, IMPORT_ZIP_ERRORS);
    const out: ZipEntryData[] = [];
    for (const entry of wanted) out.push({ name: entry.name, data: await zip.read(entry, limits.maxEntryBytes) });
    return out;
  } finally {
    zip.close();
  }
}
