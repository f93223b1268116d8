import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { IMPORT_DEV, readPage } from '../../import/regression-set.js';

/** Test helpers of recipe import (imported by the *.test.ts files of this folder only). */

export { HAS_IMPORT_DEV, IMPORT_DEV, JSON_FILES, MISSING_IMPORT_DEV, PAGES, readJsonText, readPage } from '../../import/regression-set.js';

export async function makeJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
}

export interface FakeServer {
  base: string;
  requests: Array<{ method: string; url: string; body: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void | Promise<void>): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
      Promise.resolve(handler(req, body, res)).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A recipe site on 127.0.0.1 serving every saved page at /recipes/<file>. Absolute links in a page are
 * pointed at /ext/<host>/... of this site, which answers every such request with a small JPEG, so the
 * pages' images download without leaving the machine.
 */
export async function startFakeSite(): Promise<FakeServer> {
  const jpeg = await makeJpeg();
  let base = '';
  const site = await listen((req, _body, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/ext/')) {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      return;
    }
    const redirect = /^\/moved\/(.+)$/.exec(url.pathname);
    if (redirect) {
      res.writeHead(302, { location: `/recipes/${redirect[1]}` }).end();
      return;
    }
    const file = /^\/recipes\/([\w.-]+\.html)$/.exec(url.pathname)?.[1];
    if (!file || !fs.existsSync(path.join(IMPORT_DEV, 'html', file))) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    const page = readPage(file).replace(
      /https?:(\\?\/)\1([a-z0-9-]+(?:\.[a-z0-9-]+)+)\1/gi,
      (_match, slash: string, host: string) => `${base.replace(/\//g, slash)}${slash}ext${slash}${host}${slash}`,
    );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  base = site.base;
  return site;
}

/** An OpenAI-compatible endpoint on 127.0.0.1 answering /v1/chat/completions with the given JSON content. */
export async function startFakeOpenAi(answer: (requestBody: unknown) => unknown): Promise<FakeServer> {
  return listen((req, body, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const content = JSON.stringify(answer(JSON.parse(body)));
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }),
    );
  });
}

export function openAiEnv(server: FakeServer, model = 'test-vision-model'): Record<string, string> {
  return { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${server.base}/v1`, OPENAI_MODEL: model };
}
