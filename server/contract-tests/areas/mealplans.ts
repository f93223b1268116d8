import { expect } from 'vitest';
import type { PlanRulesOut, ReadPlanEntry } from 'mealie-typescript';
import { op, type World } from '../rows.js';
import { made } from './fixtures.js';
import { plainRecipe } from './recipe-fixtures.js';

const newEntry = async (w: World): Promise<ReadPlanEntry> => {
  const recipe = await plainRecipe(w);
  return made(w.admin.clients.HouseholdsMealplansApi.createOneApiHouseholdsMealplansPost({ date: '2025-03-04', entryType: 'dinner', title: '', text: '', recipeId: recipe.id }), 'meal plan entry');
};
/*
 * The rules' rows use an empty filter: the client types QueryFilterJSONPart.relationalOperator and .value as
 * empty objects (its generator collapsed Mealie's enum/string unions), so no real filter's parts — Mealie's
 * own strings such as "IN" — validate against it. The parts are checked in server/modules/mealplans.
 */
const newRule = (w: World): Promise<PlanRulesOut> =>
  made(w.admin.clients.HouseholdsMealplanRulesApi.createOneApiHouseholdsMealplansRulesPost({ day: 'monday', entryType: 'dinner', queryFilterString: '' }), 'meal plan rule');

/** The household's meal plan entries (integer ids), the random pick and the rules. */
export const mealplanRows = [
  op('HouseholdsMealplansApi', 'createOneApiHouseholdsMealplansPost').row({
    status: 201,
    setup: (w) => plainRecipe(w),
    args: (_w, recipe) => [{ date: '2025-12-31', entryType: 'dinner', title: '', text: 'note', recipeId: recipe.id }],
    check: (body, w) => expect(body).toMatchObject({ date: '2025-12-31', entryType: 'dinner', householdId: w.admin.user.householdId }),
  }),
  op('HouseholdsMealplansApi', 'getAllApiHouseholdsMealplansGet').row({ as: 'member', status: 200, args: () => ['2025-12-30', '2026-01-02'] }),
  op('HouseholdsMealplansApi', 'getOneApiHouseholdsMealplansItemIdGet').row({ status: 200, setup: newEntry, args: (_w, entry) => [entry.id] }),
  op('HouseholdsMealplansApi', 'updateOneApiHouseholdsMealplansItemIdPut').row({
    status: 200,
    setup: newEntry,
    args: (_w, entry) => [entry.id, { date: '2025-03-09', entryType: 'side', title: 'moved', text: '', recipeId: entry.recipeId, id: entry.id, groupId: entry.groupId, userId: entry.userId }],
    check: (body) => expect(body).toMatchObject({ date: '2025-03-09', entryType: 'side' }),
  }),
  op('HouseholdsMealplansApi', 'deleteOneApiHouseholdsMealplansItemIdDelete').row({ status: 200, setup: newEntry, args: (_w, entry) => [entry.id] }),
  op('HouseholdsMealplansApi', 'getTodaysMealsApiHouseholdsMealplansTodayGet').row({ as: 'member', status: 200, args: () => [] }),
  op('HouseholdsMealplansApi', 'createRandomMealApiHouseholdsMealplansRandomPost').row({
    status: 200,
    // A rule for that Tuesday's lunch that selects only a fresh recipe, so the pick is deterministic (and
    // never a recipe another row gave an image: the client types a plan entry's recipe image as null).
    setup: async (w) => {
      const recipe = await plainRecipe(w);
      const rule = await made(w.admin.clients.HouseholdsMealplanRulesApi.createOneApiHouseholdsMealplansRulesPost({ day: 'tuesday', entryType: 'lunch', queryFilterString: `id = "${recipe.id}"` }), 'meal plan rule');
      return { recipe, rule };
    },
    args: () => [{ date: '2025-04-01', entryType: 'lunch' }],
    check: async (body, w, { recipe, rule }) => {
      expect(body.recipe?.id).toBe(recipe.id);
      // The rule's real filter parts do not fit the client's rule type: it goes before the rules' own rows.
      await w.admin.clients.HouseholdsMealplanRulesApi.deleteOneApiHouseholdsMealplansRulesItemIdDelete(rule.id);
    },
  }),

  op('HouseholdsMealplanRulesApi', 'createOneApiHouseholdsMealplansRulesPost').row({
    status: 201,
    args: () => [{ day: 'friday', entryType: 'unset', queryFilterString: '' }],
    check: (body, w) => expect(body).toMatchObject({ day: 'friday', entryType: 'unset', householdId: w.admin.user.householdId, queryFilter: { parts: [] } }),
  }),
  op('HouseholdsMealplanRulesApi', 'getAllApiHouseholdsMealplansRulesGet').row({ status: 200, setup: newRule, args: () => [] }),
  op('HouseholdsMealplanRulesApi', 'getOneApiHouseholdsMealplansRulesItemIdGet').row({ status: 200, setup: newRule, args: (_w, rule) => [rule.id] }),
  op('HouseholdsMealplanRulesApi', 'updateOneApiHouseholdsMealplansRulesItemIdPut').row({
    status: 200,
    setup: newRule,
    args: (_w, rule) => [rule.id, { day: 'sunday', entryType: 'breakfast', queryFilterString: '' }],
    check: (body) => expect(body).toMatchObject({ day: 'sunday', entryType: 'breakfast', queryFilter: { parts: [] } }),
  }),
  op('HouseholdsMealplanRulesApi', 'deleteOneApiHouseholdsMealplansRulesItemIdDelete').row({ status: 200, setup: newRule, args: (_w, rule) => [rule.id] }),
];
