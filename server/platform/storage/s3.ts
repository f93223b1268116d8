import type { Readable } from 'node:stream';
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import { ConfigError } from '../../config-env.js';
import { checkKey, checkPrefix, contentTypeFor } from './keys.js';
import type { StorageConfig } from '../../config-storage.js';
import type { ByteRange, ListedFile, PutOptions, Storage, StoredStat } from './types.js';
import { lazyRequire } from '../../lazy.js';

// The AWS SDK is required when S3 storage is first built, so a server on local storage never loads it.
const sdk = lazyRequire<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** Streams are uploaded in parts of this size (S3's minimum is 5 MiB), so memory stays bounded. */
const PART_SIZE = 8 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** An S3-compatible bucket; keys are the same as on disk, under the optional S3_PREFIX. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new (sdk().S3Client)({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Only the checksums S3 requires: S3-compatible servers often reject the newer default headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    return this.config.prefix + checkKey(key);
  }

  async ready(): Promise<void> {
    try {
      await this.client.send(new (sdk().HeadBucketCommand)({ Bucket: this.config.bucket }));
    } catch (error) {
      const where = this.config.endpoint ? ` at ${this.config.endpoint}` : '';
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason = status === 404 ? 'it does not exist' : status === 403 ? 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)' : (error as Error).message || (error as Error).name;
      throw new ConfigError(`S3_BUCKET "${this.config.bucket}"${where} is not usable: ${reason}`);
    }
  }

  async put(key: string, data: Buffer | Readable, options: PutOptions = {}): Promise<void> {
    const Key = this.objectKey(key);
    const ContentType = options.contentType ?? contentTypeFor(key);
    if (Buffer.isBuffer(data)) {
      await this.client.send(new (sdk().PutObjectCommand)({ Bucket: this.config.bucket, Key, Body: data, ContentType }));
      return;
    }
    // A stream of unknown length: one PUT when it is small, else a multipart upload of bounded parts.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const flushPart = async () => {
      uploadId ??= (await this.client.send(new (sdk().CreateMultipartUploadCommand)({ Bucket: this.config.bucket, Key, ContentType }))).UploadId;
      const PartNumber = parts.length + 1;
      const body = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const { ETag } = await this.client.send(new (sdk().UploadPartCommand)({ Bucket: this.config.bucket, Key, UploadId: uploadId, PartNumber, Body: body }));
      parts.push({ PartNumber, ETag });
    };
    try {
      for await (const chunk of data) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        pending.push(buffer);
        pendingBytes += buffer.length;
        if (pendingBytes >= PART_SIZE) await flushPart();
      }
      if (uploadId === undefined) {
        await this.client.send(new (sdk().PutObjectCommand)({ Bucket: this.config.bucket, Key, Body: Buffer.concat(pending), ContentType }));
        return;
      }
      if (pendingBytes > 0) await flushPart();
      await this.client.send(new (sdk().CompleteMultipartUploadCommand)({ Bucket: this.config.bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      if (uploadId) await this.client.send(new (sdk().AbortMultipartUploadCommand)({ Bucket: this.config.bucket, Key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const out = await this.client.send(
        new (sdk().GetObjectCommand)({ Bucket: this.config.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return (out.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const stream = await this.get(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    return Buffer.concat(chunks);
  }

  async stat(key: string): Promise<StoredStat | null> {
    try {
      const head = await this.client.send(new (sdk().HeadObjectCommand)({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      return {
        key,
        size: head.ContentLength ?? 0,
        modified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${head.ContentLength ?? 0}"`,
        contentType: head.ContentType ?? contentTypeFor(key),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (checkPrefix(prefix) === '') throw new Error('deletePrefix needs a folder, not the whole storage');
    const keys = (await this.list(prefix)).map((f) => f.key);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000).map((key) => ({ Key: this.objectKey(key) }));
      const out = await this.client.send(new (sdk().DeleteObjectsCommand)({ Bucket: this.config.bucket, Delete: { Objects: batch, Quiet: true } }));
      if (out.Errors?.length) throw new Error(`S3 could not delete ${out.Errors.length} file(s) under ${prefix}: ${out.Errors[0].Code ?? ''} ${out.Errors[0].Message ?? ''}`.trim());
    }
  }

  async list(prefix: string): Promise<ListedFile[]> {
    checkPrefix(prefix);
    const out: ListedFile[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new (sdk().ListObjectsV2Command)({ Bucket: this.config.bucket, Prefix: this.config.prefix + prefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) out.push({ key: object.Key.slice(this.config.prefix.length), size: object.Size ?? 0 });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async copy(from: string, to: string): Promise<void> {
    const source = `${this.config.bucket}/${this.objectKey(from).split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new (sdk().CopyObjectCommand)({ Bucket: this.config.bucket, Key: this.objectKey(to), CopySource: source }));
  }
}
