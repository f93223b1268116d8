import { sql, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/schema.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { API } from '../../../contract/routes.js';

/** Test helpers of the recipes API (imported by the *.test.ts files of this folder only). */

type Headers = Record<string, string>;

/**
 * A context whose responses report their query count, with its admin (`self`) and a member of another
 * household (`member`), for the list tests.
 */
export async function listTestContext(member: { username: string; household: string }) {
  const ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  const self: { id: string; groupId: string; householdId: string } = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
  return { ctx, self, member: await createMember(ctx, member) };
}

export async function postRecipe(ctx: TestContext, headers: Headers, body: Record<string, unknown>): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: API.recipes, headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as string;
}

export async function getRecipe(ctx: TestContext, headers: Headers, slugOrId: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slugOrId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function setHouseholdLock(ctx: TestContext, householdId: string, locks: boolean): Promise<void> {
  await ctx.deps.db
    .updateTable('household_preferences')
    .set({ lock_recipe_edits_from_other_households: locks })
    .where('household_id', '=', householdId)
    .execute();
}

/**
 * The SQL statements an injected request executed, as its X-Hearth-Queries header reports (a UNION ALL or a
 * subquery is one statement; event delivery woken meanwhile runs outside the count). Direct calls use
 * withQueryCount instead. Needs a context made with HEARTH_EXPOSE_QUERY_COUNT=true.
 */
export async function requestQueries(request: () => Promise<{ headers: Record<string, unknown> }>): Promise<number> {
  const header = (await request()).headers['x-hearth-queries'];
  expect(header, 'the test context must set HEARTH_EXPOSE_QUERY_COUNT').toBeDefined();
  return Number(header);
}

export const REF_A = '0b1c7a52-4c1e-4a57-9d7e-3f7b8f2d0a01';
export const REF_B = '0b1c7a52-4c1e-4a57-9d7e-3f7b8f2d0a02';

/** A recipe payload with every kind of content: sections, references, organizers, notes, nutrition, extras. */
export function fullPayload(name: string) {
  return {
    name,
    description: 'Crisp outside, soft inside',
    recipeYield: '4 servings',
    recipeYieldQuantity: 4,
    recipeServings: '4',
    totalTime: '30 minutes',
    prepTime: '10 minutes',
    cookTime: '20 minutes',
    performTime: '5 minutes',
    orgURL: 'https://example.com/waffles',
    recipeIngredient: [
      { title: 'Batter', quantity: 2, unit: { name: 'Cup', pluralName: 'cups' }, food: { name: 'Flour' }, note: 'sifted', referenceId: REF_A },
      { quantity: 0.5, unit: { name: 'teaspoon', abbreviation: 'tsp', useAbbreviation: true }, food: { name: 'Salt' }, originalText: '½ tsp salt' },
      { title: 'Topping', quantity: 3, food: { name: 'egg', pluralName: 'eggs' }, referenceId: REF_B },
      { note: 'Maple syrup to serve', quantity: null },
    ],
    recipeInstructions: [
      { title: 'Mix', summary: 'Dry first', text: 'Whisk flour and salt.', ingredientReferences: [{ referenceId: REF_A }] },
      { text: 'Add the eggs.', ingredientReferences: [{ referenceId: REF_B }, { referenceId: REF_A }] },
    ],
    notes: [{ title: 'Tip', text: 'Rest the batter.' }, { title: 'Storage', text: 'Freeze.' }],
    nutrition: { calories: '320', proteinContent: 9 },
    tags: [{ name: 'Breakfast' }, { name: 'Weekend Treat' }],
    recipeCategory: [{ name: 'Brunch', slug: 'brunch' }],
    tools: [{ name: 'Waffle Iron' }],
    extras: { source: 'grandma', servingsNote: 'hungry people' },
    settings: { public: false, showNutrition: true, disableAmount: false },
  };
}

/**
 * `db` with a plugin that notes every table its statements name (`read`), apart from the common table
 * expressions they define (`named`).
 */
export function collectingTables(db: Kysely<Database>) {
  const read = new Set<string>();
  const named = new Set<string>();
  class TableCollector implements KyselyPlugin {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const compiled = db.getExecutor().compileQuery(args.node, args.queryId);
      for (const match of compiled.sql.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)) read.add(match[1].toLowerCase());
      for (const match of compiled.sql.matchAll(/\b(?:with|,)\s+"?([a-z_][a-z0-9_]*)"?\s+as\s+(?:not\s+)?(?:materialized\s+)?\(/gi)) named.add(match[1].toLowerCase());
      return args.node;
    }
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    }
  }
  return { db: db.withPlugin(new TableCollector()), read, named };
}

/** The tables whose writes move hearth_list_version, as the database's triggers have it. */
export async function versionedTables(ctx: TestContext): Promise<Set<string>> {
  const triggers =
    ctx.deps.engine === 'sqlite'
      ? (await sql<{ name: string }>`select tbl_name as name from sqlite_master where type = 'trigger' and name like 'hearth_lv_%'`.execute(ctx.deps.db)).rows
      : (await sql<{ name: string }>`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like 'hearth_lv_%'`.execute(ctx.deps.db)).rows;
  return new Set(triggers.map((row) => row.name));
}
