import type { Cheerio, CheerioAPI } from 'cheerio';
import { cleanLine, cleanMultiline } from './clean-text.js';
import type { JsonObject } from './types.js';

/**
 * Recipes read from a page's own layout when it has no recipe markup and no known recipe-card plugin:
 *  - by class names: a block whose class or id says "ingredients" (in any of the usual spellings) holding
 *    a list, and one that says "instructions" / "method" / "steps" / "directions" holding the steps;
 *  - by shape: the page's list whose lines mostly start with an amount ("200 g …", "1/2 cup …"), with
 *    the numbered list (or the paragraphs) that follows it as the steps.
 */

export type Element = ReturnType<ReturnType<CheerioAPI['root']>['children']> extends Cheerio<infer Node> ? Node : never;

const INGREDIENT_CLASS = /(?:^|[\s_-])(?:recipe[_-]?)?in?d?gr[eé]?dients?(?:[_-]?(?:list|group|section|block|wrapper|container|box|content|table))?(?:$|[\s_-])|zutaten|ingredienser/i;
const STEP_CLASS =
  /(?:^|[\s_-])(?:recipe[_-]?)?(?:instructions?|directions?|method|steps|preparation|process|cooking[_-]?(?:steps|instructions)|zubereitung|preparacion|bereiding)(?:[_-]?(?:list|section|block|wrapper|container|box|content|text))?(?:$|[\s_-])/i;

/** One line of a list: its text, or a sub-heading inside the list. */
export interface ListLine {
  text: string;
  heading: boolean;
}

function classAndId($: CheerioAPI, element: Element): string {
  return `${$(element).attr('class') ?? ''} ${$(element).attr('id') ?? ''}`;
}

/** The lines of a block: its list items (sub-headings kept as headings), else its paragraphs or <br> lines. */
export function linesOfBlock($: CheerioAPI, block: Cheerio<Element>, preferItems = true): ListLine[] {
  const lines: ListLine[] = [];
  const items = block.find('li, dt, dd, h2, h3, h4, h5, h6, tr');
  const hasItems = preferItems && block.find('li, dt, tr').length > 0;
  if (hasItems) {
    items.each((_, element) => {
      const node = $(element);
      if (node.find('li, dt, tr').length > 0) return;
      const tag = element.tagName.toLowerCase();
      if (tag === 'tr') {
        const cells = node.find('td, th').toArray().map((cell) => cleanLine($(cell).text())).filter(Boolean);
        if (cells.length > 0) lines.push({ text: cells.join(' '), heading: false });
        return;
      }
      const text = cleanLine(node.text());
      if (!text) return;
      lines.push({ text, heading: /^h[2-6]$/.test(tag) });
    });
    return lines;
  }
  block.find('p, h2, h3, h4, h5, h6').each((_, element) => {
    const node = $(element);
    if (node.find('p').length > 0) return;
    const heading = /^h[2-6]$/.test(element.tagName.toLowerCase());
    for (const piece of (node.html() ?? '').split(/<br\s*\/?>/i)) {
      const text = cleanMultiline(piece);
      if (text) lines.push({ text: heading ? text : text.replace(/^[•·▪◦-]\s*/, ''), heading });
    }
  });
  return lines;
}

function visible($: CheerioAPI, element: Element): boolean {
  return $(element).closest('nav, header, footer, aside, form, script, style, noscript, template').length === 0;
}

/**
 * The blocks named by class or id that hold the list: the outermost one (inner blocks name single lines,
 * "ingredient"), with its siblings of the same class (one block per ingredient group).
 */
function namedBlocks($: CheerioAPI, pattern: RegExp, exclude: RegExp | null, outside: Element[] = []): Element[] {
  const candidates = $('body [class], body [id]')
    .toArray()
    .filter(
      (element) =>
        pattern.test(classAndId($, element)) &&
        !(exclude && exclude.test(classAndId($, element))) &&
        visible($, element) &&
        !outside.some((other) => other === element || $(other).parents().toArray().includes(element) || $(element).parents().toArray().includes(other)),
    );
  const withLines = candidates.filter((element) => linesOfBlock($, $(element)).length > 0);
  const outer = withLines.filter((element) => !withLines.some((other) => other !== element && $(element).parents().toArray().includes(other)));
  if (outer.length === 0) return [];
  const kind = classAndId($, outer[0]).replace(/\s+\S*$/, '').trim();
  return outer.filter((element, index) => index === 0 || (kind !== '' && ($(element).attr('class') ?? '') === ($(outer[0]).attr('class') ?? '')));
}

export function readByClassNames($: CheerioAPI): JsonObject | null {
  const ingredientBlocks = namedBlocks($, INGREDIENT_CLASS, /ingredients?[_-]?(?:link|button|toggle|count|image|photo)/i);
  if (ingredientBlocks.length === 0) return null;
  const ingredientLines = ingredientBlocks.flatMap((block) => linesOfBlock($, $(block))).filter((line) => !GENERIC_TITLE.test(line.text));
  if (ingredientLines.filter((line) => !line.heading).length === 0) return null;
  // The steps' block neither holds the ingredients nor sits inside them.
  const stepBlocks = namedBlocks($, STEP_CLASS, /(?:^|\s)step[_-]?(?:number|count|image)|method[_-]?(?:link|button)/i, ingredientBlocks);
  const steps = stepBlocks.flatMap((block) => linesOfBlock($, $(block)));
  return {
    '@type': 'Recipe',
    recipeIngredient: asIngredients(ingredientLines),
    recipeInstructions: asSteps(steps),
  };
}

export const GENERIC_TITLE = /^(?:ingredients?|zutaten|ingr[ée]dients?|ingredienti|ingredientes|instructions?|directions?|method|steps|preparation|zubereitung|pr[ée]paration)\s*:?$/i;

/** List lines as recipeIngredient: sub-headings become the title of the next line. */
export function asIngredients(lines: ListLine[]): Array<string | JsonObject> {
  const out: Array<string | JsonObject> = [];
  let title: string | null = null;
  for (const line of lines) {
    if (line.heading) {
      title = line.text.replace(/:$/, '');
      continue;
    }
    out.push(title ? { title, note: line.text } : line.text);
    title = null;
  }
  return out;
}

/** List lines as recipeInstructions: sub-headings become the title of the next step. */
export function asSteps(lines: ListLine[]): Array<string | JsonObject> {
  const out: Array<string | JsonObject> = [];
  let title: string | null = null;
  for (const line of lines) {
    if (GENERIC_TITLE.test(line.text)) continue;
    if (line.heading) {
      title = line.text.replace(/:$/, '');
      continue;
    }
    out.push(title ? { '@type': 'HowToStep', title, text: line.text } : line.text);
    title = null;
  }
  return out;
}

/** A line that starts with an amount: "200 g", "1/2 cup", "½", "2-3", "一" is not one. */
const STARTS_WITH_AMOUNT = /^(?:[•·*-]\s*)?(?:\d|[\u00bc-\u00be\u2150-\u215e]|(?:a|an|one|two|three|half|pinch|handful|some)\s)/iu;

/**
 * The page's best ingredient list by shape: a <ul>/<ol> of 2+ short lines, most of which start with an
 * amount. Steps are the next list after it whose lines are sentences, else the paragraphs that follow.
 */
export function readByListShape($: CheerioAPI): JsonObject | null {
  const lists = $('body ul, body ol')
    .toArray()
    .filter((element) => visible($, element) && $(element).find('ul, ol').length === 0);
  let best: { element: Element; score: number } | null = null;
  for (const element of lists) {
    const items = $(element).children('li').toArray().map((item) => cleanLine($(item).text())).filter(Boolean);
    if (items.length < 2 || items.some((item) => item.length > 200) || $(element).find('a').length > items.length / 2) continue;
    const amounts = items.filter((item) => STARTS_WITH_AMOUNT.test(item)).length;
    if (amounts / items.length < 0.5) continue;
    const score = amounts + items.length / 10;
    if (!best || score > best.score) best = { element, score };
  }
  if (!best) return null;
  const ingredients = $(best.element)
    .children('li')
    .toArray()
    .map((item) => cleanLine($(item).text()))
    .filter(Boolean);
  return { '@type': 'Recipe', recipeIngredient: ingredients, recipeInstructions: stepsAfter($, best.element) };
}

const SENTENCE = /[\p{L}].*[.!?。)]\s*$/u;

/** The steps that follow an ingredient list: the next list of sentences, else the next run of paragraphs. */
function stepsAfter($: CheerioAPI, list: Element): string[] {
  const following = nextBlocks($, list);
  for (const element of following) {
    const node = $(element);
    const lists = node.is('ol, ul') ? node : node.find('ol, ul').first();
    if (lists.length > 0) {
      const items = lists.children('li').toArray().map((item) => cleanMultiline($(item).text())).filter(Boolean);
      if (items.length > 0 && items.filter((item) => SENTENCE.test(item)).length >= items.length / 2) return items;
    }
  }
  const paragraphs: string[] = [];
  for (const element of following) {
    const node = $(element);
    if (/^h[1-6]$/.test(element.tagName.toLowerCase()) && paragraphs.length > 0) break;
    if (!node.is('p')) {
      if (paragraphs.length > 0) break;
      continue;
    }
    const text = cleanMultiline(node.text());
    if (text && SENTENCE.test(text)) paragraphs.push(text);
    else if (paragraphs.length > 0) break;
  }
  return paragraphs;
}

/** Elements after this one in reading order: its following siblings, then its parents' following siblings. */
function nextBlocks($: CheerioAPI, element: Element): Element[] {
  const out: Element[] = [];
  let current: Cheerio<Element> = $(element);
  for (let depth = 0; depth < 4 && current.length > 0 && out.length < 40; depth++) {
    out.push(...(current.nextAll().toArray() as Element[]).slice(0, 40));
    current = current.parent() as Cheerio<Element>;
  }
  return out;
}
