import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, LOOKS, postAsAdmin, screenshot, signedInPage, startE2E } from './harness.js';

// Issue 37: amounts written in a step scale and convert with the ingredient they name; the changed amount is
// emphasised and keeps what the step wrote in its title; times, temperatures and pan sizes stay as written.
// Screenshots: HEARTH_E2E_SHOTS (harness.ts).
let e2e: E2EContext;
let slug: string;

beforeAll(async () => {
  e2e = await startE2E();
  const post = (url: string, payload: object) => postAsAdmin(e2e, url, payload);
  const food = async (name: string, pluralName: string | null = null) => ({ id: (await post('/api/foods', { name, pluralName })).id, name, pluralName });
  const [flour, milk, egg, cumin] = [await food('flour'), await food('milk'), await food('egg', 'eggs'), await food('cumin')];
  slug = await post('/api/recipes', {
    name: 'Spiced pancakes',
    recipeServings: 4,
    settings: { disableAmount: false },
    recipeIngredient: [
      { quantity: 2, unit: { name: 'cup' }, food: flour, note: '' },
      { quantity: 1, unit: { name: 'cup' }, food: milk, note: '' },
      { quantity: 2, food: egg, note: '' },
      { quantity: 1, unit: { name: 'teaspoon' }, food: cumin, note: '' },
    ],
    recipeInstructions: [
      { text: 'Whisk 2 cups flour with 1 teaspoon cumin.' },
      { text: 'Stir in ½ cup of the milk, then beat in 2 eggs.' },
      { text: 'Bake 25 minutes at 180 °C in a 9-inch pan.' },
    ],
  });
});
afterAll(async () => e2e?.close());

describe('recipe page: amounts in steps scaled ×2 and in metric', () => {
  for (const look of LOOKS) {
    it(look.tag, { timeout: 90_000 }, async () => {
      const { seriousAxeViolations } = await import('./axe.js');
      const { page } = await signedInPage(e2e, { ...look, locale: 'en-US', language: look.locale, localStorage: { 'hearth.unit-system': 'metric' } });
      page.setDefaultTimeout(45_000); // two cores shared by many processes
      await page.goto(`/g/home/r/${slug}`);
      const steps = page.getByTestId('instruction');
      await steps.first().waitFor();
      await page.locator('button', { hasText: '×2' }).first().click();
      const amounts = page.locator('[data-testid="instruction"] strong[data-step-amount]');
      await expect.poll(() => amounts.allTextContents()).toEqual(['500 g', '2 teaspoons', '235 ml', '4 eggs']);
      const titles = await amounts.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title')));
      expect(titles[0]).toContain('2 cups');
      expect(titles[3]).toContain('2 eggs');
      if (look.locale === 'en-US') expect(titles[0]).toBe('As written: 2 cups');
      expect(await steps.nth(2).textContent()).toContain('Bake 25 minutes at 180 °C in a 9-inch pan.');
      if (look.locale === 'he-IL') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await steps.first().scrollIntoViewIfNeeded();
      await screenshot(page, `step-amounts/step-amounts-${look.tag}`, { fullPage: true });
      const violations = await seriousAxeViolations(page, { context: 'section[aria-labelledby="recipe-instructions-heading"]' });
      expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
      if (look.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width + 1);
    });
  }
});
