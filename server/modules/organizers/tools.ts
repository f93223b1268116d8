import type { ToolIn, ToolOut } from '../../../contract/organizers.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import { toOrganizerOut, type Executor, type OrganizerRow } from './repo.js';

/** Who is asking: on-hand flags are answered and changed for the caller's household. */
export type HouseholdScope = Pick<AuthUser, 'groupId' | 'householdId' | 'householdSlug'>;

/** Household ids that have each tool, in one query. */
export async function loadToolHouseholds(db: Executor, toolIds: string[]): Promise<Map<string, string[]>> {
  const byTool = new Map<string, string[]>();
  if (toolIds.length === 0) return byTool;
  const rows = await db
    .selectFrom('households_to_tools')
    .select(['tool_id', 'household_id'])
    .where('tool_id', 'in', [...new Set(toolIds)])
    .orderBy('household_id')
    .execute();
  for (const row of rows) byTool.set(row.tool_id, [...(byTool.get(row.tool_id) ?? []), row.household_id]);
  return byTool;
}

export function toToolOut(row: OrganizerRow, households: string[], scope: HouseholdScope): ToolOut {
  return { ...toOrganizerOut(row), onHand: households.includes(scope.householdId), householdsWithTool: households };
}

/** Tools with their households: one query for the households whatever the number of tools. */
export async function toolsOut(db: Executor, rows: OrganizerRow[], scope: HouseholdScope): Promise<ToolOut[]> {
  const households = await loadToolHouseholds(db, rows.map((row) => row.id));
  return rows.map((row) => toToolOut(row, households.get(row.id) ?? [], scope));
}

/**
 * Whether the caller's household should have the item after a write: `onHand` when given, else
 * membership in the client's household list (ids or slugs), else `current`.
 */
export function wantedOnHand(
  input: { onHand?: boolean; households?: string[] | null },
  scope: HouseholdScope,
  current: boolean,
): boolean {
  if (input.onHand !== undefined) return input.onHand;
  if (input.households) return input.households.includes(scope.householdId) || input.households.includes(scope.householdSlug);
  return current;
}

export async function setToolOnHand(db: Executor, toolId: string, householdId: string, onHand: boolean): Promise<void> {
  await db.deleteFrom('households_to_tools').where('tool_id', '=', toolId).where('household_id', '=', householdId).execute();
  if (onHand) await db.insertInto('households_to_tools').values({ tool_id: toolId, household_id: householdId }).execute();
}

export function toolHouseholdsInput(input: ToolIn): { onHand?: boolean; households?: string[] | null } {
  return { onHand: input.onHand, households: input.householdsWithTool };
}
