import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, signedInPage, startE2E } from './harness.js';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
  // The group's units (cup / cups), so typing "cup" picks the seeded unit with its plural.
  const seeded = await e2e.api.app.inject({ method: 'POST', url: '/api/groups/seeders/units', headers: e2e.api.admin, payload: { locale: 'en-US' } });
  if (seeded.statusCode !== 200) throw new Error(`seeding units failed: ${seeded.body}`);
});
afterAll(async () => e2e?.close());

async function inject(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, payload });
  return { status: res.statusCode, json: <T>() => res.json() as T };
}

async function signedIn(options?: Parameters<E2EContext['newPage']>[0]): Promise<Page> {
  const { page } = await signedInPage(e2e, options);
  return page;
}

/** Types into an autocomplete and leaves it, so the typed text becomes its value (a new unit or food). */
async function pick(page: Page, row: ReturnType<Page['getByTestId']>, label: string, text: string) {
  const field = row.getByLabel(label, { exact: true });
  await field.fill(text);
  await field.press('Tab');
}

async function fillIngredient(page: Page, index: number, values: { title?: string; quantity: string; unit: string; food: string }) {
  const row = page.getByTestId('ingredient-editor-row').nth(index);
  if (values.title) await row.getByLabel('Section title').fill(values.title);
  await row.getByLabel('Quantity', { exact: true }).fill(values.quantity);
  await pick(page, row, 'Unit', values.unit);
  await pick(page, row, 'Food', values.food);
}

describe('recipes', () => {
  it('create by hand with two ingredient sections and three steps, upload an image, scale ×2, print, duplicate, delete', async () => {
    const page = await signedIn();
    await page.goto('/g/home');

    // The Create menu: by URL first, then by hand (no image item without AI image services).
    await page.getByRole('button', { name: 'Create' }).click();
    const items = page.getByRole('menuitem');
    await expect(items.first().textContent()).resolves.toMatch(/URL/);
    await expect(page.getByRole('menuitem', { name: /image/i }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: 'Create by hand' }).click();
    await page.waitForURL(/\/g\/home\/r\/create\/new$/);
    await page.getByLabel('Recipe name').fill('Lemon Pancakes');
    await page.getByRole('button', { name: 'Create' }).click();

    // Straight into edit mode.
    await page.waitForURL(/\/g\/home\/r\/lemon-pancakes\?edit=true$/);
    await page.getByRole('heading', { name: 'Editing Lemon Pancakes' }).waitFor();
    await page.getByLabel('Disable ingredient amounts').uncheck();

    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('button', { name: 'Add ingredient' }).click();
    await page.getByRole('button', { name: 'Add section' }).click();
    await fillIngredient(page, 0, { title: 'Batter', quantity: '1/3', unit: 'cup', food: 'sugar' });
    await fillIngredient(page, 1, { quantity: '0.75', unit: 'cup', food: 'flour' });
    await fillIngredient(page, 2, { title: 'Topping', quantity: '1/4', unit: 'cup', food: 'lemon curd' });

    for (const text of ['Whisk the dry things.', 'Fry in a hot pan.', 'Top with **lemon curd**.']) {
      await page.getByRole('button', { name: 'Add step' }).click();
      await page.getByTestId('instruction-editor-row').last().getByLabel('What to do').fill(text);
    }

    // The image: uploaded when the server has the route, otherwise the placeholder stays.
    const probe = await e2e.api.app.inject({ method: 'PUT', url: '/api/recipes/lemon-pancakes/image', headers: e2e.api.admin });
    const imagesExist = probe.statusCode !== 404;
    if (imagesExist) {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 200, b: 40 } } }).jpeg().toBuffer();
      await page.getByTestId('recipe-image-input').setInputFiles({ name: 'lemon.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await page.getByText('Image updated').waitFor();
    }

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Recipe saved').waitFor();
    await page.waitForURL(/\/g\/home\/r\/lemon-pancakes$/);
    await page.getByRole('heading', { level: 1, name: 'Lemon Pancakes' }).waitFor();

    // Two sections, three numbered steps, markdown rendered.
    const sections = page.getByTestId('ingredient-section');
    await expect(sections.count()).resolves.toBe(2);
    await expect(sections.nth(0).getByRole('heading').textContent()).resolves.toBe('Batter');
    await expect(sections.nth(1).getByRole('heading').textContent()).resolves.toBe('Topping');
    await expect(page.getByTestId('instruction').count()).resolves.toBe(3);
    // The print view also sits in the page (shown only when printing): look inside the app.
    const app = page.locator('#root');
    await app.getByText('Step 3').waitFor();
    await expect(page.getByTestId('instruction').nth(2).locator('strong').textContent()).resolves.toBe('lemon curd');
    const ingredients = page.getByTestId('ingredient');
    await expect(ingredients.allTextContents()).resolves.toEqual(['⅓ cup sugar', '¾ cup flour', '¼ cup lemon curd']);

    if (imagesExist) {
      await expect(page.locator('img[src*="/api/media/recipes/"][src*="/images/original.webp"]').count()).resolves.toBe(1);
    } else {
      await expect(page.getByTestId('recipe-image-placeholder').count()).resolves.toBeGreaterThan(0);
    }

    // Scale ×2: fractions with denominators up to 10, plural units above 1, the scale shown above 1.
    await expect(page.getByTestId('recipe-scale').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'More servings' }).click();
    await expect(page.getByTestId('recipe-scale').textContent()).resolves.toBe('×2');
    await expect(ingredients.allTextContents()).resolves.toEqual(['⅔ cup sugar', '1 ½ cups flour', '½ cup lemon curd']);
    await page.getByRole('button', { name: 'Reset the scale' }).click();
    await expect(ingredients.first().textContent()).resolves.toBe('⅓ cup sugar');

    // Download: a token, then the zip opens in a new tab (signed in by the session cookie).
    const zip = page.context().waitForEvent('response', (r) => r.url().includes('/api/recipes/lemon-pancakes/exports/zip?token='));
    await page.getByRole('button', { name: 'More actions for Lemon Pancakes' }).click();
    await page.getByRole('menuitem', { name: 'Download' }).click();
    const zipResponse = await zip;
    expect(zipResponse.status()).toBe(200);
    expect(zipResponse.headers()['content-type']).toContain('application/zip');

    // The print view: title, sections in two columns, numbered steps.
    await page.goto('/g/home/r/lemon-pancakes/print');
    await page.getByRole('heading', { level: 1, name: 'Lemon Pancakes' }).first().waitFor();
    const printed = page.locator('#root').getByTestId('print-ingredients');
    await expect(printed.evaluate((el) => getComputedStyle(el).columnCount)).resolves.toBe('2');
    await expect(printed.getByRole('heading').allTextContents()).resolves.toEqual(['Batter', 'Topping']);
    await page.locator('#root').getByText('Step 3').waitFor();
    await page.getByRole('button', { name: 'Back to the recipe' }).click();
    await page.waitForURL(/\/g\/home\/r\/lemon-pancakes$/);

    // Duplicate under a new name, then open the copy.
    await page.getByRole('button', { name: 'More actions for Lemon Pancakes' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate recipe' });
    await expect(duplicate.getByLabel('Name').inputValue()).resolves.toBe('Lemon Pancakes (copy)');
    await duplicate.getByLabel('Name').fill('Lime Pancakes');
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL(/\/g\/home\/r\/lime-pancakes$/);
    await page.getByRole('heading', { level: 1, name: 'Lime Pancakes' }).waitFor();
    await expect(page.getByTestId('ingredient').count()).resolves.toBe(3);

    // Delete the copy: confirmation, back to the group home, gone from the server.
    await page.getByRole('button', { name: 'More actions for Lime Pancakes' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete recipe' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/g\/home$/);
    expect((await inject('GET', '/api/recipes/lime-pancakes')).status).toBe(404);
    expect((await inject('GET', '/api/recipes/lemon-pancakes')).status).toBe(200);
    await page.getByRole('article', { name: 'Lemon Pancakes' }).waitFor();
  });

  it('warns before leaving edit mode for another page, and not when returning to view', async () => {
    expect((await inject('POST', '/api/recipes', { name: 'Warning Soup' })).status).toBe(201);
    const page = await signedIn();
    await page.goto('/g/home/r/warning-soup?edit=true');
    await page.getByRole('heading', { name: 'Editing Warning Soup' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Recipes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the editor?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toMatch(/\/r\/warning-soup\?edit=true$/);

    // JSON sub-mode checks the text; going back to view and editing again starts on the form.
    await page.getByRole('button', { name: 'JSON' }).click();
    await page.getByTestId('recipe-json').fill('{"name": ""}');
    await page.getByText('The recipe needs a name').waitFor();
    await page.getByTestId('recipe-json').fill('{"name": "Warning Soup", "description": "From JSON"}');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/r\/warning-soup$/);
    await page.locator('#root').getByText('From JSON').waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Form' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/r\/warning-soup$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Recipes' }).click();
    await page.waitForURL(/\/g\/home$/);
  });

  it('rates, favourites and shares a recipe; the share link opens signed out', async () => {
    expect((await inject('POST', '/api/recipes', { name: 'Shared Curry' })).status).toBe(201);
    const { page, context } = await signedInPage(e2e);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/g/home/r/shared-curry');
    await page.getByRole('heading', { level: 1, name: 'Shared Curry' }).waitFor();

    // The user's own rating replaces the group's; the favourite toggles and reloads the ratings.
    await page.locator('#root label').filter({ hasText: '4 stars' }).first().click();
    await expect.poll(async () => (await inject('GET', '/api/users/self/ratings')).json<{ ratings: { rating: number }[] }>().ratings[0]?.rating).toBe(4);
    const favourite = page.getByRole('button', { name: 'Add to favourites' });
    await favourite.click();
    await page.getByRole('button', { name: 'Remove from favourites' }).waitFor();

    await page.getByRole('button', { name: 'More actions for Shared Curry' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share "Shared Curry"' });
    const expected = new Date(Date.now() + 2_592_000_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await expect(dialog.getByLabel('Expires on').inputValue()).resolves.toBe(`${expected.getFullYear()}-${pad(expected.getMonth() + 1)}-${pad(expected.getDate())}`);
    await dialog.getByText('No share links yet').waitFor();
    await dialog.getByRole('button', { name: 'New' }).click();
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Recipe link copied to clipboard').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${e2e.baseUrl}/g/home/shared/r/[0-9a-f-]{36}$`));

    const visitor = await e2e.newPage();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: 'Shared Curry' }).first().waitFor();

    await dialog.getByRole('button', { name: 'Delete link' }).click();
    await dialog.getByText('No share links yet').waitFor();
  });

  it('sanitises markdown and ingredient text', async () => {
    expect((await inject('POST', '/api/recipes', { name: 'Risky Stew' })).status).toBe(201);
    const saved = await inject('PATCH', '/api/recipes/risky-stew', {
      description: 'Safe **bold** <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
      recipeIngredient: [{ note: '<b>salt</b> <a href="https://example.com">link</a> <img src=x onerror="window.__pwned=3">' }],
      recipeInstructions: [{ text: '<iframe src="https://example.com"></iframe>Stir' }],
    });
    expect(saved.status).toBe(200);
    const page = await signedIn();
    await page.goto('/g/home/r/risky-stew');
    await page.locator('#root').getByText('Stir').waitFor();
    await expect(page.locator('.hearth-markdown strong').first().textContent()).resolves.toBe('bold');
    await expect(page.locator('[onerror], script:not([src]):not([type]), iframe').count()).resolves.toBe(0);
    await expect(page.getByTestId('ingredient').locator('b').textContent()).resolves.toBe('salt');
    await expect(page.getByTestId('ingredient').locator('a').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
  });

  it('loads the group home 30 at a time as the user scrolls, with placeholders for recipes without an image', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await inject('POST', '/api/recipes', { name: `Batch Recipe ${String(i).padStart(2, '0')}` });
      expect(res.status).toBe(201);
    }
    const page = await signedIn({ width: 390, height: 844 });
    const pages: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/recipes') pages.push(`${url.searchParams.get('page')}/${url.searchParams.get('perPage')}/${url.searchParams.get('orderBy')}`);
    });
    await page.goto('/g/home');
    await page.getByRole('article', { name: 'Batch Recipe 39' }).waitFor();
    await page.getByTestId('recipe-image-placeholder').first().waitFor();
    expect(pages).toContain('1/30/created_at');
    await page.locator('#main-content').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => pages.includes('2/30/created_at'), { timeout: 10_000 }).toBe(true);
    // Only the cards near the viewport are in the page.
    await expect(page.getByRole('article').count()).resolves.toBeLessThan(30);
  });
});
