import { z } from 'zod';
import { ingredientRequest, ingredientsRequest, parsedIngredientOut } from '../../../contract/parser.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { parseIngredients } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipe: Ingredient Parser'];
const access = { access: 'user' as const };

/** POST /api/parser/ingredient and /api/parser/ingredients (parser nlp by default, brute or openai). */
export default async function parserRoutes(app: App, deps: Deps) {
  app.post(API.parserIngredient, { config: access, schema: { tags, body: ingredientRequest, response: { 200: parsedIngredientOut } } }, async (request) => {
    const [parsed] = await parseIngredients(deps, currentUser(request), request.body.parser, [request.body.ingredient]);
    return parsed;
  });

  app.post(API.parserIngredients,
    { config: access, schema: { tags, body: ingredientsRequest, response: { 200: z.array(parsedIngredientOut) } } },
    async (request) => parseIngredients(deps, currentUser(request), request.body.parser, request.body.ingredients),
  );
}
