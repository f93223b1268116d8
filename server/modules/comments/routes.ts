import { z } from 'zod';
import { idParam, paginated, paginationQuery, successResponse } from '../../../contract/common.js';
import { recipeCommentCreate, recipeCommentOut, recipeCommentUpdate } from '../../../contract/comments.js';
import { slugParam } from '../../../contract/recipes.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { createComment, deleteComment, getComment, listComments, listRecipeComments, updateComment } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipe: Comments'];
const access = { access: 'user' as const };

export default async function commentRoutes(app: App, deps: Deps) {
  app.get(API.comments, { config: access, schema: { tags, querystring: paginationQuery, response: { 200: paginated(recipeCommentOut) } } }, async (request) =>
    listComments(deps, currentUser(request), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.comments, { config: access, schema: { tags, body: recipeCommentCreate, response: { 201: recipeCommentOut } } }, async (request, reply) => {
    const comment = await createComment(deps, currentUser(request), request.body);
    reply.status(201);
    return comment;
  });
  app.get(API.commentsByItemId, { config: access, schema: { tags, params: idParam, response: { 200: recipeCommentOut } } }, async (request) =>
    getComment(deps, currentUser(request), request.params.item_id),
  );
  app.put(API.commentsByItemId, { config: access, schema: { tags, params: idParam, body: recipeCommentUpdate, response: { 200: recipeCommentOut } } }, async (request) =>
    updateComment(deps, currentUser(request), request.params.item_id, request.body.text),
  );
  app.delete(API.commentsByItemId, { config: access, schema: { tags, params: idParam, response: { 200: successResponse } } }, async (request) => {
    await deleteComment(deps, currentUser(request), request.params.item_id);
    return { message: 'Comment deleted', error: false };
  });
  app.get(API.recipesBySlugComments, { config: access, schema: { tags, params: slugParam, response: { 200: z.array(recipeCommentOut) } } }, async (request) =>
    listRecipeComments(deps, currentUser(request), request.params.slug),
  );
}
