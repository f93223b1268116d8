import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { TEST_STORAGE } from '../../test/s3.js';
import { fetchAndSaveRecipeImage, saveRecipeImage } from './images.js';
import { createRecipe, multipart, png, setHouseholdLock, uploadImage } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A stored file's bytes, through the storage (local disk or S3, as the run chose). */
async function stored(context: TestContext, key: string): Promise<Buffer> {
  const data = await context.deps.storage.read(key);
  if (!data) throw new Error(`nothing stored at ${key}`);
  return data;
}
const image = (recipeId: string, name: string) => stored(ctx, `recipes/${recipeId}/images/${name}`);

describe('recipe images', () => {
  it(`runs on the storage this run chose (TEST_STORAGE=${TEST_STORAGE})`, () => {
    expect(ctx.deps.storage.kind).toBe(TEST_STORAGE);
  });

  it('stores three webp renditions, serves them publicly and changes the image key on every upload', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Image Cake');
    const first = await uploadImage(ctx, ctx.admin, recipe.slug, await png(3000, 1500));
    expect(first.statusCode, first.body).toBe(200);
    const key = first.json().image as string;
    expect(key).toMatch(/^[\w-]{4,}$/);

    const original = await sharp(await image(recipe.id, 'original.webp')).metadata();
    expect(original).toMatchObject({ format: 'webp', width: 2048, height: 1024 });
    const min = await sharp(await image(recipe.id, 'min-original.webp')).metadata();
    expect(min).toMatchObject({ format: 'webp', width: 600, height: 300 });
    const tiny = await sharp(await image(recipe.id, 'tiny-original.webp')).metadata();
    expect(tiny).toMatchObject({ format: 'webp', width: 300, height: 300 });

    const fetched = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin });
    expect(fetched.json().image).toBe(key);

    for (const name of ['original.webp', 'min-original.webp', 'tiny-original.webp']) {
      const served = await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${recipe.id}/images/${name}?version=${key}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }

    const second = await uploadImage(ctx, ctx.admin, recipe.slug, await png(200, 100, '#123456'));
    expect(second.statusCode).toBe(200);
    expect(second.json().image).not.toBe(key);
    // A small source is never enlarged.
    expect(await sharp(await image(recipe.id, 'original.webp')).metadata()).toMatchObject({ width: 200, height: 100 });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.slug}/image`, headers: ctx.admin });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin })).json().image).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${recipe.id}/images/original.webp` })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, whatever its declared type, and keeps the old image', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Not An Image');
    const body = multipart([{ name: 'image', value: '<html>hello</html>', filename: 'x.png', contentType: 'image/png' }]);
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${recipe.slug}/image`, headers: { ...ctx.admin, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.message).toBe('The file is not an image');
    expect(await ctx.deps.storage.list(`recipes/${recipe.id}/images/`)).toEqual([]);
    const noFile = multipart([{ name: 'extension', value: 'png' }]);
    const missing = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${recipe.slug}/image`, headers: { ...ctx.admin, ...noFile.headers }, payload: noFile.payload });
    expect(missing.statusCode).toBe(400);
    await expect(saveRecipeImage(ctx.deps, recipe.id, Buffer.from('GIF8 but not really a gif at all'))).rejects.toMatchObject({ status: 400 });
  });

  it('answers 404 for other file names, bad ids and path escapes', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Traversal');
    await uploadImage(ctx, ctx.admin, recipe.slug, await png(50, 50));
    await ctx.deps.storage.put('secret.txt', Buffer.from('top secret'));
    const urls = [
      `/api/media/recipes/${recipe.id}/images/original.png`,
      `/api/media/recipes/${recipe.id}/images/..%2F..%2F..%2Fsecret.txt`,
      `/api/media/recipes/..%2F..%2Fsecret.txt/images/original.webp`,
      `/api/media/recipes/not-a-uuid/images/original.webp`,
      `/api/media/recipes/${recipe.id}/assets/..%2F..%2F..%2Fsecret.txt`,
      `/api/media/recipes/${recipe.id}/assets/.secret`,
      `/api/media/recipes/${recipe.id}/images/timeline/..%2F..%2F/original.webp`,
      `/api/media/recipes/${recipe.id}/images/timeline/${recipe.id}/original.webp`,
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('top secret');
    }
  });

  it('applies the recipe edit rule: another household that locks edits gets 403, another group 404', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Guarded Image');
    const neighbour = await createMember(ctx, { household: 'Neighbours' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin });
    await setHouseholdLock(ctx, me.json().householdId, true);
    try {
      const refused = await uploadImage(ctx, neighbour.headers, recipe.slug, await png(20, 20));
      expect(refused.statusCode).toBe(403);
    } finally {
      await setHouseholdLock(ctx, me.json().householdId, false);
    }
    const allowed = await uploadImage(ctx, neighbour.headers, recipe.slug, await png(20, 20));
    expect(allowed.statusCode).toBe(200);
    const stranger = await createMember(ctx, { group: 'Strangers' });
    expect((await uploadImage(ctx, stranger.headers, recipe.slug, await png(20, 20))).statusCode).toBe(404);
    expect((await uploadImage(ctx, {}, recipe.slug, await png(20, 20))).statusCode).toBe(401);
  });

  it('refuses image URLs on private addresses unless the server allows them', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Url Image');
    const res = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/image`, headers: ctx.admin, payload: { url: 'http://127.0.0.1:9/x.png' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.message).toBe('Url is not from an allowed domain');
  });
});

describe('image by URL on a server that allows private fetches', () => {
  let local: TestContext;
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    local = await createTestContext({ env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true' } });
    const photo = await png(64, 48);
    server = http.createServer((req, res) => {
      if (req.url === '/photo') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(photo);
      else res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a png</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await local.close();
  });

  it('stores an image found by its bytes and refuses a page that only claims to be one', async () => {
    const recipe = await createRecipe(local, local.admin, 'Fetched');
    const ok = await local.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/image`, headers: local.admin, payload: { url: `${base}/photo`, includeTags: false } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await local.deps.storage.exists(`recipes/${recipe.id}/images/tiny-original.webp`)).toBe(true);
    expect((await local.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: local.admin })).json().image).toBe(ok.json().image);

    await expect(fetchAndSaveRecipeImage(local.deps, recipe.id, `${base}/page`)).rejects.toMatchObject({ status: 400, message: 'Url is not an image' });
  });
});

describe('recipe assets', () => {
  it('stores an upload under a sanitised name, lists it on the recipe and serves it inline by type', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'With Assets');
    const body = multipart([
      { name: 'name', value: 'My Notes / Draft!' },
      { name: 'icon', value: 'mdi-file-pdf-box' },
      { name: 'extension', value: 'pdf' },
      { name: 'file', value: Buffer.from('%PDF-1.4 fake'), filename: '../../evil.pdf', contentType: 'application/pdf' },
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/assets`, headers: { ...ctx.admin, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'My Notes / Draft!', icon: 'mdi-file-pdf-box', fileName: 'my-notes-draft.pdf' });
    expect((await stored(ctx, `recipes/${recipe.id}/assets/my-notes-draft.pdf`)).toString()).toBe('%PDF-1.4 fake');

    const fetched = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin });
    expect(fetched.json().assets).toEqual([{ name: 'My Notes / Draft!', icon: 'mdi-file-pdf-box', fileName: 'my-notes-draft.pdf' }]);

    const served = await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${recipe.id}/assets/my-notes-draft.pdf` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('inline; filename="my-notes-draft.pdf"');
    expect(served.body).toBe('%PDF-1.4 fake');

    // Same name again: replaced, not listed twice.
    const again = multipart([
      { name: 'name', value: 'My Notes / Draft!' },
      { name: 'icon', value: 'mdi-file' },
      { name: 'extension', value: 'pdf' },
      { name: 'file', value: Buffer.from('%PDF-1.4 second'), filename: 'x.pdf' },
    ]);
    await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/assets`, headers: { ...ctx.admin, ...again.headers }, payload: again.payload });
    const after = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin });
    expect(after.json().assets).toEqual([{ name: 'My Notes / Draft!', icon: 'mdi-file', fileName: 'my-notes-draft.pdf' }]);
  });

  it('serves script-capable types as bytes and refuses bad extensions', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Html Asset');
    const html = multipart([
      { name: 'name', value: 'page' },
      { name: 'icon', value: 'mdi-file' },
      { name: 'extension', value: 'html' },
      { name: 'file', value: '<script>alert(1)</script>', filename: 'page.html' },
    ]);
    const up = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/assets`, headers: { ...ctx.admin, ...html.headers }, payload: html.payload });
    expect(up.statusCode).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${recipe.id}/assets/page.html` });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-security-policy']).toContain('sandbox');

    const bad = multipart([
      { name: 'name', value: 'bad' },
      { name: 'icon', value: 'x' },
      { name: 'extension', value: '../../sh' },
      { name: 'file', value: 'x', filename: 'x' },
    ]);
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/assets`, headers: { ...ctx.admin, ...bad.headers }, payload: bad.payload });
    expect(refused.statusCode).toBe(400);
    expect((await ctx.deps.storage.list(`recipes/${recipe.id}/assets/`)).map((f) => f.key)).toEqual([`recipes/${recipe.id}/assets/page.html`]);

    const foreign = multipart([
      { name: 'name', value: '日本 レシピ' },
      { name: 'icon', value: 'mdi-file' },
      { name: 'extension', value: '.TXT' },
      { name: 'file', value: 'こんにちは', filename: 'x.txt' },
    ]);
    const stored = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/assets`, headers: { ...ctx.admin, ...foreign.headers }, payload: foreign.payload });
    // A name in another script is transliterated to ASCII, like slugs.
    expect(stored.json().fileName).toBe('riben-reshipi.txt');
    const back = await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${recipe.id}/assets/${stored.json().fileName}` });
    expect(back.body).toBe('こんにちは');
  });
});

describe('serving media efficiently', () => {
  it('answers byte ranges on assets (media seeking) and 304 to a revalidating image request', async () => {
    const recipe = await createRecipe(ctx, ctx.admin, 'Video Recipe');
    const clip = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    const body = multipart([
      { name: 'name', value: 'clip' },
      { name: 'icon', value: 'mdi-video' },
      { name: 'extension', value: 'mp4' },
      { name: 'file', value: clip, filename: 'clip.mp4', contentType: 'video/mp4' },
    ]);
    const up = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${recipe.slug}/assets`, headers: { ...ctx.admin, ...body.headers }, payload: body.payload });
    expect(up.statusCode, up.body).toBe(200);
    const url = `/api/media/recipes/${recipe.id}/assets/clip.mp4`;
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-range': 'bytes 100-199/1000', 'content-length': '100', 'accept-ranges': 'bytes' });
    expect(part.rawPayload.equals(clip.subarray(100, 200))).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } })).statusCode).toBe(416);
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');

    await uploadImage(ctx, ctx.admin, recipe.slug, await png(40, 40));
    const imageUrl = `/api/media/recipes/${recipe.id}/images/min-original.webp`;
    const first = await ctx.app.inject({ method: 'GET', url: imageUrl });
    expect(first.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'GET', url: imageUrl, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('group storage', () => {
  it('adds up the bytes of the group recipe folders only', async () => {
    const stranger = await createMember(ctx, { group: 'Storage Strangers' });
    const before = await ctx.app.inject({ method: 'GET', url: '/api/groups/storage', headers: stranger.headers });
    expect(before.json()).toMatchObject({ usedStorageBytes: 0, usedStorageStr: '0 bytes', totalStorageBytes: 500 * 1024 * 1024, totalStorageStr: '500 MB' });
    const recipe = await createRecipe(ctx, stranger.headers, 'Stranger Image');
    await uploadImage(ctx, stranger.headers, recipe.slug, await png(100, 100));
    const files = (await ctx.deps.storage.list(`recipes/${recipe.id}/`)).map((f) => f.size);
    expect(files).toHaveLength(3);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/groups/storage', headers: stranger.headers });
    expect(after.json().usedStorageBytes).toBe(files.reduce((a, b) => a + b, 0));
    expect(after.json().usedStorageStr).toMatch(/^[\d.]+ (bytes|KB)$/);
  });
});
