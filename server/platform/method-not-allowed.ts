import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The API's paths and the methods each answers, so that a wrong method on a known path is a 405 with
 * an `Allow` header (as in Mealie) rather than a 404. Routes are recorded as they are added.
 */
export function trackApiMethods(app: FastifyInstance, options: { ignoreTrailingSlash: boolean; maxParamLength: number }) {
  const router = FindMyWay(options);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (!METHODS.includes(method as HTTPMethod)) continue;
      try {
        router.on(method as HTTPMethod, route.url, () => undefined);
      } catch {
        // Already there (a route registered twice under different constraints).
      }
    }
  });
  /** The methods the request's path answers to; empty when the path is unknown. */
  return (request: FastifyRequest): string[] => {
    const path = request.url.split('?')[0];
    return METHODS.filter((method) => router.find(method, path) !== null);
  };
}
