import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { localDate } from '../contract/mealplan-dates.js';
import { createMember } from '../server/test/harness.js';
import { type E2EContext, LOOKS, screenshot, signedInPage, startE2E } from './harness.js';

/**
 * Issue 41, the offline library on a phone: the planned and favourite recipes are kept ahead of time (never
 * opened on this device), then read and cooked with the network off (a timer, scaling, unit conversion); a
 * meal-plan move, a rating and "I made this" made offline wait in the one change queue ("N changes waiting")
 * and arrive once after reconnecting; a move of an entry another member changed meanwhile is refused by the
 * rule (the newer server entry wins) and shown as not saved.
 */
const page = (name: string, lines: string[], steps: string[]) => `<!doctype html><html><head><title>${name}</title>
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Recipe', name, recipeYield: '4 servings', recipeIngredient: lines, recipeInstructions: steps.map((text) => ({ '@type': 'HowToStep', text })) })}</script></head><body></body></html>`;

let e2e: E2EContext;
let soup: string;
let pie: string;
let adminId: string;
let partner: { headers: Record<string, string> };
const plan: Record<string, { id: number; updatedAt: string }> = {};
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const today = localDate();

async function inject(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = e2e.api.admin) {
  const res = await e2e.api.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function importRecipe(name: string, lines: string[], steps: string[]): Promise<string> {
  return inject('POST', '/api/recipes/create/html-or-json', { data: page(name, lines, steps), includeTags: false });
}

beforeAll(async () => {
  e2e = await startE2E({}, { serviceWorkers: 'allow' });
  soup = await importRecipe('Planned Soup', ['8 ounces chicken', '2 cups water', 'salt to taste'], ['Simmer the chicken in the water for 5 minutes.', 'Season and serve.']);
  pie = await importRecipe('Favourite Pie', ['1 pound apples', '2 tablespoons sugar'], ['Bake the apples with the sugar for 30 minutes.']);
  await importRecipe('Never Kept Stew', ['1 onion'], ['Stew it.']);
  adminId = (await inject('GET', '/api/users/self')).id;
  partner = await createMember(e2e.api);
  const soupId = (await inject('GET', `/api/recipes/${soup}`)).id;
  plan.soup = await inject('POST', '/api/households/mealplans', { date: today, entryType: 'dinner', recipeId: soupId });
  plan.pasta = await inject('POST', '/api/households/mealplans', { date: today, entryType: 'lunch', title: 'Pasta' });
  await inject('POST', `/api/users/${adminId}/favorites/${pie}`);
}, 90_000);
afterAll(() => e2e?.close());

/** Signs in on a phone and waits until the service worker controls the page. */
async function installedPhone(options: { colorScheme?: 'light' | 'dark'; locale?: string; width?: number; height?: number } = {}) {
  const opened = await signedInPage(e2e, { width: 390, height: 844, ...options });
  await opened.page.goto('/g/home');
  await opened.page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await opened.page.reload();
  await expect.poll(() => opened.page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return opened;
}

async function fillLibrary(p: Page) {
  await p.goto('/user/profile');
  const section = p.getByTestId('offline-library');
  await section.getByRole('button', { name: 'Update now' }).click();
  await expect.poll(() => section.getByTestId('offline-kept').textContent(), { timeout: 30_000 }).toMatch(/^2 recipes kept on this device/);
  return section;
}

const ingredientTexts = (p: Page) => p.getByTestId('ingredient').allTextContents();

describe('the offline library on a phone', () => {
  it('keeps planned and favourite recipes, cooks them offline, and syncs offline changes once, by the rule', async () => {
    const { page: p, context } = await installedPhone();
    const section = await fillLibrary(p);
    await expect(section.textContent()).resolves.toContain('This week’s and next week’s planned recipes: 1');
    await expect(section.textContent()).resolves.toContain('Favourites: 1');
    const used = await p.evaluate(async () => {
      const cache = await caches.open('hearth-offline');
      let bytes = 0;
      const keys = await cache.keys();
      for (const request of keys) bytes += (await (await cache.match(request))?.blob())?.size ?? 0;
      const estimate = await navigator.storage.estimate();
      return { entries: keys.length, bytes, siteUsage: estimate.usage, persisted: await navigator.storage.persisted() };
    });
    console.log(`offline library: ${used.entries} entries, ${used.bytes} bytes (${(used.bytes / 1024).toFixed(1)} KiB); site storage in use ${used.siteUsage} bytes; persisted: ${used.persisted}`);
    expect(used.bytes).toBeGreaterThan(0);

    // Only the library answers: the runtime caches of what the fill happened to fetch are dropped.
    await p.evaluate(async () => Promise.all(['hearth-api', 'hearth-media'].map((name) => caches.delete(name))));
    await context.setOffline(true);

    // The planned recipe: read, scaled, converted and cooked with a running timer.
    await p.goto(`/g/home/r/${soup}`);
    await p.getByRole('heading', { level: 1, name: 'Planned Soup' }).waitFor();
    await expect(ingredientTexts(p)).resolves.toEqual(['8 ounces chicken', '2 cups water', 'salt to taste']);
    await p.getByRole('button', { name: 'Times 2' }).click();
    await expect.poll(() => ingredientTexts(p)).toEqual(['16 ounces chicken', '4 cups water', 'salt to taste']);
    await p.getByTestId('unit-system').getByRole('button', { name: 'Metric' }).click();
    await expect.poll(async () => (await ingredientTexts(p))[0]).toMatch(/^4\d\d g chicken$/);
    await p.getByTestId('unit-system').getByRole('button', { name: 'As written' }).click();
    await p.getByRole('button', { name: 'Cook mode' }).first().click();
    await p.getByTestId('cook-step-number').getByText('Step 1 of 2').waitFor();
    await p.getByRole('button', { name: 'Timer: 5 minutes' }).click();
    const timer = p.getByTestId('cook-timer');
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent()).not.toBe(first);
    await p.getByRole('button', { name: 'Next' }).click();
    await p.getByRole('button', { name: 'Done' }).click();

    // Offline changes: a rating and "I made this" on the recipe.
    await p.locator('#root label').filter({ hasText: '4 stars' }).first().click();
    // The stars take the rating at once (from the queue); the server must end up with the same.
    const yours = p.locator('[aria-label^="Your rating:"]').first();
    await yours.waitFor();
    const picked = Number(/([\d.]+) stars?/.exec((await yours.getAttribute('aria-label')) ?? '')?.[1]);
    expect(picked).toBeGreaterThan(0);
    await p.getByRole('button', { name: 'I made this' }).click();
    // The dialog (its used-up list needs the network; offline it is left out) saves to the queue.
    await p.locator('[role="dialog"] button[type="submit"]').click();
    await expect.poll(() => p.getByTestId('queue-status').textContent()).toBe('Offline, 2 changes waiting');
    await screenshot(p, 'offline-library/recipe-offline-phone', { fullPage: true });

    // The favourite, never opened here, reads too; a recipe not kept does not.
    await p.goto(`/g/home/r/${pie}`);
    await p.getByRole('heading', { level: 1, name: 'Favourite Pie' }).waitFor();
    await expect(ingredientTexts(p)).resolves.toEqual(['1 pound apples', '2 tablespoons sugar']);

    // The meal plan of the kept weeks shows; two moves are queued.
    await p.goto('/household/mealplan/planner/edit');
    await p.getByRole('button', { name: 'Actions for Planned Soup' }).first().waitFor();
    const move = async (name: string, date: string) => {
      await p.getByRole('button', { name: `Actions for ${name}` }).first().click();
      await p.getByRole('menuitem', { name: 'Move to another day' }).click();
      const dialog = p.getByRole('dialog');
      await dialog.getByLabel('Date').fill(date);
      await dialog.getByRole('button', { name: 'Move' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await move('Planned Soup', addDays(today, 1));
    await move('Pasta', addDays(today, 2));
    await expect.poll(() => p.getByTestId('queue-status').textContent()).toBe('Offline, 4 changes waiting');

    // Meanwhile another member moves the pasta (online).
    const pastaNow = await inject('GET', `/api/households/mealplans/${plan.pasta.id}`, undefined, partner.headers);
    await inject('PUT', `/api/households/mealplans/${plan.pasta.id}`, { ...pastaNow, date: addDays(today, 3) }, partner.headers);

    await context.setOffline(false);
    await p.getByTestId('queue-status').waitFor({ state: 'detached', timeout: 30_000 });
    // The rule: the pasta changed since this device read it, so the partner's move stays and the user is told.
    await p.getByTestId('queue-refused').waitFor();
    await expect(p.getByTestId('queue-refused').textContent()).resolves.toBe('Not saved: 1');

    // Exactly once on the server.
    expect((await inject('GET', `/api/households/mealplans/${plan.soup.id}`)).date).toBe(addDays(today, 1));
    expect((await inject('GET', `/api/households/mealplans/${plan.pasta.id}`)).date).toBe(addDays(today, 3));
    const ratings = (await inject('GET', '/api/users/self/ratings')).ratings as Array<{ recipeId: string; rating: number }>;
    const soupRecipe = await inject('GET', `/api/recipes/${soup}`);
    expect(ratings.find((r) => r.recipeId === soupRecipe.id)?.rating).toBe(picked);
    const events = await inject('GET', `/api/recipes/timeline/events?queryFilter=${encodeURIComponent(`recipe_id="${soupRecipe.id}"`)}&perPage=-1`);
    expect((events.items as Array<{ subject: string }>).filter((e) => e.subject === 'Made this')).toHaveLength(1);
    expect(soupRecipe.lastMade).toBeTruthy();
    await p.getByTestId('queue-refused').click();
    await p.getByRole('dialog').getByText(/changed this meal plan entry/).waitFor();
    await screenshot(p, 'offline-library/planner-refused-phone');
  }, 240_000);

  it('looks right: the profile section and the offline recipe page, phone and desktop, light and dark, Hebrew', async () => {
    for (const look of LOOKS) {
      const { page: p, context } = await installedPhone({ width: look.width, height: look.height, colorScheme: look.colorScheme });
      if (look.locale !== 'en-US') await p.evaluate((locale) => localStorage.setItem('hearth.locale', locale), look.locale);
      await p.goto('/user/profile');
      const section = p.getByTestId('offline-library');
      await section.getByTestId('offline-update').click();
      await expect.poll(() => section.getByTestId('offline-kept').textContent(), { timeout: 30_000 }).toMatch(/2/);
      await section.scrollIntoViewIfNeeded();
      await screenshot(section, `offline-library/profile-${look.tag}`);
      await context.setOffline(true);
      await p.goto(`/g/home/r/${pie}`);
      await p.getByTestId('ingredient').first().waitFor();
      await screenshot(p, `offline-library/recipe-offline-${look.tag}`);
      await context.setOffline(false);
      await context.close();
    }
  }, 400_000);
});
