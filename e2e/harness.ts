import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { createTestContext, REPO_ROOT, type TestContext } from '../server/test/harness.js';

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** The browser's language (navigator.language). */
  locale?: string;
  /** Cookies and localStorage the context starts with (Playwright's storageState). */
  storageState?: BrowserContextOptions['storageState'];
}

export interface E2EContext {
  api: TestContext;
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (no cookies, no storage unless `storageState` gives some) with a page on it. */
  newPage(options?: PageOptions): Promise<{ page: Page; context: BrowserContext }>;
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

/**
 * Starts Hearth (API + built web app) on a free port with a fresh DATA_DIR and launches Debian's Chromium.
 * `serviceWorkers: 'allow'` for the files that test what the service worker does (offline, share target):
 * elsewhere it is blocked, as installing it makes every new browser context fetch and cache the whole app
 * (~250 files) that the look never uses.
 */
export async function startE2E(
  env: Record<string, string> = {},
  options: { port?: number; outbound?: { allowLoopback?: boolean }; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<E2EContext> {
  const webDir = path.join(REPO_ROOT, 'dist/web');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error('dist/web is missing: run `npx vite build` first (npm test does)');
  const api = await createTestContext({ env: { STATIC_FILES: webDir, ...env }, outbound: options.outbound });
  await api.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const serviceWorkers = options.serviceWorkers;
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
        storageState: options.storageState,
        serviceWorkers: serviceWorkers ?? 'block',
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

/** The app's localStorage keys (web/src/lib/storage.ts) and the session cookie the server sets at sign-in. */
const SIGN_IN_MARKER_KEY = 'hearth.auth.token';
const LANGUAGE_KEY = 'hearth.locale';
const SESSION_COOKIE = 'mealie.access_token';

const sessionTokens = new WeakMap<E2EContext, Map<string, string>>();

/** One session per user and file, opened through the API (POST /api/auth/token) the first time it is asked for. */
async function sessionToken(e2e: E2EContext, username: string, password: string): Promise<string> {
  let tokens = sessionTokens.get(e2e);
  if (!tokens) sessionTokens.set(e2e, (tokens = new Map()));
  const known = tokens.get(username);
  if (known) return known;
  const token = (await e2e.api.login(username, password)).authorization.replace(/^Bearer /, '');
  tokens.set(username, token);
  return token;
}

/**
 * A page whose browser is already signed in, as the login form leaves it: the HttpOnly session cookie and the
 * app's sign-in marker in localStorage. The login form itself is tested by auth.e2e.ts; a look of another
 * screen starts here and goes straight to its screen. `language` is the language chosen in the app (what
 * the language menu stores), as opposed to `locale`, the browser's; `localStorage` holds other stored
 * choices. Nothing is loaded yet: goto the screen.
 */
export async function signedInPage(
  e2e: E2EContext,
  options: Omit<PageOptions, 'storageState'> & { language?: string; localStorage?: Record<string, string> } = {},
  user: { username: string; password: string } = { username: 'admin', password: 'MyPassword' },
): Promise<{ page: Page; context: BrowserContext }> {
  const token = await sessionToken(e2e, user.username, user.password);
  const { language, localStorage: stored = {}, ...look } = options;
  const localStorage = Object.entries({ ...stored, ...(language ? { [LANGUAGE_KEY]: language } : {}), [SIGN_IN_MARKER_KEY]: `signed-in:e2e-${user.username}` }).map(([name, value]) => ({ name, value }));
  const { hostname } = new URL(e2e.baseUrl);
  return e2e.newPage({
    ...look,
    storageState: {
      cookies: [{ name: SESSION_COOKIE, value: token, domain: hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }],
      origins: [{ origin: e2e.baseUrl, localStorage }],
    },
  });
}

/**
 * Screenshots are for people to look at, not for the tests: written only when HEARTH_E2E_SHOTS names a
 * folder (`HEARTH_E2E_SHOTS=/tmp/shots npx vitest run --config e2e/vitest.config.ts`), so CI does not pay for
 * encoding them. `name` may hold a sub-folder ("mealplans/planner-edit-phone").
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const folder = process.env.HEARTH_E2E_SHOTS;
  if (!folder) return;
  const file = path.join(folder, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await target.screenshot({ path: file, ...options });
}
