/**
 * Linking parsed units and foods to a household's catalogue. A link is exact or it does not happen:
 * a food links by its name, plural or an alias (accents, case and a regular plural folded), never by
 * dropping a word ("salted butter" never becomes "unsalted butter"); a unit links by its own spelling,
 * or by another spelling of the same unit in the same language (a metric symbol in any). Near names
 * only come back as suggestions ("did you mean…") for the review screen; they never decide. When
 * neither unit nor food linked, "<unit> <food>" is tried as a food name (the parser may have split
 * "bay leaf" into a unit and a food).
 */

import { distance } from 'fastest-levenshtein';
import { type ParsedLine } from './parse.js';
import { canonicalUnit, sameLanguageSpellings } from './units.js';

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

export type MatchKind = 'exact' | 'unit-and-food';

/** A catalogue item whose name is near the parsed one: offered to the user, never linked by itself. */
export interface Suggestion {
  id: string;
  name: string;
  /** 0..1, higher is nearer. */
  score: number;
}

export interface FoodAndUnitMatch<Food extends CatalogueFood = CatalogueFood, Unit extends CatalogueUnit = CatalogueUnit> {
  food: Food | UnmatchedName | null;
  unit: Unit | UnmatchedName | null;
  /** How the food was found in the catalogue; null when it was not. */
  foodMatch: MatchKind | null;
  unitMatch: MatchKind | null;
  /** The longer reading of the food that linked ("large eggs"), when one of the parse's alternatives did. */
  reading?: { food: string; note: string | null };
  /** Near catalogue items when the food / unit did not link (at most three each, nearest first). */
  suggestions: { food: Suggestion[]; unit: Suggestion[] };
}

/**
 * Least food confidence of a parse for its food to be linked: a food the parser is unsure where it
 * ends ("basil leaves" read as "basil") is offered as a suggestion instead of linked. Chosen with the
 * wrong-link rate that scripts/train-parser.ts prints.
 */
export const LINK_CONFIDENCE = 0.95;

/** Least similarity for a near name to be suggested (never linked). */
export const FOOD_SUGGESTION_CUTOFF = 0.6;
export const UNIT_SUGGESTION_CUTOFF = 0.6;
const MAX_SUGGESTIONS = 3;

/** Mealie's normalisation: accents removed, lower case, "ß" as "ss", trimmed. */
export function normalizeName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
}

/** A regular English singular of the last word ("tomatoes" → "tomato", "berries" → "berry"). */
function singularForms(name: string): string[] {
  const match = /^(.*?)(\p{L}+)$/u.exec(name);
  if (!match) return [];
  const [, head, word] = match;
  if (word.length <= 3 || /ss$/.test(word) || !/s$/.test(word)) return [];
  const forms = [word.slice(0, -1)];
  if (/ies$/.test(word)) forms.push(`${word.slice(0, -3)}y`);
  if (/(ch|sh|x|s|o|z)es$/.test(word)) forms.push(word.slice(0, -2));
  return forms.map((form) => head + form);
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

  /** Items whose names are near `name` (edit distance or shared words), best first, for suggestions only. */
  near(name: string, cutoff: number, limit: number): Array<{ item: Item; score: number }> {
    const key = normalizeName(name);
    const words = new Set(key.split(' '));
    const best = new Map<Item, number>();
    for (const [candidate, item] of this.byName) {
      let score = 0;
      // a length difference alone can rule the edit distance out before computing it
      if (1 - Math.abs(candidate.length - key.length) / Math.max(candidate.length, key.length) >= cutoff) score = similarity(key, candidate);
      const candidateWords = candidate.split(' ');
      const shared = candidateWords.filter((word) => words.has(word)).length;
      // sharing the head noun ("whole milk" / "skim milk") makes a candidate worth showing
      const sameHead = candidateWords[candidateWords.length - 1] === key.slice(key.lastIndexOf(' ') + 1);
      if (shared > 0) score = Math.max(score, (sameHead ? 0.6 : 0.3) + (0.3 * shared) / Math.max(words.size, candidateWords.length));
      if (score >= cutoff && score > (best.get(item) ?? 0)) best.set(item, score);
    }
    return [...best]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([item, score]) => ({ item, score: Math.round(score * 100) / 100 }));
  }
}

const aliasNames = (aliases: Alias[] | null | undefined) => (aliases ?? []).map((alias) => (typeof alias === 'string' ? alias : alias.name));

export interface CatalogueMatcher<Food extends CatalogueFood, Unit extends CatalogueUnit> {
  /**
   * With `linkConfidence` (the learned parser's food confidence), a food read below LINK_CONFIDENCE is not linked even when
   * its name is in the catalogue: the item comes back as the first suggestion instead.
   */
  match(
    parsed: Pick<ParsedLine, 'food' | 'unit' | 'alternatives' | 'splitQualifier'> & { unitCanonical?: string | null; linkConfidence?: number | null },
  ): FoodAndUnitMatch<Food, Unit>;
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
    for (const form of [name, ...singularForms(normalizeName(name))]) {
      const exact = foods.exact(form);
      if (exact) return { item: exact, kind: 'exact' };
    }
    return null;
  };

  const findUnit = (written: string, canonical: string | null): { item: Unit; kind: MatchKind } | null => {
    const exact = units.exact(written);
    if (exact) return { item: exact, kind: 'exact' };
    // "c" or "tbsp" in the line, "cup" or "tablespoon" in the catalogue: other spellings of the same unit
    // in the line's language ("piece" never links to "Stück", "EL" never to "tablespoon")
    for (const spelling of sameLanguageSpellings(written, canonical ?? canonicalUnit(written)?.canonical ?? '')) {
      const bySpelling = units.exact(spelling);
      if (bySpelling) return { item: bySpelling, kind: 'exact' };
    }
    return null;
  };

  const suggest = <Item extends { id: string; name: string }>(index: NameIndex<Item>, name: string | null, cutoff: number): Suggestion[] =>
    name ? index.near(name, cutoff, MAX_SUGGESTIONS).map(({ item, score }) => ({ id: item.id, name: item.name, score })) : [];

  return {
    match(parsed) {
      // a longer reading that is exactly a catalogue food wins: "2 large eggs" links to "large eggs" if it exists
      let reading: { food: string; note: string | null } | undefined;
      let foodExact: { item: Food; kind: MatchKind } | null = null;
      for (const alternative of parsed.alternatives ?? []) {
        foodExact = findFood(alternative.food);
        if (foodExact) {
          reading = alternative;
          break;
        }
      }
      if (!foodExact && parsed.food) foodExact = findFood(parsed.food);
      // unsure: a food read with low confidence, or read without a word that changes what is bought
      const unsure =
        foodExact !== null && ((parsed.linkConfidence != null && parsed.linkConfidence < LINK_CONFIDENCE) || (!reading && Boolean(parsed.splitQualifier)));
      const foodFound = unsure ? null : foodExact;
      const unitFound = parsed.unit ? findUnit(parsed.unit, parsed.unitCanonical ?? null) : null;
      if (!foodExact && !unitFound && parsed.food && parsed.unit) {
        const combined = findFood(`${parsed.unit} ${parsed.food}`);
        if (combined) {
          return { food: combined.item, unit: null, foodMatch: 'unit-and-food', unitMatch: null, suggestions: { food: [], unit: [] } };
        }
      }
      return {
        ...(reading && foodFound ? { reading } : {}),
        food: foodFound ? foodFound.item : parsed.food ? { name: parsed.food } : null,
        unit: unitFound ? unitFound.item : parsed.unit ? { name: parsed.unit } : null,
        foodMatch: foodFound?.kind ?? null,
        unitMatch: unitFound?.kind ?? null,
        suggestions: {
          food: foodFound
            ? []
            : unsure && foodExact
              ? [
                  { id: foodExact.item.id, name: foodExact.item.name, score: 1 },
                  ...suggest(foods, parsed.food, FOOD_SUGGESTION_CUTOFF).filter((s) => s.id !== foodExact?.item.id),
                ].slice(0, MAX_SUGGESTIONS)
              : suggest(foods, parsed.food, FOOD_SUGGESTION_CUTOFF),
          unit: unitFound ? [] : suggest(units, parsed.unit, UNIT_SUGGESTION_CUTOFF),
        },
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
