import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { classifyAddress, isAllowedAddress, outboundRequest } from './safe-fetch.js';

// Issue 9, item 2: every notation of a loopback, private or metadata address is refused, and a failed
// fetch says only "could not fetch" (no upstream status or error text to scan private ports with).
const LOOPBACK_OR_INTERNAL_URLS = [
  'http://127.0.0.1/', 'http://127.1/', 'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/',
  'http://0.0.0.0/', 'http://[::1]/', 'http://[::]/', 'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://[0:0:0:0:0:ffff:127.0.0.1]/', 'http://[::ffff:a9fe:a9fe]/',
  'http://[::7f00:1]/', 'http://[::127.0.0.1]/', 'http://[64:ff9b::7f00:1]/', 'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:7f00:1::]/', 'http://[fe80::1]/', 'http://[fd00::1]/', 'http://[ff02::1]/',
  'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/', 'http://172.16.0.1/', 'http://192.168.1.1/',
  'http://100.64.0.1/', 'http://224.0.0.1/', 'http://255.255.255.255/', 'http://198.18.0.1/',
];

describe('address classification (ipaddr.js)', () => {
  it('passes only public unicast', () => {
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:127.0.0.1', '::7f00:1', '::127.0.0.1']) {
      expect(classifyAddress(a), a).toBe('loopback');
    }
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '::ffff:a9fe:a9fe', '100.64.0.1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1']) {
      expect(classifyAddress(a), a).toBe('private');
    }
    for (const a of ['0.0.0.0', '::', '64:ff9b::7f00:1', '2002:7f00:1::', '2001::1', 'ff02::1', '224.0.0.1', '255.255.255.255', '192.0.2.1', 'not an ip']) {
      expect(classifyAddress(a), a).toBe('forbidden');
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) expect(classifyAddress(a), a).toBe('public');
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isAllowedAddress('10.0.0.1', { allowPrivateNetwork: true })).toBe(true);
    expect(isAllowedAddress('0.0.0.0', { allowPrivateNetwork: true })).toBe(false);
    // Automation's policy: the LAN, never loopback or link-local (cloud metadata).
    for (const a of ['10.0.0.1', '192.168.1.20', '100.64.0.1', 'fd00::1', '::ffff:192.168.1.20']) expect(isAllowedAddress(a, { allowLocalNetwork: true }), a).toBe(true);
    for (const a of ['127.0.0.1', '::1', '169.254.169.254', 'fe80::1', '::ffff:a9fe:a9fe', '0.0.0.0']) expect(isAllowedAddress(a, { allowLocalNetwork: true }), a).toBe(false);
  });

  it('refuses every notation before connecting', async () => {
    for (const url of LOOPBACK_OR_INTERNAL_URLS) {
      await expect(outboundRequest(url, { timeoutMs: 2000 }), url).rejects.toMatchObject({ status: 400, message: 'Url is not from an allowed domain' });
    }
  });
});

describe('outboundRequest', () => {
  let server: http.Server;
  let port: number;
  let closedPort: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url === '/echo') return res.end(JSON.stringify({ method: req.method, body, type: req.headers['content-type'] }));
        if (req.url === '/to-metadata') {
          res.statusCode = 302;
          res.setHeader('location', 'http://[::ffff:a9fe:a9fe]/latest');
          return res.end();
        }
        res.statusCode = 500;
        res.end('internal details: postgres on 10.0.0.5');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as net.AddressInfo).port;
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends method, headers and body to an allowed loopback receiver and returns any status', async () => {
    const res = await outboundRequest(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}', allowLoopback: true });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ method: 'POST', body: '{"a":1}', type: 'application/json' });
    expect((await outboundRequest(`http://127.0.0.1:${port}/other`, { allowLoopback: true })).status).toBe(500);
  });

  it('checks every redirect hop', async () => {
    await expect(outboundRequest(`http://127.0.0.1:${port}/to-metadata`, { allowLoopback: true })).rejects.toMatchObject({ message: 'Url is not from an allowed domain' });
  });

  it('says only "could not fetch" for a closed port, with no status or error text', async () => {
    const err = await outboundRequest(`http://127.0.0.1:${closedPort}/`, { allowLoopback: true }).catch((e) => e);
    expect(err).toMatchObject({ status: 400, message: 'Could not fetch the URL' });
  });
});

describe('import endpoints do not leak what a private host answered', () => {
  for (const allow of [false, true]) {
    describe(`ALLOW_PRIVATE_NETWORK_FETCH=${allow}`, () => {
      let ctx: TestContext;
      let server: http.Server;
      let port: number;
      beforeAll(async () => {
        ctx = await createTestContext({ env: { ALLOW_PRIVATE_NETWORK_FETCH: String(allow) } });
        server = http.createServer((_req, res) => {
          res.statusCode = 503;
          res.end('secret');
        });
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        port = (server.address() as net.AddressInfo).port;
      });
      afterAll(async () => {
        await ctx?.close();
        await new Promise<void>((r) => server.close(() => r()));
      });

      it('answers the same for an open port, a closed port and a refused address', async () => {
        const messages = new Set<string>();
        for (const url of [`http://127.0.0.1:${port}/`, 'http://127.0.0.1:1/', `http://[::ffff:127.0.0.1]:${port}/`, 'http://[::ffff:a9fe:a9fe]/']) {
          for (const route of ['/api/recipes/create/url', '/api/recipes/test-scrape-url']) {
            const res = await ctx.app.inject({ method: 'POST', url: route, headers: ctx.admin, payload: { url } });
            expect(res.statusCode, `${route} ${url}`).toBe(400);
            const message = res.json().detail.message as string;
            expect(message).not.toMatch(/503|secret|ECONNREFUSED|refused/i);
            messages.add(message);
          }
        }
        if (!allow) expect([...messages]).toEqual(['Url is not from an allowed domain']);
        else expect([...messages]).toEqual(['Could not fetch the URL']);
      });
    });
  }
});
