import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.js';
import { type E2EContext, screenshot, signedInPage, startE2E } from './harness.js';

/** Issue 40 in the browser: a new list from the add-to-list dialog, a webhook's last test and save warning, refused queue changes. */
let e2e: E2EContext;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

async function api(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, payload: payload as Record<string, unknown> | undefined });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const sizes = [
  { name: 'phone-light', width: 390, height: 844, colorScheme: 'light' as const },
  { name: 'desktop-dark', width: 1280, height: 800, colorScheme: 'dark' as const },
  { name: 'phone-he', width: 390, height: 844, colorScheme: 'light' as const, locale: 'he-IL' },
];

describe('issue 40 screens', () => {
  it('"Add to shopping list" with no list offers a new list there and goes on to the ingredients', async () => {
    const slug = (await api('POST', '/api/recipes', { name: 'Pasta Night' })) as string;
    await api('PATCH', `/api/recipes/${slug}`, { recipeIngredient: [{ quantity: 1, note: 'spaghetti' }] });
    const { page } = await signedInPage(e2e, { width: 390, height: 844 });
    await page.goto(`/g/home/r/${slug}`);
    await page.getByRole('button', { name: 'More actions for Pasta Night' }).first().click();
    await page.getByRole('menuitem', { name: 'Add to shopping list' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No Shopping Lists Found').waitFor();
    await screenshot(page, 'issue40/add-to-list-empty-phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('List name').fill('Groceries');
    await dialog.getByRole('button', { name: 'New list' }).click();
    await dialog.getByTestId('ingredient-step').waitFor();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Successfully added to list').waitFor();
    const lists = (await api('GET', '/api/households/shopping/lists')).items as Array<{ id: string; name: string }>;
    expect(lists.map((l) => l.name)).toEqual(['Groceries']);
  });

  it('a webhook saved with a refused address warns, and its test shows how it went', async () => {
    for (const size of sizes) {
      const { page } = await signedInPage(e2e, size);
      await page.goto('/household/webhooks');
      if (size.name === 'phone-light') {
        await page.getByRole('button', { name: 'Create webhook' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name').fill('Home Assistant');
        await dialog.getByLabel('Webhook URL').fill('http://127.0.0.1:8123/api/webhook/dinner');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await page.getByTestId('url-warning').waitFor();
        expect(await page.getByTestId('url-warning').textContent()).toContain('ALLOW_PRIVATE_NETWORK_FETCH=true');
        await page.getByRole('button', { name: 'Test' }).first().click();
        await page.getByTestId('last-test').filter({ hasText: /failed/ }).waitFor({ timeout: 20_000 });
      } else {
        await page.getByTestId('last-test').first().waitFor();
      }
      await screenshot(page, `issue40/webhooks-${size.name}`, { fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  }, 240_000);

  it('a signed-out deep link to a recipe goes to sign-in and back to the recipe', async () => {
    const slug = (await api('POST', '/api/recipes', { name: 'Deep Link Soup' })) as string;
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(`/g/home/r/${slug}`);
    await page.waitForURL((url) => url.pathname.startsWith('/login'), { timeout: 15_000 });
    await page.getByLabel(/username or email/i).fill('admin');
    await page.getByLabel(/^password/i).fill('MyPassword');
    await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
    await page.waitForURL((url) => url.pathname === `/g/home/r/${slug}`, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Deep Link Soup' }).first().waitFor();
  });

  it('changes the server refused stay on screen until dismissed', async () => {
    const list = await api('POST', '/api/households/shopping/lists', { name: 'Weekly' });
    for (const size of sizes) {
      // What the queue keeps after a refusal (shoppingQueue.ts): shown until the user has read it.
      const refused = [{ seq: 1, listId: 'x', kind: 'create', what: 'oat milk', reason: 'A shopping list item with this id already exists with other content' }];
      const { page } = await signedInPage(e2e, { ...size, localStorage: { 'hearth.shopping.refused': JSON.stringify(refused) } });
      await page.goto(`/shopping-lists/${list.id}`);
      await page.getByTestId('queue-refused').click();
      await page.getByRole('dialog').getByText('oat milk').waitFor();
      await screenshot(page, `issue40/refused-${size.name}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (size.name === 'desktop-dark') {
        await page.getByRole('dialog').getByRole('button', { name: 'Dismiss' }).click();
        await page.getByTestId('queue-refused').waitFor({ state: 'detached' });
      }
    }
  }, 240_000);
});
