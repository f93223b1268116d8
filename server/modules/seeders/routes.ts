import { successResponse } from '../../../contract/common.js';
import { seederConfig, seederKinds } from '../../../contract/labels.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { seedGroup } from './service.js';

const tags = ['Groups: Seeders'];

export default async function seederRoutes(app: App, deps: Deps) {
  for (const kind of seederKinds) {
    // Mealie lets any member seed; filling the group's data pages is an organizer's job here.
    app.post(
      `/api/groups/seeders/${kind}`,
      { config: { access: { flag: 'canOrganize' } }, schema: { tags, body: seederConfig, response: { 200: successResponse } } },
      async (request) => {
        await seedGroup(deps.db, currentUser(request).groupId, request.body.locale, [kind]);
        return { message: 'Seeding Successful', error: false };
      },
    );
  }
}
