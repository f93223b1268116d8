/**
 * Mealie's ParsedIngredient response shape (POST /api/parser/ingredient(s)), built from a parsed
 * line and its catalogue match.
 */

import { randomUUID } from 'node:crypto';
import { type CatalogueFood, type CatalogueUnit, type FoodAndUnitMatch, type UnmatchedName } from './match.js';
import { type ParsedLine } from './parse.js';
import { singularSpelling } from './units.js';

/** Fields Mealie fills in for a unit that is not in the catalogue yet (CreateIngredientUnit). */
export interface MealieNewUnit {
  name: string;
  pluralName: string | null;
  description: string;
  extras: Record<string, never>;
  fraction: boolean;
  abbreviation: string;
  pluralAbbreviation: string;
  useAbbreviation: boolean;
  aliases: never[];
}

/** Fields Mealie fills in for a food that is not in the catalogue yet (CreateIngredientFood). */
export interface MealieNewFood {
  name: string;
  pluralName: null;
  description: string;
  extras: Record<string, never>;
  labelId: null;
  aliases: never[];
  householdsWithIngredientFood: never[];
}

export interface MealieParsedIngredient<Food extends CatalogueFood = CatalogueFood, Unit extends CatalogueUnit = CatalogueUnit> {
  input: string;
  confidence: {
    average: number;
    comment: number;
    name: number;
    unit: number;
    quantity: number;
    food: number;
  };
  ingredient: {
    quantity: number;
    unit: Unit | MealieNewUnit | null;
    food: Food | MealieNewFood | null;
    note: string;
    display: string;
    originalText: string;
    referenceId: string;
  };
}

function isCatalogueItem<Item extends { id: string }>(value: Item | UnmatchedName): value is Item {
  return 'id' in value && typeof value.id === 'string';
}

/**
 * A unit not in the catalogue, named in the singular with the written plural as its plural, so the
 * display reads "1 teaspoon" and "2 teaspoons" whatever the line wrote ("1 teaspoons").
 */
function newUnit(written: string): MealieNewUnit {
  const singular = singularSpelling(written);
  return {
    name: singular ?? written,
    pluralName: singular ? written : null,
    description: '',
    extras: {},
    fraction: true,
    abbreviation: '',
    pluralAbbreviation: '',
    useAbbreviation: false,
    aliases: [],
  };
}

function newFood(name: string): MealieNewFood {
  return { name, pluralName: null, description: '', extras: {}, labelId: null, aliases: [], householdsWithIngredientFood: [] };
}

const DISPLAY_FRACTIONS: Array<[number, string]> = [
  [1 / 8, '1/8'],
  [1 / 4, '1/4'],
  [1 / 3, '1/3'],
  [3 / 8, '3/8'],
  [1 / 2, '1/2'],
  [5 / 8, '5/8'],
  [2 / 3, '2/3'],
  [3 / 4, '3/4'],
  [7 / 8, '7/8'],
];

/** 1.5 → "1 1/2", 0.333 → "1/3", 2.4 → "2.4". */
export function formatQuantity(quantity: number): string {
  const whole = Math.floor(quantity);
  const fraction = quantity - whole;
  if (fraction < 0.01) return String(whole);
  const common = DISPLAY_FRACTIONS.find(([value]) => Math.abs(value - fraction) < 0.01);
  if (common) return whole > 0 ? `${whole} ${common[1]}` : common[1];
  return String(Math.round(quantity * 1000) / 1000);
}

function unitLabel(unit: CatalogueUnit | MealieNewUnit, plural: boolean): string {
  if (unit.useAbbreviation && unit.abbreviation) {
    return plural && unit.pluralAbbreviation ? unit.pluralAbbreviation : unit.abbreviation;
  }
  return plural && unit.pluralName ? unit.pluralName : unit.name;
}

function foodLabel(food: CatalogueFood | MealieNewFood, plural: boolean): string {
  return plural && food.pluralName ? food.pluralName : food.name;
}

/**
 * Builds Mealie's parsed-ingredient object. A missing quantity is 0 and a missing note is "", as Mealie
 * sends them; unmatched units and foods carry Mealie's defaults for new items and no id.
 */
export function toMealieParsedIngredient<Food extends CatalogueFood, Unit extends CatalogueUnit>(
  parsed: ParsedLine,
  match: FoodAndUnitMatch<Food, Unit>,
): MealieParsedIngredient<Food, Unit> {
  const quantity = parsed.quantity ?? 0;
  const unit = match.unit ? (isCatalogueItem(match.unit) ? match.unit : newUnit(match.unit.name)) : null;
  const food = match.food ? (isCatalogueItem(match.food) ? match.food : newFood(match.food.name)) : null;
  const note = parsed.note ?? '';
  const plural = quantity > 1;
  const display = [
    quantity > 0 ? formatQuantity(quantity) : '',
    unit ? unitLabel(unit, plural) : '',
    food ? foodLabel(food, plural) : '',
    note,
  ]
    .filter((part) => part.length > 0)
    .join(' ');

  return {
    input: parsed.input,
    confidence: {
      average: parsed.confidence.average,
      comment: parsed.confidence.comment,
      name: parsed.confidence.food,
      unit: parsed.confidence.unit,
      quantity: parsed.confidence.quantity,
      food: parsed.confidence.food,
    },
    ingredient: {
      quantity,
      unit,
      food,
      note,
      display,
      originalText: parsed.input,
      referenceId: randomUUID(),
    },
  };
}
