import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../server/test/harness.js';
import { multipart } from '../server/modules/recipe-media/test-fixtures.js';
import { type E2EContext, LOOKS, screenshot, signedInPage, startE2E } from './harness.js';
import { smallTouchTargets } from './touch.js';

// Issue 41: photos per step and a gallery per recipe — added in the editor at phone width, shown on the recipe
// page, in cook mode and in the print view. Screenshots: HEARTH_E2E_SHOTS (harness.ts).
let e2e: E2EContext;
let slug: string;

type Texts = Record<string, Record<string, Record<string, string>>>;
const texts = (locale: string): Texts => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'web/src/i18n/locales', `${locale}.json`), 'utf8'));

/** A photo-like picture: a gradient of two colours, so each is told apart in a screenshot. */
async function picture(from: string, to: string, width = 900, height = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#fff8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function upload(url: string, method: 'PUT' | 'POST', parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  const res = await e2e.api.app.inject({ method, url, headers: { ...e2e.api.admin, ...body.headers }, payload: body.payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function imagesNow() {
  return (await e2e.api.app.inject({ method: 'GET', url: `/api/recipes/${slug}/images`, headers: e2e.api.admin })).json() as {
    image: string;
    images: Array<{ id: string; stepId: string | null }>;
  };
}

beforeAll(async () => {
  e2e = await startE2E();
  const created = await e2e.api.app.inject({
    method: 'POST',
    url: '/api/recipes',
    headers: e2e.api.admin,
    payload: { name: 'Focaccia', recipeInstructions: [{ text: 'Stretch the dough into the tin and dimple it with oiled fingers.' }, { text: 'Bake until golden, 25 minutes.' }] },
  });
  slug = created.json();
  const recipe = (await e2e.api.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: e2e.api.admin })).json();
  const png = (name: string, data: Buffer) => ({ name: 'image', value: data, filename: name, contentType: 'image/png' });
  await upload(`/api/recipes/${slug}/image`, 'PUT', [png('main.png', await picture('#c8862a', '#7a4a12')), { name: 'extension', value: 'png' }]);
  await upload(`/api/recipes/${slug}/images`, 'POST', [png('dough.png', await picture('#e9dcc0', '#b79f72')), { name: 'stepId', value: recipe.recipeInstructions[0].id }]);
  await upload(`/api/recipes/${slug}/images`, 'POST', [png('crumb.png', await picture('#f2c572', '#a0522d'))]);
});
afterAll(async () => e2e?.close());

/** Every picture under the selector that is shown (not the print copy hidden on screen) is decoded. */
async function picturesShown(page: Page, selector: string): Promise<void> {
  await page.locator(`${selector}:visible`).first().waitFor();
  for (const el of await page.locator(`${selector}:visible img`).all()) await el.scrollIntoViewIfNeeded();
  await expect
    .poll(() => page.evaluate((s) => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>(`${s} img`)].filter((img) => img.getClientRects().length > 0);
      return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
    }, selector), { timeout: 30_000 })
    .toBe(true);
}

async function signedIn(look: (typeof LOOKS)[number]): Promise<Page> {
  const { page } = await signedInPage(e2e, { ...look, locale: 'en-US', language: look.locale });
  page.setDefaultTimeout(45_000); // two cores shared by many processes
  return page;
}

describe('recipe and step photos', () => {
  it('the editor adds a gallery photo and a step photo at phone width, 44 px targets, and makes a photo the main one with the keyboard', { timeout: 120_000 }, async () => {
    const page = await signedIn(LOOKS[2]);
    await page.goto(`/g/home/r/${slug}?edit=true`);
    const gallery = page.getByTestId('gallery-editor');
    await gallery.waitFor();
    await expect.poll(() => gallery.getByTestId('editable-image').count()).toBe(1);
    await page.getByTestId('gallery-image-input').setInputFiles({ name: 'olives.png', mimeType: 'image/png', buffer: await picture('#6b8e23', '#2f4f2f') });
    await expect.poll(() => gallery.getByTestId('editable-image').count(), { timeout: 30_000 }).toBe(2);
    await page.getByTestId('step-image-input-2').setInputFiles({ name: 'baked.png', mimeType: 'image/png', buffer: await picture('#d2a04c', '#8b5a2b') });
    const stepEditors = page.getByTestId('step-images-editor');
    await expect.poll(() => stepEditors.nth(1).getByTestId('editable-image').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await imagesNow()).images.filter((i) => i.stepId).length).toBe(2);

    await gallery.scrollIntoViewIfNeeded();
    const small = (await smallTouchTargets(page)).filter((target) => /photo|Photo/.test(target.what));
    expect(small, JSON.stringify(small)).toEqual([]);
    await screenshot(page, 'recipe-images/recipe-images-editor-phone-light', { fullPage: true });

    // The keyboard: focus "make photo 2 the main photo" and press Enter.
    const before = await imagesNow();
    const makeMain = gallery.getByRole('button', { name: 'Make photo 2 the main photo' });
    await makeMain.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await imagesNow()).image).not.toBe(before.image);
    expect((await imagesNow()).images.filter((i) => !i.stepId)).toHaveLength(2);
  });

  for (const look of LOOKS) {
    it(`shows the gallery and step photos on the page, in cook mode and in print (${look.tag})`, { timeout: 150_000 }, async () => {
      const { seriousAxeViolations } = await import('./axe.js');
      const t = texts(look.locale);
      const page = await signedIn(look);
      await page.goto(`/g/home/r/${slug}`);
      await picturesShown(page, '[data-testid="step-images"]');
      await picturesShown(page, '[data-testid="recipe-gallery"]');
      expect(await page.locator('[data-testid="step-images"]:visible').count()).toBe(2);
      if (look.locale === 'he-IL') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByTestId('recipe-gallery').scrollIntoViewIfNeeded();
      await screenshot(page, `recipe-images/recipe-images-page-${look.tag}`, { fullPage: true });
      const violations = await seriousAxeViolations(page, { context: { include: [['[data-testid="recipe-gallery"]'], ['[data-testid="step-images"]']] } });
      expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
      if (look.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width + 1);

      await page.getByRole('button', { name: t['recipe-ui'].cook.start }).first().click();
      await page.getByTestId('cook-step-number').waitFor();
      await picturesShown(page, '[data-testid="step-images"]');
      await screenshot(page, `recipe-images/recipe-images-cook-${look.tag}`);
      await page.getByRole('button', { name: t['recipe-ui'].cook.next }).click();
      await picturesShown(page, '[data-testid="step-images"]');
      if (look.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width + 1);

      await page.goto(`/g/home/r/${slug}/print`);
      await picturesShown(page, '[data-testid="step-images"]');
      await screenshot(page, `recipe-images/recipe-images-print-${look.tag}`, { fullPage: true });
      await page.emulateMedia({ media: 'print' });
      await picturesShown(page, '[data-testid="step-images"]');
    });
  }
});
