import { labelIn, labelOut, labelUpdate } from '../../../contract/labels.js';
import { idParam, paginated } from '../../../contract/common.js';
import { searchablePaginationQuery } from '../../../contract/organizers.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { createLabel, deleteLabel, getLabel, listLabelsPage, updateLabel } from './repo.js';
import { API } from '../../../contract/routes.js';

const tags = ['Groups: Multi Purpose Labels'];
const organize = { flag: 'canOrganize' } as const;

export default async function labelRoutes(app: App, deps: Deps) {
  app.get(API.groupsLabels,
    { config: { access: 'user' }, schema: { tags, querystring: searchablePaginationQuery, response: { 200: paginated(labelOut) } } },
    async (request) => listLabelsPage(deps.db, currentUser(request).groupId, request.query, request.query as Record<string, unknown>),
  );
  // Mealie answers 200 (not 201) to a created label.
  app.post(API.groupsLabels, { config: { access: organize }, schema: { tags, body: labelIn, response: { 200: labelOut } } }, async (request) =>
    createLabel(deps.db, currentUser(request).groupId, request.body, currentUser(request).id),
  );
  app.get(API.groupsLabelsByItemId, { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: labelOut } } }, async (request) =>
    getLabel(deps.db, currentUser(request).groupId, request.params.item_id),
  );
  app.put(API.groupsLabelsByItemId,
    { config: { access: organize }, schema: { tags, params: idParam, body: labelUpdate, response: { 200: labelOut } } },
    async (request) => updateLabel(deps.db, currentUser(request).groupId, request.params.item_id, request.body, currentUser(request).id),
  );
  app.delete(API.groupsLabelsByItemId, { config: { access: organize }, schema: { tags, params: idParam, response: { 200: labelOut } } }, async (request) =>
    deleteLabel(deps.db, currentUser(request).groupId, request.params.item_id, currentUser(request).id),
  );
}
