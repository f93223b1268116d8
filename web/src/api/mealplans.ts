import type { Paginated } from '../../../contract/common';
import type { CreatePlanEntry, CreateRandomEntry, PlanRulesCreate, PlanRulesOut, ReadPlanEntry, UpdatePlanEntry } from '../../../contract/mealplans';
import { api } from './client';

export type { CreatePlanEntry, PlanRulesCreate, PlanRulesOut, ReadPlanEntry, UpdatePlanEntry };

/** The household's meal plans (GET/POST/PUT/DELETE /api/households/mealplans) and their rules. */
export const mealplanApi = {
  range: (start: string, end: string) =>
    api.get<Paginated<ReadPlanEntry>>('/api/households/mealplans', { query: { start_date: start, end_date: end, perPage: -1 } }),
  today: () => api.get<ReadPlanEntry[]>('/api/households/mealplans/today'),
  // The caller decides what the answer means (success only on 201, spec §5): no automatic toasts.
  create: (body: Partial<CreatePlanEntry> & { date: string }) => api.post<ReadPlanEntry>('/api/households/mealplans', { json: body, toasts: false }),
  update: (id: number, body: UpdatePlanEntry) => api.put<ReadPlanEntry>(`/api/households/mealplans/${id}`, { json: body }),
  remove: (id: number) => api.delete<ReadPlanEntry>(`/api/households/mealplans/${id}`),
  random: (body: CreateRandomEntry) => api.post<ReadPlanEntry>('/api/households/mealplans/random', { json: body }),
  rules: () => api.get<Paginated<PlanRulesOut>>('/api/households/mealplans/rules', { query: { perPage: -1 } }),
  createRule: (body: PlanRulesCreate) => api.post<PlanRulesOut>('/api/households/mealplans/rules', { json: body }),
  updateRule: (id: string, body: PlanRulesCreate) => api.put<PlanRulesOut>(`/api/households/mealplans/rules/${id}`, { json: body }),
  removeRule: (id: string) => api.delete<PlanRulesOut>(`/api/households/mealplans/rules/${id}`),
  /** The household's preferences (firstDayOfWeek decides the planner's weeks). */
  preferences: () => api.get<{ firstDayOfWeek: number }>('/api/households/preferences'),
};
