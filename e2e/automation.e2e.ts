import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../server/test/fake-receiver.js';
import { seriousAxeViolations } from './axe.js';
import { type E2EContext, screenshot, signedInPage, startE2E } from './harness.js';

let e2e: E2EContext;
let rx: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  rx = await startReceiver();
  e2e = await startE2E({}, { outbound: { allowLoopback: true } });
});
afterAll(async () => {
  await e2e?.close();
  await rx?.close();
});

async function signedIn(options?: Parameters<typeof signedInPage>[1]): Promise<Page> {
  const { page } = await signedInPage(e2e, options);
  return page;
}

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

describe.each(viewports)('automation on $name', ({ name, width, height }) => {
  it('creates a post action and triggers it from the recipe menu at scale 2', async () => {
    const page = await signedIn({ width, height });
    const slug = `action-soup-${name}`;
    const created = await e2e.api.app.inject({ method: 'POST', url: '/api/recipes', headers: e2e.api.admin, payload: { name: `Action Soup ${name}` } });
    expect(created.json()).toBe(slug);
    await e2e.api.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: e2e.api.admin, payload: { recipeServings: 2, recipeYieldQuantity: 3, recipeYield: 'bowls' } });

    await page.goto('/g/home/data/recipe-actions');
    await page.getByRole('button', { name: 'Create recipe action' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(`Send ${name}`);
    await dialog.getByLabel('Action type').click();
    await page.getByRole('option', { name: 'Post' }).click();
    await dialog.getByLabel('URL').fill(`${rx.base}/action/\${slug}?servings=\${servings}&yield=\${yieldQuantity}`);
    await screenshot(page, `automation/recipe-action-dialog-${name}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Send ${name}`).waitFor();
    await screenshot(page, `automation/recipe-actions-${name}`);

    await page.goto(`/g/home/r/${slug}`);
    await page.getByRole('button', { name: 'More servings' }).first().click();
    await page.getByRole('button', { name: 'More servings' }).first().click();
    const before = rx.received.length;
    await page.getByRole('button', { name: `More actions for Action Soup ${name}` }).first().click();
    await page.getByRole('menuitem', { name: `Send ${name}` }).click();
    await page.getByText('message sent').waitFor();
    await rx.waitFor(before + 1);
    const got = rx.received[before];
    expect(got.path).toBe(`/action/${slug}?servings=4&yield=6`);
    expect(JSON.parse(got.body)).toMatchObject({ scaledAmount: 4, recipeScale: 2, content: { slug } });

    // A failing receiver: the trigger itself is accepted (202) — the post happens in the background.
    await screenshot(page, `automation/recipe-action-sent-${name}`);
  });

  it('creates a json:// notifier, presses test and sees success', async () => {
    const page = await signedIn({ width, height });
    await page.goto('/household/notifiers');
    await page.getByRole('button', { name: 'Create notifier' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`Kitchen ${name}`);
    await dialog.getByLabel('Apprise URL').fill(`json://${rx.host}/notify-${name}`);
    await dialog.getByLabel('Recipe created').check();
    await screenshot(page, `automation/notifier-dialog-${name}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const card = page.getByTestId('notifier-card').filter({ hasText: `Kitchen ${name}` });
    await card.waitFor();
    const before = rx.received.length;
    await card.getByRole('button', { name: 'Test' }).click();
    // The test is sent in the background; its outcome shows on the card.
    await card.getByText(/^Last test delivered/).waitFor();
    expect(rx.received.slice(before).map((r) => r.path)).toEqual([`/notify-${name}`]);
    expect(JSON.parse(rx.received[before].body)).toMatchObject({ title: 'Test Notification' });
    await screenshot(page, `automation/notifiers-${name}`);

    // A dead receiver: the card says the last test failed, and why.
    rx.setResponder(() => ({ status: 500 }));
    await card.getByRole('button', { name: 'Test' }).click();
    await card.getByText(/^Last test failed/).waitFor();
    rx.setResponder(() => ({ status: 200 }));
  });

  it('creates a webhook with a local time and tests it', async () => {
    const page = await signedIn({ width, height, colorScheme: name === 'phone' ? 'dark' : 'light' });
    await page.goto('/household/webhooks');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`Plan ${name}`);
    await dialog.getByLabel('Webhook URL').fill(`${rx.base}/plan-${name}`);
    await dialog.getByLabel('Time').fill('07:30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const card = page.getByTestId('webhook-card').filter({ hasText: `Plan ${name}` });
    await card.waitFor();
    await card.getByText('Runs daily at 07:30').waitFor();
    const before = rx.received.length;
    await card.getByRole('button', { name: 'Test' }).click();
    // The test is sent in the background; its outcome shows on the card.
    await card.getByText(/^Last test delivered/).waitFor();
    expect(rx.received.slice(before).map((r) => r.path)).toEqual([`/plan-${name}`]);
    await screenshot(page, `automation/webhooks-${name}`);
  });
});

describe('automation accessibility and RTL', () => {
  it('has no serious axe violations on the notifiers and webhooks pages, and lays out in Arabic', async () => {
    const page = await signedIn();
    for (const route of ['/household/notifiers', '/household/webhooks', '/g/home/data/recipe-actions']) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const serious = (await seriousAxeViolations(page, { options: { resultTypes: ['violations'] } })).map((v) => v.id);
      expect(serious, route).toEqual([]);
    }
    // Signed in with Arabic as the chosen language.
    const rtl = await signedIn({ width: 390, height: 844, language: 'ar-SA' });
    await rtl.goto('/household/notifiers');
    await rtl.getByRole('heading', { level: 1 }).waitFor();
    expect(await rtl.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(rtl, 'automation/notifiers-rtl-phone');
  });
});
