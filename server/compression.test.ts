import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from './platform/compression.js';
import { createTestContext, type TestContext } from './test/harness.js';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Hearth</title>');
fs.writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), script);
fs.writeFileSync(path.join(webRoot, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { STATIC_FILES: webRoot } });
  // Enough foods that the list is well over the 1 KB threshold.
  for (let i = 0; i < 30; i++) {
    await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: ctx.admin, payload: { name: `compressible food ${String(i).padStart(2, '0')}`, description: 'a description long enough to matter' } });
  }
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('responses on the wire', () => {
  it('compresses JSON over 1 KB with brotli or gzip as the client accepts, and leaves small answers alone', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=50', headers: ctx.admin });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=50', headers: { ...ctx.admin, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=50', headers: { ...ctx.admin, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    // A browser takes both: an answer of up to 64 KiB gets gzip (as small, and cheaper to make), a larger one brotli.
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const page = await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=50', headers: { ...ctx.admin, ...browser } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(page.rawPayload).toString())).toEqual(plain.json());
    const large = await ctx.app.inject({ method: 'GET', url: '/openapi.json', headers: browser });
    expect(large.headers['content-encoding']).toBe('br');
    const document = zlib.brotliDecompressSync(large.rawPayload);
    expect(document.length).toBeGreaterThan(64 * 1024);
    expect(JSON.parse(document.toString()).paths).toBeTruthy();
    const preferred = await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=50', headers: { ...ctx.admin, 'accept-encoding': 'gzip;q=0.8, br' } });
    expect(preferred.headers['content-encoding']).toBe('br');

    const small = await ctx.app.inject({ method: 'GET', url: '/api/app/about', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves the build-time .br sibling of a script, and answers 304 to a revalidated index.html', async () => {
    const js = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(js.rawPayload).toString()).toBe(script);
    expect(js.headers['cache-control']).toContain('immutable');

    const index = await ctx.app.inject({ method: 'GET', url: '/household/mealplan' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const etag = index.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it("follows the client's q-values, prefers brotli on a tie, and sends identity when nothing else is acceptable", () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br', true)).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.5, br', true)).toBe('br');
    expect(negotiateEncoding('br', true)).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.3, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip;q=0, br;q=0, *;q=0')).toBeNull();
    expect(negotiateEncoding('deflate')).toBeNull();
  });

  it('says the answer varies with Accept-Encoding, and leaves HEAD and byte ranges alone', async () => {
    const gz = await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=50', headers: { ...ctx.admin, 'accept-encoding': 'gzip' } });
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=50', headers: ctx.admin });
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    fs.writeFileSync(path.join(webRoot, 'assets/tiny-abc123.js'), 'console.log(1);');
    const tiny = await ctx.app.inject({ method: 'GET', url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1);');

    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);

    const range = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { range: 'bytes=0-1499', 'accept-encoding': 'identity' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.toString()).toBe(script.slice(0, 1500));
  });
});
