// The bench's ceiling (bench/bare.ts), run as a process of its own: a bare Fastify answering one body, the
// bytes Hearth sent, compressed as Hearth compresses a page it has just computed (server/platform/compression.ts:
// over 1 KB; gzip level 6 when the client takes gzip and the body is up to 64 KB, else brotli quality 4 when it
// takes brotli). Prints its port on the first line of stdout.
import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify from 'fastify';

const body = fs.readFileSync(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/same-bytes', async (request, reply) => {
  reply.type('application/json; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (body.length < 1024 || !accepted) return reply.send(body);
  reply.header('vary', 'Accept-Encoding');
  if (/\bgzip\b/.test(accepted) && body.length <= 64 * 1024) {
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body, { level: 6 }));
  }
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body, { level: 6 }));
  return reply.send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${address.port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
