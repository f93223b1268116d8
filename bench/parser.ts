/**
 * Prints the parser's accuracy on the parser-dev data set.
 *
 *   npx tsx bench/parser.ts                      # numbers for all / development / held-out lines
 *   npx tsx bench/parser.ts --failures food 30   # 30 failing development lines for one field
 *   npx tsx bench/parser.ts --brute              # the same numbers for the brute parser
 *
 * Failures are only ever listed from the development split so the held-out lines stay unseen.
 * PARSER_DEV_DIR overrides the data folder.
 */

import { existsSync } from 'node:fs';
import { parseIngredientBrute } from '../server/parser/brute.js';
import { DEFAULT_PARSER_DEV_DIR, scoreParserDev, type Field, type ScoreReport } from '../server/parser/score.js';

const FIELDS: Field[] = ['quantity', 'unit', 'unitStrict', 'food', 'note', 'all'];

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`.padStart(11);
}

function row(label: string, report: ScoreReport): string {
  return `${label.padEnd(12)}${String(report.lines).padStart(6)}${FIELDS.map((field) => percent(report.accuracy[field])).join('')}${report.meanNoteF1.toFixed(3).padStart(9)}`;
}

function main(): void {
  const args = process.argv.slice(2);
  if (!existsSync(DEFAULT_PARSER_DEV_DIR)) {
    console.error(`parser-dev data not found at ${DEFAULT_PARSER_DEV_DIR} (set PARSER_DEV_DIR)`);
    process.exitCode = 1;
    return;
  }
  const useBrute = args.includes('--brute');
  const report = scoreParserDev(DEFAULT_PARSER_DEV_DIR, useBrute ? parseIngredientBrute : undefined);
  console.log(`${useBrute ? 'brute' : 'nlp'} parser on ${DEFAULT_PARSER_DEV_DIR}`);
  console.log(`${'split'.padEnd(12)}${'lines'.padStart(6)}${FIELDS.map((field) => field.padStart(11)).join('')}${'note F1'.padStart(9)}`);
  console.log(row('all', report.all));
  console.log(row('development', report.development));
  console.log(row('held-out', report.heldOut));

  const failuresAt = args.indexOf('--failures');
  if (failuresAt >= 0) {
    const requested = args[failuresAt + 1] ?? 'all';
    const field = FIELDS.find((candidate) => candidate === requested) ?? 'all';
    const count = Number(args[failuresAt + 2] ?? 20);
    const failures = report.development.scores.filter((score) => !score.correct[field]).slice(0, count);
    for (const { line, parsed } of failures) {
      console.log(
        `\n${line.input}\n  expected q=${line.quantity} u=${line.unit} food=${line.name} note=${[line.size, line.preparation, line.comment, line.purpose].filter(Boolean).join(' | ')}` +
          `\n  got      q=${parsed.quantity} u=${parsed.unit}(${parsed.unitCanonical}) food=${parsed.food} note=${parsed.note}`,
      );
    }
  }
}

main();
