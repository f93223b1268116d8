import type { FoodIn } from '../../../contract/foods.js';
import { exactReferenceFor } from '../../food/synonyms.js';
import { labelKeyForGroup, ownNutritionJson, seedLabelKeyOfName } from '../../food/links.js';
import { referenceFood } from '../../food/reference.js';
import { badRequest } from '../../platform/errors.js';
import { loadSeedLabels, SEED_LOCALES } from '../../seed/index.js';
import type { Executor } from './repo.js';

/** Every seed locale's label names with their key, read once. */
function allSeedLabels() {
  return SEED_LOCALES.flatMap((locale) => loadSeedLabels(locale));
}

/** The reference food id a body names (checked), null to unlink, undefined when absent. */
export function referenceIdIn(input: Pick<FoodIn, 'referenceFoodId'>): string | null | undefined {
  if (input.referenceFoodId === undefined) return undefined;
  if (input.referenceFoodId === null || input.referenceFoodId === '') return null;
  if (!referenceFood(input.referenceFoodId)) throw badRequest('foods.reference-food-not-found');
  return input.referenceFoodId;
}

/** A new food's link: the one asked for, else an exact-name match (never a guess). */
export function initialReferenceId(input: Pick<FoodIn, 'referenceFoodId' | 'name' | 'pluralName'>): string | null {
  const asked = referenceIdIn(input);
  if (asked !== undefined) return asked;
  return exactReferenceFor(input.name, input.pluralName)?.id ?? null;
}

/** The group's label a reference food shops under by default (its food group's aisle), if the group has it. */
export async function defaultLabelId(db: Executor, groupId: string, referenceId: string | null | undefined): Promise<string | null> {
  const wanted = labelKeyForGroup(referenceFood(referenceId)?.groupCode);
  if (!wanted) return null;
  const labels = await db.selectFrom('multi_purpose_labels').select(['id', 'name']).where('group_id', '=', groupId).orderBy('created_at').execute();
  return labels.find((label) => seedLabelKeyOfName(label.name, allSeedLabels) === wanted)?.id ?? null;
}

/** Columns for the user's own values; absent fields are left out (kept on update). */
export function ownValueColumns(input: Pick<FoodIn, 'density' | 'pieceWeight' | 'nutritionPer100g'>) {
  return {
    ...(input.density !== undefined ? { density: input.density ?? null } : {}),
    ...(input.pieceWeight !== undefined ? { piece_grams: input.pieceWeight ?? null } : {}),
    ...(input.nutritionPer100g !== undefined ? { nutrition_per_100g: ownNutritionJson(input.nutritionPer100g) } : {}),
  };
}
