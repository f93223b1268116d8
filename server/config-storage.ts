import { ConfigError, readBool, type Env } from './config-env.js';

/** Where stored files live: `STORAGE=local` (default, under DATA_DIR) or `STORAGE=s3`. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** For S3-compatible servers (MinIO, Garage, Ceph, R2…); AWS itself when absent. */
      endpoint?: string;
      /** Both or neither; neither uses the AWS SDK's own chain (AWS_* variables, instance role). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
      /** Keys are stored under this folder of the bucket ('' or ending with `/`). */
      prefix: string;
    };

export function readStorageConfig(env: Env): StorageConfig {
  const driver = (env.STORAGE ?? 'local').trim().toLowerCase() || 'local';
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') throw new ConfigError(`STORAGE must be "local" or "s3", got "${env.STORAGE}"`);
  return readS3Config(env, 'STORAGE=s3');
}

/**
 * BACKUP_COPY_TO_S3=true: each backup, once verified, is also copied to the bucket the S3_* variables name,
 * so a backup survives the disk it was written on. With STORAGE=s3 backups are already in the bucket.
 */
export function readBackupCopyConfig(env: Env, storage: StorageConfig): StorageConfig | null {
  if (!readBool(env, 'BACKUP_COPY_TO_S3', false)) return null;
  if (storage.driver === 's3') throw new ConfigError('BACKUP_COPY_TO_S3 copies backups to S3 when files are kept on disk; with STORAGE=s3 backups are already in the bucket');
  return readS3Config(env, 'BACKUP_COPY_TO_S3=true');
}

function readS3Config(env: Env, what: string): StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError(`${what} needs S3_BUCKET (the bucket that holds ${what.startsWith('STORAGE') ? 'images, assets, exports and backups' : 'the copies of the backups'})`);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots or hyphens), got "${bucket}"`);
  }
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '') || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new ConfigError(`S3_ENDPOINT must start with http:// or https://, got "${env.S3_ENDPOINT}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, to use the AWS credential chain)');
  }
  const rawPrefix = env.S3_PREFIX?.trim().replace(/^\/+|\/+$/g, '') ?? '';
  if (rawPrefix.split('/').some((s) => s === '.' || s === '..') || rawPrefix.includes('//')) {
    throw new ConfigError(`S3_PREFIX must be a folder name like "hearth" or "apps/hearth", got "${env.S3_PREFIX}"`);
  }
  return {
    driver: 's3',
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // S3-compatible servers usually address buckets by path; AWS by host name.
    forcePathStyle: readBool(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint)),
    prefix: rawPrefix ? `${rawPrefix}/` : '',
  };
}
