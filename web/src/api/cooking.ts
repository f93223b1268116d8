import type { ParseRecipesResult, UnparsedRecipes } from '../../../contract/parse-ingredients';
import { call } from './client';
import { ROUTES } from '../../../contract/route-table';

export type { ParseRecipesResult, UnparsedRecipes };

/** The cooking area's calls: recipes whose ingredients are still plain text, and parsing them. */
export const cookingApi = {
  unparsed: () => call(ROUTES.unparsedRecipes, { toasts: false }),
  parse: (recipes: string[]) => call(ROUTES.parseRecipes, { json: { recipes } }),
};
