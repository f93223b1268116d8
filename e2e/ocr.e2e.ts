import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photograph, renderPage, TWO_COLUMN_PAGE } from '../server/modules/ocr/test-pages.js';
import { seriousAxeViolations } from './axe.js';
import { type E2EContext, screenshot, signedInPage, startE2E } from './harness.js';

/**
 * The OCR editor at phone size: a photographed two-column cookbook page is read on the server, the
 * ingredient column and the method column are selected as blocks and sent to their fields, the title is
 * tapped on the photo, and the saved recipe's parsed ingredients scale.
 */

let e2e: E2EContext;

/** Serious axe findings on this page, less the app shell's user avatar (its contrast belongs to the layout). */
async function pageViolations(page: Page) {
  return (await seriousAxeViolations(page)).filter((v) => !v.nodes.every((n) => n.html?.includes('MuiAvatar')));
}
// Its dark and right-to-left looks are only screenshots, taken when they are asked for (harness.ts).
const SHOTS = process.env.HEARTH_E2E_SHOTS;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('OCR editor', () => {
  it('turns a photographed two-column page into a recipe whose ingredients scale (phone)', { timeout: 120_000 }, async () => {
    const photo = await photograph(await renderPage(TWO_COLUMN_PAGE), { rotate: -2, blur: 0.8 });
    const { page } = await signedInPage(e2e, { width: 390, height: 844 });
    await page.goto('/g/home');

    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'From a photo' }).click();
    await page.waitForURL(/\/g\/home\/r\/create\/ocr$/);
    await page.getByTestId('ocr-images-input').setInputFiles({ name: 'soup.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Read the photo' }).click();
    await page.getByRole('heading', { name: 'Recognised text' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'ocr/ocr-phone-read', { fullPage: false });

    // The title: tapped on the photo itself.
    const title = page.locator('svg rect[data-line="0.0.0"]');
    const box = await title.boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'selected' }).textContent()).toContain('1 line selected');
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe('Tomato Soup');

    // The two columns, each one block.
    await page.getByRole('checkbox', { name: 'Select the block starting “Ingredients”' }).check();
    await page.getByRole('button', { name: 'Ingredients', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select the block starting “Method”' }).check();
    await screenshot(page, 'ocr/ocr-phone-selected', { fullPage: false });
    await page.getByRole('button', { name: 'Instructions', exact: true }).click();

    await expect(page.getByRole('textbox', { name: 'Ingredients' }).inputValue()).resolves.toBe(TWO_COLUMN_PAGE.columns[0].lines.join('\n'));
    await expect(page.getByRole('textbox', { name: 'Instructions' }).inputValue()).resolves.toBe(
      ['Chop the onions and garlic.', 'Fry them in the oil until soft, about ten minutes.', 'Add the tomatoes and stock.', 'Simmer for thirty minutes, then blend until smooth.'].join('\n\n'),
    );
    await page.getByRole('textbox', { name: 'Yield' }).fill('4 servings');
    expect(await pageViolations(page)).toEqual([]);
    await screenshot(page, 'ocr/ocr-phone-fields', { fullPage: true });

    // Save: the usual ingredient review, then the recipe.
    await page.getByRole('button', { name: 'Create recipe' }).click();
    await page.getByRole('button', { name: 'Accept all' }).click();
    await page.waitForURL(/\/g\/home\/r\/tomato-soup$/);
    const ingredients = page.getByTestId('ingredient');
    await ingredients.first().waitFor();
    await expect(ingredients.first().textContent()).resolves.toBe('1 kg tomatoes');
    await page.getByRole('button', { name: 'Times 2' }).click();
    await expect.poll(() => ingredients.first().textContent()).toBe('2 kg tomatoes');
    await expect(ingredients.nth(1).textContent()).resolves.toBe('4 onions');

    const recipe = (await e2e.api.app.inject({ method: 'GET', url: '/api/recipes/tomato-soup', headers: e2e.api.admin })).json();
    expect(recipe.recipeInstructions).toHaveLength(4);
    expect(recipe.assets.map((a: { name: string }) => a.name)).toEqual(['Page 1']);
    const row = await e2e.api.deps.db.selectFrom('recipes').select('is_ocr_recipe').where('slug', '=', 'tomato-soup').executeTakeFirstOrThrow();
    expect(Boolean(row.is_ocr_recipe)).toBe(true);
  });

  it('reopens a recipe\'s own photo from its menu, drags a region onto the notes and saves (desktop)', { timeout: 120_000 }, async () => {
    const { page } = await signedInPage(e2e, { width: 1280, height: 900 });
    await page.goto('/g/home/r/tomato-soup');
    await page.getByRole('button', { name: 'More actions for Tomato Soup' }).first().click();
    await page.getByRole('menuitem', { name: 'Read the photos again (OCR editor)' }).click();
    await page.waitForURL(/\/g\/home\/r\/tomato-soup\/ocr$/);
    await page.getByRole('button', { name: 'Read the photo' }).click();
    await page.getByRole('heading', { name: 'Recognised text' }).waitFor({ timeout: 60_000 });
    await expect(page.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe('Tomato Soup');

    // Drag a region over the first two method lines on the photo.
    const first = (await page.locator('svg rect[data-line="0.2.1"]').boundingBox())!;
    const second = (await page.locator('svg rect[data-line="0.2.2"]').boundingBox())!;
    await page.mouse.move(first.x - 4, first.y - 4);
    await page.mouse.down();
    await page.mouse.move(first.x + first.width / 2, second.y + second.height / 2, { steps: 4 });
    await page.mouse.move(Math.max(first.x + first.width, second.x + second.width) + 4, second.y + second.height + 4, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'selected' }).textContent()).toContain('2 lines selected');

    // Correct a line inline before sending it.
    await page.getByRole('button', { name: 'Correct the line “2. Fry them in the oil until”' }).click();
    await page.getByRole('textbox', { name: 'Correct the line' }).fill('Fry them gently until');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Notes', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Notes' }).inputValue()).resolves.toBe('1. Chop the onions and garlic. Fry them gently until');
    await screenshot(page, 'ocr/ocr-desktop');
    expect(await pageViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save recipe' }).click();
    await page.waitForURL(/\/g\/home\/r\/tomato-soup$/);
    const recipe = (await e2e.api.app.inject({ method: 'GET', url: '/api/recipes/tomato-soup', headers: e2e.api.admin })).json();
    expect(recipe.notes).toEqual([{ title: '', text: '1. Chop the onions and garlic. Fry them gently until' }]);
    expect(recipe.recipeIngredient).toHaveLength(5);
  });

  it('looks right in dark mode and right to left', { timeout: 120_000, skip: !SHOTS }, async () => {
    const photo = await photograph(await renderPage(TWO_COLUMN_PAGE), { rotate: 3, blur: 1 });
    for (const [name, options] of [['dark-desktop', { width: 1280, height: 900, colorScheme: 'dark' as const }], ['rtl-phone', { width: 390, height: 844 }]] as const) {
      const { page } = await signedInPage(e2e, { ...options, language: name === 'rtl-phone' ? 'ar-SA' : undefined });
      await page.goto('/g/home/r/create/ocr');
      await page.getByTestId('ocr-images-input').setInputFiles({ name: 'soup.jpg', mimeType: 'image/jpeg', buffer: photo });
      await screenshot(page, `ocr/ocr-${name}-upload`);
      await page.getByTestId('ocr-read').click();
      await page.locator('svg rect[data-line]').first().waitFor({ timeout: 60_000 });
      await page.locator('input[type="checkbox"]').nth(2).check();
      await screenshot(page, `ocr/ocr-${name}`);
    }
  });
});
