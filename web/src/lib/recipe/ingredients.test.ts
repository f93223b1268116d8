import { describe, expect, it } from 'vitest';
import { ingredientParts, ingredientSections, ingredientText, scaleQuantity, stepIngredients, usesPlural } from './ingredients';

const cup = { name: 'cup', pluralName: 'cups', abbreviation: 'c', pluralAbbreviation: 'cs', useAbbreviation: false, fraction: true };
const gram = { name: 'gram', pluralName: 'grams', abbreviation: 'g', pluralAbbreviation: 'g', useAbbreviation: true, fraction: false };
const egg = { name: 'egg', pluralName: 'eggs' };

describe('scaling an ingredient', () => {
  it('rounds scaled amounts to 3 decimals', () => {
    expect(scaleQuantity(1 / 3, 1)).toBe(0.333);
    expect(scaleQuantity(0.1, 3)).toBe(0.3);
    expect(scaleQuantity(null, 2)).toBeNull();
  });

  it('uses plurals above 1 and at exactly 0', () => {
    expect(usesPlural(2)).toBe(true);
    expect(usesPlural(0)).toBe(true);
    expect(usesPlural(1)).toBe(false);
    expect(usesPlural(0.5)).toBe(false);
    expect(usesPlural(null)).toBe(false);
  });

  it('shows fractions, plural units and foods at the scale', () => {
    const flour = { quantity: 0.75, unit: cup, food: { name: 'flour' }, note: 'sifted' };
    expect(ingredientText(flour, 1, false)).toBe('¾ cup flour sifted');
    expect(ingredientText(flour, 2, false)).toBe('1 ½ cups flour sifted');
    expect(ingredientText({ quantity: 1, food: egg }, 1, false)).toBe('1 egg');
    expect(ingredientText({ quantity: 1, food: egg }, 3, false)).toBe('3 eggs');
    expect(ingredientText({ quantity: 0.333, unit: cup, food: { name: 'sugar' } }, 1, false)).toBe('⅓ cup sugar');
  });

  it('keeps decimals for units without fractions and uses abbreviations', () => {
    expect(ingredientText({ quantity: 100, unit: gram, food: { name: 'butter' } }, 1 / 3, false)).toBe('33.333 g butter');
  });

  it('shows a quantity only beside a unit or a food', () => {
    expect(ingredientParts({ quantity: 1, note: '2 eggs' }, 2, false)).toEqual({ quantity: '', unit: '', food: '', note: '2 eggs' });
  });

  it('with disableAmount shows the note alone', () => {
    expect(ingredientText({ quantity: 2, unit: cup, food: { name: 'milk' }, note: 'warm milk' }, 2, true)).toBe('warm milk');
  });
});

describe('ingredientSections', () => {
  it('starts a section at each titled ingredient', () => {
    const list = [{ note: 'a' }, { note: 'b', title: 'Sauce' }, { note: 'c' }, { note: 'd', title: 'Top' }];
    const sections = ingredientSections(list);
    expect(sections.map((s) => [s.title, s.items.map((i) => i.index)])).toEqual([
      ['', [0]],
      ['Sauce', [1, 2]],
      ['Top', [3]],
    ]);
  });
  it('answers no sections for no ingredients', () => {
    expect(ingredientSections([])).toEqual([]);
  });
});

describe('stepIngredients', () => {
  it('picks the referenced ingredients in recipe order', () => {
    const list = [{ referenceId: 'a' }, { referenceId: 'b' }, { referenceId: 'c' }];
    expect(stepIngredients(list, [{ referenceId: 'c' }, { referenceId: 'a' }])).toEqual([{ referenceId: 'a' }, { referenceId: 'c' }]);
    expect(stepIngredients(list, [])).toEqual([]);
    expect(stepIngredients(list, null)).toEqual([]);
  });
});
