/**
 * Amounts of one food in grams: mass units directly, volume through the food's density (the user's, or
 * USDA's household measures: 1 cup flour = 125 g), pieces through its piece weight (the user's, or USDA's
 * "large", "medium", "clove", "stick"...). No guessing: an amount that cannot be weighed is undefined.
 */
import { normalizeText } from '../platform/slug.js';
import type { Measure } from './reference.js';
import { knownUnit, knownUnitByName, UNITS, type KnownUnit, type UnitNames } from './units.js';

export interface FoodPhysics {
  /** The user's density, g per ml. */
  density?: number | null;
  /** The user's weight of one piece, g. */
  pieceGrams?: number | null;
  /** USDA household measures of the linked reference food. */
  measures?: readonly Measure[];
  /** USDA food group code of the linked food (eggs are counted large, as recipes mean them). */
  groupCode?: string | null;
}

export type WeighedBy = 'mass' | 'measure' | 'density' | 'piece';

export interface Weighed {
  grams: number;
  by: WeighedBy;
}

/** "cup, chopped" → "cup"; "large (3\" dia)" → "large". */
function measureBase(name: string): string {
  return normalizeText(name.split(/[,(]/)[0]).replace(/\s+/g, ' ').trim();
}

function plainMeasure(measures: readonly Measure[], base: string): Measure | undefined {
  return measures.find((measure) => normalizeText(measure.name) === base) ?? measures.find((measure) => measureBase(measure.name) === base);
}

/** Grams per ml: the user's, or from USDA's largest plain volume measure (cup before tbsp before tsp). */
export function densityOf(food: FoodPhysics): number | undefined {
  if (food.density && food.density > 0) return food.density;
  let best: { ml: number; grams: number; plain: boolean } | undefined;
  for (const measure of food.measures ?? []) {
    const unit = knownUnitByName(measureBase(measure.name));
    if (!unit || unit.kind !== 'volume') continue;
    const plain = normalizeText(measure.name) === measureBase(measure.name);
    if (!best || (plain && !best.plain) || (plain === best.plain && unit.size > best.ml)) best = { ml: unit.size, grams: measure.grams, plain };
  }
  return best ? best.grams / best.ml : undefined;
}

const PIECE_WORDS = new Set(['piece', 'pieces', 'pc', 'pcs', 'whole', 'stuck', 'stk', 'piece(s)', 'pieza', 'piezas', 'unidad', 'unidades', 'each', 'ea']);

/** Weight of one piece: the user's, else USDA's medium (large for eggs), large, whole, small. */
export function pieceGramsOf(food: FoodPhysics): number | undefined {
  if (food.pieceGrams && food.pieceGrams > 0) return food.pieceGrams;
  const measures = food.measures ?? [];
  const order = food.groupCode === '0100' ? ['large', 'medium', 'whole', 'small'] : ['medium', 'large', 'whole', 'small', 'piece', 'fruit', 'item'];
  for (const base of order) {
    const measure = plainMeasure(measures, base);
    if (measure) return measure.grams;
  }
  return undefined;
}

/**
 * Grams of `quantity` of the unit (null: pieces) of this food. A unit USDA measures the food by itself
 * ("tsp" of sugar, "stick" of butter) takes USDA's weight; other volumes go through the density.
 */
export function toGrams(quantity: number, unit: UnitNames | null | undefined, food: FoodPhysics): Weighed | undefined {
  if (!Number.isFinite(quantity) || quantity < 0) return undefined;
  const known = knownUnit(unit);
  if (known?.kind === 'mass') return { grams: quantity * known.size, by: 'mass' };
  const measures = food.measures ?? [];
  if (known?.kind === 'volume') {
    if (!food.density) {
      const own = measures.find((measure) => normalizeText(measure.name) === measureBase(measure.name) && knownUnitByName(measure.name)?.key === known.key);
      if (own) return { grams: quantity * own.grams, by: 'measure' };
    }
    const density = densityOf(food);
    return density === undefined ? undefined : { grams: quantity * known.size * density, by: 'density' };
  }
  if (unit) {
    const names = [unit.name, unit.pluralName, unit.abbreviation].map((name) => normalizeText(name)).filter(Boolean);
    if (!names.some((name) => PIECE_WORDS.has(name))) {
      for (const name of names) {
        const singular = name.endsWith('es') && !plainMeasure(measures, name) ? name.slice(0, -2) : name;
        const measure = plainMeasure(measures, name) ?? plainMeasure(measures, singular) ?? plainMeasure(measures, name.replace(/s$/, ''));
        if (measure) return { grams: quantity * measure.grams, by: 'measure' };
      }
      return undefined;
    }
  }
  const piece = pieceGramsOf(food);
  return piece === undefined ? undefined : { grams: quantity * piece, by: 'piece' };
}

/**
 * An amount of this food in another unit: same kind directly, across kinds through grams.
 * `to` undefined means grams.
 */
export function convertAmount(quantity: number, from: UnitNames | null | undefined, to: KnownUnit, food: FoodPhysics): number | undefined {
  const fromKnown = knownUnit(from);
  if (fromKnown && fromKnown.kind === to.kind) return (quantity * fromKnown.size) / to.size;
  const weighed = toGrams(quantity, from, food);
  if (!weighed) return undefined;
  if (to.kind === 'mass') return weighed.grams / to.size;
  const density = densityOf(food);
  return density === undefined ? undefined : weighed.grams / density / to.size;
}

export { UNITS };
