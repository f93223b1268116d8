import { z } from 'zod';
import { paginated, paginationQuery } from '../../../contract/common.js';
import {
  createPlanEntry, createRandomEntry, planEntryIdParam, planEntryListQuery, planRuleIdParam, planRulesCreate, planRulesOut, readPlanEntry,
  updatePlanEntry,
} from '../../../contract/mealplans.js';
import { currentUser, type AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { sendBuiltJson, type App } from '../../platform/http.js';
import * as mealplans from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Households: Mealplans'];
const ruleTags = ['Households: Mealplan Rules'];

function planUser(user: AuthUser): mealplans.PlanUser {
  return { id: user.id, groupId: user.groupId, householdId: user.householdId };
}

/** /api/households/mealplans: any signed-in member plans for their own household (as in Mealie). */
export default async function mealplanRoutes(app: App, deps: Deps) {
  const access = { access: 'user' } as const;

  app.get(API.householdsMealplansRules, { config: access, schema: { tags: ruleTags, querystring: paginationQuery, response: { 200: paginated(planRulesOut) } } }, async (request) =>
    mealplans.listRules(deps, planUser(currentUser(request)), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.householdsMealplansRules, { config: access, schema: { tags: ruleTags, body: planRulesCreate, response: { 201: planRulesOut } } }, async (request, reply) => {
    const rule = await mealplans.createRule(deps, planUser(currentUser(request)), request.body);
    return reply.status(201).send(rule);
  });
  app.get(API.householdsMealplansRulesByItemId, { config: access, schema: { tags: ruleTags, params: planRuleIdParam, response: { 200: planRulesOut } } }, async (request) =>
    mealplans.getRule(deps, planUser(currentUser(request)), request.params.item_id),
  );
  app.put(API.householdsMealplansRulesByItemId,
    { config: access, schema: { tags: ruleTags, params: planRuleIdParam, body: planRulesCreate, response: { 200: planRulesOut } } },
    async (request) => mealplans.updateRule(deps, planUser(currentUser(request)), request.params.item_id, request.body),
  );
  app.delete(API.householdsMealplansRulesByItemId, { config: access, schema: { tags: ruleTags, params: planRuleIdParam, response: { 200: planRulesOut } } }, async (request) =>
    mealplans.deleteRule(deps, planUser(currentUser(request)), request.params.item_id),
  );

  app.get(API.householdsMealplansToday, { config: access, schema: { tags, response: { 200: z.array(readPlanEntry) } } }, async (request) =>
    mealplans.todaysEntries(deps, planUser(currentUser(request))),
  );
  // Mealie answers 200 (not 201) to a random entry.
  app.post(API.householdsMealplansRandom, { config: access, schema: { tags, body: createRandomEntry, response: { 200: readPlanEntry } } }, async (request) =>
    mealplans.createRandomEntry(deps, planUser(currentUser(request)), request.body),
  );

  // A month is ~90 entries with their recipes: built from the contract's types, sent past the schema (tests check the shape).
  app.get(API.householdsMealplans, { config: access, schema: { tags, querystring: planEntryListQuery, response: { 200: paginated(readPlanEntry) } } }, async (request, reply) =>
    sendBuiltJson(reply, await mealplans.listEntries(deps, planUser(currentUser(request)), request.query, request.query as Record<string, unknown>)),
  );
  app.post(API.householdsMealplans, { config: access, schema: { tags, body: createPlanEntry, response: { 201: readPlanEntry } } }, async (request, reply) => {
    const entry = await mealplans.createEntry(deps, planUser(currentUser(request)), request.body);
    return reply.status(201).send(entry);
  });
  app.get(API.householdsMealplansByItemId, { config: access, schema: { tags, params: planEntryIdParam, response: { 200: readPlanEntry } } }, async (request) =>
    mealplans.getEntry(deps, planUser(currentUser(request)), request.params.item_id),
  );
  app.put(API.householdsMealplansByItemId,
    { config: access, schema: { tags, params: planEntryIdParam, body: updatePlanEntry, response: { 200: readPlanEntry } } },
    async (request) => mealplans.updateEntry(deps, planUser(currentUser(request)), request.params.item_id, request.body),
  );
  app.delete(API.householdsMealplansByItemId, { config: access, schema: { tags, params: planEntryIdParam, response: { 200: readPlanEntry } } }, async (request) =>
    mealplans.deleteEntry(deps, planUser(currentUser(request)), request.params.item_id),
  );
}
