import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres, type DbHandle } from '../../db/connect.js';
import type { App } from '../../platform/http.js';
import { createMember, createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { call, ITEMS, LISTS, makeList } from './test-fixtures.js';

/** The list's event stream, read over real HTTP (two devices; and two app instances = two processes). */
let ctx: TestContext;
let me: Record<string, string>;
let other: Record<string, string>;
let base: string;
let second: { app: App; handle: DbHandle; base: string } | null = null;

interface Received {
  id: string;
  event: string;
  data: { seq: number; kind: string; items: Array<{ id: string; checked?: boolean }> };
  at: number;
}

/** Opens a stream and collects its events until closed. */
function open(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const events: Received[] = [];
  const ready = fetch(url, { headers, signal: controller.signal }).then(async (res) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const fields = Object.fromEntries(block.split('\n').filter((line) => !line.startsWith(':') && line.includes(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
            if (fields.data) events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data), at: Date.now() });
          }
        }
      } catch {
        // aborted
      }
    })();
  });
  return { events, ready, close: () => controller.abort() };
}

async function until<T>(probe: () => T | undefined, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  me = (await createMember(ctx, { username: 'live-a' })).headers;
  other = (await createMember(ctx, { username: 'live-b' })).headers;
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  if (TEST_ENGINE === 'postgres') {
    const handle = openPostgres(ctx.config.db.engine === 'postgres' ? ctx.config.db.url : '');
    const built = await buildApp(ctx.config, handle, { logger: false });
    second = { app: built.app, handle, base: await built.app.listen({ port: 0, host: '127.0.0.1' }) };
  }
});
afterAll(async () => {
  if (second) {
    await second.app.close();
    await second.handle.close();
  }
  await ctx?.close();
});

describe('GET /api/households/shopping/lists/{id}/events', () => {
  it('pushes a tick made on one device to another within a second, and replays after Last-Event-ID', async () => {
    const list = await makeList(ctx, me, 'Live');
    const item = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'bread' }, 201)).json().createdItems[0];
    const phoneA = open(`${base}${LISTS}/${list.id}/events`, me);
    const phoneB = open(`${base}${LISTS}/${list.id}/events`, other);
    await Promise.all([phoneA.ready, phoneB.ready]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = Date.now();
    await call(ctx, me, 'PUT', ITEMS, [{ ...item, checked: true }], 200);
    const seen = await until(() => phoneB.events.find((e) => e.event === 'items_updated'));
    expect(seen.data.items).toEqual([expect.objectContaining({ id: item.id, checked: true })]);
    expect(seen.at - sent).toBeLessThan(1000);
    await until(() => phoneA.events.find((e) => e.event === 'items_updated'));
    phoneB.close();

    // Missed while away: a delete; the reconnect with Last-Event-ID gets exactly it.
    await call(ctx, me, 'DELETE', `${ITEMS}/${item.id}`, undefined, 200);
    const back = open(`${base}${LISTS}/${list.id}/events`, { ...other, 'last-event-id': seen.id });
    await back.ready;
    const replayed = await until(() => back.events.find((e) => e.event === 'items_deleted'));
    expect(replayed.data.items[0].id).toBe(item.id);
    expect(back.events.map((e) => e.event)).toEqual(['items_deleted']);
    phoneA.close();
    back.close();
  });

  it('refuses other households\' lists', async () => {
    const stranger = (await createMember(ctx, { username: 'live-stranger', group: 'Live Elsewhere' })).headers;
    const list = await makeList(ctx, me, 'Private');
    const res = await fetch(`${base}${LISTS}/${list.id}/events`, { headers: stranger });
    expect(res.status).toBe(404);
  });

  it.runIf(TEST_ENGINE === 'postgres')('crosses processes: a write through one app reaches a stream served by another', async () => {
    const list = await makeList(ctx, me, 'Two processes');
    const item = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'cheese' }, 201)).json().createdItems[0];
    const remote = open(`${second!.base}${LISTS}/${list.id}/events`, other);
    await remote.ready;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = Date.now();
    await call(ctx, me, 'PUT', ITEMS, [{ ...item, checked: true }], 200);
    const seen = await until(() => remote.events.find((e) => e.event === 'items_updated'));
    expect(seen.at - sent).toBeLessThan(1000);
    remote.close();
  });
});

