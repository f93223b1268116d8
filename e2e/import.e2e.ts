import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_DATA_DIR } from '../server/paths.js';
import { type E2EContext, signedInPage, startE2E } from './harness.js';

/** A saved recipe page, served by a tiny fake recipe site on 127.0.0.1 (the server may fetch it: ALLOW_PRIVATE_NETWORK_FETCH). */
const PIZZA_PAGE = path.join(SHARED_DATA_DIR, 'import-dev/html/detroit-style-pepperoni-pizza.html');
const HAVE_PIZZA = fs.existsSync(PIZZA_PAGE);
if (!HAVE_PIZZA) console.warn(`[import e2e] ${PIZZA_PAGE} is missing: the URL import test is skipped (set HEARTH_SHARED_DIR)`);
const PIZZA = 'Detroit-Style Pepperoni Pizza';

let e2e: E2EContext;
let site: http.Server;
let siteUrl: string;

beforeAll(async () => {
  e2e = await startE2E({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
  const html = HAVE_PIZZA ? fs.readFileSync(PIZZA_PAGE) : Buffer.from('');
  site = http.createServer((req, res) => {
    if (req.url === '/pizza.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await e2e?.close();
});

async function inject(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, payload });
  return { status: res.statusCode, json: <T>() => res.json() as T };
}

async function signedIn(): Promise<Page> {
  const { page } = await signedInPage(e2e);
  return page;
}

const recipeCount = async () => (await inject('GET', '/api/recipes?page=1&perPage=-1')).json<{ total: number }>().total;

describe('recipe import', () => {
  it.skipIf(!HAVE_PIZZA)('imports a recipe page by URL: a clear error, a test without saving, the import, then bulk with per-URL outcomes', async () => {
    const page = await signedIn();
    await page.goto('/g/home');

    // The Create menu offers every way in (photos through the OCR editor, with or without AI image services).
    await page.getByRole('button', { name: 'Create' }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Import from a URL', 'From a photo', 'Import HTML or JSON', 'Import a zip file', 'Create by hand']);
    await page.getByRole('menuitem', { name: 'Import from a URL' }).click();
    await page.waitForURL(/\/g\/home\/r\/create\/url$/);

    // Not a URL: the spec's field message; a page without a recipe: the server's reason.
    const urlField = page.getByLabel('Recipe URL');
    await urlField.fill('not a url');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Must Be A Valid URL').waitFor();
    await urlField.fill(`${siteUrl}/nothing.html`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const error = page.getByTestId('import-error');
    await error.waitFor();
    // The same answer whatever the failure (a 404, a closed port, a refused address), so URL import probes nothing.
    await expect(error.textContent()).resolves.toContain('Could not fetch the URL');

    // Test shows what would be imported; nothing is saved.
    await urlField.fill(`${siteUrl}/pizza.html`);
    await page.getByRole('button', { name: 'Test' }).click();
    const preview = page.getByTestId('scrape-preview');
    await preview.getByRole('heading', { name: PIZZA }).waitFor();
    await expect(preview.getByText('8 ingredients').count()).resolves.toBe(1);
    await expect(preview.getByText('Extra-virgin olive oil (for pan)').count()).resolves.toBe(1);
    expect(await recipeCount()).toBe(0);

    // Import opens the new recipe; it is on the home page.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/g\/home\/r\/detroit-style-pepperoni-pizza$/);
    await page.getByRole('heading', { level: 1, name: PIZZA }).waitFor();
    await page.goto('/g/home');
    await page.getByRole('article', { name: PIZZA }).waitFor();
    expect(await recipeCount()).toBe(1);

    // Bulk: one good page, one missing; each URL shows its outcome, with a link to what was created.
    await page.goto('/g/home/r/create/url?mode=bulk');
    await page.getByLabel('URLs, one per line').fill(`${siteUrl}/pizza.html\n${siteUrl}/missing.html\n`);
    await page.getByText('2 URLs').waitFor();
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByTestId('bulk-report').waitFor();
    await page.locator('[data-testid=bulk-row][data-state=failure]').waitFor();
    await page.locator('[data-testid=bulk-row][data-state=success]').waitFor();
    await page.getByText('Partly done').waitFor();
    await expect(page.locator('[data-testid=bulk-row][data-state=failure]').textContent()).resolves.toContain('Could not fetch the URL');
    await page.getByRole('link', { name: `Open ${PIZZA}` }).click();
    await page.waitForURL(/\/g\/home\/r\/detroit-style-pepperoni-pizza-1$/);
    expect(await recipeCount()).toBe(2);

    // Without AI image services the image route goes to the URL import.
    await page.goto('/g/home/r/create/image');
    await page.waitForURL(/\/g\/home\/r\/create\/url$/);
  });

  it('parses "2 pints milk" and "1 pinch salt" on a manual recipe into quantities, units and foods', async () => {
    const page = await signedIn();
    await page.goto('/g/home/r/create/new');
    await page.getByLabel('Recipe name').fill('Plain Dough');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/g\/home\/r\/plain-dough\?edit=true$/);
    await page.getByRole('heading', { name: 'Editing Plain Dough' }).waitFor();

    for (const line of ['2 pints milk', '1 pinch salt']) {
      await page.getByRole('button', { name: 'Add ingredient' }).click();
      await page.getByTestId('ingredient-editor-row').last().getByLabel('Ingredient', { exact: true }).fill(line);
    }

    // Cancel leaves the lines as they were.
    await page.getByRole('button', { name: 'Parse ingredients' }).click();
    let dialog = page.getByRole('dialog', { name: 'Review parsed ingredients' });
    await dialog.getByTestId('parsed-ingredient-row').nth(1).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByTestId('ingredient-editor-row').first().getByLabel('Ingredient', { exact: true }).inputValue()).resolves.toBe('2 pints milk');

    // Review: parsed values and confidences; "pints" is created as a unit; accept all.
    await page.getByRole('button', { name: 'Parse ingredients' }).click();
    dialog = page.getByRole('dialog', { name: 'Review parsed ingredients' });
    const rows = dialog.getByTestId('parsed-ingredient-row');
    await rows.nth(1).waitFor();
    await expect(rows.nth(0).getByLabel('Quantity').inputValue()).resolves.toBe('2');
    // the parser names a new unit in the singular and keeps the plural it read
    await expect(rows.nth(0).getByLabel('Unit').inputValue()).resolves.toBe('pint');
    await expect(rows.nth(0).getByLabel('Food').inputValue()).resolves.toBe('milk');
    await expect(rows.nth(1).getByLabel('Quantity').inputValue()).resolves.toBe('1');
    await expect(rows.nth(0).getByText(/Quantity \d+%/).count()).resolves.toBe(1);
    await rows.nth(0).getByRole('button', { name: 'Create unit “pint”' }).click();
    await rows.nth(0).getByRole('button', { name: 'Create unit “pint”' }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Amounts are on now, with the parsed values in the form.
    const editorRows = page.getByTestId('ingredient-editor-row');
    await expect(editorRows.nth(0).getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('2');
    await expect(editorRows.nth(0).getByLabel('Unit', { exact: true }).inputValue()).resolves.toBe('pint');
    await expect(editorRows.nth(1).getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('1');
    await expect(editorRows.nth(1).getByLabel('Food', { exact: true }).inputValue()).resolves.toBe('salt');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Recipe saved').waitFor();

    const saved = (await inject('GET', '/api/recipes/plain-dough')).json<{
      settings: { disableAmount: boolean };
      recipeIngredient: { quantity: number | null; unit: { id: string; name: string } | null; food: { name: string } | null; originalText: string | null }[];
    }>();
    expect(saved.settings.disableAmount).toBe(false);
    expect(saved.recipeIngredient.map((i) => [i.quantity, i.unit?.name, i.food?.name, i.originalText])).toEqual([
      [2, 'pint', 'milk', '2 pints milk'],
      [1, 'pinch', 'salt', '1 pinch salt'],
    ]);
    const units = (await inject('GET', '/api/units?page=1&perPage=-1')).json<{ items: { id: string; name: string }[] }>().items;
    const pint = units.find((u) => u.name === 'pint');
    expect(pint?.id).toBe(saved.recipeIngredient[0].unit?.id);
  });

  it('highlights a line whose food is not linked and links a suggested food with one tap', async () => {
    for (const name of ['unsalted butter', 'all-purpose flour']) expect((await inject('POST', '/api/foods', { name })).status).toBe(201);
    const page = await signedIn();
    await page.goto('/g/home/r/create/new');
    await page.getByLabel('Recipe name').fill('Butter Test');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Editing Butter Test' }).waitFor();
    for (const line of ['2 cups all-purpose flour', '1 cup salted butter']) {
      await page.getByRole('button', { name: 'Add ingredient' }).click();
      await page.getByTestId('ingredient-editor-row').last().getByLabel('Ingredient', { exact: true }).fill(line);
    }
    await page.getByRole('button', { name: 'Parse ingredients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review parsed ingredients' });
    const rows = dialog.getByTestId('parsed-ingredient-row');
    await rows.nth(1).waitFor();
    // the flour line linked exactly; "salted butter" is never turned into "unsalted butter" by itself
    await expect(rows.nth(0).getAttribute('data-unlinked')).resolves.toBeNull();
    await expect(rows.nth(1).getAttribute('data-unlinked')).resolves.toBe('true');
    await expect(rows.nth(1).getByLabel('Food').inputValue()).resolves.toBe('salted butter');
    await rows.nth(1).getByText('Not one of your foods yet:').waitFor();
    await rows.nth(1).getByRole('button', { name: 'Create food “salted butter”' }).waitFor();
    // the user may still pick the near food: one tap links it
    await rows.nth(1).getByRole('button', { name: 'Link “unsalted butter”' }).click();
    await expect(rows.nth(1).getByLabel('Food').inputValue()).resolves.toBe('unsalted butter');
    await expect(rows.nth(1).getAttribute('data-unlinked')).resolves.toBeNull();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows a parser result field by field on the admin debug page', async () => {
    const page = await signedIn();
    await page.goto('/admin/debug/parser');
    await page.getByLabel('Ingredient line').fill('2 tbsp olive oil');
    await page.getByRole('button', { name: 'Parse', exact: true }).click();
    const result = page.getByTestId('parser-result');
    await result.waitFor();
    const quantityRow = result.getByRole('row', { name: /Quantity/ });
    await expect(quantityRow.textContent()).resolves.toContain('2');
    await expect(result.getByRole('row', { name: /Food/ }).textContent()).resolves.toContain('olive oil');
  });
});
