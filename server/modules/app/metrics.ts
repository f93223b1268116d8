import crypto from 'node:crypto';
import { API } from '../../../contract/routes.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden, unauthorized } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * GET /api/app/metrics: Prometheus text format, for a scraper holding METRICS_TOKEN (`Authorization: Bearer
 * …`) or for a signed-in admin. The token is not a sign-in: it opens this route and no other.
 */
export default async function metricsRoutes(app: App, deps: Deps) {
  app.get(API.appMetrics, { config: { access: 'public' }, schema: { tags: ['App: About'], hide: true } }, async (request, reply) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    const token = deps.config.metricsToken;
    const byToken = Boolean(token && bearer && sameSecret(bearer, token));
    if (!byToken && !request.user) throw unauthorized(bearer ? 'auth.could-not-validate-credentials' : 'auth.not-authenticated');
    if (!byToken && !request.user?.admin) throw forbidden();
    const body = await deps.metrics.text();
    return reply.header('Content-Type', deps.metrics.contentType).header('Cache-Control', 'no-store').send(body);
  });
}
