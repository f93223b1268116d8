import { toGrams, type FoodPhysics } from '../../food/amounts.js';
import { physicsOf } from '../../food/links.js';
import { knownUnit, preferredUnit, type KnownUnit, type UnitKind, type UnitNames, type UnitSystem, unitSystemOf } from '../../food/units.js';
import { conversionRows, type Executor, type GroupFoodRow, type Scope } from './repo.js';

/**
 * Merging amounts of one food written in different units (issue 37): "1 cup flour" and "200 g flour" are
 * one line. Mass and mass, volume and volume always add; across kinds (volume, pieces, a named measure
 * such as "stick") only through the food's own density or piece weight (the user's, or its USDA measures),
 * and the sum is in grams then. Nothing is guessed: without a conversion the lines stay apart.
 * The total is written in a unit of the group that the household's system prefers (metric g/kg, ml/l;
 * US oz/lb, tsp/tbsp/cup; imperial oz/lb, fl oz/pint), else in one of the two units already in play.
 */

export interface Amount {
  quantity: number;
  unitId: string | null;
}

export interface Merged {
  unitId: string;
  quantity: number;
  /** Multiply the target's old quantities (its recipe references) by this to have them in the new unit. */
  targetFactor: number;
  /** The same for the incoming amount. */
  incomingFactor: number;
}

export interface Converter {
  merge(foodId: string, target: Amount, incoming: Amount): Merged | undefined;
  /** "1 cup", "200 g", "2": how the line says what it was merged from. */
  text(amount: Amount): string;
}

type GroupUnit = UnitNames & { id: string; known: KnownUnit | undefined; label: string };

const fitsSystem = (unit: KnownUnit, system: UnitSystem) => unit.system === system || (unit.system === 'any' && system !== 'metric');

function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A converter for the foods the caller has read (their physics), with the group's units and the household's system. */
export async function loadConverter(db: Executor, scope: Scope, foodRows: Iterable<GroupFoodRow>): Promise<Converter> {
  const rows = await conversionRows(db, scope);
  const system = unitSystemOf(rows.unitSystem);
  const foods = new Map<string, FoodPhysics>([...foodRows].map((row) => [row.id, physicsOf(row)]));
  const aliases = new Map<string, Array<{ name: string }>>();
  for (const alias of rows.aliases) aliases.set(alias.unit_id, [...(aliases.get(alias.unit_id) ?? []), { name: alias.name }]);
  const units = new Map<string, GroupUnit>();
  for (const row of rows.units) {
    const names: UnitNames = { name: row.name, pluralName: row.plural_name, abbreviation: row.abbreviation, pluralAbbreviation: row.plural_abbreviation, aliases: aliases.get(row.id) ?? [] };
    units.set(row.id, { ...names, id: row.id, known: knownUnit(names), label: row.abbreviation || row.name });
  }

  /** The group's unit to write a total of this kind in: the household's preferred one, else one in play. */
  function unitFor(kind: UnitKind, base: number, inPlay: Array<GroupUnit | null>): GroupUnit | undefined {
    const want = preferredUnit(kind, base, system);
    const playing = inPlay.filter((unit): unit is GroupUnit => unit?.known?.kind === kind);
    return (
      playing.find((unit) => unit.known!.key === want.key) ??
      [...units.values()].find((unit) => unit.known?.key === want.key) ??
      playing.find((unit) => fitsSystem(unit.known!, system)) ??
      playing[0]
    );
  }

  return {
    merge(foodId, target, incoming) {
      if (!(target.quantity > 0) || !(incoming.quantity > 0)) return undefined;
      const physics = foods.get(foodId);
      const targetUnit = target.unitId ? units.get(target.unitId) : null;
      const incomingUnit = incoming.unitId ? units.get(incoming.unitId) : null;
      if (!physics || targetUnit === undefined || incomingUnit === undefined) return undefined;
      let kind: UnitKind;
      let targetBase: number;
      let incomingBase: number;
      if (targetUnit?.known && incomingUnit?.known && targetUnit.known.kind === incomingUnit.known.kind) {
        kind = targetUnit.known.kind;
        targetBase = target.quantity * targetUnit.known.size;
        incomingBase = incoming.quantity * incomingUnit.known.size;
      } else {
        const a = toGrams(target.quantity, targetUnit, physics);
        const b = toGrams(incoming.quantity, incomingUnit, physics);
        if (!a || !b) return undefined;
        kind = 'mass';
        targetBase = a.grams;
        incomingBase = b.grams;
      }
      const unit = unitFor(kind, targetBase + incomingBase, [targetUnit, incomingUnit]);
      if (!unit?.known) return undefined;
      const size = unit.known.size;
      return {
        unitId: unit.id,
        quantity: (targetBase + incomingBase) / size,
        targetFactor: targetBase / size / target.quantity,
        incomingFactor: incomingBase / size / incoming.quantity,
      };
    },
    text(amount) {
      const unit = amount.unitId ? units.get(amount.unitId) : undefined;
      return unit ? `${formatNumber(amount.quantity)} ${unit.label}` : formatNumber(amount.quantity);
    },
  };
}
