/**
 * Trains the ingredient tagger of the "nlp" parser from the labelled lines of ../shared/data/parser-dev
 * and writes the model (weights only, no lines) to server/parser/tagger/model.json. Run by a developer
 * when the features or the data change, never by npm install:
 *
 *   npx tsx scripts/train-parser.ts            # 5-fold cross-validation, wrong-link rate, then the model
 *   npx tsx scripts/train-parser.ts --cv-only  # the figures without writing the model
 *   npx tsx scripts/train-parser.ts --failures food 20   # failing lines of fold 1 (tagger trained on folds 2-5)
 *
 * It prints, per fold and overall, the per-field and all-of accuracy of the tagger on lines it was not
 * trained on, next to the rule-based parser's on the same lines (the rules were written looking at all
 * of parser-dev, so theirs is not a held-out figure), and the wrong-link rate: the share of lines whose
 * food links to an existing food that is not its food, in a catalogue seeded with the foods of
 * ../shared/data's import pages and migrations.
 */

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_DATA_DIR } from '../server/paths.js';
import { parseIngredientLine } from '../server/parser/parse.js';
import { createCatalogueMatcher, LINK_CONFIDENCE, type CatalogueFood } from '../server/parser/match.js';
import { DEFAULT_PARSER_DEV_DIR, loadLabelledLines, normalizeWords, parseCsv, scoreLines, type Field, type LabelledLine, type ScoreReport } from '../server/parser/score.js';
import { tokenize } from '../server/parser/tokenize.js';
import { alignTags } from '../server/parser/tagger/align.js';
import { lineFeatures, TAGS } from '../server/parser/tagger/features.js';
import { toModelFile, trainTagger, type TaggerModel, type TrainingSequence } from '../server/parser/tagger/perceptron.js';
import { MODEL_PATH, parseWithModel } from '../server/parser/tagger/tagged-parse.js';
import type { ParsedLine } from '../server/parser/parse.js';

const FOLDS = 5;
const EPOCHS = 12;
const FIELDS: Field[] = ['quantity', 'unit', 'food', 'note', 'all'];

function sequenceOf(line: LabelledLine): TrainingSequence {
  const tokens = tokenize(line.input);
  const features = lineFeatures(tokens);
  return { length: tokens.length, gold: alignTags(line, tokens), featuresAt: features.featuresAt, fixed: features.fixed };
}

function train(lines: readonly LabelledLine[]): TaggerModel {
  return trainTagger(TAGS, lines.map(sequenceOf), EPOCHS, 7);
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(9);
const row = (label: string, report: Pick<ScoreReport, 'accuracy' | 'lines'>) =>
  `${label.padEnd(22)}${String(report.lines).padStart(6)}${FIELDS.map((field) => percent(report.accuracy[field])).join('')}`;

/** Food names of the import pages' ingredient lines and the plain-text migrations, read by the rule parser. */
function seedFoods(): CatalogueFood[] {
  const names = new Set<string>();
  const add = (line: string) => {
    const food = parseIngredientLine(line).food;
    if (food && food.length <= 60) names.add(food.toLowerCase());
  };
  const pages = join(SHARED_DATA_DIR, 'import-pages');
  if (existsSync(pages)) {
    for (const site of readdirSync(pages, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      for (const file of readdirSync(join(pages, site.name)).filter((name) => name.endsWith('.json'))) {
        const expected = JSON.parse(readFileSync(join(pages, site.name, file), 'utf8')) as { ingredients?: string[] };
        for (const line of expected.ingredients ?? []) add(line);
      }
    }
  }
  const myRecipeBox = join(SHARED_DATA_DIR, 'migrations/myrecipebox.csv');
  if (existsSync(myRecipeBox)) {
    const [header, ...rows] = parseCsv(readFileSync(myRecipeBox, 'utf8'));
    const column = header.findIndex((name) => /ingredient/i.test(name));
    if (column >= 0) for (const cells of rows) for (const line of (cells[column] ?? '').split(/\r?\n/)) if (line.trim()) add(line);
  }
  const backups = join(SHARED_DATA_DIR, 'backups');
  void backups; // backup zips hold their own food tables; reading zips is left to the import code
  return [...names].sort().map((name, index) => ({ id: `seed-${index}`, name }));
}

interface LinkCount {
  linked: number;
  wrong: number;
  lines: number;
  examples: string[];
}

/** Lines whose parsed food links to a catalogue food, and those linked to a food that is not theirs. */
function wrongLinks(lines: readonly LabelledLine[], parse: (line: string) => ParsedLine, foods: readonly CatalogueFood[], linkConfidence = 0): LinkCount {
  const matcher = createCatalogueMatcher({ foods, units: [] });
  // right when the link is the food the labelled name itself links to, or a name equal to it up to plurals
  const same = (linkedId: string, a: string, b: string) => {
    const labelled = matcher.match({ food: b, unit: null }).food;
    if (labelled && 'id' in labelled) return labelled.id === linkedId;
    return normalizeWords(a).join(' ') === normalizeWords(b).join(' ');
  };
  const count: LinkCount = { linked: 0, wrong: 0, lines: lines.length, examples: [] };
  for (const line of lines) {
    const parsed = parse(line.input);
    // the server's own policy: longer readings first, and no link below the confidence threshold
    const sure = parsed.confidence.food >= linkConfidence ? 1 : 0;
    const match = matcher.match({ food: parsed.food, unit: null, alternatives: parsed.alternatives, splitQualifier: parsed.splitQualifier, linkConfidence: linkConfidence > 0 ? sure : null });
    if (!match.food || !('id' in match.food)) continue;
    count.linked++;
    if (!same(match.food.id, match.food.name, line.name)) {
      count.wrong++;
      if (count.examples.length < (process.argv.includes('--show-links') ? 1000 : 8)) count.examples.push(`${line.input}  →  "${match.food.name}" (label "${line.name}")`);
    }
  }
  return count;
}

function mean(reports: ScoreReport[]): Pick<ScoreReport, 'accuracy' | 'lines'> {
  const lines = reports.reduce((sum, report) => sum + report.lines, 0);
  const accuracy = Object.fromEntries(
    (['quantity', 'unit', 'unitStrict', 'food', 'note', 'all'] as Field[]).map((field) => [
      field,
      reports.reduce((sum, report) => sum + report.accuracy[field] * report.lines, 0) / lines,
    ]),
  ) as Record<Field, number>;
  return { lines, accuracy };
}

function main(): void {
  const args = process.argv.slice(2);
  if (!existsSync(DEFAULT_PARSER_DEV_DIR)) {
    console.error(`parser-dev data not found at ${DEFAULT_PARSER_DEV_DIR} (set HEARTH_SHARED_DIR or PARSER_DEV_DIR)`);
    process.exitCode = 1;
    return;
  }
  const lines = loadLabelledLines(DEFAULT_PARSER_DEV_DIR);
  const foods = seedFoods();
  console.log(`${lines.length} labelled lines; ${FOLDS}-fold cross-validation (fold = line index mod ${FOLDS}); ${foods.length} seeded foods\n`);
  console.log(`${'fold / parser'.padEnd(22)}${'lines'.padStart(6)}${FIELDS.map((field) => field.padStart(9)).join('')}`);

  const tagged: ScoreReport[] = [];
  const rules: ScoreReport[] = [];
  const thresholds = [...new Set([0, 0.5, 0.7, LINK_CONFIDENCE, 0.9, 0.95])].sort();
  const emptyCount = (): LinkCount => ({ linked: 0, wrong: 0, lines: 0, examples: [] });
  const links = new Map<string, LinkCount>();
  const addLinks = (name: string, count: LinkCount) => {
    const total = links.get(name) ?? emptyCount();
    total.linked += count.linked;
    total.wrong += count.wrong;
    total.lines += count.lines;
    total.examples.push(...count.examples.slice(0, process.argv.includes('--show-links') ? 1000 : 2));
    links.set(name, total);
  };
  const failuresAt = args.indexOf('--failures');
  const foldsToRun = args.includes('--folds') ? Number(args[args.indexOf('--folds') + 1]) : FOLDS;
  for (let fold = 0; fold < foldsToRun; fold++) {
    const test = lines.filter((_, index) => index % FOLDS === fold);
    const model = train(lines.filter((_, index) => index % FOLDS !== fold));
    const parse = (input: string) => parseWithModel(model, input);
    const taggedReport = scoreLines(test, parse);
    const rulesReport = scoreLines(test);
    tagged.push(taggedReport);
    rules.push(rulesReport);
    console.log(row(`${fold + 1} tagger`, taggedReport));
    console.log(row(`${fold + 1} rules (not held out)`, rulesReport));
    for (const threshold of thresholds) addLinks(`tagger, food confidence ≥ ${threshold}`, wrongLinks(test, parse, foods, threshold));
    addLinks('rules', wrongLinks(test, parseIngredientLine, foods));
    if (fold === 0 && failuresAt >= 0) {
      const field = (args[failuresAt + 1] ?? 'all') as Field;
      const limit = Number(args[failuresAt + 2] ?? 20);
      for (const { line, parsed } of taggedReport.scores.filter((score) => !score.correct[field]).slice(0, limit)) {
        console.log(
          `  ${line.input}\n    expected q=${line.quantity} u=${line.unit} food=${line.name}\n    got      q=${parsed.quantity} u=${parsed.unit}(${parsed.unitCanonical}) food=${parsed.food} note=${parsed.note}`,
        );
      }
    }
  }
  console.log(`\n${row('tagger, cross-validated', mean(tagged))}`);
  console.log(row('rules, same folds', mean(rules)));
  console.log(`(the server links a food only when the tagger's food confidence is ≥ ${LINK_CONFIDENCE})`);
  for (const [name, count] of links) {
    console.log(
      `wrong links (${name}): ${count.wrong} of ${count.lines} lines = ${((100 * count.wrong) / count.lines).toFixed(2)}% ` +
        `(${count.linked} lines linked; ${((100 * count.wrong) / Math.max(1, count.linked)).toFixed(2)}% of linked lines)`,
    );
    if (name.endsWith(`≥ ${LINK_CONFIDENCE}`) || name === 'rules') for (const example of count.examples.slice(0, args.includes('--show-links') ? 1000 : 6)) console.log(`    ${example}`);
  }

  if (args.includes('--cv-only')) return;
  const file = toModelFile(train(lines));
  writeFileSync(MODEL_PATH, `${JSON.stringify(file)}\n`);
  console.log(`\nmodel: ${Object.keys(file.weights).length} features → ${MODEL_PATH}`);
}

main();
