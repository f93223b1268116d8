import type { ReadPlanEntry } from '../../api/mealplans';

/** What a toolbar action of the planner is given: the shown range and its entries. */
export interface PlannerActionProps {
  /** First and last shown day, yyyy-MM-dd, inclusive. */
  start: string;
  end: string;
  entries: ReadPlanEntry[];
}
