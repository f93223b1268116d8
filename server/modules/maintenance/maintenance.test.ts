import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe, png } from '../recipe-media/test-fixtures.js';
import { multipart } from '../backups/testing.js';
import { openAiEnv, startFakeOpenAi, type FakeServer } from '../recipe-import/testing.js';

describe('admin maintenance', () => {
  let ctx: TestContext;
  let openai: FakeServer;
  beforeAll(async () => {
    openai = await startFakeOpenAi(() => ({ response: 'A small orange rectangle.' }));
    ctx = await createTestContext({ env: openAiEnv(openai) });
  });
  afterAll(async () => {
    await ctx?.close();
    await openai?.close();
  });

  it('sizes the data folders and cleans stray images, orphan folders, temp files and logs — never a used image', async () => {
    const auth = ctx.admin;
    const recipe = await createRecipe(ctx, auth, 'Kept Recipe', {});
    const image = multipart([{ field: 'image', filename: 'a.png', data: await png(30, 20) }, { field: 'extension', data: 'png' }]);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${recipe.slug}/image`, headers: { ...auth, ...image.headers }, payload: image.payload })).statusCode).toBe(200);
    const images = path.join(ctx.dataDir, 'recipes', recipe.id, 'images');
    fs.writeFileSync(path.join(images, 'original.jpg'), 'left over');
    fs.mkdirSync(path.join(ctx.dataDir, 'recipes', 'not-a-uuid'), { recursive: true });
    fs.writeFileSync(path.join(ctx.dataDir, 'recipes', 'not-a-uuid', 'x.txt'), 'x');
    fs.mkdirSync(path.join(ctx.dataDir, 'recipes', '0b7c1c1e-5a9b-4d2e-9f8a-1c2d3e4f5a6b', 'images'), { recursive: true });
    fs.writeFileSync(path.join(ctx.dataDir, 'recipes', '0b7c1c1e-5a9b-4d2e-9f8a-1c2d3e4f5a6b', 'images', 'original.webp'), 'x');
    fs.mkdirSync(path.join(ctx.dataDir, '.temp', 'upload-1'), { recursive: true });
    fs.writeFileSync(path.join(ctx.dataDir, '.temp', 'upload-1', 'x.bin'), Buffer.alloc(2048));
    fs.writeFileSync(path.join(ctx.dataDir, 'hearth.log'), Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    fs.writeFileSync(path.join(ctx.dataDir, 'hearth.log.1'), 'old\n');

    const summary = (await ctx.app.inject({ method: 'GET', url: '/api/admin/maintenance', headers: auth })).json();
    expect(summary).toMatchObject({ cleanableImages: 1, cleanableDirs: 2 });
    expect(summary.dataDirSize).toMatch(/KB|MB|bytes/);
    const storage = (await ctx.app.inject({ method: 'GET', url: '/api/admin/maintenance/storage', headers: auth })).json();
    expect(Object.keys(storage).sort()).toEqual(['backupsDirSize', 'groupsDirSize', 'recipesDirSize', 'tempDirSize', 'userDirSize']);
    expect(storage.tempDirSize).toBe('2 KB');
    const logs = (await ctx.app.inject({ method: 'GET', url: '/api/admin/maintenance/logs?lines=3', headers: auth })).json();
    expect(logs.logs).toEqual(['line 28', 'line 29', 'line 30']);

    const post = async (what: string) => (await ctx.app.inject({ method: 'POST', url: `/api/admin/maintenance/clean/${what}`, headers: auth })).json().message;
    expect(await post('images')).toBe('1 images removed');
    expect(await post('recipe-folders')).toBe('2 recipe folders removed');
    expect(await post('temp')).toBe('1 temporary files removed');
    expect(await post('logs')).toBe('2 log files removed');
    expect(fs.readdirSync(images).sort()).toEqual(['min-original.webp', 'original.webp', 'tiny-original.webp']);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'recipes'))).toEqual([recipe.id]);
    expect(fs.readFileSync(path.join(ctx.dataDir, 'hearth.log'), 'utf8')).toBe('');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/maintenance', headers: auth })).json()).toMatchObject({ cleanableImages: 0, cleanableDirs: 0 });
  });

  it('tests email (not configured here: says so) and the OpenAI endpoint (a local stand-in), admins only', async () => {
    const email = await ctx.app.inject({ method: 'POST', url: '/api/admin/email', headers: ctx.admin, payload: { email: 'a@example.org' } });
    expect(email.json()).toEqual({ success: false, error: expect.stringMatching(/not configured/) });
    const plain = await ctx.app.inject({ method: 'POST', url: '/api/admin/debug/openai', headers: ctx.admin });
    expect(plain.json()).toEqual({ success: true, response: 'A small orange rectangle.' });
    const withImage = multipart([{ field: 'image', filename: 'a.png', data: await png(10, 10) }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/debug/openai', headers: { ...ctx.admin, ...withImage.headers }, payload: withImage.payload });
    expect(res.json().success).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/maintenance' })).statusCode).toBe(401);
  });
});
