import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { HttpError } from '../errors.js';
import type { App } from '../http.js';
import type { StreamClient } from './hub.js';
import { API } from '../../../contract/routes.js';

/**
 * GET /api/households/events/stream — text/event-stream of the signed-in member's household events (and
 * group-wide ones: tags, categories, labels). Each message: `id:` the event id, `event:` its type, `data:`
 * the JSON of contract/events.ts LiveEvent. Last-Event-ID (header, or `?lastEventId=`) replays what was
 * missed; a `: ping` comment every 15 s keeps proxies from closing it. The token may come as `?token=`
 * for EventSource.
 */
export default async function realtimeRoutes(app: App, deps: Deps) {
  app.get(
    API.householdsEventsStream,
    {
      config: { access: 'user', queryToken: true },
      schema: {
        tags: ['Households: Events'],
        summary: 'Live household events (server-sent events)',
        querystring: z.object({ token: z.string().optional(), lastEventId: z.coerce.number().int().min(0).optional() }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const hub = deps.platform.hub;
      if (!deps.platform.has('web')) throw new HttpError(503, 'realtime.this-process-does-not-serve-live-events');
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d+$/.test(header.trim()) ? Number(header.trim()) : null;
      const afterId = fromHeader ?? request.query.lastEventId ?? null;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const client: StreamClient = { scope: { groupId: user.groupId, householdId: user.householdId }, res, lastId: 0, pending: null };
      request.raw.on('close', () => hub.detach(client));
      await hub.attach(client, afterId);
    },
  );
}
