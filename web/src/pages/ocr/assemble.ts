import type { OcrBox, OcrLine, OcrPage } from '../../api/ocr';

/**
 * Turning selected OCR lines into recipe fields: lines in reading order (page, block, line), with the
 * person's inline edits; ingredients one per line, steps one per paragraph, headings left out.
 */

export interface SelectedLine {
  id: string;
  text: string;
  bbox: OcrBox;
}

/** Section headings a cookbook puts over a list or the method, in the six OCR languages. */
const HEADINGS = new Set(
  [
    'ingredients', 'ingredient', 'method', 'methods', 'instructions', 'directions', 'preparation', 'steps', 'notes', 'note', 'you will need',
    'zutaten', 'zubereitung', 'anleitung', 'für den teig', 'hinweise', 'tipp', 'tipps',
    'ingrédients', 'préparation', 'étapes', 'remarques',
    'ingredientes', 'preparación', 'elaboración', 'instrucciones', 'notas',
    'ingredienti', 'preparazione', 'procedimento', 'note',
    'ingrediënten', 'bereiding', 'bereidingswijze', 'werkwijze', 'opmerkingen',
  ].map((h) => h.toLocaleLowerCase()),
);

export function isHeading(text: string): boolean {
  return HEADINGS.has(text.trim().replace(/[:.]+$/, '').toLocaleLowerCase());
}

/** The selected lines in reading order, with edited text where the person changed it. */
export function orderedSelection(pages: readonly OcrPage[], selected: ReadonlySet<string>, edits: Readonly<Record<string, string>>): SelectedLine[] {
  const out: SelectedLine[] = [];
  for (const page of pages) {
    for (const block of page.blocks) {
      for (const line of block.lines) {
        if (selected.has(line.id)) out.push({ id: line.id, text: (edits[line.id] ?? line.text).trim(), bbox: line.bbox });
      }
    }
  }
  return out.filter((line) => line.text.length > 0);
}

const BULLET = /^\s*(?:[-–—•·*▪●○◦]|\d+[.)]\s)\s*/u;
const STEP_START = /^\s*(?:\d{1,2}\s*[.):]|(?:step|schritt|étape|paso|passo|stap)\s*\d+[.:]?)\s*/iu;

/** Joins a word broken over two lines ("Back-" + "pulver"), else a space. */
function joinLines(a: string, b: string): string {
  if (/[\p{L}]-$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  return `${a} ${b}`;
}

/** Ingredients: one per line, headings and bullets dropped. */
export function toIngredientLines(lines: readonly SelectedLine[]): string[] {
  return lines
    .map((l) => l.text)
    .filter((text) => !isHeading(text))
    .map((text) => text.replace(/^\s*[-–—•·*▪●○◦]\s*/u, '').trim())
    .filter(Boolean);
}

/**
 * Steps: a new step where a line starts with a step number, where a blank line's worth of space lies above
 * it, or after a short line ending a sentence (the last line of a paragraph); numbers are dropped.
 */
export function toSteps(lines: readonly SelectedLine[]): string[] {
  const body = lines.filter((l) => !isHeading(l.text));
  if (body.length === 0) return [];
  const widest = Math.max(...body.map((l) => l.bbox.x1 - l.bbox.x0));
  const steps: string[] = [];
  let current = '';
  body.forEach((line, i) => {
    const previous = body[i - 1];
    let starts = i === 0 || STEP_START.test(line.text);
    if (!starts && previous) {
      const height = Math.max(1, previous.bbox.y1 - previous.bbox.y0);
      const samePage = previous.id.split('.')[0] === line.id.split('.')[0];
      const gap = line.bbox.y0 - previous.bbox.y1;
      const blankAbove = samePage && (gap > 1.2 * height || gap < -height);
      const paragraphEnd = /[.!?]["')»”]?$/u.test(previous.text) && previous.bbox.x1 - previous.bbox.x0 < 0.7 * widest;
      starts = blankAbove || paragraphEnd;
    }
    const text = line.text.replace(STEP_START, '').trim();
    if (starts) {
      if (current) steps.push(current);
      current = text;
    } else {
      current = current ? joinLines(current, text) : text;
    }
  });
  if (current) steps.push(current);
  return steps.filter(Boolean);
}

/** Running text (description, notes): lines joined into one paragraph. */
export function toParagraph(lines: readonly SelectedLine[]): string {
  return lines
    .filter((l) => !isHeading(l.text))
    .map((l) => l.text.replace(BULLET, (m) => (/\d/.test(m) ? m : '')))
    .reduce((text, line) => (text ? joinLines(text, line) : line), '');
}

/** A short field (name, yield, a time): the lines on one row. */
export function toShortText(lines: readonly SelectedLine[]): string {
  return lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ').trim();
}

/** Lines of the page (in page order) whose box lies mostly inside the region, in page pixels. */
export function linesInRegion(page: OcrPage, region: OcrBox): OcrLine[] {
  const inside: OcrLine[] = [];
  for (const block of page.blocks) {
    for (const line of block.lines) {
      const w = Math.max(0, Math.min(line.bbox.x1, region.x1) - Math.max(line.bbox.x0, region.x0));
      const h = Math.max(0, Math.min(line.bbox.y1, region.y1) - Math.max(line.bbox.y0, region.y0));
      const area = Math.max(1, (line.bbox.x1 - line.bbox.x0) * (line.bbox.y1 - line.bbox.y0));
      if ((w * h) / area >= 0.5) inside.push(line);
    }
  }
  return inside;
}

/** The line under a point of the page, with a little slack for fingers. */
export function lineAt(page: OcrPage, x: number, y: number, slack = 6): OcrLine | null {
  for (const block of page.blocks) {
    for (const line of block.lines) {
      const b = line.bbox;
      if (x >= b.x0 - slack && x <= b.x1 + slack && y >= b.y0 - slack && y <= b.y1 + slack) return line;
    }
  }
  return null;
}
