import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from './deps.js';
import type { App } from './http.js';

const health = z.object({ status: z.string(), roles: z.array(z.string()) });

/**
 * GET /api/app/health: liveness (the process answers; no database). GET /api/app/health/ready: readiness,
 * 200 when the database answers, 503 when it does not. Both public, for load balancers and orchestrators.
 * A process without the web role answers these and nothing else.
 */
export default async function healthRoutes(app: App, deps: Deps) {
  const roles = deps.config.roles;
  app.get('/api/app/health', { exposeHeadRoute: true, config: { access: 'public' }, schema: { tags: ['App: About'], response: { 200: health } } }, async () => ({ status: 'ok', roles }));
  app.get(
    '/api/app/health/ready',
    { exposeHeadRoute: true, config: { access: 'public' }, schema: { tags: ['App: About'], response: { 200: health, 503: health } } },
    async (_request, reply) => {
      try {
        await sql`SELECT 1`.execute(deps.db);
        return { status: 'ready', roles };
      } catch {
        return reply.status(503).send({ status: 'database unavailable', roles });
      }
    },
  );
  if (!roles.includes('web')) {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/app/health')) {
        return reply.status(503).send({ detail: 'This process does not serve the web app or API (HEARTH_ROLES)' });
      }
    });
  }
}
