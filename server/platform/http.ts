import type { FastifyBaseLogger, FastifyInstance, FastifyReply, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance every module registers its routes on (zod schemas validate and serialize). */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Sends a body built field by field from the contract's types past the route's response schema, as UTF-8 bytes
 * encoded once (a string would be encoded twice: measured for compression, then written). Checking and
 * re-encoding a large answer through the schema cost more CPU than building it; the route's tests check that the
 * body is exactly what the schema would have sent.
 */
export function sendBuiltJson(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(Buffer.from(JSON.stringify(body)));
}
