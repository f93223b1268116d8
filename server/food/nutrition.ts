/**
 * A recipe's nutrition from its ingredients: each line's amount weighed through its food (amounts.ts) and
 * multiplied by the food's values per 100 g (the user's own over the reference food's). Lines that cannot
 * be counted are listed with why, and with their share of the recipe's weight when they can be weighed,
 * so the number says how much of the recipe it covers.
 */
import { toGrams } from './amounts.js';
import { nutrientsOf, physicsOf, type FoodKnowledgeRow } from './links.js';
import { NUTRIENT_KEYS, type Nutrients } from './reference.js';
import type { UnitNames } from './units.js';

export interface NutritionLine {
  position: number;
  /** How the line reads (original text or note), for the uncounted list. */
  text: string;
  quantity: number | null;
  unit: UnitNames | null;
  food: (FoodKnowledgeRow & { name: string }) | null;
  /** A section heading without amount or food. */
  title?: boolean;
}

export type UncountedReason = 'no-amount' | 'no-food' | 'not-linked' | 'no-weight';

export interface ComputedNutrition {
  scale: number;
  servings: number | null;
  total: Nutrients;
  perServing: Nutrients | null;
  /** Grams of every line that could be weighed (counted or not). */
  weighedGrams: number;
  countedGrams: number;
  counted: Array<{ position: number; text: string; grams: number }>;
  uncounted: Array<{ position: number; text: string; reason: UncountedReason; grams: number | null; share: number | null }>;
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

function emptyNutrients(): Nutrients {
  return Object.fromEntries(NUTRIENT_KEYS.map((key) => [key, null])) as Nutrients;
}

/**
 * Nutrition of the recipe at `scale` (amounts times scale). Each field is the sum over counted lines that
 * have a value for it; null when none has (never a made-up zero). Per serving divides by servings × scale,
 * so scaling changes the totals and keeps per serving.
 */
export function computeNutrition(lines: readonly NutritionLine[], servings: number | null, scale = 1): ComputedNutrition {
  const total = emptyNutrients();
  const counted: ComputedNutrition['counted'] = [];
  const pending: Array<{ position: number; text: string; reason: UncountedReason; grams: number | null }> = [];
  let weighedGrams = 0;
  for (const line of lines) {
    if (line.title && !line.food && !line.quantity) continue;
    if (!line.quantity || line.quantity <= 0) {
      pending.push({ position: line.position, text: line.text, reason: 'no-amount', grams: null });
      continue;
    }
    const quantity = line.quantity * scale;
    if (!line.food) {
      const weighed = toGrams(quantity, line.unit, {});
      if (weighed) weighedGrams += weighed.grams;
      pending.push({ position: line.position, text: line.text, reason: 'no-food', grams: weighed?.grams ?? null });
      continue;
    }
    const weighed = toGrams(quantity, line.unit, physicsOf(line.food));
    if (weighed) weighedGrams += weighed.grams;
    const values = nutrientsOf(line.food);
    if (!values || !weighed) {
      pending.push({ position: line.position, text: line.text, reason: values ? 'no-weight' : 'not-linked', grams: weighed?.grams ?? null });
      continue;
    }
    counted.push({ position: line.position, text: line.text, grams: round(weighed.grams, 1) });
    for (const key of NUTRIENT_KEYS) {
      const per100 = values[key];
      if (per100 === null) continue;
      total[key] = (total[key] ?? 0) + (per100 * weighed.grams) / 100;
    }
  }
  const countedGrams = counted.reduce((sum, line) => sum + line.grams, 0);
  let perServing: Nutrients | null = null;
  if (servings && servings > 0) {
    perServing = emptyNutrients();
    for (const key of NUTRIENT_KEYS) {
      const value = total[key];
      perServing[key] = value === null ? null : round(value / (servings * scale));
    }
  }
  const totalRounded = emptyNutrients();
  for (const key of NUTRIENT_KEYS) totalRounded[key] = total[key] === null ? null : round(total[key] as number);
  return {
    scale,
    servings: servings && servings > 0 ? servings * scale : null,
    total: totalRounded,
    perServing,
    weighedGrams: round(weighedGrams, 1),
    countedGrams: round(countedGrams, 1),
    counted,
    uncounted: pending.map((line) => ({
      ...line,
      grams: line.grams === null ? null : round(line.grams, 1),
      share: line.grams === null || weighedGrams === 0 ? null : round(line.grams / weighedGrams, 4),
    })),
  };
}
