import { z } from 'zod';
import {
  selfRatingParams, userIdParam, userRatingSummaries, userRatingSummary, userRatingUpdate, userRatingsOut, userRecipeParams,
} from '../../../contract/ratings.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { ownRatingForRecipe, ownRatings, setUserRating, userRatings } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Users: Ratings'];
const access = { access: 'user' as const };

export default async function ratingRoutes(app: App, deps: Deps) {
  app.get(API.usersSelfRatings, { config: access, schema: { tags, response: { 200: userRatingSummaries } } }, async (request) => ({
    ratings: await ownRatings(deps, currentUser(request), false),
  }));
  app.get(API.usersSelfFavorites, { config: access, schema: { tags, response: { 200: userRatingSummaries } } }, async (request) => ({
    ratings: await ownRatings(deps, currentUser(request), true),
  }));
  app.get(API.usersSelfRatingsByRecipeId, { config: access, schema: { tags, params: selfRatingParams, response: { 200: userRatingSummary } } }, async (request) =>
    ownRatingForRecipe(deps, currentUser(request), request.params.recipe_id),
  );

  app.get(API.usersByItemIdRatings, { config: access, schema: { tags, params: userIdParam, response: { 200: userRatingsOut } } }, async (request) => ({
    ratings: await userRatings(deps, currentUser(request), request.params.item_id, false),
  }));
  app.get(API.usersByItemIdFavorites, { config: access, schema: { tags, params: userIdParam, response: { 200: userRatingsOut } } }, async (request) => ({
    ratings: await userRatings(deps, currentUser(request), request.params.item_id, true),
  }));

  app.post(API.usersByItemIdRatingsBySlug,
    { config: access, schema: { tags, params: userRecipeParams, body: userRatingUpdate, response: { 200: z.null() } } },
    async (request) => {
      await setUserRating(deps, currentUser(request), request.params.item_id, request.params.slug, request.body);
      return null;
    },
  );
  app.post(API.usersByItemIdFavoritesBySlug, { config: access, schema: { tags, params: userRecipeParams, response: { 200: z.null() } } }, async (request) => {
    await setUserRating(deps, currentUser(request), request.params.item_id, request.params.slug, { isFavorite: true });
    return null;
  });
  app.delete(API.usersByItemIdFavoritesBySlug, { config: access, schema: { tags, params: userRecipeParams, response: { 200: z.null() } } }, async (request) => {
    await setUserRating(deps, currentUser(request), request.params.item_id, request.params.slug, { isFavorite: false });
    return null;
  });
}
