import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, LOOKS, screenshot, signedInPage, startE2E } from './harness.js';

// Issue 37, "what can I make with what we have": with the household's "ticking marks on hand" preference on,
// ticking bought items on a shopping list puts their foods on hand and the recipe finder then shows the recipe
// they make. The list also adds up 1 cup and 200 g of flour into one line (325 g: USDA row 20081, 1 cup = 125 g).
// Screenshots: HEARTH_E2E_SHOTS (harness.ts).
let e2e: E2EContext;
const foods: Record<string, string> = {};
const units: Record<string, string> = {};

async function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  e2e = await startE2E();
  for (const name of ['cup', 'g']) units[name] = (await api('POST', '/api/units', { name })).id;
  foods.flour = (await api('POST', '/api/foods', { name: 'flour', referenceFoodId: '20081' })).id;
  for (const name of ['rice', 'coconut milk']) foods[name] = (await api('POST', '/api/foods', { name })).id;
  await api('POST', '/api/recipes', {
    name: 'Coconut rice',
    recipeIngredient: [
      { quantity: 1, unit: { id: units.cup }, food: { id: foods.rice, name: 'rice' }, note: '' },
      { quantity: 400, unit: { id: units.g }, food: { id: foods['coconut milk'], name: 'coconut milk' }, note: '' },
    ],
  });
  await api('PUT', '/api/households/preferences', { onHandFromShopping: true });
});
afterAll(async () => e2e?.close());

/** A fresh list for one look, and nothing on hand yet. */
async function freshList(tag: string) {
  for (const id of Object.values(foods)) await api('PUT', `/api/foods/${id}`, { ...(await api('GET', `/api/foods/${id}`)), onHand: false });
  const list = await api('POST', '/api/households/shopping/lists', { name: `Market ${tag}` });
  const item = (food: string, quantity: number, unit: string | null) => ({ shoppingListId: list.id, foodId: foods[food], unitId: unit ? units[unit] : null, quantity });
  await api('POST', '/api/households/shopping/items/create-bulk', [item('flour', 1, 'cup'), item('rice', 1, null), item('coconut milk', 1, null)]);
  await api('POST', '/api/households/shopping/items', item('flour', 200, 'g'));
  return list.id as string;
}

describe('tick bought items → foods on hand → the finder shows the recipe', () => {
  for (const look of LOOKS) {
    it(look.tag, { timeout: 180_000 }, async () => {
      const { seriousAxeViolations } = await import('./axe.js');
      const listId = await freshList(look.tag);
      const { page } = await signedInPage(e2e, { ...look, locale: 'en-US', language: look.locale });
      page.setDefaultTimeout(45_000); // two cores shared by many processes

      await page.goto(`/shopping-lists/${listId}`);
      const items = page.getByTestId('shopping-item');
      await items.first().waitFor();
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(3);
      // One flour line: 1 cup (125 g) + 200 g = 325 g, and it says what it adds up.
      const flour = items.filter({ hasText: 'flour' });
      expect(await flour.textContent()).toContain('325');
      expect(await flour.getByTestId('shopping-item-merged').textContent()).toMatch(/1 cup \+ 200 g/);
      if (look.locale === 'he-IL') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await screenshot(page, `on-hand/onhand-list-${look.tag}`, { fullPage: true });
      for (const name of ['rice', 'coconut milk']) {
        await items.filter({ hasText: name }).getByRole('checkbox').click();
        await expect.poll(() => items.filter({ hasText: name }).getAttribute('data-checked'), { timeout: 30_000 }).toBe('true');
      }
      const listViolations = await seriousAxeViolations(page);
      expect(listViolations, JSON.stringify(listViolations, null, 1)).toEqual([]);

      await page.goto('/g/home/recipes/finder');
      await expect.poll(() => page.getByTestId('finder-on-hand').textContent(), { timeout: 45_000 }).toMatch(/2/);
      const results = page.getByRole('region').or(page.locator('section[aria-busy]'));
      await expect.poll(() => results.last().textContent(), { timeout: 45_000 }).toContain('Coconut rice');
      await page.getByText('Coconut rice').first().scrollIntoViewIfNeeded();
      await screenshot(page, `on-hand/onhand-finder-${look.tag}`, { fullPage: true });
      const finderViolations = await seriousAxeViolations(page);
      expect(finderViolations, JSON.stringify(finderViolations, null, 1)).toEqual([]);

      await page.goto('/household');
      await page.getByTestId('unit-system').waitFor();
      await page.locator('[aria-labelledby="household-shopping"]').scrollIntoViewIfNeeded();
      await screenshot(page, `on-hand/onhand-household-${look.tag}`, { fullPage: true });
      if (look.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width + 1);
    });
  }
});

describe('food form: the food\'s own values per 100 g', () => {
  const looks = [
    { tag: 'desktop-light', width: 1280, height: 900, colorScheme: 'light', locale: 'en-US', calories: '130' },
    { tag: 'phone-dark', width: 390, height: 844, colorScheme: 'dark', locale: 'en-US', calories: '131' },
    { tag: 'phone-he', width: 390, height: 844, colorScheme: 'light', locale: 'he-IL', calories: '132,5' },
  ] as const;
  for (const look of looks) {
    it(look.tag, { timeout: 120_000 }, async () => {
      const { seriousAxeViolations } = await import('./axe.js');
      const { page } = await signedInPage(e2e, { ...look, locale: 'en-US', language: look.locale });
      page.setDefaultTimeout(45_000);
      await page.goto('/g/home/data/foods');
      await page.locator('button[aria-label$=": rice"]').first().waitFor();
      // The table's screen-reader-only "Actions" heading once took 100 % of the width beside the last column.
      if (look.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the foods table fits the phone').toBeLessThanOrEqual(look.width + 1);
      await page.locator('button[aria-label$=": rice"]').first().click();
      const fields = page.getByTestId('food-per-100g');
      await fields.waitFor();
      await fields.locator('input').first().fill(look.calories);
      await fields.scrollIntoViewIfNeeded();
      await screenshot(page, `on-hand/food-form-${look.tag}`);
      const violations = await seriousAxeViolations(page, { context: '[data-testid="food-per-100g"]' });
      expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
      await page.locator('[role="dialog"] button[type="submit"]').click();
      await fields.waitFor({ state: 'detached' });
      const saved = await api('GET', `/api/foods/${foods.rice}`);
      expect(saved.nutritionPer100g).toMatchObject({ calories: Number(look.calories.replace(',', '.')), fatContent: null });
    });
  }
});
