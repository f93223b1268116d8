import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../server/test/harness.js';
import { type E2EContext, signedInPage, startE2E } from './harness.js';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

async function api(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) {
  const res = await e2e.api.app.inject({ method, url, headers: e2e.api.admin, payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.body ? (res.json() as unknown) : null };
}

describe('organizer pages', () => {
  it('a tag created through the API is listed, and its page shows its recipe', async () => {
    const tag = await api('POST', '/api/organizers/tags', { name: 'Weeknight Wonders' });
    expect(tag.status).toBe(201);
    const created = await api('POST', '/api/recipes', { name: 'Garlic Butter Pasta' });
    expect(created.status).toBe(201);
    const slug = created.body as string;
    expect((await api('PATCH', `/api/recipes/${slug}`, { tags: [{ slug: 'weeknight-wonders' }] })).status).toBe(200);

    const { page } = await signedInPage(e2e);
    await page.goto('/g/home/recipes/tags');
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    // The filter box narrows the list.
    await page.getByLabel('Filter by name').fill('weeknight');
    await page.getByRole('link', { name: 'Weeknight Wonders' }).click();
    await page.waitForURL(/\/g\/home\/recipes\/tags\/weeknight-wonders$/);
    await page.getByRole('heading', { name: 'Weeknight Wonders', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Garlic Butter Pasta' }).waitFor();
    // An organizer may rename and delete it.
    await expect(page.getByRole('button', { name: 'Edit', exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Delete', exact: true }).count()).resolves.toBe(1);
  });

  it('an organizer creates, renames and deletes a category; tools have an on-hand switch', async () => {
    const { page } = await signedInPage(e2e);
    await page.goto('/g/home/recipes/categories');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create category' });
    await dialog.getByLabel('Name').fill('Brunch');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: 'Brunch' }).waitFor();

    await page.getByRole('button', { name: 'Edit: Brunch' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit category' });
    await edit.getByLabel('Name').fill('Sunday Brunch');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Sunday Brunch' }).waitFor();

    await page.getByRole('button', { name: 'Delete: Sunday Brunch' }).click();
    await page.getByRole('dialog', { name: 'Delete category' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('link', { name: 'Sunday Brunch' }).waitFor({ state: 'detached' });

    expect((await api('POST', '/api/organizers/tools', { name: 'Cast iron pan' })).status).toBe(201);
    await page.goto('/g/home/recipes/tools');
    const onHand = page.getByRole('switch', { name: 'On hand: Cast iron pan' }).or(page.getByRole('checkbox', { name: 'On hand: Cast iron pan' }));
    await expect(onHand.isChecked()).resolves.toBe(false);
    await onHand.click();
    await expect.poll(async () => {
      const tools = await api('GET', '/api/organizers/tools?perPage=-1');
      return (tools.body as { items: { name: string; onHand: boolean }[] }).items.find((t) => t.name === 'Cast iron pan')?.onHand;
    }).toBe(true);
  });

  it('a member without canOrganize sees no edit actions and cannot open the data pages', async () => {
    await api('POST', '/api/organizers/categories', { name: 'Soups' });
    await createMember(e2e.api, { username: 'reader', password: 'reader-password-1', flags: { canOrganize: false } });
    const { page } = await signedInPage(e2e, {}, { username: 'reader', password: 'reader-password-1' });
    await page.goto('/g/home/recipes/categories');
    await page.getByRole('link', { name: 'Soups' }).waitFor();
    await expect(page.getByRole('button', { name: 'Create' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Edit/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);
    // No data links in the sidebar, and the page itself sends them home.
    await expect(page.getByRole('link', { name: 'Foods' }).count()).resolves.toBe(0);
    await page.goto('/g/home/data/foods');
    await page.waitForURL(/\/g\/home$/);
  });
});

describe('data pages', () => {
  it('seeds foods, then merges one food into another', async () => {
    const { page } = await signedInPage(e2e);
    await page.goto('/g/home/data/foods');
    await page.getByText('No foods yet').waitFor();

    await page.getByRole('button', { name: 'Seed' }).click();
    const seed = page.getByRole('dialog', { name: 'Seed foods' });
    // The language defaults to the interface's.
    await seed.getByText('American English').waitFor();
    await seed.getByRole('button', { name: 'Seed' }).click();
    await seed.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'apple', exact: true }).waitFor();

    // The search box asks the server.
    const search = page.getByRole('main').getByLabel('Search');
    await search.fill('apricot');
    await page.getByRole('cell', { name: 'apricot', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'apple', exact: true }).waitFor({ state: 'detached' });
    await search.fill('');

    const foods = async () =>
      ((await api('GET', '/api/foods?perPage=-1')).body as { items: { id: string; name: string }[] }).items;
    const before = await foods();
    expect(before.some((f) => f.name === 'apple')).toBe(true);

    await page.getByRole('button', { name: 'Merge' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge foods' });
    await merge.getByLabel('Merge this one…').fill('apple');
    await page.getByRole('option', { name: 'apple', exact: true }).click();
    await merge.getByLabel('…into this one').fill('apricot');
    await page.getByRole('option', { name: 'apricot', exact: true }).click();
    await merge.getByText('will use "apricot" instead').waitFor();
    await merge.getByRole('button', { name: 'Merge' }).click();
    await merge.waitFor({ state: 'detached' });

    await expect.poll(async () => (await foods()).some((f) => f.name === 'apple')).toBe(false);
    expect((await foods()).some((f) => f.name === 'apricot')).toBe(true);
    await page.getByRole('cell', { name: 'apple', exact: true }).waitFor({ state: 'detached' });
  });
});
