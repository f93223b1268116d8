import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { HAS_IMPORT_DEV, MISSING_IMPORT_DEV, openAiEnv, PAGES, startFakeOpenAi, startFakeSite, type FakeServer } from './testing.js';

type Headers = Record<string, string>;

async function waitForReport(ctx: TestContext, headers: Headers, reportId: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/groups/reports/${reportId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    if (res.json().status !== 'in-progress') return res.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the bulk import did not finish');
}

describe.skipIf(!HAS_IMPORT_DEV)(`import by URL from a recipe site${MISSING_IMPORT_DEV}`, () => {
  let ctx: TestContext;
  let site: FakeServer;

  beforeAll(async () => {
    site = await startFakeSite();
    ctx = await createTestContext({ env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true' } });
  });
  afterAll(async () => {
    await ctx?.close();
    await site?.close();
  });

  const importUrl = (url: string, includeTags = false, headers: Headers = ctx.admin) =>
    ctx.app.inject({ method: 'POST', url: '/api/recipes/create/url', headers, payload: { url, includeTags } });
  const getRecipe = async (slug: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it.each(PAGES)('$file: $ingredients ingredients and $steps steps, with its image', async ({ file, ingredients, steps }) => {
    const url = `${site.base}/recipes/${file}`;
    const res = await importUrl(url);
    expect(res.statusCode, res.body).toBe(201);
    const slug = res.json() as string;
    expect(typeof slug).toBe('string');
    const recipe = await getRecipe(slug);
    expect(recipe.recipeIngredient).toHaveLength(ingredients);
    expect(recipe.recipeInstructions).toHaveLength(steps);
    expect(recipe.orgURL).toBe(url);
    // Every line keeps the text as written; most are parsed into amount, unit and food so they scale.
    for (const line of recipe.recipeIngredient) expect(line.originalText || line.title).toBeTruthy();
    const parsed = recipe.recipeIngredient.filter((line: { food: unknown }) => line.food).length;
    expect(parsed / ingredients).toBeGreaterThanOrEqual(0.5);
    expect(recipe.image).toBeTruthy();
    expect(await ctx.deps.storage.exists(`recipes/${recipe.id}/images/original.webp`)).toBe(true);
  });

  it('three-cup chicken: its slug, nutrition, times and servings', async () => {
    const res = await importUrl(`${site.base}/recipes/taiwanese-three-cup-chicken-san-bei-gi-recipe.html`);
    expect(res.statusCode, res.body).toBe(201);
    // The same page was imported above: the second copy gets a suffixed slug.
    expect(res.json()).toMatch(/^taiwanese-three-cup-chicken-san-bei-ji-recipe(-\d+)?$/);
    const first = await getRecipe('taiwanese-three-cup-chicken-san-bei-ji-recipe');
    expect(first.nutrition).toMatchObject({ calories: '445', sodiumContent: '735', unsaturatedFatContent: '0' });
    expect(Object.values(first.nutrition).filter((value) => value !== null)).toHaveLength(10);
    expect(first).toMatchObject({ totalTime: '30 minutes', recipeServings: 6 });
  });

  it('detroit pizza: 12 tags with includeTags, none without', async () => {
    const url = `${site.base}/recipes/detroit-style-pepperoni-pizza.html`;
    const withTags = await getRecipe((await importUrl(url, true)).json());
    expect(withTags.tags).toHaveLength(12);
    expect(withTags.tags.map((tag: { name: string }) => tag.name)).toContain('pizza dough');
    const withoutTags = await getRecipe((await importUrl(url, false)).json());
    expect(withoutTags.tags).toEqual([]);
  });

  it('a page without recipe markup gives name, description and image from its meta tags, and its lines from its headings', async () => {
    const res = await importUrl(`${site.base}/recipes/carottes-rapps-with-rice-and-sunflower-seeds.html`);
    expect(res.statusCode, res.body).toBe(201);
    const recipe = await getRecipe(res.json());
    expect(recipe.name).toBe('Carottes Rappés with Rice and Sunflower Seeds');
    expect(recipe.description).toMatch(/^Carottes Râpées/);
    expect(recipe.image).toBeTruthy();
    expect(recipe.recipeIngredient).toHaveLength(10);
    expect(recipe.recipeIngredient[0].originalText).toBe('1/2 lb carrots, finely julienned or grated');
    expect(recipe.recipeInstructions[0].text).toMatch(/^Prepare rice per package directions/);
  });

  it('follows a redirect and keeps the address it was given as orgURL', async () => {
    const url = `${site.base}/moved/sous-vide-shrimp.html`;
    const recipe = await getRecipe((await importUrl(url)).json());
    expect(recipe.orgURL).toBe(url);
    expect(recipe.recipeIngredient).toHaveLength(5);
  });

  it('a page without a recipe, a missing page and a bad address are 400s with a message', async () => {
    const noRecipe = await importUrl(`${site.base}/recipes/mealie-recipe.html`);
    expect(noRecipe.statusCode).toBe(400);
    expect(noRecipe.json().detail.message).toBe('No recipe found at this address');
    const missing = await importUrl(`${site.base}/recipes/nothing-here.html`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail.message).toBe('Could not fetch the URL');
    const bad = await importUrl('not a url');
    expect(bad.statusCode).toBe(400);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/recipes/create/url', headers: ctx.admin, payload: {} });
    expect(empty.statusCode).toBe(422);
  });

  it('test-scrape-url answers the recipe without saving it', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: ctx.admin })).json().total;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/recipes/test-scrape-url',
      headers: ctx.admin,
      payload: { url: `${site.base}/recipes/jam-roly-poly-with-custard.html`, useOpenAI: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const scraped = res.json();
    expect(scraped.recipeIngredient).toHaveLength(11);
    expect(scraped.recipeInstructions).toHaveLength(9);
    expect(scraped.recipeIngredient[0].title).toBe('Roly poly');
    expect(scraped.extractionMethod).toBe('microdata');
    expect(scraped.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ext\//);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: ctx.admin })).json().total;
    expect(after).toBe(before);
  });

  it('bulk import: one bad URL never stops the rest, and the report says why it failed', async () => {
    const member = await createMember(ctx);
    const imports = [
      { url: `${site.base}/recipes/sous-vide-smoked-beef-ribs.html`, tags: [{ name: 'Bulk Tag' }] },
      { url: `${site.base}/recipes/missing-page.html` },
      { url: `${site.base}/recipes/mealie-recipe.html` },
      { url: `${site.base}/recipes/schinken-kase-waffeln-ohne-viel-schnickschnack.html`, categories: [{ name: 'Waffles' }] },
    ];
    const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes/create/url/bulk', headers: member.headers, payload: { imports } });
    expect(res.statusCode, res.body).toBe(202);
    const { reportId } = res.json();
    const report = await waitForReport(ctx, member.headers, reportId);
    expect(report).toMatchObject({ category: 'bulk_import', status: 'partial', groupId: member.user.groupId });
    expect(report.entries.map((entry: { success: boolean }) => entry.success)).toEqual([true, false, false, true]);
    expect(report.entries[1].message).toContain('missing-page.html');
    expect(report.entries[1].message).toMatch(/Could not fetch the URL/);
    expect(report.entries[2].message).toContain('No recipe found at this address');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/groups/reports?report_type=bulk_import', headers: member.headers });
    expect(list.json().map((r: { id: string }) => r.id)).toContain(reportId);

    const all = await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: member.headers });
    const mine = all.json().items.filter((r: { userId: string }) => r.userId === member.user.id);
    expect(mine).toHaveLength(2);
    const ribs = mine.find((r: { tags: Array<{ name: string }> }) => r.tags.some((t) => t.name === 'Bulk Tag'));
    expect(ribs).toBeTruthy();
    const waffles = mine.find((r: { recipeCategory: Array<{ name: string }> }) => r.recipeCategory.some((c) => c.name === 'Waffles'));
    expect(waffles).toBeTruthy();
  });
});

describe.skipIf(!HAS_IMPORT_DEV)(`test-scrape-url with useOpenAI${MISSING_IMPORT_DEV}`, () => {
  it('sends the page text to the chat model and answers its recipe, with the address as orgURL', async () => {
    const site = await startFakeSite();
    const openai = await startFakeOpenAi(() => ({ name: 'Model Shrimp', recipeIngredient: ['1 lb shrimp'], recipeInstructions: ['Cook sous vide.'] }));
    const ctx = await createTestContext({ env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true', ...openAiEnv(openai) } });
    try {
      const url = `${site.base}/recipes/sous-vide-shrimp.html`;
      const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes/test-scrape-url', headers: ctx.admin, payload: { url, useOpenAI: true } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Model Shrimp', orgURL: url, recipeIngredient: [{ note: '1 lb shrimp' }] });
      const sent = JSON.parse(openai.requests[0].body);
      expect(sent.messages[1].content).toMatch(/shrimp/i);
      expect(sent.messages[1].content).not.toMatch(/<script/);
    } finally {
      await ctx.close();
      await openai.close();
      await site.close();
    }
  });
});

describe('import by URL without ALLOW_PRIVATE_NETWORK_FETCH', () => {
  let ctx: TestContext;
  let site: FakeServer;

  beforeAll(async () => {
    site = await startFakeSite();
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
    await site?.close();
  });

  it('refuses loopback and private addresses (SSRF)', async () => {
    for (const url of [`${site.base}/recipes/sous-vide-shrimp.html`, 'http://localhost:9/x', 'http://10.1.2.3/x', 'http://[::1]/x']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes/create/url', headers: ctx.admin, payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail.message).toBe('Url is not from an allowed domain');
      // Mealie's detail.exception names the kind, so a client can say why and what allows it (issue 40 item 9).
      expect(res.json().detail.exception).toBe('BlockedAddress');
    }
    expect(site.requests).toHaveLength(0);
    const scrape = await ctx.app.inject({ method: 'POST', url: '/api/recipes/test-scrape-url', headers: ctx.admin, payload: { url: `${site.base}/recipes/x.html` } });
    expect(scrape.statusCode).toBe(400);
  });

  it('requires a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes/create/url', payload: { url: 'https://example.com' } });
    expect(res.statusCode).toBe(401);
  });
});
