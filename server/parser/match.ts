/**
 * Matching parsed units and foods against a household's catalogue, the way Mealie does:
 * exact match on any normalised name, plural, abbreviation or alias first, then the best
 * fuzzy match above a cut-off; when neither unit nor food matched, "<unit> <food>" is tried as
 * a food (the parser may have split "bay leaf" into a unit and a food).
 */

import { distance } from 'fastest-levenshtein';
import { type ParsedLine } from './parse.js';
import { canonicalUnit, spellingsOf } from './units.js';

type Alias = string | { name: string };

export interface CatalogueFood {
  id: string;
  name: string;
  pluralName?: string | null;
  aliases?: Alias[] | null;
}

export interface CatalogueUnit {
  id: string;
  name: string;
  pluralName?: string | null;
  abbreviation?: string | null;
  pluralAbbreviation?: string | null;
  /** Display the abbreviation instead of the name (only used for the display string). */
  useAbbreviation?: boolean | null;
  aliases?: Alias[] | null;
}

export interface Catalogue<Food extends CatalogueFood = CatalogueFood, Unit extends CatalogueUnit = CatalogueUnit> {
  foods: readonly Food[];
  units: readonly Unit[];
}

/** A parsed name that matched nothing in the catalogue. */
export interface UnmatchedName {
  name: string;
}

export type MatchKind = 'exact' | 'fuzzy' | 'unit-and-food';

export interface FoodAndUnitMatch<Food extends CatalogueFood = CatalogueFood, Unit extends CatalogueUnit = CatalogueUnit> {
  food: Food | UnmatchedName | null;
  unit: Unit | UnmatchedName | null;
  /** How the food was found in the catalogue; null when it was not. */
  foodMatch: MatchKind | null;
  unitMatch: MatchKind | null;
}

export const FOOD_FUZZY_CUTOFF = 0.85;
export const UNIT_FUZZY_CUTOFF = 0.7;

/** Mealie's normalisation: accents removed, lower case, trimmed. */
export function normalizeName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Levenshtein similarity in 0..1: 1 - distance / length of the longer string. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

class NameIndex<Item> {
  private readonly byName = new Map<string, Item>();

  add(item: Item, names: ReadonlyArray<string | null | undefined>): void {
    for (const name of names) {
      if (!name) continue;
      const key = normalizeName(name);
      // the first item to claim a name keeps it, as in a catalogue listed in creation order
      if (key && !this.byName.has(key)) this.byName.set(key, item);
    }
  }

  exact(name: string): Item | undefined {
    return this.byName.get(normalizeName(name));
  }

  fuzzy(name: string, cutoff: number): Item | undefined {
    const key = normalizeName(name);
    let best: Item | undefined;
    let bestScore = cutoff;
    for (const [candidate, item] of this.byName) {
      // a length difference alone can rule a candidate out before computing the distance
      if (1 - Math.abs(candidate.length - key.length) / Math.max(candidate.length, key.length) < bestScore) continue;
      const score = similarity(key, candidate);
      if (score > bestScore || (score === bestScore && best === undefined)) {
        best = item;
        bestScore = score;
      }
    }
    return best;
  }
}

const aliasNames = (aliases: Alias[] | null | undefined) => (aliases ?? []).map((alias) => (typeof alias === 'string' ? alias : alias.name));

export interface CatalogueMatcher<Food extends CatalogueFood, Unit extends CatalogueUnit> {
  match(parsed: Pick<ParsedLine, 'food' | 'unit'> & { unitCanonical?: string | null }): FoodAndUnitMatch<Food, Unit>;
}

/** Indexes a catalogue once, for matching many parsed lines against it. */
export function createCatalogueMatcher<Food extends CatalogueFood, Unit extends CatalogueUnit>(
  catalogue: Catalogue<Food, Unit>,
): CatalogueMatcher<Food, Unit> {
  const foods = new NameIndex<Food>();
  for (const food of catalogue.foods) foods.add(food, [food.name, food.pluralName, ...aliasNames(food.aliases)]);
  const units = new NameIndex<Unit>();
  for (const unit of catalogue.units) {
    units.add(unit, [unit.name, unit.pluralName, unit.abbreviation, unit.pluralAbbreviation, ...aliasNames(unit.aliases)]);
  }

  const findFood = (name: string): { item: Food; kind: MatchKind } | null => {
    const exact = foods.exact(name);
    if (exact) return { item: exact, kind: 'exact' };
    const fuzzy = foods.fuzzy(name, FOOD_FUZZY_CUTOFF);
    return fuzzy ? { item: fuzzy, kind: 'fuzzy' } : null;
  };

  const findUnit = (written: string, canonical: string | null): { item: Unit; kind: MatchKind } | null => {
    const exact = units.exact(written);
    if (exact) return { item: exact, kind: 'exact' };
    // "c" or "EL" in the line, "cup" or "tablespoon" in the catalogue: try every spelling of the same unit
    for (const spelling of spellingsOf(canonical ?? canonicalUnit(written)?.canonical ?? '')) {
      const bySpelling = units.exact(spelling);
      if (bySpelling) return { item: bySpelling, kind: 'exact' };
    }
    const fuzzy = units.fuzzy(written, UNIT_FUZZY_CUTOFF);
    return fuzzy ? { item: fuzzy, kind: 'fuzzy' } : null;
  };

  return {
    match(parsed) {
      const foodFound = parsed.food ? findFood(parsed.food) : null;
      const unitFound = parsed.unit ? findUnit(parsed.unit, parsed.unitCanonical ?? null) : null;
      if (!foodFound && !unitFound && parsed.food && parsed.unit) {
        const combined = findFood(`${parsed.unit} ${parsed.food}`);
        if (combined) return { food: combined.item, unit: null, foodMatch: 'unit-and-food', unitMatch: null };
      }
      return {
        food: foodFound ? foodFound.item : parsed.food ? { name: parsed.food } : null,
        unit: unitFound ? unitFound.item : parsed.unit ? { name: parsed.unit } : null,
        foodMatch: foodFound?.kind ?? null,
        unitMatch: unitFound?.kind ?? null,
      };
    },
  };
}

/**
 * Matches one parsed line's food and unit against a catalogue. For many lines against the same
 * catalogue, build the index once with createCatalogueMatcher.
 */
export function matchFoodAndUnit<Food extends CatalogueFood, Unit extends CatalogueUnit>(
  parsed: Pick<ParsedLine, 'food' | 'unit'> & { unitCanonical?: string | null },
  catalogue: Catalogue<Food, Unit>,
): FoodAndUnitMatch<Food, Unit> {
  return createCatalogueMatcher(catalogue).match(parsed);
}
