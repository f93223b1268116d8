import type { Cheerio, CheerioAPI } from 'cheerio';
import { cleanLine, cleanMultiline } from './clean-text.js';
import { readByClassNames, readByListShape } from './html-blocks.js';
import type { JsonObject } from './types.js';

/** How a recipe without schema.org markup was recognised. */
export type HtmlRecipeMethod = 'recipe-card' | 'h-recipe' | 'headings';

type Element = ReturnType<ReturnType<CheerioAPI['root']>['children']> extends Cheerio<infer Node> ? Node : never;

interface CardLayout {
  method: HtmlRecipeMethod;
  root: string;
  name: string;
  summary: string;
  ingredient: string;
  ingredientGroup: string;
  instruction: string;
  yield: string;
  image: string;
}

/** The recipe-card plugins most food blogs use, by the class names they render. */
const CARD_LAYOUTS: CardLayout[] = [
  {
    method: 'recipe-card',
    root: '.wprm-recipe-container, .wprm-recipe',
    name: '.wprm-recipe-name',
    summary: '.wprm-recipe-summary',
    ingredient: '.wprm-recipe-ingredient',
    ingredientGroup: '.wprm-recipe-ingredient-group-name, .wprm-recipe-group-name',
    instruction: '.wprm-recipe-instruction-text, .wprm-recipe-instruction',
    yield: '.wprm-recipe-servings-with-unit, .wprm-recipe-servings',
    image: '.wprm-recipe-image img',
  },
  {
    method: 'recipe-card',
    root: '.tasty-recipes',
    name: '.tasty-recipes-title',
    summary: '.tasty-recipes-description',
    ingredient: '.tasty-recipes-ingredients li',
    ingredientGroup: '.tasty-recipes-ingredients h4, .tasty-recipes-ingredients h3',
    instruction: '.tasty-recipes-instructions li, .tasty-recipes-instructions-body > p',
    yield: '.tasty-recipes-yield',
    image: '.tasty-recipes-image img',
  },
  {
    method: 'recipe-card',
    root: '.mv-create-card, .mv-create-wrapper',
    name: '.mv-create-title',
    summary: '.mv-create-description',
    ingredient: '.mv-create-ingredients li',
    ingredientGroup: '.mv-create-ingredients h3, .mv-create-ingredients h4',
    instruction: '.mv-create-instructions li',
    yield: '.mv-create-yield',
    image: '.mv-create-image img',
  },
  {
    method: 'h-recipe',
    root: '.h-recipe, .hrecipe',
    name: '.p-name, .fn',
    summary: '.p-summary, .e-summary, .summary',
    ingredient: '.p-ingredient, .ingredient',
    ingredientGroup: '',
    instruction: '.e-instructions li, .instructions li, .e-instructions > p, .instructions > p',
    yield: '.p-yield, .yield',
    image: '.u-photo, .photo',
  },
];

/** "Ingredients" in the languages Hearth offers (and a few more), as a heading's whole text. */
const INGREDIENT_HEADING = new RegExp(
  '^(?:ingredients?|what you(?:\'ll)? need|zutaten|ingr[ée]dients?|ingredi[ëe]nten|ingredientes?|ingredienti|' +
    'sk[łl]adniki|ingredienser|ainekset|ainesosat|suroviny|ingredience|ингредиенты|продукты|інгредієнти|' +
    'складники|съставки|малземе|malzemeler|υλικά|συστατικά|hozzávalók|sastojci|sestavine|sastāvdaļas|' +
    'ingredientai|hráefni|bahan(?:-bahan)?|nguyên liệu|材料|食材|用料|재료|المكونات|مكونات|מצרכים|רכיבים|مواد لازم)' +
    '(?:\\s*\\(.*\\))?\\s*[:\\-–—]?$',
  'iu',
);

const METHOD_HEADING = new RegExp(
  '^(?:instructions?|directions?|method|preparation|steps|step[- ]by[- ]step|how to make(?: it)?|zubereitung|anleitung|' +
    'pr[ée]paration|instructions|bereiding(?:swijze)?|werkwijze|preparaci[oó]n|elaboraci[oó]n|procedimiento|' +
    'modo de preparo|preparo|procedimento|preparazione|przygotowanie|spos[oó]b przygotowania|wykonanie|' +
    'tilberedning|fremgangsm[aå]de|g[oö]r s[aå] h[aä]r|instruktioner|valmistus|ohje|postup|příprava|' +
    'приготовление|способ приготовления|приготування|приготвяне|hazırlanışı|yapılışı|οδηγίες|εκτέλεση|' +
    'elkészítés|priprema|postopek|pagatavošana|gaminimas|aðferð|cara membuat|langkah|cách làm|' +
    '作り方|做法|步骤|조리법|만드는 법|طريقة التحضير|الطريقة|אופן ההכנה|הוראות הכנה|הכנה|طرز تهیه)' +
    '(?:\\s*\\(.*\\))?\\s*[:\\-–—]?$',
  'iu',
);

/**
 * A recipe read from a page's HTML when it carries no schema.org markup: a recipe-card plugin's
 * layout, the h-recipe microformat, or failing those an "Ingredients" heading followed by a list
 * (and a "Method" heading followed by steps), in any language Hearth offers.
 */
export function readHtmlRecipe($: CheerioAPI): { recipe: JsonObject; method: HtmlRecipeMethod } | null {
  for (const layout of CARD_LAYOUTS) {
    const root = $(layout.root).first();
    if (root.length === 0) continue;
    const recipe = readCard($, root as Cheerio<Element>, layout);
    if (recipe) return { recipe, method: layout.method };
  }
  // A site's own recipe card, known by its class names rather than a plugin's, completed by what the
  // page's headings show (the recipe's name above "Ingredients", steps under "Method").
  const byClass = readByClassNames($);
  const byHeadings = readByHeadings($);
  if (byClass) {
    const recipe = byHeadings ? withMissingFrom(byClass, byHeadings) : byClass;
    if (!recipe.name) recipe.name = onlyHeadingOne($);
    return { recipe, method: 'recipe-card' };
  }
  if (byHeadings) return { recipe: byHeadings, method: 'headings' };
  const byShape = readByListShape($);
  if (byShape && !byShape.name) byShape.name = onlyHeadingOne($);
  // Read from the page's structure, as the headings are.
  return byShape ? { recipe: byShape, method: 'headings' } : null;
}

function withMissingFrom(primary: JsonObject, secondary: JsonObject): JsonObject {
  const merged: JsonObject = { ...primary };
  for (const [key, value] of Object.entries(secondary)) {
    const current = merged[key];
    if (current === undefined || current === '' || (Array.isArray(current) && current.length === 0)) merged[key] = value;
  }
  return merged;
}

/** The page's one <h1>, which names the recipe on most recipe pages; '' when there are none or several. */
function onlyHeadingOne($: CheerioAPI): string {
  const headings = $('body h1').toArray().filter((element) => $(element).closest('header, nav, footer, aside').length === 0);
  return headings.length === 1 ? cleanLine($(headings[0]).text()) : '';
}

function readCard($: CheerioAPI, root: Cheerio<Element>, layout: CardLayout): JsonObject | null {
  const ingredients: Array<string | JsonObject> = [];
  const selector = layout.ingredientGroup ? `${layout.ingredient}, ${layout.ingredientGroup}` : layout.ingredient;
  let pendingTitle: string | null = null;
  root.find(selector).each((_, element) => {
    const node = $(element);
    const text = cleanLine(node.text());
    if (!text) return;
    if (layout.ingredientGroup && node.is(layout.ingredientGroup)) {
      pendingTitle = text.replace(/:$/, '');
      return;
    }
    ingredients.push(pendingTitle ? { title: pendingTitle, note: text } : text);
    pendingTitle = null;
  });
  const instructions = root
    .find(layout.instruction)
    .toArray()
    .filter((element) => $(element).parents(layout.instruction).length === 0)
    .map((element) => cleanMultiline($(element).html() ?? ''))
    .filter(Boolean);
  if (ingredients.length === 0 && instructions.length === 0) return null;
  const image = root.find(layout.image).first();
  return {
    '@type': 'Recipe',
    name: cleanLine(root.find(layout.name).first().text()),
    description: cleanMultiline(root.find(layout.summary).first().text()),
    recipeYield: cleanLine(root.find(layout.yield).first().text()),
    recipeIngredient: ingredients,
    recipeInstructions: instructions,
    image: image.attr('data-lazy-src') ?? image.attr('data-src') ?? image.attr('src') ?? image.attr('href') ?? undefined,
  };
}

interface Block {
  kind: 'heading' | 'item' | 'text';
  level: number;
  text: string;
  html: string;
  /** Inside an <aside>, <form> or <header>: page furniture on most pages, the recipe on a few. */
  aside: boolean;
}

const BLOCK_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'dt', 'dd', 'div', 'section', 'td', 'th']);
const BLOCK_SELECTOR = [...BLOCK_TAGS, 'ul', 'ol', 'article', 'main', 'table'].join(', ');
const ASIDE_TAGS = new Set(['aside', 'form', 'header']);
/** Hidden from the reader: a unit system's list behind a toggle, screen-reader labels, closed templates. */
const HIDDEN_CLASS = /(?:^|\s)(?:hidden|d-none|is-hidden|u-hidden|visually-?hidden|u-visuallyhidden|sr-only|screen-reader-text)(?:\s|$)/i;

function isHidden(node: Cheerio<Element>): boolean {
  return (
    node.attr('hidden') !== undefined ||
    node.attr('aria-hidden') === 'true' ||
    /display\s*:\s*none/i.test(node.attr('style') ?? '') ||
    HIDDEN_CLASS.test(node.attr('class') ?? '')
  );
}

/** The page as a flat sequence of headings, list items and paragraphs, in reading order. */
function blocksOf($: CheerioAPI): Block[] {
  const blocks: Block[] = [];
  const body = ($('body').length > 0 ? $('body') : $.root().children()) as Cheerio<Element>;
  body.find('script, style, noscript, nav, footer, template').remove();
  const visit = (element: Element, aside: boolean): void => {
    const tag = element.tagName.toLowerCase();
    const node = $(element);
    if (isHidden(node)) return;
    if (ASIDE_TAGS.has(tag)) aside = true;
    // A list item is one line unless it holds a list; anything else is split when it holds any block.
    const hasBlockChildren = tag === 'li' ? node.find('ul, ol').length > 0 : node.find(BLOCK_SELECTOR).length > 0;
    if (/^h[1-6]$/.test(tag)) {
      blocks.push({ kind: 'heading', level: Number(tag[1]), text: cleanLine(node.text()), html: '', aside });
      return;
    }
    if (!hasBlockChildren && BLOCK_TAGS.has(tag)) {
      const text = cleanLine(node.text());
      if (!text) return;
      // Bold text alone in its block, maybe inside spans ("<p><span><strong>Filling</strong></span></p>").
      const emphasised = /^\s*(?:<span\b[^>]*>\s*)*<(strong|b)\b[^>]*>[\s\S]*<\/\1>\s*[:\-–—]?\s*(?:<\/span>\s*)*$/i.test(node.html() ?? '');
      // So is a paragraph that reads "Ingredients:" or "Method:" alone, as older blogs write their headings.
      const named = (tag === 'p' || /:$/.test(text)) && text.length <= 40 && (INGREDIENT_HEADING.test(text) || METHOD_HEADING.test(text));
      if ((emphasised && text.length <= 60) || named) blocks.push({ kind: 'heading', level: 7, text, html: '', aside });
      else blocks.push({ kind: tag === 'li' ? 'item' : 'text', level: 0, text, html: node.html() ?? '', aside });
      return;
    }
    node.children().toArray().forEach((child) => visit(child, aside));
  };
  body.children().toArray().forEach((child) => visit(child, false));
  return blocks;
}

/** The page's blocks, less its asides, forms and header; all of them when only those hold the ingredients. */
function recipeBlocks($: CheerioAPI): Block[] {
  const all = blocksOf($);
  const isIngredientHeading = (block: Block) => block.kind === 'heading' && INGREDIENT_HEADING.test(block.text);
  const main = all.filter((block) => !block.aside);
  return main.some(isIngredientHeading) || !all.some(isIngredientHeading) ? main : all;
}

function readByHeadings($: CheerioAPI): JsonObject | null {
  const blocks = recipeBlocks($);
  const ingredientsAt = blocks.findIndex((block) => block.kind === 'heading' && INGREDIENT_HEADING.test(block.text));
  if (ingredientsAt < 0) return null;
  const methodAt = blocks.findIndex((block, index) => index > ingredientsAt && block.kind === 'heading' && METHOD_HEADING.test(block.text));
  const ingredientEnd = methodAt > 0 ? methodAt : blocks.length;
  const ingredients = sectionLines(blocks, ingredientsAt, ingredientEnd, true, methodAt > 0);
  if (ingredients.length === 0) return null;
  const groups = new Set(ingredients.flatMap((line) => (typeof line === 'string' ? [] : [String(line.title).toLowerCase()])));
  const instructions = methodAt > 0 ? sectionLines(blocks, methodAt, blocks.length, false, false, groups).map((line) => (typeof line === 'string' ? line : String(line.note))) : [];
  const title = blocks.slice(0, ingredientsAt).reverse().find((block) => block.kind === 'heading' && block.level <= 2);
  // A recipe in a sidebar: its headings are the sidebar's ("How to make…"); the page's <h1> names it.
  const name = (blocks[ingredientsAt].aside && onlyHeadingOne($)) || title?.text || '';
  return {
    '@type': 'Recipe',
    name,
    recipeIngredient: ingredients,
    recipeInstructions: instructions,
  };
}

/**
 * The lines after a section heading: list items (or, for steps, paragraphs too) up to a heading of the
 * same or a higher level. Smaller headings in between name sub-sections ("For the sauce").
 */
const NUMBERED = /^\s*(?:step\s*)?\d{1,2}\s*[-.):]/i;
/** A group's name: a few words, no amount, not a sentence. */
const GROUP_LABEL = /^(?=.{2,40}$)[^\p{N}.!?]+$/u;

function sectionLines(blocks: Block[], headingAt: number, end: number, ingredients: boolean, bounded = false, groups = new Set<string>()): Array<string | JsonObject> {
  const level = blocks[headingAt].level;
  const lines: Array<string | JsonObject> = [];
  let subTitle: string | null = null;
  const hasItems = blocks.slice(headingAt + 1, end).some((block) => block.kind === 'item');
  for (let index = headingAt + 1; index < end; index++) {
    const block = blocks[index];
    if (block.kind === 'heading') {
      // Between "Ingredients" and "Method", a bold line like the section's own that opens a list names a
      // group of the ingredients ("Filling" in bold, then its list), not the section's end.
      // So is, among the steps, a heading that repeats the name of an ingredient group ("Filling").
      const opensGroup =
        block.level === 7 && blocks[index + 1]?.kind === 'item' && (ingredients ? bounded : groups.has(block.text.replace(/:$/, '').toLowerCase()));
      if (block.level <= level && lines.length > 0 && !opensGroup) break;
      subTitle = block.text.replace(/:$/, '');
      continue;
    }
    if (hasItems && block.kind !== 'item') {
      // A short plain line that opens the next list ("Optional", "For the glaze:") names a group of it.
      if (ingredients && lines.length > 0 && blocks[index + 1]?.kind === 'item' && GROUP_LABEL.test(block.text)) {
        subTitle = block.text.replace(/:$/, '');
        continue;
      }
      if (lines.length > 0 && ingredients) break;
      continue;
    }
    if (!ingredients && block.text.length > 2000) break;
    // Numbered paragraphs ("1- Boil…", "2. Mix…") are the steps; the first one without a number ends them.
    if (!ingredients && block.kind === 'text' && lines.length > 0 && NUMBERED.test(String(lines[0])) && !NUMBERED.test(block.text)) break;
    for (const text of linesOfText(block, ingredients)) {
      lines.push(ingredients && subTitle ? { title: subTitle, note: text } : text);
      subTitle = null;
    }
  }
  return lines;
}

/**
 * A paragraph's lines: each <br> line of an ingredient paragraph is an ingredient; a step paragraph is
 * split only where its lines are numbered ("1. …<br>2. …"), a line without a number staying with its step.
 */
function linesOfText(block: Block, ingredients: boolean): string[] {
  if (block.kind !== 'text' || !/<br\s*\/?>/i.test(block.html)) return [block.text];
  const pieces = block.html.split(/<br\s*\/?>/i).map((piece) => cleanLine(piece)).filter(Boolean);
  if (ingredients) return pieces;
  if (pieces.filter((piece) => NUMBERED.test(piece)).length < 2) return [block.text];
  const steps: string[] = [];
  for (const piece of pieces) {
    if (NUMBERED.test(piece) || steps.length === 0) steps.push(piece);
    else steps[steps.length - 1] = `${steps[steps.length - 1]} ${piece}`;
  }
  return steps;
}
