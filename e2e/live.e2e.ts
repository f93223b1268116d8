import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, signedInPage, startE2E } from './harness.js';

/** The app shell's household-stream subscriber refreshes what is on screen (issue 10). */
let e2e: E2EContext;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('live refresh', () => {
  it('shows a recipe created through the API on the open home page without a reload (desktop)', async () => {
    const { page } = await signedInPage(e2e, { width: 1280, height: 800 });
    // The stream is open and the home list loaded before the write, so only the live refresh can show it.
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/households/events/stream'), { timeout: 30_000 });
    const listLoaded = page.waitForResponse((r) => /\/api\/recipes\?/.test(r.url()), { timeout: 30_000 });
    await page.goto('/g/home');
    await Promise.all([streamOpen, listLoaded]);
    await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));
    const name = 'Live Stream Lasagne';
    expect(await page.getByText(name).count()).toBe(0);

    const created = await e2e.api.app.inject({ method: 'POST', url: '/api/recipes', headers: e2e.api.admin, payload: { name } });
    expect(created.statusCode, created.body).toBe(201);

    await page.getByText(name).first().waitFor({ state: 'visible', timeout: 10_000 });
    // Same document: the marker set before the write is still there.
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  });
});
