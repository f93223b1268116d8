import { describe, expect, it } from 'vitest';
import { parseIngredientNlp } from '../nlp.js';
import { toMealieParsedIngredient } from '../mealie.js';
import { matchFoodAndUnit } from '../match.js';
import { tokenize } from '../tokenize.js';
import { alignTags } from './align.js';
import { defaultModel } from './tagged-parse.js';
import { toModelFile, fromModelFile, tagSequence, trainTagger } from './perceptron.js';
import { lineFeatures, TAGS } from './features.js';

/** Lines written for these tests: [line, quantity, canonical unit, food]. */
const LINES: Array<[string, number | null, string | null, string]> = [
  // English
  ['2 cups all-purpose flour, sifted', 2, 'cup', 'all-purpose flour'],
  ['1 1/2 teaspoons ground cinnamon', 1.5, 'teaspoon', 'ground cinnamon'],
  ['3 garlic cloves, minced', 3, 'clove', 'garlic'],
  ['1 (14-ounce) can coconut milk', 1, 'can', 'coconut milk'],
  ['2-3 tablespoons olive oil', 2, 'tablespoon', 'olive oil'],
  ['½ cup unsalted butter, melted', 0.5, 'cup', 'unsalted butter'],
  ['4 large eggs', 4, null, 'eggs'],
  // German
  ['200 g Mehl', 200, 'gram', 'Mehl'],
  ['2 EL Olivenöl', 2, 'tablespoon', 'Olivenöl'],
  ['1 TL Salz', 1, 'teaspoon', 'Salz'],
  ['0,5 l Vollmilch', 0.5, 'liter', 'Vollmilch'],
  ['1 Prise Zucker', 1, 'pinch', 'Zucker'],
  ['3 Zwiebeln, gewürfelt', 3, null, 'Zwiebeln'],
  // French
  ["2 c. à soupe d'huile", 2, 'tablespoon', 'huile'],
  ['250 g de farine', 250, 'gram', 'farine'],
  ['1 pincée de sel', 1, 'pinch', 'sel'],
  ['1,5 kg de pommes de terre', 1.5, 'kilogram', 'pommes de terre'],
  // Spanish
  ['1 cucharada de aceite', 1, 'tablespoon', 'aceite'],
  ['2 tazas de harina', 2, 'cup', 'harina'],
  ['1/2 cucharadita de sal', 0.5, 'teaspoon', 'sal'],
  // Italian
  ['100 g di burro', 100, 'gram', 'burro'],
  ['2 cucchiai di zucchero', 2, 'tablespoon', 'zucchero'],
  // Dutch
  ['1 snufje zout', 1, 'pinch', 'zout'],
  ['2 eetlepels suiker', 2, 'tablespoon', 'suiker'],
  ['500 ml melk', 500, 'milliliter', 'melk'],
];

describe('the learned nlp parser', () => {
  it('has its committed model', () => {
    expect(defaultModel()).not.toBeNull();
  });

  it.each(LINES)('%s', (line, quantity, unit, food) => {
    const parsed = parseIngredientNlp(line);
    expect(parsed.quantity).toBeCloseTo(quantity ?? Number.NaN, 5);
    expect(parsed.unitCanonical).toBe(unit);
    expect(parsed.food).toBe(food);
  });

  it('keeps the rest of the line as the note', () => {
    expect(parseIngredientNlp('2 cups all-purpose flour, sifted').note).toBe('sifted');
    expect(parseIngredientNlp('½ cup unsalted butter, melted (optional)').note).toMatch(/melted.*optional/);
  });

  it('gives each field a confidence in 0..1', () => {
    const { confidence } = parseIngredientNlp('2 cups all-purpose flour');
    for (const value of Object.values(confidence)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(confidence.food).toBeGreaterThan(0.5);
  });

  it('reads the unit back in the right number', () => {
    const display = (line: string) => toMealieParsedIngredient(parseIngredientNlp(line), matchFoodAndUnit(parseIngredientNlp(line), { foods: [], units: [] })).ingredient.display;
    expect(display('1 teaspoons salt')).toBe('1 teaspoon salt');
    expect(display('2 teaspoons salt')).toBe('2 teaspoons salt');
    expect(display('1/2 cups sugar')).toBe('1/2 cup sugar');
  });
});

describe('training the tagger', () => {
  it('aligns a labelled line to one tag per token', () => {
    const line = { input: '2 cups flour, sifted', name: 'flour', quantity: '2', unit: 'cup', size: '', preparation: 'sifted', comment: '', purpose: '' };
    expect(alignTags(line, tokenize(line.input))).toEqual(['QTY', 'UNIT', 'FOOD', 'O', 'NOTE']);
  });

  it('learns from a few lines and survives the compact file form', () => {
    const lines = ['2 cups flour', '3 cups sugar', '1 cup rice', '4 tbsp butter', '2 tbsp honey'].map((input) => {
      const [quantity, unit, name] = input.split(' ');
      return { input, name, quantity, unit, size: '', preparation: '', comment: '', purpose: '' };
    });
    const sequences = lines.map((line) => {
      const tokens = tokenize(line.input);
      const features = lineFeatures(tokens);
      return { length: tokens.length, gold: alignTags(line, tokens), featuresAt: features.featuresAt, fixed: features.fixed };
    });
    const model = fromModelFile(toModelFile(trainTagger(TAGS, sequences, 5, 1)));
    const tokens = tokenize('5 cups oats');
    const features = lineFeatures(tokens);
    const tags = tagSequence(model, tokens.length, features.featuresAt, features.fixed).map((entry) => entry.tag);
    expect(tags).toEqual(['QTY', 'UNIT', 'FOOD']);
  });
});
