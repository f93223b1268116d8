import type { Readable } from 'node:stream';

/** What a stored file is, without its bytes. */
export interface StoredStat {
  key: string;
  size: number;
  modified: Date;
  /** Quoted, as HTTP sends it. */
  etag: string;
  /** The type given at put (S3), or guessed from the key's extension (local disk). */
  contentType: string;
}

export interface PutOptions {
  contentType?: string;
}

/** An inclusive byte range, as HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ListedFile {
  key: string;
  size: number;
}

/**
 * Every file the server keeps (recipe images and assets, timeline images, avatars, exports, backups),
 * addressed by a key in Mealie's DATA_DIR layout: `recipes/{id}/images/original.webp`,
 * `recipes/{id}/assets/{file}`, `users/{id}/profile.webp`, `groups/{id}/export/{file}.zip`, `backups/{file}.zip`.
 * Keys are relative, `/`-separated, with no empty, `.` or `..` segment and no segment starting with a dot;
 * any other key is refused with a 400 before it reaches a disk or a bucket.
 */
export interface Storage {
  /** `local` (files under DATA_DIR) or `s3`. */
  readonly kind: 'local' | 's3';
  /** Checks that the storage can be used (DATA_DIR writable, bucket reachable); throws a ConfigError if not. */
  ready(): Promise<void>;
  /** Writes the whole file at once: a reader never sees half of it, and a failed write leaves the old one. */
  put(key: string, data: Buffer | Readable, options?: PutOptions): Promise<void>;
  /** The file's bytes (or one range of them), or null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The whole file in memory, or null; for small files only (images before re-encoding, JSON). */
  read(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<StoredStat | null>;
  exists(key: string): Promise<boolean>;
  /** Removes one file; no error when it is not there. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix`, which must end with `/` (a folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every file under `prefix` (a folder ending with `/`, or '' for all), sorted by key. */
  list(prefix: string): Promise<ListedFile[]>;
  /** Copies one file (on S3 inside the bucket, without passing through this process). */
  copy(from: string, to: string): Promise<void>;
}
