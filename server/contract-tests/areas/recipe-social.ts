import type { RecipeOutput } from 'mealie-typescript';
import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { uploadField } from '../uploads.js';
import { made, unique } from './fixtures.js';
import { plainRecipe } from './recipe-fixtures.js';

/** A recipe the admin wrote, and a comment of the member's on it. */
async function commented(w: World) {
  const recipe = await plainRecipe(w);
  const comment = await made(w.member.clients.RecipeCommentsApi.createOneApiCommentsPost({ recipeId: recipe.id ?? '', text: unique('Lovely') }), 'comment');
  return { recipe, comment };
}

/** A recipe and a timeline event of the member's on it. */
async function withEvent(w: World) {
  const recipe = await plainRecipe(w);
  const event = await made(
    w.member.clients.RecipeTimelineApi.createOneApiRecipesTimelineEventsPost({
      recipeId: recipe.id ?? '',
      subject: 'Made it for friends',
      eventType: 'comment',
      eventMessage: 'Everyone asked for more.',
      timestamp: new Date().toISOString(),
    }),
    'timeline event',
  );
  return { recipe, event };
}

/** A brand-new user who rated a plain recipe 4 and marked it a favourite. */
async function rater(w: World) {
  const me = await w.newUser();
  const recipe = await plainRecipe(w);
  await made(me.clients.UsersRatingsApi.setRatingApiUsersIdRatingsSlugPost(me.user.id, recipe.slug ?? '', { rating: 4, isFavorite: true }), 'rating');
  return { me, recipe };
}

/** A brand-new user who marked a plain recipe a favourite without rating it. */
async function favouriter(w: World) {
  const me = await w.newUser();
  const recipe = await plainRecipe(w);
  await made(me.clients.UsersRatingsApi.addFavoriteApiUsersIdFavoritesSlugPost(me.user.id, recipe.slug ?? ''), 'favourite');
  return { me, recipe };
}

const recipeFilter = (recipe: RecipeOutput) => `recipe_id="${recipe.id ?? ''}"`;

/** Comments, timeline events, ratings and favourites of recipes. */
export const recipeSocialRows = [
  op('RecipeCommentsApi', 'createOneApiCommentsPost').row({
    as: 'member',
    status: 201,
    setup: (w) => plainRecipe(w),
    args: (_w, recipe) => [{ recipeId: recipe.id ?? '', text: 'Needs more salt.' }],
    check: (body, w, recipe) => expect(body).toMatchObject({ recipeId: recipe.id, userId: w.member.user.id, text: 'Needs more salt.' }),
  }),
  op('RecipeCommentsApi', 'getAllApiCommentsGet').row({
    as: 'member',
    status: 200,
    setup: commented,
    args: (_w, { recipe }) => [undefined, undefined, undefined, recipeFilter(recipe)],
    check: (body, _w, { comment }) => expect(body.items.map((c) => c.id)).toEqual([comment.id]),
  }),
  op('RecipeCommentsApi', 'getAllApiCommentsGet').row({ status: 200, title: 'one per page', setup: commented, args: () => [undefined, undefined, undefined, undefined, undefined, 1, 1] }),
  op('RecipeCommentsApi', 'getOneApiCommentsItemIdGet').row({ setup: commented, status: 200, args: (_w, { comment }) => [comment.id] }),
  op('RecipeCommentsApi', 'updateOneApiCommentsItemIdPut').row({
    as: 'member',
    status: 200,
    setup: commented,
    args: (_w, { comment }) => [comment.id, { id: comment.id, text: 'Edited: needs more pepper.' }],
    check: (body) => expect(body.text).toBe('Edited: needs more pepper.'),
  }),
  op('RecipeCommentsApi', 'deleteOneApiCommentsItemIdDelete').row({ as: 'member', status: 200, setup: commented, args: (_w, { comment }) => [comment.id] }),
  op('RecipeCommentsApi', 'getRecipeCommentsApiRecipesSlugCommentsGet').row({
    as: 'member',
    status: 200,
    setup: commented,
    args: (_w, { recipe }) => [recipe.slug ?? ''],
    check: (body, _w, { comment }) => expect(body.map((c) => c.id)).toEqual([comment.id]),
  }),

  op('RecipeTimelineApi', 'createOneApiRecipesTimelineEventsPost').row({
    as: 'member',
    status: 201,
    setup: (w) => plainRecipe(w),
    args: (_w, recipe) => [{ recipeId: recipe.id ?? '', subject: 'Cooked it', eventType: 'info', eventMessage: null, image: 'does not have image' }],
    check: (body, w) => expect(body.userId).toBe(w.member.user.id),
  }),
  op('RecipeTimelineApi', 'getAllApiRecipesTimelineEventsGet').row({
    as: 'member',
    status: 200,
    title: 'the events of one recipe',
    setup: withEvent,
    args: (_w, { recipe }) => [undefined, undefined, undefined, recipeFilter(recipe)],
    // Creating a recipe records a system event of its own.
    check: (body, _w, { event }) => expect(body.items.map((e) => e.id)).toContain(event.id),
  }),
  op('RecipeTimelineApi', 'getAllApiRecipesTimelineEventsGet').row({
    status: 200,
    title: 'newest first, one per page',
    setup: withEvent,
    args: () => ['timestamp', undefined, 'desc', undefined, undefined, 1, 1],
  }),
  op('RecipeTimelineApi', 'getOneApiRecipesTimelineEventsItemIdGet').row({ status: 200, setup: withEvent, args: (_w, { event }) => [event.id] }),
  op('RecipeTimelineApi', 'updateOneApiRecipesTimelineEventsItemIdPut').row({
    as: 'member',
    status: 200,
    setup: withEvent,
    args: (_w, { event }) => [event.id, { subject: 'Made it twice', eventMessage: 'Even better.' }],
    check: (body) => expect(body).toMatchObject({ subject: 'Made it twice', eventMessage: 'Even better.' }),
  }),
  op('RecipeTimelineApi', 'updateEventImageApiRecipesTimelineEventsItemIdImagePut').row({
    as: 'member',
    status: 200,
    setup: withEvent,
    args: (w, { event }) => [event.id, uploadField(w.png, 'plate.png', 'image/png'), 'png'],
    check: (body) => expect(body.image).toBe('has image'),
  }),
  op('RecipeTimelineApi', 'deleteOneApiRecipesTimelineEventsItemIdDelete').row({
    as: 'member',
    status: 200,
    setup: withEvent,
    args: (_w, { event }) => [event.id],
    check: (body, _w, { event }) => expect(body.id).toBe(event.id),
  }),

  op('UsersRatingsApi', 'setRatingApiUsersIdRatingsSlugPost').row({
    as: 'member',
    status: 200,
    setup: (w) => plainRecipe(w),
    args: (w, recipe) => [w.member.user.id, recipe.slug ?? '', { rating: 5 }],
  }),
  op('UsersRatingsApi', 'addFavoriteApiUsersIdFavoritesSlugPost').row({
    as: 'member',
    status: 200,
    setup: (w) => plainRecipe(w),
    args: (w, recipe) => [w.member.user.id, recipe.slug ?? ''],
  }),
  op('UsersRatingsApi', 'removeFavoriteApiUsersIdFavoritesSlugDelete').row({
    as: (state) => state.me.clients,
    status: 200,
    setup: rater,
    args: (_w, { me, recipe }) => [me.user.id, recipe.slug ?? ''],
    check: async (_body, _w, { me, recipe }) => {
      const own = await made(me.clients.UsersCRUDApi.getLoggedInUserRatingForRecipeApiUsersSelfRatingsRecipeIdGet(recipe.id ?? ''), 'own rating');
      expect(own).toMatchObject({ rating: 4, isFavorite: false });
    },
  }),
  op('UsersRatingsApi', 'getRatingsApiUsersIdRatingsGet').row({
    as: 'member',
    status: 200,
    setup: rater,
    args: (_w, { me }) => [me.user.id],
    check: (body, _w, { me, recipe }) => expect(body.ratings).toEqual([expect.objectContaining({ recipeId: recipe.id, userId: me.user.id, rating: 4 })]),
  }),
  op('UsersRatingsApi', 'getFavoritesApiUsersIdFavoritesGet').row({
    as: 'member',
    status: 200,
    setup: rater,
    args: (_w, { me }) => [me.user.id],
    check: (body, _w, { recipe }) => expect(body.ratings.map((r) => r.recipeId)).toEqual([recipe.id]),
  }),
  op('UsersCRUDApi', 'getLoggedInUserRatingsApiUsersSelfRatingsGet').row({
    as: (state) => state.me.clients,
    status: 200,
    setup: rater,
    args: () => [],
    check: (body, _w, { recipe }) => expect(body.ratings).toEqual([{ recipeId: recipe.id, rating: 4, isFavorite: true }]),
  }),
  op('UsersCRUDApi', 'getLoggedInUserFavoritesApiUsersSelfFavoritesGet').row({
    as: (state) => state.me.clients,
    status: 200,
    setup: rater,
    args: () => [],
    check: (body, _w, { recipe }) => expect(body.ratings.map((r) => r.recipeId)).toEqual([recipe.id]),
  }),
  op('UsersCRUDApi', 'getLoggedInUserFavoritesApiUsersSelfFavoritesGet').row({
    as: (state) => state.me.clients,
    status: 200,
    title: 'a favourite never rated',
    setup: favouriter,
    args: () => [],
    check: (body, _w, { recipe }) => expect(body.ratings).toEqual([{ recipeId: recipe.id, rating: null, isFavorite: true }]),
  }),
  op('UsersCRUDApi', 'getLoggedInUserRatingForRecipeApiUsersSelfRatingsRecipeIdGet').row({
    as: (state) => state.me.clients,
    status: 200,
    setup: rater,
    args: (_w, { recipe }) => [recipe.id ?? ''],
    check: (body) => expect(body).toMatchObject({ rating: 4, isFavorite: true }),
  }),
];
