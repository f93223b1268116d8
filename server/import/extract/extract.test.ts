import { describe, expect, it } from 'vitest';
import { HAS_IMPORT_DEV, IMPORT_DEV, JSON_FILES, MISSING_IMPORT_DEV, PAGES, readJsonText, readPage } from '../regression-set.js';
import {
  extractFromHtmlOrJson,
  extractOpenGraph,
  extractRecipeFromHtml,
  extractRecipeFromJson,
  MISSING_INSTRUCTIONS_TEXT,
  NUTRITION_FIELDS,
  type RecipeDraft,
} from './index.js';

const hasSharedData = HAS_IMPORT_DEV;
const missingDataNote = MISSING_IMPORT_DEV;

if (!hasSharedData) console.warn(`extract.test.ts: ${IMPORT_DEV} is missing; the regression tests are skipped.`);

const readHtml = readPage;

function readJson(file: string): unknown {
  return JSON.parse(readJsonText(file));
}

function extractPage(file: string, includeTags = false): RecipeDraft {
  const draft = extractRecipeFromHtml(readHtml(file), undefined, { includeTags });
  if (!draft) throw new Error(`no recipe extracted from ${file}`);
  return draft;
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function isAbsoluteHttpUrl(url: string): boolean {
  return /^https?:\/\/[^/\s]+\.[^/\s]+/.test(url);
}

describe.skipIf(!hasSharedData)(`saved recipe pages${missingDataNote}`, () => {

  it.each(PAGES)('$file ($markup): $ingredients ingredients, $steps steps', ({ file, ingredients, steps }) => {
    const draft = extractPage(file);
    expect(draft.name.length).toBeGreaterThan(3);
    expect(draft.recipeIngredient).toHaveLength(ingredients);
    expect(draft.recipeInstructions).toHaveLength(steps);
    expect(draft.imageUrls.length).toBeGreaterThan(0);
    for (const url of draft.imageUrls) expect(isAbsoluteHttpUrl(url)).toBe(true);
    for (const ingredient of draft.recipeIngredient) {
      expect(ingredient.note).not.toMatch(/<\/?[a-z]+|&[a-z]+;|\s{2,}/i);
      expect(ingredient.originalText).toBe(ingredient.note);
    }
    for (const step of draft.recipeInstructions) expect(step.text).not.toMatch(/<\/?[a-z]+[^>]*>|&[a-z]+;/i);
  });

  it('three-cup chicken: the slug of its name, and every nutrition value its JSON-LD holds', () => {
    const draft = extractPage('taiwanese-three-cup-chicken-san-bei-gi-recipe.html');
    expect(slugify(draft.name)).toBe('taiwanese-three-cup-chicken-san-bei-ji-recipe');

    const jsonLd = /<script[^>]*ld\+json[^>]*>([\s\S]*?)<\/script>/.exec(
      readHtml('taiwanese-three-cup-chicken-san-bei-gi-recipe.html'),
    );
    const sourceNutrition: Record<string, unknown> = JSON.parse(jsonLd?.[1] ?? '{}').nutrition;
    const sourceValues = Object.keys(sourceNutrition).filter((key) => key !== '@type');
    expect(sourceValues).toHaveLength(11);
    // Ten of the 11 are Mealie nutrition fields; servingSize ("serves 4 to 6") has no field in Mealie.
    const keptFields = NUTRITION_FIELDS.filter((field) => field in sourceNutrition);
    expect(keptFields).toHaveLength(10);
    expect(sourceValues).toContain('servingSize');
    for (const field of keptFields) expect(draft.nutrition[field]).toMatch(/^\d/);
    expect(draft.nutrition).toMatchObject({ calories: '445', sodiumContent: '735', unsaturatedFatContent: '0' });
    expect(draft.nutrition.transFatContent).toBeNull();
    expect(draft.totalTime).toBe('30 minutes');
    expect(draft.recipeServings).toBe(6);
  });

  it('detroit pizza: 12 tags from its keywords with includeTags, none without', () => {
    const withTags = extractPage('detroit-style-pepperoni-pizza.html', true);
    expect(withTags.tags).toHaveLength(12);
    expect(withTags.tags).toContain('pizza dough');
    expect(extractPage('detroit-style-pepperoni-pizza.html').tags).toEqual([]);
    expect(withTags.recipeYield).toBe('Makes 1 large or 2 small');
    expect(withTags.orgURL).toBe('https://www.bonappetit.com/recipe/detroit-style-pepperoni-pizza');
  });

  it('healthy pasta bake: the Open Graph fallback alone gives name, description and image', () => {
    const url = 'https://www.bbc.co.uk/food/recipes/healthy_pasta_bake_60759';
    const draft = extractOpenGraph(readHtml('healthy-pasta-bake-60759.html'), url);
    expect(draft).not.toBeNull();
    expect(draft?.name.length).toBeGreaterThan(10);
    expect(slugify(draft?.name ?? '').length).toBeGreaterThan(10);
    expect(draft?.description.length).toBeGreaterThan(100);
    expect(draft?.orgURL).toBe(url);
    expect(isAbsoluteHttpUrl(draft?.imageUrls[0] ?? '')).toBe(true);
  });

  it('healthy pasta bake: JSON-LD nutrition, times and yield are cleaned', () => {
    const draft = extractPage('healthy-pasta-bake-60759.html');
    expect(draft.nutrition).toMatchObject({ calories: '375', carbohydrateContent: '27', fatContent: '22' });
    expect(draft).toMatchObject({ prepTime: '30 minutes', performTime: '1 hour', recipeServings: 4 });
    expect(draft.description).toContain('\n\nEach serving provides');
  });

  it('sous-vide shrimp: a recipe without instructions gets the placeholder step', () => {
    const draft = extractPage('sous-vide-shrimp.html');
    expect(draft.recipeInstructions).toEqual([{ text: MISSING_INSTRUCTIONS_TEXT }]);
    expect(draft).toMatchObject({ prepTime: '20 minutes', totalTime: '30 minutes', recipeServings: 4 });
  });

  it('jam roly poly: microdata ingredient headings become section titles', () => {
    const titles = extractPage('jam-roly-poly-with-custard.html').recipeIngredient.map((line) => line.title);
    expect(titles[0]).toBe('Roly poly');
    expect(titles[7]).toBe('Custard');
    expect(titles.filter(Boolean)).toHaveLength(2);
  });

  it('schinken-käse waffeln: a microdata HowToSection names its first step', () => {
    const draft = extractPage('schinken-kase-waffeln-ohne-viel-schnickschnack.html', true);
    expect(draft.recipeInstructions[0].title).toBe('Waffelteig');
    expect(draft.recipeInstructions[0].text).toContain('Käse in Stücken');
    expect(draft.recipeServings).toBe(12);
    expect(draft.tags).toContain('einfach');
    expect(new Set(draft.tags.map((tag) => tag.toLowerCase())).size).toBe(draft.tags.length);
  });

  it('carottes râpées: a page without recipe markup gives name, description and image, and its lines from its bold headings', () => {
    const draft = extractPage('carottes-rapps-with-rice-and-sunflower-seeds.html');
    expect(draft.extractionMethod).toBe('headings');
    expect(draft.name).toBe('Carottes Rappés with Rice and Sunflower Seeds');
    expect(draft.description).toMatch(/^Carottes Râpées/);
    expect(draft.imageUrls.length).toBeGreaterThanOrEqual(1);
    expect(draft.recipeIngredient).toHaveLength(10);
    expect(draft.recipeInstructions.map((step) => step.text.slice(0, 20))).toEqual(['Prepare rice per pac', 'While the rice is co', 'Preheat a heavy bott', 'Using your hands, to']);
  });

  it('mealie-recipe.html: the bare app shell is no recipe, with an injected recipe it is', () => {
    const html = readHtml('mealie-recipe.html');
    expect(extractRecipeFromHtml(html)).toBeNull();
    const schema = { '@context': 'https://schema.org', '@type': 'Recipe', name: 'Injected Soup', recipeIngredient: ['1 l water'] };
    const injected = html.replace('</head>', `<script type="application/ld+json">${JSON.stringify(schema)}</script></head>`);
    const draft = extractRecipeFromHtml(injected, 'https://mealie.example/g/home/r/injected-soup');
    expect(draft?.name).toBe('Injected Soup');
    expect(draft?.recipeIngredient).toHaveLength(1);
    expect(draft?.orgURL).toBe('https://mealie.example/g/home/r/injected-soup');
  });
});

describe.skipIf(!hasSharedData)(`schema.org recipe JSON files${missingDataNote}`, () => {

  it.each(JSON_FILES)('%s has %i instructions', (file, steps) => {
    const draft = extractRecipeFromJson(readJson(file));
    expect(draft?.recipeInstructions).toHaveLength(steps);
    expect(draft?.name).toBeTruthy();
    expect(draft?.recipeIngredient.length).toBeGreaterThan(0);
    for (const step of draft?.recipeInstructions ?? []) expect(step.text).not.toMatch(/&[a-z]+;|\r/);
  });

  it('reads the same file given as JSON text, through extractFromHtmlOrJson', () => {
    const text = readJsonText('chunky-apple-cake.json');
    expect(extractFromHtmlOrJson(text)?.recipeInstructions).toHaveLength(4);
  });

  it('cleans yields, times and nutrition from the files', () => {
    expect(extractRecipeFromJson(readJson('jalapeno-popper-dip.json'))).toMatchObject({
      recipeServings: 10,
      recipeYield: '10 to 12 servings',
      prepTime: '15 minutes',
      nutrition: { calories: '560', sodiumContent: '707' },
    });
    expect(extractRecipeFromJson(readJson('pizza-knoblauch-champignon-paprika-vegan-html.json'))).toMatchObject({
      prepTime: '20 minutes',
      performTime: '15 minutes',
      totalTime: '1 hour 15 minutes',
      recipeServings: 2,
    });
    expect(extractRecipeFromJson(readJson('bon-appetit.json'))).toMatchObject({
      recipeYieldQuantity: 18,
      recipeServings: 0,
    });
    const steak = extractRecipeFromJson(readJson('moroccan-skirt-steak-with-roasted-pepper-couscous.json'));
    expect(steak?.totalTime).toBe('35 minutes');
    expect(steak?.imageUrls[0]).toMatch(/^https:\/\/imagesvc\.meredithcorp\.io\//);
  });

  it('turns a "Dipping Sauce:" ingredient line into the title of the next line', () => {
    const draft = extractRecipeFromJson(readJson('blue-cheese-stuffed-turkey-meatballs-with-raspberry-balsamic-glaze-2.json'));
    const titled = draft?.recipeIngredient.find((line) => line.title);
    expect(titled).toMatchObject({ title: 'Dipping Sauce', note: '½ cup raspberry preserves' });
    expect(draft?.recipeIngredient.some((line) => line.note === 'Dipping Sauce:')).toBe(false);
  });
});
