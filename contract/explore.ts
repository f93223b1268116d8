import { z } from 'zod';

/*
 * The public explore API (/api/explore/groups/{group_slug}/...): what a group that is not private shows to
 * anyone. Bodies reuse the member API's schemas (recipes, foods, organizers, households); only the path
 * parameters are the explore API's own. `group_slug` and `household_slug` also accept the id, as in Mealie.
 */

const pathText = z.string().min(1).max(500);

export const exploreGroupParams = z.object({ group_slug: pathText });
export const exploreRecipeParams = exploreGroupParams.extend({ recipe_slug: pathText });
export const exploreItemParams = exploreGroupParams.extend({ item_id: pathText });
export const exploreHouseholdParams = exploreGroupParams.extend({ household_slug: pathText });
