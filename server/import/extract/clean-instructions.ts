import { cleanLine, cleanMultiline, splitIntoLines } from './clean-text.js';
import { parseLenientJson } from './json-repair.js';
import { type DraftInstruction, isJsonObject, type JsonObject } from './types.js';

const MAX_DEPTH = 8;
const GENERIC_SECTION_NAMES = /^(?:instructions?|directions?|method|steps?|preparation|zubereitung|anleitung)$/i;

/**
 * Reads recipeInstructions in every shape sites use:
 *  - one string (plain with newlines or CRLF, or HTML with <p>, <br>, <li>): one step per line or block;
 *  - a list of strings: one step each;
 *  - HowToStep objects (text, else name); a HowToStep made of HowToDirection/HowToTip parts is one step;
 *  - HowToSection / ItemList objects (itemListElement), nested or not: the section's name becomes the
 *    title of its first step;
 *  - Mealie steps ({title, summary, text}); objects keyed "0", "1", …; a JSON string of any of these.
 * The text of one step keeps its paragraph breaks; leading numbering ("1.", "Step 2:") is removed.
 */
export function cleanInstructions(value: unknown): DraftInstruction[] {
  const steps: DraftInstruction[] = [];
  collectSteps(value, steps, 0);
  // A label ("Step 2", "Étape 2") given as a step of its own heads the step that follows it.
  const merged: DraftInstruction[] = [];
  steps.forEach((step, index) => {
    if (!labels.has(step)) {
      merged.push(step);
      return;
    }
    const next = steps[index + 1];
    if (next && !labels.has(next) && !next.title) next.title = step.text;
  });
  return merged;
}

const labels = new WeakSet<DraftInstruction>();

function collectSteps(value: unknown, steps: DraftInstruction[], depth: number): void {
  if (depth > MAX_DEPTH || value === null || value === undefined) return;

  if (typeof value === 'string') {
    const parsed = /^\s*[[{]/.test(value) ? parseLenientJson(value) : undefined;
    if (parsed !== undefined && typeof parsed !== 'string') collectSteps(parsed, steps, depth + 1);
    else for (const line of splitIntoLines(value)) for (const step of splitInlineNumbering(line)) pushStep(steps, { text: step });
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 1 && typeof value[0] === 'string') {
      collectSteps(value[0], steps, depth + 1);
      return;
    }
    for (const item of value) {
      if (typeof item === 'string') pushStep(steps, { text: cleanMultiline(item) });
      else collectSteps(item, steps, depth + 1);
    }
    return;
  }
  if (!isJsonObject(value)) return;

  const numberedValues = valuesOfNumberKeyedObject(value);
  if (numberedValues) {
    collectSteps(numberedValues, steps, depth + 1);
    return;
  }
  if (isStepMadeOfParts(value)) {
    const text = partsText(value.itemListElement);
    pushStep(steps, { text: text || cleanMultiline(value.text ?? value.name) });
    return;
  }
  if (value.itemListElement !== undefined || value.steps !== undefined) {
    const firstOfSection = steps.length;
    collectSteps(value.itemListElement ?? value.steps, steps, depth + 1);
    const sectionName = cleanLine(value.name ?? value.title);
    const namesTheWholeList = GENERIC_SECTION_NAMES.test(sectionName);
    if (sectionName && !namesTheWholeList && steps.length > firstOfSection && !steps[firstOfSection].title) {
      steps[firstOfSection].title = sectionName;
    }
    return;
  }
  pushStep(steps, stepOfObject(value));
}

function stepOfObject(step: JsonObject): DraftInstruction {
  const text = cleanMultiline(step.text) || cleanMultiline(step.description) || cleanMultiline(step.name);
  const instruction: DraftInstruction = { text };
  const title = cleanLine(step.title);
  if (title) instruction.title = title;
  const summary = cleanLine(step.summary) || summaryFromName(cleanLine(step.name), text);
  if (summary) instruction.summary = summary;
  return instruction;
}

/** A HowToStep's name is kept as its summary only when it says something its text does not. */
function summaryFromName(name: string, text: string): string {
  if (!name || !text) return '';
  const comparableName = name.replace(/(?:\.{3}|…)$/, '').trim().toLowerCase();
  const comparableText = text.replace(/\s+/g, ' ').toLowerCase();
  if (!comparableName || comparableText.startsWith(comparableName) || comparableName.startsWith(comparableText)) {
    return '';
  }
  return name;
}

function isStepMadeOfParts(value: JsonObject): boolean {
  return /howtostep$/i.test(typeName(value)) && Array.isArray(value.itemListElement);
}

function partsText(parts: unknown): string {
  if (!Array.isArray(parts)) return '';
  return parts
    .map((part) => (isJsonObject(part) ? cleanMultiline(part.text ?? part.name) : cleanMultiline(part)))
    .filter(Boolean)
    .join('\n');
}

function typeName(value: JsonObject): string {
  const type = value['@type'] ?? value.type;
  const first = Array.isArray(type) ? type[0] : type;
  return typeof first === 'string' ? first : '';
}

function valuesOfNumberKeyedObject(value: JsonObject): unknown[] | null {
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return null;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
}

const LEADING_NUMBER = /^(?:step\s*)?\d{1,2}\s*(?:[.):](?!\d)|-(?=\s+\p{L}))\s*/iu;
const NUMBER_ONLY = /^(?:step\s*)?\d{1,2}\s*[.):]?$/i;

const HAS_WORD_OR_NUMBER = /[\p{L}\p{N}]/u;
const INLINE_STEP_NUMBER = /(?:^|(?<=[.!?)]\s*)\s)(\d{1,2})[.)]\s+(?=\p{L})/gu;

/**
 * "1. Heat the oil. 2. Add the onions. 3. …" written as one line: split where the numbers count up
 * from 1, so that a quantity inside a step ("bake 2) hours") never starts a new one.
 */
export function splitInlineNumbering(line: string): string[] {
  const starts: number[] = [];
  let expected = 1;
  for (const match of line.matchAll(INLINE_STEP_NUMBER)) {
    if (Number(match[1]) !== expected) continue;
    starts.push(match.index + match[0].indexOf(match[1]));
    expected++;
  }
  if (starts.length < 2 || line.slice(0, starts[0]).trim() !== '') return [line];
  return starts.map((start, index) => line.slice(start, starts[index + 1]).trim());
}

function pushStep(steps: DraftInstruction[], step: DraftInstruction): void {
  if (NUMBER_ONLY.test(step.text)) return;
  const text = step.text.replace(LEADING_NUMBER, '').trim();
  // Stray punctuation left by a template (",", "[{", ".") is not a step.
  if (!HAS_WORD_OR_NUMBER.test(text)) return;
  if (STEP_LABEL.test(text)) {
    const label = { text };
    labels.add(label);
    steps.push(label);
    return;
  }
  if (isJunkStep(text)) return;
  steps.push({ ...step, text });
}

/** "Step 3", "Schritt 02", "Étape 1", "Paso 4" on their own: a label, not a step. */
const STEP_LABEL = /^(?:step|schritt|[ée]tape|etape|paso|passo|stap|krok|steg|trin|vaihe|адım|шаг|adım)\s*\d{1,2}\s*:?$/iu;

/** A heading that names the whole list, in the languages Hearth offers. */
const LIST_HEADING =
  /^(?:instructions?|directions?|method|steps?|preparation|how to make(?: it)?|zubereitung|anleitung|pr[ée]paration|bereiding(?:swijze)?|werkwijze|preparaci[oó]n|elaboraci[oó]n|modo de prepar[oa]|preparo|procedimento|preparazione|przygotowanie|instruktioner|fremgangsm[aå]de|valmistus)\s*:?$/iu;

/**
 * Site furniture that templates leave in the steps: navigation, prompts, ads, share and print buttons.
 * Matched on the whole (short) step only, so a real step that mentions printing or sharing stays.
 */
const SITE_JUNK = new RegExp(
  '^(?:jump to (?:recipe|video|comments?)|skip to (?:recipe|content)|print(?: (?:the )?recipe)?|pin(?: (?:it|recipe))?|share(?: (?:this|on \\p{L}+))?|' +
    'save(?: (?:recipe|to favorites))?|email|tweet|facebook|pinterest|whatsapp|recipe complete!?|most (?:read|popular)|' +
    'trending(?: now)?|advertisement|sponsored|read more|continue reading|see more|leave a (?:comment|review)|' +
    'rate (?:this|the) recipe!?|(?:did you|have you) (?:make|made|try|tried) (?:this|it)\\??.*|tried (?:this|it)\\?.*|' +
    'click (?:here )?to rate.*|(?:please )?rate (?:it|this)!?|subscribe.*|sign up.*|newsletter|' +
    'rezept drucken|drucken|teilen|imprimer(?: la recette)?|partager|imprimir(?: receta)?|compartir|stampa|condividi|' +
    'afdrukken|delen|\\d+(?:[.,]\\d)? ?(?:stars?|sterne|étoiles|votes?|ratings?|reviews?|bewertungen))\\.?$',
  'iu',
);

export function isJunkStep(text: string): boolean {
  const line = text.trim();
  if (line.length > 120) return false;
  return STEP_LABEL.test(line) || LIST_HEADING.test(line) || SITE_JUNK.test(line);
}
