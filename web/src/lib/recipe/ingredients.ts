import { convertAmount, type UnitSystem } from './convert';
import { formatQuantity, round3 } from './fractions';

/** The parts of a unit the display needs (an IngredientUnitOut, or a unit typed in the editor). */
export type { DisplayUnit } from './convert';
import type { DisplayUnit } from './convert';

export interface DisplayFood {
  name: string;
  pluralName?: string | null;
}

export interface DisplayIngredient {
  quantity?: number | null;
  unit?: DisplayUnit | null;
  food?: DisplayFood | null;
  note?: string | null;
  title?: string | null;
  referenceId?: string | null;
}

/** The scaled quantity, rounded to 3 decimals (spec §5); null when the ingredient has none. */
export function scaleQuantity(quantity: number | null | undefined, scale: number): number | null {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity)) return null;
  return round3(quantity * scale);
}

/** Spec §5: plural names apply when the scaled quantity is above 1 or exactly 0. */
export function usesPlural(scaledQuantity: number | null): boolean {
  return scaledQuantity !== null && (scaledQuantity > 1 || scaledQuantity === 0);
}

export function unitName(unit: DisplayUnit, plural: boolean): string {
  if (unit.useAbbreviation && unit.abbreviation) return (plural && unit.pluralAbbreviation) || unit.abbreviation;
  return (plural && unit.pluralName) || unit.name;
}

export function foodName(food: DisplayFood, plural: boolean): string {
  return (plural && food.pluralName) || food.name;
}

export interface IngredientParts {
  quantity: string;
  unit: string;
  food: string;
  note: string;
}

/**
 * What an ingredient line shows at a scale. With the recipe's disableAmount on, an ingredient is plain
 * text (its note). A quantity is shown only beside a unit or a food, as a fraction unless its unit says not.
 */
export function ingredientParts(ingredient: DisplayIngredient, scale: number, disableAmount: boolean, system: UnitSystem | null = null): IngredientParts {
  const note = (ingredient.note ?? '').trim();
  if (disableAmount) return { quantity: '', unit: '', food: '', note };
  const { food } = ingredient;
  const scaled = scaleQuantity(ingredient.quantity, scale);
  // In the other system's measures when asked (and the unit is a measure that converts).
  const converted = system ? convertAmount(scaled, ingredient.unit, food, system) : null;
  const unit = converted?.unit ?? ingredient.unit;
  const quantity = converted ? round3(converted.quantity) : scaled;
  const plural = usesPlural(quantity);
  return {
    quantity: quantity && (unit || food) ? formatQuantity(quantity, unit ? unit.fraction !== false : true) : '',
    unit: unit ? unitName(unit, plural) : '',
    food: food ? foodName(food, plural) : '',
    note,
  };
}

export function ingredientText(ingredient: DisplayIngredient, scale: number, disableAmount: boolean, system: UnitSystem | null = null): string {
  const parts = ingredientParts(ingredient, scale, disableAmount, system);
  return [parts.quantity, parts.unit, parts.food, parts.note].filter(Boolean).join(' ');
}

export interface IngredientSection<T> {
  /** The section heading; '' for ingredients before the first titled one. */
  title: string;
  items: { ingredient: T; index: number }[];
}

/** Ingredient sections: an ingredient with a title starts a new section (spec §3: title is the section heading). */
export function ingredientSections<T extends { title?: string | null }>(ingredients: readonly T[]): IngredientSection<T>[] {
  const sections: IngredientSection<T>[] = [];
  ingredients.forEach((ingredient, index) => {
    const title = (ingredient.title ?? '').trim();
    if (title || sections.length === 0) sections.push({ title, items: [] });
    sections[sections.length - 1].items.push({ ingredient, index });
  });
  return sections;
}

/** The ingredients a step links to, in the recipe's order. */
export function stepIngredients<T extends { referenceId?: string | null }>(
  ingredients: readonly T[],
  references: readonly { referenceId?: string | null }[] | null | undefined,
): T[] {
  const wanted = new Set((references ?? []).map((r) => r.referenceId).filter(Boolean));
  if (wanted.size === 0) return [];
  return ingredients.filter((i) => i.referenceId && wanted.has(i.referenceId));
}
