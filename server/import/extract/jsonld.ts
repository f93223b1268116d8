import type { CheerioAPI } from 'cheerio';
import { parseLenientJson } from './json-repair.js';
import { isEmptyValue, isJsonObject, type JsonObject } from './types.js';

/** Nodes visited at most while searching a document for a recipe, so that a huge graph cannot stall. */
const MAX_NODES_VISITED = 20_000;

export interface FoundRecipe {
  recipe: JsonObject;
  /** Replaces a bare {"@id": …} reference with the node it names elsewhere in the same documents. */
  resolve: (value: unknown) => unknown;
}

/** The parsed content of every <script type="application/ld+json"> on the page (unparseable ones skipped). */
export function readJsonLdBlocks($: CheerioAPI): unknown[] {
  const blocks: unknown[] = [];
  $('script').each((_, element) => {
    const type = ($(element).attr('type') ?? '').toLowerCase();
    if (!type.includes('ld+json')) return;
    const parsed = parseLenientJson($(element).text());
    if (parsed !== undefined) blocks.push(parsed);
  });
  // Some sites put the block in a meta tag's content instead of a script.
  $('meta[name="application/ld+json"], meta[itemprop="application/ld+json"]').each((_, element) => {
    const parsed = parseLenientJson($(element).attr('content') ?? '');
    if (parsed !== undefined) blocks.push(parsed);
  });
  return blocks;
}

/** True when @type names a schema.org Recipe ("Recipe", ["Recipe", "NewsArticle"], "schema:Recipe", …). */
export function isRecipeNode(value: unknown): value is JsonObject {
  if (!isJsonObject(value)) return false;
  const types = value['@type'] ?? value.type;
  const list = Array.isArray(types) ? types : [types];
  return list.some((type) => typeof type === 'string' && /(?:^|[/:#])recipe$/i.test(type.trim()));
}

/**
 * Searches parsed JSON-LD (objects, arrays, @graph, mainEntity, ItemList/itemListElement and any other
 * nesting) breadth first for Recipe nodes, so a recipe at the top is preferred over one buried deeper.
 * Of several recipes, the first that has ingredients or instructions wins.
 */
export function findRecipeNode(documents: unknown): FoundRecipe | null {
  const recipes: JsonObject[] = [];
  const nodesById = new Map<string, JsonObject>();
  const queue: unknown[] = Array.isArray(documents) ? [...documents] : [documents];
  const visited = new Set<unknown>();

  for (let head = 0; head < queue.length && head < MAX_NODES_VISITED; head++) {
    const node = queue[head];
    if (visited.has(node)) continue;
    visited.add(node);
    if (Array.isArray(node)) {
      queue.push(...node.filter((item) => typeof item === 'object' && item !== null));
      continue;
    }
    if (!isJsonObject(node)) continue;
    const id = node['@id'];
    if (typeof id === 'string' && Object.keys(node).length > 1 && !nodesById.has(id)) nodesById.set(id, node);
    if (isRecipeNode(node)) recipes.push(node);
    for (const child of Object.values(node)) {
      if (typeof child === 'object' && child !== null) queue.push(child);
    }
  }

  const recipe = recipes.find(hasRecipeContent) ?? recipes[0];
  if (!recipe) return null;
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (isJsonObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1) {
      return nodesById.get(value['@id']) ?? value;
    }
    return value;
  };
  return { recipe, resolve };
}

/** Whether a recipe node lists ingredients or instructions, under any of their property names. */
export function hasRecipeContent(recipe: JsonObject): boolean {
  return ['recipeIngredient', 'ingredients', 'ingredient', 'recipeInstructions', 'instructions'].some(
    (key) => !isEmptyValue(recipe[key]),
  );
}
