import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeJpeg, openAiEnv, startFakeOpenAi, type FakeServer } from './testing.js';

type Headers = Record<string, string>;

function imagesBody(images: Array<{ data: Buffer; name: string }>, extension = 'jpg') {
  const boundary = '----hearthimg' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const image of images) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${image.name}"\r\nContent-Type: image/jpeg\r\n\r\n`), image.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="extension"\r\n\r\n${extension}\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function postImages(ctx: TestContext, headers: Headers, images: Array<{ data: Buffer; name: string }>, query = '') {
  const body = imagesBody(images);
  return ctx.app.inject({ method: 'POST', url: `/api/recipes/create/image${query}`, headers: { ...headers, ...body.headers }, payload: body.payload });
}

/** A clear photo of a recipe card: large black text on white, one line per row. */
async function recipeCard(lines: string[]): Promise<Buffer> {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="${140 + lines.length * 90}">
    <rect width="100%" height="100%" fill="white"/>
    ${lines.map((line, i) => `<text x="40" y="${100 + i * 90}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="56" fill="black">${escape(line)}</text>`).join('\n')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const CANNED_RECIPE = {
  name: 'Photo Tomato Soup',
  description: 'Read from a photo.',
  recipeYield: '4 servings',
  totalTime: 'PT40M',
  recipeIngredient: ['1 kg tomatoes', '1 onion', '500 ml stock'],
  recipeInstructions: ['Chop the onion.', { text: 'Simmer everything for 30 minutes.' }],
  notes: ['Blend before serving.'],
};

describe('create a recipe from images with OpenAI', () => {
  let ctx: TestContext;
  let openai: FakeServer;

  beforeAll(async () => {
    openai = await startFakeOpenAi(() => CANNED_RECIPE);
    ctx = await createTestContext({ env: openAiEnv(openai, 'vision-test-model') });
  });
  afterAll(async () => {
    await ctx?.close();
    await openai?.close();
  });

  it('sends the images and the model, and saves the recipe it answers with the first image', async () => {
    const photo = await makeJpeg(320, 240);
    const second = await makeJpeg(100, 80);
    const res = await postImages(ctx, ctx.admin, [{ data: photo, name: 'card.jpg' }, { data: second, name: 'back.jpg' }], '?translateLanguage=de-DE');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toBe('photo-tomato-soup');

    expect(openai.requests).toHaveLength(1);
    const sent = JSON.parse(openai.requests[0].body);
    expect(openai.requests[0].headers.authorization).toBe('Bearer sk-test');
    expect(sent.model).toBe('vision-test-model');
    expect(sent.response_format).toEqual({ type: 'json_object' });
    const parts = sent.messages.flatMap((message: { content: unknown }) => (Array.isArray(message.content) ? message.content : []));
    const imageUrls = parts.filter((part: { type: string }) => part.type === 'image_url').map((part: { image_url: { url: string } }) => part.image_url.url);
    expect(imageUrls).toEqual([`data:image/jpeg;base64,${photo.toString('base64')}`, `data:image/jpeg;base64,${second.toString('base64')}`]);
    expect(JSON.stringify(sent.messages)).toContain('de-DE');

    const recipe = (await ctx.app.inject({ method: 'GET', url: '/api/recipes/photo-tomato-soup', headers: ctx.admin })).json();
    expect(recipe.recipeIngredient.map((i: { originalText: string }) => i.originalText)).toEqual(CANNED_RECIPE.recipeIngredient);
    expect(recipe.recipeIngredient.map((i: { food: { name: string } | null }) => i.food?.name)).toEqual(['tomatoes', 'onion', 'stock']);
    expect(recipe.recipeInstructions.map((s: { text: string }) => s.text)).toEqual(['Chop the onion.', 'Simmer everything for 30 minutes.']);
    expect(recipe).toMatchObject({ totalTime: '40 minutes', recipeServings: 4, description: 'Read from a photo.' });
    expect(recipe.notes).toEqual([{ title: '', text: 'Blend before serving.' }]);
    expect(recipe.image).toBeTruthy();
  });

  it('the about page reports image services, and a file that is not an image is a 400', async () => {
    const about = (await ctx.app.inject({ method: 'GET', url: '/api/app/about' })).json();
    expect(about.enableOpenaiImageServices).toBe(true);
    const res = await postImages(ctx, ctx.admin, [{ data: Buffer.from('not an image at all, just text'), name: 'x.jpg' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.message).toBe('The file is not an image');
    const none = await postImages(ctx, ctx.admin, []);
    expect(none.statusCode).toBe(400);
  });

  it('the openai ingredient parser uses the same endpoint', async () => {
    const parserAi = await startFakeOpenAi(() => ({ ingredients: [{ input: '2 cups flour', quantity: 2, unit: 'cups', food: 'flour', note: null }] }));
    const parserCtx = await createTestContext({ env: openAiEnv(parserAi) });
    try {
      const res = await parserCtx.app.inject({ method: 'POST', url: '/api/parser/ingredient', headers: parserCtx.admin, payload: { parser: 'openai', ingredient: '2 cups flour' } });
      expect(res.statusCode, res.body).toBe(200);
      // A unit read in the plural is named in the singular, with the plural it was read as ("1 teaspoon", not "1 teaspoons").
      expect(res.json().ingredient).toMatchObject({ quantity: 2, unit: { name: 'cup', pluralName: 'cups' }, food: { name: 'flour' }, originalText: '2 cups flour' });
      expect(JSON.parse(parserAi.requests[0].body).messages[1].content).toContain('2 cups flour');
    } finally {
      await parserCtx.close();
      await parserAi.close();
    }
  });
});

describe('create a recipe from images with local OCR (no OpenAI)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('reads the title, the ingredients and the steps of a recipe card', { timeout: 180_000 }, async () => {
    const about = (await ctx.app.inject({ method: 'GET', url: '/api/app/about' })).json();
    expect(about.enableOpenaiImageServices).toBe(false);
    const card = await recipeCard(['Pancakes', '2 cups flour', '1 egg', 'Mix and fry.']);
    const res = await postImages(ctx, ctx.admin, [{ data: card, name: 'card.png' }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toBe('pancakes');
    const recipe = (await ctx.app.inject({ method: 'GET', url: '/api/recipes/pancakes', headers: ctx.admin })).json();
    expect(recipe.name).toBe('Pancakes');
    expect(recipe.recipeIngredient.map((i: { originalText: string }) => i.originalText)).toEqual(['2 cups flour', '1 egg']);
    expect(recipe.recipeIngredient.map((i: { quantity: number; food: { name: string } | null }) => [i.quantity, i.food?.name])).toEqual([[2, 'flour'], [1, 'egg']]);
    expect(recipe.recipeInstructions.map((s: { text: string }) => s.text)).toEqual(['Mix and fry.']);
    expect(recipe.image).toBeTruthy();
  });

  it('a picture without text is a 400 that says no recipe was read', { timeout: 120_000 }, async () => {
    const blank = await makeJpeg(600, 400);
    const res = await postImages(ctx, ctx.admin, [{ data: blank, name: 'blank.jpg' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.message).toBe('No recipe could be read from the image');
  });
});
