import { LocalStorage } from './local.js';
import type { StorageConfig } from '../../config-storage.js';
import type { Storage } from './types.js';

export type { ByteRange, ListedFile, PutOptions, Storage, StoredStat } from './types.js';
export { readBackupCopyConfig, readStorageConfig, type StorageConfig } from '../../config-storage.js';
export { checkKey, checkPrefix, contentTypeFor, isUuid, joinKey, safeFileName, storageKeys } from './keys.js';
export { copyPrefix } from './copy.js';
export { dataPath, writeFileAtomic } from './files.js';
export { sniffImage } from './sniff.js';
export { parseRange, sendStored, type ServeOptions } from './serve.js';
export { LocalStorage } from './local.js';

/**
 * The storage the configuration names: files under DATA_DIR, or an S3-compatible bucket (the AWS SDK is
 * loaded only then). Call ready() before use: it refuses an unusable DATA_DIR or bucket with a ConfigError.
 */
export async function createStorage(config: { dataDir: string; storage: StorageConfig }): Promise<Storage> {
  if (config.storage.driver === 'local') return new LocalStorage(config.dataDir);
  const { S3Storage } = await import('./s3.js');
  return new S3Storage(config.storage);
}
