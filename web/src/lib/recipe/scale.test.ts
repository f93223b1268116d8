import { describe, expect, it } from 'vitest';
import { actionValues, clampScale, nextScale, recipeActionUrl, scaleLabel, scaledServings, yieldText } from './scale';

const recipe = { id: 'r1', slug: 'pancakes', recipeServings: 4, recipeYieldQuantity: 1.5, recipeYield: 'loaves' };

describe('recipe scale', () => {
  it('is shown only above 1', () => {
    expect(scaleLabel(1)).toBeNull();
    expect(scaleLabel(0.5)).toBeNull();
    expect(scaleLabel(2)).toBe('×2');
    expect(scaleLabel(1.5)).toBe('×1.5');
  });
  it('is clamped to a sane range', () => {
    expect(clampScale(0)).toBe(1);
    expect(clampScale(Number.NaN)).toBe(1);
    expect(clampScale(0.01)).toBe(0.125);
    expect(clampScale(1000)).toBe(100);
    expect(clampScale(1.33333)).toBe(1.333);
  });
});

describe('servings and yield', () => {
  it('scale', () => {
    expect(scaledServings(recipe, 2)).toBe(8);
    expect(scaledServings({ recipeServings: 0 }, 2)).toBeNull();
    expect(yieldText(recipe, 1)).toBe('1 ½ loaves');
    expect(yieldText(recipe, 2)).toBe('3 loaves');
    expect(yieldText({ recipeYield: 'one big bowl' }, 2)).toBe('one big bowl');
    expect(yieldText({}, 2)).toBe('');
  });
  it('never repeats the servings line or the yield number', () => {
    expect(yieldText({ recipeServings: 2, recipeYield: '2 servings' }, 1)).toBe('');
    expect(yieldText({ recipeServings: 2, recipeYieldQuantity: 2, recipeYield: 'servings' }, 2)).toBe('');
    expect(yieldText({ recipeServings: 20, recipeYieldQuantity: 20, recipeYield: '20 (5 cups)' }, 1.05)).toBe('21 (5 cups)');
    expect(yieldText({ recipeServings: 4, recipeYield: '1 loaf' }, 2)).toBe('1 loaf');
  });
});

describe('recipe action placeholders', () => {
  it('default servings and yield quantity to 1 before scaling', () => {
    expect(actionValues({}, 3)).toEqual({ servings: 3, yieldQuantity: 3 });
    expect(actionValues(recipe, 2)).toEqual({ servings: 8, yieldQuantity: 3 });
  });
  it('fill every placeholder, every time it appears', () => {
    const url = recipeActionUrl(
      'https://x.test/?u=${url}&id=${id}&s=${slug}&n=${servings}&y=${yieldQuantity}&t=${yieldText}&again=${slug}&other=${nope}',
      recipe,
      2,
      'https://hearth.test/g/home/r/pancakes',
    );
    expect(url).toBe('https://x.test/?u=https://hearth.test/g/home/r/pancakes&id=r1&s=pancakes&n=8&y=3&t=loaves&again=pancakes&other=${nope}');
  });
});

describe('the scale buttons', () => {
  it('step a whole serving when the recipe has servings', () => {
    expect(nextScale(1, 4, true)).toBe(1.25);
    expect(nextScale(1.25, 4, false)).toBe(1);
    expect(nextScale(2, 4, true)).toBe(2.25);
    // Below one serving: halves.
    expect(nextScale(0.25, 4, false)).toBe(0.125);
  });
  it('step whole multiples (halves below 1) without servings', () => {
    expect(nextScale(1, 0, true)).toBe(2);
    expect(nextScale(2, 0, false)).toBe(1);
    expect(nextScale(1, 0, false)).toBe(0.5);
    expect(nextScale(0.5, 0, true)).toBe(1);
    expect(nextScale(0.125, 0, false)).toBe(0.125);
  });
});
