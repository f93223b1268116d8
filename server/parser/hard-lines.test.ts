import { describe, expect, it } from 'vitest';
import { parseIngredientLine } from './parse.js';

/** Lines cooks write that a simple amount-unit-food reading gets wrong. */
describe('lines written out of the usual order', () => {
  it.each([
    ['8 x 450g/1lb live lobsters', { quantity: 8, unit: null, food: 'live lobsters', note: '450g/1lb' }],
    ['ground ginger 10 mL', { quantity: 10, unit: 'mL', food: 'ground ginger', note: null }],
    ['Lemon juice, 3 tablespoons', { quantity: 3, unit: 'tablespoons', food: 'Lemon juice', note: null }],
    ['Eggs, 2', { quantity: 2, unit: null, food: 'Eggs', note: null }],
    ['A generous ½ teaspoon salt', { quantity: 0.5, unit: 'teaspoon', food: 'salt', note: 'generous' }],
    ['1 cup sweetened, shredded coconut', { quantity: 1, unit: 'cup', food: 'sweetened coconut', note: 'shredded' }],
    ['2 whole cloves', { quantity: 2, unit: null, food: 'whole cloves', note: null }],
    ['1 bouquet garni', { quantity: 1, unit: null, food: 'bouquet garni', note: null }],
    ['2 cloves garlic', { quantity: 2, unit: 'cloves', food: 'garlic', note: null }],
  ])('%s', (line, expected) => {
    expect(parseIngredientLine(line)).toMatchObject({ input: line, ...expected });
  });

  it('never leaves doubled or dangling commas in a food name', () => {
    for (const line of ['1 cup mild, chunky, or hot salsa', '2 tbsp sweetened, shredded coconut', '1 cup chopped, toasted, salted pecans']) {
      const { food } = parseIngredientLine(line);
      expect(food ?? '').not.toMatch(/,\s*,|^,|,$|, (?:or|and)\b.*,\s*$/);
    }
  });

  it('leaves a line without any amount alone', () => {
    expect(parseIngredientLine('Salt and pepper to taste')).toMatchObject({ quantity: null, unit: null });
  });
});

/** Issue 9 item 16: a digit inside a word followed by "ca" (circa) cut the word in two. */
describe('words with digits inside them', () => {
  it.each([
    ['1 cup contractgrain712ca8', { quantity: 1, unit: 'cup', food: 'contractgrain712ca8', note: null }],
    ['1 contractgrain712ca8', { quantity: 1, unit: null, food: 'contractgrain712ca8', note: null }],
    ['1 cup rice2ca', { quantity: 1, unit: 'cup', food: 'rice2ca', note: null }],
    ['2 tbsp oat5g9', { quantity: 2, unit: 'tbsp', food: 'oat5g9', note: null }],
    ['1 tablet vitamin B12', { quantity: 1, food: 'vitamin B12' }],
  ])('%s keeps the word whole', (line, expected) => {
    expect(parseIngredientLine(line)).toMatchObject({ input: line, ...expected });
  });

  it('never splits a letters-then-digits word, whatever hex follows', () => {
    // every 6-hex suffix shape the contract tests' old random names could take, in a fixed sequence
    for (let i = 0; i < 4096; i += 7) {
      const suffix = (i * 2654435761 >>> 8).toString(16).padStart(6, '0').slice(0, 6);
      const name = `contractgrain${suffix}`;
      const parsed = parseIngredientLine(`1 cup ${name}`);
      expect(parsed.food, name).toBe(name);
      expect(parsed.note, name).toBeNull();
    }
  });

  it('still splits an amount glued to its unit', () => {
    expect(parseIngredientLine('450g flour')).toMatchObject({ quantity: 450, unit: 'g', food: 'flour' });
    expect(parseIngredientLine('ca. 200 g Mehl')).toMatchObject({ quantity: 200, unit: 'g', food: 'Mehl' });
  });
});
