import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrBlock, OcrLine, OcrResult } from '../../../contract/ocr.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { openAiEnv, startFakeOpenAi, type FakeServer } from '../recipe-import/testing.js';
import { ENGLISH_PAGE, GERMAN_PAGE, photograph, renderPage, TWO_COLUMN_PAGE } from './test-pages.js';

/**
 * POST /api/ocr on rendered cookbook pages (clean, and "photographed": turned, blurred, faded). One app and
 * so one warm worker per language serve the whole file: OCR is the slow part.
 */

type Part = { name: string; value: string } | { name: string; file: Buffer; fileName: string };

function multipart(parts: Part[]) {
  const boundary = '----hearthocr-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('file' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`), part.file, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const images = (...files: Buffer[]): Part[] => files.map((file, i) => ({ name: 'images', file, fileName: `page-${i + 1}.jpg` }));

const allLines = (blocks: OcrBlock[]): OcrLine[] => blocks.flatMap((b) => b.lines);
const lineText = (blocks: OcrBlock[]) => allLines(blocks).map((l) => l.text);

describe('POST /api/ocr', () => {
  let ctx: TestContext;
  const post = (url: string, parts: Part[], headers = ctx.admin) => {
    const body = multipart(parts);
    return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const read = async (language: string, ...files: Buffer[]): Promise<OcrResult> => {
    const res = await post('/api/ocr', [{ name: 'language', value: language }, ...images(...files)]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('reads a clean English page into lines with boxes where the text was set', { timeout: 300_000 }, async () => {
    const result = await read('eng', await renderPage(ENGLISH_PAGE));
    const [page] = result.pages;
    expect(result.language).toBe('eng');
    expect(page).toMatchObject({ index: 0, width: 1400, deskewDegrees: 0 });
    expect(page.image.startsWith('data:image/jpeg;base64,')).toBe(true);
    const lines = lineText(page.blocks);
    for (const expected of ['Buttermilk Pancakes', 'Ingredients', '200 g flour', '2 tablespoons sugar', '1 teaspoon baking powder', '300 ml buttermilk', '2 eggs', '30 g butter']) {
      expect(lines).toContain(expected);
    }
    // The SVG sets ingredient i with its baseline at y = 320 + 46·i, starting at x = 40 (30 px type).
    const flour = allLines(page.blocks).find((l) => l.text === '200 g flour')!;
    expect(flour.bbox.x0).toBeGreaterThanOrEqual(36);
    expect(flour.bbox.x0).toBeLessThanOrEqual(48);
    expect(flour.bbox.y0).toBeGreaterThanOrEqual(292);
    expect(flour.bbox.y1).toBeGreaterThanOrEqual(318);
    expect(flour.bbox.y1).toBeLessThanOrEqual(332);
    expect(flour.words.map((w) => w.text)).toEqual(['200', 'g', 'flour']);
    expect(flour.confidence).toBeGreaterThan(80);
    // The heading and its list are one block; the title and the intro are blocks of their own.
    const list = page.blocks.find((b) => b.lines[0].text === 'Ingredients')!;
    expect(list.lines.map((l) => l.text)).toEqual(['Ingredients', ...ENGLISH_PAGE.columns[0].lines]);
    expect(page.blocks[0].text).toBe('Buttermilk Pancakes');
  });

  it('straightens and reads a turned, blurred, faded photo (its time is logged: speed belongs in the bench)', { timeout: 300_000 }, async () => {
    const photo = await photograph(await renderPage(ENGLISH_PAGE), { rotate: 4, blur: 1.2, fade: 0.5 });
    const [page] = (await read('eng', photo)).pages;
    expect(Math.abs(page.deskewDegrees + 4)).toBeLessThan(0.6);
    const lines = allLines(page.blocks);
    for (const expected of ['200 g flour', '2 tablespoons sugar', '1 teaspoon baking powder', '300 ml buttermilk']) {
      expect(lines.map((l) => l.text)).toContain(expected);
    }
    // Straight again: a one-line box is about as tall as the type, not the slope of a 4° line.
    const sugar = lines.find((l) => l.text === '2 tablespoons sugar')!;
    expect(sugar.bbox.y1 - sugar.bbox.y0).toBeLessThan(45);
    console.info(`OCR: turned photo read in ${page.durationMs} ms`);
  });

  it('reads a German page with the German model', { timeout: 300_000 }, async () => {
    const photo = await photograph(await renderPage(GERMAN_PAGE), { rotate: -2, blur: 0.8 });
    const [page] = (await read('deu', photo)).pages;
    const lines = lineText(page.blocks);
    for (const expected of ['Apfelkuchen vom Blech', 'Für sechs Personen, saftig und schnell gemacht.', 'Zutaten', '500 g Mehl', '4 große Äpfel', '1 Päckchen Backpulver', 'Butter für das Blech']) {
      expect(lines).toContain(expected);
    }
  });

  it('keeps the two columns of a page apart, so each can be selected as one block', { timeout: 300_000 }, async () => {
    const photo = await photograph(await renderPage(TWO_COLUMN_PAGE), { rotate: -3, blur: 1 });
    const [page] = (await read('eng', photo)).pages;
    const ingredients = page.blocks.find((b) => b.lines[0].text === 'Ingredients');
    const method = page.blocks.find((b) => b.lines[0].text === 'Method');
    expect(ingredients?.lines.map((l) => l.text)).toEqual(['Ingredients', ...TWO_COLUMN_PAGE.columns[0].lines]);
    expect(method?.lines.map((l) => l.text)).toEqual(['Method', ...TWO_COLUMN_PAGE.columns[1].lines]);
    expect(ingredients!.bbox.x1).toBeLessThan(method!.bbox.x0);
    expect(page.blocks[0].text).toBe('Tomato Soup');
  });

  it('reads several photos in one request, in order', { timeout: 300_000 }, async () => {
    const result = await read('eng', await renderPage(TWO_COLUMN_PAGE), await renderPage(ENGLISH_PAGE));
    expect(result.pages.map((p) => [p.index, p.fileName, p.blocks[0].text])).toEqual([
      [0, 'page-1.jpg', 'Tomato Soup'],
      [1, 'page-2.jpg', 'Buttermilk Pancakes'],
    ]);
    expect(result.pages[1].blocks[0].lines[0].id).toBe('1.0.0');
  });

  it('answers an unknown language with 422 and files that are not readable images with 400', { timeout: 180_000 }, async () => {
    const page = await renderPage(ENGLISH_PAGE);
    const unknown = await post('/api/ocr', [{ name: 'language', value: 'klingon' }, ...images(page)]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0]).toMatchObject({ loc: ['body', 'language'] });
    expect(unknown.json().detail[0].msg).toContain('eng, deu, fra, spa, ita, nld');

    const text = await post('/api/ocr', images(Buffer.from('this is a shopping list, not a photo')));
    expect(text.statusCode).toBe(400);
    expect(text.json().detail.message).toContain('is not an image');

    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);
    const corrupt = await post('/api/ocr', images(broken));
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().detail.message).toBe('The image could not be read');

    expect((await post('/api/ocr', [{ name: 'language', value: 'eng' }])).statusCode).toBe(400);
    expect((await post('/api/ocr', images(page), {})).statusCode).toBe(401);

    const languages = await ctx.app.inject({ method: 'GET', url: '/api/ocr/languages', headers: ctx.admin });
    expect(languages.json()).toEqual({ languages: ['eng', 'deu', 'fra', 'spa', 'ita', 'nld'], default: 'eng' });
  });

  it('saves the assembled recipe marked as OCR, with the photos as assets and the first as its image', { timeout: 180_000 }, async () => {
    const first = await photograph(await renderPage(TWO_COLUMN_PAGE), { format: 'jpeg' });
    const second = await renderPage(ENGLISH_PAGE);
    const recipe = {
      name: 'Tomato Soup',
      recipeServings: 4,
      recipeIngredient: [{ quantity: 1, unit: { name: 'kg' }, food: { name: 'tomatoes' }, note: '', originalText: '1 kg tomatoes' }],
      recipeInstructions: [{ text: 'Chop the onions and garlic.' }],
    };
    const res = await post('/api/ocr/recipes', [{ name: 'recipe', value: JSON.stringify(recipe) }, ...images(first, second)]);
    expect(res.statusCode, res.body).toBe(201);
    const slug = res.json();
    const saved = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json();
    expect(saved.name).toBe('Tomato Soup');
    expect(saved.recipeIngredient[0]).toMatchObject({ quantity: 1, food: { name: 'tomatoes' } });
    expect(saved.assets.map((a: { name: string; fileName: string }) => [a.name, a.fileName])).toEqual([
      ['Page 1', 'page-1.jpg'],
      ['Page 2', 'page-2.png'],
    ]);
    expect(saved.image).toBeTruthy();
    const row = await ctx.deps.db.selectFrom('recipes').select('is_ocr_recipe').where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(Boolean(row.is_ocr_recipe)).toBe(true);
    const asset = await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${saved.id}/assets/page-2.png` });
    expect(asset.statusCode).toBe(200);
    expect(Buffer.from(asset.rawPayload).equals(second)).toBe(true);

    const before = await ctx.deps.db.selectFrom('recipes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const badJson = await post('/api/ocr/recipes', [{ name: 'recipe', value: '{"name": ' }, ...images(first)]);
    expect(badJson.statusCode).toBe(422);
    const noName = await post('/api/ocr/recipes', [{ name: 'recipe', value: '{"name": ""}' }, ...images(first)]);
    expect(noName.statusCode).toBe(422);
    const notImage = await post('/api/ocr/recipes', [{ name: 'recipe', value: '{"name": "X"}' }, ...images(Buffer.from('plain text, no picture'))]);
    expect(notImage.statusCode).toBe(400);
    const after = await ctx.deps.db.selectFrom('recipes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('"let AI fill the fields" is refused without AI image services', { timeout: 120_000 }, async () => {
    const res = await post('/api/ocr/ai', images(await renderPage(ENGLISH_PAGE)));
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/ocr/ai with AI image services', () => {
  let ctx: TestContext;
  let openai: FakeServer;

  beforeAll(async () => {
    openai = await startFakeOpenAi(() => ({
      name: 'Buttermilk Pancakes',
      recipeYield: '4 servings',
      recipeIngredient: ['200 g flour', '2 eggs'],
      recipeInstructions: [{ text: 'Mix.' }, 'Fry.'],
    }));
    ctx = await createTestContext({ env: openAiEnv(openai) });
  });
  afterAll(async () => {
    await ctx?.close();
    await openai?.close();
  });

  it('answers the fields the model read, saving nothing', async () => {
    const body = multipart(images(await renderPage(ENGLISH_PAGE)));
    const res = await ctx.app.inject({ method: 'POST', url: '/api/ocr/ai', headers: { ...ctx.admin, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Buttermilk Pancakes', description: '', recipeYield: '4 servings', prepTime: '', cookTime: '', totalTime: '',
      recipeIngredient: ['200 g flour', '2 eggs'], recipeInstructions: ['Mix.', 'Fry.'], notes: [],
    });
    const sent = JSON.parse(openai.requests[0].body);
    expect(JSON.stringify(sent.messages)).toContain('data:image/png;base64,');
    const count = await ctx.deps.db.selectFrom('recipes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
