import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.js';
import { type E2EContext, screenshot, signedInPage, startE2E } from './harness.js';

/**
 * The ingredient review after "Parse ingredients" (issue 35): a food the group does not have is shown as not
 * linked (never swapped for a near name: salted is not unsalted butter), with "did you mean" as a one-tap
 * choice. Looked at on a phone in light, dark and Hebrew, and on a desktop.
 */
let e2e: E2EContext;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

async function api(method: 'POST' | 'PATCH', url: string, payload: unknown) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, payload: payload as Record<string, unknown> });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

describe('ingredient review', () => {
  it('shows an unknown food as not linked with "did you mean", in light, dark, Hebrew and on a desktop', async () => {
    await api('POST', '/api/foods', { name: 'unsalted butter' });
    const slug = (await api('POST', '/api/recipes', { name: 'Shortbread' })) as string;
    await api('PATCH', `/api/recipes/${slug}`, {
      recipeIngredient: [
        { quantity: 0, note: '200 g salted butter' },
        { quantity: 0, note: '100 g unsalted butter' },
      ],
    });
    for (const look of [
      { name: 'phone-light', width: 390, height: 844 },
      { name: 'phone-dark', width: 390, height: 844, colorScheme: 'dark' as const },
      { name: 'phone-he', width: 390, height: 844, locale: 'he-IL' },
      { name: 'desktop-light', width: 1280, height: 800 },
    ]) {
      const { page } = await signedInPage(e2e, look);
      await page.goto(`/g/home/r/${slug}?edit=true`);
      await page.getByTestId('parse-ingredients').click();
      const rows = page.getByTestId('parsed-ingredient-row');
      await rows.nth(1).waitFor();
      // Salted butter is not one of the group's foods: not linked, and unsalted butter only offered.
      await expect(rows.nth(0).getAttribute('data-unlinked')).resolves.toBe('true');
      await rows.nth(0).getByTestId('parse-suggestions').waitFor();
      await expect(rows.nth(1).getAttribute('data-unlinked')).resolves.toBeNull();
      await screenshot(page, `ingredient-review/review-${look.name}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  }, 240_000);
});
