import type { RecipeIngredientOut, RecipeOut } from '../../../../contract/recipes';

/** What the "Add to shopping list" dialog shows and sends (spec §5), kept apart from the UI to test it. */
export interface RecipeRequest {
  slug: string | null | undefined;
  scale: number;
}

/** The same slug twice is one recipe with the scales summed; recipes without a slug are skipped. */
export function mergeRequests(requests: RecipeRequest[]): Array<{ slug: string; scale: number }> {
  const merged = new Map<string, number>();
  for (const request of requests) {
    if (!request.slug) continue;
    merged.set(request.slug, (merged.get(request.slug) ?? 0) + (request.scale || 1));
  }
  return [...merged.entries()].map(([slug, scale]) => ({ slug, scale }));
}

export interface PlannedIngredient {
  key: string;
  ingredient: RecipeIngredientOut;
  onHand: boolean;
}
export interface PlannedSection {
  title: string | null;
  ingredients: PlannedIngredient[];
}
export interface PlannedRecipe {
  recipe: RecipeOut;
  scale: number;
  sections: PlannedSection[];
}

/**
 * A recipe's ingredients by section (a title starts one). Ingredients whose food the household has on hand
 * start unticked and move to the end of the last section. Recipes without ingredients are skipped (null).
 */
export function planRecipe(recipe: RecipeOut, scale: number): PlannedRecipe | null {
  if (recipe.recipeIngredient.length === 0) return null;
  const sections: PlannedSection[] = [];
  const onHand: PlannedIngredient[] = [];
  recipe.recipeIngredient.forEach((ingredient, index) => {
    if (ingredient.title || sections.length === 0) sections.push({ title: ingredient.title || null, ingredients: [] });
    const planned = { key: `${recipe.id}:${index}`, ingredient, onHand: Boolean(ingredient.food?.onHand) };
    if (planned.onHand) onHand.push(planned);
    else sections[sections.length - 1].ingredients.push(planned);
  });
  sections[sections.length - 1].ingredients.push(...onHand);
  return { recipe, scale, sections: sections.filter((section) => section.ingredients.length > 0) };
}

/** Ticked keys at the start: everything not on hand. */
export function initialTicks(plans: PlannedRecipe[]): Set<string> {
  return new Set(plans.flatMap((plan) => plan.sections.flatMap((section) => section.ingredients.filter((i) => !i.onHand).map((i) => i.key))));
}

/** The request body: only ticked ingredients; recipes with none ticked are left out. */
export function entriesToSend(plans: PlannedRecipe[], ticked: Set<string>) {
  return plans.flatMap((plan) => {
    const ingredients = plan.sections.flatMap((section) => section.ingredients.filter((i) => ticked.has(i.key)).map((i) => i.ingredient));
    return ingredients.length ? [{ recipeId: plan.recipe.id, recipeIncrementQuantity: plan.scale, recipeIngredients: ingredients }] : [];
  });
}
