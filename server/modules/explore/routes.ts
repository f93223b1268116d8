import { householdSummary } from '../../../contract/accounts.js';
import { paginated, paginationQuery } from '../../../contract/common.js';
import { exploreGroupParams, exploreHouseholdParams, exploreItemParams, exploreRecipeParams } from '../../../contract/explore.js';
import { foodOut } from '../../../contract/foods.js';
import { organizerOut, searchablePaginationQuery, toolOut } from '../../../contract/organizers.js';
import { cookbookListQuery, cookbookOut, recipeCookbookOut } from '../../../contract/cookbooks.js';
import { recipeListQuery, recipeOut, recipeSuggestionQuery, recipeSuggestionResponse, recipeSummary } from '../../../contract/recipes.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { envelope } from '../../platform/pagination.js';
import { getFood, listFoodsPage } from '../foods/repo.js';
import { findOrganizer, listOrganizerRows, toOrganizerOut } from '../organizers/repo.js';
import { getTool } from '../organizers/service.js';
import { toolsOut, type HouseholdScope } from '../organizers/tools.js';
import { cookbookRecipeFilter } from '../cookbooks/filter.js';
import { getCookbookWithRecipes, listCookbooks } from '../cookbooks/service.js';
import { listRecipes, sentQuery } from '../recipes/list.js';
import { suggestRecipes } from '../recipes/suggestions.js';
import { asPlainNotFound, findPublicGroup, getPublicHousehold, getPublicRecipe, listPublicHouseholds, publicRecipeScope, relinked } from './service.js';
import { API } from '../../../contract/routes.js';

/*
 * GET /api/explore/groups/{group_slug}/...: the public view of a group that is not private (service.ts says
 * what it shows).
 */

const access = { access: 'public' as const };
// The per-kind organizer routes below are made from the kinds list, so they keep the group's base here.
const base = '/api/explore/groups/:group_slug';

/** The public view answers on-hand flags for no household. */
function visitorScope(groupId: string): HouseholdScope {
  return { groupId, householdId: '', householdSlug: '' };
}

export default async function exploreRoutes(app: App, deps: Deps) {
  const path = (groupSlug: string, rest: string) => `/api/explore/groups/${encodeURIComponent(groupSlug)}${rest}`;

  const recipeTags = ['Explore: Recipes'];
  app.get(API.exploreGroupsByGroupSlugRecipes,
    { config: access, schema: { tags: recipeTags, params: exploreGroupParams, querystring: recipeListQuery, response: { 200: paginated(recipeSummary) } } },
    async (request) => {
      const group = await findPublicGroup(deps, request.params.group_slug);
      const cookbookFilter = await cookbookRecipeFilter(deps, { groupId: group.id, publicOnly: true }, request.query.cookbook).catch(asPlainNotFound('explore.cookbook-not-found'));
      return listRecipes(deps, { ...publicRecipeScope(group), cookbookFilter }, request.query, {
        routePath: path(request.params.group_slug, '/recipes'),
        rawQuery: sentQuery(request.url),
      });
    },
  );
  app.get(API.exploreGroupsByGroupSlugRecipesSuggestions,
    { config: access, schema: { tags: recipeTags, params: exploreGroupParams, querystring: recipeSuggestionQuery, response: { 200: recipeSuggestionResponse } } },
    async (request) => suggestRecipes(deps, publicRecipeScope(await findPublicGroup(deps, request.params.group_slug)), request.query),
  );
  app.get(API.exploreGroupsByGroupSlugRecipesByRecipeSlug, { config: access, schema: { tags: recipeTags, params: exploreRecipeParams, response: { 200: recipeOut } } }, async (request) =>
    getPublicRecipe(deps, await findPublicGroup(deps, request.params.group_slug), request.params.recipe_slug),
  );

  const foodTags = ['Explore: Foods'];
  app.get(API.exploreGroupsByGroupSlugFoods,
    { config: access, schema: { tags: foodTags, params: exploreGroupParams, querystring: searchablePaginationQuery, response: { 200: paginated(foodOut) } } },
    async (request) => {
      const group = await findPublicGroup(deps, request.params.group_slug);
      const page = await listFoodsPage(deps.db, { groupId: group.id, householdId: '' }, request.query, sentQuery(request.url));
      return relinked(page, API.foods, path(request.params.group_slug, '/foods'));
    },
  );
  app.get(API.exploreGroupsByGroupSlugFoodsByItemId, { config: access, schema: { tags: foodTags, params: exploreItemParams, response: { 200: foodOut } } }, async (request) => {
    const group = await findPublicGroup(deps, request.params.group_slug);
    return getFood(deps.db, group.id, request.params.item_id, '');
  });

  const householdTags = ['Explore: Households'];
  app.get(API.exploreGroupsByGroupSlugHouseholds,
    { config: access, schema: { tags: householdTags, params: exploreGroupParams, querystring: paginationQuery, response: { 200: paginated(householdSummary) } } },
    async (request) => {
      const group = await findPublicGroup(deps, request.params.group_slug);
      return listPublicHouseholds(deps, group, request.query, { routePath: path(request.params.group_slug, '/households'), rawQuery: sentQuery(request.url) });
    },
  );
  app.get(API.exploreGroupsByGroupSlugHouseholdsByHouseholdSlug,
    { config: access, schema: { tags: householdTags, params: exploreHouseholdParams, response: { 200: householdSummary } } },
    async (request) => getPublicHousehold(deps, await findPublicGroup(deps, request.params.group_slug), request.params.household_slug),
  );

  for (const kind of ['categories', 'tags'] as const) {
    const tags = [kind === 'categories' ? 'Explore: Categories' : 'Explore: Tags'];
    app.get(
      `${base}/organizers/${kind}`,
      { config: access, schema: { tags, params: exploreGroupParams, querystring: searchablePaginationQuery, response: { 200: paginated(organizerOut) } } },
      async (request) => {
        const group = await findPublicGroup(deps, request.params.group_slug);
        const { window, total, rows } = await listOrganizerRows(deps.db, kind, group.id, request.query);
        return envelope(path(request.params.group_slug, `/organizers/${kind}`), sentQuery(request.url), window, total, rows.map(toOrganizerOut));
      },
    );
    app.get(`${base}/organizers/${kind}/:item_id`, { config: access, schema: { tags, params: exploreItemParams, response: { 200: organizerOut } } }, async (request) => {
      const group = await findPublicGroup(deps, request.params.group_slug);
      return toOrganizerOut(await findOrganizer(deps.db, kind, group.id, { id: request.params.item_id }));
    });
  }

  const toolTags = ['Explore: Tools'];
  app.get(API.exploreGroupsByGroupSlugOrganizersTools,
    { config: access, schema: { tags: toolTags, params: exploreGroupParams, querystring: searchablePaginationQuery, response: { 200: paginated(toolOut) } } },
    async (request) => {
      const group = await findPublicGroup(deps, request.params.group_slug);
      const { window, total, rows } = await listOrganizerRows(deps.db, 'tools', group.id, request.query);
      const items = await toolsOut(deps.db, rows, visitorScope(group.id));
      return envelope(path(request.params.group_slug, '/organizers/tools'), sentQuery(request.url), window, total, items);
    },
  );
  app.get(API.exploreGroupsByGroupSlugOrganizersToolsByItemId, { config: access, schema: { tags: toolTags, params: exploreItemParams, response: { 200: toolOut } } }, async (request) => {
    const group = await findPublicGroup(deps, request.params.group_slug);
    return getTool(deps.db, visitorScope(group.id), { id: request.params.item_id });
  });

  // Public cookbooks of households that are not private; Mealie's search here fails, Hearth searches names.
  const cookbookTags = ['Explore: Cookbooks'];
  app.get(API.exploreGroupsByGroupSlugCookbooks,
    { config: access, schema: { tags: cookbookTags, params: exploreGroupParams, querystring: cookbookListQuery, response: { 200: paginated(cookbookOut) } } },
    async (request) => {
      const group = await findPublicGroup(deps, request.params.group_slug);
      return listCookbooks(deps, { groupId: group.id, publicOnly: true }, request.query, {
        routePath: path(request.params.group_slug, '/cookbooks'),
        rawQuery: sentQuery(request.url),
      });
    },
  );
  app.get(API.exploreGroupsByGroupSlugCookbooksByItemId,
    { config: access, schema: { tags: cookbookTags, params: exploreItemParams, response: { 200: recipeCookbookOut } } },
    async (request) => {
      const group = await findPublicGroup(deps, request.params.group_slug);
      return getCookbookWithRecipes(deps, { groupId: group.id, publicOnly: true }, publicRecipeScope(group), request.params.item_id).catch(asPlainNotFound('explore.cookbook-not-found'));
    },
  );
}
