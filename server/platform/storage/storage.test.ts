import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config-env.js';
import { startLocalS3, type LocalS3 } from '../../test/s3.js';
import { readStorageConfig } from '../../config-storage.js';
import { copyPrefix, createStorage, LocalStorage, parseRange, sendStored, type Storage } from './index.js';
import { S3Storage } from './s3.js';

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function failingStream(firstChunk: string): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.from(firstChunk));
      } else this.destroy(new Error('connection lost'));
    },
  });
}

let s3: LocalS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startLocalS3('storage-contract');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const implementations: [string, () => Promise<Storage>][] = [
  ['local disk', async () => new LocalStorage(dataDir)],
  ['S3 (s3rver)', async () => createStorage({ dataDir, storage: readStorageConfig({ ...s3.env, S3_PREFIX: 'contract' }) })],
];

describe.each(implementations)('storage contract: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
    await storage.ready();
  });

  it('puts a buffer and gives back the bytes, its size, type and an ETag', async () => {
    await storage.put('recipes/r1/images/original.webp', Buffer.from('webp bytes'), { contentType: 'image/webp' });
    expect(await text(await storage.get('recipes/r1/images/original.webp'))).toBe('webp bytes');
    expect((await storage.read('recipes/r1/images/original.webp'))?.toString()).toBe('webp bytes');
    const stat = await storage.stat('recipes/r1/images/original.webp');
    expect(stat).toMatchObject({ key: 'recipes/r1/images/original.webp', size: 10, contentType: 'image/webp' });
    expect(stat?.etag).toMatch(/^"[^"]+"$/);
    expect(Math.abs(stat!.modified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await storage.exists('recipes/r1/images/original.webp')).toBe(true);
  });

  it('replaces a file whole, and a failed streamed write leaves the old one', async () => {
    await storage.put('users/u1/profile.webp', Buffer.from('first version, long'));
    await storage.put('users/u1/profile.webp', Buffer.from('second'));
    expect((await storage.read('users/u1/profile.webp'))?.toString()).toBe('second');
    await expect(storage.put('users/u1/profile.webp', failingStream('half of a third'))).rejects.toThrow('connection lost');
    expect((await storage.read('users/u1/profile.webp'))?.toString()).toBe('second');
    expect((await storage.list('users/')).map((f) => f.key)).toEqual(['users/u1/profile.webp']);
  });

  it('puts a stream, small and larger than one upload part', async () => {
    await storage.put('groups/g1/export/small.zip', Readable.from([Buffer.from('a'), Buffer.from('b')]));
    expect((await storage.read('groups/g1/export/small.zip'))?.toString()).toBe('ab');
    const part = Buffer.alloc(1024 * 1024, 7);
    const big = Readable.from((function* () {
      for (let i = 0; i < 9; i += 1) yield part;
      yield Buffer.from('end');
    })());
    await storage.put('backups/big.zip', big);
    const stat = await storage.stat('backups/big.zip');
    expect(stat?.size).toBe(9 * 1024 * 1024 + 3);
    expect(await text(await storage.get('backups/big.zip', { start: 9 * 1024 * 1024, end: 9 * 1024 * 1024 + 2 }))).toBe('end');
    await storage.delete('backups/big.zip');
  });

  it('reads one byte range', async () => {
    await storage.put('recipes/r1/assets/clip.mp4', Buffer.from('0123456789'));
    expect(await text(await storage.get('recipes/r1/assets/clip.mp4', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.get('recipes/r1/assets/clip.mp4', { start: 9, end: 9 }))).toBe('9');
  });

  it('answers null / false for a missing file, and deleting it is no error', async () => {
    expect(await storage.get('recipes/none/images/original.webp')).toBeNull();
    expect(await storage.read('recipes/none/images/original.webp')).toBeNull();
    expect(await storage.stat('recipes/none/images/original.webp')).toBeNull();
    expect(await storage.exists('recipes/none/images/original.webp')).toBe(false);
    await storage.delete('recipes/none/images/original.webp');
  });

  it('lists a folder recursively in key order, and only that folder', async () => {
    await storage.put('recipes/r2/images/tiny-original.webp', Buffer.from('t'));
    await storage.put('recipes/r2/images/timeline/e1/original.webp', Buffer.from('tl'));
    await storage.put('recipes/r2/assets/a.pdf', Buffer.from('pdf'));
    await storage.put('recipes/r22/assets/b.pdf', Buffer.from('other'));
    expect(await storage.list('recipes/r2/')).toEqual([
      { key: 'recipes/r2/assets/a.pdf', size: 3 },
      { key: 'recipes/r2/images/timeline/e1/original.webp', size: 2 },
      { key: 'recipes/r2/images/tiny-original.webp', size: 1 },
    ]);
    expect(await storage.list('recipes/missing/')).toEqual([]);
    expect((await storage.list('')).map((f) => f.key)).toContain('recipes/r22/assets/b.pdf');
  });

  it('copies a folder to another and deletes a folder without touching its neighbours', async () => {
    expect(await copyPrefix(storage, 'recipes/r2/', 'recipes/r3/')).toBe(3);
    expect((await storage.list('recipes/r3/')).map((f) => f.key)).toEqual([
      'recipes/r3/assets/a.pdf',
      'recipes/r3/images/timeline/e1/original.webp',
      'recipes/r3/images/tiny-original.webp',
    ]);
    expect((await storage.read('recipes/r3/images/timeline/e1/original.webp'))?.toString()).toBe('tl');
    await storage.deletePrefix('recipes/r2/');
    expect(await storage.list('recipes/r2/')).toEqual([]);
    expect(await storage.exists('recipes/r22/assets/b.pdf')).toBe(true);
    expect(await storage.exists('recipes/r3/assets/a.pdf')).toBe(true);
    await storage.deletePrefix('recipes/never/');
    await storage.delete('recipes/r3/assets/a.pdf');
    expect(await storage.exists('recipes/r3/assets/a.pdf')).toBe(false);
  });

  it.each(['../secret.txt', '/etc/passwd', 'recipes//x', 'recipes/./x', 'recipes/../../x', '.secret', 'users/u/.hidden', 'a\\b', '', 'a\0b'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toMatchObject({ status: 400 });
      await expect(storage.get(key)).rejects.toMatchObject({ status: 400 });
      await expect(storage.delete(key)).rejects.toMatchObject({ status: 400 });
    },
  );

  it('refuses a prefix that is not a folder, and deleting everything', async () => {
    await expect(storage.list('recipes')).rejects.toMatchObject({ status: 400 });
    await expect(storage.deletePrefix('recipes/r1')).rejects.toMatchObject({ status: 400 });
    await expect(storage.deletePrefix('')).rejects.toThrow('needs a folder');
    await expect(storage.list('../')).rejects.toMatchObject({ status: 400 });
  });

  describe('served over HTTP', () => {
    const app = Fastify();
    beforeAll(async () => {
      app.get('/file/*', async (request, reply) => sendStored(request, reply, storage, (request.params as { '*': string })['*'], { cacheControl: 'public, max-age=60' }));
      app.setErrorHandler((error: { status?: number; message: string }, _request, reply) => reply.status(error.status ?? 500).send({ detail: error.message }));
      await app.ready();
      await storage.put('recipes/r9/assets/song.mp3', Buffer.from('abcdefghij'));
    });
    afterAll(() => app.close());

    it('sends the whole file with its validators', async () => {
      const res = await app.inject({ url: '/file/recipes/r9/assets/song.mp3' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('abcdefghij');
      expect(res.headers).toMatchObject({ 'content-type': 'audio/mpeg', 'content-length': '10', 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=60' });
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers['last-modified']).toBeTruthy();
      const again = await app.inject({ url: '/file/recipes/r9/assets/song.mp3', headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('sends a byte range (206), a suffix range, and 416 past the end', async () => {
      const part = await app.inject({ url: '/file/recipes/r9/assets/song.mp3', headers: { range: 'bytes=2-4' } });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('cde');
      expect(part.headers).toMatchObject({ 'content-range': 'bytes 2-4/10', 'content-length': '3' });
      const open = await app.inject({ url: '/file/recipes/r9/assets/song.mp3', headers: { range: 'bytes=7-' } });
      expect(open.body).toBe('hij');
      const suffix = await app.inject({ url: '/file/recipes/r9/assets/song.mp3', headers: { range: 'bytes=-2' } });
      expect(suffix.body).toBe('ij');
      const past = await app.inject({ url: '/file/recipes/r9/assets/song.mp3', headers: { range: 'bytes=10-' } });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */10');
      const stale = await app.inject({ url: '/file/recipes/r9/assets/song.mp3', headers: { range: 'bytes=2-4', 'if-range': '"not-the-etag"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe('abcdefghij');
    });

    it('answers 404 for a missing file', async () => {
      expect((await app.inject({ url: '/file/recipes/r9/assets/none.mp3' })).statusCode).toBe(404);
    });
  });
});

describe('local disk only', () => {
  it('never follows a symlink out of DATA_DIR, and lists no hidden or unfinished files', async () => {
    const storage = new LocalStorage(dataDir);
    const outside = path.join(path.dirname(dataDir), `hearth-outside-${path.basename(dataDir)}.txt`);
    fs.writeFileSync(outside, 'outside');
    try {
      fs.mkdirSync(path.join(dataDir, 'links'), { recursive: true });
      fs.symlinkSync(outside, path.join(dataDir, 'links', 'out.txt'));
      expect(await storage.get('links/out.txt')).toBeNull();
      expect(await storage.stat('links/out.txt')).toBeNull();
      fs.writeFileSync(path.join(dataDir, 'links', '.secret'), 's');
      fs.writeFileSync(path.join(dataDir, 'links', 'a.zip.123.tmp'), 'partial');
      expect(await storage.list('links/')).toEqual([]);
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });

  it('keeps the files at their DATA_DIR paths (Mealie layout)', async () => {
    const storage = new LocalStorage(dataDir);
    await storage.put('recipes/abc/images/min-original.webp', Buffer.from('m'));
    expect(fs.readFileSync(path.join(dataDir, 'recipes', 'abc', 'images', 'min-original.webp'), 'utf8')).toBe('m');
  });
});

describe('S3 only', () => {
  it('keeps S3_PREFIX installations apart in one bucket', async () => {
    const a = new S3Storage(readStorageConfig({ ...s3.env, S3_PREFIX: 'one' }) as never);
    const b = new S3Storage(readStorageConfig({ ...s3.env, S3_PREFIX: 'two/' }) as never);
    await a.put('recipes/x/images/original.webp', Buffer.from('a'));
    expect(await b.exists('recipes/x/images/original.webp')).toBe(false);
    expect((await a.list('recipes/')).map((f) => f.key)).toEqual(['recipes/x/images/original.webp']);
  });

  it('refuses a bucket that does not exist with one clear configuration error', async () => {
    const storage = await createStorage({ dataDir, storage: readStorageConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }) });
    const error = await storage.ready().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(`S3_BUCKET "no-such-bucket" at ${s3.endpoint} is not usable: it does not exist`);
  });
});

describe('storage configuration', () => {
  it('defaults to local disk', () => {
    expect(readStorageConfig({})).toEqual({ driver: 'local' });
  });

  it('reads the S3 variables', () => {
    expect(readStorageConfig({ STORAGE: 'S3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PREFIX: '/hearth/' })).toEqual({
      driver: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
      prefix: 'hearth/',
    });
    expect(readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-west-1' })).toMatchObject({ region: 'eu-west-1', forcePathStyle: false, credentials: undefined, prefix: '' });
  });

  it.each([
    [{ STORAGE: 'ftp' }, 'STORAGE must be "local" or "s3", got "ftp"'],
    [{ STORAGE: 's3' }, 'STORAGE=s3 needs S3_BUCKET (the bucket that holds images, assets, exports and backups)'],
    [{ STORAGE: 's3', S3_BUCKET: 'Bad_Name' }, 'S3_BUCKET must be a bucket name'],
    [{ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must start with http:// or https://'],
    [{ STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ STORAGE: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ STORAGE: 's3', S3_BUCKET: 'media', S3_PREFIX: 'a/../b' }, 'S3_PREFIX must be a folder name'],
  ])('a bad value names the variable: %o', (env, message) => {
    expect(() => readStorageConfig(env)).toThrow(ConfigError);
    expect(() => readStorageConfig(env)).toThrow(message);
  });

  it('parses ranges as HTTP does', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange('bytes=4-2', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

describe('start-up with a storage that cannot work', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
        cwd: root,
        env: { ...process.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-start-')), LOG_LEVEL: 'silent', PORT: '0', API_HOST: '127.0.0.1', DB_ENGINE: 'sqlite', BASE_URL: 'http://hearth.test', ...env },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // Only a last guard against a hung start: the test waits for the exit, however slow a loaded host is.
      const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr });
      });
    });
  }
  // The AWS SDK's own notice about future Node versions is not ours to judge.
  const ourLines = (stderr: string) => stderr.trim().split('\n').filter((line) => line.startsWith('Hearth'));

  it('a missing S3_BUCKET stops the start with one line', async () => {
    const result = await start({ STORAGE: 's3' });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('Hearth cannot start: STORAGE=s3 needs S3_BUCKET (the bucket that holds images, assets, exports and backups)');
  }, 300_000);

  it('a bucket that does not exist stops the start with one line naming it', async () => {
    const result = await start({ ...s3.env, S3_BUCKET: 'not-created' });
    expect(result.code).toBe(2);
    expect(ourLines(result.stderr)).toEqual([`Hearth cannot start: S3_BUCKET "not-created" at ${s3.endpoint} is not usable: it does not exist`]);
  }, 300_000);
});
