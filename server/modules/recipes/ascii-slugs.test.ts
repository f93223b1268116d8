import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const create = (name: string) => ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name } });

describe('recipe slugs are ASCII', () => {
  it.each([
    ['Курица с сыром', 'kuritsa-s-syrom'],
    ['Smørkylling', 'smorkylling'],
    ['Fränkische Weißweinsuppe', 'frankische-weissweinsuppe'],
    ['バターチキンカレー', 'batachikinkare'],
  ])('%s gets the slug %s and is readable by it', async (name, slug) => {
    const res = await create(name);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toBe(slug);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin });
    expect(read.json()).toMatchObject({ name, slug });
  });

  it('a recipe saved earlier under a non-ASCII slug keeps its address', async () => {
    const res = await create('Old borscht');
    const slug = res.json() as string;
    await sql`UPDATE recipes SET slug = ${'старый-борщ'} WHERE slug = ${slug}`.execute(ctx.deps.db);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${encodeURIComponent('старый-борщ')}`, headers: ctx.admin });
    expect(read.statusCode).toBe(200);
    expect(read.json().name).toBe('Old borscht');
  });
});
