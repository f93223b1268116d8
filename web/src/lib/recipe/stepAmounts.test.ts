import { describe, expect, it } from 'vitest';
import { scaleStepMarkdown, scaleStepText } from './stepAmounts';

const unit = (name: string, pluralName: string | null = null, abbreviation = '') => ({ name, pluralName, abbreviation });
const line = (quantity: number, unitName: ReturnType<typeof unit> | null, food: string, pluralName: string | null = null) => ({
  quantity,
  unit: unitName,
  food: { name: food, pluralName },
});

const english = [
  line(2, unit('teaspoon', 'teaspoons', 'tsp'), 'cumin'),
  line(1, unit('cup', 'cups'), 'milk'),
  line(2, unit('cup', 'cups'), 'all-purpose flour'),
  line(3, null, 'egg', 'eggs'),
  line(1, null, 'red onion', 'red onions'),
  line(4, unit('clove', 'cloves'), 'garlic'),
  line(0.5, unit('cup', 'cups'), 'sugar'),
];

/** The text the reader sees. */
const seen = (text: string, ingredients: Parameters<typeof scaleStepText>[1], scale: number, system: 'metric' | 'us' | null = null) =>
  scaleStepText(text, ingredients, scale, system)
    .map((p) => p.text)
    .join('');

describe('amounts in step text', () => {
  it('scale with the ingredient they name', () => {
    expect(seen('Add 2 teaspoons cumin and stir.', english, 2)).toBe('Add 4 teaspoons cumin and stir.');
    expect(seen('Stir in 1/2 cup of the milk.', english, 2)).toBe('Stir in 1 cup of the milk.');
    expect(seen('Whisk 1 ½ cups all-purpose flour into the eggs.', english, 2)).toBe('Whisk 3 cups all-purpose flour into the eggs.');
    // A word of the food's name ("flour" of "all-purpose flour"), units by abbreviation, a range.
    expect(seen('Sift 1 cup flour twice.', english, 3)).toBe('Sift 3 cups flour twice.');
    expect(seen('Toast 1 tsp cumin.', english, 2)).toBe('Toast 2 tsp cumin.');
    expect(seen('Add 1-2 tsp cumin to taste.', english, 2)).toBe('Add 2–4 tsp cumin to taste.');
    expect(seen('Add 1 teaspoon finely ground cumin.', english, 0.5)).toBe('Add ½ teaspoon finely ground cumin.');
  });

  it('scale count nouns that name an ingredient, in the right number', () => {
    expect(seen('Beat 2 eggs until pale.', english, 2)).toBe('Beat 4 eggs until pale.');
    expect(seen('Beat 2 eggs until pale.', english, 0.5)).toBe('Beat 1 egg until pale.');
    expect(seen('Slice 1 onion thinly.', english, 2)).toBe('Slice 2 onions thinly.');
    expect(seen('Crush 2 cloves garlic.', english, 2)).toBe('Crush 4 cloves garlic.');
    expect(seen('Crush 1 clove of garlic.', english, 3)).toBe('Crush 3 cloves of garlic.');
    // A unit typed without a plural takes the language's.
    expect(seen('Add 1 teaspoon salt.', [line(1, unit('teaspoon'), 'salt')], 2)).toBe('Add 2 teaspoons salt.');
    expect(seen('Add 2 Teaspoons salt.', [line(1, unit('teaspoon'), 'salt')], 0.5)).toBe('Add 1 Teaspoon salt.');
  });

  it('convert with the food they name, through its density', () => {
    // 2 cups of all-purpose flour at ×2 are 4 cups: 4 × 236.6 ml × 0.53 g/ml ≈ 500 g, as the flour's line says.
    expect(seen('Whisk 2 cups all-purpose flour with the sugar.', english, 2, 'metric')).toBe('Whisk 500 g all-purpose flour with the sugar.');
    // Milk has no density: a volume stays a volume.
    expect(seen('Stir in 1 cup of the milk.', english, 1, 'metric')).toBe('Stir in 235 ml of the milk.');
    expect(seen('Add ½ cup sugar.', english, 1, 'metric')).toBe('Add 100 g sugar.');
    const metricRecipe = [line(250, unit('gram', 'grams', 'g'), 'all-purpose flour'), line(400, unit('milliliter', 'milliliters', 'ml'), 'coconut milk')];
    expect(seen('Weigh 250 g flour, then 400 ml coconut milk.', metricRecipe, 1, 'us')).toBe('Weigh 2 cups flour, then 1 ⅔ cups coconut milk.');
    expect(seen('Weigh 250 g flour.', metricRecipe, 2, 'metric')).toBe('Weigh 500 g flour.');
    // Spoons are both systems' measures: scaled only.
    expect(seen('Add 2 teaspoons cumin.', english, 1, 'metric')).toBe('Add 2 teaspoons cumin.');
    expect(seen('Add 2 teaspoons cumin.', english, 2, 'metric')).toBe('Add 4 teaspoons cumin.');
  });

  it('never touch temperatures, times, pan sizes or numbers tied to no ingredient', () => {
    const untouched = [
      'Preheat the oven to 350°F (175 °C).',
      'Heat the oven to 200 C. Flour the tin.',
      'Bake 20 minutes, then 5 more.',
      'Grease a 9-inch pan and a 9x13 dish.',
      'Use a 23 cm springform tin.',
      'Divide into 4 portions and bake 2 trays.',
      'Add 2 cups water.',
      'Add 1 cup stock and onion.',
      'Step 3: rest for 10 min.',
      'Whisk 2 tbsp. Add the flour.',
    ];
    for (const text of untouched) {
      expect(seen(text, english, 2, 'metric')).toBe(text);
      expect(seen(text, english, 3, 'us')).toBe(text);
    }
  });

  it('read German and French steps', () => {
    const german = [line(200, unit('Gramm', null, 'g'), 'Mehl'), line(2, unit('Esslöffel', null, 'EL'), 'Olivenöl'), line(1, null, 'Zwiebel', 'Zwiebeln')];
    expect(seen('200 g Mehl unterrühren.', german, 2)).toBe('400 g Mehl unterrühren.');
    expect(seen('2 EL Olivenöl erhitzen, 1 Zwiebel darin andünsten.', german, 1.5)).toBe('3 EL Olivenöl erhitzen, 1 ½ Zwiebeln darin andünsten.');
    expect(seen('1,5 kg Mehl sieben.', german, 2)).toBe('3 kg Mehl sieben.');
    expect(seen('0,5 kg Mehl sieben.', german, 3)).toBe('1,5 kg Mehl sieben.');
    expect(seen('Bei 180 Grad 25 Minuten backen.', german, 2)).toBe('Bei 180 Grad 25 Minuten backen.');
    const french = [line(2, unit('cuillère à soupe', 'cuillères à soupe', 'c. à s.'), "huile d'olive"), line(250, unit('gramme', 'grammes', 'g'), 'farine')];
    expect(seen("Ajouter 2 c. à soupe d'huile.", french, 2)).toBe("Ajouter 4 c. à soupe d'huile.");
    expect(seen('Ajouter 1 cuillère à soupe d’huile.', french, 2)).toBe('Ajouter 2 cuillères à soupe d’huile.');
    expect(seen('Incorporer 250 g de farine.', french, 2)).toBe('Incorporer 500 g de farine.');
    expect(seen('Cuire 30 minutes à 180 °C.', french, 2)).toBe('Cuire 30 minutes à 180 °C.');
  });

  it('keep what the step wrote beside each changed amount', () => {
    const pieces = scaleStepText('Add 2 teaspoons cumin and 1 cup flour.', english, 2, null);
    expect(pieces).toEqual([
      { text: 'Add ' },
      { text: '4 teaspoons', original: '2 teaspoons' },
      { text: ' cumin and ' },
      { text: '2 cups', original: '1 cup' },
      { text: ' flour.' },
    ]);
    expect(scaleStepText('Add 2 teaspoons cumin.', english, 1, null)).toEqual([{ text: 'Add 2 teaspoons cumin.' }]);
  });

  it('emphasise changed amounts in markdown, with what was written as the title, and leave code alone', () => {
    const md = scaleStepMarkdown('Add **2 teaspoons cumin** and `2 eggs`; beat 2 eggs.', english, 2, null, (o) => `As written: ${o} "x"`);
    expect(md).toBe(
      'Add **<strong data-step-amount="" title="As written: 2 teaspoons &quot;x&quot;">4 teaspoons</strong> cumin** and `2 eggs`; beat <strong data-step-amount="" title="As written: 2 eggs &quot;x&quot;">4 eggs</strong>.',
    );
    expect(scaleStepMarkdown('Add 2 eggs.', english, 1, null, () => '')).toBe('Add 2 eggs.');
  });
});
