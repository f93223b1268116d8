import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import type { ByteRange, Storage, StoredStat } from './types.js';

export interface ServeOptions {
  /** Defaults to the stored type (S3) or the one guessed from the key's extension. */
  contentType?: string;
  cacheControl?: string;
}

/**
 * The one range a `Range` header asks for, 'unsatisfiable', or null to send the whole file (no header, a
 * header we do not understand, or several ranges, which HTTP lets a server answer with the whole file).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function notModified(request: FastifyRequest, stat: StoredStat): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(stat.etag.replace(/^W\//, ''));
  }
  const since = request.headers['if-modified-since'];
  if (since) {
    const time = Date.parse(since);
    return Number.isFinite(time) && Math.floor(stat.modified.getTime() / 1000) * 1000 <= time;
  }
  return false;
}

/** If-Range: the range only applies while the file is still the one the client has part of. */
function rangeStillValid(request: FastifyRequest, stat: StoredStat): boolean {
  const raw = request.headers['if-range'];
  const ifRange = Array.isArray(raw) ? raw[0] : raw;
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === stat.etag;
  const time = Date.parse(ifRange);
  return Number.isFinite(time) && Math.floor(stat.modified.getTime() / 1000) * 1000 <= time;
}

/**
 * Sends a stored file as the reply, streamed from disk or bucket: ETag / Last-Modified with 304 answers,
 * and single byte ranges (206 / 416) so audio and video assets can seek. 404 when there is no such file.
 */
export async function sendStored(request: FastifyRequest, reply: FastifyReply, storage: Storage, key: string, options: ServeOptions = {}): Promise<FastifyReply> {
  const stat = await storage.stat(key);
  if (!stat) throw notFound('common.file-not-found');
  reply.header('Accept-Ranges', 'bytes');
  reply.header('ETag', stat.etag);
  reply.header('Last-Modified', stat.modified.toUTCString());
  reply.header('X-Content-Type-Options', 'nosniff');
  if (options.cacheControl) reply.header('Cache-Control', options.cacheControl);
  reply.type(options.contentType ?? stat.contentType);

  if (notModified(request, stat)) return reply.status(304).send();

  const range = rangeStillValid(request, stat) ? parseRange(request.headers.range, stat.size) : null;
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${stat.size}`);
    return reply.status(416).type('application/json').send({ detail: 'Range Not Satisfiable' });
  }
  const body = await storage.get(key, range ?? undefined);
  if (!body) throw notFound('common.file-not-found');
  if (range) {
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.header('Content-Length', String(stat.size));
  }
  return reply.send(body);
}
