/**
 * Units known by what they measure: mass (grams), volume (millilitres) or pieces. Mass converts to mass
 * and volume to volume always; volume and pieces reach mass only through a food (food.ts).
 * US, imperial and metric cups, spoons and fluid ounces are different units with their own names.
 */
import { normalizeText } from '../platform/slug.js';

export type UnitKind = 'mass' | 'volume';
export type UnitSystem = 'metric' | 'us' | 'imperial';

const SYSTEMS: readonly UnitSystem[] = ['metric', 'us', 'imperial'];

/** A household's stored unit system (null or unknown: metric). */
export function unitSystemOf(value: string | null | undefined): UnitSystem {
  return SYSTEMS.includes(value as UnitSystem) ? (value as UnitSystem) : 'metric';
}

export interface KnownUnit {
  key: string;
  kind: UnitKind;
  /** Grams (mass) or millilitres (volume) in one. */
  size: number;
  /** How it is written on a list or a converted line. */
  label: string;
  system: UnitSystem | 'any';
}

const U = (key: string, kind: UnitKind, size: number, label: string, system: KnownUnit['system']): KnownUnit => ({ key, kind, size, label, system });

export const UNITS: Record<string, KnownUnit> = Object.fromEntries(
  [
    U('mg', 'mass', 0.001, 'mg', 'metric'),
    U('g', 'mass', 1, 'g', 'metric'),
    U('kg', 'mass', 1000, 'kg', 'metric'),
    U('oz', 'mass', 28.349523125, 'oz', 'any'),
    U('lb', 'mass', 453.59237, 'lb', 'any'),
    U('ml', 'volume', 1, 'ml', 'metric'),
    U('cl', 'volume', 10, 'cl', 'metric'),
    U('dl', 'volume', 100, 'dl', 'metric'),
    U('l', 'volume', 1000, 'l', 'metric'),
    U('tsp', 'volume', 4.92892159375, 'US tsp', 'us'),
    U('tbsp', 'volume', 14.78676478125, 'US tbsp', 'us'),
    U('cup', 'volume', 236.5882365, 'US cup', 'us'),
    U('floz', 'volume', 29.5735295625, 'US fl oz', 'us'),
    U('pint', 'volume', 473.176473, 'US pint', 'us'),
    U('quart', 'volume', 946.352946, 'US quart', 'us'),
    U('gallon', 'volume', 3785.411784, 'US gallon', 'us'),
    U('metric-tsp', 'volume', 5, 'metric tsp', 'metric'),
    U('metric-tbsp', 'volume', 15, 'metric tbsp', 'metric'),
    U('metric-cup', 'volume', 250, 'metric cup', 'metric'),
    U('imp-floz', 'volume', 28.4130625, 'imperial fl oz', 'imperial'),
    U('imp-cup', 'volume', 284.130625, 'imperial cup', 'imperial'),
    U('imp-pint', 'volume', 568.26125, 'imperial pint', 'imperial'),
    U('imp-quart', 'volume', 1136.5225, 'imperial quart', 'imperial'),
    U('imp-gallon', 'volume', 4546.09, 'imperial gallon', 'imperial'),
  ].map((unit) => [unit.key, unit]),
);

/** Names (accents and case ignored) in the offered languages, each for one unit. */
const NAMES: Record<string, string[]> = {
  mg: ['mg', 'milligram', 'milligrams', 'milligramm', 'milligramme', 'milligrammes', 'miligramo', 'miligramos'],
  g: ['g', 'gr', 'gram', 'grams', 'gramm', 'gramme', 'grammes', 'gramo', 'gramos', 'grammi', 'grammo'],
  kg: ['kg', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramm', 'kilogramme', 'kilogrammes', 'kilogramo', 'kilogramos'],
  oz: ['oz', 'ounce', 'ounces', 'unze', 'unzen', 'onza', 'onzas', 'once', 'onces'],
  lb: ['lb', 'lbs', 'pound', 'pounds', 'libra', 'libras'],
  ml: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'mililitro', 'mililitros'],
  cl: ['cl', 'centiliter', 'centiliters', 'centilitre', 'centilitres', 'centilitro', 'centilitros'],
  dl: ['dl', 'deciliter', 'deciliters', 'decilitre', 'decilitres', 'decilitro', 'decilitros'],
  l: ['l', 'liter', 'liters', 'litre', 'litres', 'litro', 'litros'],
  tsp: ['tsp', 'tsps', 'teaspoon', 'teaspoons', 'tl', 'teeloffel', 'c. a c.', 'cac', 'cuillere a cafe', 'cuilleres a cafe', 'cucharadita', 'cucharaditas', 'cdta', 'cdtas'],
  tbsp: ['tbsp', 'tbsps', 'tbs', 'tablespoon', 'tablespoons', 'el', 'essloffel', 'c. a s.', 'cas', 'cuillere a soupe', 'cuilleres a soupe', 'cucharada', 'cucharadas', 'cda', 'cdas'],
  cup: ['cup', 'cups', 'c', 'us cup', 'us cups', 'tasse', 'tassen', 'taza', 'tazas'],
  floz: ['fl oz', 'fl. oz.', 'fl. oz', 'floz', 'fluid ounce', 'fluid ounces', 'us fl oz', 'us fluid ounce', 'us fluid ounces'],
  pint: ['pint', 'pints', 'pt', 'us pint', 'us pints'],
  quart: ['quart', 'quarts', 'qt', 'us quart', 'us quarts'],
  gallon: ['gallon', 'gallons', 'gal', 'us gallon', 'us gallons'],
  'metric-tsp': ['metric tsp', 'metric teaspoon', 'metric teaspoons'],
  'metric-tbsp': ['metric tbsp', 'metric tablespoon', 'metric tablespoons'],
  'metric-cup': ['metric cup', 'metric cups'],
  'imp-floz': ['imperial fl oz', 'imperial fluid ounce', 'imperial fluid ounces', 'uk fl oz'],
  'imp-cup': ['imperial cup', 'imperial cups', 'uk cup'],
  'imp-pint': ['imperial pint', 'imperial pints', 'uk pint', 'uk pints'],
  'imp-quart': ['imperial quart', 'imperial quarts', 'uk quart'],
  'imp-gallon': ['imperial gallon', 'imperial gallons', 'uk gallon'],
};

const BY_NAME = new Map<string, string>();
for (const [key, names] of Object.entries(NAMES)) for (const name of names) BY_NAME.set(name, key);

/** The known unit one name stands for ("Esslöffel" → tbsp), or undefined. */
export function knownUnitByName(name: string | null | undefined): KnownUnit | undefined {
  const key = BY_NAME.get(normalizeText(name).replace(/\s+/g, ' '));
  return key ? UNITS[key] : undefined;
}

export interface UnitNames {
  name: string;
  pluralName?: string | null;
  abbreviation?: string | null;
  pluralAbbreviation?: string | null;
  aliases?: ReadonlyArray<{ name: string }>;
}

/** The known unit a group's unit is, by its abbreviation, name, plural or an alias. */
export function knownUnit(unit: UnitNames | null | undefined): KnownUnit | undefined {
  if (!unit) return undefined;
  for (const name of [unit.abbreviation, unit.name, unit.pluralName, unit.pluralAbbreviation, ...(unit.aliases ?? []).map((alias) => alias.name)]) {
    const known = knownUnitByName(name);
    if (known) return known;
  }
  return undefined;
}

/** Mass to mass or volume to volume; undefined across kinds (that needs a food). */
export function convertSameKind(quantity: number, from: KnownUnit, to: KnownUnit): number | undefined {
  if (from.kind !== to.kind) return undefined;
  return (quantity * from.size) / to.size;
}

/** The unit a household's system writes an amount of this kind in, chosen so the number reads well. */
export function preferredUnit(kind: UnitKind, base: number, system: UnitSystem): KnownUnit {
  if (system === 'metric') {
    if (kind === 'mass') return base >= 1000 ? UNITS.kg : UNITS.g;
    return base >= 1000 ? UNITS.l : UNITS.ml;
  }
  if (kind === 'mass') return base >= UNITS.lb.size ? UNITS.lb : UNITS.oz;
  if (system === 'imperial') return base >= UNITS['imp-pint'].size ? UNITS['imp-pint'] : UNITS['imp-floz'];
  if (base >= UNITS.cup.size / 4) return UNITS.cup;
  return base >= UNITS.tbsp.size ? UNITS.tbsp : UNITS.tsp;
}
