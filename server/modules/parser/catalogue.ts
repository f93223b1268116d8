import type { FoodOut, UnitOut } from '../../../contract/foods.js';
import { bool } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import type { Catalogue, CatalogueFood, CatalogueUnit } from '../../parser/index.js';
import { loadFoodsOut } from '../foods/repo.js';
import { loadUnitsOut } from '../units/repo.js';

/**
 * The group's foods and units as the matcher needs them (names, plurals, abbreviations, aliases):
 * four queries, whatever the size of the catalogue.
 */
export async function loadMatchingCatalogue(deps: Deps, groupId: string): Promise<Catalogue> {
  const [foods, foodAliases, units, unitAliases] = await Promise.all([
    deps.db.selectFrom('ingredient_foods').select(['id', 'name', 'plural_name']).where('group_id', '=', groupId).orderBy('created_at').orderBy('id').execute(),
    deps.db
      .selectFrom('ingredient_foods_aliases as a')
      .innerJoin('ingredient_foods as f', 'f.id', 'a.food_id')
      .select(['a.food_id', 'a.name'])
      .where('f.group_id', '=', groupId)
      .execute(),
    deps.db
      .selectFrom('ingredient_units')
      .select(['id', 'name', 'plural_name', 'abbreviation', 'plural_abbreviation', 'use_abbreviation'])
      .where('group_id', '=', groupId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('ingredient_units_aliases as a')
      .innerJoin('ingredient_units as u', 'u.id', 'a.unit_id')
      .select(['a.unit_id', 'a.name'])
      .where('u.group_id', '=', groupId)
      .execute(),
  ]);
  const aliasesOf = <K extends string>(rows: Array<Record<K, string> & { name: string }>, key: K) => {
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row[key], [...(map.get(row[key]) ?? []), row.name]);
    return map;
  };
  const foodAliasMap = aliasesOf(foodAliases, 'food_id');
  const unitAliasMap = aliasesOf(unitAliases, 'unit_id');
  return {
    foods: foods.map((f): CatalogueFood => ({ id: f.id, name: f.name, pluralName: f.plural_name, aliases: foodAliasMap.get(f.id) ?? [] })),
    units: units.map(
      (u): CatalogueUnit => ({
        id: u.id,
        name: u.name,
        pluralName: u.plural_name,
        abbreviation: u.abbreviation,
        pluralAbbreviation: u.plural_abbreviation,
        useAbbreviation: bool(u.use_abbreviation),
        aliases: unitAliasMap.get(u.id) ?? [],
      }),
    ),
  };
}

/** The full IngredientFood / IngredientUnit outputs of the matched ids (five queries at most). */
export async function loadMatchedItems(
  deps: Deps,
  scope: { groupId: string; householdId: string },
  foodIds: string[],
  unitIds: string[],
): Promise<{ foods: Map<string, FoodOut>; units: Map<string, UnitOut> }> {
  const [foods, units] = await Promise.all([
    loadFoodsOut(deps.db, scope.groupId, foodIds, scope.householdId),
    loadUnitsOut(deps.db, scope.groupId, unitIds),
  ]);
  return { foods: new Map(foods.map((f) => [f.id, f])), units: new Map(units.map((u) => [u.id, u])) };
}
