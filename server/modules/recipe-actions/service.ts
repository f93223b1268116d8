import { fillActionPlaceholders, type RecipeActionOut } from '../../../contract/automation.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { failureMessage, failureReason, postJson } from '../automation/http.js';
import { getRecipeBySlugOrId } from '../recipes/service.js';
import { getAction } from './repo.js';

export { deleteAction, getAction, insertAction, listActions, updateAction } from './repo.js';

type Caller = Pick<AuthUser, 'groupId' | 'householdId' | 'groupSlug'>;

/** The recipe's page in the web app, under BASE_URL (what ${url} stands for). */
export function recipePageUrl(deps: Deps, groupSlug: string, slug: string): string {
  return `${deps.config.baseUrl}/g/${encodeURIComponent(groupSlug)}/r/${encodeURIComponent(slug)}`;
}

export interface TriggeredPost {
  url: string;
  payload: { action: RecipeActionOut; content: unknown; recipeScale: number; scaledAmount: number };
  /** Settles when the POST is done (never rejects); the route does not wait for it. */
  done: Promise<{ ok: boolean; error?: string }>;
}

/**
 * Triggers a post action for a recipe: resolves everything the request can fail on (action, recipe, type)
 * before answering, then POSTs Mealie's payload ({action, content: the recipe}) in the background so a slow
 * or dead receiver never delays the cook. A link action is opened by the browser, never by the server (400).
 */
export async function triggerAction(
  deps: Deps,
  user: Caller,
  actionId: string,
  slug: string,
  amount: { scaledAmount?: number; recipeScale?: number },
  log?: (msg: string) => void,
): Promise<TriggeredPost> {
  const action = await getAction(deps.db, user, actionId);
  if (action.actionType !== 'post') throw new HttpError(400, 'recipe-actions.only-post-actions-can-be-triggered-on');
  const recipe = await getRecipeBySlugOrId(deps, user, slug);
  // Spec §7: scaledAmount is the scaled servings (recipeServings, default 1, × the cook's scale); the scale follows from it.
  // Mealie's own client sends the scale itself as recipe_scale instead.
  const servings = recipe.recipeServings || 1;
  const scaledAmount = amount.scaledAmount ?? (amount.recipeScale ?? 1) * servings;
  const scale = scaledAmount / servings;
  const url = fillActionPlaceholders(action.url, recipe, recipePageUrl(deps, user.groupSlug, recipe.slug), scale);
  const payload = { action, content: recipe, recipeScale: scale, scaledAmount };
  const done = postJson(deps, url, payload).then(
    () => ({ ok: true }),
    (err: unknown) => {
      log?.(`recipe action ${action.id} failed: ${failureReason(err)}`);
      return { ok: false, error: failureMessage(err) };
    },
  );
  return { url, payload, done };
}
