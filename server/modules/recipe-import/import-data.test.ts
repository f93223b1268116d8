import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { HAS_IMPORT_DEV, JSON_FILES, MISSING_IMPORT_DEV, PAGES, readJsonText, readPage } from './testing.js';

interface IngredientSeen {
  quantity: number;
  unit: { name: string } | null;
  food: { name: string } | null;
}

describe(`import from HTML or JSON${MISSING_IMPORT_DEV}`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const create = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/recipes/create/html-or-json', headers: ctx.admin, payload });
  const getRecipe = async (slug: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it.skipIf(!HAS_IMPORT_DEV).each(PAGES)('the HTML of $file: $ingredients ingredients, $steps steps', async ({ file, ingredients, steps }) => {
    const res = await create({ data: readPage(file), includeTags: false });
    expect(res.statusCode, res.body).toBe(201);
    const recipe = await getRecipe(res.json());
    expect(recipe.recipeIngredient).toHaveLength(ingredients);
    expect(recipe.recipeInstructions).toHaveLength(steps);
  });

  it.skipIf(!HAS_IMPORT_DEV)('the page without recipe markup, read from its headings, with its address, and the tags of the detroit pizza', async () => {
    const url = 'https://example.com/carottes';
    const og = await getRecipe((await create({ data: readPage('carottes-rapps-with-rice-and-sunflower-seeds.html'), url })).json());
    expect(og).toMatchObject({ name: 'Carottes Rappés with Rice and Sunflower Seeds', orgURL: url });
    expect(og.recipeIngredient).toHaveLength(10);
    const pizza = await getRecipe((await create({ data: readPage('detroit-style-pepperoni-pizza.html'), include_tags: true })).json());
    expect(pizza.tags).toHaveLength(12);
  });

  it.skipIf(!HAS_IMPORT_DEV).each(JSON_FILES)('the JSON-LD of %s: %i instructions', async (file, steps) => {
    const res = await create({ data: readJsonText(file) });
    expect(res.statusCode, res.body).toBe(201);
    const recipe = await getRecipe(res.json());
    expect(recipe.recipeInstructions).toHaveLength(steps);
    expect(recipe.recipeIngredient.length).toBeGreaterThan(0);
    expect(recipe.name).toBeTruthy();
  });

  it('a recipe JSON of our own (camelCase) and of Mealie (snake_case)', async () => {
    const ours = {
      name: 'Own Format Soup',
      recipeYield: '4 servings',
      recipeIngredient: [{ note: '1 l stock', originalText: '1 l stock' }, { note: '2 carrots' }],
      recipeInstructions: [{ text: 'Boil.' }, { title: 'Finish', text: 'Serve.' }],
      nutrition: { calories: '120' },
    };
    const own = await getRecipe((await create({ data: JSON.stringify(ours) })).json());
    expect(own.recipeIngredient.map((i: { originalText: string }) => i.originalText)).toEqual(['1 l stock', '2 carrots']);
    // Imported lines are parsed, so the recipe scales at once.
    expect(own.recipeIngredient.map((i: IngredientSeen) => [i.quantity, i.unit?.name ?? null, i.food?.name])).toEqual([[1, 'l', 'stock'], [2, null, 'carrots']]);
    expect(own.settings.disableAmount).toBe(false);
    expect(own.recipeInstructions.map((s: { text: string }) => s.text)).toEqual(['Boil.', 'Serve.']);
    expect(own.nutrition.calories).toBe('120');

    const mealie = {
      name: 'Snake Case Stew',
      org_url: 'https://example.com/stew',
      recipe_ingredient: [{ note: '500 g beef', original_text: '500 g beef' }],
      recipe_instructions: [{ text: 'Braise for two hours.' }],
      total_time: '2 hours',
    };
    const stew = await getRecipe((await create({ data: JSON.stringify(mealie) })).json());
    expect(stew).toMatchObject({ name: 'Snake Case Stew', orgURL: 'https://example.com/stew', totalTime: '2 hours' });
    expect(stew.recipeIngredient).toHaveLength(1);
  });

  it('data without a recipe is a 400 with a message; no data is a 422', async () => {
    for (const data of ['<html><body><p>Hello</p></body></html>', '{"hello": "world"}', 'plain words']) {
      const res = await create({ data });
      expect(res.statusCode, data).toBe(400);
      expect(res.json().detail.message).toBe('No recipe found in the data given');
    }
    expect((await create({})).statusCode).toBe(422);
  });

  it('a page that only names a recipe is refused in the asker\'s language, and nothing is created', async () => {
    const count = async () => (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: ctx.admin })).json().items.length;
    const before = await count();
    const data = `<html><head><meta property="og:title" content="Onion tart"><meta property="og:description" content="The best tart."></head>
      <body><nav><ul><li>Home</li></ul></nav><h1>Onion tart</h1><p>Recipe coming soon.</p><p>Jump to recipe</p></body></html>`;
    const english = await create({ data });
    expect(english.statusCode).toBe(400);
    expect(english.json().detail.message).toBe('The page names a recipe but no ingredients or steps could be read from it');
    const german = await ctx.app.inject({ method: 'POST', url: '/api/recipes/create/html-or-json', headers: { ...ctx.admin, 'accept-language': 'de-DE' }, payload: { data } });
    expect(german.json().detail.message).toBe('Die Seite nennt ein Rezept, aber es konnten keine Zutaten oder Schritte daraus gelesen werden');
    const nothing = await ctx.app.inject({ method: 'POST', url: '/api/recipes/create/html-or-json', headers: { ...ctx.admin, 'accept-language': 'fr-FR' }, payload: { data: '<p>Hello</p>' } });
    expect(nothing.json().detail.message).toBe('Aucune recette trouvée dans les données fournies');
    expect(await count()).toBe(before);
  });
});
