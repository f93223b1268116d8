import { describe, expect, it } from 'vitest';
import { canonicalUnit, parseIngredientBrute, parseIngredientLine } from './index.js';

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
