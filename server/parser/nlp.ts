/**
 * The "nlp" parser of POST /api/parser/ingredient(s): the learned tagger (server/parser/tagger, model
 * built by scripts/train-parser.ts) with the number and unit rules; the rule-based reader when the
 * model file is missing.
 */

import { parseIngredientLine, type ParsedLine } from './parse.js';
import { defaultModel, parseWithModel } from './tagger/tagged-parse.js';

export function parseIngredientNlp(line: string): ParsedLine {
  const model = defaultModel();
  return model ? parseWithModel(model, line) : parseIngredientLine(line);
}
