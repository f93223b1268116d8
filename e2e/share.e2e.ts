import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH_PAGE, photograph, renderPage } from '../server/modules/ocr/test-pages.js';
import { seriousAxeViolations } from './axe.js';
import { type E2EContext, screenshot, signedInPage, startE2E } from './harness.js';

/**
 * "Share to Hearth" (the manifest's share_target): another app's share is a multipart POST to /share-target,
 * answered by the service worker. An address lands on the URL import with its preview; a photo on the photo import.
 */
let e2e: E2EContext;
let site: http.Server;
let siteUrl: string;

const SOUP_PAGE = `<!doctype html><html><head><title>Lentil soup</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: 'Shared Lentil Soup',
  recipeIngredient: ['200 g red lentils', '1 onion', '1 l vegetable stock'],
  recipeInstructions: [{ '@type': 'HowToStep', text: 'Soften the onion.' }, { '@type': 'HowToStep', text: 'Add lentils and stock; simmer 20 minutes.' }],
})}</script></head><body><h1>Shared Lentil Soup</h1></body></html>`;

beforeAll(async () => {
  e2e = await startE2E({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' }, { serviceWorkers: 'allow' });
  site = http.createServer((req, res) => {
    res.writeHead(req.url === '/soup.html' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url === '/soup.html' ? SOUP_PAGE : 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await e2e?.close();
});

/** Waits until the service worker controls the page: only then does the share reach it. */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // A page loaded before the worker was installed is taken over on its next load.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What a phone's share sheet sends: a multipart POST of the manifest's fields (and files) to its action. */
async function share(page: Page, fields: Record<string, string>, image?: { name: string; base64: string }) {
  await page.evaluate(
    ({ fields, image }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      if (image) {
        const input = document.createElement('input');
        input.type = 'file';
        input.name = 'images';
        const bytes = Uint8Array.from(atob(image.base64), (c) => c.charCodeAt(0));
        const files = new DataTransfer();
        files.items.add(new File([bytes], image.name, { type: 'image/jpeg' }));
        input.files = files.files;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { fields, image },
  );
}

describe('share to Hearth', () => {
  it('a shared address opens the URL import and shows its preview (phone)', async () => {
    const { page } = await signedInPage(e2e, { width: 390, height: 844 });
    await page.goto('/g/home');
    await controlled(page);
    await share(page, { title: 'Lentil soup', text: `Look at this soup: ${siteUrl}/soup.html!` });
    await page.waitForURL((url) => url.pathname === '/g/home/r/create/url' && url.searchParams.get('recipe_import_url') === `${siteUrl}/soup.html`);
    await page.getByText('Shared Lentil Soup').first().waitFor({ timeout: 30_000 });
    await page.getByText('red lentils').first().waitFor();
    await screenshot(page, 'share/url-preview-phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('a shared photo opens the photo import with the photo ready to read', async () => {
    const photo = await photograph(await renderPage(ENGLISH_PAGE), { rotate: 0, blur: 0 });
    const { page } = await signedInPage(e2e, { width: 390, height: 844, colorScheme: 'dark' });
    await page.goto('/g/home');
    await controlled(page);
    await share(page, {}, { name: 'card.jpg', base64: photo.toString('base64') });
    await page.waitForURL(/\/g\/home\/r\/create\/ocr\?shared=1$/);
    await page.getByRole('status').filter({ hasText: 'card.jpg' }).waitFor();
    await expect(page.getByTestId('ocr-read').isEnabled()).resolves.toBe(true);
    await screenshot(page, 'share/photo-phone-dark');
    // Taken once: the kept photo is gone from the worker's cache.
    await expect.poll(() => page.evaluate(() => caches.has('hearth-share'))).toBe(false);
    await page.getByTestId('ocr-read').click();
    await page.getByRole('heading', { name: 'Recognised text' }).waitFor({ timeout: 90_000 });
  }, 150_000);

  it('signed out, a share goes through sign-in and comes back to the import', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await page.goto('/login');
    await controlled(page);
    await share(page, { url: `${siteUrl}/soup.html` });
    await page.waitForURL((url) => url.pathname === '/login' && (url.searchParams.get('redirect') ?? '').startsWith('/share?'));
    const form = page.locator('form').filter({ has: page.locator('input[autocomplete="current-password"]') });
    await form.locator('input[autocomplete="username"]').fill('admin');
    await form.locator('input[autocomplete="current-password"]').fill('MyPassword');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/g/home/r/create/url');
    await page.getByText('Shared Lentil Soup').first().waitFor({ timeout: 30_000 });
  });

  it('offers the bookmarklet and the Shortcuts note where share targets are missing; a share the server gets asks again', async () => {
    const missed = await e2e.api.app.inject({ method: 'POST', url: '/share-target', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'url=https%3A%2F%2Fexample.org' });
    expect(missed.statusCode).toBe(303);
    expect(missed.headers.location).toBe('/share?missed=1');
    for (const look of [
      { name: 'desktop-dark', width: 1280, height: 800, colorScheme: 'dark' as const },
      { name: 'phone-he', width: 390, height: 844, locale: 'he-IL' },
    ]) {
      const { page } = await signedInPage(e2e, look);
      await page.goto('/g/home/r/create/url');
      const href = await page.getByTestId('bookmarklet').getAttribute('href');
      expect(href).toBe(`javascript:(()=>{location.href=${JSON.stringify(`${e2e.baseUrl}/share?url=`)}+encodeURIComponent(location.href)})()`);
      await screenshot(page, `share/bookmarklet-${look.name}`, { fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.goto('/share?missed=1');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, `share/missed-${look.name}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  }, 120_000);
});
