import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { paginated } from '../../../contract/common.js';
import {
  recipeBulkInput, recipeCreate, recipeDuplicate, recipeInput, recipeLastMade, recipeListQuery, recipeOut, recipeSuggestionQuery,
  recipeSuggestionResponse, recipeSummary, slugParam,
} from '../../../contract/recipes.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { cookbookRecipeFilter } from '../cookbooks/filter.js';
import { recipeJsonBySlugOrId, type KeptRecipe } from './kept-recipes.js';
import { listRecipesJson, sentQuery } from './list.js';
import * as recipes from './service.js';
import { suggestRecipes } from './suggestions.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipe: CRUD'];
const access = { access: 'user' as const };
const recipePage = paginated(recipeSummary);

/** Mealie's CRUD routes mark a single item with its update time and forbid caching it. */
function itemHeaders<T extends { updatedAt: string | null }>(reply: FastifyReply, recipe: T): T {
  if (recipe.updatedAt) reply.header('last-modified', recipe.updatedAt);
  reply.header('cache-control', 'no-cache, no-store, must-revalidate');
  return recipe;
}

/** A kept recipe's JSON is built from the contract's types field by field (load.ts), so it is sent past the schema. */
function sendKept(reply: FastifyReply, recipe: KeptRecipe): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(itemHeaders(reply, recipe).json);
}

/**
 * Whether a list reads users' own ratings or favourites (users_to_recipes), which move a version of their own
 * (migration 0045): ordered by rating (the caller's own comes first), or filtered by who marked a favourite.
 */
function readsOwnRatings(orderBy: unknown, queryFilter: unknown, cookbookFilter: unknown): boolean {
  return /rating/i.test(String(orderBy ?? '')) || /favorited_by/i.test(`${String(queryFilter ?? '')} ${JSON.stringify(cookbookFilter ?? null)}`);
}

export default async function recipeRoutes(app: App, deps: Deps) {
  // GET /api/recipes/category is in Mealie's web client but not its server: here it is the list itself,
  // meant for `categories=` (a recipe whose slug would be "category" gets "category-1", see slugs.ts).
  for (const path of [API.recipes, '/api/recipes/category']) {
    app.get(path, { config: access, schema: { tags, querystring: recipeListQuery, response: { 200: recipePage } } }, async (request, reply) => {
      const user = currentUser(request);
      const cookbookFilter = await cookbookRecipeFilter(deps, { groupId: user.groupId }, request.query.cookbook);
      // The caller is part of the key: the rating order is their own and a tool is on hand in their household.
      const key = JSON.stringify([user.id, user.householdId, cookbookFilter ?? null, request.url]);
      return deps.readCache.respond(deps.db, request, reply, key, (version) =>
        listRecipesJson(
          deps,
          { groupId: user.groupId, userId: user.id, householdId: user.householdId, cookbookFilter },
          request.query,
          { routePath: path, rawQuery: sentQuery(request.url) },
          version,
          user.summariesVersion,
        ),
        user.groupId,
        request.query.search !== undefined,
        readsOwnRatings(request.query.orderBy, request.query.queryFilter, cookbookFilter),
      );
    });
  }

  app.get(API.recipesSuggestions,
    { config: access, schema: { tags, querystring: recipeSuggestionQuery, response: { 200: recipeSuggestionResponse } } },
    async (request) => {
      const user = currentUser(request);
      return suggestRecipes(deps, { groupId: user.groupId, userId: user.id, householdId: user.householdId }, request.query);
    },
  );

  app.post(API.recipes, { config: access, schema: { tags, body: recipeCreate, response: { 201: z.string() } } }, async (request, reply) => {
    const created = await recipes.createRecipe(deps, currentUser(request), request.body);
    // Fastify sends a returned string as-is; Mealie's body is the slug as a JSON string.
    reply.status(201).type('application/json; charset=utf-8');
    return JSON.stringify(created.slug);
  });

  for (const method of ['put', 'patch'] as const) {
    app[method](API.recipes, { config: access, schema: { tags, body: recipeBulkInput, response: { 200: z.array(recipeOut) } } }, async (request) =>
      recipes.saveRecipes(
        deps,
        currentUser(request),
        request.body.map((input) => ({ slugOrId: input.id || input.slug || '', input })),
        method,
      ),
    );
    app[method](API.recipesBySlug, { config: access, schema: { tags, params: slugParam, body: recipeInput, response: { 200: recipeOut } } }, async (request, reply) =>
      itemHeaders(reply, await recipes.saveRecipe(deps, currentUser(request), request.params.slug, request.body, method)),
    );
  }

  app.get(API.recipesBySlug, { config: access, schema: { tags, params: slugParam, response: { 200: recipeOut } } }, async (request, reply) => {
    const user = currentUser(request);
    const fresh = /\bno-cache\b/.test(request.headers['cache-control'] ?? '');
    return sendKept(reply, await recipeJsonBySlugOrId(deps, user, request.params.slug, user.listVersion, fresh));
  });

  app.delete(API.recipesBySlug, { config: access, schema: { tags, params: slugParam, response: { 200: recipeOut } } }, async (request) =>
    recipes.deleteRecipe(deps, currentUser(request), request.params.slug),
  );

  app.post(API.recipesBySlugDuplicate,
    { config: access, schema: { tags, params: slugParam, body: recipeDuplicate, response: { 201: recipeOut } } },
    async (request, reply) => {
      const duplicate = await recipes.duplicateRecipe(deps, currentUser(request), request.params.slug, request.body.name);
      reply.status(201);
      return duplicate;
    },
  );

  app.patch(API.recipesBySlugLastMade,
    { config: access, schema: { tags, params: slugParam, body: recipeLastMade, response: { 200: recipeOut } } },
    async (request) => recipes.markRecipeMade(deps, currentUser(request), request.params.slug, request.body.timestamp),
  );
}
