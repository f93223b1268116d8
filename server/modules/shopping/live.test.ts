import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres, type DbHandle } from '../../db/connect.js';
import type { App } from '../../platform/http.js';
import { createMember, createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { API } from '../../../contract/routes.js';
import { call, ITEMS, LISTS, makeList } from './test-fixtures.js';

/**
 * A list's live changes reach other devices through the household stream (the outbox), the only change stream:
 * read over real HTTP (two devices; on PostgreSQL two app instances = two processes).
 */
let ctx: TestContext;
let me: Record<string, string>;
let other: Record<string, string>;
let neighbour: Record<string, string>;
let base: string;
let second: { app: App; handle: DbHandle; base: string } | null = null;
const STREAM = API.householdsEventsStream;

interface Received {
  id: number;
  type: string;
  data: { id: string; shoppingListId?: string; checked?: boolean };
}

/** Opens a stream; resolves once the server has attached it (its `retry:` line arrived). */
function open(url: string, headers: Record<string, string>): Promise<{ events: () => Received[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    let raw = '';
    const req = http.get(url, { headers }, (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      res.setEncoding('utf8');
      res.on('error', () => undefined);
      const stream = {
        events: () =>
          raw
            .split('\n\n')
            .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
            .filter((line): line is string => !!line)
            .map((line) => JSON.parse(line.slice(6)) as Received),
        close: () => req.destroy(),
      };
      res.on('data', (chunk: string) => {
        const first = raw === '';
        raw += chunk;
        if (first) resolve(stream);
      });
    });
    req.on('error', reject);
  });
}

const ofList = (events: Received[], listId: string) => events.filter((e) => e.data.shoppingListId === listId || (e.type.startsWith('shopping_list_') && !e.type.startsWith('shopping_list_item') && e.data.id === listId));

beforeAll(async () => {
  ctx = await createTestContext();
  me = (await createMember(ctx, { username: 'live-a' })).headers;
  other = (await createMember(ctx, { username: 'live-b' })).headers;
  neighbour = (await createMember(ctx, { username: 'live-neighbour', household: 'Live Next Door' })).headers;
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

describe('shopping lists on the household stream', () => {
  it('a tick on one device reaches the other as one item event and one list event, and replays after Last-Event-ID', async () => {
    const list = await makeList(ctx, me, 'Live');
    const item = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'bread' }, 201)).json().createdItems[0];
    const phoneA = await open(`${base}${STREAM}`, me);
    const phoneB = await open(`${base}${STREAM}`, other);
    const next = await open(`${base}${STREAM}`, neighbour);
    await call(ctx, me, 'PUT', ITEMS, [{ ...item, checked: true }], 200);
    await waitFor(() => ofList(phoneB.events(), list.id).some((e) => e.type === 'shopping_list_updated'), 'the list event on the other phone');
    const tick = ofList(phoneB.events(), list.id);
    // The creation may or may not have been read before the stream attached; the tick is exactly these two.
    const afterCreate = tick.slice(tick.findIndex((e) => e.type === 'shopping_list_item_updated'));
    expect(afterCreate.map((e) => e.type)).toEqual(['shopping_list_item_updated', 'shopping_list_updated']);
    expect(afterCreate[0].data).toMatchObject({ id: item.id, shoppingListId: list.id, checked: true });
    await waitFor(() => ofList(phoneA.events(), list.id).some((e) => e.type === 'shopping_list_item_updated'), 'the tick on the first phone');
    const seen = afterCreate[1].id;
    phoneB.close();

    // Missed while away: a delete; the reconnect with Last-Event-ID gets exactly it (and its list event).
    await call(ctx, me, 'DELETE', `${ITEMS}/${item.id}`, undefined, 200);
    const back = await open(`${base}${STREAM}`, { ...other, 'last-event-id': String(seen) });
    await waitFor(() => back.events().some((e) => e.type === 'shopping_list_updated'), 'the replay');
    expect(ofList(back.events(), list.id).map((e) => [e.type, e.data.id])).toEqual([
      ['shopping_list_item_deleted', item.id],
      ['shopping_list_updated', list.id],
    ]);
    // Another household of the same group saw none of it.
    expect(ofList(next.events(), list.id)).toEqual([]);
    expect(next.events().filter((e) => e.type.startsWith('shopping_list'))).toEqual([]);
    phoneA.close();
    back.close();
    next.close();
  });

  it('keeps no second change log: writes land in the outbox only', async () => {
    const tables =
      TEST_ENGINE === 'postgres'
        ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(ctx.deps.db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(ctx.deps.db);
    const names = tables.rows.map((r) => r.name);
    expect(names).toContain('hearth_events');
    expect(names).toContain('shopping_list_items');
    expect(names.filter((n) => n.startsWith('shopping') && n.endsWith('changes'))).toEqual([]);
    // The old per-list stream is gone (not a Mealie route).
    const list = await makeList(ctx, me, 'No own stream');
    expect((await call(ctx, me, 'GET', `${LISTS}/${list.id}/events`)).statusCode).toBe(404);
  });

  it.runIf(TEST_ENGINE === 'postgres')('crosses processes: a write through one app reaches a stream served by another', async () => {
    const list = await makeList(ctx, me, 'Two processes');
    const item = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'cheese' }, 201)).json().createdItems[0];
    const remote = await open(`${second!.base}${STREAM}`, other);
    await call(ctx, me, 'PUT', ITEMS, [{ ...item, checked: true }], 200);
    const seen = await waitFor(() => remote.events().find((e) => e.type === 'shopping_list_item_updated' && e.data.id === item.id), 'the tick on the other process');
    expect(seen?.data.checked).toBe(true);
    remote.close();
  });
});
