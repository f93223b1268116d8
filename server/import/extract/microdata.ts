import type { Cheerio, CheerioAPI } from 'cheerio';
import { cleanLine, cleanMultiline } from './clean-text.js';
import { hasRecipeContent } from './jsonld.js';
import type { JsonObject } from './types.js';

/** cheerio's element node type (domhandler's Element), named without depending on domhandler directly. */
type Element = ReturnType<ReturnType<CheerioAPI['root']>['children']> extends Cheerio<infer Node> ? Node : never;

const RECIPE_ITEMTYPE = /(?:schema\.org|data-vocabulary\.org)\/Recipe\/?$/i;
const INGREDIENT_PROPERTIES = new Set(['recipeIngredient', 'ingredients', 'ingredient']);
const MAX_ITEM_DEPTH = 6;

/**
 * Reads the first schema.org Recipe marked up with microdata (itemscope / itemtype / itemprop) into the
 * same shape as a JSON-LD node: property names as keys, a single value as itself and repeated values as
 * an array, nested items as objects with their @type. Ingredient section headings that sit between the
 * ingredient elements (an <h4> "Custard" above the custard's list) are attached as titles.
 */
export function readMicrodataRecipe($: CheerioAPI): JsonObject | null {
  const scopes = $('[itemscope][itemtype]')
    .toArray()
    .filter((element) => itemTypes($(element).attr('itemtype')).some((type) => RECIPE_ITEMTYPE.test(type)));
  let fallback: JsonObject | null = null;
  for (const [index, scope] of scopes.entries()) {
    const ingredientElements: Element[] = [];
    const item = readItem($, scope, 0, ingredientElements);
    // With one recipe on the page, properties left outside every scope belong to it.
    if (index === 0 && scopes.length === 1) adoptOrphanedProperties($, item, ingredientElements);
    if (ingredientElements.length > 1) attachIngredientHeadings($, item, ingredientElements);
    if (hasRecipeContent(item)) return item;
    fallback ??= item;
  }
  if (scopes.length === 0) {
    // Ingredient and step properties without any Recipe scope around them (a template that forgot it).
    const item: JsonObject = { '@type': 'Recipe' };
    const ingredientElements: Element[] = [];
    adoptOrphanedProperties($, item, ingredientElements);
    if (ingredientElements.length > 1) attachIngredientHeadings($, item, ingredientElements);
    if (hasRecipeContent(item)) return item;
  }
  return fallback;
}

const ADOPTABLE_PROPERTIES = new Set([...INGREDIENT_PROPERTIES, 'recipeInstructions', 'instructions']);

/**
 * A recipe scope that a template closes too early (an unbalanced </div>) leaves its ingredient and step
 * elements outside any itemscope; the browser still shows them as the recipe's, and so do we.
 */
function adoptOrphanedProperties($: CheerioAPI, item: JsonObject, ingredientElements: Element[]): void {
  for (const element of $('[itemprop]').toArray()) {
    if ($(element).parents('[itemscope]').length > 0 || $(element).attr('itemscope') !== undefined) continue;
    for (const name of itemTypes($(element).attr('itemprop')).map(lastSegment)) {
      if (!ADOPTABLE_PROPERTIES.has(name)) continue;
      addProperty(item, name, propertyValue($, element));
      if (INGREDIENT_PROPERTIES.has(name)) ingredientElements.push(element);
    }
  }
}

function itemTypes(attribute: string | undefined): string[] {
  return (attribute ?? '').split(/\s+/).filter(Boolean);
}

/** "https://schema.org/Recipe/" → "Recipe"; a plain name stays as it is. */
function lastSegment(name: string): string {
  return name.replace(/\/+$/, '').replace(/^.*[/#]/, '');
}

function readItem($: CheerioAPI, scope: Element, depth: number, ingredientElements: Element[]): JsonObject {
  const item: JsonObject = {};
  const type = itemTypes($(scope).attr('itemtype'))[0];
  if (type) item['@type'] = lastSegment(type);

  const visit = (element: Element): void => {
    const names = itemTypes($(element).attr('itemprop')).map(lastSegment);
    const opensScope = $(element).attr('itemscope') !== undefined;
    if (names.length > 0) {
      let value: unknown = {};
      if (!opensScope) value = propertyValue($, element);
      else if (depth < MAX_ITEM_DEPTH) value = readItem($, element, depth + 1, ingredientElements);
      for (const name of names) {
        addProperty(item, name, value);
        if (INGREDIENT_PROPERTIES.has(name) && depth === 0) ingredientElements.push(element);
      }
    }
    // Properties inside a nested item belong to that item, not to this one.
    if (!opensScope) childElements($(element)).forEach(visit);
  };

  childElements($(scope)).forEach(visit);
  for (const id of itemTypes($(scope).attr('itemref'))) {
    const referenced = $(`[id="${id.replace(/"/g, '')}"]`).get(0);
    if (referenced) visit(referenced);
  }
  return item;
}

function childElements(selection: Cheerio<Element>): Element[] {
  return selection.children().toArray();
}

function addProperty(item: JsonObject, name: string, value: unknown): void {
  const existing = item[name];
  if (existing === undefined) item[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else item[name] = [existing, value];
}

/** A property's value by the microdata rules: content, src, href, datetime or value attributes, else its text. */
function propertyValue($: CheerioAPI, element: Element): string {
  const node = $(element);
  const tag = element.tagName.toLowerCase();
  const content = node.attr('content');
  if (content !== undefined) return content;
  if (['img', 'audio', 'video', 'source', 'embed', 'iframe', 'track'].includes(tag)) return node.attr('src') ?? '';
  if (['a', 'area', 'link'].includes(tag)) return node.attr('href') ?? '';
  if (tag === 'object') return node.attr('data') ?? '';
  if (tag === 'data' || tag === 'meter') return node.attr('value') ?? '';
  if (tag === 'time') return node.attr('datetime') ?? cleanLine(node.html() ?? '');
  return cleanMultiline(node.html() ?? '');
}

const HEADING_CLASS = /(?:group|section|sub|part)[-_]*(?:title|heading|header|name)|ingredients?[-_]*(?:group|section|heading|title|header)/i;
const GENERIC_HEADING = /^(?:ingredients?|zutaten|ingr[ée]dients?|ingredienti|ingredientes)$/i;

/**
 * Walks the smallest element holding every ingredient in document order; a heading met after one
 * ingredient and before the next becomes the title of that next one.
 */
function attachIngredientHeadings($: CheerioAPI, item: JsonObject, ingredientElements: Element[]): void {
  const container = commonAncestor(ingredientElements);
  if (!container) return;
  const ingredientSet = new Set<Element>(ingredientElements);
  const titles = new Map<Element, string>();
  let pendingTitle: string | null = null;

  for (const element of $(container).find('*').toArray()) {
    if (ingredientSet.has(element)) {
      if (pendingTitle) titles.set(element, pendingTitle);
      pendingTitle = null;
      continue;
    }
    if (isInside(element, ingredientSet, container)) continue;
    const isHeadingTag = /^h[1-6]$/i.test(element.tagName);
    if (!isHeadingTag && !HEADING_CLASS.test($(element).attr('class') ?? '')) continue;
    const text = cleanLine($(element).text()).replace(/:$/, '');
    if (text && text.length <= 80 && !GENERIC_HEADING.test(text)) pendingTitle = text;
  }
  if (titles.size === 0) return;

  for (const name of INGREDIENT_PROPERTIES) {
    const values = item[name];
    if (values === undefined) continue;
    const list = Array.isArray(values) ? values : [values];
    const elementsOfName = ingredientElements.filter((element) =>
      itemTypes($(element).attr('itemprop')).some((prop) => lastSegment(prop) === name),
    );
    item[name] = list.map((value, index) => {
      const title = titles.get(elementsOfName[index]);
      return title && typeof value === 'string' ? { title, note: value } : value;
    });
  }
}

function commonAncestor(elements: Element[]): Element | null {
  const chainOf = (element: Element): Element[] => {
    const chain: Element[] = [];
    for (let node: Element | null = element; node; node = parentElement(node)) chain.unshift(node);
    return chain;
  };
  const chains = elements.map(chainOf);
  let ancestor: Element | null = null;
  for (let level = 0; chains.every((chain) => chain[level] !== undefined && chain[level] === chains[0][level]); level++) {
    ancestor = chains[0][level];
  }
  return ancestor;
}

function parentElement(element: Element): Element | null {
  const parent: unknown = element.parent;
  return isElement(parent) ? parent : null;
}

function isElement(node: unknown): node is Element {
  return typeof node === 'object' && node !== null && 'tagName' in node && 'attribs' in node;
}

function isInside(element: Element, ancestors: Set<Element>, stopAt: Element): boolean {
  for (let node = parentElement(element); node && node !== stopAt; node = parentElement(node)) {
    if (ancestors.has(node)) return true;
  }
  return false;
}
