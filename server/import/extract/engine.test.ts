import { describe, expect, it } from 'vitest';
import {
  extractFromHtmlOrJson,
  extractRecipeFromHtml,
  extractRecipeFromJson,
  MISSING_INSTRUCTIONS_TEXT,
} from './index.js';

function page(head: string, body = ''): string {
  return `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
}

function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${typeof value === 'string' ? value : JSON.stringify(value)}</script>`;
}

describe('JSON-LD in HTML', () => {
  it('finds a Recipe in a Yoast @graph, resolves its image by @id and reads sections', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', '@id': 'https://ex.com/soup/#webpage', name: 'Soup page' },
        { '@type': 'ImageObject', '@id': 'https://ex.com/soup/#image', url: '/img/soup.jpg', width: 1200, height: 800 },
        {
          '@type': ['Recipe', 'NewsArticle'],
          name: 'Soup &amp; Bread',
          image: { '@id': 'https://ex.com/soup/#image' },
          recipeIngredient: ['1 cup <b>water</b>', 'For the topping:', '2 tbsp butter'],
          recipeInstructions: [
            {
              '@type': 'HowToSection',
              name: 'Soup',
              itemListElement: [
                { '@type': 'HowToStep', text: 'Boil water.' },
                { '@type': 'HowToStep', name: 'Season', text: 'Add salt.' },
              ],
            },
            { '@type': 'HowToSection', name: 'Bread', itemListElement: { '@type': 'HowToStep', text: 'Toast.' } },
          ],
        },
      ],
    };
    const draft = extractRecipeFromHtml(page(jsonLd(graph)), 'https://ex.com/soup/');
    expect(draft?.name).toBe('Soup & Bread');
    expect(draft?.imageUrls).toEqual(['https://ex.com/img/soup.jpg']);
    expect(draft?.recipeIngredient).toEqual([
      { note: '1 cup water', originalText: '1 cup water', title: null },
      { note: '2 tbsp butter', originalText: '2 tbsp butter', title: 'For the topping' },
    ]);
    expect(draft?.recipeInstructions).toEqual([
      { title: 'Soup', text: 'Boil water.' },
      { summary: 'Season', text: 'Add salt.' },
      { title: 'Bread', text: 'Toast.' },
    ]);
  });

  it('reads a Recipe given as mainEntity, inside an ItemList, or in an array of blocks', () => {
    const recipe = { '@type': 'Recipe', name: 'Nested', recipeIngredient: ['1 egg'], recipeInstructions: 'Fry.' };
    const shapes = [
      { '@type': 'WebPage', mainEntity: recipe },
      { '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, item: recipe }] },
      [{ '@type': 'Organization', name: 'Site' }, recipe],
    ];
    for (const shape of shapes) {
      expect(extractRecipeFromHtml(page(jsonLd(shape)))?.name).toBe('Nested');
    }
  });

  it('survives broken JSON-LD: raw line breaks in strings, trailing commas, CDATA and comments', () => {
    const broken = `//<![CDATA[
      {"@type": "Recipe", "name": "Broken", "recipeIngredient": ["1 egg",],
       "recipeInstructions": "Line one
Line two",}
    //]]>`;
    const draft = extractRecipeFromHtml(page(jsonLd('<!-- nothing -->') + jsonLd(broken)));
    expect(draft?.name).toBe('Broken');
    expect(draft?.recipeInstructions.map((step) => step.text)).toEqual(['Line one', 'Line two']);
  });

  it('fills what the JSON-LD recipe lacks from microdata and the page meta tags', () => {
    const html = page(
      `<meta property="og:image" content="https://ex.com/og.jpg"><meta property="og:description" content="From meta">` +
        jsonLd({ '@type': 'Recipe', name: 'Partial', recipeIngredient: ['1 egg'] }),
      `<div itemscope itemtype="https://schema.org/Recipe"><div itemprop="recipeInstructions"><ol><li>Beat.</li><li>Fry.</li></ol></div></div>`,
    );
    const draft = extractRecipeFromHtml(html);
    expect(draft?.recipeInstructions.map((step) => step.text)).toEqual(['Beat.', 'Fry.']);
    expect(draft?.description).toBe('From meta');
    expect(draft?.imageUrls).toEqual(['https://ex.com/og.jpg']);
  });
});

describe('microdata', () => {
  it('reads properties by the microdata rules, keeping nested items apart', () => {
    const html = page(
      '<base href="/recipes/">',
      `<article itemscope itemtype="http://schema.org/Recipe">
        <h1 itemprop="name">Pancakes</h1>
        <img itemprop="image" src="pancakes.jpg">
        <div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Ann</span></div>
        <meta itemprop="totalTime" content="PT25M">
        <span itemprop="recipeYield">Makes 8</span>
        <ul><li itemprop="ingredients">200 g flour</li><li itemprop="ingredients">2 eggs</li></ul>
        <div itemprop="nutrition" itemscope itemtype="http://schema.org/NutritionInformation">
          <span itemprop="calories">180 kcal</span>
        </div>
        <div itemprop="recipeInstructions">Mix everything.<br>Fry in a pan.</div>
      </article>`,
    );
    const draft = extractRecipeFromHtml(html, 'https://ex.com/home');
    expect(draft).toMatchObject({
      name: 'Pancakes',
      imageUrls: ['https://ex.com/recipes/pancakes.jpg'],
      totalTime: '25 minutes',
      recipeYield: 'Makes 8',
      recipeYieldQuantity: 8,
      nutrition: { calories: '180' },
    });
    expect(draft?.recipeIngredient.map((line) => line.note)).toEqual(['200 g flour', '2 eggs']);
    expect(draft?.recipeInstructions.map((step) => step.text)).toEqual(['Mix everything.', 'Fry in a pan.']);
  });

  it('reads data-vocabulary ingredient items and prefers microdata over an empty JSON-LD stub', () => {
    const html = page(
      jsonLd({ '@type': 'Recipe', name: 'Related recipe', url: 'https://ex.com/other' }),
      `<div itemscope itemtype="http://data-vocabulary.org/Recipe">
        <span itemprop="name">Real recipe</span>
        <li itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient">
          <span itemprop="amount">1 cup</span> <span itemprop="name">flour</span>
        </li>
        <div itemprop="instructions">Stir.</div>
      </div>`,
    );
    const draft = extractRecipeFromHtml(html);
    expect(draft?.name).toBe('Real recipe');
    expect(draft?.recipeIngredient.map((line) => line.note)).toEqual(['1 cup flour']);
    expect(draft?.recipeInstructions).toEqual([{ text: 'Stir.' }]);
  });
});

describe('Open Graph fallback', () => {
  it('strips the site name from the title and prefers the largest og:image', () => {
    const html = page(
      `<meta property="og:site_name" content="Feed Me"><meta property="og:title" content="Carrot Salad — Feed Me">
       <meta property="og:image" content="https://ex.com/small.jpg"><meta property="og:image:width" content="300"><meta property="og:image:height" content="200">
       <meta property="og:image" content="https://ex.com/big.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="800">
       <meta name="description" content="Crunchy.">`,
    );
    const draft = extractRecipeFromHtml(html, 'https://ex.com/carrot-salad');
    expect(draft).toMatchObject({ name: 'Carrot Salad', description: 'Crunchy.', orgURL: 'https://ex.com/carrot-salad' });
    expect(draft?.imageUrls).toEqual(['https://ex.com/big.jpg', 'https://ex.com/small.jpg']);
  });

  it('gives null for a page without a title of its own', () => {
    expect(extractRecipeFromHtml(page('<title>Site</title><meta property="og:site_name" content="Site">'))).toBeNull();
    expect(extractRecipeFromHtml(page(''))).toBeNull();
  });
});

describe('organizers of an import (issue 40 item 9)', () => {
  it('keeps a keyword that is also a category once, as the category', () => {
    const draft = extractRecipeFromJson(
      { name: 'Chili', recipeIngredient: ['1 can beans'], recipeInstructions: [{ text: 'Cook.' }], recipeCategory: ['Dinner', 'Main Course'], keywords: 'dinner, chili, Main course, spicy', recipeCuisine: 'Tex-Mex' },
      { includeTags: true },
    );
    expect(draft?.recipeCategory).toEqual(['Dinner', 'Main Course']);
    expect(draft?.tags).toEqual(['chili', 'spicy', 'Tex-Mex']);
  });
});

describe('recipe JSON', () => {
  it('reads a Mealie recipe in snake_case', () => {
    const draft = extractRecipeFromJson(
      {
        name: 'Banana Bread',
        slug: 'banana-bread',
        image: 'abc1',
        recipe_yield: '1 loaf',
        total_time: '1 hour 30 minutes',
        perform_time: 'PT1H',
        org_url: 'https://x.example/banana',
        recipe_ingredient: [
          { title: 'Dry', note: '2 cups flour' },
          { quantity: 1, unit: { name: 'cup' }, food: { name: 'sugar' }, note: '' },
        ],
        recipe_instructions: [{ title: '', text: 'Mix.' }],
        tags: [{ name: 'Breakfast' }, 'baking'],
        notes: [{ title: 'Tip', text: 'Use ripe bananas.' }],
        nutrition: { calories: '250', sodium_content: '300' },
      },
      { includeTags: true },
    );
    expect(draft).toMatchObject({
      orgURL: 'https://x.example/banana',
      imageUrls: [],
      recipeYield: '1 loaf',
      recipeYieldQuantity: 1,
      totalTime: '1 hour 30 minutes',
      performTime: '1 hour',
      recipeInstructions: [{ text: 'Mix.' }],
      tags: ['Breakfast', 'baking'],
      notes: [{ title: 'Tip', text: 'Use ripe bananas.' }],
      nutrition: { calories: '250', sodiumContent: '300' },
    });
    expect(draft?.recipeIngredient.map((line) => [line.title, line.note])).toEqual([
      ['Dry', '2 cups flour'],
      [null, '1 cup sugar'],
    ]);
  });

  it('reads a Mealie recipe in camelCase, keeping its servings and yield quantity', () => {
    const draft = extractRecipeFromJson({
      name: 'Cookies',
      recipeServings: 6,
      recipeYieldQuantity: 24,
      recipeYield: 'cookies',
      recipeIngredient: [{ originalText: '1 cup butter', note: 'butter' }],
      recipeInstructions: [{ title: 'Dough', summary: 'Cream', text: 'Cream butter and sugar.' }],
    });
    expect(draft).toMatchObject({ recipeServings: 6, recipeYieldQuantity: 24, recipeYield: 'cookies' });
    expect(draft?.recipeIngredient[0].note).toBe('1 cup butter');
    expect(draft?.recipeInstructions).toEqual([{ title: 'Dough', summary: 'Cream', text: 'Cream butter and sugar.' }]);
  });

  it('adds the placeholder step to a schema.org recipe without instructions, not to a Mealie recipe', () => {
    const schema = extractRecipeFromJson({ '@type': 'Recipe', name: 'Bare', recipeIngredient: ['1 egg'] });
    expect(schema?.recipeInstructions).toEqual([{ text: MISSING_INSTRUCTIONS_TEXT }]);
    expect(extractRecipeFromJson({ name: 'Bare', slug: 'bare' })?.recipeInstructions).toEqual([]);
  });

  it('tells JSON from HTML', () => {
    expect(extractFromHtmlOrJson(' {"@type":"Recipe","name":"As JSON","recipeIngredient":["1 egg"]}')?.name).toBe('As JSON');
    const fromArray = extractFromHtmlOrJson('[{"@type":"Recipe","name":"In array","recipeIngredient":["x"]}]', {
      pageUrl: 'https://ex.com/in-array',
    });
    expect(fromArray).toMatchObject({ name: 'In array', orgURL: 'https://ex.com/in-array' });
    const html = page(jsonLd({ '@type': 'Recipe', name: 'As HTML', image: 'img.jpg', recipeIngredient: ['1 egg'] }));
    const draft = extractFromHtmlOrJson(html, { pageUrl: 'https://ex.com/a/b' });
    expect(draft?.name).toBe('As HTML');
    expect(draft?.imageUrls).toEqual(['https://ex.com/a/img.jpg']);
  });
});

describe('robustness', () => {
  it('gives null, never an exception, for input that holds no recipe', () => {
    const inputs: unknown[] = [null, undefined, 42, '', '   ', '<html>', '{broken', '[]', {}, [], [1, 'a'], { '@type': 'Recipe' }];
    for (const input of inputs) {
      expect(() => extractRecipeFromJson(input)).not.toThrow();
      expect(extractRecipeFromJson(input)).toBeNull();
      if (typeof input === 'string') expect(extractFromHtmlOrJson(input)).toBeNull();
    }
    expect(extractRecipeFromHtml('')).toBeNull();
    expect(extractRecipeFromHtml('<<<>>>not html at all')).toBeNull();
  });

  it('tolerates fields of the wrong type', () => {
    const draft = extractRecipeFromJson(
      {
        '@type': 'Recipe',
        name: ['Odd', 'Other'],
        recipeIngredient: 42,
        recipeInstructions: { foo: 1 },
        image: {},
        nutrition: 'lots',
        recipeYield: {},
        keywords: 5,
        prepTime: {},
        totalTime: [null, 'PT10M'],
        recipeCategory: [null, { name: 'Soup' }],
        notes: 'not a list',
      },
      { includeTags: true },
    );
    expect(draft).toMatchObject({
      name: 'Odd',
      imageUrls: [],
      recipeYield: '',
      prepTime: null,
      totalTime: '10 minutes',
      recipeCategory: ['Soup'],
      notes: [{ title: '', text: 'not a list' }],
    });
    // A bare number is an amount without its ingredient, not an ingredient.
    expect(draft?.recipeIngredient.map((line) => line.note)).toEqual([]);
    expect(Object.values(draft?.nutrition ?? {}).every((value) => value === null)).toBe(true);
  });

  it('does not loop on self-referencing structures', () => {
    const recipe: Record<string, unknown> = { '@type': 'Recipe', name: 'Loop', recipeIngredient: ['1 egg'] };
    recipe.isPartOf = recipe;
    recipe.recipeInstructions = [{ '@type': 'HowToSection', name: 'A', itemListElement: [] }];
    expect(extractRecipeFromJson({ '@graph': [recipe, recipe] })?.name).toBe('Loop');
  });
});
