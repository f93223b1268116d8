import type { ComponentType } from 'react';
import type { ReadPlanEntry } from '../../api/mealplans';

/** What a toolbar action of the planner is given: the shown range and its entries. */
export interface PlannerActionProps {
  /** First and last shown day, yyyy-MM-dd, inclusive. */
  start: string;
  end: string;
  entries: ReadPlanEntry[];
}

/**
 * Extra buttons in the meal planner's toolbar, rendered in this order after the planner's own. Another area
 * adds one by appending its component here (e.g. the shopping lists' "add this week's recipes to a list"),
 * without touching the planner itself.
 */
export const plannerActions: ComponentType<PlannerActionProps>[] = [];
