import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.js';
import { type E2EContext, screenshot, signedInPage, startE2E } from './harness.js';

// Issue 20: the screens a cook uses most, at phone width, in two right-to-left languages and in two with
// long words; a duration stored in English reads in order inside Hebrew text.
let e2e: E2EContext;
const PHONE = { width: 390, height: 844 };
const SLUG = 'lemon-rice-with-a-very-long-name-for-small-screens';
let listId = '';

const localeFile = (code: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../web/src/i18n/locales', `${code}.json`), 'utf8')) as Record<string, unknown>;
function message(code: string, key: string): string {
  let node: unknown = localeFile(code);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

async function api(method: 'POST' | 'PATCH', url: string, payload: unknown) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, payload: payload as Record<string, unknown> });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  e2e = await startE2E();
  await api('POST', '/api/recipes', { name: 'Lemon rice with a very long name for small screens' });
  await api('PATCH', `/api/recipes/${SLUG}`, {
    totalTime: '1 hour 30 minutes',
    prepTime: '20 minutes',
    recipeServings: 4,
    recipeIngredient: [{ note: '2 cups basmati rice' }, { note: '1 lemon, zested and juiced' }, { note: 'Unsalted butter (about 30 g)' }],
    recipeInstructions: [{ text: 'Rinse the rice until the water runs clear.' }, { text: 'Cook with the zest, then stir in the juice and butter.' }],
  });
  const recipe = (await e2e.api.app.inject({ method: 'GET', url: `/api/recipes/${SLUG}`, headers: e2e.api.admin })).json() as { id: string };
  await api('POST', '/api/comments', { recipeId: recipe.id, text: 'Lovely with a fried egg on top.' });
  const list = await api('POST', '/api/households/shopping/lists', { name: 'Weekly shop' });
  listId = list.id;
  await api('POST', '/api/households/shopping/items/create-bulk', ['Basmati rice', 'Lemons', 'Unsalted butter'].map((note) => ({ shoppingListId: listId, note })));
}, 60_000);
afterAll(async () => {
  await e2e?.close();
});

async function inLocale(code: string, colorScheme: 'light' | 'dark'): Promise<Page> {
  const { page } = await signedInPage(e2e, { ...PHONE, colorScheme, language: code });
  return page;
}

async function fitsThePhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is wider than the phone`).toBeLessThanOrEqual(PHONE.width + 1);
}

const LOCALES = [
  { code: 'he-IL', dir: 'rtl', colorScheme: 'light' },
  { code: 'ar-SA', dir: 'rtl', colorScheme: 'dark' },
  { code: 'de-DE', dir: 'ltr', colorScheme: 'dark' },
  { code: 'pl-PL', dir: 'ltr', colorScheme: 'light' },
] as const;

describe.each(LOCALES)('$code on a phone ($colorScheme)', ({ code, dir, colorScheme }) => {
  it('recipe page, cook mode, planner and shopping list lay out within the screen', { timeout: 90_000 }, async () => {
    const page = await inLocale(code, colorScheme);
    await page.goto(`/g/home/r/${SLUG}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([code, dir]);
    // The interface is in the language: the cook-mode button carries the locale's own text.
    const cook = page.getByRole('button', { name: message(code, 'recipe-ui.cook.start') });
    await cook.waitFor();
    // Stored English text keeps its order inside right-to-left text: it sits in its own isolate.
    const duration = page.locator('bdi', { hasText: '1 hour 30 minutes' });
    await expect(duration.count()).resolves.toBeGreaterThan(0);
    await expect(duration.first().evaluate((el) => getComputedStyle(el).unicodeBidi)).resolves.toBe('isolate');
    // A comment says when it was written in the reader's language (Intl), its author and text isolated.
    const relative = new Intl.RelativeTimeFormat(code, { numeric: 'auto' });
    const recently = new Set([...Array.from({ length: 600 }, (_, n) => relative.format(-n, 'second')), ...Array.from({ length: 30 }, (_, n) => relative.format(-n, 'minute'))]);
    const written = page.locator('time[datetime]').first();
    await written.waitFor();
    expect(recently.has((await written.textContent()) ?? ''), `${await written.textContent()}`).toBe(true);
    await expect(page.locator('[dir="auto"]', { hasText: 'Lovely with a fried egg on top.' }).count()).resolves.toBe(1);
    await fitsThePhone(page, 'the recipe page');
    await screenshot(page, `languages/recipe-${code}-${colorScheme}`, { fullPage: true });
    expect(JSON.stringify(await seriousAxeViolations(page), null, 1)).toBe('[]');

    await cook.click();
    await page.getByTestId('cook-step-number').waitFor();
    await fitsThePhone(page, 'cook mode');
    await screenshot(page, `languages/cook-${code}`);

    await page.goto('/household/mealplan/planner/view');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await fitsThePhone(page, 'the planner');
    await screenshot(page, `languages/planner-${code}`, { fullPage: true });

    await page.goto(`/shopping-lists/${listId}`);
    await page.getByText('Basmati rice').waitFor();
    await fitsThePhone(page, 'the shopping list');
    await screenshot(page, `languages/shopping-${code}`, { fullPage: true });
  });
});
