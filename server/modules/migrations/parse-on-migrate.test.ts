import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { multipart, zipOf } from '../backups/testing.js';

/*
 * Recipes that arrive through a migration are read by the same ingredient parser as a URL import: every
 * plain-text line gets its amount, unit and food, and keeps the text it was written as. The exports are
 * written here, in each app's own layout.
 */

interface Line {
  quantity: number | null;
  unit: { name: string } | null;
  food: { name: string } | null;
  note: string;
  originalText: string | null;
  title?: string | null;
}

async function finished(ctx: TestContext, id: string) {
  return waitFor(async () => {
    const report = (await ctx.app.inject({ method: 'GET', url: `/api/groups/reports/${id}`, headers: ctx.admin })).json();
    return report.status !== 'in-progress' ? report : null;
  }, `migration report ${id}`, 60_000, 50);
}

async function migrate(ctx: TestContext, type: string, file: string, data: Buffer) {
  const body = multipart([
    { field: 'migration_type', data: type },
    { field: 'add_migration_tag', data: 'true' },
    { field: 'archive', filename: file, data },
  ]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/groups/migrations', headers: { ...ctx.admin, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  const report = await finished(ctx, res.json().id);
  expect(report.entries.filter((e: { success: boolean }) => !e.success)).toEqual([]);
}

async function ingredientsOf(ctx: TestContext, name: string): Promise<Line[]> {
  const list = (await ctx.app.inject({ method: 'GET', url: `/api/recipes?perPage=-1&search=${encodeURIComponent(name)}`, headers: ctx.admin })).json();
  const item = list.items.find((r: { name: string }) => r.name === name);
  expect(item, `recipe ${name}`).toBeTruthy();
  const recipe = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${item.slug}`, headers: ctx.admin })).json();
  return recipe.recipeIngredient;
}

/** What the parser makes of a line, asked the way the URL import asks it (nlp, the group's catalogue). */
async function parserSays(ctx: TestContext, text: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/parser/ingredient', headers: ctx.admin, payload: { parser: 'nlp', ingredient: text } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ingredient as Line;
}

/** The stored line has an amount, a unit (when the text names one) and a food, as the parser reads it, and its text. */
async function expectParsed(ctx: TestContext, lines: Line[], text: string, quantity: number, hasUnit: boolean, food: RegExp) {
  const line = lines.find((l) => l.originalText === text);
  expect(line, `line "${text}" in ${JSON.stringify(lines)}`).toBeTruthy();
  expect(line?.quantity).toBe(quantity);
  expect(line?.food?.name).toMatch(food);
  expect(Boolean(line?.unit)).toBe(hasUnit);
  const parsed = await parserSays(ctx, text);
  expect(line?.food?.name.toLowerCase()).toBe(parsed.food?.name.toLowerCase());
  expect(line?.unit?.name.toLowerCase() ?? null).toBe(parsed.unit?.name.toLowerCase() ?? null);
}

describe('migrations parse plain-text ingredients like a URL import', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('paprika: every line gets amount, unit and food, and keeps its text', async () => {
    const recipe = {
      name: 'Lemon Drizzle Loaf',
      ingredients: '2 cups flour\n1 teaspoon baking powder\n3 eggs\n\nFor the glaze:\n100 g icing sugar',
      directions: 'Mix everything.\nBake for 45 minutes.',
      categories: ['Baking'],
      servings: '8',
    };
    const entry = zlib.gzipSync(Buffer.from(JSON.stringify(recipe)));
    const archive = await zipOf([{ name: 'Lemon Drizzle Loaf.paprikarecipe', data: entry }]);
    await migrate(ctx, 'paprika', 'export.paprikarecipes', archive);
    const lines = await ingredientsOf(ctx, 'Lemon Drizzle Loaf');
    await expectParsed(ctx, lines, '2 cups flour', 2, true, /^flour$/i);
    await expectParsed(ctx, lines, '1 teaspoon baking powder', 1, true, /^baking powder$/i);
    await expectParsed(ctx, lines, '3 eggs', 3, false, /^eggs?$/i);
    await expectParsed(ctx, lines, '100 g icing sugar', 100, true, /^icing sugar$/i);
    expect(lines.find((l) => l.originalText === '100 g icing sugar')).toMatchObject({ title: 'For the glaze' });
    // The heading line heads its section; it is not an ingredient.
    expect(lines.map((l) => l.originalText)).not.toContain('For the glaze:');
  });

  it('nextcloud: schema.org recipe.json lines are parsed the same way', async () => {
    const recipe = { '@type': 'Recipe', name: 'Tomato Soup', recipeIngredient: ['500 g tomatoes', '1 tablespoon olive oil'], recipeInstructions: ['Simmer.'] };
    const archive = await zipOf([{ name: 'Tomato Soup/recipe.json', data: JSON.stringify(recipe) }]);
    await migrate(ctx, 'nextcloud', 'nextcloud.zip', archive);
    const lines = await ingredientsOf(ctx, 'Tomato Soup');
    await expectParsed(ctx, lines, '500 g tomatoes', 500, true, /^tomato(?:es)?$/i);
    await expectParsed(ctx, lines, '1 tablespoon olive oil', 1, true, /^olive oil$/i);
  });
});
