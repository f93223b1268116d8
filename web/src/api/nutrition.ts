import type { ComputedNutritionOut } from '../../../contract/nutrition';
import { api } from './client';
import { API, apiPath } from '../../../contract/routes';

export type { ComputedNutritionOut };
export type NutritionSource = ComputedNutritionOut['source'];

/** Hearth's computed nutrition of a recipe (from its linked foods) and which nutrition the recipe shows. */
export const nutritionApi = {
  computed: (slug: string, scale: number) =>
    api.get<ComputedNutritionOut>(apiPath(API.recipesBySlugNutritionComputed, { slug }), { query: { scale }, toasts: false }),
  setSource: (slug: string, source: NutritionSource) =>
    api.put<ComputedNutritionOut>(apiPath(API.recipesBySlugNutritionSource, { slug }), { json: { source } }),
};
