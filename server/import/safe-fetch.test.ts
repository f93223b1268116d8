import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, safeFetch } from './safe-fetch.js';

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/page') return res.end('<html><title>ok</title></html>');
    if (req.url === '/gz') {
      res.setHeader('content-encoding', 'gzip');
      return res.end(zlib.gzipSync('compressed body'));
    }
    if (req.url === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', '/page');
      return res.end();
    }
    if (req.url === '/loop') {
      res.statusCode = 302;
      res.setHeader('location', '/loop');
      return res.end();
    }
    if (req.url === '/big') return res.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
    if (req.url === '/ua') return res.end(req.headers['user-agent']);
    res.statusCode = 404;
    res.end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const allowed = { allowPrivateNetwork: true };

describe('safeFetch', () => {
  it('fetches, follows redirects, decompresses and sends a browser-like user agent', async () => {
    expect((await safeFetch(`${base}/page`, allowed)).body.toString()).toContain('<title>ok</title>');
    const redirected = await safeFetch(`${base}/redirect`, allowed);
    expect(redirected.url).toBe(`${base}/page`);
    expect((await safeFetch(`${base}/gz`, allowed)).body.toString()).toBe('compressed body');
    expect((await safeFetch(`${base}/ua`, allowed)).body.toString()).toMatch(/Mozilla\/5\.0/);
  });

  it('refuses loopback and private addresses unless allowed, also behind a name', async () => {
    await expect(safeFetch(`${base}/page`, { allowPrivateNetwork: false })).rejects.toMatchObject({ status: 400, message: 'Url is not from an allowed domain' });
    const port = new URL(base).port;
    await expect(safeFetch(`http://localhost:${port}/page`, { allowPrivateNetwork: false })).rejects.toMatchObject({ status: 400, message: 'Url is not from an allowed domain' });
    await expect(safeFetch('http://[::1]/', { allowPrivateNetwork: false })).rejects.toMatchObject({ status: 400 });
    await expect(safeFetch('http://169.254.169.254/latest/meta-data', { allowPrivateNetwork: false })).rejects.toMatchObject({ status: 400 });
  });

  it('gives clear 4xx errors for bad URLs, loops, oversize bodies, timeouts and error pages', async () => {
    await expect(safeFetch('not a url', allowed)).rejects.toMatchObject({ status: 400, message: 'Must Be A Valid URL' });
    await expect(safeFetch('file:///etc/passwd', allowed)).rejects.toMatchObject({ status: 400 });
    await expect(safeFetch(`${base}/loop`, allowed)).rejects.toMatchObject({ status: 400, message: 'Too many redirects' });
    await expect(safeFetch(`${base}/big`, { ...allowed, maxBytes: 1024 * 1024 })).rejects.toMatchObject({ status: 400 });
    await expect(safeFetch(`${base}/slow`, { ...allowed, timeoutMs: 300 })).rejects.toMatchObject({ status: 400 });
    await expect(safeFetch(`${base}/missing`, allowed)).rejects.toMatchObject({ status: 400, message: 'Could not fetch the URL' });
  });

  it('classifies addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });
});
