import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../contract/routes.js';
import { createTestContext, type TestContext } from './test/harness.js';
import { gracefulStop } from './shutdown.js';

/** Sends a request's headers and the first part of its body; the rest is sent by `finish`. */
function partialPost(port: number, path: string, headers: Record<string, string>, body: string) {
  const half = Math.floor(body.length / 2);
  let settle: (value: { status: number; body: string }) => void;
  let fail: (err: Error) => void;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'x-partial': 'yes', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
    let text = '';
    res.on('data', (chunk: Buffer) => (text += chunk.toString()));
    res.on('end', () => settle({ status: res.statusCode ?? 0, body: text }));
  });
  request.on('error', (err) => fail(err));
  request.write(body.slice(0, half));
  return { response, finish: () => request.end(body.slice(half)), abort: () => request.destroy() };
}

describe('stopping on SIGTERM', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close().catch(() => undefined);
    ctx = undefined;
  });

  /** A listening server, and a promise for the moment a request's headers have arrived. */
  async function serverWithArrivalSignal() {
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    ctx = await createTestContext({
      beforeReady: (app) =>
        app.addHook('onRequest', async (request) => {
          if (request.headers['x-partial'] === 'yes') arrived();
        }),
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    return { port, arrival };
  }

  it('finishes a request in flight, then closes the database and exits 0', async () => {
    const { port, arrival } = await serverWithArrivalSignal();
    const exits: number[] = [];
    const closed: string[] = [];
    const stop = gracefulStop(ctx!.app, { close: async () => void closed.push('db') }, 30, (code) => exits.push(code), () => undefined);
    const upload = partialPost(port, API.recipes, ctx!.admin, JSON.stringify({ name: 'Stock made while stopping' }));
    await arrival;
    // Stopping begins while the request's body is still on its way.
    const stopping = stop();
    expect(exits).toEqual([]);
    upload.finish();
    const answer = await upload.response;
    await stopping;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body)).toBe('stock-made-while-stopping');
    expect(closed).toEqual(['db']);
    expect(exits).toEqual([0]);
  });

  it('exits 0 by itself when a request never finishes within the deadline', async () => {
    const { port, arrival } = await serverWithArrivalSignal();
    const warnings: string[] = [];
    let exited: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => (exited = resolve));
    const stuck = partialPost(port, API.recipes, ctx!.admin, JSON.stringify({ name: 'Never sent in full' }));
    stuck.response.catch(() => undefined);
    // The half-sent request holds its connection open, so closing the server cannot finish.
    await arrival;
    void gracefulStop(ctx!.app, { close: async () => undefined }, 0.2, exited, (line) => warnings.push(line))();
    expect(await exit).toBe(0);
    stuck.abort();
    expect(warnings).toEqual(['Hearth stopped after 0.2 s with work still running; it resumes at the next start.']);
  });
});
