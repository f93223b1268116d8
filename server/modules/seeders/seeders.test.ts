import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeedFoods, loadSeedLabels, loadSeedUnits } from '../../seed/index.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { post, selfScope } from '../organizers/test-fixtures.js';
import { seedGroup } from './service.js';

let ctx: TestContext;
let organizer: Record<string, string>;
let plainMember: Record<string, string>;
let outsider: Record<string, string>;
let groupId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  organizer = (await createMember(ctx, { username: 'seed-organizer', flags: { canOrganize: true } })).headers;
  plainMember = (await createMember(ctx, { username: 'seed-plain' })).headers;
  outsider = (await createMember(ctx, { username: 'seed-outsider', group: 'Seed Elsewhere', flags: { canOrganize: true } })).headers;
  groupId = (await selfScope(ctx, organizer)).groupId;
});
afterAll(async () => ctx?.close());

const seed = (kind: string, locale = 'en-US', headers = organizer) => post(ctx, headers, `/api/groups/seeders/${kind}`, { locale });
const countIn = async (table: 'ingredient_foods' | 'ingredient_units' | 'multi_purpose_labels', group = groupId) =>
  Number((await ctx.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', group).executeTakeFirstOrThrow()).n);

describe('POST /api/groups/seeders/*', () => {
  it('answers 403 without canOrganize and 422 for an unknown locale, writing nothing', async () => {
    expect((await seed('foods', 'en-US', plainMember)).statusCode).toBe(403);
    const unknown = await seed('labels', 'xx-QQ');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail.message).toContain('xx-QQ');
    expect((await post(ctx, organizer, '/api/groups/seeders/units', {})).statusCode).toBe(422);
    expect(await countIn('multi_purpose_labels')).toBe(0);
    expect(await countIn('ingredient_units')).toBe(0);
  });

  it('seeds units once, skipping names the group already has', async () => {
    const expected = loadSeedUnits('en-US');
    expect(expected.length).toBeGreaterThan(10);
    const existing = (await post(ctx, organizer, '/api/units', { name: expected[0].name.toUpperCase(), abbreviation: 'mine' })).json();
    const res = await seed('units');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Seeding Successful', error: false });
    expect(await countIn('ingredient_units')).toBe(expected.length);
    expect((await seed('units')).statusCode).toBe(200);
    expect(await countIn('ingredient_units')).toBe(expected.length);
    // The group's own unit is left as it was.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/units/${existing.id}`, headers: organizer })).json().abbreviation).toBe('mine');
    const seeded = expected[1];
    const found = (await ctx.app.inject({ method: 'GET', url: `/api/units?search=${encodeURIComponent(seeded.name)}`, headers: organizer })).json().items;
    expect(found[0]).toMatchObject({ name: seeded.name, abbreviation: seeded.abbreviation, fraction: true, useAbbreviation: false });
  });

  it('seeds foods with the labels the group has, then labels the rest when labels are seeded', async () => {
    const foods = loadSeedFoods('en-US');
    const labels = loadSeedLabels('en-US');
    expect(foods.length).toBeGreaterThan(200);
    const labelled = foods.filter((food) => food.labelKey);
    expect(labelled.length).toBeGreaterThan(0);
    // The group has one of the seed labels already (another case): foods of that label get it.
    const firstKey = labelled[0].labelKey;
    const seedLabel = labels.find((label) => label.key === firstKey);
    if (!seedLabel) throw new Error(`no seed label for key ${firstKey}`);
    const own = (await post(ctx, organizer, '/api/groups/labels', { name: seedLabel.name.toUpperCase() })).json();

    expect((await seed('foods')).statusCode).toBe(200);
    expect(await countIn('ingredient_foods')).toBe(foods.length);
    const rows = await ctx.deps.db.selectFrom('ingredient_foods').select(['name', 'label_id']).where('group_id', '=', groupId).execute();
    const labelOf = new Map(rows.map((row) => [row.name, row.label_id]));
    for (const food of labelled.filter((f) => f.labelKey === firstKey)) expect(labelOf.get(food.name), food.name).toBe(own.id);
    expect(rows.filter((row) => row.label_id !== null).length).toBe(labelled.filter((f) => f.labelKey === firstKey).length);

    expect((await seed('labels')).statusCode).toBe(200);
    expect(await countIn('multi_purpose_labels')).toBe(labels.length);
    const labelRows = await ctx.deps.db.selectFrom('multi_purpose_labels').select(['id', 'name']).where('group_id', '=', groupId).execute();
    const labelIdByName = new Map(labelRows.map((row) => [row.name.toLowerCase(), row.id]));
    const after = await ctx.deps.db.selectFrom('ingredient_foods').select(['name', 'label_id']).where('group_id', '=', groupId).execute();
    const afterLabelOf = new Map(after.map((row) => [row.name, row.label_id]));
    for (const food of labelled) {
      const labelName = labels.find((label) => label.key === food.labelKey)?.name;
      if (labelName) expect(afterLabelOf.get(food.name), food.name).toBe(labelIdByName.get(labelName.toLowerCase()));
    }

    // Seeding again adds nothing.
    expect((await seed('foods')).statusCode).toBe(200);
    expect((await seed('labels')).statusCode).toBe(200);
    expect(await countIn('ingredient_foods')).toBe(foods.length);
    expect(await countIn('multi_purpose_labels')).toBe(labels.length);

    // Seeded foods are searchable like any other (normalized columns filled).
    const first = foods[0];
    const found = (await ctx.app.inject({ method: 'GET', url: `/api/foods?search=${encodeURIComponent(first.name)}`, headers: plainMember })).json();
    expect(found.items[0].name).toBe(first.name);
  });

  it('seedGroup (registration with seed data) seeds every kind at once, labels first', async () => {
    const fresh = await createMember(ctx, { username: 'seed-fresh', group: 'Seed Fresh' });
    const added = await seedGroup(ctx.deps.db, fresh.user.groupId, 'en-US', ['foods', 'units', 'labels']);
    expect(added).toEqual({ foods: loadSeedFoods('en-US').length, units: loadSeedUnits('en-US').length, labels: loadSeedLabels('en-US').length });
    const unlabelled = await ctx.deps.db
      .selectFrom('ingredient_foods')
      .select('name')
      .where('group_id', '=', fresh.user.groupId)
      .where('label_id', 'is', null)
      .execute();
    expect(unlabelled.length).toBe(loadSeedFoods('en-US').filter((food) => !food.labelKey).length);
    expect(await seedGroup(ctx.deps.db, fresh.user.groupId, 'en-US', ['foods', 'units', 'labels'])).toEqual({ foods: 0, units: 0, labels: 0 });
    await expect(seedGroup(ctx.deps.db, fresh.user.groupId, 'zz', ['labels'])).rejects.toMatchObject({ status: 422 });
  });

  it('only touches the caller\'s group', async () => {
    expect(await countIn('ingredient_foods', (await selfScope(ctx, outsider)).groupId)).toBe(0);
    expect((await seed('labels', 'en-GB', outsider)).statusCode).toBe(200);
    expect(await countIn('multi_purpose_labels', (await selfScope(ctx, outsider)).groupId)).toBe(loadSeedLabels('en-GB').length);
    expect(await countIn('multi_purpose_labels')).toBe(loadSeedLabels('en-US').length);
  });
});
