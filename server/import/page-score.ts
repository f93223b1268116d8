import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SHARED_DATA_DIR } from '../paths.js';
import { extractRecipeFromHtml, MISSING_INSTRUCTIONS_TEXT, type RecipeDraft } from './extract/index.js';

/**
 * Scores the import extraction on ../shared/data/import-pages (317 saved pages, each with the title,
 * ingredients and steps a correct import yields), as that folder's README asks: the title; every
 * ingredient line present and nothing else (order aside, section headings are titles, not lines); every
 * step present and whole, and nothing that is not a step. Shared by scripts/score-import-pages.ts and
 * the extractor's tests.
 */
export const IMPORT_PAGES = path.join(SHARED_DATA_DIR, 'import-pages');
export const HAS_IMPORT_PAGES = fs.existsSync(path.join(IMPORT_PAGES, 'SITES.txt'));
export const MISSING_IMPORT_PAGES = HAS_IMPORT_PAGES ? '' : ` (SKIPPED: test data folder ${IMPORT_PAGES} is missing; set HEARTH_SHARED_DIR)`;

/** Share of the pages rules may be tuned on; the rest are held out and only scored. */
export const TUNING_SHARE = 0.6;

export interface ExpectedPage {
  /** "<site>/<name>", the page's address inside the folder, without extension. */
  id: string;
  host: string;
  language: string;
  title: string;
  ingredients: string[];
  steps: string[];
}

export type PagePart = 'tuning' | 'held-out';

/** Deterministic split by a hash of the page's name: the same page is always on the same side. */
export function partOf(id: string): PagePart {
  const hash = crypto.createHash('sha256').update(id).digest();
  return hash.readUInt32BE(0) / 0x1_0000_0000 < TUNING_SHARE ? 'tuning' : 'held-out';
}

export function listPages(): ExpectedPage[] {
  if (!HAS_IMPORT_PAGES) return [];
  const pages: ExpectedPage[] = [];
  for (const site of fs.readdirSync(IMPORT_PAGES).sort()) {
    const dir = path.join(IMPORT_PAGES, site);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
      const data = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
      const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
      pages.push({
        id: `${site}/${file.replace(/\.json$/, '')}`,
        host: typeof data.host === 'string' ? data.host : site,
        language: typeof data.language === 'string' ? data.language : '',
        title: typeof data.title === 'string' ? data.title : '',
        ingredients: strings(data.ingredients),
        steps: strings(data.instructions_list),
      });
    }
  }
  return pages;
}

export function readPageHtml(page: ExpectedPage): string {
  return fs.readFileSync(path.join(IMPORT_PAGES, `${page.id}.html`), 'utf8');
}

/** Text as a cook compares it: case, accents' composition, spacing and punctuation aside. */
export function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** Dice similarity of character pairs, 0..1. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const left = bigrams(a);
  const right = bigrams(b);
  let shared = 0;
  for (const [pair, count] of left) shared += Math.min(count, right.get(pair) ?? 0);
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

const SAME_LINE = 0.9;

export function sameTitle(expected: string, got: string): boolean {
  const e = comparable(expected);
  const g = comparable(got);
  return e !== '' && (e === g || similarity(e, g) >= SAME_LINE);
}

/**
 * Every expected line matched by one extracted line (each used once) and no extracted line left over.
 * Lines match when they read the same, or nearly (a fraction written ½ or 1/2, a stray space).
 */
export function sameIngredients(expected: string[], got: string[]): { ok: boolean; missing: string[]; extra: string[] } {
  const left = got.map(comparable).filter(Boolean);
  const used = new Array<boolean>(left.length).fill(false);
  const missing: string[] = [];
  for (const line of expected) {
    const e = comparable(line);
    if (!e) continue;
    let at = left.findIndex((g, i) => !used[i] && g === e);
    if (at < 0) at = left.findIndex((g, i) => !used[i] && similarity(g, e) >= SAME_LINE);
    if (at < 0) missing.push(line);
    else used[at] = true;
  }
  const extra = got.filter((line) => comparable(line)).filter((_, i) => !used[i]);
  return { ok: missing.length === 0 && extra.length === 0, missing, extra };
}

/**
 * Steps may be split differently from the page's own list, but every expected step must appear whole in
 * the imported text, and every imported step must be part of the expected text (no junk, no halves
 * glued to navigation).
 */
export function sameSteps(expected: string[], got: string[], headings: string[] = []): { ok: boolean; missing: string[]; extra: string[] } {
  const gotSteps = got.filter((step) => step !== MISSING_INSTRUCTIONS_TEXT);
  // The step's number ("1.", "2-", "Step 3:") is how the page shows the list, not part of the step.
  const text = (step: string) => comparable(step.replace(/^\s*(?:step\s*)?\d{1,2}\s*[-.):]\s*/i, ''));
  const allGot = gotSteps.map(text).join('');
  const allExpected = expected.map(text).join('');
  // A section heading or a step's own heading that the page lists as a step is kept as the step's title.
  const shownAsHeading = new Set(headings.map(comparable));
  const missing = expected.filter((step) => !allGot.includes(text(step)) && !shownAsHeading.has(comparable(step)));
  const extra = gotSteps.filter((step) => !allExpected.includes(text(step)));
  const ok = missing.length === 0 && extra.length === 0 && (expected.length === 0) === (gotSteps.length === 0);
  return { ok, missing, extra };
}

export interface PageScore {
  page: ExpectedPage;
  part: PagePart;
  method: string;
  title: boolean;
  ingredients: boolean;
  steps: boolean;
  got: ReturnType<typeof draftLines>;
  ingredientDiff: { missing: string[]; extra: string[] };
  stepDiff: { missing: string[]; extra: string[] };
}

export function draftLines(draft: RecipeDraft | null): { title: string; ingredients: string[]; steps: string[]; stepHeadings: string[] } {
  return {
    title: draft?.name ?? '',
    ingredients: draft?.recipeIngredient.map((line) => line.note) ?? [],
    steps: draft?.recipeInstructions.map((step) => step.text) ?? [],
    stepHeadings: draft?.recipeInstructions.flatMap((step) => [step.title ?? '', step.summary ?? ''].filter(Boolean)) ?? [],
  };
}

export function scorePage(page: ExpectedPage): PageScore {
  const draft = extractRecipeFromHtml(readPageHtml(page), `https://${page.host}/`);
  const got = draftLines(draft);
  const ingredients = sameIngredients(page.ingredients, got.ingredients);
  const steps = sameSteps(page.steps, got.steps, got.stepHeadings);
  return {
    page,
    part: partOf(page.id),
    method: draft?.extractionMethod ?? 'none',
    title: sameTitle(page.title, got.title),
    ingredients: ingredients.ok,
    steps: steps.ok,
    got,
    ingredientDiff: { missing: ingredients.missing, extra: ingredients.extra },
    stepDiff: { missing: steps.missing, extra: steps.extra },
  };
}

export interface PartTotals {
  pages: number;
  title: number;
  ingredients: number;
  steps: number;
}

export function totals(scores: PageScore[]): PartTotals {
  const pct = (count: number) => (scores.length === 0 ? 0 : Math.round((1000 * count) / scores.length) / 10);
  return {
    pages: scores.length,
    title: pct(scores.filter((s) => s.title).length),
    ingredients: pct(scores.filter((s) => s.ingredients).length),
    steps: pct(scores.filter((s) => s.steps).length),
  };
}
