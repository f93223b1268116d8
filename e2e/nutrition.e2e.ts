import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, LOOKS, postAsAdmin, screenshot, signedInPage, startE2E } from './harness.js';

// Issue 37: the recipe page shows nutrition computed from its linked foods, per serving, with the lines it
// could not count. Screenshots: HEARTH_E2E_SHOTS (harness.ts).
let e2e: E2EContext;
let slug: string;

beforeAll(async () => {
  e2e = await startE2E();
  const post = (url: string, payload: object) => postAsAdmin(e2e, url, payload);
  const food = async (name: string, referenceFoodId: string | null) => ({ id: (await post('/api/foods', { name, referenceFoodId })).id, name });
  const [flour, butter, sugar, vanilla, salt] = [
    await food('flour', '20081'), await food('butter', '01001'), await food('sugar', '19335'), await food("Grandma's vanilla", null), await food('salt', '02047'),
  ];
  slug = await post('/api/recipes', {
    name: 'Shortbread',
    recipeServings: 8,
    recipeIngredient: [
      { quantity: 2, unit: { name: 'cup' }, food: flour, note: '' },
      { quantity: 1, unit: { name: 'cup' }, food: butter, note: 'soft' },
      { quantity: 0.5, unit: { name: 'cup' }, food: sugar, note: '' },
      { quantity: 10, unit: { name: 'g' }, food: vanilla, note: '' },
      { quantity: null, food: salt, note: 'a pinch, to taste' },
    ],
  });
});
afterAll(async () => e2e?.close());

describe('recipe page: computed nutrition', () => {
  for (const look of LOOKS) {
    it(look.tag, { timeout: 90_000 }, async () => {
      const { seriousAxeViolations } = await import('./axe.js');
      // Signed in with an English browser; the language is the user's choice (as the language menu stores it).
      const { page } = await signedInPage(e2e, { ...look, locale: 'en-US', language: look.locale });
      page.setDefaultTimeout(45_000); // two cores shared by many processes
      await page.goto(`/g/home/r/${slug}`);
      const section = page.getByTestId('recipe-nutrition');
      await section.waitFor({ timeout: 45_000 });
      // 250 g flour + 227 g butter + 100 g sugar = 2924.59 kcal, 365.57 per serving
      await expect.poll(() => section.textContent()).toContain('366');
      expect(await section.textContent()).toContain('2,925');
      expect(await section.textContent()).toContain("Grandma's vanilla");
      if (look.locale === 'he-IL') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `nutrition/nutrition-${look.tag}`, { fullPage: true });
      const violations = (await seriousAxeViolations(page, { context: '[data-testid="recipe-nutrition"]' }));
      expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
      if (look.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width + 1);
    });
  }
});
