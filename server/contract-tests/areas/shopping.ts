import type { ShoppingListItemOutOutput, ShoppingListOut } from 'mealie-typescript';
import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { made, unique } from './fixtures.js';
import { plainRecipe } from './recipe-fixtures.js';

const newList = (w: World): Promise<ShoppingListOut> =>
  made(w.member.clients.HouseholdsShoppingListsApi.createOneApiHouseholdsShoppingListsPost({ name: unique('Contract list') }), 'shopping list');

async function newItem(w: World): Promise<{ list: ShoppingListOut; item: ShoppingListItemOutOutput }> {
  const list = await newList(w);
  const created = await made(w.member.clients.HouseholdsShoppingListItemsApi.createOneApiHouseholdsShoppingItemsPost({ shoppingListId: list.id, note: unique('contract batteries') }), 'shopping item');
  return { list, item: created.createdItems?.[0] as ShoppingListItemOutOutput };
}

/** A list and a recipe with one ingredient, for adding a recipe to a list. */
async function listAndRecipe(w: World) {
  const list = await newList(w);
  const recipe = await plainRecipe(w, w.member);
  const saved = await made(
    w.member.clients.RecipeCRUDApi.updateOneApiRecipesSlugPut(recipe.slug ?? '', { ...recipe, recipeIngredient: [{ quantity: 2, note: 'contract lemons', referenceId: undefined }] } as never),
    'recipe with an ingredient',
  );
  return { list, recipe: saved };
}

/** The household's shopping lists and their items. */
export const shoppingRows = [
  op('HouseholdsShoppingListsApi', 'createOneApiHouseholdsShoppingListsPost').row({
    as: 'member',
    status: 201,
    args: () => [{ name: 'Contract groceries' }],
    check: (body, w) => expect(body).toMatchObject({ name: 'Contract groceries', householdId: w.member.user.householdId, listItems: [] }),
  }),
  op('HouseholdsShoppingListsApi', 'getAllApiHouseholdsShoppingListsGet').row({ as: 'member', status: 200, setup: newList, args: () => [] }),
  op('HouseholdsShoppingListsApi', 'getOneApiHouseholdsShoppingListsItemIdGet').row({ as: 'member', status: 200, setup: newList, args: (_w, list) => [list.id] }),
  op('HouseholdsShoppingListsApi', 'updateOneApiHouseholdsShoppingListsItemIdPut').row({
    as: 'member',
    status: 200,
    setup: newList,
    args: (_w, list) => [list.id, { id: list.id, groupId: list.groupId, userId: list.userId, name: 'Contract renamed list' }],
    check: (body) => expect(body.name).toBe('Contract renamed list'),
  }),
  op('HouseholdsShoppingListsApi', 'deleteOneApiHouseholdsShoppingListsItemIdDelete').row({ as: 'member', status: 200, setup: newList, args: (_w, list) => [list.id] }),
  op('HouseholdsShoppingListsApi', 'updateLabelSettingsApiHouseholdsShoppingListsItemIdLabelSettingsPut').row({
    as: 'member',
    status: 200,
    setup: async (w) => {
      await made(w.admin.clients.GroupsMultiPurposeLabelsApi.createOneApiGroupsLabelsPost({ name: unique('Contract aisle'), color: '#336699' }), 'label');
      return newList(w);
    },
    args: (_w, list) => [list.id, [...(list.labelSettings ?? [])].reverse().map((s, position) => ({ id: s.id, shoppingListId: list.id, labelId: s.labelId, position }))],
    check: (body, _w, list) => expect(body.labelSettings?.map((s) => s.labelId)).toEqual([...(list.labelSettings ?? [])].reverse().map((s) => s.labelId)),
  }),
  op('HouseholdsShoppingListsApi', 'addRecipeIngredientsToListApiHouseholdsShoppingListsItemIdRecipePost').row({
    as: 'member',
    status: 200,
    setup: listAndRecipe,
    args: (_w, { list, recipe }) => [list.id, [{ recipeId: recipe.id ?? '' }]],
    check: (body) => expect(body.listItems?.map((i) => i.note)).toContain('contract lemons'),
  }),
  op('HouseholdsShoppingListsApi', 'addSingleRecipeIngredientsToListApiHouseholdsShoppingListsItemIdRecipeRecipeIdPost').row({
    as: 'member',
    status: 200,
    setup: listAndRecipe,
    args: (_w, { list, recipe }) => [list.id, recipe.id ?? '', undefined, { recipeIncrementQuantity: 2 }],
    check: (body) => expect(body.listItems?.[0]).toMatchObject({ quantity: 4, note: 'contract lemons' }),
  }),
  op('HouseholdsShoppingListsApi', 'removeRecipeIngredientsFromListApiHouseholdsShoppingListsItemIdRecipeRecipeIdDeletePost').row({
    as: 'member',
    status: 200,
    setup: async (w) => {
      const made_ = await listAndRecipe(w);
      await made(w.member.clients.HouseholdsShoppingListsApi.addSingleRecipeIngredientsToListApiHouseholdsShoppingListsItemIdRecipeRecipeIdPost(made_.list.id, made_.recipe.id ?? ''), 'recipe added');
      return made_;
    },
    args: (_w, { list, recipe }) => [list.id, recipe.id ?? '', undefined, { recipeDecrementQuantity: 1 }],
    check: (body) => expect(body.listItems).toEqual([]),
  }),

  op('HouseholdsShoppingListItemsApi', 'createOneApiHouseholdsShoppingItemsPost').row({
    as: 'member',
    status: 201,
    setup: newList,
    args: (_w, list) => [{ shoppingListId: list.id, note: 'contract candles', quantity: 3 }],
    check: (body) => expect(body.createdItems?.[0]).toMatchObject({ note: 'contract candles', quantity: 3, checked: false }),
  }),
  op('HouseholdsShoppingListItemsApi', 'createManyApiHouseholdsShoppingItemsCreateBulkPost').row({
    as: 'member',
    status: 201,
    setup: newList,
    args: (_w, list) => [[{ shoppingListId: list.id, note: 'contract soap' }, { shoppingListId: list.id, note: 'contract string' }]],
    check: (body) => expect(body.createdItems?.map((i) => i.note)).toEqual(['contract soap', 'contract string']),
  }),
  op('HouseholdsShoppingListItemsApi', 'getAllApiHouseholdsShoppingItemsGet').row({ as: 'member', status: 200, setup: newItem, args: () => [] }),
  op('HouseholdsShoppingListItemsApi', 'getOneApiHouseholdsShoppingItemsItemIdGet').row({ as: 'member', status: 200, setup: newItem, args: (_w, { item }) => [item.id] }),
  op('HouseholdsShoppingListItemsApi', 'updateOneApiHouseholdsShoppingItemsItemIdPut').row({
    as: 'member',
    status: 200,
    setup: newItem,
    args: (_w, { item }) => [item.id, { shoppingListId: item.shoppingListId, note: item.note, quantity: item.quantity, checked: true }],
    check: (body) => expect(body.updatedItems?.[0]?.checked).toBe(true),
  }),
  op('HouseholdsShoppingListItemsApi', 'updateManyApiHouseholdsShoppingItemsPut').row({
    as: 'member',
    status: 200,
    setup: newItem,
    args: (_w, { item }) => [[{ id: item.id, shoppingListId: item.shoppingListId, note: item.note, quantity: 5 }]],
    check: (body) => expect(body.updatedItems?.[0]?.quantity).toBe(5),
  }),
  op('HouseholdsShoppingListItemsApi', 'deleteOneApiHouseholdsShoppingItemsItemIdDelete').row({ as: 'member', status: 200, setup: newItem, args: (_w, { item }) => [item.id] }),
  op('HouseholdsShoppingListItemsApi', 'deleteManyApiHouseholdsShoppingItemsDelete').row({
    as: 'member',
    status: 200,
    setup: newItem,
    args: (_w, { item }) => [[item.id]],
    check: async (_body, w, { list }) => {
      const read = await made(w.member.clients.HouseholdsShoppingListsApi.getOneApiHouseholdsShoppingListsItemIdGet(list.id), 'list read');
      expect(read.listItems).toEqual([]);
    },
  }),
];
