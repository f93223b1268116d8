import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../modules/groups/service.js';
import { queryFilterCondition, recipeFilterAttributes } from '../platform/query-filter/index.js';
import { sql } from 'kysely';
import { createTestContext, TEST_ENGINE, type TestContext } from '../test/harness.js';
import {
  indexRecipes,
  prepareRecipeSearch,
  rebuildSearchIndex,
  reindexRecipesReferencing,
  searchIndexIsComplete,
  searchOrderFor,
  searchRecipeIds,
} from './index.js';
import { searchDb } from './tables.js';
import { insertTestFood, insertTestOrganizer, insertTestRecipe, type TestRecipe } from './test-recipes.js';

let ctx: TestContext;
let groupId: string;
let householdId: string;
let otherGroupId: string;
let otherHouseholdId: string;
const ids: Record<string, string> = {};

async function add(key: string, recipe: Omit<TestRecipe, 'groupId' | 'householdId'> & { other?: boolean }): Promise<string> {
  const id = await insertTestRecipe(ctx.deps.db, {
    groupId: recipe.other ? otherGroupId : groupId,
    householdId: recipe.other ? otherHouseholdId : householdId,
    ...recipe,
  });
  ids[key] = id;
  return id;
}

const search = (text: string) => searchRecipeIds(ctx.deps, groupId, text);
const keysOf = (found: string[]) => found.map((id) => Object.keys(ids).find((key) => ids[key] === id) ?? id);
const searchKeys = async (text: string) => keysOf(await search(text));

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.db;
  ({ id: groupId } = await db.selectFrom('groups').select('id').executeTakeFirstOrThrow());
  ({ id: householdId } = await db.selectFrom('households').select('id').where('group_id', '=', groupId).executeTakeFirstOrThrow());
  ({ groupId: otherGroupId, householdId: otherHouseholdId } = await createGroup(db, 'Other kitchen', { householdName: 'Other home' }));

  const saffronFood = await insertTestFood(db, groupId, 'Saffron');
  const dessertTag = await insertTestOrganizer(db, 'tags', groupId, 'Dessert');
  await add('curry', {
    createdAt: '2024-01-02T00:00:00.000Z',
    name: 'Chicken curry',
    description: 'A weeknight curry with coconut milk',
    ingredients: ['500 g chicken thighs', '1 tin coconut milk', '2 tbsp curry paste'],
    instructions: ['Brown the chicken.', 'Add paste and milk, simmer 20 minutes.'],
  });
  await add('creme', { name: 'Crème brûlée', description: 'Classic French custard', ingredients: ['4 egg yolks', '500 ml cream'], tagIds: [dessertTag] });
  await add('chocolate', { name: 'Chocolate cake', description: 'Moist and dark', ingredients: ['200 g dark chocolate', '3 eggs'] });
  await add('paella', { name: 'Seafood paella', description: 'Rice with prawns', ingredients: [{ foodId: saffronFood, note: 'a pinch' }, '300 g rice'] });
  await add('risotto', { name: 'Risotto milanese', description: 'Golden rice', ingredients: ['a few threads of saffron', '320 g arborio rice'] });
  await add('redcurry', { name: 'Thai red curry', description: 'Spicy', ingredients: ['red curry paste'], createdAt: '2024-01-03T00:00:00.000Z' });
  await add('peppercurry', { name: 'Red pepper and lentil curry', description: 'Vegan', ingredients: ['2 red peppers'], createdAt: '2024-01-01T00:00:00.000Z' });
  await add('kale', { name: 'Curly kale crisps', description: 'Baked' });
  await add('malt', { name: 'Malt loaf', description: 'Sticky bread', ingredients: ['malt extract'] });
  // Ranking: the same word in the name, the description, an ingredient, an instruction.
  await add('rankName', { name: 'Tarragon roast', description: 'Sunday dinner' });
  await add('rankDescription', { name: 'Roast vegetables', description: 'Finished with fresh tarragon leaves' });
  await add('rankIngredient', { name: 'Green sauce', description: 'For fish', ingredients: ['1 bunch tarragon'], createdAt: '2024-02-01T00:00:00.000Z' });
  await add('rankInstruction', {
    createdAt: '2024-02-02T00:00:00.000Z',
    name: 'Herb butter',
    description: 'Keeps a week',
    instructions: ['Soften the butter.', 'Chop the tarragon finely and mix it in, then roll into a log and chill.'],
  });
  await add('foreign', { name: 'Chicken soup', description: 'Another group', other: true });
  await rebuildSearchIndex(ctx.deps);
});

afterAll(async () => {
  await ctx?.close();
});

describe('recipe search', () => {
  it('finds an exact word, in any case', async () => {
    expect(await searchKeys('chicken')).toEqual(['curry']);
    expect(await searchKeys('CHICKEN')).toEqual(['curry']);
  });

  it('matches the start of a word while typing', async () => {
    expect(await searchKeys('chick')).toEqual(['curry']);
    expect(await searchKeys('choc')).toEqual(['chocolate']);
    expect(await searchKeys('ch')).toEqual(expect.arrayContaining(['curry', 'chocolate']));
  });

  it('ignores accents on both sides', async () => {
    expect(await searchKeys('creme brulee')).toEqual(['creme']);
    expect(await searchKeys('Crème Brûlée')).toEqual(['creme']);
    expect(await searchKeys('CRÉME')).toEqual(['creme']);
  });

  it('forgives one typo in a word', async () => {
    expect(await searchKeys('chiken')).toEqual(['curry']); // a letter missing
    expect(await searchKeys('choclate')).toEqual(['chocolate']); // a letter missing
    expect(await searchKeys('chocolatte')).toEqual(['chocolate']); // a letter too many
    expect(await searchKeys('chocolste')).toEqual(['chocolate']); // a letter wrong
    expect(await searchKeys('chikcen curry')).toEqual(['curry']); // two letters swapped
    expect(await searchKeys('bruleee')).toEqual(['creme']);
  });

  it('does not stretch to two typos, nor correct a word that exists', async () => {
    expect(await searchKeys('chkn')).toEqual([]);
    expect(await searchKeys('chocolatte cakke')).toEqual(['chocolate']);
    expect(await searchKeys('chocolatte cakkke')).toEqual([]);
    // "curry" is one letter from "curly", but it is a word of the index, so it is not corrected.
    expect((await searchKeys('curry')).sort()).toEqual(['curry', 'peppercurry', 'redcurry']);
    expect(await searchKeys('curly')).toEqual(['kale']);
    // "salt" is in no recipe: it is read as a typo of "malt".
    expect(await searchKeys('salt')).toEqual(['malt']);
  });

  it('searches ingredient notes, original text and food names', async () => {
    expect((await searchKeys('saffron')).sort()).toEqual(['paella', 'risotto']);
    expect(await searchKeys('arborio')).toEqual(['risotto']);
  });

  it('requires every word and keeps quoted phrases whole', async () => {
    expect((await searchKeys('red curry')).sort()).toEqual(['peppercurry', 'redcurry']);
    expect(await searchKeys('"red curry"')).toEqual(['redcurry']);
    expect(await searchKeys('chicken paella')).toEqual([]);
  });

  it('ranks a name match above description, ingredient and instruction matches', async () => {
    expect(await searchKeys('tarragon')).toEqual(['rankName', 'rankDescription', 'rankIngredient', 'rankInstruction']);
  });

  it("keeps to the caller's group", async () => {
    expect(await searchKeys('soup')).toEqual([]);
    expect(keysOf(await searchRecipeIds(ctx.deps, otherGroupId, 'soup'))).toEqual(['foreign']);
  });

  it('narrows nothing when the text has no searchable word', async () => {
    expect(await prepareRecipeSearch(ctx.deps, '  !!! ', { groupId })).toBeNull();
    expect(await prepareRecipeSearch(ctx.deps, '', { groupId })).toBeNull();
    expect(await prepareRecipeSearch(ctx.deps, 'a', { groupId })).not.toBeNull();
  });
});

describe('search pages', () => {
  async function prepared(text: string) {
    const search = await prepareRecipeSearch(ctx.deps, text, { groupId });
    if (!search) throw new Error('expected a search');
    return search;
  }

  it('pages across tiers with the total', async () => {
    const search = await prepared('tarragon');
    expect(await search.count()).toBe(4);
    const page = await search.page({ limit: 2, offset: 1 });
    expect(page.total).toBe(4);
    expect(keysOf(page.recipeIds)).toEqual(['rankDescription', 'rankIngredient']);
    expect(keysOf((await search.page({ limit: 10, offset: 3 })).recipeIds)).toEqual(['rankInstruction']);
    expect((await search.page({ limit: 10, offset: 4 })).recipeIds).toEqual([]);
    expect(keysOf((await search.page({ limit: 0, offset: 0 })).recipeIds)).toEqual([]);
  });

  it('orders each tier by name or creation date when asked', async () => {
    const search = await prepared('curry');
    const order = async (by: 'name' | 'created_at', direction: 'asc' | 'desc') =>
      keysOf((await search.page({ limit: null, offset: 0, order: { by, direction } })).recipeIds);
    expect(await order('name', 'asc')).toEqual(['curry', 'peppercurry', 'redcurry']);
    expect(await order('name', 'desc')).toEqual(['redcurry', 'peppercurry', 'curry']);
    expect(await order('created_at', 'asc')).toEqual(['peppercurry', 'curry', 'redcurry']);
    expect(await order('created_at', 'desc')).toEqual(['redcurry', 'curry', 'peppercurry']);
  });

  it('lists a very broad search newest first within each tier, without scoring', async () => {
    const search = await prepared('curry');
    const page = await search.page({ limit: null, offset: 0, scoreLimit: 0 });
    expect(keysOf(page.recipeIds)).toEqual(['redcurry', 'curry', 'peppercurry']);
    const tarragon = await prepared('tarragon');
    // Unscored, the newer instruction-only match comes before the older ingredient-only one of the same tier.
    expect(keysOf((await tarragon.page({ limit: 2, offset: 1, scoreLimit: 0 })).recipeIds)).toEqual(['rankDescription', 'rankInstruction']);
  });

  it("reads Mealie's orderBy into a page order when it can", () => {
    expect(searchOrderFor(undefined, 'desc')).toEqual({ by: 'relevance' });
    expect(searchOrderFor('name', 'asc')).toEqual({ by: 'name', direction: 'asc' });
    expect(searchOrderFor('createdAt:asc', 'desc')).toEqual({ by: 'created_at', direction: 'asc' });
    expect(searchOrderFor('rating', 'desc')).toBeNull();
    expect(searchOrderFor('name,created_at', 'desc')).toBeNull();
    expect(searchOrderFor('name:sideways', 'desc')).toBeNull();
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('on PostgreSQL counts matches through the GIN index, never by de-TOASTing every document', async () => {
    const { rows } = await sql<{ config: string[] }>`select proconfig as config from pg_proc where proname = 'hearth_search_count'`.execute(ctx.deps.db);
    expect(rows).toEqual([{ config: ['enable_seqscan=off', 'jit=off'] }]);
    const plan = await ctx.deps.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select count(*) from recipe_search_words where group_id = ${groupId} and document @@ 'soup:*'::tsquery`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('recipe_search_words_document_gin');
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('on PostgreSQL counts without the group test only while the group holds every recipe', async () => {
    const count = (db: typeof ctx.deps.db, group: string) =>
      sql<{ n: string }>`select hearth_search_count(${group}, 'chicken:*'::tsquery) as n`.execute(db).then((r) => Number(r.rows[0].n));
    // Both groups have recipes: each counts only its own (the other group's "Chicken soup" is not ours).
    const ours = await count(ctx.deps.db, groupId);
    expect(await count(ctx.deps.db, otherGroupId)).toBe(1);
    const alone = await ctx.deps.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('recipes').where('group_id', '=', otherGroupId).execute();
        const counted = { ours: await count(trx, groupId), theirs: await count(trx, otherGroupId) };
        throw Object.assign(new Error('roll back'), { counted });
      })
      .catch((e: { counted?: { ours: number; theirs: number } }) => e.counted);
    // Our group alone: the count without the group test is the same; the emptied group has none.
    expect(alone).toEqual({ ours, theirs: 0 });
  });

  it('reuses a count the caller already has', async () => {
    const search = await prepared('tarragon');
    const total = await search.count();
    const page = await search.page({ limit: 1, offset: 3, total });
    expect(page).toEqual({ recipeIds: [ids.rankInstruction], total: 4 });
  });

  it('plugs into a filtered list query: matches in WHERE, tier first in ORDER BY', async () => {
    const search = await prepared('tarragon');
    const filter = queryFilterCondition('description <> "For fish"', recipeFilterAttributes('r'));
    const base = () => ctx.deps.db.selectFrom('recipes as r').where('r.group_id', '=', groupId).where(search.matches('r.id')).where(filter);
    const rows = await base().select('r.id').orderBy(search.tier('r.id')).orderBy('r.name_normalized').orderBy('r.id').execute();
    expect(keysOf(rows.map((r) => r.id))).toEqual(['rankName', 'rankDescription', 'rankInstruction']);
    const tiers = await base().select(['r.id', search.tier('r.id').as('tier')]).orderBy('tier').execute();
    expect(tiers.map((r) => Number(r.tier))).toEqual([0, 1, 2]);
    const counted = await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(3);
  });
});

describe('index maintenance', () => {
  it('reindexes a changed recipe and drops a deleted one', async () => {
    const id = await add('temp', { name: 'Gazpacho', description: 'Cold soup' });
    expect(await searchKeys('gazpacho')).toEqual([]);
    await indexRecipes(ctx.deps, [id]);
    expect(await searchKeys('gazpacho')).toEqual(['temp']);
    expect(await searchIndexIsComplete(ctx.deps)).toBe(true);

    await ctx.deps.db.updateTable('recipes').set({ name: 'Salmorejo' }).where('id', '=', id).execute();
    await indexRecipes(ctx.deps, [id]);
    expect(await searchKeys('gazpacho')).toEqual([]);
    expect(await searchKeys('salmorejo')).toEqual(['temp']);

    await ctx.deps.db.deleteFrom('recipes').where('id', '=', id).execute();
    await indexRecipes(ctx.deps, [id]);
    expect(await searchKeys('salmorejo')).toEqual([]);
    const sdb = searchDb(ctx.deps.db);
    const left =
      ctx.deps.engine === 'postgres'
        ? await sdb.selectFrom('recipe_search_documents').select('recipe_id').where('recipe_id', '=', id).execute()
        : await sdb.selectFrom('recipe_search_docs').select('recipe_id').where('recipe_id', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('takes a deleted recipe out of the index even when nobody reindexes it', async () => {
    const id = await add('vanishing', { name: 'Quiche lorraine' });
    await indexRecipes(ctx.deps, [id]);
    expect(await searchKeys('quiche')).toEqual(['vanishing']);
    await ctx.deps.db.deleteFrom('recipes').where('id', '=', id).execute();
    expect(await searchKeys('quiche')).toEqual([]);
    const search = await prepareRecipeSearch(ctx.deps, 'quiche', { groupId });
    expect(await search?.count()).toBe(0);
  });

  it('indexes inside a caller transaction and rolls back with it', async () => {
    await expect(
      ctx.deps.db.transaction().execute(async (trx) => {
        const id = await insertTestRecipe(trx, { groupId, householdId, name: 'Shakshuka' });
        await indexRecipes({ db: trx, engine: ctx.deps.engine }, [id]);
        expect(keysOf(await searchRecipeIds({ db: trx, engine: ctx.deps.engine }, groupId, 'shakshuka'))).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await searchKeys('shakshuka')).toEqual([]);
  });

  it('reindexes the recipes of a renamed tag', async () => {
    const tag = await insertTestOrganizer(ctx.deps.db, 'tags', groupId, 'Brunch');
    const id = await add('brunch', { name: 'Eggs benedict', tagIds: [tag] });
    await indexRecipes(ctx.deps, [id]);
    expect(await searchKeys('brunch')).toEqual(['brunch']);
    await ctx.deps.db.updateTable('tags').set({ name: 'Breakfast' }).where('id', '=', tag).execute();
    expect(await reindexRecipesReferencing(ctx.deps, { tagIds: [tag] })).toBe(1);
    expect(await searchKeys('brunch')).toEqual([]);
    expect(await searchKeys('breakfast')).toEqual(['brunch']);
  });

  it('rebuilds from scratch and forgets words no recipe uses', async () => {
    const id = await add('rare', { name: 'Xylophone pie' });
    await indexRecipes(ctx.deps, [id]);
    await ctx.deps.db.deleteFrom('recipes').where('id', '=', id).execute();
    const sdb = searchDb(ctx.deps.db);
    const hasTerm = async (term: string) => (await sdb.selectFrom('recipe_search_terms').select('term').where('term', '=', term).execute()).length;
    expect(await hasTerm('xylophone')).toBe(1);
    const result = await rebuildSearchIndex(ctx.deps);
    const recipes = await ctx.deps.db.selectFrom('recipes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(result.recipes).toBe(Number(recipes.n));
    expect(await hasTerm('xylophone')).toBe(0);
    expect(await hasTerm('chicken')).toBe(1);
    expect(await searchKeys('chiken')).toEqual(['curry']);
    expect(await searchKeys('tarragon')).toEqual(['rankName', 'rankDescription', 'rankIngredient', 'rankInstruction']);
  });
});
