import { z } from 'zod';
import type { Config } from '../../config.js';
import { canonicalUnit, parseIngredientLine, type ParsedLine } from '../../parser/index.js';
import { HttpError } from '../../platform/errors.js';
import { chatJson, requireOpenAi } from '../recipe-import/openai.js';

/** The "openai" ingredient parser: the lines go to the configured chat model, which splits each one. */

const PROMPT = [
  'You split recipe ingredient lines into their parts.',
  'Answer with one JSON object {"ingredients": [...]} holding one item per input line, in the same order:',
  '{"input": the line as given, "quantity": a number or null, "unit": the unit as written or null,',
  '"food": the ingredient itself or null, "note": anything else (preparation, size, comments) or null}.',
  'Write fractions as decimal numbers. Do not invent lines.',
].join(' ');

const amount = z.union([z.number(), z.string(), z.null()]).optional();
const text = z.union([z.string(), z.null()]).optional();
const answerSchema = z.object({
  ingredients: z.array(z.object({ input: text, quantity: amount, unit: text, food: text, note: text })),
});

function toNumber(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  return parseIngredientLine(value).quantity;
}

const clean = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null);

export async function parseWithOpenAi(config: Config, lines: string[]): Promise<ParsedLine[]> {
  requireOpenAi(config);
  if (lines.length === 0) return [];
  const answer = answerSchema.safeParse(
    await chatJson(config, [
      { role: 'system', content: PROMPT },
      { role: 'user', content: JSON.stringify(lines) },
    ]),
  );
  if (!answer.success) throw new HttpError(502, 'parser.openai-service-did-not-answer-with-a');
  return lines.map((line, index): ParsedLine => {
    const item = answer.data.ingredients[index];
    // A line the model skipped is still answered, by the local parser.
    if (!item) return parseIngredientLine(line);
    const unit = clean(item.unit);
    return {
      input: line,
      quantity: toNumber(item.quantity),
      unit,
      unitCanonical: unit ? (canonicalUnit(unit)?.canonical ?? null) : null,
      food: clean(item.food),
      note: clean(item.note),
      confidence: { average: 0, quantity: 0, unit: 0, food: 0, comment: 0 },
    };
  });
}
