import type { CheerioAPI } from 'cheerio';
import { cleanLine } from './clean-text.js';
import type { Element } from './html-blocks.js';

type Node = Element['children'][number];

/** Elements whose edges separate words on screen (a food's name and its amount in two paragraphs). */
const SEPARATED = /^(?:p|div|li|td|th|dt|dd|br|label|h[1-6]|section|article|tr)$/;

/**
 * The ingredient rows of a list built from blocks instead of list items (a <div> per ingredient, the food
 * and its amount in their own <span>s or <p>s), when the markup names only the foods. Each markup line is
 * found as a text on the page, and its row is the largest block around it that holds no other markup
 * line; the row's text, amount included, is the line. One block must hold a row for every markup line,
 * rows short (the amount, not a sentence), and at least half of them must show an amount the markup
 * lacks; otherwise null.
 */
export function shownRows($: CheerioAPI, marks: string[]): string[] | null {
  if (marks.length < 2 || marks.some((mark) => /\p{N}/u.test(mark))) return null;
  const wanted = new Map(marks.map((mark) => [key(mark), [] as Element[]]));
  collectTexts($, wanted);
  const leaves = [...wanted.values()].flat();
  // Each text's row: the largest block around it that holds no other markup line.
  const rowsOf = new Map<string, Element[]>();
  for (const [k, own] of wanted) {
    rowsOf.set(
      k,
      own.map((leaf) => {
        let row = leaf;
        for (let parent = row.parent; parent && parent.type === 'tag' && (parent as Element).tagName !== 'body'; parent = parent.parent) {
          const holder = parent as Element;
          if (leaves.some((other) => !own.includes(other) && $.contains(holder, other))) break;
          row = holder;
        }
        return row;
      }),
    );
  }
  // The list is the block whose rows show every markup line (a tag cloud or a text naming a food is not).
  const lists = new Map<Element, Set<string>>();
  for (const [k, rows] of rowsOf) {
    for (const row of rows) {
      if (!row.parent || row.parent.type !== 'tag') continue;
      const list = row.parent as Element;
      lists.set(list, (lists.get(list) ?? new Set()).add(k));
    }
  }
  const list = [...lists].find(([, keys]) => keys.size === wanted.size)?.[0];
  if (!list) return null;
  const taken = new Map<string, number>();
  const lines: string[] = [];
  let gained = 0;
  for (const mark of marks) {
    const k = key(mark);
    const at = taken.get(k) ?? 0;
    taken.set(k, at + 1);
    const row = (rowsOf.get(k) ?? []).filter((element) => element.parent === list)[at];
    if (!row) return null;
    const text = cleanLine(textOf(row));
    if (text.length > mark.length + 40) return null;
    if (/\p{N}/u.test(text)) gained++;
    lines.push(text);
  }
  return gained >= marks.length / 2 ? lines : null;
}

/** Lines are compared as cleaned text (the markup's lines already are): spacing and case aside. */
function key(text: string): string {
  return text.replace(/\s+/g, ' ').trim().normalize('NFKC').toLowerCase();
}

/** The elements (in reading order) whose own text node reads as one of the wanted lines. */
function collectTexts($: CheerioAPI, wanted: Map<string, Element[]>): void {
  const walk = (node: Node): void => {
    if (node.type === 'text') {
      const found = wanted.get(key(node.data));
      if (found && node.parent && node.parent.type === 'tag') found.push(node.parent as Element);
      return;
    }
    if (node.type !== 'tag' || /^(?:script|style|noscript|template|nav|header|footer|head|select)$/.test((node as Element).tagName)) return;
    for (const child of (node as Element).children) walk(child);
  };
  for (const body of $('body').toArray() as Element[]) walk(body);
}

/** The element's text with a space where its blocks meet. */
function textOf(element: Element): string {
  let text = '';
  const walk = (node: Node): void => {
    if (node.type === 'text') text += node.data;
    else if (node.type === 'tag') {
      const separated = SEPARATED.test((node as Element).tagName);
      if (separated) text += ' ';
      for (const child of (node as Element).children) walk(child);
      if (separated) text += ' ';
    }
  };
  walk(element);
  return text;
}
