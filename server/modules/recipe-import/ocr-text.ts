import { parseIngredientLine } from '../../parser/index.js';

/**
 * Turns the text OCR read from a recipe photo into a plain recipe: the title is the first strong line, the
 * ingredients are the lines that read as an amount and a food, and the rest are the steps. Headings such as
 * "Ingredients" or "Method" switch between the two when the photo has them.
 */

export interface TextRecipe {
  name: string;
  recipeIngredient: string[];
  recipeInstructions: string[];
}

const INGREDIENTS_HEADING = /^(ingredients?|you will need|what you need|zutaten|ingr[ée]dients?|ingredienti|ingredientes)\s*:?$/i;
const STEPS_HEADING = /^(instructions?|directions?|method|steps?|preparation|how to make( it)?|zubereitung|pr[ée]paration|procedimiento)\s*:?$/i;
const NUMBERED_STEP = /^(?:step\s*)?\d{1,2}\s*[.):]\s+/i;
const BULLET = /^[•·*▪●◦‣⁃–—-]\s*/;

function cleanLine(line: string): string {
  return line.replace(/\s+/g, ' ').replace(BULLET, '').trim();
}

/** Letters or digits enough to be more than OCR noise. */
function isText(line: string): boolean {
  return (line.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2;
}

function looksLikeIngredient(line: string): boolean {
  if (NUMBERED_STEP.test(line) || line.length > 90 || line.split(' ').length > 14) return false;
  const parsed = parseIngredientLine(line);
  return (parsed.quantity !== null || parsed.unit !== null) && parsed.food !== null;
}

/** A short line under an "Ingredients" heading is an ingredient even without an amount ("salt and pepper"). */
function looksLikeBareIngredient(line: string): boolean {
  return line.length <= 45 && !/[.!?]$/.test(line) && !NUMBERED_STEP.test(line);
}

function isTitle(line: string): boolean {
  return (line.match(/\p{L}/gu) ?? []).length >= 3 && line.length <= 100 && !INGREDIENTS_HEADING.test(line) && !STEPS_HEADING.test(line) && !looksLikeIngredient(line);
}

/** Numbered lines open a step; other lines continue the previous step until it ends a sentence. */
function addStepLine(steps: string[], line: string): void {
  const numbered = NUMBERED_STEP.test(line);
  const text = line.replace(NUMBERED_STEP, '').trim();
  if (!text) return;
  const last = steps.length - 1;
  if (!numbered && last >= 0 && !/[.!?:]$/.test(steps[last])) steps[last] = `${steps[last]} ${text}`;
  else steps.push(text);
}

export function recipeFromText(text: string): TextRecipe | null {
  const lines = text.split(/\r?\n/).map(cleanLine).filter(isText);
  const titleIndex = lines.findIndex(isTitle);
  if (titleIndex < 0) return null;
  const name = lines[titleIndex];
  const recipeIngredient: string[] = [];
  const recipeInstructions: string[] = [];
  let section: 'auto' | 'ingredients' | 'steps' = 'auto';
  lines.forEach((line, index) => {
    if (index === titleIndex) return;
    if (INGREDIENTS_HEADING.test(line)) section = 'ingredients';
    else if (STEPS_HEADING.test(line)) section = 'steps';
    else if (section !== 'steps' && looksLikeIngredient(line)) recipeIngredient.push(line);
    else if (section === 'ingredients' && looksLikeBareIngredient(line)) recipeIngredient.push(line);
    else if (index > titleIndex) addStepLine(recipeInstructions, line);
  });
  if (recipeIngredient.length === 0 && recipeInstructions.length === 0) return null;
  return { name, recipeIngredient, recipeInstructions };
}
