import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParam, paginated } from '../../../contract/common.js';
import { updateImageResponse } from '../../../contract/recipe-media.js';
import { timelineEventIn, timelineEventOut, timelineEventUpdate, timelineListQuery, type TimelineEventOut } from '../../../contract/timeline.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { idempotencyKeyOf } from '../../platform/idempotency.js';
import { readMultipart } from '../../platform/multipart.js';
import {
  createTimelineEvent, deleteTimelineEvent, getTimelineEvent, listTimelineEvents, setTimelineEventImage, updateTimelineEvent,
} from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipe: Timeline'];
const access = { access: 'user' as const };

/** Mealie's CRUD routes mark a single item with its update time and forbid caching it. */
function itemHeaders(reply: FastifyReply, event: TimelineEventOut): TimelineEventOut {
  reply.header('last-modified', event.updatedAt);
  reply.header('cache-control', 'no-cache, no-store, must-revalidate');
  return event;
}

export default async function timelineRoutes(app: App, deps: Deps) {
  app.get(API.recipesTimelineEvents, { config: access, schema: { tags, querystring: timelineListQuery, response: { 200: paginated(timelineEventOut) } } }, async (request) =>
    listTimelineEvents(deps, currentUser(request), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.recipesTimelineEvents, { config: access, schema: { tags, body: timelineEventIn, response: { 201: timelineEventOut } } }, async (request, reply) => {
    const event = await createTimelineEvent(deps, currentUser(request), request.body, idempotencyKeyOf(request));
    reply.status(201);
    return event;
  });
  app.get(API.recipesTimelineEventsByItemId, { config: access, schema: { tags, params: idParam, response: { 200: timelineEventOut } } }, async (request, reply) =>
    itemHeaders(reply, await getTimelineEvent(deps, currentUser(request), request.params.item_id)),
  );
  app.put(API.recipesTimelineEventsByItemId, { config: access, schema: { tags, params: idParam, body: timelineEventUpdate, response: { 200: timelineEventOut } } }, async (request, reply) =>
    itemHeaders(reply, await updateTimelineEvent(deps, currentUser(request), request.params.item_id, request.body)),
  );
  app.delete(API.recipesTimelineEventsByItemId, { config: access, schema: { tags, params: idParam, response: { 200: timelineEventOut } } }, async (request) =>
    deleteTimelineEvent(deps, currentUser(request), request.params.item_id),
  );
  app.put(API.recipesTimelineEventsByItemIdImage,
    { config: access, schema: { tags, params: idParam, response: { 200: updateImageResponse.extend({ image: z.literal('has image') }) } } },
    async (request) => {
      const { files } = await readMultipart(request);
      const upload = files.image?.[0];
      if (!upload) throw badRequest('common.missing-image-file-multipart-field-image');
      return { image: await setTimelineEventImage(deps, currentUser(request), request.params.item_id, upload.data) };
    },
  );
}
