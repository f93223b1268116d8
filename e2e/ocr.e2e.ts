import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photograph, renderPage, TWO_COLUMN_PAGE } from '../server/modules/ocr/test-pages.js';
import { seriousAxeViolations } from './axe.js';
import { signIn, startE2E, type E2EContext } from './harness.js';

/**
 * The OCR editor at phone size: a photographed two-column cookbook page is read on the server, the
 * ingredient column and the method column are selected as blocks and sent to their fields, the title is
 * tapped on the photo, and the saved recipe's parsed ingredients scale.
 */

let e2e: E2EContext;
const SHOTS = process.env.OCR_SHOTS;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('OCR editor', () => {
  it('turns a photographed two-column page into a recipe whose ingredients scale (phone)', { timeout: 120_000 }, async () => {
    const photo = await photograph(await renderPage(TWO_COLUMN_PAGE), { rotate: -2, blur: 0.8 });
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await signIn(page, 'admin', 'MyPassword');
    await page.waitForURL(/\/g\/home$/);

    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'From a photo' }).click();
    await page.waitForURL(/\/g\/home\/r\/create\/ocr$/);
    await page.getByTestId('ocr-images-input').setInputFiles({ name: 'soup.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Read the photo' }).click();
    await page.getByRole('heading', { name: 'Recognised text' }).waitFor({ timeout: 60_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ocr-phone-read.png`, fullPage: false });

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
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ocr-phone-selected.png`, fullPage: false });
    await page.getByRole('button', { name: 'Instructions', exact: true }).click();

    await expect(page.getByRole('textbox', { name: 'Ingredients' }).inputValue()).resolves.toBe(TWO_COLUMN_PAGE.columns[0].lines.join('\n'));
    await expect(page.getByRole('textbox', { name: 'Instructions' }).inputValue()).resolves.toBe(
      ['Chop the onions and garlic.', 'Fry them in the oil until soft, about ten minutes.', 'Add the tomatoes and stock.', 'Simmer for thirty minutes, then blend until smooth.'].join('\n\n'),
    );
    await page.getByRole('textbox', { name: 'Yield' }).fill('4 servings');
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ocr-phone-fields.png`, fullPage: true });

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
    if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  });
});
