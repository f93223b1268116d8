import type { AiDraft } from '../../api/ocr';
import type { ReviewRow } from '../../components/recipe/editor/parsedIngredients';
import { applyReview } from '../../components/recipe/editor/parsedIngredients';
import { emptyIngredient, emptyInstruction, toFormValues, toRecipeInput } from '../../lib/recipe/recipeForm';
import type { RecipeInput } from '../../../../contract/recipes';
import { toIngredientLines, toParagraph, toShortText, toSteps, type SelectedLine } from './assemble';

/** The fields the OCR editor fills: the short ones as the AI draft names them, lists as text with one item per line / paragraph. */
export type OcrFields = Pick<AiDraft, 'name' | 'description' | 'recipeYield' | 'prepTime' | 'cookTime' | 'totalTime'> & {
  /** One ingredient per line. */
  ingredients: string;
  /** Steps separated by a blank line. */
  instructions: string;
  /** Notes separated by a blank line. */
  notes: string;
};

export type FieldKey = keyof OcrFields;

export const FIELD_KEYS: FieldKey[] = ['name', 'description', 'recipeYield', 'prepTime', 'cookTime', 'totalTime', 'ingredients', 'instructions', 'notes'];

export const EMPTY_FIELDS: OcrFields = { name: '', description: '', recipeYield: '', prepTime: '', cookTime: '', totalTime: '', ingredients: '', instructions: '', notes: '' };

const appendLines = (current: string, items: string[], separator: string) => [current.trim(), ...items].filter(Boolean).join(separator);

/** The fields after sending the selected lines to one of them: short fields are replaced, the others grow. */
export function sendTo(fields: OcrFields, key: FieldKey, lines: readonly SelectedLine[]): OcrFields {
  switch (key) {
    case 'ingredients':
      return { ...fields, ingredients: appendLines(fields.ingredients, toIngredientLines(lines), '\n') };
    case 'instructions':
      return { ...fields, instructions: appendLines(fields.instructions, toSteps(lines), '\n\n') };
    case 'notes':
      return { ...fields, notes: appendLines(fields.notes, [toParagraph(lines)], '\n\n') };
    case 'description':
      return { ...fields, description: appendLines(fields.description, [toParagraph(lines)], ' ') };
    default:
      return { ...fields, [key]: toShortText(lines) };
  }
}

export function fromAiDraft(draft: AiDraft): OcrFields {
  return {
    name: draft.name,
    description: draft.description,
    recipeYield: draft.recipeYield,
    prepTime: draft.prepTime,
    cookTime: draft.cookTime,
    totalTime: draft.totalTime,
    ingredients: draft.recipeIngredient.join('\n'),
    instructions: draft.recipeInstructions.join('\n\n'),
    notes: draft.notes.join('\n\n'),
  };
}

export const ingredientLines = (fields: OcrFields) => fields.ingredients.split('\n').map((l) => l.trim()).filter(Boolean);
const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean);

/**
 * The recipe to save: the reviewed ingredients (parsed amounts on, so they scale), one step per paragraph,
 * notes, and servings from the yield's first number. For an existing recipe only the filled fields.
 */
export function toRecipe(fields: OcrFields, rows: readonly ReviewRow[] | null, partial: boolean): RecipeInput {
  const values = toFormValues({ name: fields.name.trim() });
  const lines = ingredientLines(fields);
  values.description = fields.description.trim();
  values.recipeYield = fields.recipeYield.trim();
  const servings = /\d+(?:[.,]\d+)?/.exec(fields.recipeYield)?.[0];
  if (servings) values.recipeServings = servings.replace(',', '.');
  values.prepTime = fields.prepTime.trim();
  values.cookTime = fields.cookTime.trim();
  values.totalTime = fields.totalTime.trim();
  const plain = lines.map((line) => ({ ...emptyIngredient(), note: line, originalText: line }));
  values.recipeIngredient = rows ? applyReview(plain, rows) : plain;
  values.settings = { ...values.settings, disableAmount: !rows || rows.length === 0 };
  values.recipeInstructions = paragraphs(fields.instructions).map((text) => ({ ...emptyInstruction(), text }));
  values.notes = paragraphs(fields.notes).map((text) => ({ title: '', text }));
  const input = toRecipeInput(values);
  if (!partial) return input;
  const out: RecipeInput = { name: input.name };
  if (values.description) out.description = input.description;
  if (values.recipeYield) Object.assign(out, { recipeYield: input.recipeYield, recipeServings: input.recipeServings });
  if (values.prepTime) out.prepTime = input.prepTime;
  if (values.cookTime) out.cookTime = input.cookTime;
  if (values.totalTime) out.totalTime = input.totalTime;
  if (lines.length) Object.assign(out, { recipeIngredient: input.recipeIngredient, settings: { disableAmount: values.settings.disableAmount } });
  if (values.recipeInstructions.length) out.recipeInstructions = input.recipeInstructions;
  if (values.notes.length) out.notes = input.notes;
  return out;
}
