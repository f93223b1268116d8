import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError } from '../../config-env.js';
import { checkKey, checkPrefix, contentTypeFor } from './keys.js';
import { dataPath, tempNameFor } from './files.js';
import type { ByteRange, ListedFile, PutOptions, Storage, StoredStat } from './types.js';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Files under DATA_DIR at their keys (Mealie's layout), written through a temporary file and a rename. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private realRoot: string | null = null;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir);
  }

  async ready(): Promise<void> {
    try {
      await fs.promises.mkdir(this.root, { recursive: true });
      await fs.promises.access(this.root, fs.constants.W_OK);
    } catch (error) {
      throw new ConfigError(`DATA_DIR ${this.root} is not a writable folder (${(error as Error).message})`);
    }
  }

  /** The file of a key: refused when the key is invalid or resolves outside DATA_DIR. */
  private file(key: string): string {
    return dataPath(this.root, ...checkKey(key).split('/'));
  }

  /** The file of a key for reading, with symlinks resolved; null when missing or leading out of DATA_DIR. */
  private async existingFile(key: string): Promise<{ file: string; stat: fs.Stats } | null> {
    const file = this.file(key);
    this.realRoot ??= await fs.promises.realpath(this.root).catch(() => this.root);
    const real = await fs.promises.realpath(file).catch(() => null);
    if (!real || !real.startsWith(this.realRoot + path.sep)) return null;
    const stat = await fs.promises.stat(real).catch(() => null);
    return stat?.isFile() ? { file: real, stat } : null;
  }

  async put(key: string, data: Buffer | Readable, _options?: PutOptions): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = tempNameFor(file);
    try {
      if (Buffer.isBuffer(data)) await fs.promises.writeFile(tmp, data);
      else await pipeline(data, fs.createWriteStream(tmp));
      await fs.promises.rename(tmp, file);
    } catch (error) {
      await fs.promises.rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const found = await this.existingFile(key);
    if (!found) return null;
    return fs.createReadStream(found.file, range ? { start: range.start, end: range.end } : undefined);
  }

  async read(key: string): Promise<Buffer | null> {
    const found = await this.existingFile(key);
    return found ? fs.promises.readFile(found.file) : null;
  }

  async stat(key: string): Promise<StoredStat | null> {
    const found = await this.existingFile(key);
    if (!found) return null;
    const { size, mtime } = found.stat;
    return { key, size, modified: mtime, etag: `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`, contentType: contentTypeFor(key) };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.existingFile(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (checkPrefix(prefix) === '') throw new Error('deletePrefix needs a folder, not the whole storage');
    await fs.promises.rm(this.file(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<ListedFile[]> {
    checkPrefix(prefix);
    const start = prefix === '' ? this.root : this.file(prefix.slice(0, -1));
    const out: ListedFile[] = [];
    const walk = async (dir: string, keyPrefix: string) => {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        // Hidden files (the signing secret) and unfinished writes are not stored files.
        if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full, `${keyPrefix}${entry.name}/`);
        else if (entry.isFile()) out.push({ key: `${keyPrefix}${entry.name}`, size: (await fs.promises.stat(full)).size });
      }
    };
    await walk(start, prefix);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async copy(from: string, to: string): Promise<void> {
    const source = await this.get(from);
    if (source) await this.put(to, source);
  }
}
