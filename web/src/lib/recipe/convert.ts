/**
 * Metric ↔ US customary conversion of ingredient amounts, for reading a recipe in the measures one's
 * kitchen has. Volume and mass convert within their kind; a volume of a food that cooks weigh (flour,
 * sugar, butter…) becomes grams, and grams of such a food become cups, through a small table of
 * densities for the seeded foods. Teaspoons and tablespoons are measures both systems use and stay.
 */
/** A unit as ingredients carry it (the same shape as ingredients.ts's DisplayUnit, kept here so neither imports the other). */
export interface DisplayUnit {
  name: string;
  pluralName?: string | null;
  abbreviation?: string | null;
  pluralAbbreviation?: string | null;
  useAbbreviation?: boolean | null;
  fraction?: boolean | null;
}

interface DisplayFood {
  name: string;
  pluralName?: string | null;
}

export type UnitSystem = 'metric' | 'us';

type Kind = 'volume' | 'mass';

interface KnownUnit {
  key: string;
  kind: Kind;
  /** Millilitres or grams in one of this unit. */
  size: number;
  system: UnitSystem | 'both';
}

const ML = { tsp: 4.92892, tbsp: 14.7868, cup: 236.588, floz: 29.5735, pint: 473.176, quart: 946.353, gallon: 3785.41 };
const G = { oz: 28.3495, lb: 453.592 };

const UNITS: Record<string, Omit<KnownUnit, 'key'>> = {
  teaspoon: { kind: 'volume', size: ML.tsp, system: 'both' },
  tablespoon: { kind: 'volume', size: ML.tbsp, system: 'both' },
  cup: { kind: 'volume', size: ML.cup, system: 'us' },
  'fluid-ounce': { kind: 'volume', size: ML.floz, system: 'us' },
  pint: { kind: 'volume', size: ML.pint, system: 'us' },
  quart: { kind: 'volume', size: ML.quart, system: 'us' },
  gallon: { kind: 'volume', size: ML.gallon, system: 'us' },
  milliliter: { kind: 'volume', size: 1, system: 'metric' },
  centiliter: { kind: 'volume', size: 10, system: 'metric' },
  deciliter: { kind: 'volume', size: 100, system: 'metric' },
  liter: { kind: 'volume', size: 1000, system: 'metric' },
  ounce: { kind: 'mass', size: G.oz, system: 'us' },
  pound: { kind: 'mass', size: G.lb, system: 'us' },
  milligram: { kind: 'mass', size: 0.001, system: 'metric' },
  gram: { kind: 'mass', size: 1, system: 'metric' },
  kilogram: { kind: 'mass', size: 1000, system: 'metric' },
};

/** Names, plurals and abbreviations (lower case) a unit goes by, in the seeded languages people use most. */
export const UNIT_ALIASES: Readonly<Record<string, readonly string[]>> = {
  teaspoon: ['teaspoon', 'teaspoons', 'tsp', 'tsp.', 't', 'teelöffel', 'tl', 'cuillère à café', 'cuillères à café', 'c. à c.', 'c. à café', 'c.à.c.', 'càc', 'cucharadita', 'cucharaditas', 'cucchiaino', 'theelepel', 'tl.'],
  tablespoon: ['tablespoon', 'tablespoons', 'tbsp', 'tbsp.', 'tbs', 'tbl', 'esslöffel', 'el', 'cuillère à soupe', 'cuillères à soupe', 'c. à s.', 'c. à soupe', 'c.à.s.', 'càs', 'cucharada', 'cucharadas', 'cucchiaio', 'eetlepel', 'el.'],
  cup: ['cup', 'cups', 'c', 'c.', 'tasse', 'tassen', 'taza', 'tazas', 'kopje'],
  'fluid-ounce': ['fluid ounce', 'fluid ounces', 'fl oz', 'fl. oz.', 'floz'],
  pint: ['pint', 'pints', 'pt'],
  quart: ['quart', 'quarts', 'qt'],
  gallon: ['gallon', 'gallons', 'gal'],
  milliliter: ['milliliter', 'milliliters', 'millilitre', 'millilitres', 'ml', 'ml.', 'milliliter', 'millilitro', 'millilitri', 'mililitro', 'mililitros'],
  centiliter: ['centiliter', 'centiliters', 'centilitre', 'centilitres', 'cl'],
  deciliter: ['deciliter', 'deciliters', 'decilitre', 'decilitres', 'dl'],
  liter: ['liter', 'liters', 'litre', 'litres', 'l', 'litro', 'litros', 'litri'],
  ounce: ['ounce', 'ounces', 'oz', 'oz.'],
  pound: ['pound', 'pounds', 'lb', 'lbs', 'lb.', 'lbs.'],
  milligram: ['milligram', 'milligrams', 'milligramme', 'mg'],
  gram: ['gram', 'grams', 'gramme', 'grammes', 'g', 'gr', 'gramm', 'gramo', 'gramos', 'grammo', 'grammi'],
  kilogram: ['kilogram', 'kilograms', 'kilogramme', 'kilo', 'kilos', 'kg', 'kilogramm', 'kilogramo', 'kilogrammi'],
};

const BY_ALIAS = new Map<string, string>(Object.entries(UNIT_ALIASES).flatMap(([key, names]) => names.map((name) => [name, key] as [string, string])));

/** The measure a unit stands for, found by its name, plural or abbreviation; null for "clove", "can"… */
export function identifyUnit(unit: DisplayUnit | null | undefined): KnownUnit | null {
  if (!unit) return null;
  for (const name of [unit.name, unit.pluralName, unit.abbreviation, unit.pluralAbbreviation]) {
    const key = name ? BY_ALIAS.get(name.trim().toLocaleLowerCase()) : undefined;
    if (key) return { key, ...UNITS[key] };
  }
  return null;
}

/**
 * Grams per millilitre of the seeded foods that kitchens weigh or measure by the cup (from common
 * cup weights: a cup of all-purpose flour is about 125 g, of sugar 200 g, of butter 227 g). Liquids
 * near water's density are left out: they stay a volume.
 */
export const DENSITIES: Readonly<Record<string, number>> = {
  'all-purpose flour': 0.53,
  flour: 0.53,
  'whole wheat flour': 0.51,
  'almond flour': 0.41,
  cornstarch: 0.54,
  semolina: 0.7,
  polenta: 0.68,
  'cocoa powder': 0.36,
  sugar: 0.85,
  'brown sugar': 0.93,
  'powdered sugar': 0.51,
  honey: 1.42,
  'maple syrup': 1.32,
  butter: 0.96,
  'peanut butter': 1.08,
  'olive oil': 0.91,
  'vegetable oil': 0.92,
  'sunflower oil': 0.92,
  'canola oil': 0.92,
  'coconut oil': 0.92,
  rice: 0.85,
  'basmati rice': 0.8,
  'brown rice': 0.8,
  'risotto rice': 0.85,
  'rolled oats': 0.38,
  quinoa: 0.72,
  couscous: 0.73,
  bulgur: 0.6,
  lentil: 0.8,
  'red lentil': 0.8,
  breadcrumbs: 0.45,
  cheese: 0.45,
  cheddar: 0.45,
  parmesan: 0.42,
  mozzarella: 0.47,
  salt: 1.22,
  'baking powder': 0.81,
  'baking soda': 0.93,
  'chocolate chip': 0.72,
  almond: 0.6,
  walnut: 0.5,
  raisin: 0.63,
  yogurt: 1.03,
  'greek yogurt': 1.06,
  'sour cream': 1.0,
  'cream cheese': 0.98,
  'tomato paste': 1.1,
  'sweetened condensed milk': 1.3,
};

const normaliseFood = (name: string) => name.trim().toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** Grams per millilitre for a food, by its name or plural (breadcrumbs = bread crumbs); null when unknown. */
export function densityOf(food: DisplayFood | null | undefined): number | null {
  if (!food) return null;
  for (const name of [food.name, food.pluralName]) {
    if (!name) continue;
    const key = normaliseFood(name);
    const found = DENSITIES[key] ?? DENSITIES[key.replace(/\s+/g, '')] ?? DENSITIES[key.replace(/s$/, '')];
    if (found !== undefined) return found;
  }
  return null;
}

export interface ConvertedAmount {
  quantity: number;
  unit: DisplayUnit;
}

const unit = (name: string, pluralName: string, abbreviation: string, fraction: boolean): DisplayUnit => ({
  name,
  pluralName,
  abbreviation,
  pluralAbbreviation: abbreviation,
  useAbbreviation: true,
  fraction,
});

const OUT = {
  ml: unit('milliliter', 'milliliters', 'ml', false),
  l: unit('liter', 'liters', 'l', false),
  g: unit('gram', 'grams', 'g', false),
  kg: unit('kilogram', 'kilograms', 'kg', false),
  tsp: unit('teaspoon', 'teaspoons', 'tsp', true),
  tbsp: unit('tablespoon', 'tablespoons', 'tbsp', true),
  cup: unit('cup', 'cups', 'cup', true),
  cups: unit('cup', 'cups', 'cups', true),
  quart: unit('quart', 'quarts', 'qt', true),
  oz: unit('ounce', 'ounces', 'oz', true),
  lb: unit('pound', 'pounds', 'lb', true),
};

/** Metric amounts as a scale reads them: 1 decimal under 10, whole under 50, fives under 1000. */
export function roundMetric(value: number): number {
  if (value < 10) return Math.round(value * 2) / 2 || Math.round(value * 10) / 10;
  if (value < 50) return Math.round(value);
  return Math.round(value / 5) * 5;
}

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

function toMetric(amount: number, kind: Kind): ConvertedAmount {
  if (kind === 'mass') return amount >= 1000 ? { quantity: Math.round(amount / 10) / 100, unit: OUT.kg } : { quantity: roundMetric(amount), unit: OUT.g };
  return amount >= 1000 ? { quantity: Math.round(amount / 10) / 100, unit: OUT.l } : { quantity: roundMetric(amount), unit: OUT.ml };
}

function toUs(amount: number, kind: Kind): ConvertedAmount {
  if (kind === 'mass') {
    const oz = amount / G.oz;
    return oz >= 16 ? { quantity: roundTo(amount / G.lb, 0.125), unit: OUT.lb } : { quantity: roundTo(oz, 0.25), unit: OUT.oz };
  }
  if (amount < ML.tbsp - 0.5) return { quantity: roundTo(amount / ML.tsp, 0.125), unit: OUT.tsp };
  if (amount < ML.cup / 4 - 0.5) return { quantity: roundTo(amount / ML.tbsp, 0.25), unit: OUT.tbsp };
  if (amount >= ML.quart * 2) return { quantity: roundTo(amount / ML.quart, 0.25), unit: OUT.quart };
  const cups = roundTo(amount / ML.cup, amount / ML.cup < 1 ? 1 / 8 : 1 / 4);
  // "1/3 cup" and "2/3 cup" are measures too: an amount within 4 % of one stays a third.
  const thirds = Math.round((amount / ML.cup) * 3) / 3;
  const quantity = Math.abs(thirds - amount / ML.cup) < Math.abs(cups - amount / ML.cup) && Math.abs(thirds * ML.cup - amount) / amount < 0.04 && thirds > 0 ? thirds : cups;
  return { quantity, unit: quantity > 1 ? OUT.cups : OUT.cup };
}

/**
 * An amount in the other system: null when it is already there, when its unit is no measure ("clove"),
 * or is a spoon (both systems measure with spoons). A volume of a food with a known density becomes
 * grams in metric; grams of one become cups in US measures.
 */
export function convertAmount(quantity: number | null | undefined, from: DisplayUnit | null | undefined, food: DisplayFood | null | undefined, target: UnitSystem): ConvertedAmount | null {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity) || quantity <= 0) return null;
  const known = identifyUnit(from);
  if (!known || known.system === 'both' || known.system === target) return null;
  const base = quantity * known.size;
  const density = densityOf(food);
  if (target === 'metric') {
    if (known.kind === 'volume' && density !== null) return toMetric(base * density, 'mass');
    return toMetric(base, known.kind);
  }
  if (known.kind === 'mass' && density !== null) return toUs(base / density, 'volume');
  return toUs(base, known.kind);
}

/** Which system a recipe mostly measures in: the one to offer converting from. */
export function recipeSystem(ingredients: readonly { unit?: DisplayUnit | null }[]): UnitSystem | null {
  let metric = 0;
  let us = 0;
  for (const ingredient of ingredients) {
    const known = identifyUnit(ingredient.unit);
    if (known?.system === 'metric') metric += 1;
    if (known?.system === 'us') us += 1;
  }
  if (metric === 0 && us === 0) return null;
  return metric >= us ? 'metric' : 'us';
}
