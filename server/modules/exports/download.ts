import path from 'node:path';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound, unauthorized } from '../../platform/errors.js';
import { checkKey, type StoredStat } from '../../platform/storage/index.js';

const CONTENT_TYPES: Record<string, string> = { '.zip': 'application/zip', '.json': 'application/json' };

export interface DownloadableFile {
  key: string;
  stat: StoredStat;
  contentType: string;
  fileName: string;
}

/**
 * A stored file's key from what a file token or an export row holds: a key (`groups/{id}/export/x.zip`), or
 * an absolute path inside DATA_DIR as Mealie writes them. A path outside DATA_DIR or a bad key is a 400.
 */
export function storageKeyOf(deps: Deps, file: string): string {
  if (!path.isAbsolute(file)) return checkKey(file.split(path.sep).join('/'));
  const relative = path.relative(path.resolve(deps.config.dataDir), path.resolve(file));
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) throw badRequest('common.invalid-path');
  return checkKey(relative.split(path.sep).join('/'));
}

/**
 * GET /api/utils/download?token=: the stored file a file token names (by key); a forged or expired token
 * is a 401, a name outside the storage a 400, a missing file (or a symlink out of DATA_DIR) a 404.
 */
export async function fileForToken(deps: Deps, token: string): Promise<DownloadableFile> {
  const claims = await deps.tokens.verify(token);
  if (!claims || typeof claims.file !== 'string' || claims.sub !== undefined) throw unauthorized('exports.invalid-or-expired-download-token');
  const key = storageKeyOf(deps, claims.file);
  const stat = await deps.storage.stat(key);
  if (!stat) throw notFound('common.file-not-found');
  const fileName = path.posix.basename(key);
  return { key, stat, contentType: CONTENT_TYPES[path.posix.extname(fileName).toLowerCase()] ?? 'application/octet-stream', fileName };
}
