import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { post, selfScope } from '../organizers/test-fixtures.js';

let ctx: TestContext;
let organizer: Record<string, string>;
let plainMember: Record<string, string>;
let outsider: Record<string, string>;
let groupId: string;
const base = '/api/groups/labels';

beforeAll(async () => {
  ctx = await createTestContext();
  organizer = (await createMember(ctx, { username: 'label-organizer', flags: { canOrganize: true } })).headers;
  plainMember = (await createMember(ctx, { username: 'label-plain' })).headers;
  outsider = (await createMember(ctx, { username: 'label-outsider', group: 'Label Elsewhere', flags: { canOrganize: true } })).headers;
  groupId = (await selfScope(ctx, organizer)).groupId;
});
afterAll(async () => ctx?.close());

describe('/api/groups/labels', () => {
  it('creates (200, as Mealie), reads, updates and deletes a label', async () => {
    const created = await post(ctx, organizer, base, { name: 'Dairy', color: '#ffeeaa' });
    expect(created.statusCode).toBe(200);
    const label = created.json();
    expect(label).toEqual({ id: expect.any(String), name: 'Dairy', color: '#ffeeaa', groupId });
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${label.id}`, headers: plainMember })).json()).toEqual(label);

    const updated = await ctx.app.inject({ method: 'PUT', url: `${base}/${label.id}`, headers: organizer, payload: { ...label, name: 'Dairy Products', color: '#00ff00' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...label, name: 'Dairy Products', color: '#00ff00' });

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `${base}/${label.id}`, headers: organizer });
    expect(deleted.json().name).toBe('Dairy Products');
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${label.id}`, headers: organizer })).statusCode).toBe(404);
  });

  it('defaults the colour and refuses a duplicate name in the group (any case)', async () => {
    const label = (await post(ctx, organizer, base, { name: 'Bakery' })).json();
    expect(label.color).toBe('#959595');
    const duplicate = await post(ctx, organizer, base, { name: 'bakery' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail.message).toContain('already exists');
    const other = (await post(ctx, organizer, base, { name: 'Frozen' })).json();
    expect((await ctx.app.inject({ method: 'PUT', url: `${base}/${other.id}`, headers: organizer, payload: { name: 'BAKERY' } })).statusCode).toBe(409);
    expect((await post(ctx, outsider, base, { name: 'Bakery' })).statusCode).toBe(200);
  });

  it('searches and pages', async () => {
    for (const name of ['Spices', 'Sweets', 'Snacks']) await post(ctx, organizer, base, { name });
    const found = (await ctx.app.inject({ method: 'GET', url: `${base}?search=SWEET`, headers: plainMember })).json();
    expect(found.items.map((l: { name: string }) => l.name)).toEqual(['Sweets']);
    const filtered = (await ctx.app.inject({ method: 'GET', url: `${base}?queryFilter=${encodeURIComponent('name LIKE "s%" AND color = "#959595"')}&orderBy=name&orderDirection=asc`, headers: plainMember })).json();
    expect(filtered.items.map((l: { name: string }) => l.name)).toEqual(['Snacks', 'Spices', 'Sweets']);
    const paged = (await ctx.app.inject({ method: 'GET', url: `${base}?perPage=1&page=2&orderBy=name&orderDirection=asc`, headers: plainMember })).json();
    expect(paged.items).toHaveLength(1);
    expect(paged.previous).toContain('page=1');
    const all = (await ctx.app.inject({ method: 'GET', url: `${base}?perPage=-1&orderBy=name&orderDirection=asc`, headers: plainMember })).json();
    const names = all.items.map((l: { name: string }) => l.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(paged.items[0].name).toBe(names[1]);
  });

  it('deleting a label leaves its foods without a label', async () => {
    const label = (await post(ctx, organizer, base, { name: 'Produce' })).json();
    const food = (await post(ctx, organizer, '/api/foods', { name: 'Kale', labelId: label.id })).json();
    expect(food.label).toEqual(label);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base}/${label.id}`, headers: organizer })).statusCode).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/foods/${food.id}`, headers: organizer })).json();
    expect(after.labelId).toBeNull();
    expect(after.label).toBeNull();
  });

  it('lets members read, organizers write, and hides other groups\' labels', async () => {
    const label = (await post(ctx, organizer, base, { name: 'Household' })).json();
    expect((await ctx.app.inject({ method: 'GET', url: base, headers: plainMember })).statusCode).toBe(200);
    expect((await post(ctx, plainMember, base, { name: 'Nope' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `${base}/${label.id}`, headers: plainMember, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base}/${label.id}`, headers: plainMember })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${label.id}`, headers: outsider })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: `${base}/${label.id}`, headers: outsider, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base}/${label.id}`, headers: outsider })).statusCode).toBe(404);
    const theirs = (await ctx.app.inject({ method: 'GET', url: `${base}?perPage=-1`, headers: outsider })).json();
    expect(theirs.items.map((l: { id: string }) => l.id)).not.toContain(label.id);
  });
});
