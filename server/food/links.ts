/**
 * A food row's knowledge: its reference food, the user's density, piece weight and values per 100 g, as
 * the API shows them and as conversion and nutrition use them.
 */
import type { NutritionPer100g, ReferenceFoodOut } from '../../contract/foods.js';
import type { FoodPhysics } from './amounts.js';
import { foodGroupName, NUTRIENT_KEYS, referenceFood, type Nutrients, type ReferenceFood } from './reference.js';

export interface FoodKnowledgeRow {
  reference_food_id?: string | null;
  density?: number | null;
  piece_grams?: number | null;
  nutrition_per_100g?: string | null;
}

export function referenceFoodOut(food: ReferenceFood): ReferenceFoodOut {
  return { id: food.id, name: food.name, foodGroup: foodGroupName(food.groupCode) };
}

/** The user's values per 100 g, stored as JSON; null when none is set. */
export function parseOwnNutrition(json: string | null | undefined): Nutrients | null {
  if (!json) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
  const out = {} as Nutrients;
  let any = false;
  for (const key of NUTRIENT_KEYS) {
    const value = raw[key];
    out[key] = typeof value === 'number' && Number.isFinite(value) ? value : null;
    if (out[key] !== null) any = true;
  }
  return any ? out : null;
}

/** Stored form of the user's values: only the fields given; null when none. */
export function ownNutritionJson(values: NutritionPer100g | null | undefined): string | null {
  if (!values) return null;
  const kept: Record<string, number> = {};
  for (const key of NUTRIENT_KEYS) {
    const value = values[key];
    if (typeof value === 'number') kept[key] = value;
  }
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
}

export function foodKnowledgeOut(row: FoodKnowledgeRow) {
  const reference = referenceFood(row.reference_food_id);
  return {
    referenceFoodId: row.reference_food_id ?? null,
    referenceFood: reference ? referenceFoodOut(reference) : null,
    density: row.density ?? null,
    pieceWeight: row.piece_grams ?? null,
    nutritionPer100g: parseOwnNutrition(row.nutrition_per_100g),
  };
}

export function physicsOf(row: FoodKnowledgeRow): FoodPhysics {
  const reference = referenceFood(row.reference_food_id);
  return { density: row.density, pieceGrams: row.piece_grams, measures: reference?.measures, groupCode: reference?.groupCode };
}

/** Values per 100 g: the user's own (each field they gave) over the reference food's; null when neither. */
export function nutrientsOf(row: FoodKnowledgeRow): Nutrients | null {
  const own = parseOwnNutrition(row.nutrition_per_100g);
  const reference = referenceFood(row.reference_food_id)?.per100g ?? null;
  if (!own) return reference;
  if (!reference) return own;
  const out = {} as Nutrients;
  for (const key of NUTRIENT_KEYS) out[key] = own[key] ?? reference[key];
  return out;
}

/** Seed label key (server/seed/data/labels) a USDA food group shops under. */
const GROUP_LABELS: Record<string, string> = {
  '0100': 'Dairy Products',
  '0200': 'Spices',
  '0400': 'Condiments',
  '0500': 'Meat',
  '0600': 'Canned Goods',
  '0700': 'Meat Products',
  '0800': 'Grains',
  '0900': 'Fruits',
  '1000': 'Meat',
  '1100': 'Vegetables',
  '1200': 'Snacks',
  '1300': 'Meat',
  '1400': 'Beverages',
  '1500': 'Seafood',
  '1600': 'Grains',
  '1700': 'Meat',
  '1800': 'Baked Goods',
  '1900': 'Sweets',
  '2000': 'Grains',
  '2500': 'Snacks',
};

export function labelKeyForGroup(groupCode: string | undefined): string | undefined {
  return groupCode ? GROUP_LABELS[groupCode] : undefined;
}

let labelKeysByName: Map<string, string> | undefined;

/** The seed label key a label's name is in any seed locale ("Milchprodukte" → "Dairy Products"). */
export function seedLabelKeyOfName(name: string, allLabels: () => Array<{ key: string; name: string }>): string | undefined {
  if (!labelKeysByName) {
    labelKeysByName = new Map();
    for (const label of allLabels()) {
      const key = label.name.trim().toLowerCase();
      if (!labelKeysByName.has(key)) labelKeysByName.set(key, label.key);
    }
  }
  return labelKeysByName.get(name.trim().toLowerCase());
}
