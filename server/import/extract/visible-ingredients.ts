import type { CheerioAPI } from 'cheerio';
import { cleanLine } from './clean-text.js';
import { shownRows } from './shown-rows.js';
import { asIngredients, type Element, GENERIC_TITLE, linesOfBlock, type ListLine } from './html-blocks.js';
import type { JsonObject } from './types.js';

/**
 * The ingredient list as the page shows it, when the page's markup (JSON-LD, microdata) gives a poorer
 * copy of it. Recipe markup is often generated apart from the visible card and comes out short: only the
 * last group of a grouped list, the food names without their amounts (an itemprop on the food's link
 * inside the list item), the amount moved behind the food ("flour 200g"), or the whole list glued into
 * one string. The visible list is found from the markup's own lines: the list items that hold them, and
 * the smallest block around those items; its items (and the sub-headings between them) are the lines.
 *
 * List items are read in one walk over the page's <li> elements; a page whose markup lines match its
 * list items one for one and add nothing keeps its markup. A list built of blocks instead of items is
 * read only when the markup names the foods alone (see shown-rows.ts).
 */
export function visibleIngredients($: CheerioAPI, markup: unknown): Array<string | JsonObject> | null {
  const marks = markupLines(markup);
  if (marks.length === 0) return null;
  return shownListItems($, marks) ?? shownRows($, marks);
}

function shownListItems($: CheerioAPI, marks: string[]): Array<string | JsonObject> | null {
  const markTokens = marks.map(tokensOf);
  const markWords = new Set(markTokens.flat());
  const listItems = $('body li').toArray() as Element[];
  // Items that hold a list are not lines: known by walking up from each item, not by searching each subtree.
  const holders = new Set<Element>();
  for (const element of listItems) {
    for (let parent = element.parent; parent && parent.type === 'tag'; parent = parent.parent) {
      if ((parent as Element).tagName === 'li') holders.add(parent as Element);
    }
  }
  const items: Array<{ element: Element; tokens: string[] }> = [];
  for (const element of listItems) {
    if (holders.has(element)) continue;
    const tokens = tokensOf($(element).text());
    if (tokens.length > 0 && tokens.length <= 80 && tokens.some((token) => markWords.has(token))) items.push({ element, tokens });
  }
  if (items.length === 0) return null;

  // Which list items could show each markup line; one long markup line may hold several items.
  const candidates = marks.map((mark, index) => {
    const tokens = markTokens[index];
    if (tokens.length === 0) return [];
    const whole = items.filter((item) => covers(item.tokens, tokens)).map((item) => item.element);
    if (whole.length > 0 || mark.length < 120) return whole;
    return items.filter((item) => item.tokens.length >= 3 && covers(tokens, item.tokens)).map((item) => item.element);
  });
  const needed = Math.max(1, Math.ceil(0.8 * marks.length));
  const readingOrder = new Map(items.map((item, index) => [item.element, index]));
  // A menu or tag list that names the same foods may come first: the first block that shows more wins.
  for (const container of listsHolding($, candidates, needed, readingOrder).slice(0, 3)) {
    const shown = shownList($, container, marks, candidates);
    if (shown) return shown;
  }
  return null;
}

function shownList($: CheerioAPI, container: Element, marks: string[], candidates: Element[][]): Array<string | JsonObject> | null {
  if ($(container).closest('nav, header, footer, form, template').length > 0) return null;
  let gained = false;
  let merged = false;
  const shownFor = new Set<Element>();
  marks.forEach((mark, index) => {
    const inside = candidates[index].filter((element) => $.contains(container, element));
    if (inside.length === 0) return;
    // Several items for one markup line: the markup glued the list into one string.
    if (inside.length >= 2 && mark.length >= 120) gained = true;
    const item = inside.find((element) => !shownFor.has(element));
    // One item showing two markup lines: the page writes several lines in one item; the markup is finer.
    if (!item) merged = true;
    else shownFor.add(item);
    const shown = cleanLine($(item ?? inside[0]).text());
    // The page shows an amount the markup dropped, or puts it first where the markup put it last.
    if ((!/\p{N}/u.test(mark) && /\p{N}/u.test(shown)) || (AMOUNT_LAST.test(mark) && !/^\p{N}/u.test(mark) && /^\p{N}/u.test(shown))) gained = true;
  });
  if (merged) return null;
  const shownTexts = new Set([...shownFor].map((element) => cleanLine($(element).text())));
  const whole = linesOfBlock($, $(container));
  const fromWhole = listLines(whole, marks.length, shownTexts, gained);
  if (fromWhole) return fromWhole;
  // The block around the lists is the whole article (steps, comments): its run of group lists is the list.
  const outer = LIST.test(container.tagName.toLowerCase()) ? container.parent : container;
  const run = outer && outer.type === 'tag' ? groupRun($, outer as Element, [...shownFor]) : null;
  return run ? listLines(run, marks.length, shownTexts, gained) : null;
}

function listLines(all: ListLine[], markCount: number, shownTexts: Set<string>, gainedAlready: boolean): Array<string | JsonObject> | null {
  const lines = all.filter((line) => !GENERIC_TITLE.test(line.text));
  const ingredientLines = lines.filter((line) => !line.heading);
  const gained = gainedAlready || leftOutRun(ingredientLines.map((line) => line.text), shownTexts);
  if (!gained) return null;
  if (ingredientLines.length > Math.max(2 * markCount, markCount + 10) && markCount > 1) return null;
  if (ingredientLines.length > 60 || ingredientLines.some((line) => line.text.length > 300)) return null;
  return asIngredients(lines);
}

const LIST = /^(?:ul|ol)$/;
const GROUP_HEADING = /^h[3-6]$/;

/**
 * The lists that hold the markup's lines, as children of a larger block, with the group lists beside them
 * (each under its own sub-heading): the run stops at anything else, a section heading ("Directions")
 * or a heading of a higher rank, which start what follows the ingredients.
 */
function groupRun($: CheerioAPI, container: Element, shown: Element[]): ListLine[] | null {
  const groupList = (element: Element | undefined) => !!element && LIST.test(element.tagName.toLowerCase()) && $(element).children('li').length > 0;
  const heading = (element: Element | undefined) => !!element && GROUP_HEADING.test(element.tagName.toLowerCase()) && !GENERIC_TITLE.test(cleanLine($(element).text()));
  const children = $(container).children().toArray() as Element[];
  const holding = children.map((child) => shown.some((element) => child === element || $.contains(child, element)));
  const first = holding.indexOf(true);
  const last = holding.lastIndexOf(true);
  const between = children.slice(first, last + 1);
  if (first < 0 || between.some((child, index) => !holding[first + index] && !groupList(child) && !heading(child))) return null;
  let start = first;
  // Backwards: a list, or a sub-heading that opens the list after it.
  while (start > 0 && (groupList(children[start - 1]) || (heading(children[start - 1]) && groupList(children[start])))) start--;
  let end = last;
  // Forwards: a list, or a sub-heading followed by a list.
  while (end + 1 < children.length && (groupList(children[end + 1]) || (heading(children[end + 1]) && groupList(children[end + 2])))) end++;
  if (start === first && end === last) return null;
  const lines: ListLine[] = [];
  for (const child of children.slice(start, end + 1)) {
    if (GROUP_HEADING.test(child.tagName.toLowerCase())) {
      const text = cleanLine($(child).text());
      if (text) lines.push({ text, heading: true });
    } else lines.push(...linesOfBlock($, $(child)));
  }
  return lines;
}

/**
 * Lines the markup left out, all together before or after the lines it has (a group, or the list's end
 * cut off): two or more, reading as ingredients with amounts.
 */
function leftOutRun(lines: string[], shown: Set<string>): boolean {
  const at = lines.map((line) => shown.has(line));
  const first = at.indexOf(true);
  const last = at.lastIndexOf(true);
  if (first < 0 || at.slice(first, last + 1).some((isShown) => !isShown)) return false;
  const extra = [...lines.slice(0, first), ...lines.slice(last + 1)];
  return extra.length >= 2 && extra.filter((line) => /^\p{N}/u.test(line)).length >= 0.6 * extra.length;
}

const AMOUNT_LAST = /\d\s*\p{L}{0,6}\.?\s*$/u;

function markupLines(markup: unknown): string[] {
  const values = Array.isArray(markup) ? markup : [markup];
  if (values.some((value) => typeof value !== 'string')) return [];
  return values.map((value) => cleanLine(value)).filter(Boolean);
}

/** Lower-case words and numbers, a number split from a word written against it ("500gr", "1Zwiebel"). */
function tokensOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+|(?<=\p{N})(?=\p{L})|(?<=\p{L})(?=\p{N})/u)
    .filter(Boolean);
}

/** Every token of the part appears in the whole; a word may be cut short ("olive" in "oliven"). */
function covers(whole: string[], part: string[]): boolean {
  return part.every((token) => whole.some((word) => word === token || (token.length >= 4 && /\p{L}/u.test(token) && word.startsWith(token))));
}

/**
 * The lists on the page (in reading order) that, alone or with the few blocks around them, hold items
 * for most markup lines: a grouped list's groups share a parent; a list repeated for printing is read once.
 */
function listsHolding($: CheerioAPI, candidates: Element[][], needed: number, readingOrder: Map<Element, number>): Element[] {
  const found: Element[] = [];
  const seen = new Set<Element>();
  // Candidates are in reading order per line; the lists in reading order are those of the items in order.
  const order = new Map<Element, number>();
  candidates.flat().forEach((element) => order.set(element, Math.min(order.get(element) ?? Infinity, readingOrder.get(element) ?? 0)));
  const items = [...order.keys()].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const lists = items.map((element) => element.parent).filter((parent): parent is Element => !!parent && parent.type === 'tag');
  for (const list of new Set(lists)) {
    let block: Element | null = list;
    for (let depth = 0; block && depth < 4; depth++) {
      if (seen.has(block)) break;
      seen.add(block);
      const holder: Element = block;
      const held = candidates.filter((elements) => elements.some((element) => $.contains(holder, element))).length;
      if (held >= needed) {
        found.push(holder);
        break;
      }
      block = holder.parent && holder.parent.type === 'tag' ? (holder.parent as Element) : null;
    }
  }
  return found;
}


