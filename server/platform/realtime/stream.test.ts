import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { emitEvent } from '../events/emit.js';

interface Stream {
  status: number;
  raw: string;
  events(): Array<{ id: number; type: string; data: { id: string } }>;
  close(): void;
}

function open(base: string, path: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + path, { headers }, (res) => {
      const stream: Stream = {
        status: res.statusCode ?? 0,
        raw: '',
        events: () =>
          stream.raw
            .split('\n\n')
            .filter((block) => block.includes('data: {'))
            .map((block) => {
              const data = JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6));
              return { id: data.id, type: data.type, data: data.data };
            }),
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (stream.raw += chunk));
      res.on('error', () => undefined);
      resolve(stream);
    });
    req.on('error', reject);
  });
}

let ctx: TestContext;
let base: string;
let ids: { group: string; household: string; otherHousehold: string; otherGroup: string; otherGroupHousehold: string };
let member: Record<string, string>;
let memberToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ build: { platform: { realtime: { heartbeatMs: 100 } } } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const m = await createMember(ctx, {});
  member = m.headers;
  memberToken = m.headers.authorization.slice('Bearer '.length);
  const other = await createMember(ctx, { household: 'Neighbours' });
  const stranger = await createMember(ctx, { group: 'Elsewhere' });
  ids = {
    group: m.user.groupId,
    household: m.user.householdId,
    otherHousehold: other.user.householdId,
    otherGroup: stranger.user.groupId,
    otherGroupHousehold: stranger.user.householdId,
  };
});
afterAll(async () => ctx?.close());

/**
 * Events reach a stream in outbox order: once a last event (seen by `groupId`'s members) has arrived, any
 * event emitted before it that was going to arrive has. What did not is never coming: no waiting by the clock.
 */
async function fence(stream: Stream, groupId: string, tag: string) {
  await emitEvent(ctx.deps.db, { type: 'tag_created', groupId, householdId: null, data: { id: `${tag}-fence` } });
  await waitFor(() => stream.events().some((e) => e.data.id === `${tag}-fence`), 'the fence event');
  return stream.events().filter((e) => e.data.id !== `${tag}-fence`);
}

async function emitAll(tag: string) {
  const db = ctx.deps.db;
  await emitEvent(db, { type: 'shopping_list_item_updated', groupId: ids.group, householdId: ids.household, data: { id: `${tag}-mine`, shoppingListId: 'l1' } });
  await emitEvent(db, { type: 'shopping_list_item_updated', groupId: ids.group, householdId: ids.otherHousehold, data: { id: `${tag}-neighbour`, shoppingListId: 'l2' } });
  await emitEvent(db, { type: 'tag_created', groupId: ids.group, householdId: null, data: { id: `${tag}-group-tag` } });
  await emitEvent(db, { type: 'recipe_created', groupId: ids.otherGroup, householdId: ids.otherGroupHousehold, data: { id: `${tag}-stranger` } });
  await emitEvent(db, { type: 'tag_created', groupId: ids.otherGroup, householdId: null, data: { id: `${tag}-stranger-tag` } });
  await emitEvent(db, { type: 'mealplan_entry_created', groupId: ids.group, householdId: ids.household, data: { id: `${tag}-mine-2` } });
}

describe(`household event stream (${TEST_ENGINE})`, () => {
  it('refuses a caller without a valid token', async () => {
    const none = await open(base, '/api/households/events/stream');
    expect(none.status).toBe(401);
    none.close();
    const bad = await open(base, '/api/households/events/stream?token=nope');
    expect(bad.status).toBe(401);
    bad.close();
  });

  it("sends the member's household and group-wide events only, live, with heartbeats", async () => {
    const stream = await open(base, '/api/households/events/stream', member);
    expect(stream.status).toBe(200);
    await waitFor(() => stream.raw.includes('retry: 3000'), 'the stream to open');
    await emitAll('live');
    await waitFor(() => stream.events().length >= 3, 'three events');
    await waitFor(() => stream.raw.includes(': ping'), 'a heartbeat');
    expect((await fence(stream, ids.group, 'live')).map((e) => e.data.id)).toEqual(['live-mine', 'live-group-tag', 'live-mine-2']);
    expect(stream.raw).toContain('event: shopping_list_item_updated');
    stream.close();
  });

  it('accepts ?token= (EventSource) and replays from Last-Event-ID without repeats, then goes live', async () => {
    const before = await ctx.deps.db.selectFrom('hearth_events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    await emitAll('missed');
    const stream = await open(base, `/api/households/events/stream?token=${encodeURIComponent(memberToken)}`, { 'last-event-id': String(before.max) });
    expect(stream.status).toBe(200);
    await waitFor(() => stream.events().length === 3, 'the replay');
    await emitAll('after');
    await waitFor(() => stream.events().length === 6, 'the live events after the replay');
    const got = stream.events();
    expect(got.map((e) => e.data.id)).toEqual(['missed-mine', 'missed-group-tag', 'missed-mine-2', 'after-mine', 'after-group-tag', 'after-mine-2']);
    expect(new Set(got.map((e) => e.id)).size).toBe(6);
    stream.close();
  });

  it("never leaks another household's or group's events to their members' streams either", async () => {
    const stranger = await createMember(ctx, { group: 'Elsewhere' });
    const stream = await open(base, '/api/households/events/stream', stranger.headers);
    await waitFor(() => stream.raw.includes('retry:'), 'the stream to open');
    await emitAll('x');
    await waitFor(() => stream.events().length === 2, "the stranger's events");
    expect((await fence(stream, ids.otherGroup, 'x')).map((e) => e.data.id)).toEqual(['x-stranger', 'x-stranger-tag']);
    stream.close();
  });
});
