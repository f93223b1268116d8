import { formatQuantity, round3 } from './fractions';

export interface ScalableRecipe {
  id?: string | null;
  slug?: string | null;
  recipeServings?: number | null;
  recipeYieldQuantity?: number | null;
  recipeYield?: string | null;
}

export const MIN_SCALE = 0.125;
export const MAX_SCALE = 100;

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0) return 1;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, round3(scale)));
}

/** Spec §5: the recipe scale is shown only when it is above 1 ("×2"). */
export function scaleLabel(scale: number): string | null {
  return scale > 1 ? `×${formatQuantity(scale, false)}` : null;
}

/** Scaled servings, or null when the recipe has none. */
export function scaledServings(recipe: ScalableRecipe, scale: number): number | null {
  const servings = recipe.recipeServings ?? 0;
  return servings > 0 ? round3(servings * scale) : null;
}

/** A leading amount in a yield text ("20 (5 cups)", "4 servings", "2-3 loaves"). */
const LEADING_NUMBER = /^\s*\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?\s*/;
const SERVINGS_WORDS = /^(servings?|portions?|people|persons?|serves)\.?$/i;

/**
 * "6 pancakes": the scaled yield quantity (as a fraction) before the yield text; the text alone when there
 * is no quantity. A number the text already starts with is replaced, not repeated ("20 (5 cups)" at ×1.05
 * is "21 (5 cups)": the text part stays as written), and a yield that only
 * says what the servings line says is left out (no "2 servings · 2 servings").
 */
export function yieldText(recipe: ScalableRecipe, scale: number): string {
  let text = (recipe.recipeYield ?? '').trim();
  const quantity = recipe.recipeYieldQuantity ?? 0;
  const servings = recipe.recipeServings ?? 0;
  if (quantity > 0) text = text.replace(LEADING_NUMBER, '').trim();
  if (servings > 0 && (!text || SERVINGS_WORDS.test(text)) && (quantity <= 0 || quantity === servings)) return '';
  if (servings > 0 && quantity <= 0 && LEADING_NUMBER.test(text) && SERVINGS_WORDS.test(text.replace(LEADING_NUMBER, '').trim())) return '';
  if (quantity > 0) return `${formatQuantity(quantity * scale)} ${text}`.trim();
  return text;
}

/** Spec §5: servings (default 1) × scale, and yield quantity (default 1) × scale. */
export function actionValues(recipe: ScalableRecipe, scale: number): { servings: number; yieldQuantity: number } {
  return {
    servings: round3((recipe.recipeServings || 1) * scale),
    yieldQuantity: round3((recipe.recipeYieldQuantity || 1) * scale),
  };
}

/**
 * A link action's address with its placeholders filled in: ${url} (the recipe page), ${id}, ${slug},
 * ${servings}, ${yieldQuantity} and ${yieldText}.
 */
export function recipeActionUrl(template: string, recipe: ScalableRecipe, scale: number, pageUrl: string): string {
  const { servings, yieldQuantity } = actionValues(recipe, scale);
  const values: Record<string, string> = {
    url: pageUrl,
    id: recipe.id ?? '',
    slug: recipe.slug ?? '',
    servings: String(servings),
    yieldQuantity: String(yieldQuantity),
    yieldText: recipe.recipeYield ?? '',
  };
  return template.replace(/\$\{(url|id|slug|servings|yieldQuantity|yieldText)\}/g, (_, key: string) => values[key]);
}

/** The − / + buttons' next scale: a whole serving when the recipe has servings, else a whole multiple (halves below 1). */
export function nextScale(scale: number, servings: number, up: boolean): number {
  if (servings > 0) {
    const current = scale * servings;
    const next = up ? Math.floor(current + 1e-9) + 1 : Math.ceil(current - 1e-9) - 1;
    return next >= 1 ? next / servings : Math.max(MIN_SCALE, scale / 2);
  }
  if (up) return scale < 1 ? scale * 2 : Math.floor(scale + 1e-9) + 1;
  return scale <= 1 ? Math.max(MIN_SCALE, scale / 2) : Math.ceil(scale - 1e-9) - 1;
}
