import { describe, expect, it } from 'vitest';
import {
  canonicalUnit,
  createCatalogueMatcher,
  formatQuantity,
  matchFoodAndUnit,
  parseIngredientBrute,
  parseIngredientLine,
  similarity,
  toMealieParsedIngredient,
  type Catalogue,
} from './index.js';

/** The fields most assertions care about. */
function parts(line: string) {
  const parsed = parseIngredientLine(line);
  return { quantity: parsed.quantity, quantityMax: parsed.quantityMax, unit: parsed.unitCanonical, food: parsed.food, note: parsed.note };
}

describe('quantities', () => {
  it.each([
    ['2 eggs', 2],
    ['1.5 kg potatoes', 1.5],
    ['1,5 kg Kartoffeln', 1.5],
    ['1/2 cup milk', 0.5],
    ['1 1/2 cups flour', 1.5],
    ['½ tsp salt', 0.5],
    ['1½ cups sugar', 1.5],
    ['1 ½ cups sugar', 1.5],
    ['¾ c packed brown sugar', 0.75],
    ['1,000 g flour', 1000],
    ['three eggs', 3],
    ['zwei Eier', 2],
  ])('%s → %d', (line, quantity) => {
    expect(parseIngredientLine(line).quantity).toBeCloseTo(quantity, 5);
  });

  it.each([
    ['2-3 carrots', 2, 3],
    ['2 to 3 carrots', 2, 3],
    ['2–3 tbsp honey', 2, 3],
    ['1 or 2 teaspoons vinegar', 1, 2],
    ['1½-2 tsp vanilla', 1.5, 2],
  ])('range %s → %d..%d', (line, low, high) => {
    const parsed = parseIngredientLine(line);
    expect(parsed.quantity).toBeCloseTo(low, 5);
    expect(parsed.quantityMax).toBeCloseTo(high, 5);
  });

  it('has no quantity when none is written', () => {
    expect(parts('salt to taste')).toMatchObject({ quantity: null, quantityMax: null, unit: null, food: 'salt', note: 'to taste' });
  });

  it('keeps a package size out of the count', () => {
    expect(parts('2 15-ounce cans chickpeas, drained and rinsed')).toEqual({
      quantity: 2,
      quantityMax: null,
      unit: 'can',
      food: 'chickpeas',
      note: '15-ounce, drained and rinsed',
    });
  });
});

describe('units', () => {
  it('keeps the unit as written and gives its canonical name', () => {
    const parsed = parseIngredientLine('2 tbsp olive oil');
    expect(parsed.unit).toBe('tbsp');
    expect(parsed.unitCanonical).toBe('tablespoon');
    expect(parsed.food).toBe('olive oil');
  });

  it('drops "of" after the unit', () => {
    expect(parts('2 cups of flour')).toMatchObject({ quantity: 2, unit: 'cup', food: 'flour', note: null });
  });

  it.each([
    ['2 fl oz rum', 'fluid ounce', 'rum'],
    ['2 fluid ounces rum', 'fluid ounce', 'rum'],
    ['3 Tbsp. butter', 'tablespoon', 'butter'],
    ['1 T sugar', 'tablespoon', 'sugar'],
    ['1 t salt', 'teaspoon', 'salt'],
    ['1 lb. ground beef', 'pound', 'ground beef'],
    ['200g plain flour', 'gram', 'plain flour'],
  ])('English: %s', (line, unit, food) => {
    expect(parts(line)).toMatchObject({ unit, food });
  });

  it.each([
    ['3 EL Zucker', 'tablespoon', 'Zucker'],
    ['1 TL Salz', 'teaspoon', 'Salz'],
    ['1 Prise Salz', 'pinch', 'Salz'],
    ['2 Prisen Muskat', 'pinch', 'Muskat'],
    ['3 Zehen Knoblauch', 'clove', 'Knoblauch'],
    ['1 Bund Petersilie', 'bunch', 'Petersilie'],
    ['1 Dose Tomaten', 'can', 'Tomaten'],
    ['2 Stück Eier', 'piece', 'Eier'],
    ['0,5 l Milch', 'liter', 'Milch'],
  ])('German: %s', (line, unit, food) => {
    expect(parts(line)).toMatchObject({ unit, food });
  });

  it.each([
    ["1 cuillère à soupe d'huile d'olive", 'tablespoon', "huile d'olive"],
    ['2 cuillères à café de sucre', 'teaspoon', 'sucre'],
    ['2 c. à s. de sucre', 'tablespoon', 'sucre'],
    ['1 c. à c. de sel', 'teaspoon', 'sel'],
    ["3 gousses d'ail", 'clove', 'ail'],
    ['1 pincée de sel', 'pinch', 'sel'],
    ['200 g de farine', 'gram', 'farine'],
    ['25 cl de crème', 'centiliter', 'crème'],
  ])('French: %s', (line, unit, food) => {
    expect(parts(line)).toMatchObject({ unit, food });
  });

  it.each([
    ['2 cucharadas de aceite de oliva', 'tablespoon', 'aceite de oliva'],
    ['1 cucharadita de sal', 'teaspoon', 'sal'],
    ['1 cda de vinagre', 'tablespoon', 'vinagre'],
    ['2 dientes de ajo', 'clove', 'ajo'],
    ['1 pizca de sal', 'pinch', 'sal'],
  ])('Spanish: %s', (line, unit, food) => {
    expect(parts(line)).toMatchObject({ unit, food });
  });

  it.each([
    ['2 cucchiai di olio', 'tablespoon', 'olio'],
    ['1 cucchiaio di zucchero', 'tablespoon', 'zucchero'],
    ['1 cucchiaino di sale', 'teaspoon', 'sale'],
    ["2 spicchi d'aglio", 'clove', 'aglio'],
    ['1 pizzico di sale', 'pinch', 'sale'],
  ])('Italian: %s', (line, unit, food) => {
    expect(parts(line)).toMatchObject({ unit, food });
  });

  it.each([
    ['3 eetlepels olijfolie', 'tablespoon', 'olijfolie'],
    ['1 eetlepel suiker', 'tablespoon', 'suiker'],
    ['1 theelepel zout', 'teaspoon', 'zout'],
    ['1 el suiker', 'tablespoon', 'suiker'],
    ['2 teentjes knoflook', 'clove', 'knoflook'],
    ['1 snufje zout', 'pinch', 'zout'],
    ['4 dl room', 'deciliter', 'room'],
  ])('Dutch: %s', (line, unit, food) => {
    expect(parts(line)).toMatchObject({ unit, food });
  });

  it('reads a unit that follows the food', () => {
    expect(parts('2 garlic cloves, minced')).toMatchObject({ quantity: 2, unit: 'clove', food: 'garlic', note: 'minced' });
  });

  it('treats a unit with nothing after it as the food', () => {
    expect(parts('6 cloves')).toMatchObject({ quantity: 6, unit: null, food: 'cloves' });
  });

  it('maps spellings to canonical units', () => {
    expect(canonicalUnit('Tbsp')?.canonical).toBe('tablespoon');
    expect(canonicalUnit('c')?.canonical).toBe('cup');
    expect(canonicalUnit('Cuillères à soupe')?.canonical).toBe('tablespoon');
    expect(canonicalUnit('flour')).toBeNull();
  });
});

describe('food and note', () => {
  it('moves size words to the note', () => {
    expect(parts('2 large eggs')).toMatchObject({ quantity: 2, unit: null, food: 'eggs', note: 'large' });
  });

  it('moves preparation after a comma to the note', () => {
    expect(parts('1 onion, finely chopped')).toMatchObject({ quantity: 1, food: 'onion', note: 'finely chopped' });
  });

  it('moves leading preparation to the note', () => {
    expect(parts('1 tsp freshly ground black pepper')).toMatchObject({ unit: 'teaspoon', food: 'black pepper', note: 'freshly ground' });
  });

  it('moves parenthesised text to the note', () => {
    expect(parts('1 cup chopped walnuts (optional)')).toMatchObject({ unit: 'cup', food: 'walnuts', note: 'chopped, optional' });
  });

  it('keeps the first of two amounts and notes the second', () => {
    expect(parts('300 ml / 10 fl oz double cream')).toMatchObject({ quantity: 300, unit: 'milliliter', food: 'double cream', note: '10 fl oz' });
    expect(parts('1 cup (240 ml) milk')).toMatchObject({ quantity: 1, unit: 'cup', food: 'milk', note: '240 ml' });
    expect(parts('1 cup plus 2 tablespoons flour')).toMatchObject({ quantity: 1, unit: 'cup', food: 'flour', note: 'plus 2 tablespoons' });
  });

  it('reads a can with its size in brackets', () => {
    expect(parts('1 (14 oz) can tomatoes')).toMatchObject({ quantity: 1, unit: 'can', food: 'tomatoes', note: '14 oz' });
  });

  it('reads "a pinch of salt"', () => {
    expect(parts('a pinch of salt')).toMatchObject({ quantity: null, unit: 'pinch', food: 'salt', note: null });
  });

  it('keeps lists of foods together', () => {
    expect(parts('3 c clam juice, chicken broth, or vegetable broth').food).toBe('clam juice, chicken broth, or vegetable broth');
    expect(parts('4 boneless, skinless chicken breasts').food).toBe('boneless, skinless chicken breasts');
  });

  it('splits purposes and comments without a comma', () => {
    expect(parts('olive oil for frying')).toMatchObject({ food: 'olive oil', note: 'for frying' });
    expect(parts('Salz und Pfeffer nach Geschmack')).toMatchObject({ food: 'Salz und Pfeffer', note: 'nach Geschmack' });
    expect(parts('sale q.b.')).toMatchObject({ food: 'sale', note: 'q.b.' });
  });

  it('reads the food after a part taken from it', () => {
    expect(parts('Juice of 1 lemon')).toMatchObject({ quantity: 1, food: 'lemon', note: 'Juice of' });
  });

  it('moves trailing participles and sizes in Romance languages', () => {
    expect(parts('2 dientes de ajo picados')).toMatchObject({ unit: 'clove', food: 'ajo', note: 'picados' });
    expect(parts('1 cebolla grande')).toMatchObject({ food: 'cebolla', note: 'grande' });
  });

  it('keeps plurals that look like participles and moves real ones', () => {
    expect(parts('1 kg aardappelen, geschild')).toMatchObject({ unit: 'kilogram', food: 'aardappelen', note: 'geschild' });
    expect(parts('2 Knoblauchzehen, gehackt')).toMatchObject({ quantity: 2, food: 'Knoblauchzehen', note: 'gehackt' });
  });

  it('reads vague amounts as notes', () => {
    expect(parts('un peu de sel')).toMatchObject({ quantity: null, food: 'sel', note: 'un peu de' });
    expect(parts('a few sprigs of thyme')).toMatchObject({ quantity: null, unit: 'sprig', food: 'thyme', note: 'a few' });
  });

  it('handles an empty line', () => {
    const parsed = parseIngredientLine('   ');
    expect(parsed).toMatchObject({ quantity: null, unit: null, food: null, note: null });
    expect(parsed.confidence.average).toBe(0);
  });
});

describe('confidence', () => {
  it('is between 0 and 1 and lower for doubtful parses', () => {
    const clean = parseIngredientLine('2 tbsp olive oil').confidence;
    const doubtful = parseIngredientLine('Bagel chips, pretzel crisps, mini carrots, celery sticks (or your choice of snack) for dipping').confidence;
    for (const value of Object.values(clean)) expect(value).toBeGreaterThanOrEqual(0);
    for (const value of Object.values(clean)) expect(value).toBeLessThanOrEqual(1);
    expect(clean.quantity).toBeGreaterThan(0.9);
    expect(clean.unit).toBeGreaterThan(0.9);
    expect(doubtful.food).toBeLessThan(clean.food);
    expect(doubtful.quantity).toBe(0);
  });
});

describe('brute parser', () => {
  it('splits amount, unit, food and note', () => {
    const parsed = parseIngredientBrute('2 cups flour, sifted (about 250 g)');
    expect(parsed).toMatchObject({ quantity: 2, unit: 'cups', unitCanonical: 'cup', food: 'flour', note: 'sifted, about 250 g' });
  });

  it('defaults the amount to 1', () => {
    expect(parseIngredientBrute('salt').quantity).toBe(1);
    expect(parseIngredientBrute('fresh basil leaves').food).toBe('fresh basil leaves');
  });

  it('reads mixed numbers and leaves unknown words in the food', () => {
    expect(parseIngredientBrute('1 ½ large onions')).toMatchObject({ quantity: 1.5, unit: null, food: 'large onions' });
  });
});

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
