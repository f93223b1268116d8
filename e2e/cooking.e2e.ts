import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.js';
import { type E2EContext, signedInPage, startE2E } from './harness.js';

/** A saved page as a recipe site serves it: JSON-LD with plain ingredient lines, as most sites write them. */
const PAGE = `<!doctype html><html><head><title>Crumbed onions | A Food Site</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: 'Crumbed Onions',
  recipeYield: '4 servings',
  recipeIngredient: ['2 ounces dry bread crumbs', '1 red onion, finely chopped', '3 tablespoons olive oil', 'salt to taste'],
  recipeInstructions: [
    { '@type': 'HowToStep', text: 'Heat the olive oil and cook the red onion for 5 minutes.' },
    { '@type': 'HowToStep', text: 'Stir in the bread crumbs until golden.' },
    { '@type': 'HowToStep', text: 'Season with salt and bake 25 minutes.' },
  ],
})}</script></head><body><h1>Crumbed onions</h1></body></html>`;

let e2e: E2EContext;
let slug: string;

beforeAll(async () => {
  e2e = await startE2E();
  const res = await e2e.api.app.inject({ method: 'POST', url: '/api/recipes/create/html-or-json', headers: e2e.api.admin, payload: { data: PAGE, includeTags: false } });
  expect(res.statusCode, res.body).toBe(201);
  slug = res.json();
}, 60_000);
afterAll(() => e2e?.close());

describe('cooking from an imported recipe on a phone', () => {
  it('scales ×2 in view and cook mode, cooks step by step with Next on screen, a timer and ticked ingredients', async () => {
    const { page } = await signedInPage(e2e, { width: 390, height: 844 });
    await page.goto(`/g/home/r/${slug}`);
    const ingredients = page.getByTestId('ingredient');
    await ingredients.first().waitFor();
    await expect(ingredients.allTextContents()).resolves.toEqual(['2 ounces dry bread crumbs', '1 red onion finely chopped', '3 tablespoons olive oil', 'salt to taste']);

    await page.getByRole('button', { name: 'Times 2' }).click();
    await expect.poll(() => ingredients.first().textContent()).toBe('4 ounces dry bread crumbs');
    await expect(ingredients.nth(2).textContent()).resolves.toBe('6 tablespoons olive oil');

    await page.getByRole('button', { name: 'Cook mode' }).first().click();
    await page.getByTestId('cook-step-number').getByText('Step 1 of 3').waitFor();
    const aside = page.getByRole('complementary', { name: 'Ingredients for this step' });
    // Only what the step mentions, at the chosen scale.
    await expect(aside.getByRole('checkbox').count()).resolves.toBe(2);
    await expect(aside.textContent()).resolves.toContain('6 tablespoons olive oil');
    const next = page.getByRole('button', { name: 'Next' });
    const box = await next.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);

    await aside.getByRole('checkbox').first().check();
    await expect(aside.getByRole('checkbox').first().isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Timer: 5 minutes' }).click();
    await expect.poll(() => page.getByTestId('cook-timer').textContent()).toMatch(/4:5\d|5:00/);

    await next.click();
    await page.getByTestId('cook-step-number').getByText('Step 2 of 3').waitFor();
    await expect(aside.textContent()).resolves.toContain('4 ounces dry bread crumbs');
    // The timer keeps running across steps.
    await expect(page.getByTestId('cook-timer').count()).resolves.toBe(1);
    await next.click();
    await page.getByRole('button', { name: 'Timer: 25 minutes' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await ingredients.first().waitFor();
  });

  it('a signed-out member following a link to a private recipe signs in and lands on it', async () => {
    const res = await e2e.api.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: e2e.api.admin, payload: { settings: { public: false } } });
    expect(res.statusCode, res.body).toBe(200);
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(`/g/home/r/${slug}`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel(/username or email/i).fill('admin');
    await page.getByLabel(/^password/i).fill('MyPassword');
    await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
    await page.waitForURL(new RegExp(`/g/home/r/${slug}$`));
    await page.getByTestId('ingredient').first().waitFor();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the recipe page and cook mode have no serious accessibility violations (${colorScheme})`, async () => {
      const { page } = await signedInPage(e2e, { width: 390, height: 844, colorScheme });
      await page.goto(`/g/home/r/${slug}`);
      await page.getByTestId('ingredient').first().waitFor();
      expect(JSON.stringify(await seriousAxeViolations(page))).toBe("[]");
      await page.getByRole('button', { name: 'Cook mode' }).first().click();
      await page.getByTestId('cook-step-number').waitFor();
      expect(JSON.stringify(await seriousAxeViolations(page))).toBe("[]");
    });
  }
});
