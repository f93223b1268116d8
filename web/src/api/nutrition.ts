import type { ComputedNutritionOut } from '../../../contract/nutrition';
import { ROUTES } from '../../../contract/route-table';
import { call } from './client';

export type { ComputedNutritionOut };
export type NutritionSource = ComputedNutritionOut['source'];

/** Hearth's computed nutrition of a recipe (from its linked foods) and which nutrition the recipe shows. */
export const nutritionApi = {
  computed: (slug: string, scale: number) => call(ROUTES.nutritionComputed, { params: { slug }, query: { scale }, toasts: false }),
  setSource: (slug: string, source: NutritionSource) => call(ROUTES.nutritionSource, { params: { slug }, json: { source } }),
};
