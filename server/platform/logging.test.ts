import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { formatRecord, isStaticAsset } from './logging.js';

function collect(): { stream: PassThrough; lines: () => string[] } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, lines: () => text.split('\n').filter(Boolean) };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('logs', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('writes one line a person reads per request in text format, and none at info for static files', async () => {
    const out = collect();
    ctx = await createTestContext({ env: { LOG_LEVEL: 'info', LOG_FORMAT: 'text' }, build: { logger: true, logStream: out.stream } });
    const before = out.lines().length;
    const about = await ctx.app.inject({ method: 'GET', url: '/api/app/about' });
    expect(about.statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    await ctx.app.inject({ method: 'GET', url: '/api/recipes/no-such-recipe', headers: ctx.admin });
    await until(() => out.lines().length >= before + 2);
    const lines = out.lines().slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d INFO {2}GET \/api\/app\/about 200 \d+\.\d ms$/);
    expect(lines[1]).toMatch(/ INFO {2}GET \/api\/recipes\/no-such-recipe 404 \d+\.\d ms$/);
  });

  it('writes one JSON record per request with LOG_FORMAT=json', async () => {
    const out = collect();
    ctx = await createTestContext({ env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, build: { logger: true, logStream: out.stream } });
    const before = out.lines().length;
    await ctx.app.inject({ method: 'GET', url: '/api/app/about' });
    await until(() => out.lines().length > before);
    const records = out.lines().slice(before).map((line) => JSON.parse(line) as { level: number; request?: { method: string; url: string; status: number; ms: number } });
    expect(records).toHaveLength(1);
    expect(records[0].level).toBe(30);
    expect(records[0].request).toMatchObject({ method: 'GET', url: '/api/app/about', status: 200 });
    expect(typeof records[0].request?.ms).toBe('number');
  });

  it('formats other records with their fields and an error stack', () => {
    const line = formatRecord(JSON.stringify({ level: 50, time: Date.UTC(2026, 11, 2, 8, 30, 0), msg: 'Backup failed', backup: 'b.zip', err: { message: 'disk full', stack: 'Error: disk full\n    at x' } }));
    expect(line).toBe('2026-12-02 08:30:00 ERROR Backup failed backup=b.zip\nError: disk full\n    at x');
    expect(formatRecord('not json')).toBe('not json');
  });

  it('tells static files from API requests', () => {
    expect(isStaticAsset('/assets/index-abc.js')).toBe(true);
    expect(isStaticAsset('/api/media/recipes/1/images/original.webp')).toBe(true);
    expect(isStaticAsset('/favicon.ico')).toBe(true);
    expect(isStaticAsset('/api/recipes')).toBe(false);
    expect(isStaticAsset('/api/app/about?x=1.js')).toBe(false);
    expect(isStaticAsset('/recipe/soup')).toBe(false);
  });
});
