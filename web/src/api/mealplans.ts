import type { Paginated } from '../../../contract/common';
import type { CreatePlanEntry, CreateRandomEntry, PlanRulesCreate, PlanRulesOut, ReadPlanEntry, UpdatePlanEntry } from '../../../contract/mealplans';
import { api } from './client';
import { API, apiPath } from '../../../contract/routes';

export type { CreatePlanEntry, PlanRulesCreate, PlanRulesOut, ReadPlanEntry, UpdatePlanEntry };

/** The household's meal plans (GET/POST/PUT/DELETE /api/households/mealplans) and their rules. */
export const mealplanApi = {
  range: (start: string, end: string) =>
    api.get<Paginated<ReadPlanEntry>>(API.householdsMealplans, { query: { start_date: start, end_date: end, perPage: -1 } }),
  today: () => api.get<ReadPlanEntry[]>(API.householdsMealplansToday),
  // The caller decides what the answer means (success only on 201, spec §5): no automatic toasts.
  create: (body: Partial<CreatePlanEntry> & { date: string }) => api.post<ReadPlanEntry>(API.householdsMealplans, { json: body, toasts: false }),
  update: (id: number, body: UpdatePlanEntry) => api.put<ReadPlanEntry>(apiPath(API.householdsMealplansByItemId, { item_id: id }), { json: body }),
  remove: (id: number) => api.delete<ReadPlanEntry>(apiPath(API.householdsMealplansByItemId, { item_id: id })),
  random: (body: CreateRandomEntry) => api.post<ReadPlanEntry>(API.householdsMealplansRandom, { json: body }),
  rules: () => api.get<Paginated<PlanRulesOut>>(API.householdsMealplansRules, { query: { perPage: -1 } }),
  createRule: (body: PlanRulesCreate) => api.post<PlanRulesOut>(API.householdsMealplansRules, { json: body }),
  updateRule: (id: string, body: PlanRulesCreate) => api.put<PlanRulesOut>(apiPath(API.householdsMealplansRulesByItemId, { item_id: id }), { json: body }),
  removeRule: (id: string) => api.delete<PlanRulesOut>(apiPath(API.householdsMealplansRulesByItemId, { item_id: id })),
  /** The household's preferences (firstDayOfWeek decides the planner's weeks). */
  preferences: () => api.get<{ firstDayOfWeek: number }>(API.householdsPreferences),
};
