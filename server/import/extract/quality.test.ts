import { describe, expect, it } from 'vitest';
import { slugify } from '../../platform/slug.js';
import { extractFromHtmlOrJson, extractRecipeFromHtml } from './index.js';
import { parseLenientJson } from './json-repair.js';
import { titleWithoutSiteName } from './opengraph.js';

const page = (head: string, body = '') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const notes = (draft: ReturnType<typeof extractRecipeFromHtml>) => draft?.recipeIngredient.map((line) => line.note);
const steps = (draft: ReturnType<typeof extractRecipeFromHtml>) => draft?.recipeInstructions.map((step) => step.text);

describe('slugs are ASCII, transliterated', () => {
  it.each([
    ['Курица с сыром', 'kuritsa-s-syrom'],
    ['Smørkylling', 'smorkylling'],
    ['Fränkische Weißweinsuppe', 'frankische-weissweinsuppe'],
    ['バターチキンカレー', 'batachikinkare'],
    ['Ελληνική σαλάτα', 'elliniki-salata'],
    ["Grandma's Crème Brûlée", 'grandmas-creme-brulee'],
    ['宫保鸡丁', 'gongbaojiding'],
    ['!!!', 'item'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('JSON-LD that JSON does not accept', () => {
  it("reads a block with \\' escapes instead of losing the recipe", () => {
    const block = String.raw`{"@type":"Recipe","name":"Mom\'s stew","recipeIngredient":["2 cups broth","1 onion, don\'t peel"],"recipeInstructions":"Simmer it\'s fine."}`;
    expect(parseLenientJson(block)).toMatchObject({ name: "Mom's stew" });
    const draft = extractRecipeFromHtml(page(`<script type="application/ld+json">${block}</script>`));
    expect(draft?.name).toBe("Mom's stew");
    expect(notes(draft)).toEqual(['2 cups broth', "1 onion, don't peel"]);
    expect(steps(draft)).toEqual(["Simmer it's fine."]);
    expect(draft?.extractionMethod).toBe('json-ld');
  });
});

describe('junk lines', () => {
  it('drops punctuation-only steps and joins amount-only ingredient lines to the next line', () => {
    const draft = extractFromHtmlOrJson(
      JSON.stringify({
        '@type': 'Recipe',
        name: 'Pancakes',
        recipeIngredient: ['1', 'cup flour', '2 eggs', ',', '½', 'tsp salt'],
        recipeInstructions: [',', '[{', 'Whisk everything.', '.', 'Fry.'],
      }),
    );
    expect(notes(draft)).toEqual(['1 cup flour', '2 eggs', '½ tsp salt']);
    expect(steps(draft)).toEqual(['Whisk everything.', 'Fry.']);
  });

  it('splits one string of numbered steps, and only where the numbers count up', () => {
    const draft = extractFromHtmlOrJson(
      JSON.stringify({
        '@type': 'Recipe',
        name: 'Rice',
        recipeIngredient: ['1 cup rice'],
        recipeInstructions: '1. Rinse the rice. 2. Add 2 cups of water and bring to a boil. 3. Simmer 15 minutes, covered.',
      }),
    );
    expect(steps(draft)).toEqual(['Rinse the rice.', 'Add 2 cups of water and bring to a boil.', 'Simmer 15 minutes, covered.']);
  });
});

describe('microdata whose recipe scope closes early', () => {
  it('keeps the ingredients and steps left outside the scope', () => {
    const body = `
      <div itemscope itemtype="https://schema.org/Recipe">
        <h1 itemprop="name">Lentil soup</h1>
      </div></div>
      <ul>
        <li itemprop="recipeIngredient">200 g red lentils</li>
        <li itemprop="recipeIngredient">1 onion</li>
        <li itemprop="recipeIngredient">1 l stock</li>
      </ul>
      <ol><li itemprop="recipeInstructions">Cook everything for 20 minutes.</li></ol>`;
    const draft = extractRecipeFromHtml(page('<title>Lentil soup</title>', body));
    expect(draft?.name).toBe('Lentil soup');
    expect(notes(draft)).toEqual(['200 g red lentils', '1 onion', '1 l stock']);
    expect(steps(draft)).toEqual(['Cook everything for 20 minutes.']);
    expect(draft?.extractionMethod).toBe('microdata');
  });
});

describe('titles', () => {
  it('ignores a junk og:title and takes the next plausible one', () => {
    const draft = extractRecipeFromHtml(page('<meta property="og:title" content="2"><title>Onion tart</title>'), 'https://cook.example/tart');
    expect(draft?.name).toBe('Onion tart');
  });

  it('drops a site suffix that the page does not declare', () => {
    expect(titleWithoutSiteName('Onion tart | Best Bakes', '', 'https://bestbakes.example/tart')).toBe('Onion tart');
    expect(titleWithoutSiteName('Onion tart - Serious Kitchen', '', 'https://www.seriouskitchen.example/x')).toBe('Onion tart');
    expect(titleWithoutSiteName('Sweet - and sour pork', '', 'https://cook.example/x')).toBe('Sweet - and sour pork');
    expect(titleWithoutSiteName('Onion tart', '', null)).toBe('Onion tart');
  });
});

describe('pages without recipe markup', () => {
  it('reads a WP Recipe Maker card', () => {
    const body = `<div class="wprm-recipe-container"><div class="wprm-recipe">
      <h2 class="wprm-recipe-name">Garlic bread</h2>
      <div class="wprm-recipe-summary">Crisp and buttery.</div>
      <span class="wprm-recipe-servings">4</span>
      <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name wprm-recipe-ingredient-group-name">Butter</h4>
        <ul><li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">50</span> <span class="wprm-recipe-ingredient-unit">g</span> <span class="wprm-recipe-ingredient-name">butter</span></li>
        <li class="wprm-recipe-ingredient">2 cloves garlic</li></ul></div>
      <div class="wprm-recipe-ingredient-group"><ul><li class="wprm-recipe-ingredient">1 baguette</li></ul></div>
      <ul><li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Mash butter with garlic.</div></li>
      <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Spread and bake 10 minutes.</div></li></ul>
    </div></div>`;
    const draft = extractRecipeFromHtml(page('<title>Garlic bread | Blog</title>', body));
    expect(draft?.extractionMethod).toBe('recipe-card');
    expect(draft?.name).toBe('Garlic bread');
    expect(notes(draft)).toEqual(['50 g butter', '2 cloves garlic', '1 baguette']);
    expect(draft?.recipeIngredient[0].title).toBe('Butter');
    expect(steps(draft)).toEqual(['Mash butter with garlic.', 'Spread and bake 10 minutes.']);
  });

  it('reads a Tasty Recipes card', () => {
    const body = `<div class="tasty-recipes"><h2 class="tasty-recipes-title">Iced tea</h2>
      <div class="tasty-recipes-ingredients"><ul><li>4 tea bags</li><li>1 l water</li></ul></div>
      <div class="tasty-recipes-instructions"><ol><li>Steep the tea.</li><li>Chill.</li></ol></div></div>`;
    const draft = extractRecipeFromHtml(page('', body));
    expect(draft?.extractionMethod).toBe('recipe-card');
    expect(notes(draft)).toEqual(['4 tea bags', '1 l water']);
    expect(steps(draft)).toEqual(['Steep the tea.', 'Chill.']);
  });

  it('reads the h-recipe microformat', () => {
    const body = `<article class="h-recipe"><h1 class="p-name">Toast</h1>
      <ul><li class="p-ingredient">2 slices bread</li><li class="p-ingredient">butter</li></ul>
      <div class="e-instructions"><ol><li>Toast the bread.</li><li>Butter it.</li></ol></div></article>`;
    const draft = extractRecipeFromHtml(page('', body));
    expect(draft?.extractionMethod).toBe('h-recipe');
    expect(draft?.name).toBe('Toast');
    expect(notes(draft)).toEqual(['2 slices bread', 'butter']);
    expect(steps(draft)).toEqual(['Toast the bread.', 'Butter it.']);
  });

  it.each([
    ['Ingredients', 'Method', 'en'],
    ['Zutaten', 'Zubereitung', 'de'],
    ['Ingrédients', 'Préparation', 'fr'],
    ['Ingrediënten', 'Bereiding', 'nl'],
    ['Składniki', 'Przygotowanie', 'pl'],
    ['Ингредиенты', 'Приготовление', 'ru'],
    ['מצרכים', 'אופן ההכנה', 'he'],
  ])('reads a "%s" heading followed by a list (%s, %s)', (ingredientsHeading, methodHeading) => {
    const body = `<header><nav><ul><li>Home</li><li>About</li></ul></nav></header>
      <main><h1>Potato salad</h1><p>My favourite summer side.</p>
      <h2>${ingredientsHeading}</h2><ul><li>1 kg potatoes</li><li>1 red onion</li></ul>
      <h3>Dressing</h3><ul><li>3 tbsp vinegar</li></ul>
      <h2>${methodHeading}:</h2><ol><li>Boil the potatoes.</li><li>Mix with the dressing.</li></ol>
      <h2>Comments</h2><ul><li>Great!</li></ul></main>`;
    const draft = extractRecipeFromHtml(page('<title>Potato salad</title>', body));
    expect(draft?.extractionMethod).toBe('headings');
    expect(draft?.name).toBe('Potato salad');
    expect(notes(draft)).toEqual(['1 kg potatoes', '1 red onion', '3 tbsp vinegar']);
    expect(draft?.recipeIngredient[2].title).toBe('Dressing');
    expect(steps(draft)).toEqual(['Boil the potatoes.', 'Mix with the dressing.']);
  });

  it('says when only the Open Graph tags were found', () => {
    const draft = extractRecipeFromHtml(page('<meta property="og:title" content="Carrot rice"><meta property="og:site_name" content="Cook">'));
    expect(draft?.extractionMethod).toBe('open-graph');
  });
});
