import type { FoodOut } from '../../../contract/foods.js';
import { referenceFoodOut } from '../../food/links.js';
import { REFERENCE_SOURCE, searchReferenceFoods } from '../../food/reference.js';
import { suggestReferences } from '../../food/synonyms.js';

/** Reference foods whose name holds every word searched for (a picker's list). */
export function referenceSearch(search: string) {
  return { source: REFERENCE_SOURCE, items: searchReferenceFoods(search, 25).map((food) => ({ ...referenceFoodOut(food), exact: false })) };
}

/** What a food may be, from its name, plural and aliases: an exact match first (the one applied by itself). */
export function referenceSuggestionsFor(food: FoodOut) {
  const seen = new Set<string>();
  const items = [];
  for (const name of [food.name, food.pluralName, ...food.aliases.map((alias) => alias.name)]) {
    if (!name) continue;
    for (const { food: reference, exact } of suggestReferences(name, 8)) {
      if (seen.has(reference.id)) continue;
      seen.add(reference.id);
      items.push({ ...referenceFoodOut(reference), exact });
    }
  }
  return { source: REFERENCE_SOURCE, items: items.slice(0, 12) };
}
