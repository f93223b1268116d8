import type { ParseRecipesResult, UnparsedRecipes } from '../../../contract/parse-ingredients';
import { api } from './client';
import { API } from '../../../contract/routes';

export type { ParseRecipesResult, UnparsedRecipes };

const PARSE = API.recipesBulkActionsParseIngredients;

/** The cooking area's calls: recipes whose ingredients are still plain text, and parsing them. */
export const cookingApi = {
  unparsed: () => api.get<UnparsedRecipes>(PARSE, { toasts: false }),
  parse: (recipes: string[]) => api.post<ParseRecipesResult>(PARSE, { json: { recipes } }),
};
