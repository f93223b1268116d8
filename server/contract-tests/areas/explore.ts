import type { ReadCookBook, RecipeOutput } from 'mealie-typescript';
import { expect } from 'vitest';
import { op, type Session, type World } from '../rows.js';
import { made, unique } from './fixtures.js';
import { newRecipe } from './recipes.js';

interface OpenKitchen {
  cook: Session;
  groupSlug: string;
  householdSlug: string;
  recipe: RecipeOutput;
  cookbook: ReadCookBook;
}

const kitchens = new WeakMap<World, Promise<OpenKitchen>>();

/**
 * A public group of its own with a public household, one public recipe (with a food, tag, category and tool)
 * and one public cookbook, made once per world through the client: the default group stays private.
 */
function openKitchen(w: World): Promise<OpenKitchen> {
  let kitchen = kitchens.get(w);
  if (!kitchen) {
    kitchen = (async () => {
      const group = await made(w.admin.clients.AdminManageGroupsApi.createOneApiAdminGroupsPost({ name: unique('Contract open kitchen') }), 'group');
      const cook = await w.newUser({ group: group.name, canManage: true, canManageHousehold: true, canOrganize: true });
      await made(cook.clients.GroupsSelfServiceApi.updateGroupPreferencesApiGroupsPreferencesPut({ privateGroup: false }), 'public group');
      await made(cook.clients.HouseholdsSelfServiceApi.updateHouseholdPreferencesApiHouseholdsPreferencesPut({ privateHousehold: false, recipePublic: true }), 'public household');
      const household = await made(cook.clients.HouseholdsSelfServiceApi.getLoggedInUserHouseholdApiHouseholdsSelfGet(), 'household');
      const recipe = await newRecipe(w, cook);
      const cookbook = await made(
        cook.clients.HouseholdsCookbooksApi.createOneApiHouseholdsCookbooksPost({ name: unique('Contract open cookbook'), public: true, queryFilterString: '' }),
        'public cookbook',
      );
      return { cook, groupSlug: group.slug, householdSlug: household.slug ?? '', recipe, cookbook };
    })();
    kitchens.set(w, kitchen);
  }
  return kitchen;
}

const first = <T>(list: T[] | null | undefined): T => {
  if (!list?.[0]) throw new Error('fixture "open kitchen" has no such organizer');
  return list[0];
};

/** What anyone may read of a public group: signed out, through /api/explore/groups/{slug}. */
export const exploreRows = [
  op('ExploreRecipesApi', 'getAllApiExploreGroupsGroupSlugRecipesGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [k.groupSlug],
    check: (body, _w, k) => expect(body.items.map((r) => r.id)).toEqual([k.recipe.id]),
  }),
  op('ExploreRecipesApi', 'getRecipeApiExploreGroupsGroupSlugRecipesRecipeSlugGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [k.recipe.slug ?? '', k.groupSlug],
    check: (body, _w, k) => expect(body.id).toBe(k.recipe.id),
  }),
  op('ExploreRecipesApi', 'suggestRecipesApiExploreGroupsGroupSlugRecipesSuggestionsGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [k.groupSlug, [first(k.recipe.recipeIngredient).food?.id ?? '']],
  }),
  op('ExploreFoodsApi', 'getAllApiExploreGroupsGroupSlugFoodsGet').row({ as: 'anon', status: 200, setup: openKitchen, args: (_w, k) => [k.groupSlug] }),
  op('ExploreFoodsApi', 'getOneApiExploreGroupsGroupSlugFoodsItemIdGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [first(k.recipe.recipeIngredient).food?.id ?? '', k.groupSlug],
  }),
  op('ExploreCategoriesApi', 'getAllApiExploreGroupsGroupSlugOrganizersCategoriesGet').row({ as: 'anon', status: 200, setup: openKitchen, args: (_w, k) => [k.groupSlug] }),
  op('ExploreCategoriesApi', 'getOneApiExploreGroupsGroupSlugOrganizersCategoriesItemIdGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [first(k.recipe.recipeCategory).id ?? '', k.groupSlug],
  }),
  op('ExploreTagsApi', 'getAllApiExploreGroupsGroupSlugOrganizersTagsGet').row({ as: 'anon', status: 200, setup: openKitchen, args: (_w, k) => [k.groupSlug] }),
  op('ExploreTagsApi', 'getOneApiExploreGroupsGroupSlugOrganizersTagsItemIdGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [first(k.recipe.tags).id ?? '', k.groupSlug],
  }),
  op('ExploreToolsApi', 'getAllApiExploreGroupsGroupSlugOrganizersToolsGet').row({ as: 'anon', status: 200, setup: openKitchen, args: (_w, k) => [k.groupSlug] }),
  op('ExploreToolsApi', 'getOneApiExploreGroupsGroupSlugOrganizersToolsItemIdGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [first(k.recipe.tools).id ?? '', k.groupSlug],
  }),
  op('ExploreHouseholdsApi', 'getAllApiExploreGroupsGroupSlugHouseholdsGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [k.groupSlug],
    check: (body, _w, k) => expect(body.items.map((h) => h.slug)).toContain(k.householdSlug),
  }),
  op('ExploreHouseholdsApi', 'getHouseholdApiExploreGroupsGroupSlugHouseholdsHouseholdSlugGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [k.householdSlug, k.groupSlug],
  }),
  op('ExploreCookbooksApi', 'getAllApiExploreGroupsGroupSlugCookbooksGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [k.groupSlug],
    check: (body, _w, k) => expect(body.items.map((c) => c.id)).toEqual([k.cookbook.id]),
  }),
  op('ExploreCookbooksApi', 'getOneApiExploreGroupsGroupSlugCookbooksItemIdGet').row({
    as: 'anon',
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [k.cookbook.id, k.groupSlug],
  }),

  op('RecipeCRUDApi', 'suggestRecipesApiRecipesSuggestionsGet').row({
    as: (k: OpenKitchen) => k.cook.clients,
    status: 200,
    setup: openKitchen,
    args: (_w, k) => [[first(k.recipe.recipeIngredient).food?.id ?? '']],
    check: (body, _w, k) => expect(body.items.map((s) => s.recipe.id)).toContain(k.recipe.id),
  }),
];
