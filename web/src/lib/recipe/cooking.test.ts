import { describe, expect, it } from 'vitest';
import { detectTimers, formatCountdown, ingredientsPerStep, suggestStepLinks } from './cooking';

describe('ingredients per step', () => {
  const ingredients = [
    { referenceId: 'a', food: { name: 'red onion' }, note: '' },
    { referenceId: 'b', food: { name: 'tomato' }, note: '' },
    { referenceId: 'c', food: null, note: '2 ounces dry bread crumbs' },
    { referenceId: 'd', title: 'For the sauce', food: null, note: '' },
    { referenceId: 'e', food: { name: 'Crème fraîche' }, note: '' },
  ];

  it('keeps the recipe’s own links, and otherwise finds the foods a step mentions', () => {
    const steps = [
      { text: 'Chop the red onion and the tomatoes.', ingredientReferences: [] },
      { text: 'Sprinkle the bread crumbs over the top; add creme fraiche.', ingredientReferences: [] },
      { text: 'Bake 25 minutes.', ingredientReferences: [] },
      { text: 'Serve.', ingredientReferences: [{ referenceId: 'b' }] },
    ];
    const perStep = ingredientsPerStep(ingredients, steps).map((list) => list.map((i) => i.referenceId));
    expect(perStep).toEqual([['a', 'b'], ['c', 'e'], [], ['b']]);
  });

  it('suggests links for the editor: mentioned ingredients not linked yet', () => {
    expect(suggestStepLinks(ingredients, 'Fry the onions, add the tomatoes and the crème fraiche.', [])).toEqual(['a', 'b', 'e']);
    expect(suggestStepLinks(ingredients, 'Fry the onions, add the tomatoes.', ['a'])).toEqual(['b']);
    expect(suggestStepLinks(ingredients, 'Sprinkle with the bread crumbs.', [])).toEqual(['c']);
    expect(suggestStepLinks(ingredients, 'Let it rest.', [])).toEqual([]);
  });

  it('does not take a word inside another word for the food', () => {
    const perStep = ingredientsPerStep([{ referenceId: 'x', food: { name: 'oil' }, note: '' }], [{ text: 'Bring to a boil.', ingredientReferences: [] }]);
    expect(perStep).toEqual([[]]);
  });
});

describe('timers in step text', () => {
  it('finds minutes, hours and seconds, combined and in ranges', () => {
    expect(detectTimers('Bake 25 minutes, then rest for 10 min.')).toEqual([
      { label: '25 minutes', seconds: 1500 },
      { label: '10 min', seconds: 600 },
    ]);
    expect(detectTimers('Simmer 1 hour 30 minutes.')).toEqual([{ label: '1 hour 30 minutes', seconds: 5400 }]);
    expect(detectTimers('Cook 20-25 minutes')).toEqual([{ label: '20-25 minutes', seconds: 1200 }]);
    expect(detectTimers('Whisk for 30 seconds')).toEqual([{ label: '30 seconds', seconds: 30 }]);
    expect(detectTimers('Add 2 cups of flour')).toEqual([]);
  });

  it('reads German, French, Spanish, Italian, Dutch, Hebrew and Arabic', () => {
    expect(detectTimers('1 Stunde und 30 Minuten backen')[0].seconds).toBe(5400);
    expect(detectTimers('Cuire 45 minutes au four')[0].seconds).toBe(2700);
    expect(detectTimers('Hornear 1,5 horas')[0].seconds).toBe(5400);
    expect(detectTimers('Cuocere per 12 minuti')[0].seconds).toBe(720);
    expect(detectTimers('20 minuten bakken')[0].seconds).toBe(1200);
    expect(detectTimers('לאפות 40 דקות')[0].seconds).toBe(2400);
    expect(detectTimers('اخبز لمدة 15 دقيقة')[0].seconds).toBe(900);
  });

  it('shows a countdown as clock time', () => {
    expect(formatCountdown(90)).toBe('1:30');
    expect(formatCountdown(3725)).toBe('1:02:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
