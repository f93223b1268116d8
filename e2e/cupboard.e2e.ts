import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../contract/mealplan-dates.js';
import { type E2EContext, LOOKS, screenshot, signedInPage, startE2E } from './harness.js';

// Issue 37, closing the loop from the cupboard: the meal planner shows each day's nutrition (one serving of
// shortbread: 2 cups flour 20081, 1 cup butter 01001, ½ cup sugar 19335, 8 servings = 365.57 kcal) with the
// meals it could not count, and "I made this" offers the recipe's on-hand foods to clear, staples (salt)
// unticked. Screenshots: HEARTH_E2E_SHOTS (harness.ts).
let e2e: E2EContext;
const foods: Record<string, string> = {};
let slug = '';

async function api(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const onHand = async () => (await api('GET', '/api/foods?perPage=-1')).items.filter((food: { onHand: boolean }) => food.onHand).map((food: { name: string }) => food.name).sort();

beforeAll(async () => {
  e2e = await startE2E();
  for (const [name, reference] of [['flour', '20081'], ['butter', '01001'], ['sugar', '19335'], ['salt', '02047'], ['unsalted butter', '01145']]) {
    foods[name] = (await api('POST', '/api/foods', { name, referenceFoodId: reference })).id;
  }
  slug = await api('POST', '/api/recipes', { name: 'Shortbread' });
  const line = (quantity: number, unit: string, food: string) => ({ quantity, unit: { name: unit }, food: { id: foods[food], name: food }, note: '' });
  await api('PATCH', `/api/recipes/${slug}`, {
    recipeServings: 8,
    recipeIngredient: [line(2, 'cup', 'flour'), line(1, 'cup', 'butter'), line(0.5, 'cup', 'sugar'), line(1, 'teaspoon', 'salt')],
  });
  const recipe = await api('GET', `/api/recipes/${slug}`);
  const today = localDate();
  await api('POST', '/api/households/mealplans', { date: today, entryType: 'dinner', recipeId: recipe.id });
  await api('POST', '/api/households/mealplans', { date: today, entryType: 'lunch', title: 'Leftovers' });
  await api('PUT', '/api/households/preferences', { onHandUsedUpByCooking: true });
});
afterAll(async () => e2e?.close());

describe('the planner\'s day nutrition and "I made this" clearing what was used', () => {
  for (const look of LOOKS) {
    it(look.tag, { timeout: 180_000 }, async () => {
      const { seriousAxeViolations } = await import('./axe.js');
      for (const name of ['butter', 'sugar', 'salt']) await api('PUT', `/api/foods/${foods[name]}`, { ...(await api('GET', `/api/foods/${foods[name]}`)), onHand: true });
      const { page } = await signedInPage(e2e, { ...look, locale: 'en-US', language: look.locale });
      page.setDefaultTimeout(45_000); // two cores shared by many processes

      await page.goto('/household/mealplan/planner/view');
      const totals = page.getByTestId('mealplan-day-nutrition').first();
      await totals.waitFor();
      expect(await totals.textContent()).toContain('366');
      expect(await totals.getByTestId('mealplan-day-uncounted').textContent()).toContain('Leftovers');
      if (look.locale === 'he-IL') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await totals.scrollIntoViewIfNeeded();
      await screenshot(page, `cupboard/cupboard-planner-${look.tag}`, { fullPage: look.width < 500 });
      const plannerViolations = await seriousAxeViolations(page);
      expect(plannerViolations, JSON.stringify(plannerViolations, null, 1)).toEqual([]);
      if (look.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width + 1);

      await page.goto(`/g/home/r/${slug}`);
      await page.getByTestId('made-it-button').click();
      const usedUp = page.getByTestId('made-it-used-up');
      await usedUp.waitFor();
      const box = (name: string) => usedUp.locator('label').filter({ hasText: name }).locator('input[type="checkbox"]');
      // The household's preference ticks butter and sugar; salt is a staple and starts unticked.
      expect(await box('butter').isChecked()).toBe(true);
      expect(await box('sugar').isChecked()).toBe(true);
      expect(await box('salt').isChecked()).toBe(false);
      await box('sugar').click(); // some sugar is left
      await screenshot(page, `cupboard/cupboard-made-it-${look.tag}`);
      const dialogViolations = await seriousAxeViolations(page, { context: '[role="dialog"]' });
      expect(dialogViolations, JSON.stringify(dialogViolations, null, 1)).toEqual([]);
      await page.locator('[role="dialog"] button[type="submit"]').click();
      await usedUp.waitFor({ state: 'detached' });
      await expect.poll(onHand, { timeout: 30_000 }).toEqual(['salt', 'sugar']);
    });
  }
});

describe('"Counts as …" on the food dialog, next to the household\'s on-hand settings', () => {
  const looks = LOOKS.filter((look) => look.tag === 'desktop-light' || look.tag === 'phone-he');
  for (const look of looks) {
    it(look.tag, { timeout: 120_000 }, async () => {
      const { seriousAxeViolations } = await import('./axe.js');
      await api('PUT', `/api/foods/${foods.butter}/equivalents`, { foodIds: [] });
      const { page } = await signedInPage(e2e, { ...look, locale: 'en-US', language: look.locale });
      page.setDefaultTimeout(45_000);

      await page.goto('/household');
      await page.getByTestId('unit-system').waitFor();
      await page.locator('[aria-labelledby="household-shopping"]').scrollIntoViewIfNeeded();
      await screenshot(page, `cupboard/cupboard-household-${look.tag}`);

      await page.goto('/g/home/data/foods');
      await page.locator('button[aria-label$=": butter"]').first().waitFor();
      await page.locator('button[aria-label$=": butter"]').first().click();
      const field = page.getByTestId('food-counts-as');
      await field.waitFor();
      await field.locator('input').fill('unsalted');
      await page.getByRole('option', { name: 'unsalted butter' }).click();
      // Scrolls the dialog's own content (scrolling the field into view would also slide the page sideways in RTL).
      // The foods table under the dialog is wider than a phone (before this issue too) and typing slides the page
      // sideways in RTL: the dialog itself is what is looked at.
      await page.evaluate(() => document.querySelector('[role="dialog"] .MuiDialogContent-root')?.scrollTo({ top: 100_000 }));
      await screenshot(page.getByRole('dialog'), `cupboard/cupboard-counts-as-${look.tag}`);
      const violations = await seriousAxeViolations(page, { context: '[role="dialog"]' });
      expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
      await page.locator('[role="dialog"] button[type="submit"]').click();
      await field.waitFor({ state: 'detached' });
      expect((await api('GET', `/api/foods/${foods['unsalted butter']}/equivalents`)).equivalents.map((food: { name: string }) => food.name)).toEqual(['butter']);
    });
  }
});
