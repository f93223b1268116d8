import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './http.js';

/*
 * Responses over 1 KB go out with brotli or gzip, as the client accepts (Mealie gzips over 1 KB too).
 * This is a few lines over node:zlib rather than @fastify/compress: that plugin tests every payload with
 * `instanceof Response`, and touching that global loads Node's whole fetch implementation (~2.5 MiB of an
 * idle server that never fetches anything).
 */

export const COMPRESSION_THRESHOLD = 1024;
export type Encoding = 'br' | 'gzip';

// Brotli quality 4: near gzip's speed on per-request JSON, with smaller output.
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/*
 * An answer up to this size is compressed on the main thread (~0.15 ms for a recipe's 8 KB), which saves the
 * ~1 ms a hop to the thread pool and back through a stream adds to its latency; larger ones go to the pool
 * so they do not hold up other requests. Such an answer gets gzip when the client takes both: brotli's
 * output is within 2 % of gzip's at this size, but each call maps and faults in a fresh 512 KiB hash table
 * (blocks that large are not kept by the allocator, see scripts/server-command.mjs), ~0.5 ms more per answer.
 */
const INLINE_LIMIT = 64 * 1024;

const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|x-yaml|yaml|[\w.+-]*\+(?:json|xml))|image\/svg\+xml)/i;

/**
 * The encoding to use for an Accept-Encoding header: the highest q-value, and on a tie brotli, or gzip when
 * `gzipOnTie` (small answers); none for identity.
 */
export function negotiateEncoding(header: string | string[] | undefined, gzipOnTie = false): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const wildcard = q.get('*') ?? 0;
  const br = q.get('br') ?? wildcard;
  const gz = q.get('gzip') ?? q.get('x-gzip') ?? wildcard;
  if (br <= 0 && gz <= 0) return null;
  if (br === gz) return gzipOnTie ? 'gzip' : 'br';
  return br > gz ? 'br' : 'gzip';
}

function compressibleType(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

function skip(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    request.method === 'HEAD' ||
    reply.statusCode === 204 ||
    reply.statusCode === 206 ||
    reply.statusCode === 304 ||
    reply.hasHeader('content-encoding') ||
    reply.hasHeader('content-range') ||
    !compressibleType(reply)
  );
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b|\*/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
}

async function compressPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (payload == null || skip(request, reply)) return payload;
  const isStream = payload instanceof Readable;
  if (!isStream && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // A file says its length (the static files do); one of unknown length is taken as large.
  const length = isStream ? Number(reply.getHeader('content-length') ?? Number.POSITIVE_INFINITY) : Buffer.byteLength(payload as string | Buffer);
  if (length < COMPRESSION_THRESHOLD) return payload;
  addVary(reply);
  const inline = !isStream && length <= INLINE_LIMIT;
  const encoding = negotiateEncoding(request.headers['accept-encoding'], inline);
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  if (isStream) {
    // A file (the API docs' scripts): compressed as it streams.
    const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip(GZIP_OPTIONS);
    (payload as Readable).on('error', (err) => compressor.destroy(err));
    return (payload as Readable).pipe(compressor);
  }
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
  if (inline) return encoding === 'br' ? zlib.brotliCompressSync(bytes, BROTLI_OPTIONS) : zlib.gzipSync(bytes, GZIP_OPTIONS);
  return encoding === 'br' ? brotli(bytes, BROTLI_OPTIONS) : gzip(bytes, GZIP_OPTIONS);
}

/**
 * For a cached answer (server/platform/read-cache.ts): `bytes` as this request should get them, compressed
 * the way compressPayload would (same threshold, encoding and options), with Content-Encoding and Vary set so
 * the onSend hook leaves them alone. `keep(encoding, make)` returns the compressed bytes kept beside the
 * answer, or makes and keeps them: a repeated page is compressed once per encoding, not on every send
 * (~3.7 CPU-ms of a 4.9 CPU-ms cached page with gzip).
 */
export function compressedOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Buffer,
  keep: (encoding: Encoding, make: () => Buffer) => Buffer,
): Buffer {
  if (bytes.length < COMPRESSION_THRESHOLD || skip(request, reply)) return bytes;
  addVary(reply);
  const encoding = negotiateEncoding(request.headers['accept-encoding'], bytes.length <= INLINE_LIMIT);
  if (!encoding) return bytes;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return keep(encoding, () => (encoding === 'br' ? zlib.brotliCompressSync(bytes, BROTLI_OPTIONS) : zlib.gzipSync(bytes, GZIP_OPTIONS)));
}

/** Compresses every route's response, the static files' included (pre-compressed ones already carry their encoding). */
export function registerCompression(app: App): void {
  app.addHook('onSend', async (request, reply, payload) => compressPayload(request, reply, payload));
}
