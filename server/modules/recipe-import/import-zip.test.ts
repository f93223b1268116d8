import { ZipArchive } from 'archiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { makeJpeg } from './testing.js';

type Headers = Record<string, string>;

async function zipOf(files: Array<{ name: string; data: Buffer | string }>): Promise<Buffer> {
  const archive = new ZipArchive();
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const file of files) archive.append(file.data, { name: file.name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

function multipart(field: string, filename: string, data: Buffer) {
  const boundary = '----hearthtest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Mealie's export dumps the recipe without aliases: snake_case keys, orgURL as org_url, extras as they are. */
function toSnakeCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnakeCase);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const snake = key === 'orgURL' ? 'org_url' : key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
      return [snake, key === 'extras' ? inner : toSnakeCase(inner)];
    }),
  );
}

describe('import from a zip export', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const importZip = (headers: Headers, data: Buffer, field = 'archive') => {
    const body = multipart(field, 'recipe.zip', data);
    return ctx.app.inject({ method: 'POST', url: '/api/recipes/create/zip', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const getRecipe = async (headers: Headers, slug: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** The export API's zip: POST {slug}/exports for a token, then GET {slug}/exports/zip?token=. */
  async function exportRecipe(slug: string): Promise<Buffer> {
    const token = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/exports`, headers: ctx.admin });
    expect(token.statusCode, token.body).toBe(200);
    const zip = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}/exports/zip?token=${token.json().token}`, headers: ctx.admin });
    expect(zip.statusCode).toBe(200);
    return zip.rawPayload;
  }

  it('round trip: a recipe created through the API, exported and imported, comes back the same', async () => {
    const payload = {
      name: 'Round Trip Waffles',
      description: 'Crisp outside',
      recipeYield: '4 servings',
      recipeServings: 4,
      totalTime: '30 minutes',
      prepTime: '10 minutes',
      orgURL: 'https://example.com/waffles',
      recipeIngredient: [
        { title: 'Batter', quantity: 2, unit: { name: 'cup' }, food: { name: 'flour' }, note: 'sifted', referenceId: '0b1c7a52-4c1e-4a57-9d7e-3f7b8f2d0a01' },
        { quantity: 3, food: { name: 'egg' } },
        { note: 'Maple syrup to serve' },
      ],
      recipeInstructions: [
        { title: 'Mix', text: 'Whisk flour and eggs.', ingredientReferences: [{ referenceId: '0b1c7a52-4c1e-4a57-9d7e-3f7b8f2d0a01' }] },
        { text: 'Bake in the iron.' },
      ],
      notes: [{ title: 'Tip', text: 'Rest the batter.' }],
      nutrition: { calories: '320', proteinContent: '9' },
      tags: [{ name: 'Breakfast' }],
      recipeCategory: [{ name: 'Brunch' }],
      tools: [{ name: 'Waffle Iron' }],
      extras: { source: 'grandma' },
      settings: { public: false, showNutrition: true, disableAmount: false },
    };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload });
    expect(created.statusCode, created.body).toBe(201);
    const slug = created.json() as string;
    const photo = await makeJpeg(400, 300);
    const upload = multipart('image', 'photo.jpg', photo);
    const imageRes = await ctx.app.inject({
      method: 'PUT',
      url: `/api/recipes/${slug}/image`,
      headers: { ...ctx.admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(imageRes.statusCode, imageRes.body).toBe(200);
    const original = await getRecipe(ctx.admin, slug);

    const comparable = (recipe: Record<string, unknown>) => {
      const { id, slug: _slug, image, createdAt, updatedAt, dateUpdated, dateAdded, comments, assets, lastMade, ...rest } = recipe;
      return { ...rest, recipeInstructions: (rest.recipeInstructions as Array<Record<string, unknown>>).map(({ id: _id, ...step }) => step) };
    };
    const originalImage = await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${original.id}/images/original.webp` });
    expect(originalImage.statusCode).toBe(200);
    // The export API's zip, and the layout Mealie documents built by hand from the recipe JSON.
    const zips = [
      await exportRecipe(slug),
      await zipOf([
        { name: `${slug}.json`, data: JSON.stringify(toSnakeCase(original)) },
        { name: 'original.webp', data: originalImage.rawPayload },
      ]),
    ];
    for (const zip of zips) {
      const imported = await importZip(ctx.admin, zip);
      expect(imported.statusCode, imported.body).toBe(201);
      const copySlug = imported.json() as string;
      expect(copySlug).not.toBe(slug);
      const copy = await getRecipe(ctx.admin, copySlug);
      expect(comparable(copy)).toEqual(comparable(original));
      expect(copy.id).not.toBe(original.id);
      expect(copy.image).toBeTruthy();
      const copyImage = await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${copy.id}/images/original.webp` });
      expect(copyImage.statusCode).toBe(200);
    }
  });

  it("Mealie's layout from another group: organizers matched or created in the caller's group, the caller owns it", async () => {
    const other = await createMember(ctx, { group: 'Zip Group', household: 'Zip Home' });
    const mealieRecipe = {
      id: '6c3ad4c5-8a5e-4c0e-9a51-1b9c1d3d2a11',
      user_id: 'ffffffff-1111-2222-3333-444444444444',
      group_id: 'ffffffff-1111-2222-3333-555555555555',
      household_id: 'ffffffff-1111-2222-3333-666666666666',
      name: 'Mealie Lasagne',
      slug: 'mealie-lasagne',
      image: 'Xy12',
      recipe_yield: '6 servings',
      recipe_servings: 6,
      total_time: '1 hour 30 minutes',
      org_url: 'https://mealie.example/lasagne',
      recipe_category: [{ id: '11111111-2222-3333-4444-555555555555', name: 'Dinner', slug: 'dinner', group_id: 'x' }],
      tags: [{ id: '11111111-2222-3333-4444-666666666666', name: 'Italian', slug: 'italian', group_id: 'x' }],
      tools: [],
      recipe_ingredient: [
        {
          quantity: 500,
          unit: { id: '21111111-2222-3333-4444-555555555555', name: 'gram', abbreviation: 'g', use_abbreviation: true },
          food: { id: '31111111-2222-3333-4444-555555555555', name: 'minced beef', label: null },
          note: '',
          original_text: '500 g minced beef',
          reference_id: '41111111-2222-3333-4444-555555555555',
          disable_amount: false,
        },
      ],
      recipe_instructions: [{ id: '51111111-2222-3333-4444-555555555555', title: '', text: 'Layer and bake.', ingredient_references: [] }],
      nutrition: { calories: '650', fat_content: null },
      settings: { public: true, show_nutrition: true, show_assets: false, landscape_view: false, disable_comments: false, disable_amount: false, locked: false },
      assets: [{ name: 'card', icon: 'mdi-file', file_name: 'card.pdf' }],
      notes: [],
      extras: {},
      comments: [],
      date_added: '2024-01-02',
      created_at: '2024-01-02T10:00:00',
    };
    const zip = await zipOf([
      { name: 'mealie-lasagne.json', data: JSON.stringify(mealieRecipe) },
      { name: 'original.webp', data: await makeJpeg(320, 200) },
    ]);
    const res = await importZip(other.headers, zip);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toBe('mealie-lasagne');
    const recipe = await getRecipe(other.headers, 'mealie-lasagne');
    expect(recipe).toMatchObject({
      userId: other.user.id,
      groupId: other.user.groupId,
      householdId: other.user.householdId,
      recipeServings: 6,
      totalTime: '1 hour 30 minutes',
      orgURL: 'https://mealie.example/lasagne',
      dateAdded: '2024-01-02',
      assets: [],
    });
    expect(recipe.id).not.toBe(mealieRecipe.id);
    expect(recipe.tags).toMatchObject([{ name: 'Italian', slug: 'italian', groupId: other.user.groupId }]);
    expect(recipe.recipeCategory).toMatchObject([{ name: 'Dinner', groupId: other.user.groupId }]);
    expect(recipe.recipeIngredient[0]).toMatchObject({ quantity: 500, unit: { name: 'gram' }, food: { name: 'minced beef' }, originalText: '500 g minced beef' });
    expect(recipe.image).toBeTruthy();

    // The default group does not see it, and its own tag "Italian" is another row.
    const fromAdmin = await ctx.app.inject({ method: 'GET', url: '/api/recipes/mealie-lasagne', headers: ctx.admin });
    expect(fromAdmin.statusCode).toBe(404);
  });

  it('a schema.org recipe JSON in a zip imports too', async () => {
    const zip = await zipOf([{ name: 'nested/recipe.json', data: JSON.stringify({ '@type': 'Recipe', name: 'Zip Salsa', recipeIngredient: ['2 tomatoes'], recipeInstructions: 'Chop.' }) }]);
    const res = await importZip(ctx.admin, zip);
    expect(res.statusCode, res.body).toBe(201);
    const recipe = await getRecipe(ctx.admin, res.json());
    expect(recipe.recipeIngredient.map((i: { originalText: string; quantity: number; food: { name: string } | null }) => [i.originalText, i.quantity, i.food?.name])).toEqual([['2 tomatoes', 2, 'tomatoes']]);
  });

  it('refuses what is not a safe recipe archive, with a message', async () => {
    const recipe = JSON.stringify({ name: 'Escape', recipeIngredient: [{ note: 'x' }] });
    const traversal = await zipOf([{ name: 'aa/evil.json', data: recipe }]);
    const patched = Buffer.from(traversal.toString('latin1').split('aa/evil.json').join('../evil.json'), 'latin1');
    const cases: Array<[string, Buffer]> = [
      ['not a zip', Buffer.from('this is plain text, not an archive')],
      ['no recipe', await zipOf([{ name: 'readme.txt', data: 'hello' }, { name: 'data.json', data: '{"hello": 1}' }])],
      ['traversal', patched],
      ['too many files', await zipOf(Array.from({ length: 2_001 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })))],
    ];
    const expected: Record<string, RegExp> = {
      'not a zip': /not a readable zip archive/,
      'no recipe': /holds no recipe/,
      traversal: /unsafe path|invalid relative path/,
      'too many files': /more than 2000 files/,
    };
    for (const [label, data] of cases) {
      const res = await importZip(ctx.admin, data);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().detail.message, label).toMatch(expected[label]);
    }
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: ctx.admin })).json().items;
    expect(before.some((r: { name: string }) => r.name === 'Escape')).toBe(false);
    const wrongField = await importZip(ctx.admin, await zipOf([{ name: 'r.json', data: recipe }]), 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail.message).toContain('archive');
  });
});
