import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe, multipart, png, type Headers } from '../recipe-media/test-fixtures.js';
import { recordTimelineEvent } from './record.js';

let ctx: TestContext;
let member: { user: { id: string; householdId: string; groupId: string }; headers: Headers };
let recipe: { id: string; slug: string };
const base = '/api/recipes/timeline/events';

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
  recipe = await createRecipe(ctx, ctx.admin, 'Timeline Bread');
});
afterAll(async () => {
  await ctx.close();
});

async function createEvent(headers: Headers, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: base, headers, payload: { recipeId: recipe.id, eventType: 'info', ...body } });
}

describe('timeline events', () => {
  it('keeps a client\'s microseconds (Mealie\'s datetimes carry them) and stamps its own times with microseconds', async () => {
    const naive = (await createEvent(member.headers, { subject: 'Micro', timestamp: '2024-05-01T10:00:00.654321' })).json();
    expect(naive.timestamp).toBe('2024-05-01T10:00:00.654321Z');
    const zoned = (await createEvent(member.headers, { subject: 'Zoned', timestamp: '2024-05-01T12:00:00.5+02:00' })).json();
    expect(zoned.timestamp).toBe('2024-05-01T10:00:00.500000Z');
    const nanos = (await createEvent(member.headers, { subject: 'Nanos', timestamp: '2024-05-01T10:00:00.123456789Z' })).json();
    expect(nanos.timestamp).toBe('2024-05-01T10:00:00.123456Z');
    expect(naive.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const fetched = (await ctx.app.inject({ method: 'GET', url: `${base}/${naive.id}`, headers: member.headers })).json();
    expect(fetched.timestamp).toBe('2024-05-01T10:00:00.654321Z');
  });

  it('creates, reads, updates and deletes an event', async () => {
    const created = await createEvent(member.headers, { subject: 'Baked it', eventMessage: 'Crusty', timestamp: '2024-05-01T10:00:00' });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json();
    expect(event).toMatchObject({
      recipeId: recipe.id,
      userId: member.user.id,
      groupId: member.user.groupId,
      subject: 'Baked it',
      eventType: 'info',
      eventMessage: 'Crusty',
      image: 'does not have image',
      timestamp: '2024-05-01T10:00:00.000000Z',
    });
    const url = `${base}/${event.id}`;
    const fetched = await ctx.app.inject({ method: 'GET', url, headers: member.headers });
    expect(fetched.json()).toEqual(event);
    expect(fetched.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');

    const updated = await ctx.app.inject({ method: 'PUT', url, headers: member.headers, payload: { subject: 'Baked it twice', eventMessage: null } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ subject: 'Baked it twice', eventMessage: null, timestamp: event.timestamp });

    const deleted = await ctx.app.inject({ method: 'DELETE', url, headers: member.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(event.id);
    expect((await ctx.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(404);
  });

  it('validates the event type and the recipe, and keeps events inside the group', async () => {
    expect((await createEvent(member.headers, { subject: 'x', eventType: 'party' })).statusCode).toBe(422);
    expect((await createEvent(member.headers, { subject: 'x', recipeId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const event = (await createEvent(member.headers, { subject: 'Private' })).json();
    const stranger = await createMember(ctx, { group: 'Timeline Strangers' });
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${event.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await createEvent(stranger.headers, { subject: 'intrusion' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: base, headers: stranger.headers })).json().total).toBe(0);
  });

  it('lets only the author or an admin change an event', async () => {
    const event = (await createEvent(member.headers, { subject: 'Mine' })).json();
    const other = await createMember(ctx);
    const url = `${base}/${event.id}`;
    expect((await ctx.app.inject({ method: 'PUT', url, headers: other.headers, payload: { subject: 'Theirs' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url, headers: ctx.admin, payload: { subject: 'Admin says' } })).json().subject).toBe('Admin says');
  });

  it('stores an event image under images/timeline/{eventId} and serves it', async () => {
    const event = (await createEvent(member.headers, { subject: 'Photo' })).json();
    const body = multipart([{ name: 'image', value: await png(400, 300), filename: 'p.png', contentType: 'image/png' }, { name: 'extension', value: 'png' }]);
    const res = await ctx.app.inject({ method: 'PUT', url: `${base}/${event.id}/image`, headers: { ...member.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ image: 'has image' });
    const dir = `recipes/${recipe.id}/images/timeline/${event.id}/`;
    expect((await ctx.deps.storage.list(dir)).map((f) => f.key.slice(dir.length))).toEqual(['min-original.webp', 'original.webp', 'tiny-original.webp']);
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${event.id}`, headers: member.headers })).json().image).toBe('has image');
    const served = await ctx.app.inject({ method: 'GET', url: `/api/media/recipes/${recipe.id}/images/timeline/${event.id}/min-original.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const notImage = multipart([{ name: 'image', value: 'text', filename: 'p.png' }]);
    const refused = await ctx.app.inject({ method: 'PUT', url: `${base}/${event.id}/image`, headers: { ...member.headers, ...notImage.headers }, payload: notImage.payload });
    expect(refused.statusCode).toBe(400);

    await ctx.app.inject({ method: 'DELETE', url: `${base}/${event.id}`, headers: member.headers });
    expect(await ctx.deps.storage.list(dir)).toEqual([]);
  });

  it('lists everything by default, filters as Mealie clients do, orders and pages', async () => {
    const other = await createRecipe(ctx, ctx.admin, 'Timeline Other');
    await recordTimelineEvent(ctx.deps, { recipeId: other.id, userId: member.user.id, subject: 'System one', eventType: 'system', timestamp: '2024-01-01T00:00:00Z' });
    await recordTimelineEvent(ctx.deps, { recipeId: other.id, userId: member.user.id, subject: 'Info two', eventType: 'info', timestamp: '2024-01-02T00:00:00Z' });
    await recordTimelineEvent(ctx.deps, { recipeId: other.id, userId: null, subject: 'Comment three', eventType: 'comment', timestamp: '2024-01-03T00:00:00Z' });

    const all = await ctx.app.inject({ method: 'GET', url: base, headers: member.headers });
    expect(all.json()).toMatchObject({ page: 1 });
    expect(all.json().items.length).toBe(all.json().total);
    expect(all.json().per_page).toBe(all.json().total);

    const filter = `(recipe_id="${other.id}") AND eventType IN ["info", "system"]`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base}?orderBy=timestamp&orderDirection=asc&queryFilter=${encodeURIComponent(filter)}`,
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Creating the recipe recorded its own system event, stamped now.
    expect(res.json().items.map((e: { subject: string }) => e.subject)).toEqual(['System one', 'Info two', 'Recipe Created']);

    const group = `recipe.group_id="${member.user.groupId}" AND recipe.household_id="${member.user.householdId}" AND recipe_id="${other.id}"`;
    const desc = await ctx.app.inject({ method: 'GET', url: `${base}?orderBy=timestamp&perPage=1&page=1&queryFilter=${encodeURIComponent(group)}`, headers: member.headers });
    expect(desc.json()).toMatchObject({ total: 4, total_pages: 4, per_page: 1 });
    expect(desc.json().items[0].subject).toBe('Recipe Created');
    const oldest = await ctx.app.inject({ method: 'GET', url: `${base}?orderBy=timestamp&perPage=1&page=2&queryFilter=${encodeURIComponent(group)}`, headers: member.headers });
    expect(oldest.json().items[0].subject).toBe('Comment three');
    expect(oldest.json().items[0].userId).toBeNull();

    const since = await ctx.app.inject({ method: 'GET', url: `${base}?queryFilter=${encodeURIComponent(`recipe_id="${other.id}" AND timestamp>="2024-01-02"`)}`, headers: member.headers });
    expect(since.json().total).toBe(3);

    // The whole shared grammar: OR, LIKE and the rest (no precedence, as in Mealie: A AND (B OR C)).
    const either = `recipe_id="${other.id}" AND (eventType="comment" OR subject LIKE "System%")`;
    const orRes = await ctx.app.inject({ method: 'GET', url: `${base}?orderBy=timestamp&orderDirection=asc&queryFilter=${encodeURIComponent(either)}`, headers: member.headers });
    expect(orRes.statusCode, orRes.body).toBe(200);
    expect(orRes.json().items.map((e: { subject: string }) => e.subject)).toEqual(['System one', 'Comment three']);

    for (const broken of ['recipe_id="not-a-uuid"', 'password="x"', `recipe_id="${other.id}" OR`, '(recipe_id="x"']) {
      const bad = await ctx.app.inject({ method: 'GET', url: `${base}?queryFilter=${encodeURIComponent(broken)}`, headers: member.headers });
      expect(bad.statusCode, broken).toBe(400);
      expect(bad.json().detail.message, broken).toMatch(/./);
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: `${base}?queryFilter=${encodeURIComponent('password="x"')}`, headers: member.headers });
    expect(unknown.json().detail.message).toContain('Unknown attribute "password"');
  });
});
