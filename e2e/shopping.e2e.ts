import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMember } from '../server/test/harness.js';
import { seriousAxeViolations } from './axe.js';
import { type E2EContext, screenshot, signedInPage, startE2E } from './harness.js';

let e2e: E2EContext;
let partner: { username: string; password: string; headers: Record<string, string> };
const LISTS = '/api/households/shopping/lists';
const ITEMS = '/api/households/shopping/items';

beforeAll(async () => {
  e2e = await startE2E({}, { serviceWorkers: 'allow' });
  const member = await createMember(e2e.api, { username: 'partner', password: 'Partner-pw-123' });
  partner = { username: 'partner', password: 'Partner-pw-123', headers: member.headers };
});
afterAll(async () => e2e?.close());

async function api(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, headers = e2e.api.admin) {
  const res = await e2e.api.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function listWith(name: string, notes: string[], headers = e2e.api.admin) {
  const list = await api('POST', LISTS, { name }, headers);
  await api('POST', `${ITEMS}/create-bulk`, notes.map((note) => ({ shoppingListId: list.id, note })), headers);
  return list as { id: string };
}

async function open(size: { width: number; height: number } | null, who: 'admin' | 'partner', extra: { colorScheme?: 'light' | 'dark'; language?: string } = {}) {
  return signedInPage(e2e, { ...(size ?? {}), ...extra }, who === 'admin' ? undefined : partner);
}

const checkedCount = (page: Page) => page.locator('[data-testid="shopping-item"][data-checked="true"]').count();
const itemRow = (page: Page, text: string) => page.locator('[data-testid="shopping-item"]', { hasText: text });

describe('shopping lists in the browser', () => {
  it('shows the empty state, then a created list (phone)', async () => {
    const { page } = await open({ width: 390, height: 844 }, 'partner');
    await page.goto('/shopping-lists');
    await page.getByText('No Shopping Lists Found').waitFor();
    await screenshot(page, 'shopping/lists-empty-phone');
    await page.getByRole('button', { name: 'New list' }).click();
    await page.getByRole('dialog', { name: 'New list' }).getByLabel('List name').fill('Weekend');
    await page.getByRole('dialog', { name: 'New list' }).getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: 'Weekend' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('two phones on one list: a tick on one appears on the other within a second, and never comes back', async () => {
    const list = await listWith('Market', ['Bread', 'Apples', 'Cheese', 'Milk', 'Eggs']);
    const a = await open({ width: 390, height: 844 }, 'admin');
    const b = await open({ width: 390, height: 844 }, 'partner');
    // Each phone follows the household stream (the app's one live reader), not a stream of the list's own.
    const streams = [a, b].map(({ page }) => page.waitForResponse((r) => r.url().includes('/api/households/events/stream'), { timeout: 30_000 }));
    await a.page.goto(`/shopping-lists/${list.id}`);
    await b.page.goto(`/shopping-lists/${list.id}`);
    await itemRow(a.page, 'Bread').waitFor();
    await itemRow(b.page, 'Bread').waitFor();
    await Promise.all(streams);
    const listReads = { a: 0, b: 0 };
    a.page.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname === `${LISTS}/${list.id}` && (listReads.a += 1));
    b.page.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname === `${LISTS}/${list.id}` && (listReads.b += 1));
    const otherStreams = [a, b].map(({ page }) => page.waitForRequest((r) => r.url().includes('/api/households/events/stream'), { timeout: 1500 }).then(() => true, () => false));
    await itemRow(a.page, 'Bread').getByRole('checkbox').click();
    await b.page.waitForFunction(() => document.querySelectorAll('[data-testid="shopping-item"][data-checked="true"]').length === 1, null, { timeout: 5000 });
    // One tick, one refetch of the list on each phone (from its event), never two; no second stream opened.
    await a.page.waitForTimeout(800);
    expect(listReads).toEqual({ a: 1, b: 1 });
    expect(await Promise.all(otherStreams)).toEqual([false, false]);
    // The other phone ticks two more; nothing re-appears unticked on either after things settle.
    await itemRow(b.page, 'Apples').getByRole('checkbox').click();
    await itemRow(b.page, 'Cheese').getByRole('checkbox').click();
    await a.page.waitForFunction(() => document.querySelectorAll('[data-testid="shopping-item"][data-checked="true"]').length === 3, null, { timeout: 3000 });
    await a.page.waitForTimeout(800);
    expect(await checkedCount(a.page)).toBe(3);
    expect(await checkedCount(b.page)).toBe(3);
    await b.page.getByRole('button', { name: '3 checked' }).click();
    await screenshot(b.page, 'shopping/list-phone-light', { fullPage: true });
    expect(await seriousAxeViolations(b.page)).toEqual([]);

    // Offline on one phone: three ticks queue, the screen says so, and they replay in order when back.
    await b.context.setOffline(true);
    await b.page.evaluate(() => window.dispatchEvent(new Event('offline')));
    for (const name of ['Milk', 'Eggs']) await itemRow(b.page, name).getByRole('checkbox').click();
    await itemRow(b.page, 'Bread').getByRole('checkbox').click(); // untick offline
    await b.page.getByTestId('queue-status').filter({ hasText: /Offline, 3 changes waiting/ }).waitFor();
    await screenshot(b.page, 'shopping/list-phone-offline');
    await b.context.setOffline(false);
    await b.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await b.page.getByTestId('queue-status').waitFor({ state: 'detached', timeout: 10_000 });
    const server = (await api('GET', `${LISTS}/${list.id}`)).listItems as Array<{ note: string; checked: boolean }>;
    expect(Object.fromEntries(server.map((i) => [i.note, i.checked]))).toEqual({ Bread: false, Apples: true, Cheese: true, Milk: true, Eggs: true });
    await a.page.waitForFunction(() => document.querySelectorAll('[data-testid="shopping-item"][data-checked="true"]').length === 4, null, { timeout: 5000 });
  });

  it('adds a recipe through the dialog with one ingredient unticked', async () => {
    const food = await api('POST', '/api/foods', { name: 'rice' });
    const slug = (await api('POST', '/api/recipes', { name: 'Risotto' })) as string;
    await api('PATCH', `/api/recipes/${slug}`, {
      recipeIngredient: [
        { quantity: 2, food: { id: food.id }, note: '' },
        { quantity: 1, note: 'onion' },
        { quantity: null, title: 'To finish', note: 'parmesan' },
      ],
    });
    const target = await listWith('Dinner', []);
    const { page } = await open(null, 'admin');
    await page.goto(`/g/home/r/${slug}`);
    await page.getByRole('button', { name: 'More actions for Risotto' }).first().click();
    await page.getByRole('menuitem', { name: 'Add to shopping list' }).click();
    const dialog = page.getByRole('dialog');
    // With exactly one visible list the dialog opens on the ingredient step; otherwise the list step comes first.
    const choose = dialog.getByRole('button', { name: 'Dinner' });
    await choose.or(dialog.getByTestId('ingredient-step')).first().waitFor();
    if (await choose.count()) await choose.click();
    await dialog.getByTestId('ingredient-step').waitFor();
    await dialog.getByText('To finish').waitFor();
    await screenshot(page, 'shopping/dialog-desktop');
    await dialog.getByRole('checkbox', { name: /onion/ }).uncheck();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Successfully added to list').waitFor();
    const items = (await api('GET', `${LISTS}/${target.id}`)).listItems as Array<{ display: string }>;
    expect(items.map((i) => i.display).sort()).toEqual(['2 rice', 'parmesan']);
  });

  it('reads a list offline that was never opened on this device (service worker + prefetch)', async () => {
    const list = await listWith('Hardware', ['Nails', 'Glue']);
    const { page, context } = await open(null, 'admin');
    await page.goto('/shopping-lists');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await page.getByRole('link', { name: 'Hardware' }).waitFor();
    // The lists' prefetch has landed in the service worker's cache.
    await expect
      .poll(() =>
        page.evaluate(async (id) => {
          const cache = await caches.open('hearth-shopping');
          return (await cache.keys()).some((request) => new URL(request.url).pathname === `/api/households/shopping/lists/${id}`);
        }, list.id),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.goto(`/shopping-lists/${list.id}`);
    await itemRow(page, 'Nails').waitFor();
    await itemRow(page, 'Glue').waitFor();
    await context.setOffline(false);
  });

  it('screens in dark, desktop and RTL', async () => {
    const list = await listWith('Screens', ['Tomatoes', 'Basil']);
    for (const [name, options] of [
      ['list-desktop-dark', { colorScheme: 'dark' as const }],
      ['list-phone-he', { locale: 'he-IL' }],
    ] as const) {
      const size = name.includes('phone') ? { width: 390, height: 844 } : null;
      const { page } = await open(size, 'admin', { colorScheme: 'colorScheme' in options ? options.colorScheme : 'light', language: 'locale' in options ? options.locale : undefined });
      await page.goto(`/shopping-lists/${list.id}`);
      await itemRow(page, 'Tomatoes').waitFor();
      await screenshot(page, `shopping/${name}`, { fullPage: true });
    }
    const { page } = await open(null, 'admin', { colorScheme: 'dark' });
    await page.goto('/shopping-lists');
    await page.getByRole('link', { name: 'Screens' }).waitFor();
    await screenshot(page, 'shopping/lists-desktop-dark');
  });
});
