import { z } from 'zod';
import { paginationQuery } from './common.js';
import { recipeSummary } from './recipes.js';
import { isCalendarDate, PLAN_ENTRY_TYPES, PLAN_RULE_DAYS, PLAN_RULE_TYPES } from './mealplan-dates.js';

/**
 * Meal plans on the wire, as Mealie's CreatePlanEntry / UpdatePlanEntry / ReadPlanEntry / CreateRandomEntry
 * and PlanRulesCreate / PlanRulesOut (mealie-openapi-shapes.json). Dates are plain calendar dates
 * (yyyy-MM-dd): no time zone ever moves an entry to another day.
 */

export * from './mealplan-dates.js';

export const planEntryType = z.enum(PLAN_ENTRY_TYPES);

/** A yyyy-MM-dd date; a datetime with a midnight time is read as its date (pydantic does the same). */
export const planDate = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T00:00(:00(\.0+)?)?Z?$/.test(value) ? value.slice(0, 10) : value),
  z.string().refine(isCalendarDate, { message: 'Input should be a valid date in the format YYYY-MM-DD' }),
);

const recipeId = z.guid().nullable().optional();

export const createPlanEntry = z.object({
  date: planDate,
  entryType: planEntryType.default('breakfast'),
  title: z.string().max(2000).default(''),
  text: z.string().max(20000).default(''),
  recipeId,
});
export type CreatePlanEntry = z.infer<typeof createPlanEntry>;

/** UpdatePlanEntry: Mealie requires id, groupId and userId in the body; they are accepted and ignored. */
export const updatePlanEntry = createPlanEntry.extend({
  id: z.number().int().optional(),
  groupId: z.string().max(200).optional(),
  userId: z.string().max(200).nullable().optional(),
  householdId: z.string().max(200).optional(),
  /**
   * Hearth: the entry's updatedAt as the client last read it. When given and the entry changed since (another
   * member moved or edited it), the update is refused with 409 and the newer entry stays: a move queued offline
   * never silently undoes someone else's. Without it the last write wins, as in Mealie.
   */
  updatedAt: z.string().max(64).nullable().optional(),
});
export type UpdatePlanEntry = z.infer<typeof updatePlanEntry>;

export const createRandomEntry = z.object({
  date: planDate,
  entryType: planEntryType.default('dinner'),
});
export type CreateRandomEntry = z.infer<typeof createRandomEntry>;

export const readPlanEntry = z.object({
  date: z.string(),
  entryType: planEntryType,
  title: z.string(),
  text: z.string(),
  recipeId: z.string().nullable(),
  id: z.number().int(),
  groupId: z.string(),
  userId: z.string().nullable(),
  householdId: z.string(),
  recipe: recipeSummary.nullable(),
  /** Hearth: when the entry last changed (sent back on an update to detect a concurrent change). */
  updatedAt: z.string().nullable().optional(),
});
export type ReadPlanEntry = z.infer<typeof readPlanEntry>;

export const planEntryIdParam = z.object({ item_id: z.coerce.number().int() });

/** GET /api/households/mealplans: Mealie's pagination plus an inclusive date range. */
export const planEntryListQuery = paginationQuery.extend({
  start_date: planDate.optional(),
  end_date: planDate.optional(),
});
export type PlanEntryListQuery = z.infer<typeof planEntryListQuery>;

export const planRulesCreate = z.object({
  day: z.enum(PLAN_RULE_DAYS).default('unset'),
  entryType: z.enum(PLAN_RULE_TYPES).default('unset'),
  queryFilterString: z.string().max(5000).default(''),
});
export type PlanRulesCreate = z.infer<typeof planRulesCreate>;

const relationalOperator = z.string();
export const queryFilterJson = z.object({
  parts: z.array(
    z.object({
      leftParenthesis: z.string().nullable(),
      rightParenthesis: z.string().nullable(),
      logicalOperator: z.string().nullable(),
      attributeName: z.string().nullable(),
      relationalOperator: relationalOperator.nullable(),
      value: z.union([z.string(), z.array(z.string())]).nullable(),
    }),
  ),
});
export type QueryFilterJsonOut = z.infer<typeof queryFilterJson>;

export const planRulesOut = z.object({
  day: z.enum(PLAN_RULE_DAYS),
  entryType: z.enum(PLAN_RULE_TYPES),
  queryFilterString: z.string(),
  groupId: z.string(),
  householdId: z.string(),
  id: z.string(),
  queryFilter: queryFilterJson,
});
export type PlanRulesOut = z.infer<typeof planRulesOut>;

export const planRuleIdParam = z.object({ item_id: z.guid() });
