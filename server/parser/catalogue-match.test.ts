import { describe, expect, it } from 'vitest';
import {
  createCatalogueMatcher,
  formatQuantity,
  matchFoodAndUnit,
  parseIngredientLine,
  similarity,
  toMealieParsedIngredient,
  type Catalogue,
} from './index.js';

/** Linking parsed lines to a group's foods and units, and the answer in Mealie's shape (parser.test.ts reads the lines). */
const catalogue: Catalogue = {
  foods: [
    { id: 'f-onion', name: 'onion', pluralName: 'onions' },
    { id: 'f-garlic', name: 'garlic', aliases: ['knoblauch'] },
    { id: 'f-tomato', name: 'tomato', pluralName: 'tomatoes' },
    { id: 'f-bay-leaf', name: 'bay leaf' },
    { id: 'f-creme', name: 'crème fraîche' },
  ],
  units: [
    { id: 'u-cup', name: 'cup', pluralName: 'cups' },
    { id: 'u-tbsp', name: 'tablespoon', abbreviation: 'tbsp' },
    { id: 'u-tsp', name: 'teaspoon', abbreviation: 'tsp', aliases: [{ name: 'TL' }] },
    { id: 'u-clove', name: 'clove', pluralName: 'cloves' },
    { id: 'u-leaf', name: 'leaf' },
  ],
};

describe('catalogue matching', () => {
  it('matches names, plurals, abbreviations and aliases exactly', () => {
    expect(matchFoodAndUnit(parseIngredientLine('2 cups onions'), catalogue)).toMatchObject({
      food: { id: 'f-onion' },
      unit: { id: 'u-cup' },
      foodMatch: 'exact',
      unitMatch: 'exact',
    });
    expect(matchFoodAndUnit(parseIngredientLine('1 TL Knoblauch'), catalogue)).toMatchObject({
      food: { id: 'f-garlic' },
      unit: { id: 'u-tsp' },
    });
  });

  it('ignores accents and case', () => {
    expect(matchFoodAndUnit(parseIngredientLine('2 Tbsp Creme Fraiche'), catalogue)).toMatchObject({
      food: { id: 'f-creme' },
      unit: { id: 'u-tbsp' },
    });
  });

  it('uses another spelling of the unit only in the same language', () => {
    expect(matchFoodAndUnit(parseIngredientLine('1 c onion'), catalogue).unit).toMatchObject({ id: 'u-cup' });
    // "EL" is German: it links to a German tablespoon or to nothing, never to the English "tablespoon"
    expect(matchFoodAndUnit(parseIngredientLine('2 EL Knoblauch'), catalogue).unit).toEqual({ name: 'EL' });
    const german: Catalogue = { foods: [], units: [{ id: 'u-el', name: 'Esslöffel', abbreviation: 'EL' }, { id: 'u-stk', name: 'Stück' }] };
    expect(matchFoodAndUnit(parseIngredientLine('2 EL Knoblauch'), german).unit).toMatchObject({ id: 'u-el' });
    expect(matchFoodAndUnit(parseIngredientLine('2 Eßlöffel Zucker'), german).unit).toMatchObject({ id: 'u-el' });
    expect(matchFoodAndUnit({ food: 'ginger', unit: 'piece' }, german).unit).toEqual({ name: 'piece' });
    const metric: Catalogue = { foods: [], units: [{ id: 'u-gramm', name: 'Gramm' }] };
    expect(matchFoodAndUnit(parseIngredientLine('200 g Mehl'), metric).unit).toMatchObject({ id: 'u-gramm' });
  });

  it('near names are only suggested, never linked', () => {
    const match = matchFoodAndUnit({ food: 'tomatto', unit: 'tablespon' }, catalogue);
    expect(match).toMatchObject({ food: { name: 'tomatto' }, unit: { name: 'tablespon' }, foodMatch: null, unitMatch: null });
    expect(match.food).not.toHaveProperty('id');
    expect(match.suggestions.food[0]).toMatchObject({ id: 'f-tomato', name: 'tomato' });
    expect(match.suggestions.unit[0]).toMatchObject({ id: 'u-tbsp' });
    expect(matchFoodAndUnit({ food: 'potato', unit: null }, catalogue).food).toEqual({ name: 'potato' });
  });

  it('never drops a word that changes what is bought', () => {
    const dairy: Catalogue = {
      foods: [
        { id: 'f-unsalted', name: 'unsalted butter' },
        { id: 'f-sweet', name: 'sweetened coconut' },
        { id: 'f-dried', name: 'dried thyme' },
        { id: 'f-skim', name: 'skim milk' },
      ],
      units: [{ id: 'u-pinch', name: 'pinch' }],
    };
    for (const [line, wrongId] of [
      ['2 tbsp salted butter', 'f-unsalted'],
      ['1 cup unsweetened coconut', 'f-sweet'],
      ['2 sprigs fresh thyme', 'f-dried'],
      ['1 cup whole milk', 'f-skim'],
      ['1 cup milk', 'f-skim'],
    ] as const) {
      const match = matchFoodAndUnit(parseIngredientLine(line), dairy);
      expect(match.food, line).not.toHaveProperty('id');
      expect(match.suggestions.food.map((s) => s.id), line).toContain(wrongId);
    }
    expect(matchFoodAndUnit(parseIngredientLine('1 2-inch piece ginger'), dairy).unit).not.toHaveProperty('id');
  });

  it('links a regular plural to the singular name', () => {
    const eggs: Catalogue = { foods: [{ id: 'f-egg', name: 'egg' }, { id: 'f-berry', name: 'Blueberry' }], units: [] };
    expect(matchFoodAndUnit({ food: 'Eggs', unit: null }, eggs).food).toMatchObject({ id: 'f-egg' });
    expect(matchFoodAndUnit({ food: 'blueberries', unit: null }, eggs).food).toMatchObject({ id: 'f-berry' });
  });

  it('retries unit and food together as a food when neither matched', () => {
    const match = matchFoodAndUnit({ food: 'leaf', unit: 'bay' }, { foods: catalogue.foods, units: [] });
    expect(match).toMatchObject({ food: catalogue.foods[3], unit: null, foodMatch: 'unit-and-food', unitMatch: null });
  });

  it('returns names without ids when nothing matches', () => {
    expect(matchFoodAndUnit({ food: 'saffron', unit: 'Prise' }, catalogue)).toMatchObject({
      food: { name: 'saffron' },
      unit: { name: 'Prise' },
      foodMatch: null,
      unitMatch: null,
    });
  });

  it('reuses one index for many lines', () => {
    const matcher = createCatalogueMatcher(catalogue);
    expect(matcher.match(parseIngredientLine('3 garlic cloves')).unit).toMatchObject({ id: 'u-clove' });
    expect(similarity('tomato', 'tomatoes')).toBeCloseTo(0.75, 5);
  });
});

describe('Mealie response shape', () => {
  it('builds the parsed ingredient with catalogue items', () => {
    const parsed = parseIngredientLine('2 cups onions, chopped');
    const response = toMealieParsedIngredient(parsed, matchFoodAndUnit(parsed, catalogue));
    expect(response.input).toBe('2 cups onions, chopped');
    expect(Object.keys(response.confidence).sort()).toEqual(['average', 'comment', 'food', 'name', 'quantity', 'unit']);
    expect(response.ingredient).toMatchObject({
      quantity: 2,
      unit: { id: 'u-cup', name: 'cup' },
      food: { id: 'f-onion', name: 'onion' },
      note: 'chopped',
      display: '2 cups onions chopped',
      originalText: '2 cups onions, chopped',
    });
    expect(response.ingredient.referenceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends new items without ids, a zero quantity and an empty note', () => {
    const parsed = parseIngredientLine('a pinch of saffron');
    const response = toMealieParsedIngredient(parsed, matchFoodAndUnit(parsed, { foods: [], units: [] }));
    expect(response.ingredient.quantity).toBe(0);
    expect(response.ingredient.note).toBe('');
    expect(response.ingredient.unit).toMatchObject({ name: 'pinch', fraction: true, useAbbreviation: false, aliases: [] });
    expect(response.ingredient.unit).not.toHaveProperty('id');
    expect(response.ingredient.food).toMatchObject({ name: 'saffron', labelId: null });
    expect(response.ingredient.display).toBe('pinch saffron');
  });

  it('formats quantities as fractions where they are common', () => {
    expect(formatQuantity(1.5)).toBe('1 1/2');
    expect(formatQuantity(1 / 3)).toBe('1/3');
    expect(formatQuantity(2.4)).toBe('2.4');
  });
});
