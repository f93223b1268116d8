import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { getRecipe, postRecipe, setHouseholdLock } from './testing.js';

/** Spec §6 recipe edit rule, enforced on the server, as a matrix over PUT, PATCH and DELETE. */

type Member = Awaited<ReturnType<typeof createMember>>;
let ctx: TestContext;
let owner: Member;
let housemate: Member;
let neighbour: Member;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createMember(ctx, { household: 'Alpha' });
  housemate = await createMember(ctx, { household: 'Alpha' });
  neighbour = await createMember(ctx, { household: 'Beta' });
});
afterAll(async () => ctx?.close());

const METHODS = ['PUT', 'PATCH', 'DELETE'] as const;

async function attempt(actor: Member, method: (typeof METHODS)[number], slug: string) {
  const payload = method === 'DELETE' ? undefined : { name: `Edited ${slug}`, description: 'changed' };
  return ctx.app.inject({ method, url: `/api/recipes/${slug}`, headers: actor.headers, payload });
}

const cases: Array<{ title: string; actor: () => Member; locked: boolean; householdLocks: boolean; allowed: boolean }> = [
  { title: 'the owner, on an unlocked recipe', actor: () => owner, locked: false, householdLocks: true, allowed: true },
  { title: 'the owner, on a locked recipe', actor: () => owner, locked: true, householdLocks: true, allowed: true },
  { title: 'a member of the same household, unlocked', actor: () => housemate, locked: false, householdLocks: true, allowed: true },
  { title: 'a member of the same household, locked', actor: () => housemate, locked: true, householdLocks: false, allowed: false },
  { title: 'another household, when the recipe household locks edits', actor: () => neighbour, locked: false, householdLocks: true, allowed: false },
  { title: 'another household, when the recipe household allows edits', actor: () => neighbour, locked: false, householdLocks: false, allowed: true },
  { title: 'another household allowed by its household, but a locked recipe', actor: () => neighbour, locked: true, householdLocks: false, allowed: false },
];

describe('recipe edit rule', () => {
  for (const testCase of cases) {
    it(`${testCase.allowed ? 'allows' : 'refuses'} ${testCase.title}`, async () => {
      await setHouseholdLock(ctx, owner.user.householdId, testCase.householdLocks);
      for (const method of METHODS) {
        const slug = await postRecipe(ctx, owner.headers, { name: `${testCase.title} ${method}`, description: 'original', settings: { locked: testCase.locked } });
        const res = await attempt(testCase.actor(), method, slug);
        if (testCase.allowed) {
          expect(res.statusCode, `${method}: ${res.body}`).toBe(200);
        } else {
          expect(res.statusCode, method).toBe(403);
          expect(res.json()).toEqual({ detail: { message: 'Permission Denied', error: true, exception: null } });
          const unchanged = await getRecipe(ctx, owner.headers, slug);
          expect(unchanged.description).toBe('original');
        }
      }
    });
  }

  it('lets only the owner change settings.locked', async () => {
    await setHouseholdLock(ctx, owner.user.householdId, false);
    const slug = await postRecipe(ctx, owner.headers, { name: 'Lock Keys' });
    for (const actor of [housemate, neighbour]) {
      const lock = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: actor.headers, payload: { settings: { locked: true } } });
      expect(lock.statusCode).toBe(403);
      // Sending the current value back (a client saving the whole recipe) is not a change.
      const same = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: actor.headers, payload: { settings: { locked: false, landscapeView: true } } });
      expect(same.statusCode).toBe(200);
    }
    const locked = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: owner.headers, payload: { settings: { locked: true } } });
    expect(locked.json().settings.locked).toBe(true);
    const unlock = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${slug}`, headers: housemate.headers, payload: { name: 'Lock Keys', settings: { locked: false } } });
    expect(unlock.statusCode).toBe(403);
    const ownerUnlocks = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${slug}`, headers: owner.headers, payload: { name: 'Lock Keys', settings: { locked: false } } });
    expect(ownerUnlocks.json().settings.locked).toBe(false);
  });

  it('applies the rule to every item of a bulk update, all or nothing', async () => {
    await setHouseholdLock(ctx, owner.user.householdId, false);
    const open = await getRecipe(ctx, owner.headers, await postRecipe(ctx, owner.headers, { name: 'Bulk Open', description: 'before' }));
    const closed = await getRecipe(ctx, owner.headers, await postRecipe(ctx, owner.headers, { name: 'Bulk Closed', description: 'before', settings: { locked: true } }));
    for (const method of ['PUT', 'PATCH'] as const) {
      const refused = await ctx.app.inject({
        method,
        url: '/api/recipes',
        headers: housemate.headers,
        payload: [{ id: open.id, name: open.name, description: 'after' }, { id: closed.id, name: closed.name, description: 'after' }],
      });
      expect(refused.statusCode).toBe(403);
      expect((await getRecipe(ctx, owner.headers, open.id)).description).toBe('before');
    }
    const allowed = await ctx.app.inject({ method: 'PATCH', url: '/api/recipes', headers: housemate.headers, payload: [{ id: open.id, description: 'after' }] });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()[0].description).toBe('after');
  });

  it('reads are group-wide whatever the household lock, and creation belongs to the creator', async () => {
    await setHouseholdLock(ctx, owner.user.householdId, true);
    const slug = await postRecipe(ctx, owner.headers, { name: 'Readable', settings: { locked: true } });
    const seen = await getRecipe(ctx, neighbour.headers, slug);
    expect(seen).toMatchObject({ userId: owner.user.id, householdId: owner.user.householdId });
    const duplicate = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/duplicate`, headers: neighbour.headers, payload: { name: 'Mine Now' } });
    expect(duplicate.statusCode).toBe(201);
    expect(duplicate.json()).toMatchObject({ userId: neighbour.user.id, householdId: neighbour.user.householdId, settings: { locked: true } });
    // The neighbour owns the copy, so even the locked copy is theirs to edit.
    const edit = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${duplicate.json().slug}`, headers: neighbour.headers, payload: { description: 'mine' } });
    expect(edit.statusCode).toBe(200);
  });

  it('admins get no special rights over other households', async () => {
    await setHouseholdLock(ctx, owner.user.householdId, true);
    const slug = await postRecipe(ctx, owner.headers, { name: 'Not For Admins' });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${slug}`, headers: ctx.admin });
    expect(res.statusCode).toBe(403);
  });
});
