import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../server/test/fake-smtp.js';
import { type E2EContext, screenshot, signedInPage, startE2E } from './harness.js';
import { seriousAxeViolations } from './axe.js';

/** Cookbooks, the public explore view, settings and invitations in a real browser, on desktop and phone. */
let e2e: E2EContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  smtp = await startFakeSmtp();
  e2e = await startE2E({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM_EMAIL: 'hearth@example.com', SMTP_AUTH_STRATEGY: 'NONE' });
  for (const [name, tags] of [['Pumpkin Soup', ['Soup']], ['Lentil Soup', ['Soup']], ['Apple Pie', ['Dessert']]] as const) {
    const slug = (await api('POST', '/api/recipes', { name })).body as string;
    expect((await api('PATCH', `/api/recipes/${slug}`, { tags: tags.map((t) => ({ name: t })) })).status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await e2e?.close();
  await smtp?.close();
});

async function api(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.body ? (res.json() as unknown) : null };
}

async function shot(page: Page, name: string) {
  await screenshot(page, `households/${name}`);
}

/** axe-core on the page's content (the shared chrome is checked by its own tests): no serious or critical violations. */
async function expectAccessible(page: Page) {
  // UserAvatar's default colours are the shared component's (reported to the lead), not this area's.
  const violations = await seriousAxeViolations(page, {
    context: { include: ['main', '[role="dialog"]'], exclude: ['.MuiAvatar-colorDefault'] },
    options: { resultTypes: ['violations'] },
  });
  expect(violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => [n.target, n.html, n.summary]))}`)).toEqual([]);
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

async function cookbookNames(page: Page) {
  return page.getByTestId('cookbook-card').getByRole('link').allTextContents();
}

describe('cookbooks', () => {
  it('makes a "Soups" cookbook from a tag filter with a live count, and lists its recipes', async () => {
    const { page } = await signedInPage(e2e);
    await page.goto('/g/home/cookbooks');
    await page.getByRole('heading', { name: 'Cookbooks', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create cookbook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create cookbook' });
    await dialog.getByLabel('Name').fill('Soups');
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await dialog.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Tags' }).click();
    await dialog.getByRole('combobox', { name: 'Tags' }).fill('Sou');
    await page.getByRole('option', { name: 'Soup' }).click();
    await dialog.getByText('2 recipes match').waitFor();
    await shot(page, 'cookbook-editor-desktop-light');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Soups' }).first().waitFor();
    const saved = (await api('GET', '/api/households/cookbooks')).body as { items: Array<{ name: string; queryFilterString: string }> };
    expect(saved.items.find((c) => c.name === 'Soups')?.queryFilterString).toMatch(/^tags\.id IN \["[0-9a-f-]+"\]$/);
    await expectAccessible(page);
    // The sidebar lists it too; its page shows exactly the soups, with a search inside.
    await page.getByRole('navigation', { name: 'Cookbooks' }).getByRole('link', { name: 'Soups' }).waitFor();
    await page.getByTestId('cookbook-card').getByRole('link', { name: 'Soups' }).click();
    await page.waitForURL(/\/g\/home\/cookbooks\/soups$/);
    await page.getByRole('heading', { name: 'Soups', level: 1 }).waitFor();
    await page.getByText('2 recipes').waitFor();
    await expect(page.getByText('Apple Pie').count()).resolves.toBe(0);
    await page.getByLabel('Search this cookbook').fill('lentil');
    await page.getByText('1 recipe', { exact: true }).waitFor();
    await shot(page, 'cookbook-page-desktop-light');
  });

  it('reorders two cookbooks by keyboard and saves the order', async () => {
    await api('POST', '/api/households/cookbooks', { name: 'Breakfast', position: 10 });
    await api('POST', '/api/households/cookbooks', { name: 'Dinner', position: 11 });
    const { page } = await signedInPage(e2e, { colorScheme: 'dark' });
    await page.goto('/g/home/cookbooks');
    await page.getByTestId('cookbook-card').first().waitFor();
    const before = await cookbookNames(page);
    expect(before.indexOf('Dinner')).toBe(before.indexOf('Breakfast') + 1);
    await page.getByRole('button', { name: 'Move Dinner up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cookbookNames(page)).toEqual(
      before.map((n) => (n === 'Breakfast' ? 'Dinner' : n === 'Dinner' ? 'Breakfast' : n)),
    );
    await expect
      .poll(async () => ((await api('GET', '/api/households/cookbooks?orderBy=position&orderDirection=asc')).body as { items: Array<{ name: string; position: number }> }).items.map((c) => c.name))
      .toEqual(before.map((n) => (n === 'Breakfast' ? 'Dinner' : n === 'Dinner' ? 'Breakfast' : n)));
    const positions = ((await api('GET', '/api/households/cookbooks')).body as { items: Array<{ position: number }> }).items.map((c) => c.position).sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
    // The drag handle moves with the keyboard too (space, arrow, space).
    const handle = page.getByRole('button', { name: 'Drag to reorder Breakfast' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.locator('[aria-pressed="true"]').first().waitFor(); // picked up
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect.poll(async () => {
      const names = await cookbookNames(page);
      return names.indexOf('Breakfast') < names.indexOf('Dinner');
    }).toBe(true);
    await shot(page, 'cookbooks-desktop-dark');
    await expectAccessible(page);
  });

  it('hides other households’ cookbooks when the preference is on', async () => {
    const neighbour = await e2e.api.app.inject({ method: 'POST', url: '/api/admin/households', headers: e2e.api.admin, payload: { name: 'Next Door', groupId: ((await api('GET', '/api/groups/self')).body as { id: string }).id } });
    expect(neighbour.statusCode).toBe(201);
    await e2e.api.deps.db
      .insertInto('cookbooks')
      .values({ id: '11111111-1111-4111-8111-111111111111', group_id: neighbour.json().groupId, household_id: neighbour.json().id, name: 'Neighbour Bakes', slug: 'neighbour-bakes', description: '', position: 1, public: false, query_filter_string: '', require_all_categories: true, require_all_tags: true, require_all_tools: true, created_at: new Date().toISOString(), update_at: new Date().toISOString() })
      .execute();
    const { page } = await signedInPage(e2e);
    await page.goto('/g/home/cookbooks');
    await page.getByRole('heading', { name: 'Other households' }).waitFor();
    await page.getByRole('link', { name: 'Neighbour Bakes' }).first().waitFor();
    await page.getByLabel('Hide cookbooks of other households').check();
    await page.getByRole('link', { name: 'Neighbour Bakes' }).first().waitFor({ state: 'detached' });
    await expect(page.getByRole('navigation', { name: 'Cookbooks' }).getByRole('link', { name: 'Neighbour Bakes' }).count()).resolves.toBe(0);
    await page.reload();
    await page.getByTestId('cookbook-card').first().waitFor();
    await expect(page.getByRole('link', { name: 'Neighbour Bakes' }).count()).resolves.toBe(0);
  });
});

describe('public explore', () => {
  it('shows a signed-out visitor only the public cookbook of a public group, on desktop and phone', async () => {
    await api('POST', '/api/households/cookbooks', { name: 'Open Kitchen', public: true, queryFilterString: 'tags.name IN ["Soup"]' });
    await api('POST', '/api/households/cookbooks', { name: 'Secret Stash', public: false });
    expect((await api('PUT', '/api/groups/preferences', { privateGroup: false })).status).toBe(200);
    expect((await api('PUT', '/api/households/preferences', { privateHousehold: false })).status).toBe(200);
    for (const [label, size] of [['desktop', undefined], ['phone', PHONE]] as const) {
      const { page } = await e2e.newPage(size ?? {});
      await page.goto('/g/home');
      await page.getByRole('link', { name: 'Open Kitchen' }).first().waitFor();
      await page.getByText('Pumpkin Soup').first().waitFor();
      await expect(page.getByText('Secret Stash').count()).resolves.toBe(0);
      await shot(page, `explore-home-${label}-light`);
      await page.goto('/g/home/cookbooks');
      await page.getByRole('link', { name: 'Open Kitchen' }).waitFor();
      expect(await cookbookNames(page)).toEqual(['Open Kitchen']);
      await expect(page.getByRole('button', { name: 'Create cookbook' }).count()).resolves.toBe(0);
      await noHorizontalScroll(page);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Open Kitchen' }).click();
      await page.getByRole('heading', { name: 'Open Kitchen', level: 1 }).waitFor();
      await page.getByText('2 recipes').waitFor();
      await shot(page, `explore-cookbook-${label}-light`);
    }
    // A private group shows visitors nothing: they are sent to log in.
    expect((await api('PUT', '/api/groups/preferences', { privateGroup: true })).status).toBe(200);
    const { page } = await e2e.newPage();
    await page.goto('/g/home');
    await page.waitForURL(/\/login/);
  });
});

describe('household and group settings, invitations', () => {
  it('invites a member by link and e-mail, who registers through the link into the household', async () => {
    const { page } = await signedInPage(e2e);
    await page.goto('/household/members');
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByLabel('Number of uses').fill('2');
    await dialog.getByRole('button', { name: 'Generate link' }).click();
    const link = await dialog.getByTestId('invite-link').inputValue();
    expect(link).toMatch(/\/register\?token=[\w-]+$/);
    await dialog.getByLabel('Email address').fill('newcomer@example.com');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Invitation sent to newcomer@example.com').waitFor();
    expect(smtp.inbox.at(-1)!.raw.replace(/=\r\n/g, '')).toContain(new URL(link).search);
    await expectAccessible(page);
    await shot(page, 'invite-dialog-desktop-light');

    const visitor = await e2e.newPage(PHONE);
    await visitor.page.goto(new URL(link).pathname + new URL(link).search);
    await visitor.page.getByText('You are joining a household with an invitation.').waitFor();
    await visitor.page.getByLabel('Full name').fill('New Comer');
    await visitor.page.getByLabel('Username').fill('newcomer');
    await visitor.page.getByLabel('Email').fill('newcomer@example.com');
    await visitor.page.getByLabel('Password', { exact: true }).fill('Brand-new-Pa55!');
    await visitor.page.getByLabel('Confirm password').fill('Brand-new-Pa55!');
    await visitor.page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(async () => ((await api('GET', '/api/households/members')).body as { items: Array<{ username: string }> }).items.map((u) => u.username)).toContain('newcomer');
    const tokens = (await api('GET', '/api/households/invitations')).body as Array<{ usesLeft: number }>;
    expect(tokens).toEqual([expect.objectContaining({ usesLeft: 1 })]);
  });

  // Every settings screen in three looks, with its accessibility check: a generous last guard for a loaded machine.
  it('saves household preferences and group privacy, shows storage; one’s own permissions are locked', { timeout: 240_000 }, async () => {
    const recipes = (await api('GET', '/api/recipes?perPage=-1')).body as { items: Array<{ id: string }> };
    for (const [subject, eventType] of [['Made it for friends', 'info'], ['Recipe updated', 'system'], ['Lovely!', 'comment']] as const) {
      expect((await api('POST', '/api/recipes/timeline/events', { recipeId: recipes.items[0].id, subject, eventType, eventMessage: 'A note' })).status).toBe(201);
    }
    for (const [label, size, scheme, locale] of [['desktop-light', {}, 'light', 'en-US'], ['phone-dark', PHONE, 'dark', 'en-US'], ['phone-rtl', PHONE, 'light', 'ar-SA']] as const) {
      const { page } = await signedInPage(e2e, { ...size, colorScheme: scheme, language: locale });
      await page.goto('/household');
      if (locale === 'ar-SA') await page.locator('html[dir="rtl"]').waitFor({ state: 'attached' });
      await page.getByRole('combobox').first().waitFor();
      if (locale === 'en-US') {
        const lock = page.getByLabel('Lock recipe edits from other households');
        const was = await lock.isChecked();
        await lock.click();
        await expect.poll(async () => ((await api('GET', '/api/households/preferences')).body as { lockRecipeEditsFromOtherHouseholds: boolean }).lockRecipeEditsFromOtherHouseholds).toBe(!was);
        await page.getByLabel('First day of the week').click();
        await page.getByRole('option', { name: 'Monday' }).click();
        await expect.poll(async () => ((await api('GET', '/api/households/preferences')).body as { firstDayOfWeek: number }).firstDayOfWeek).toBe(1);
      }
      await noHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `household-settings-${label}`);
      await page.goto('/group');
      await page.getByRole('progressbar').waitFor();
      if (locale === 'en-US') {
        const privacy = page.getByLabel('Private group');
        const was = await privacy.isChecked();
        await privacy.click();
        await expect.poll(async () => ((await api('GET', '/api/groups/preferences')).body as { privateGroup: boolean }).privateGroup).toBe(!was);
      }
      await noHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `group-settings-${label}`);
      await page.goto('/household/members');
      await page.getByRole('switch').first().waitFor();
      if (locale === 'en-US') {
        const own = page.getByRole('switch', { name: 'Manage: Change Me' }).first();
        await expect(own.isDisabled()).resolves.toBe(true);
      }
      await noHorizontalScroll(page);
      await shot(page, `members-${label}`);
      await page.goto('/g/home/cookbooks');
      await page.getByTestId('cookbook-card').first().waitFor();
      await noHorizontalScroll(page);
      await shot(page, `cookbooks-${label}`);
      await page.goto('/g/home/recipes/timeline');
      await page.getByRole('group').first().waitFor();
      await noHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `timeline-${label}`);
    }
  });
});
