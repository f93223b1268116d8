import Fastify from 'fastify';
import { throughput } from './measure.js';

/** The ceiling: a bare Fastify server answering the same bytes, measured the same way. */
export async function bareThroughput(body: Buffer, seconds: number): Promise<number> {
  const app = Fastify({ logger: false });
  app.get('/same-bytes', async (_request, reply) => reply.type('application/json').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('bare server did not bind');
  try {
    return (await throughput(`http://127.0.0.1:${address.port}/same-bytes`, {}, seconds)).rps;
  } finally {
    await app.close();
  }
}
