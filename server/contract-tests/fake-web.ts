import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { SHARED_DATA } from '../test/harness.js';

/** Saved recipe pages (html/) and schema.org objects (json/) of shared/data/import-dev (README.md there says what each yields). */
const IMPORT_DEV = path.join(SHARED_DATA, 'import-dev');
const IMPORT_PAGES_DIR = path.join(IMPORT_DEV, 'html');

export function readImportDev(kind: 'html' | 'json', file: string): string {
  return fs.readFileSync(path.join(IMPORT_DEV, kind, file), 'utf8');
}

/**
 * The outside world the import, image and OpenAI operations reach, on 127.0.0.1 (the server under test runs
 * with ALLOW_PRIVATE_NETWORK_FETCH=true):
 * - /recipes/<file>.html: a saved recipe page, its absolute links pointed at /ext/<host>/... of this site;
 * - /ext/... and /image.jpg: a small JPEG, so pages' pictures download without leaving the machine;
 * - /v1/chat/completions: an OpenAI-compatible endpoint (ingredient splitting, or a recipe read from photos or a page).
 */
export interface FakeWeb {
  base: string;
  pageUrl(file: string): string;
  imageUrl: string;
  /** The OPENAI_* settings pointing the server at this endpoint. */
  openAiEnv: Record<string, string>;
  /** A receiver for webhooks, notifiers and recipe actions: any POST under /hooks/ answers 200 and is kept here. */
  hookUrl(name: string): string;
  hooks: { path: string; body: string }[];
  close(): Promise<void>;
}

/** The recipe the fake model reads from any photo or page. */
export const FAKE_MODEL_RECIPE = {
  name: 'Contract Photo Soup',
  description: 'Read by the fake model.',
  recipeYield: '2 bowls',
  totalTime: 'PT30M',
  recipeIngredient: ['500 g tomatoes', '1 onion'],
  recipeInstructions: ['Chop.', 'Simmer for 20 minutes.'],
  notes: ['Serve hot.'],
};

interface ChatRequest {
  messages?: Array<{ role: string; content: unknown }>;
}

/** The answer of the fake model: one split per ingredient line when asked to split lines, else the recipe. */
function modelAnswer(request: ChatRequest): unknown {
  const [system, user] = request.messages ?? [];
  if (typeof system?.content === 'string' && system.content.startsWith('You split recipe ingredient lines')) {
    const lines = JSON.parse(String(user?.content ?? '[]')) as string[];
    return { ingredients: lines.map((line) => ({ input: line, quantity: 1, unit: null, food: line.split(' ').at(-1) ?? line, note: null })) };
  }
  return FAKE_MODEL_RECIPE;
}

/** A saved page with every absolute address (plain or JSON-escaped) pointed at /ext/<host>/ of `base`. */
function localPage(file: string, base: string): string {
  const page = readImportDev('html', file);
  return page.replace(/https?:(\\?\/)\1([a-z0-9-]+(?:\.[a-z0-9-]+)+)\1/gi, (_match, slash: string, host: string) => {
    const localBase = base.replace(/\//g, slash);
    return `${localBase}${slash}ext${slash}${host}${slash}`;
  });
}

export async function startFakeWeb(): Promise<FakeWeb> {
  const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#d35400' } }).jpeg().toBuffer();
  let base = '';
  const hooks: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      if (req.method === 'POST' && url.pathname === '/v1/chat/completions') {
        const content = JSON.stringify(modelAnswer(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest));
        const completion = { id: 'chatcmpl-contract', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
        return;
      }
      if (req.method === 'POST' && url.pathname.startsWith('/hooks/')) {
        hooks.push({ path: url.pathname, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (url.pathname === '/image.jpg' || url.pathname.startsWith('/ext/')) {
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
        return;
      }
      const file = /^\/recipes\/([\w.-]+\.html)$/.exec(url.pathname)?.[1];
      if (file && fs.existsSync(path.join(IMPORT_PAGES_DIR, file))) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(localPage(file, base));
        return;
      }
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    pageUrl: (file) => `${base}/recipes/${file}`,
    imageUrl: `${base}/image.jpg`,
    hookUrl: (name) => `${base}/hooks/${name}`,
    hooks,
    openAiEnv: { OPENAI_API_KEY: 'sk-contract', OPENAI_BASE_URL: `${base}/v1`, OPENAI_MODEL: 'contract-model' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
