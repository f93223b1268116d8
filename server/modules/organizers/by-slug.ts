import type { OrganizerKind, OrganizerWithRecipesOut, ToolWithRecipesOut } from '../../../contract/organizers.js';
import type { RecipeSummary } from '../../../contract/recipes.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { listRecipes } from '../recipes/list.js';
import { findOrganizer, toOrganizerOut } from './repo.js';
import { toolsOut } from './tools.js';

type Viewer = Pick<AuthUser, 'id' | 'groupId' | 'householdId' | 'householdSlug'>;

/** Every recipe of the viewer's group that has the organizer, as the recipe list gives them (newest first). */
async function recipesWith(deps: Deps, viewer: Viewer, kind: OrganizerKind, id: string): Promise<RecipeSummary[]> {
  const page = await listRecipes(
    deps,
    { groupId: viewer.groupId, userId: viewer.id, householdId: viewer.householdId },
    {
      page: 1, perPage: -1, orderDirection: 'desc', [kind]: [id],
      requireAllCategories: false, requireAllTags: false, requireAllTools: false, requireAllFoods: false,
    },
  );
  return page.items;
}

/** GET /api/organizers/{categories|tags}/slug/{slug}: the organizer with `recipes`, as Mealie's RecipeTagResponse. */
export async function getOrganizerWithRecipes(deps: Deps, viewer: Viewer, kind: 'categories' | 'tags', slug: string): Promise<OrganizerWithRecipesOut> {
  const row = await findOrganizer(deps.db, kind, viewer.groupId, { slug });
  return { ...toOrganizerOut(row), recipes: await recipesWith(deps, viewer, kind, row.id) };
}

/** GET /api/organizers/tools/slug/{slug}: the tool (on hand for the viewer's household) with `recipes`. */
export async function getToolWithRecipes(deps: Deps, viewer: Viewer, slug: string): Promise<ToolWithRecipesOut> {
  const row = await findOrganizer(deps.db, 'tools', viewer.groupId, { slug });
  const [tool] = await toolsOut(deps.db, [row], viewer);
  return { ...tool, recipes: await recipesWith(deps, viewer, 'tools', row.id) };
}
