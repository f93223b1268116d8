import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe, type Headers } from '../recipe-media/test-fixtures.js';

/**
 * Issue 41: an "I made this" queued offline is sent with an Idempotency-Key and may be sent again (the answer
 * was lost); it is recorded once per user and key, whatever the number or the overlap of the copies.
 */
let ctx: TestContext;
let member: { user: { id: string }; headers: Headers };
let other: { user: { id: string }; headers: Headers };
let recipe: { id: string; slug: string };
const base = '/api/recipes/timeline/events';

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
  other = await createMember(ctx);
  recipe = await createRecipe(ctx, ctx.admin, 'Idempotent Bread');
});
afterAll(async () => ctx?.close());

const made = (headers: Headers, key?: string) =>
  ctx.app.inject({
    method: 'POST', url: base,
    headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    payload: { recipeId: recipe.id, eventType: 'info', subject: 'Made this', timestamp: '2026-12-01T18:30:00Z' },
  });

const eventsOf = async (userId: string) =>
  ctx.deps.db.selectFrom('recipe_timeline_events').select('id').where('recipe_id', '=', recipe.id).where('user_id', '=', userId).execute();

describe('Idempotency-Key on a timeline event', () => {
  it('records a repeated request once and answers the first event', async () => {
    const first = await made(member.headers, 'made-3f0c2a');
    expect(first.statusCode, first.body).toBe(201);
    const again = await made(member.headers, 'made-3f0c2a');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await eventsOf(member.user.id)).toHaveLength(1);
  });

  it('keeps one event when copies arrive at the same time', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => made(other.headers, 'made-parallel')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await eventsOf(other.user.id)).toHaveLength(1);
  });

  it('scopes a key by user, and without a key every request adds an event', async () => {
    const mine = await made(ctx.admin, 'shared-key');
    const theirs = await made(member.headers, 'shared-key');
    expect(mine.json().id).not.toBe(theirs.json().id);
    const before = (await eventsOf(member.user.id)).length;
    await made(member.headers);
    await made(member.headers);
    expect(await eventsOf(member.user.id)).toHaveLength(before + 2);
  });

  it('refuses a malformed key with a 400 and writes nothing', async () => {
    const before = (await eventsOf(member.user.id)).length;
    for (const key of ['', 'x'.repeat(201), 'has space']) {
      const res = await made(member.headers, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().detail.message).toMatch(/Idempotency-Key/);
    }
    expect(await eventsOf(member.user.id)).toHaveLength(before);
  });
});
