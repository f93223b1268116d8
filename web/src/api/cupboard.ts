import type { FoodEquivalentsOut, MadeItIn, MadeItOptions, MadeItOut, PlanNutritionDay, PlanNutritionOut } from '../../../contract/cupboard';
import { ROUTES } from '../../../contract/route-table';
import { call } from './client';

export type { FoodEquivalentsOut, MadeItIn, MadeItOptions, MadeItOut, PlanNutritionDay, PlanNutritionOut };

/** Hearth's cupboard loop (issue 37): the plan's nutrition per day, "I made this", interchangeable foods. */
export const cupboardApi = {
  planNutrition: (start: string, end: string) => call(ROUTES.planNutrition, { query: { start_date: start, end_date: end }, toasts: false }),
  madeItOptions: (slug: string) => call(ROUTES.madeItOptions, { params: { slug }, toasts: false }),
  /** Sent by the device's change queue, which names each tap with an Idempotency-Key and shows a refusal itself. */
  madeIt: (slug: string, body: MadeItIn, idempotencyKey: string) =>
    call(ROUTES.madeIt, { params: { slug }, json: body, headers: { 'Idempotency-Key': idempotencyKey }, toasts: false }),
  equivalents: (foodId: string) => call(ROUTES.foodEquivalents, { params: { item_id: foodId }, toasts: false }),
  setEquivalents: (foodId: string, foodIds: string[]) => call(ROUTES.foodEquivalentsUpdate, { params: { item_id: foodId }, json: { foodIds } }),
};
