import type { CreatePlanEntry, CreateRandomEntry, PlanRulesCreate, PlanRulesOut, ReadPlanEntry, UpdatePlanEntry } from '../../../contract/mealplans';
import { ROUTES } from '../../../contract/route-table';
import { call } from './client';

export type { CreatePlanEntry, PlanRulesCreate, PlanRulesOut, ReadPlanEntry, UpdatePlanEntry };

/** The household's meal plans (GET/POST/PUT/DELETE /api/households/mealplans) and their rules. */
export const mealplanApi = {
  range: (start: string, end: string) => call(ROUTES.mealplans, { query: { start_date: start, end_date: end, perPage: -1 } }),
  today: () => call(ROUTES.mealplansToday),
  // The caller decides what the answer means (success only on 201, spec §5): no automatic toasts.
  create: (body: Partial<CreatePlanEntry> & { date: string }) => call(ROUTES.mealplanCreate, { json: body, toasts: false }),
  update: (id: number, body: UpdatePlanEntry, toasts = true) => call(ROUTES.mealplanUpdate, { params: { item_id: id }, json: body, toasts }),
  remove: (id: number) => call(ROUTES.mealplanDelete, { params: { item_id: id } }),
  random: (body: CreateRandomEntry) => call(ROUTES.mealplanRandom, { json: body }),
  rules: () => call(ROUTES.mealplanRules, { query: { perPage: -1 } }),
  createRule: (body: PlanRulesCreate) => call(ROUTES.mealplanRuleCreate, { json: body }),
  updateRule: (id: string, body: PlanRulesCreate) => call(ROUTES.mealplanRuleUpdate, { params: { item_id: id }, json: body }),
  removeRule: (id: string) => call(ROUTES.mealplanRuleDelete, { params: { item_id: id } }),
  /** The household's preferences (firstDayOfWeek decides the planner's weeks). */
  preferences: () => call(ROUTES.householdPreferences),
};
