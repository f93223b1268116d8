/**
 * The learned "nlp" parser: a sequence tagger decides which tokens are the amount, the unit, the food
 * and the note; rules then read what they read best — the number itself (fractions, mixed numbers,
 * ranges, decimal commas, number words) and the unit's canonical form (multi-word and abbreviated units
 * such as "c. à s."). Confidences are the tagger's own probabilities.
 */

import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROOT } from '../../paths.js';
import { stripElidedArticle } from '../food.js';
import { BUYING_QUALIFIERS, CONNECTORS, NUMERAL_ARTICLES, SIZE_WORDS } from '../lexicon.js';
import { type ParsedLine } from '../parse.js';
import { readQuantity } from '../quantity.js';
import { joinClean, tokenize, type Token } from '../tokenize.js';
import { canonicalUnit, foldText, matchUnitAt } from '../units.js';
import { lineFeatures } from './features.js';
import { fromModelFile, tagSequence, type TaggedToken, type TaggerModel, type TaggerModelFile } from './perceptron.js';

export const MODEL_PATH = join(APP_ROOT, 'server/parser/tagger/model.json');

let loaded: TaggerModel | null | undefined;

/** The committed model (built by scripts/train-parser.ts), read once; null when the file is missing. */
export function defaultModel(): TaggerModel | null {
  if (loaded === undefined) {
    loaded = existsSync(MODEL_PATH) ? fromModelFile(JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as TaggerModelFile) : null;
  }
  return loaded;
}

/** Tags one tokenised line. */
export function tagTokens(model: TaggerModel, tokens: readonly Token[]): TaggedToken[] {
  const features = lineFeatures(tokens);
  return tagSequence(model, tokens.length, features.featuresAt, features.fixed);
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Text of the given token positions in order; a gap between two positions becomes a space. */
function joinPositions(tokens: readonly Token[], positions: readonly number[]): string {
  const picked = positions.map((position, index) => {
    const token = tokens[position];
    const gap = index > 0 && position !== positions[index - 1] + 1;
    return gap && !token.spaceBefore ? { ...token, spaceBefore: true } : token;
  });
  return joinClean(picked);
}

/** The note: every run of tokens that is not taken (amount, unit, food), if it holds a noted word. */
function buildNote(
  tokens: readonly Token[],
  tagged: readonly TaggedToken[],
  tags: readonly string[],
  taken: (index: number) => boolean,
): { note: string | null; noteProbabilities: number[] } {
  const notes: string[] = [];
  const noteProbabilities: number[] = [];
  let run: number[] = [];
  let runHasNote = false;
  const closeRun = () => {
    // brackets are dropped from the note, but the space they stood for is kept: "salami (optional)" → "salami, optional"
    const kept: Token[] = [];
    let bracketSpace = false;
    for (const index of run) {
      const token = tokens[index];
      if (/^[()[\]]$/.test(token.text)) {
        bracketSpace = true;
        continue;
      }
      kept.push(bracketSpace && !token.spaceBefore ? { ...token, spaceBefore: true } : token);
      bracketSpace = false;
    }
    const text = joinClean(kept);
    if (runHasNote && text) notes.push(text);
    run = [];
    runHasNote = false;
  };
  tokens.forEach((_, index) => {
    if (taken(index)) {
      closeRun();
      return;
    }
    run.push(index);
    if (tags[index] !== 'O') {
      runHasNote = true;
      if (tags[index] === 'NOTE') noteProbabilities.push(tagged[index].probability);
    }
  });
  closeRun();
  return { note: notes.join(', ') || null, noteProbabilities };
}

/** Parses a line with the given tagger model. */
export function parseWithModel(model: TaggerModel, line: string): ParsedLine {
  const tokens = tokenize(line);
  const empty: ParsedLine = {
    input: line,
    quantity: null,
    quantityMax: null,
    unit: null,
    unitCanonical: null,
    food: null,
    note: null,
    confidence: { average: 0, quantity: 0, unit: 0, food: 0, comment: 0 },
  };
  if (tokens.length === 0) return empty;
  const tagged = tagTokens(model, tokens);
  const tags = tagged.map((entry) => entry.tag);
  const used = new Set<number>();
  const insideBrackets: boolean[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.text === ')' || token.text === ']') depth = Math.max(0, depth - 1);
    insideBrackets.push(depth > 0);
    if (token.text === '(' || token.text === '[') depth++;
  }

  // the amount: the first token tagged as one, read by the number rules
  let quantity: number | null = null;
  let quantityMax: number | null = null;
  let quantityConfidence = 0;
  const firstQuantity = tags.indexOf('QTY');
  const quantityStart = firstQuantity >= 0 ? firstQuantity : tokens[0].kind === 'word' && NUMERAL_ARTICLES.has(foldText(tokens[0].text)) ? 0 : -1;
  if (quantityStart >= 0) {
    const read = readQuantity(tokens, quantityStart);
    if (read && read.value !== null) {
      quantity = read.value;
      quantityMax = read.max;
      for (let index = quantityStart; index < read.end; index++) used.add(index);
      quantityConfidence = (firstQuantity >= 0 ? tagged[firstQuantity].probability : 0.7) * (read.source === 'digits' ? 0.99 : 0.9);
    }
  }

  // the unit: the first token tagged as one, spelled out by the unit vocabulary
  let unit: string | null = null;
  let unitCanonical: string | null = null;
  let unitConfidence = 0;
  // a unit outside brackets first: "1 (14-ounce) can" is measured in cans, the ounces are its size
  const unitCandidates = tags.flatMap((tag, index) => (tag === 'UNIT' && !used.has(index) ? [index] : []));
  const firstUnit = unitCandidates.find((index) => !insideBrackets[index]) ?? unitCandidates[0] ?? -1;
  if (firstUnit >= 0) {
    const match = matchUnitAt(tokens, firstUnit);
    const end = match ? match.end : firstUnit + 1;
    unit = match ? match.written : tokens[firstUnit].text;
    unitCanonical = match ? match.canonical : (canonicalUnit(tokens[firstUnit].text)?.canonical ?? null);
    unitConfidence = 1;
    for (let index = firstUnit; index < end; index++) {
      used.add(index);
      if (tags[index] === 'UNIT') unitConfidence = Math.min(unitConfidence, tagged[index].probability);
    }
  }

  const foodPositions = tags.flatMap((tag, index) => (tag === 'FOOD' && !used.has(index) ? [index] : []));
  // "de farine", "di burro": a connector before the food joins it to the unit (the training lines are
  // English, where "of" is never the food's, so the tagger has not seen "de" or "di" there)
  while (foodPositions.length > 1 && CONNECTORS.has(foldText(tokens[foodPositions[0]].text))) {
    tags[foodPositions[0]] = 'O';
    foodPositions.shift();
  }
  const food = stripElidedArticle(joinPositions(tokens, foodPositions)) || null;
  // how sure the food is: its own words, and where it ends — a word just before or after it that the
  // tagger barely kept out ("strained carrots", "toasted sesame oil") makes the whole name unsure
  const boundary = foodPositions.length ? [foodPositions[0] - 1, foodPositions[foodPositions.length - 1] + 1] : [];
  const edgeProbabilities = boundary
    .filter((index) => index >= 0 && index < tokens.length && tokens[index].kind === 'word' && !used.has(index) && tags[index] !== 'FOOD')
    .map((index) => tagged[index].probability);
  const foodConfidence = foodPositions.length ? Math.min(...foodPositions.map((index) => tagged[index].probability), ...edgeProbabilities) : 0;

  const { note, noteProbabilities } = buildNote(tokens, tagged, tags, (index) => used.has(index) || tags[index] === 'FOOD');
  const commentConfidence = note ? (noteProbabilities.length ? Math.min(...noteProbabilities) : 0.5) : 0;

  // "2 large eggs": size words just before the food that went to the note, offered as a longer food name
  // the catalogue may hold ("large eggs"); the matcher links one only when that exact name exists.
  // "salted", "unsweetened", "dried", "ground"… change what is bought: when such a word was split off,
  // the shorter name must not be linked ("toasted sesame oil" is not "sesame oil").
  const alternatives: Array<{ food: string; note: string | null }> = [];
  let splitQualifier: string | undefined;
  if (foodPositions.length > 0) {
    const lead: number[] = [];
    for (let index = foodPositions[0] - 1; index >= 0 && lead.length < 3; index--) {
      if (tags[index] !== 'NOTE' || tokens[index].kind !== 'word' || insideBrackets[index] || used.has(index)) break;
      lead.unshift(index);
    }
    const buying = lead.find((index) => BUYING_QUALIFIERS.has(foldText(tokens[index].text)));
    if (buying !== undefined) splitQualifier = tokens[buying].text;
    const sizes = lead.slice(lead.findLastIndex((index) => !SIZE_WORDS.has(foldText(tokens[index].text))) + 1);
    for (let take = sizes.length; take >= 1; take--) {
      const extra = new Set(sizes.slice(sizes.length - take));
      const longer = stripElidedArticle(joinPositions(tokens, [...extra, ...foodPositions]));
      const rest = buildNote(tokens, tagged, tags, (index) => used.has(index) || tags[index] === 'FOOD' || extra.has(index)).note;
      alternatives.push({ food: longer, note: rest });
    }
  }

  const present = [quantityConfidence, unitConfidence, foodConfidence, commentConfidence].filter((value) => value > 0);
  return {
    input: line,
    quantity,
    quantityMax,
    unit,
    unitCanonical,
    food,
    note,
    ...(alternatives.length ? { alternatives } : {}),
    ...(splitQualifier ? { splitQualifier } : {}),
    confidence: {
      average: round(present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : 0),
      quantity: round(quantityConfidence),
      unit: round(unitConfidence),
      food: round(foodConfidence),
      comment: round(commentConfidence),
    },
  };
}
