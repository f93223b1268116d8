import { describe, expect, it } from 'vitest';
import { recipeFromText } from './ocr-text.js';

describe('recipeFromText (OCR text to a recipe)', () => {
  it('takes the first strong line as the title, amount lines as ingredients, the rest as steps', () => {
    expect(recipeFromText('Pancakes\n2 cups flour\n1 egg\nMix and fry.')).toEqual({
      name: 'Pancakes',
      recipeIngredient: ['2 cups flour', '1 egg'],
      recipeInstructions: ['Mix and fry.'],
    });
  });

  it('follows headings, joins wrapped step lines and splits numbered steps', () => {
    const text = [
      '~',
      'Grandma’s Apple Cake',
      'Ingredients:',
      '• 200 g flour',
      '- 3 apples, sliced',
      'salt',
      'Method',
      '1. Heat the oven to 180 C and butter',
      'a tin.',
      '2. Mix 2 eggs with the flour.',
      'Bake for 40 minutes.',
    ].join('\n');
    expect(recipeFromText(text)).toEqual({
      name: 'Grandma’s Apple Cake',
      recipeIngredient: ['200 g flour', '3 apples, sliced', 'salt'],
      recipeInstructions: ['Heat the oven to 180 C and butter a tin.', 'Mix 2 eggs with the flour.', 'Bake for 40 minutes.'],
    });
  });

  it('gives null for text without a recipe', () => {
    expect(recipeFromText('')).toBeNull();
    expect(recipeFromText('~ | .\n,,')).toBeNull();
    expect(recipeFromText('Just a title')).toBeNull();
  });
});
