import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginated } from '../../../contract/common.js';
import { localDate, readPlanEntry } from '../../../contract/mealplans.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { withQueryCount } from '../../db/query-count.js';
import { getRecipe, postRecipe } from '../recipes/testing.js';
import { entriesOfDay } from './service.js';

type Headers = Record<string, string>;
type Member = Awaited<ReturnType<typeof createMember>>;
let ctx: TestContext;
let neighbour: Member;
let stranger: Member;
let self: { id: string; groupId: string; householdId: string };
const ids: Record<string, string> = {};

/** Dinners in two categories, a soup in both, a breakfast, a cake with no category. */
const RECIPES = [
  { key: 'pasta', body: { name: 'Pasta Night', recipeCategory: [{ name: 'Italian' }], tags: [{ name: 'Quick' }] } },
  { key: 'curry', body: { name: 'Green Curry', recipeCategory: [{ name: 'Thai' }], tags: [{ name: 'Quick' }, { name: 'Spicy' }] } },
  { key: 'soup', body: { name: 'Tom Yum Minestrone', recipeCategory: [{ name: 'Italian' }, { name: 'Thai' }] } },
  { key: 'pancakes', body: { name: 'Pancakes', recipeCategory: [{ name: 'Breakfast' }] } },
  { key: 'cake', body: { name: 'Plain Cake' } },
] as const;

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
  for (const recipe of RECIPES) ids[recipe.key] = (await getRecipe(ctx, ctx.admin, await postRecipe(ctx, ctx.admin, recipe.body))).id;
  neighbour = await createMember(ctx, { household: 'Next Door' });
  stranger = await createMember(ctx, { group: 'Elsewhere' });
});
afterAll(async () => ctx?.close());

async function plan(body: Record<string, unknown>, headers: Headers = ctx.admin) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(query: string, headers: Headers = ctx.admin) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/households/mealplans?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function clearPlans() {
  await ctx.deps.db.deleteFrom('group_meal_plans').execute();
  await ctx.deps.db.deleteFrom('group_meal_plan_rules').execute();
}

async function setFirstDayOfWeek(day: number) {
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/households/preferences', headers: ctx.admin, payload: { firstDayOfWeek: day } });
  expect(res.statusCode, res.body).toBe(200);
}

async function rule(body: Record<string, unknown>) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans/rules', headers: ctx.admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function random(date: string, entryType = 'dinner') {
  return ctx.app.inject({ method: 'POST', url: '/api/households/mealplans/random', headers: ctx.admin, payload: { date, entryType } });
}

describe('meal plan entries', () => {
  it('creates an entry with 201 and Mealie’s ReadPlanEntry shape, embedding the recipe summary', async () => {
    await clearPlans();
    const entry = await plan({ date: '2025-03-04', entryType: 'dinner', title: '', text: 'with salad', recipeId: ids.pasta });
    expect(entry).toMatchObject({
      date: '2025-03-04', entryType: 'dinner', title: '', text: 'with salad', recipeId: ids.pasta,
      groupId: self.groupId, householdId: self.householdId, userId: self.id,
    });
    expect(typeof entry.id).toBe('number');
    expect(entry.recipe).toMatchObject({ id: ids.pasta, name: 'Pasta Night', slug: 'pasta-night' });
    expect(entry.recipe.recipeCategory.map((c: { name: string }) => c.name)).toEqual(['Italian']);
    const note = await plan({ date: '2025-03-04', entry_type: 'lunch', title: 'Leftovers' });
    expect(note).toMatchObject({ entryType: 'lunch', title: 'Leftovers', recipeId: null, recipe: null });
    // Mealie's default entry type for the API is breakfast.
    expect((await plan({ date: '2025-03-05', title: 'Toast' })).entryType).toBe('breakfast');

    const fetched = await ctx.app.inject({ method: 'GET', url: `/api/households/mealplans/${entry.id}`, headers: ctx.admin });
    expect(fetched.json()).toEqual(entry);
  });

  it('updates and deletes an entry, answering the entry', async () => {
    await clearPlans();
    const entry = await plan({ date: '2025-03-04', entryType: 'dinner', recipeId: ids.pasta });
    const moved = await ctx.app.inject({
      method: 'PUT', url: `/api/households/mealplans/${entry.id}`, headers: ctx.admin,
      payload: { ...entry, date: '2025-03-09', entryType: 'side', recipeId: ids.curry },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: entry.id, date: '2025-03-09', entryType: 'side', recipeId: ids.curry, recipe: { name: 'Green Curry' } });
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/households/mealplans/${entry.id}`, headers: ctx.admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().id).toBe(entry.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/households/mealplans/${entry.id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('lists an inclusive range crossing a month and a year boundary, by date then meal type', async () => {
    await clearPlans();
    await plan({ date: '2025-01-01', entryType: 'side', title: 'New year side' });
    await plan({ date: '2024-12-31', entryType: 'dinner', title: 'NYE dinner' });
    await plan({ date: '2024-12-31', entryType: 'breakfast', title: 'NYE breakfast' });
    await plan({ date: '2024-12-30', entryType: 'lunch', title: 'Before' });
    await plan({ date: '2025-01-02', entryType: 'lunch', title: 'After' });
    await plan({ date: '2025-01-01', entryType: 'lunch', title: 'New year lunch' });
    const page = await list('start_date=2024-12-31&end_date=2025-01-01');
    expect(page.items.map((e: { date: string; title: string }) => `${e.date} ${e.title}`)).toEqual([
      '2024-12-31 NYE breakfast', '2024-12-31 NYE dinner', '2025-01-01 New year lunch', '2025-01-01 New year side',
    ]);
    expect(page).toMatchObject({ total: 4, page: 1 });

    await clearPlans();
    // Feb 2024 is a leap month: the planner's 7 days from Feb 26 run into March.
    for (const date of ['2024-02-25', '2024-02-26', '2024-02-29', '2024-03-01', '2024-03-03', '2024-03-04']) await plan({ date, entryType: 'dinner', title: date });
    const week = await list('start_date=2024-02-26&end_date=2024-03-03');
    expect(week.items.map((e: { date: string }) => e.date)).toEqual(['2024-02-26', '2024-02-29', '2024-03-01', '2024-03-03']);
  });

  it('pages with the envelope and filters with queryFilter', async () => {
    await clearPlans();
    for (let day = 1; day <= 5; day++) await plan({ date: `2025-05-0${day}`, entryType: 'dinner', title: `Day ${day}` });
    const first = await list('start_date=2025-05-01&end_date=2025-05-31&perPage=2');
    expect(first).toMatchObject({ total: 5, total_pages: 3, per_page: 2 });
    expect(first.next).toContain('page=2');
    const filtered = await list('queryFilter=' + encodeURIComponent('title = "Day 3"'));
    expect(filtered.items.map((e: { title: string }) => e.title)).toEqual(['Day 3']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans?queryFilter=' + encodeURIComponent('nope = 1'), headers: ctx.admin });
    expect(bad.statusCode).toBe(400);
  });

  it('shows today’s entries by the calendar date', async () => {
    await clearPlans();
    const today = localDate();
    await plan({ date: today, entryType: 'dinner', recipeId: ids.curry });
    await plan({ date: '2000-01-01', entryType: 'dinner', title: 'Long ago' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans/today', headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { date: string }) => e.date)).toEqual([today]);
  });

  it('refuses malformed input with a 4xx and writes nothing', async () => {
    await clearPlans();
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ date: '2025-03-04', entryType: 'brunch', title: 'x' }, 422],
      [{ date: '2025-02-30', entryType: 'dinner', title: 'x' }, 422],
      [{ date: '2025-13-01', entryType: 'dinner', title: 'x' }, 422],
      [{ date: '04/03/2025', entryType: 'dinner', title: 'x' }, 422],
      [{ entryType: 'dinner', title: 'x' }, 422],
      [{ date: '2025-03-04', entryType: 'dinner', recipeId: 'not-a-uuid' }, 422],
      [{ date: '2025-03-04', entryType: 'dinner', recipeId: '00000000-0000-4000-8000-000000000000' }, 400],
    ];
    for (const [payload, status] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: ctx.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect((await list('')).total).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans/abc', headers: ctx.admin })).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans?start_date=2025-02-31', headers: ctx.admin })).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans' })).statusCode).toBe(401);
  });

  it('keeps entries to their household: another household or group neither sees nor changes them', async () => {
    await clearPlans();
    const mine = await plan({ date: '2025-03-04', entryType: 'dinner', recipeId: ids.pasta });
    const theirs = await plan({ date: '2025-03-04', entryType: 'dinner', title: 'Next door dinner' }, neighbour.headers);
    expect(theirs.householdId).not.toBe(self.householdId);
    expect((await list('')).items.map((e: { id: number }) => e.id)).toEqual([mine.id]);
    expect((await list('', neighbour.headers)).items.map((e: { id: number }) => e.id)).toEqual([theirs.id]);
    expect((await list('', stranger.headers)).total).toBe(0);
    for (const headers of [neighbour.headers, stranger.headers]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/households/mealplans/${mine.id}`, headers })).statusCode).toBe(404);
      const put = await ctx.app.inject({ method: 'PUT', url: `/api/households/mealplans/${mine.id}`, headers, payload: { date: '2025-03-05', entryType: 'lunch', title: 'mine now' } });
      expect(put.statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/households/mealplans/${mine.id}`, headers })).statusCode).toBe(404);
    }
    // A recipe of another group cannot be planned.
    const foreign = await postRecipe(ctx, stranger.headers, { name: 'Foreign Dish' });
    const foreignId = (await getRecipe(ctx, stranger.headers, foreign)).id;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: ctx.admin, payload: { date: '2025-03-04', recipeId: foreignId } });
    expect(res.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/households/mealplans/${mine.id}`, headers: ctx.admin })).json().date).toBe('2025-03-04');
  });

  it('lists a page of entries in a fixed number of queries whatever their number', async () => {
    await clearPlans();
    const queries = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-hearth-queries']);
    await plan({ date: '2025-06-01', entryType: 'dinner', recipeId: ids.pasta });
    const one = queries(await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans?start_date=2025-06-01&end_date=2025-06-30', headers: ctx.admin }));
    for (const [i, key] of ['curry', 'soup', 'pancakes', 'cake'].entries()) await plan({ date: `2025-06-0${i + 2}`, entryType: 'dinner', recipeId: ids[key] });
    const five = queries(await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans?start_date=2025-06-01&end_date=2025-06-30', headers: ctx.admin }));
    expect(five).toBe(one);
  });

  it('answers a month exactly as its response schema would send it (nothing to strip or convert)', async () => {
    await clearPlans();
    await plan({ date: '2025-06-01', entryType: 'breakfast', title: 'Porridge', text: 'with honey' });
    for (const [i, key] of ['pasta', 'curry', 'soup', 'pancakes', 'cake', 'pasta'].entries()) await plan({ date: `2025-06-0${i + 1}`, entryType: 'dinner', recipeId: ids[key] });
    const page = await list('start_date=2025-06-01&end_date=2025-06-30&perPage=-1');
    expect(page.items).toHaveLength(7);
    expect(page.items[1].recipe.tags.map((t: { name: string }) => t.name)).toEqual(['Quick']);
    expect(page).toStrictEqual(JSON.parse(JSON.stringify(paginated(readPlanEntry).parse(page))));
  });

  it('gives the webhook helper the day’s entries with their recipes', async () => {
    await clearPlans();
    await plan({ date: '2025-07-01', entryType: 'dinner', recipeId: ids.curry });
    await plan({ date: '2025-07-01', entryType: 'breakfast', recipeId: ids.pancakes });
    await plan({ date: '2025-07-02', entryType: 'dinner', recipeId: ids.pasta });
    const { result } = await withQueryCount(() => entriesOfDay(ctx.deps, { groupId: self.groupId, householdId: self.householdId }, '2025-07-01'));
    expect(result.map((e) => [e.entryType, e.recipe?.name])).toEqual([['breakfast', 'Pancakes'], ['dinner', 'Green Curry']]);
  });

  it('announces each write as an event in its own transaction; a refused write announces nothing', async () => {
    await clearPlans();
    const before = await ctx.deps.db.selectFrom('hearth_events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    const entry = await plan({ date: '2025-09-01', entryType: 'dinner', recipeId: ids.pasta });
    await ctx.app.inject({ method: 'PUT', url: `/api/households/mealplans/${entry.id}`, headers: ctx.admin, payload: { ...entry, date: '2025-09-07' } });
    const picked = (await random('2025-09-02')).json();
    await ctx.app.inject({ method: 'DELETE', url: `/api/households/mealplans/${entry.id}`, headers: ctx.admin });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/households/mealplans/${entry.id}`, headers: ctx.admin })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: ctx.admin, payload: { date: '2025-02-30' } })).statusCode).toBe(422);
    const events = await ctx.deps.db.selectFrom('hearth_events').selectAll().where('id', '>', Number(before.max ?? 0)).where('type', 'like', 'mealplan%').orderBy('id').execute();
    expect(events.map((e) => [e.type, JSON.parse(e.data).id, JSON.parse(e.data).date])).toEqual([
      ['mealplan_entry_created', String(entry.id), '2025-09-01'],
      ['mealplan_entry_updated', String(entry.id), '2025-09-07'],
      ['mealplan_entry_created', String(picked.id), '2025-09-02'],
      ['mealplan_entry_deleted', String(entry.id), '2025-09-07'],
    ]);
    expect(events[0]).toMatchObject({ group_id: self.groupId, household_id: self.householdId, user_id: self.id });
    expect(JSON.parse(events[0].data)).toEqual({ id: String(entry.id), name: '2025-09-01', date: '2025-09-01', entryType: 'dinner', recipeId: ids.pasta });
  });

  it('deletes a recipe’s entries with the recipe', async () => {
    await clearPlans();
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Short Lived' });
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    await plan({ date: '2025-08-01', entryType: 'dinner', recipeId: recipe.id });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${slug}`, headers: ctx.admin })).statusCode).toBe(200);
    expect((await list('')).total).toBe(0);
  });
});

describe('meal plan rules', () => {
  it('creates, reads, updates and deletes a rule with its parsed queryFilter', async () => {
    await clearPlans();
    const created = await rule({ day: 'monday', entryType: 'dinner', queryFilterString: 'recipe_category.name IN ["Italian", "Thai"]' });
    expect(created).toMatchObject({ day: 'monday', entryType: 'dinner', groupId: self.groupId, householdId: self.householdId });
    expect(created.queryFilter.parts).toEqual([
      { leftParenthesis: null, rightParenthesis: null, logicalOperator: null, attributeName: 'recipe_category.name', relationalOperator: 'IN', value: ['Italian', 'Thai'] },
    ]);
    const defaults = await rule({});
    expect(defaults).toMatchObject({ day: 'unset', entryType: 'unset', queryFilterString: '', queryFilter: { parts: [] } });

    const updated = await ctx.app.inject({ method: 'PUT', url: `/api/households/mealplans/rules/${created.id}`, headers: ctx.admin, payload: { day: 'friday', entry_type: 'lunch', query_filter_string: 'tags.name = Quick' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.id, day: 'friday', entryType: 'lunch', queryFilterString: 'tags.name = Quick' });

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans/rules', headers: ctx.admin });
    expect(listed.json()).toMatchObject({ total: 2 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans/rules', headers: neighbour.headers })).json().total).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/households/mealplans/rules/${created.id}`, headers: neighbour.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/households/mealplans/rules/${created.id}`, headers: neighbour.headers })).statusCode).toBe(404);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/households/mealplans/rules/${created.id}`, headers: ctx.admin });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/households/mealplans/rules/${created.id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('refuses a malformed filter with a 422 naming the problem and saves nothing', async () => {
    await clearPlans();
    for (const queryFilterString of ['recipe_category.name IN ["Italian"', 'nonsense_field = 1', '(tags.name = Quick']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans/rules', headers: ctx.admin, payload: { queryFilterString } });
      expect(res.statusCode, queryFilterString).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ type: 'value_error', loc: ['body', 'queryFilterString'], msg: expect.stringMatching(/^Value error, ./), input: queryFilterString });
    }
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans/rules', headers: ctx.admin, payload: { day: 'someday' } });
    expect(bad.statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans/rules', headers: ctx.admin })).json().total).toBe(0);
  });
});

describe('random meals', () => {
  const dinnerOf = async (date: string) => {
    const res = await random(date);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('picks among recipes matching a two-category rule (either category)', async () => {
    await clearPlans();
    await rule({ day: 'unset', entryType: 'dinner', queryFilterString: 'recipe_category.name IN ["Italian", "Thai"]' });
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await ctx.deps.db.deleteFrom('group_meal_plans').execute();
      const entry = await dinnerOf('2025-03-04');
      expect(entry).toMatchObject({ date: '2025-03-04', entryType: 'dinner' });
      seen.add(entry.recipeId);
    }
    for (const id of seen) expect([ids.pasta, ids.curry, ids.soup]).toContain(id);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('requires both categories with CONTAINS ALL, and every applying rule at once', async () => {
    await clearPlans();
    await rule({ entryType: 'dinner', queryFilterString: 'recipe_category.name CONTAINS ALL ["Italian", "Thai"]' });
    expect((await dinnerOf('2025-03-04')).recipeId).toBe(ids.soup);
    await clearPlans();
    // Two rules apply on a Tuesday dinner: Thai (any day) and Quick (Tuesdays): only the curry is both.
    await rule({ entryType: 'dinner', queryFilterString: 'recipe_category.slug = thai' });
    await rule({ day: 'tuesday', queryFilterString: 'tags.name = Quick' });
    await rule({ day: 'wednesday', entryType: 'dinner', queryFilterString: 'recipe_category.name = Breakfast' });
    for (let i = 0; i < 4; i++) {
      await ctx.deps.db.deleteFrom('group_meal_plans').execute();
      expect((await dinnerOf('2025-03-04')).recipeId).toBe(ids.curry);
    }
    // The Wednesday rule only applies on Wednesdays (and with the Thai rule finds nothing).
    const wednesday = await random('2025-03-05');
    expect(wednesday.statusCode).toBe(404);
    expect(wednesday.json().detail.message).toBe('No recipes match your rules');
    // A breakfast on Wednesday is not narrowed by the dinner rules.
    expect((await random('2025-03-05', 'breakfast')).statusCode).toBe(200);
  });

  it('does not repeat a dinner within the week while alternatives exist, then repeats rather than fail', async () => {
    await clearPlans();
    await rule({ entryType: 'dinner', queryFilterString: 'recipe_category.name IN ["Italian", "Thai"]' });
    // Mon 2025-03-03 .. Sun 2025-03-09 with a Monday week start.
    await setFirstDayOfWeek(1);
    const picked = [];
    for (const date of ['2025-03-03', '2025-03-04', '2025-03-05']) picked.push((await dinnerOf(date)).recipeId);
    expect(new Set(picked).size).toBe(3);
    // The fourth dinner of the week has no fresh candidate left: it repeats one instead of failing.
    expect(picked).toContain((await dinnerOf('2025-03-06')).recipeId);
    await setFirstDayOfWeek(0);
  });

  it('decides the week by the household’s first day of the week (0 = Sunday, 1 = Monday)', async () => {
    // Only Italian dinners: pasta and the soup. Pasta is planned on Sunday 2025-03-09.
    const picks = async (firstDay: number, extra: Array<[string, string]>) => {
      await clearPlans();
      await setFirstDayOfWeek(firstDay);
      await rule({ entryType: 'dinner', queryFilterString: 'recipe_category.name = Italian' });
      for (const [date, key] of [['2025-03-09', 'pasta'], ...extra]) await plan({ date, entryType: 'dinner', recipeId: ids[key] });
      const results = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const entry = await dinnerOf('2025-03-10');
        results.add(entry.recipeId);
        await ctx.app.inject({ method: 'DELETE', url: `/api/households/mealplans/${entry.id}`, headers: ctx.admin });
      }
      return [...results];
    };
    // Weeks from Sunday: Sunday 9 and Monday 10 March share a week, so the pasta is avoided.
    expect(await picks(0, [])).toEqual([ids.soup]);
    // Weeks from Monday: Monday 10 starts a new week; Sunday's pasta does not count, Wednesday's soup does.
    expect(await picks(1, [['2025-03-12', 'soup']])).toEqual([ids.pasta]);
    await setFirstDayOfWeek(0);
  });

  it('answers 404 with a message when no recipe matches, and picks any recipe without rules', async () => {
    await clearPlans();
    await rule({ queryFilterString: 'name = "No Such Recipe"' });
    const none = await random('2025-03-04');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: { message: 'No recipes match your rules', error: true, exception: null } });
    expect((await list('')).total).toBe(0);
    await clearPlans();
    const any = await dinnerOf('2025-03-04');
    expect(Object.values(ids)).toContain(any.recipeId);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans/random', headers: ctx.admin, payload: { date: '2025-02-29', entryType: 'dinner' } });
    expect(bad.statusCode).toBe(422);
  });

  it('only picks recipes of the caller’s group', async () => {
    await clearPlans();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans/random', headers: stranger.headers, payload: { date: '2025-03-04' } });
    // The stranger's group has one recipe (Foreign Dish) from the isolation test.
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recipe.name).toBe('Foreign Dish');
  });
});
