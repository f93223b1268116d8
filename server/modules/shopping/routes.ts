import { z } from 'zod';
import { idParam, paginated, paginationQuery, successResponse } from '../../../contract/common.js';
import {
  addRecipeParams,
  addRecipesBody,
  itemsCollectionOut,
  labelSettingIn,
  listIdParam,
  listRecipeParam,
  removeRecipeParams,
  shoppingItemIn,
  shoppingItemOut,
  shoppingItemUpdateBulk,
  shoppingListIn,
  shoppingListOut,
  shoppingListSummary,
  shoppingListUpdate,
} from '../../../contract/shopping.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { sendBuiltJson, type App } from '../../platform/http.js';
import type { FastifyRequest } from 'fastify';
import { addRecipesToList, removeRecipeFromList } from './recipes.js';
import type { Scope } from './repo.js';
import {
  createShoppingItems,
  createShoppingList,
  deleteShoppingItems,
  deleteShoppingList,
  getItem,
  getShoppingList,
  listItemsPage,
  listShoppingLists,
  updateLabelSettings,
  updateShoppingItems,
  updateShoppingList,
  type ShoppingDeps,
} from './service.js';
import { API } from '../../../contract/routes.js';

const listTags = ['Households: Shopping Lists'];
const itemTags = ['Households: Shopping List Items'];
const user = { access: 'user' } as const;

function scopeOf(request: FastifyRequest): Scope {
  const me = currentUser(request);
  return { groupId: me.groupId, householdId: me.householdId, userId: me.id };
}

const idsQuery = z.object({ ids: z.union([z.string().max(64), z.array(z.string().max(64)).max(1000)]).optional() });

export default async function shoppingRoutes(app: App, deps: Deps) {
  const sdeps: ShoppingDeps = { db: deps.db, engine: deps.engine };

  // ---- lists ----
  app.get(API.householdsShoppingLists, { config: user, schema: { tags: listTags, querystring: paginationQuery, response: { 200: paginated(shoppingListSummary) } } }, async (request) =>
    listShoppingLists(sdeps, scopeOf(request), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.householdsShoppingLists, { config: user, schema: { tags: listTags, body: shoppingListIn, response: { 201: shoppingListOut } } }, async (request, reply) =>
    reply.status(201).send(await createShoppingList(sdeps, scopeOf(request), request.body)),
  );
  app.get(API.householdsShoppingListsByItemId, { config: user, schema: { tags: listTags, params: idParam, response: { 200: shoppingListOut } } }, async (request, reply) =>
    sendBuiltJson(reply, await getShoppingList(sdeps, scopeOf(request), request.params.item_id)),
  );
  app.put(API.householdsShoppingListsByItemId, { config: user, schema: { tags: listTags, params: idParam, body: shoppingListUpdate, response: { 200: shoppingListOut } } }, async (request) =>
    updateShoppingList(sdeps, scopeOf(request), request.params.item_id, request.body),
  );
  app.delete(API.householdsShoppingListsByItemId, { config: user, schema: { tags: listTags, params: idParam, response: { 200: shoppingListOut } } }, async (request) =>
    deleteShoppingList(sdeps, scopeOf(request), request.params.item_id),
  );
  app.put(API.householdsShoppingListsByItemIdLabelSettings,
    { config: user, schema: { tags: listTags, params: idParam, body: z.array(labelSettingIn).max(1000), response: { 200: shoppingListOut } } },
    async (request) => updateLabelSettings(sdeps, scopeOf(request), request.params.item_id, request.body),
  );
  // The "Add to shopping list" dialog's path: several recipes, each with its scale and ticked ingredients.
  app.post(API.householdsShoppingListsByItemIdRecipe, { config: user, schema: { tags: listTags, params: listIdParam, body: addRecipesBody, response: { 200: shoppingListOut } } }, async (request, reply) =>
    sendBuiltJson(reply, await addRecipesToList(sdeps, scopeOf(request), request.params.item_id, request.body)),
  );
  app.post(API.householdsShoppingListsByItemIdRecipeByRecipeId,
    { config: user, schema: { tags: listTags, params: listRecipeParam, body: addRecipeParams.nullish(), response: { 200: shoppingListOut } } },
    async (request, reply) => {
      const body = addRecipeParams.parse(request.body ?? {});
      return sendBuiltJson(reply, await addRecipesToList(sdeps, scopeOf(request), request.params.item_id, [{ ...body, recipeId: request.params.recipe_id }]));
    },
  );
  app.post(API.householdsShoppingListsByItemIdRecipeByRecipeIdDelete,
    { config: user, schema: { tags: listTags, params: listRecipeParam, body: removeRecipeParams.nullish(), response: { 200: shoppingListOut } } },
    async (request, reply) => {
      const body = removeRecipeParams.parse(request.body ?? {});
      return sendBuiltJson(reply, await removeRecipeFromList(sdeps, scopeOf(request), request.params.item_id, request.params.recipe_id, body.recipeDecrementQuantity));
    },
  );
  // ---- items ----
  app.get(API.householdsShoppingItems, { config: user, schema: { tags: itemTags, querystring: paginationQuery, response: { 200: paginated(shoppingItemOut) } } }, async (request) =>
    listItemsPage(sdeps, scopeOf(request), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.householdsShoppingItems, { config: user, schema: { tags: itemTags, body: shoppingItemIn, response: { 201: itemsCollectionOut } } }, async (request, reply) =>
    reply.status(201).send(await createShoppingItems(sdeps, scopeOf(request), [request.body])),
  );
  app.post(API.householdsShoppingItemsCreateBulk, { config: user, schema: { tags: itemTags, body: z.array(shoppingItemIn).max(1000), response: { 201: itemsCollectionOut } } }, async (request, reply) =>
    reply.status(201).send(await createShoppingItems(sdeps, scopeOf(request), request.body)),
  );
  app.put(API.householdsShoppingItems, { config: user, schema: { tags: itemTags, body: z.array(shoppingItemUpdateBulk).max(1000), response: { 200: itemsCollectionOut } } }, async (request) =>
    updateShoppingItems(sdeps, scopeOf(request), request.body),
  );
  app.delete(API.householdsShoppingItems, { config: user, schema: { tags: itemTags, querystring: idsQuery, response: { 200: successResponse } } }, async (request) => {
    const ids = request.query.ids === undefined ? [] : Array.isArray(request.query.ids) ? request.query.ids : [request.query.ids];
    await deleteShoppingItems(sdeps, scopeOf(request), ids);
    return { message: 'Successfully deleted items', error: false };
  });
  app.get(API.householdsShoppingItemsByItemId, { config: user, schema: { tags: itemTags, params: idParam, response: { 200: shoppingItemOut } } }, async (request) =>
    getItem(sdeps, scopeOf(request), request.params.item_id),
  );
  app.put(API.householdsShoppingItemsByItemId, { config: user, schema: { tags: itemTags, params: idParam, body: shoppingItemIn, response: { 200: itemsCollectionOut } } }, async (request) =>
    updateShoppingItems(sdeps, scopeOf(request), [{ ...request.body, id: request.params.item_id }], true),
  );
  app.delete(API.householdsShoppingItemsByItemId, { config: user, schema: { tags: itemTags, params: idParam, response: { 200: successResponse } } }, async (request) => {
    await deleteShoppingItems(sdeps, scopeOf(request), [request.params.item_id], true);
    return { message: 'Successfully deleted item', error: false };
  });
}
