import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { createTestContext, REPO_ROOT, type TestContext } from '../server/test/harness.js';

export interface E2EContext {
  api: TestContext;
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (no cookies, no storage) with a page on it. */
  newPage(options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; locale?: string }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts Hearth (API + built web app) on a free port with a fresh DATA_DIR and launches Debian's Chromium. */
export async function startE2E(env: Record<string, string> = {}, options: { port?: number; outbound?: { allowLoopback?: boolean } } = {}): Promise<E2EContext> {
  const webDir = path.join(REPO_ROOT, 'dist/web');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error('dist/web is missing: run `npx vite build` first (npm test does)');
  const api = await createTestContext({ env: { STATIC_FILES: webDir, ...env }, outbound: options.outbound });
  await api.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    api,
    baseUrl,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        colorScheme: options.colorScheme ?? 'light',
        locale: options.locale ?? 'en-US',
      });
      contexts.push(context);
      // A page left open keeps its renderer busy (live streams, refetches) through every later test of the file:
      // each context is closed when the test that opened it ends. One opened outside a test (beforeAll) stays
      // until close().
      try {
        onTestFinished(() => context.close().catch(() => undefined));
      } catch {
        // not inside a test
      }
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { page, context };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await api.close();
    },
  };
}

/** POSTs as the default admin, for a test's set-up; an answer other than 2xx fails the set-up with its body. */
export async function postAsAdmin(e2e: E2EContext, url: string, payload: object) {
  const res = await e2e.api.app.inject({ method: 'POST', url, headers: e2e.api.admin, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The looks a screen is checked in: desktop and phone, light and dark, and one right-to-left language. */
export const LOOKS = [
  { tag: 'desktop-light', width: 1280, height: 900, colorScheme: 'light', locale: 'en-US' },
  { tag: 'desktop-dark', width: 1280, height: 900, colorScheme: 'dark', locale: 'en-US' },
  { tag: 'phone-light', width: 390, height: 844, colorScheme: 'light', locale: 'en-US' },
  { tag: 'phone-dark', width: 390, height: 844, colorScheme: 'dark', locale: 'en-US' },
  { tag: 'phone-he', width: 390, height: 844, colorScheme: 'light', locale: 'he-IL' },
] as const;

/** Signs in through the login form, found by its fields' autocomplete roles so it works in any language. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[autocomplete="current-password"]') });
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[autocomplete="current-password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}
