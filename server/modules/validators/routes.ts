import { z } from 'zod';
import { validationResponse } from '../../../contract/common.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { groupNameInUse } from '../groups/service.js';
import { householdNameInUse } from '../households/service.js';
import { recipeNameTaken } from '../recipes/slugs.js';
import { emailTaken, usernameTaken } from '../users/repo.js';
import { API } from '../../../contract/routes.js';

/** Public uniqueness checks used by the registration and admin forms: {valid: true} means "free to use". */
export default async function validatorRoutes(app: App, deps: Deps) {
  const config = { access: 'public' as const };
  const schema = (query: z.ZodObject) => ({ hide: true, querystring: query, response: { 200: validationResponse } });

  app.get(API.validatorsUserName, { config, schema: schema(z.object({ name: z.string().max(200) })) }, async (request) => ({
    valid: !(await usernameTaken(deps.db, (request.query as { name: string }).name)),
  }));
  app.get(API.validatorsUserEmail, { config, schema: schema(z.object({ email: z.string().max(320) })) }, async (request) => ({
    valid: !(await emailTaken(deps.db, (request.query as { email: string }).email)),
  }));
  app.get(API.validatorsGroup, { config, schema: schema(z.object({ name: z.string().max(200) })) }, async (request) => ({
    valid: !(await groupNameInUse(deps.db, (request.query as { name: string }).name)),
  }));
  app.get(API.validatorsHousehold, { config, schema: schema(z.object({ name: z.string().max(200), group_id: z.string().max(100) })) }, async (request) => {
    const { name, group_id: groupId } = request.query as { name: string; group_id: string };
    return { valid: !(await householdNameInUse(deps.db, groupId, name)) };
  });
  // Mealie's validate_recipe: a name is free when no recipe of the group has its slug.
  app.get(API.validatorsRecipe, { config, schema: schema(z.object({ name: z.string().max(500), group_id: z.string().max(100) })) }, async (request) => {
    const { name, group_id: groupId } = request.query as { name: string; group_id: string };
    return { valid: !(await recipeNameTaken(deps.db, groupId, name)) };
  });
}
