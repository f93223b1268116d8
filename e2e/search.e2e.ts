import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, signedInPage, startE2E } from './harness.js';

let e2e: E2EContext;
const recipes = ['Beef Stew', 'Chocolate Cake', 'Tomato Soup'];
beforeAll(async () => {
  e2e = await startE2E();
  for (const name of recipes) {
    const res = await e2e.api.app.inject({ method: 'POST', url: '/api/recipes', headers: e2e.api.admin, payload: { name } });
    if (res.statusCode !== 201) throw new Error(`recipe create failed: ${res.body}`);
  }
});
afterAll(async () => e2e?.close());

async function inject(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, payload });
  return { status: res.statusCode, json: () => res.json() as unknown };
}

describe('recipe search dialog', () => {
  it("'/' opens it, typing finds a recipe, arrow keys and Enter open it", async () => {
    const { page } = await signedInPage(e2e);
    await page.goto('/g/home');
    // The top bar marks the body once its '/' listener is attached; pressing earlier would be lost.
    const shortcutReady = page.locator('body[data-search-shortcut="ready"]');
    await shortcutReady.waitFor();
    await page.getByRole('heading', { name: 'Beef Stew' }).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('heading', { name: 'Results' }).waitFor();
    await expect(dialog.getByRole('link', { name: 'Advanced search' }).getAttribute('href')).resolves.toBe('/g/home');

    const field = dialog.getByRole('searchbox', { name: 'Search' });
    await field.waitFor();
    // The dialog moves focus into the field once it has opened, which on a loaded machine lands a moment
    // after the field is visible.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
    await expect(field.inputValue()).resolves.toBe('');
    await field.fill('soup');
    const wanted = dialog.getByRole('link', { name: /Tomato Soup/ });
    await wanted.waitFor();
    await dialog.getByRole('link', { name: /Beef Stew/ }).waitFor({ state: 'detached' });
    await expect(dialog.getByRole('link', { name: /Chocolate Cake/ }).count()).resolves.toBe(0);

    // Down from the field lands on the first result; keep going until the soup has focus, then Enter.
    await field.press('ArrowDown');
    for (let i = 0; i < recipes.length && !(await wanted.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(wanted.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/g\/home\/r\/tomato-soup$/);
    await page.getByRole('heading', { name: 'Tomato Soup', level: 1 }).waitFor();
    // It closes on route change, and opens again with an empty query.
    await dialog.waitFor({ state: 'detached' });
    await shortcutReady.waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    const again = page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox', { name: 'Search' });
    await again.waitFor();
    await expect(again.inputValue()).resolves.toBe('');
  });
});

describe('recipe finder', () => {
  it('shows a recipe that can be made from the picked food', async () => {
    expect((await inject('POST', '/api/groups/seeders/foods', { locale: 'en-US' })).status).toBe(200);
    const foods = (await inject('GET', '/api/foods?perPage=-1&search=tomato')).json() as { items: { id: string; name: string }[] };
    const tomato = foods.items.find((f) => f.name === 'tomato');
    expect(tomato?.name).toBe('tomato');
    const patch = await inject('PATCH', '/api/recipes/tomato-soup', {
      recipeIngredient: [{ quantity: 4, food: { id: tomato?.id }, note: '' }],
    });
    expect(patch.status).toBe(200);

    const { page } = await signedInPage(e2e);
    await page.goto('/g/home/recipes/finder');
    await page.getByRole('combobox', { name: 'Foods', exact: true }).fill('tomato');
    await page.getByRole('option', { name: 'tomato', exact: true }).click();
    await page.getByRole('heading', { name: 'Tomato Soup' }).waitFor();
    await page.getByText('You have everything').waitFor();
  });
});

describe('shared recipe link', () => {
  it('opens signed out; an unknown token shows not found', async () => {
    const recipe = (await inject('GET', '/api/recipes/chocolate-cake')).json() as { id: string };
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const share = await inject('POST', '/api/shared/recipes', { recipeId: recipe.id, expiresAt });
    expect(share.status).toBe(201);
    const token = share.json() as { id: string };

    const { page } = await e2e.newPage();
    await page.goto(`/g/home/shared/r/${token.id}`);
    await page.getByRole('heading', { name: 'Chocolate Cake', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Print', exact: true }).waitFor();
    expect(page.url()).not.toContain('/login');

    await page.goto('/g/home/shared/r/00000000-0000-4000-8000-000000000000');
    await page.getByText(/not found/i).first().waitFor();
  });
});

describe('favourites', () => {
  it("shows the user's favourite recipes as cards", async () => {
    const me = (await inject('GET', '/api/users/self')).json() as { id: string };
    const favorite = await inject('POST', `/api/users/${me.id}/favorites/beef-stew`);
    expect(favorite.status).toBeLessThan(300);
    const { page } = await signedInPage(e2e);
    await page.goto('/g/home');
    await page.getByRole('link', { name: 'Favorites' }).click();
    await page.waitForURL(new RegExp(`/user/${me.id}/favorites$`));
    // The home page stays on screen (under the new address) until the favourites page has loaded.
    await page.getByRole('heading', { level: 1, name: 'Favorites' }).waitFor();
    await page.getByRole('heading', { name: 'Beef Stew' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Chocolate Cake' }).count()).resolves.toBe(0);
  });
});

describe('advanced search on the group home', () => {
  it('keeps its filters and order in the address, so a reload shows the same search', async () => {
    expect((await inject('POST', '/api/organizers/tags', { name: 'Sweet' })).status).toBe(201);
    expect((await inject('PATCH', '/api/recipes/chocolate-cake', { tags: [{ slug: 'sweet' }] })).status).toBe(200);

    const { page } = await signedInPage(e2e);
    await page.goto('/g/home');
    await page.getByRole('heading', { name: 'Beef Stew' }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Sweet' }).click();
    await page.waitForURL(/[?&]tags=sweet/);
    await page.getByRole('heading', { name: 'Beef Stew' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Chocolate Cake' }).waitFor();

    await page.getByLabel('Order by').click();
    await page.getByRole('option', { name: 'Name' }).click();
    await page.waitForURL(/orderBy=name/);

    await page.reload();
    await page.getByRole('heading', { name: 'Chocolate Cake' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Beef Stew' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Sweet' }).or(page.getByText('Sweet', { exact: true })).first().waitFor();
    await expect(page.getByLabel('Order by').textContent()).resolves.toContain('Name');
  });
});
