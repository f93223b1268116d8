import { sql } from 'kysely';
import type { FoodRefInput, IngredientInput, UnitRefInput } from '../../../contract/recipes.js';
import { bool } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { normalizeText } from '../../platform/slug.js';
import { resolveFoods, resolveUnits } from '../recipes/references.js';
import { lineNeedsParsing, withParsedIngredientsMany } from './parse-on-import.js';

/*
 * A Mealie backup's plain-text ingredient lines, read after its restore by the same parser and rules as an
 * import, so its recipes scale and convert at once. Part of loading the data, not an edit: no events (no
 * notifier hears of hundreds of "updated" recipes), no new timestamps; the written text is kept as originalText.
 */

interface PlainLine {
  id: number | string;
  recipe_id: string;
  group_id: string;
  household_id: string;
  note: string;
  original_text: string | null;
  disable_amount: boolean;
}

/** Reads every plain-text line of every group; returns how many lines got an amount or a food. */
export async function parseRestoredIngredients(deps: Deps): Promise<number> {
  const rows = await deps.db
    .selectFrom('recipes_ingredients as i')
    .innerJoin('recipes as r', 'r.id', 'i.recipe_id')
    .select(['i.id', 'i.recipe_id', 'r.group_id', 'r.household_id', 'i.note', 'i.original_text', 'r.settings_disable_amount'])
    .where('i.food_id', 'is', null)
    .where('i.unit_id', 'is', null)
    // With amounts disabled a stored quantity means nothing (Mealie stores 1 for a line without one).
    .where((eb) => eb.or([eb('i.quantity', 'is', null), eb('i.quantity', '=', 0), eb('r.settings_disable_amount', '=', true)]))
    .where(sql<boolean>`trim(i.note) <> ''`)
    .orderBy('r.group_id')
    .orderBy('i.id')
    .execute();
  const byGroup = new Map<string, PlainLine[]>();
  for (const row of rows) {
    const line: PlainLine = { ...row, note: row.note ?? '', disable_amount: bool(row.settings_disable_amount) };
    byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), line]);
  }
  let structured = 0;
  for (const [groupId, lines] of byGroup) structured += await parseGroupLines(deps, groupId, lines);
  return structured;
}

async function parseGroupLines(deps: Deps, groupId: string, lines: PlainLine[]): Promise<number> {
  const inputs: IngredientInput[] = lines.map((line) => ({ quantity: null, unit: null, food: null, note: line.note, originalText: line.original_text }));
  const [parsed] = await withParsedIngredientsMany(deps, { groupId, householdId: lines[0].household_id }, [{ recipeIngredient: inputs }]);
  const after = parsed.recipeIngredient ?? [];
  const changed = lines.flatMap((line, i) => {
    const result = after[i];
    const scales = typeof result.quantity === 'number' && result.quantity > 0;
    return lineNeedsParsing(inputs[i]) && (result.food || scales) ? [{ line, result }] : [];
  });
  if (changed.length === 0) return 0;
  await deps.db.transaction().execute(async (trx) => {
    const scope = { db: trx, engine: deps.engine, groupId };
    const foods = await resolveFoods(scope, changed.flatMap(({ result }) => (result.food ? [result.food as FoodRefInput] : [])));
    const units = await resolveUnits(scope, changed.flatMap(({ result }) => (result.unit ? [result.unit as UnitRefInput] : [])));
    for (const { line, result } of changed) {
      const note = result.note ?? '';
      const originalText = result.originalText || line.original_text || line.note;
      await trx
        .updateTable('recipes_ingredients')
        .set({
          quantity: result.quantity ?? 0,
          unit_id: result.unit ? (units.get(result.unit as UnitRefInput) ?? null) : null,
          food_id: result.food ? (foods.get(result.food as FoodRefInput) ?? null) : null,
          note,
          original_text: originalText,
          note_normalized: normalizeText(note),
          original_text_normalized: normalizeText(originalText),
        })
        .where('id', '=', line.id as never)
        .execute();
    }
    // A recipe whose lines now carry amounts shows and scales them.
    const scaling = [...new Set(changed.filter(({ line, result }) => line.disable_amount && (result.quantity ?? 0) > 0).map(({ line }) => line.recipe_id))];
    for (const recipeId of scaling) await trx.updateTable('recipes').set({ settings_disable_amount: false }).where('id', '=', recipeId).execute();
  });
  return changed.length;
}
