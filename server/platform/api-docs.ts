import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lazyRequire } from '../lazy.js';

const loadSwaggerUi = lazyRequire<typeof import('@fastify/swagger-ui')>('@fastify/swagger-ui');

/*
 * Swagger UI at /docs, loaded on its first visit. @fastify/swagger-ui, the copy of @fastify/static it brings
 * and its YAML library cost ~100 ms of every start (a tenth of it) for a page few people open. The first
 * request builds a small Fastify instance with the plugin over this app's OpenAPI document, and every /docs
 * request is answered by it; this app's own hooks (compression, errors) still apply to what it sends.
 */

/** Hop-by-hop headers and the length, which this app sets again for what it sends (compressed or not). */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

export function registerApiDocs(app: FastifyInstance, prefix = '/docs'): void {
  let docs: Promise<FastifyInstance> | undefined;
  const load = async (): Promise<FastifyInstance> => {
    const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('fastify'),
      import('@fastify/swagger'),
      loadSwaggerUi(),
    ]);
    const inner = Fastify();
    await inner.register(swagger, { mode: 'static', specification: { document: app.swagger() as never } });
    await inner.register(swaggerUi, { routePrefix: prefix });
    await inner.ready();
    return inner;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= load().catch((err: unknown) => {
      docs = undefined; // the next visit tries again
      throw err;
    });
    const inner = await docs;
    const answer = await inner.inject({ method: request.method as 'GET' | 'HEAD', url: request.url, headers: request.headers });
    // In this app's error shape, like every other unknown path.
    if (answer.statusCode === 404) return reply.code(404).send({ detail: 'Not Found' });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    }
    return reply.send(answer.rawPayload);
  };
  const options = { schema: { hide: true } };
  app.get(prefix, options, forward);
  app.get(`${prefix}/*`, options, forward);
}
