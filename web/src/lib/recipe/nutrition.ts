import type { NutritionField } from './types';

/** Every nutrition field in display order (the contract's list, kept here so no schema code is imported). */
export const NUTRITION_FIELDS: readonly NutritionField[] = [
  'calories', 'carbohydrateContent', 'cholesterolContent', 'fatContent', 'fiberContent', 'proteinContent',
  'saturatedFatContent', 'sodiumContent', 'sugarContent', 'transFatContent', 'unsaturatedFatContent',
];

export type NutritionUnit = 'kcal' | 'mg' | 'g';

/** Spec §3: calories have their own suffix, cholesterol and sodium are in milligrams, the rest in grams. */
export function nutritionUnit(field: NutritionField): NutritionUnit {
  if (field === 'calories') return 'kcal';
  if (field === 'cholesterolContent' || field === 'sodiumContent') return 'mg';
  return 'g';
}

export interface NutritionRow {
  field: NutritionField;
  value: string;
  unit: NutritionUnit;
}

/** The filled-in nutrition values, in display order. */
export function nutritionRows(nutrition: Partial<Record<NutritionField, string | number | null>> | null | undefined): NutritionRow[] {
  if (!nutrition) return [];
  return NUTRITION_FIELDS.flatMap((field) => {
    const raw = nutrition[field];
    const value = raw === null || raw === undefined ? '' : String(raw).trim();
    return value ? [{ field, value, unit: nutritionUnit(field) }] : [];
  });
}

/**
 * A per-serving value times the servings being made ("250" × 4 = "1000"), rounded to a whole number
 * (one decimal under 10); null when the value is not a number ("a little") or there are no servings.
 */
export function nutritionTotal(value: string, servings: number | null): string | null {
  if (!servings || servings <= 0) return null;
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*$/.exec(value);
  if (!match) return null;
  const total = Number(match[1].replace(',', '.')) * servings;
  return String(total < 10 ? Math.round(total * 10) / 10 : Math.round(total));
}
