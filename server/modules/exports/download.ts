import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound, unauthorized } from '../../platform/errors.js';
import { dataPath } from '../../platform/storage.js';

const CONTENT_TYPES: Record<string, string> = { '.zip': 'application/zip', '.json': 'application/json' };

export interface DownloadableFile {
  file: string;
  size: number;
  contentType: string;
  fileName: string;
}

/**
 * GET /api/utils/download?token=: the file a file token names, only when it really is inside DATA_DIR
 * (symlinks resolved); a forged or expired token is a 401, a path outside a 400.
 */
export async function fileForToken(deps: Deps, token: string): Promise<DownloadableFile> {
  const claims = await deps.tokens.verify(token);
  if (!claims || typeof claims.file !== 'string' || claims.sub !== undefined) throw unauthorized('Invalid or expired download token');
  const file = dataPath(deps.config.dataDir, claims.file);
  const root = await fs.promises.realpath(deps.config.dataDir);
  const real = await fs.promises.realpath(file).catch(() => null);
  if (!real) throw notFound('File not found');
  if (!real.startsWith(root + path.sep)) throw badRequest('Invalid path');
  const stat = await fs.promises.stat(real);
  if (!stat.isFile()) throw notFound('File not found');
  return {
    file: real,
    size: stat.size,
    contentType: CONTENT_TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream',
    fileName: path.basename(real),
  };
}
