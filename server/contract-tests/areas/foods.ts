import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { made, unique } from './fixtures.js';

const newFood = (w: World) =>
  made(w.admin.clients.RecipesFoodsApi.createOneApiFoodsPost({ name: unique('contract flour'), description: '', aliases: [], householdsWithIngredientFood: [] }), 'food');
const newUnit = (w: World) =>
  made(w.admin.clients.RecipesUnitsApi.createOneApiUnitsPost({ name: unique('contract cup'), abbreviation: 'c', description: '', fraction: true, useAbbreviation: false, aliases: [] }), 'unit');
const twoFoods = async (w: World) => ({ from: await newFood(w), to: await newFood(w) });
const twoUnits = async (w: World) => ({ from: await newUnit(w), to: await newUnit(w) });

/** Foods and units of the caller's group, merges included. */
export const foodRows = [
  op('RecipesFoodsApi', 'createOneApiFoodsPost').row({
    status: 201,
    args: (w) => [
      {
        name: unique('contract basil'),
        pluralName: 'basil',
        description: 'A herb',
        aliases: [{ name: 'sweet basil' }],
        householdsWithIngredientFood: [w.admin.user.householdId],
      },
    ],
    check: (body, w) => {
      expect(body.aliases).toEqual([{ name: 'sweet basil' }]);
      expect(body.householdsWithIngredientFood).toContain(w.admin.user.householdId);
    },
  }),
  op('RecipesFoodsApi', 'getAllApiFoodsGet').row({ as: 'member', status: 200, setup: newFood, args: () => [] }),
  op('RecipesFoodsApi', 'getAllApiFoodsGet').row({
    as: 'member',
    status: 200,
    title: 'search',
    setup: newFood,
    args: (_w, food) => [food.name],
    check: (body, _w, food) => expect(body.items.map((f) => f.id)).toContain(food.id),
  }),
  op('RecipesFoodsApi', 'getOneApiFoodsItemIdGet').row({ as: 'member', status: 200, setup: newFood, args: (_w, food) => [food.id] }),
  op('RecipesFoodsApi', 'updateOneApiFoodsItemIdPut').row({
    status: 200,
    setup: newFood,
    args: (_w, food) => [food.id, { name: `${food.name} renamed`, description: 'changed' }],
    check: (body) => expect(body.description).toBe('changed'),
  }),
  op('RecipesFoodsApi', 'deleteOneApiFoodsItemIdDelete').row({ status: 200, setup: newFood, args: (_w, food) => [food.id] }),
  op('RecipesFoodsApi', 'mergeOneApiFoodsMergePut').row({ status: 200, setup: twoFoods, args: (_w, { from, to }) => [{ fromFood: from.id, toFood: to.id }] }),

  op('RecipesUnitsApi', 'createOneApiUnitsPost').row({
    status: 201,
    args: () => [{ name: unique('contract tablespoon'), pluralName: 'tablespoons', abbreviation: 'tbsp', description: '', fraction: true, useAbbreviation: true, aliases: [{ name: 'tbs' }] }],
    check: (body) => expect(body).toMatchObject({ abbreviation: 'tbsp', useAbbreviation: true, aliases: [{ name: 'tbs' }] }),
  }),
  op('RecipesUnitsApi', 'getAllApiUnitsGet').row({ as: 'member', status: 200, setup: newUnit, args: () => [] }),
  op('RecipesUnitsApi', 'getOneApiUnitsItemIdGet').row({ as: 'member', status: 200, setup: newUnit, args: (_w, unit) => [unit.id] }),
  op('RecipesUnitsApi', 'updateOneApiUnitsItemIdPut').row({
    status: 200,
    setup: newUnit,
    args: (_w, unit) => [unit.id, { name: `${unit.name} renamed`, abbreviation: 'C' }],
    check: (body) => expect(body.abbreviation).toBe('C'),
  }),
  op('RecipesUnitsApi', 'deleteOneApiUnitsItemIdDelete').row({ status: 200, setup: newUnit, args: (_w, unit) => [unit.id] }),
  op('RecipesUnitsApi', 'mergeOneApiUnitsMergePut').row({ status: 200, setup: twoUnits, args: (_w, { from, to }) => [{ fromUnit: from.id, toUnit: to.id }] }),
];
